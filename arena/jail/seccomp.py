"""The system-call filter of a player process: an allowlist, everything else refused.

A player process may make the calls a Python program needs (:data:`ALLOWED`, found by tracing
arena's own players, the README's and the examples' players, numpy and onnxruntime in every
game: ``python tools/trace_jail_syscalls.py``), some of them only in their harmless modes
(:data:`MODES`).  Every other call is refused, so a call this list forgot, or one the next kernel
adds, is refused too.  What the refusal says:

- a known call outside the list, or a listed mode of a call that is refused (a file lock, a
  lease, a directory notification, ...), fails with the error number ``REFUSED + its number``
  (``OSError: [Errno 3293]``), which the player's process turns into ``syscall 221 (fadvise64)
  refused by the jail`` when it ends a move (:func:`refusal`);
- a call libraries try first and fall back from (``clone3``, ``io_uring``, ``preadv2``, ...)
  fails with ``ENOSYS``, as on a kernel without it;
- any other number, or a mode of a listed call that is not listed, fails with ``ENOSYS``;
- a call of another architecture (x86's 32-bit ``int 0x80``, x32) kills the process.

Why these and not others: the calls that keep kernel state beyond the process that a jail does
not make its own (the key rings; locks, leases and notifications on the read-only files every
jail binds; which pages of those files are cached; the machine's free memory and process count;
the inode numbers new pipes, sockets, memory files and pidfds take from counters of the whole
machine: set or cleared in one game, read in the next or in a concurrent one) are refused, and so
are the calls that reach outside the jail or change it (mount, namespaces, tracing, BPF,
performance counters, kernel modules, the clock, I/O rings).  Without the jail (Landlock alone,
which does not govern them) the calls that change a file's metadata are refused too
(:data:`METADATA`).  docs/security.md lists the channels left.

The filter is compiled here by libseccomp (through pyseccomp, a ctypes binding with the API of
libseccomp's own, which is not on PyPI), in the game master, once per process and architecture:
libseccomp knows every architecture's call numbers, so the list is of names.  The player's process
gets the compiled program in its hello and installs it with one ``seccomp`` call for every thread
(``SECCOMP_FILTER_FLAG_TSYNC``), after ``no_new_privs`` and Landlock, before any player code
(:func:`arena.jail.confine.enter`); every child inherits it.  Where libseccomp is missing,
:func:`program` is None and the run's opening line says the filter is missing.
"""
from __future__ import annotations

import ctypes
import errno
import functools
import platform
import tempfile

REFUSED = 3072  # a refused call's error number is REFUSED + the call's number (below 4096, as errno must be)

# the calls a player's process may make, whatever their arguments, by what they are for
ALLOWED = {
    "memory": ("brk", "mmap", "munmap", "mremap", "mprotect", "msync", "mbind", "get_mempolicy", "set_mempolicy",
               "map_shadow_stack"),
    "descriptors": ("read", "write", "readv", "writev", "pread64", "pwrite64", "preadv", "pwritev", "lseek",
                    "close", "close_range", "dup", "dup2", "dup3", "fstat", "fsync", "fdatasync",
                    "ftruncate", "fallocate", "sendfile", "copy_file_range", "getdents", "getdents64",
                    "eventfd", "eventfd2"),
    "paths": ("open", "openat", "creat", "stat", "lstat", "newfstatat", "statx", "access",
              "faccessat", "faccessat2", "readlink", "readlinkat", "getcwd", "chdir", "fchdir", "mkdir",
              "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "renameat2", "link", "linkat",
              "symlink", "symlinkat", "chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown",
              "fchownat", "truncate", "utime", "utimes", "futimesat", "utimensat", "umask",
              "getxattr", "lgetxattr", "fgetxattr", "listxattr", "llistxattr", "flistxattr", "setxattr",
              "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr"),
    "waiting": ("poll", "ppoll", "select", "pselect6", "epoll_create", "epoll_create1", "epoll_ctl",
                "epoll_wait", "epoll_pwait", "epoll_pwait2", "nanosleep", "clock_nanosleep", "sched_yield", "pause"),
    "processes": ("fork", "vfork", "exit", "exit_group", "kill", "tgkill", "tkill",
                  "getpid", "getppid", "gettid", "getpgid", "setpgid", "getpgrp", "getsid", "setsid", "getuid",
                  "geteuid", "getgid", "getegid", "getgroups", "getresuid", "getresgid", "capget",
                  "set_tid_address", "set_robust_list", "get_robust_list", "rseq", "arch_prctl",
                  "sched_getaffinity", "sched_setaffinity", "sched_getparam", "sched_setparam",
                  "sched_getscheduler", "sched_setscheduler", "sched_getattr", "sched_setattr",
                  "sched_get_priority_max", "sched_get_priority_min", "sched_rr_get_interval", "getpriority",
                  "setpriority", "getcpu", "getrlimit", "setrlimit", "prlimit64", "uname",
                  "getrandom"),
    "signals": ("rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigpending", "rt_sigsuspend",
                "rt_sigtimedwait", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "sigaltstack", "restart_syscall",
                "signalfd", "signalfd4", "alarm"),
    "clocks": ("clock_gettime", "clock_getres", "gettimeofday", "time", "times", "getitimer", "setitimer",
               "timer_create", "timer_settime", "timer_gettime", "timer_getoverrun", "timer_delete",
               "timerfd_create", "timerfd_settime", "timerfd_gettime"),
}

# Calls allowed in some modes only: name -> (the argument that says the mode, the modes allowed, the
# modes refused by name, each answering REFUSED + the call's number).  A mode in neither list fails
# with ENOSYS.  Only the low 32 bits of the argument are compared: the kernel reads these arguments
# as 32-bit ints.
MODES = {
    # no file locks (a read lock on a file every jail binds is seen by another jail's F_GETLK), no
    # leases or directory notifications (another jail's open of a shared file is seen), no signal
    # owner, no pipe resizing (pipe buffers are counted per user, across jails)
    "fcntl": (1, {"F_DUPFD": 0, "F_GETFD": 1, "F_SETFD": 2, "F_GETFL": 3, "F_SETFL": 4, "F_DUPFD_CLOEXEC": 1030,
                  "F_GETPIPE_SZ": 1032, "F_ADD_SEALS": 1033, "F_GET_SEALS": 1034},
              {"F_GETLK": 5, "F_SETLK": 6, "F_SETLKW": 7, "F_SETOWN": 8, "F_GETOWN": 9, "F_SETSIG": 10,
               "F_GETSIG": 11, "F_SETOWN_EX": 15, "F_GETOWN_EX": 16, "F_OFD_GETLK": 36, "F_OFD_SETLK": 37,
               "F_OFD_SETLKW": 38, "F_SETLEASE": 1024, "F_GETLEASE": 1025, "F_NOTIFY": 1026,
               "F_SETPIPE_SZ": 1031}),
    # what Python asks of a descriptor (is it a terminal, how much is there to read, blocking,
    # close-on-exec); no typing into a terminal, no pseudo-terminals
    "ioctl": (1, {"TCGETS": 0x5401, "TIOCGWINSZ": 0x5413, "FIONREAD": 0x541B, "FIONBIO": 0x5421,
                  "FIONCLEX": 0x5450, "FIOCLEX": 0x5451},
              {"TIOCSTI": 0x5412, "TIOCGPTN": 0x80045430, "TIOCSPTLCK": 0x40045431, "TIOCGPTPEER": 0x5441}),
    # naming threads and reading its own state; nothing that changes privileges, tracing or memory maps
    "prctl": (0, {"PR_SET_PDEATHSIG": 1, "PR_GET_PDEATHSIG": 2, "PR_GET_DUMPABLE": 3, "PR_SET_NAME": 15,
                  "PR_GET_NAME": 16, "PR_GET_SECCOMP": 21, "PR_CAPBSET_READ": 23, "PR_GET_TIMERSLACK": 30,
                  "PR_GET_NO_NEW_PRIVS": 39, "PR_GET_TID_ADDRESS": 40, "PR_GET_THP_DISABLE": 42,
                  "PR_SET_VMA": 0x53564D41},
              {"PR_SET_DUMPABLE": 4, "PR_SET_SECCOMP": 22, "PR_SET_MM": 35, "PR_SET_CHILD_SUBREAPER": 36,
               "PR_SET_PTRACER": 0x59616D61}),
    # no dropping of cached pages (MADV_COLD, MADV_PAGEOUT: the next game would see them gone), no
    # merging of equal pages across processes (MADV_MERGEABLE: a write to a merged page is slow)
    "madvise": (2, {"MADV_NORMAL": 0, "MADV_RANDOM": 1, "MADV_SEQUENTIAL": 2, "MADV_WILLNEED": 3,
                    "MADV_DONTNEED": 4, "MADV_FREE": 8, "MADV_REMOVE": 9, "MADV_DONTFORK": 10, "MADV_DOFORK": 11,
                    "MADV_UNMERGEABLE": 13, "MADV_HUGEPAGE": 14, "MADV_NOHUGEPAGE": 15, "MADV_DONTDUMP": 16,
                    "MADV_DODUMP": 17, "MADV_WIPEONFORK": 18, "MADV_KEEPONFORK": 19, "MADV_POPULATE_READ": 22,
                    "MADV_POPULATE_WRITE": 23, "MADV_DONTNEED_LOCKED": 24, "MADV_COLLAPSE": 25,
                    "MADV_GUARD_INSTALL": 102, "MADV_GUARD_REMOVE": 103},
                {"MADV_MERGEABLE": 12, "MADV_COLD": 20, "MADV_PAGEOUT": 21, "MADV_HWPOISON": 100,
                 "MADV_SOFT_OFFLINE": 101}),
}
# clone: threads and processes, no new namespace and no pidfd (a pidfd's inode number comes from a
# counter of the whole machine's processes); the low 32 bits are the flags the kernel reads
CLONE_REFUSED = 0x7E021000  # CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET | PIDFD
# calls that change a file's metadata: refused where there is no jail, whose Landlock does not
# govern them (in the jail every file but the scratch is on a read-only mount)
METADATA = ("chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown", "fchownat", "utime", "utimes",
            "futimesat", "utimensat", "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr",
            "fremovexattr")
# a waited-for child's resource use counts its page faults (which pages were cached): no rusage
NO_RUSAGE = {"wait4": 3, "waitid": 4}

# Calls libraries try first and fall back from when the kernel lacks them: refused with ENOSYS.
# io_uring, preadv2 and pwritev2 would read the page cache's state (RWF_NOWAIT).
FALLBACK = ("clone3", "io_uring_setup", "io_uring_enter", "io_uring_register", "preadv2", "pwritev2",
            "membarrier", "pidfd_open", "pidfd_send_signal", "pidfd_getfd", "openat2", "futex_waitv", "futex_wake",
            "futex_wait", "futex_requeue")

# futex: any operation on a private futex (FUTEX_PRIVATE_FLAG, keyed by the process's own memory);
# none on a shared one, which is keyed by the file and offset where the memory is a file's, so
# that two jails waiting and waking at one address of a library they both map would meet (and a
# thread's exit wakes its tid address, shared).  A shared wait answers EAGAIN, as if the value
# had changed: glibc's pthread_join then polls its thread's id instead of sleeping on it; a
# shared wake answers EINVAL, which glibc's wakes ignore.
FUTEX_PRIVATE = 0x80
FUTEX_SHARED = {"FUTEX_WAIT": (0, errno.EAGAIN), "FUTEX_WAIT_BITSET": (9, errno.EAGAIN),
                **{name: (value, errno.EINVAL) for name, value in (
                    ("FUTEX_WAKE", 1), ("FUTEX_REQUEUE", 3), ("FUTEX_CMP_REQUEUE", 4), ("FUTEX_WAKE_OP", 5),
                    ("FUTEX_LOCK_PI", 6), ("FUTEX_UNLOCK_PI", 7), ("FUTEX_TRYLOCK_PI", 8), ("FUTEX_WAKE_BITSET", 10),
                    ("FUTEX_WAIT_REQUEUE_PI", 11), ("FUTEX_CMP_REQUEUE_PI", 12), ("FUTEX_LOCK_PI2", 13))}}

_ARCH = {"x86_64": "X86_64", "amd64": "X86_64", "aarch64": "AARCH64", "arm64": "AARCH64"}
_AUDIT_ARCH = {"X86_64": 0xC000003E, "AARCH64": 0xC00000B7}
_SECCOMP_SET_MODE_FILTER, _SECCOMP_FILTER_FLAG_TSYNC = 1, 1
_SECCOMP_CALL = {"X86_64": 317, "AARCH64": 277}


def allowed_names() -> set:
    return {name for names in ALLOWED.values() for name in names}


def _libseccomp():
    """pyseccomp, or None where it or libseccomp is missing."""
    try:
        import pyseccomp
    except (ImportError, RuntimeError, OSError, AttributeError):
        return None
    return pyseccomp


def unavailable() -> str | None:
    """Why there is no filter here, or None."""
    if _ARCH.get(platform.machine()) is None:
        return f"no system-call filter for {platform.machine()} (x86-64 and arm64 only)"
    if _libseccomp() is None:
        return "libseccomp is missing (pip install pyseccomp; Debian/Ubuntu: apt-get install libseccomp2)"
    return None


def _arch(machine: str | None):
    return _ARCH.get(machine or platform.machine())


@functools.lru_cache(maxsize=None)
def names(machine: str | None = None) -> dict:
    """{number: name} of every call libseccomp knows on ``machine`` (default: this one)."""
    seccomp, arch = _libseccomp(), _arch(machine)
    if seccomp is None or arch is None:
        return {}
    code = getattr(seccomp.Arch, arch)
    known = {}
    for number in range(0, 1024):
        try:
            known[number] = seccomp.resolve_syscall(code, number).decode()
        except ValueError:
            continue
    return known


@functools.lru_cache(maxsize=None)
def program(machine: str | None = None, jailed: bool = True) -> bytes | None:
    """The compiled filter for ``machine`` (default: this one) as BPF instructions; None where
    libseccomp or the architecture is missing.  ``jailed=False``: for a player without the jail,
    with :data:`METADATA` refused too."""
    seccomp, arch = _libseccomp(), _arch(machine)
    if seccomp is None or arch is None:
        return None
    f = seccomp.SyscallFilter(defaction=seccomp.ERRNO(errno.ENOSYS))
    code = getattr(seccomp.Arch, arch)
    if code != seccomp.system_arch():
        f.add_arch(code)
        f.remove_arch(seccomp.Arch.NATIVE)
    f.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
    known = names(machine)
    numbers = {name: number for number, name in known.items()}

    def add(action, name, *args):
        if name in numbers:  # a call this architecture does not have is nothing to allow or refuse
            f.add_rule(action, name, *args)

    allowed = allowed_names() - (set() if jailed else set(METADATA))
    for name in allowed:
        add(seccomp.ALLOW, name)
    for name, (arg, modes, refused) in MODES.items():
        for value in modes.values():
            add(seccomp.ALLOW, name, seccomp.Arg(arg, seccomp.MASKED_EQ, 0xFFFFFFFF, value))
        for value in refused.values():
            add(seccomp.ERRNO(REFUSED + numbers.get(name, 0)), name,
                seccomp.Arg(arg, seccomp.MASKED_EQ, 0xFFFFFFFF, value))
    add(seccomp.ALLOW, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_REFUSED, 0))
    add(seccomp.ALLOW, "futex", seccomp.Arg(1, seccomp.MASKED_EQ, FUTEX_PRIVATE, FUTEX_PRIVATE))
    for operation, answer in FUTEX_SHARED.values():
        add(seccomp.ERRNO(answer), "futex", seccomp.Arg(1, seccomp.MASKED_EQ, 0xFF, operation))
    for name, arg in NO_RUSAGE.items():
        add(seccomp.ALLOW, name, seccomp.Arg(arg, seccomp.EQ, 0))
        add(seccomp.ERRNO(REFUSED + numbers.get(name, 0)), name, seccomp.Arg(arg, seccomp.NE, 0))
    checked = set(MODES) | set(NO_RUSAGE) | {"clone", "futex"}
    for number, name in known.items():
        if name not in allowed and name not in checked and name not in FALLBACK:  # FALLBACK: the default, ENOSYS
            f.add_rule(seccomp.ERRNO(REFUSED + number), name)
    with tempfile.TemporaryFile() as out:
        f.export_bpf(out)
        out.seek(0)
        return out.read()


def answer(name: str, machine: str | None = None) -> str:
    """What the filter answers a call, in words (for tools/trace_jail_syscalls.py)."""
    name, _, mode = name.partition(" ")
    if name in MODES:
        _, modes, _ = MODES[name]
        return "allowed" if mode in modes else "REFUSED" if mode else "allowed in some modes"
    if name in NO_RUSAGE or name in ("clone", "futex"):
        return "allowed in some modes"
    if name in allowed_names():
        return "allowed"
    if name in FALLBACK:
        return "ENOSYS"
    return "REFUSED"


def refusal(exc: BaseException, known: dict) -> str | None:
    """``syscall 221 (fadvise64) refused by the jail`` where ``exc`` (or the exception it came
    from) is an error the filter gave; ``known``: :func:`names`."""
    seen = 0
    while exc is not None and seen < 8:
        code = getattr(exc, "errno", None)
        if isinstance(exc, OSError) and type(code) is int and REFUSED <= code < 4096:
            number = code - REFUSED
            name = known.get(number)
            return f"syscall {number}{f' ({name})' if name else ''} refused by the jail"
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return None


class _Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def install(lib, code: bytes | None) -> bool:
    """Filter this process and all its threads with ``code`` (:func:`program`; ``no_new_privs``
    must be set); False where there is none."""
    arch = _arch(None)
    if not code or arch is None:
        return False
    buffer = ctypes.create_string_buffer(code, len(code))
    prog = _Fprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if lib.syscall(ctypes.c_long(_SECCOMP_CALL[arch]), ctypes.c_ulong(_SECCOMP_SET_MODE_FILTER),
                   ctypes.c_ulong(_SECCOMP_FILTER_FLAG_TSYNC), ctypes.byref(prog)) != 0:
        raise OSError(ctypes.get_errno(), "seccomp(SECCOMP_SET_MODE_FILTER)")
    return True


def audit_arch(machine: str | None = None) -> int | None:
    """The architecture's ``AUDIT_ARCH_*`` number (what a filter checks first)."""
    arch = _arch(machine)
    return _AUDIT_ARCH.get(arch) if arch else None

