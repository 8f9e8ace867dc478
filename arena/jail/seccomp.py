"""A system-call filter for a player process: kernel state that outlives a game and that no
namespace of the jail gives each game its own, refused.

Every game's player is forked from one template (:mod:`arena.jail.template`), so all of them
share the template's user namespace, and every process of the machine shares the page
cache.  Without this filter a player could keep a note from one game for the next (and so
know the other rotation of a deal, whose cards are the same) through:

- **the kernel's key rings** (``add_key``, ``keyctl``, ``request_key``): one user key ring
  per user and user namespace, which lives on after the process that wrote it;
- **the page cache** of files it can read (its own code folder, Python, arena): which pages
  are cached is a bit per page that one game sets or clears and the next reads.  Refused:
  reading it directly (``mincore``, ``cachestat``, ``preadv2``/``pwritev2``, whose
  ``RWF_NOWAIT`` fails on a page not cached, and ``io_uring``, which can do the same out of
  this filter's sight) and clearing it (``fadvise64``, ``readahead``, ``madvise`` with
  ``MADV_COLD`` or ``MADV_PAGEOUT``).  What is left is timing: a page read for the first
  time is slower, and reading sets its bit for good.  docs/security.md says so.

The filter answers ``EPERM`` (``ENOSYS`` for ``preadv2``/``pwritev2`` and ``io_uring``, as an
older kernel would, so that libraries fall back), kills a process that makes a system call
of another architecture (x86's 32-bit ``int 0x80``), and refuses x32 calls.  It is installed
for every thread (``SECCOMP_FILTER_FLAG_TSYNC``), after ``no_new_privs`` and before any
player code (:func:`arena.jail.confine.enter`), and every child inherits it.  Linux on
x86-64 and arm64; elsewhere :func:`install` returns False and the run says what was applied.
"""
from __future__ import annotations

import ctypes
import errno
import platform
import struct

_SECCOMP_SET_MODE_FILTER, _SECCOMP_FILTER_FLAG_TSYNC = 1, 1
_RET_ALLOW, _RET_ERRNO, _RET_KILL_PROCESS = 0x7FFF0000, 0x00050000, 0x80000000
_LD_ABS_W, _JEQ_K, _JGE_K, _RET_K = 0x20, 0x15, 0x35, 0x06  # BPF_LD|W|ABS, BPF_JMP|JEQ|K, BPF_JMP|JGE|K, BPF_RET|K
_NR, _ARCH = 0, 4  # offsets in struct seccomp_data
_ARG2 = 16 + 2 * 8  # args[2], its low 32 bits (little-endian)
_X32_BIT = 0x40000000
_MADV_COLD, _MADV_PAGEOUT = 20, 21

# machine -> (AUDIT_ARCH_*, seccomp's own number, {system call: number})
_ARCHES = {
    "x86_64": (0xC000003E, 317, {
        "add_key": 248, "request_key": 249, "keyctl": 250, "mincore": 27, "cachestat": 451, "fadvise64": 221,
        "readahead": 187, "preadv2": 327, "pwritev2": 328, "io_uring_setup": 425, "io_uring_enter": 426,
        "io_uring_register": 427, "madvise": 28}),
    "aarch64": (0xC00000B7, 277, {
        "add_key": 217, "request_key": 218, "keyctl": 219, "mincore": 232, "cachestat": 451, "fadvise64": 223,
        "readahead": 213, "preadv2": 286, "pwritev2": 287, "io_uring_setup": 425, "io_uring_enter": 426,
        "io_uring_register": 427, "madvise": 233}),
}
_ARCHES["arm64"] = _ARCHES["aarch64"]
# what each refused call answers
REFUSED = {"add_key": errno.EPERM, "request_key": errno.EPERM, "keyctl": errno.EPERM, "mincore": errno.EPERM,
           "cachestat": errno.EPERM, "fadvise64": errno.EPERM, "readahead": errno.EPERM,
           "preadv2": errno.ENOSYS, "pwritev2": errno.ENOSYS, "io_uring_setup": errno.ENOSYS,
           "io_uring_enter": errno.ENOSYS, "io_uring_register": errno.ENOSYS}


class _Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def program(machine: str | None = None) -> bytes | None:
    """The filter for ``machine`` (default: this one) as BPF instructions; None where unknown."""
    known = _ARCHES.get(machine or platform.machine())
    if known is None:
        return None
    arch, _, numbers = known
    ops = [_op(_LD_ABS_W, _ARCH), _op(_JEQ_K, arch, 1, 0), _op(_RET_K, _RET_KILL_PROCESS), _op(_LD_ABS_W, _NR)]
    if arch == _ARCHES["x86_64"][0]:
        ops += [_op(_JGE_K, _X32_BIT, 0, 1), _op(_RET_K, _RET_ERRNO | errno.ENOSYS)]
    for name, answer in REFUSED.items():
        ops += [_op(_JEQ_K, numbers[name], 0, 1), _op(_RET_K, _RET_ERRNO | answer)]
    # madvise last (it loads an argument over the call's number): COLD and PAGEOUT refused
    ops += [_op(_JEQ_K, numbers["madvise"], 0, 4), _op(_LD_ABS_W, _ARG2),
            _op(_JEQ_K, _MADV_COLD, 1, 0), _op(_JEQ_K, _MADV_PAGEOUT, 0, 1),
            _op(_RET_K, _RET_ERRNO | errno.EPERM), _op(_RET_K, _RET_ALLOW)]
    return b"".join(ops)


def install(lib) -> bool:
    """Filter this process and all its threads (``no_new_privs`` must be set); False where
    this machine's architecture is not known here."""
    code = program()
    if code is None:
        return False
    buffer = ctypes.create_string_buffer(code, len(code))
    prog = _Fprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    number = _ARCHES[platform.machine()][1]
    if lib.syscall(ctypes.c_long(number), ctypes.c_ulong(_SECCOMP_SET_MODE_FILTER),
                   ctypes.c_ulong(_SECCOMP_FILTER_FLAG_TSYNC), ctypes.byref(prog)) != 0:
        raise OSError(ctypes.get_errno(), "seccomp(SECCOMP_SET_MODE_FILTER)")
    return True
