"""The limits a player process puts on itself, last, before any player code runs.

:func:`enter` runs inside the player process (:mod:`arena.jail.host`); each step
cannot be undone by the code that runs after it.  In the jail (bubblewrap, see
:mod:`arena.jail.view`) it is the second layer, below the namespaces and the
cgroup; where the jail cannot run it is what is left:

- **privileges**: every capability dropped (effective, permitted, inheritable,
  ambient and the bounding set) and the secure bits locked, so that no ``execve``
  gives one back; ``no_new_privs``.
- **memory**: ``RLIMIT_AS`` per process (the cgroup caps the whole tree); core
  dumps off; files written at most ``FILE_BYTES`` each; at most ``DESCRIPTORS`` open
  files and ``SIGNALS`` queued signals per process (the kernel counts pipe buffers and
  queued signals per user, across jails).
- **processes** (no cgroup, not root): ``RLIMIT_NPROC``.
- **network** (no jail, root): a network namespace of its own.
- **system calls** (:mod:`arena.jail.seccomp`): an allowlist, compiled by the game master
  and given in ``limits["seccomp"]``; every other call refused.  Installed last.
- **files**: Landlock (kernel ABI 1 and later): read and execute only below the
  paths it is given, read and write only below its scratch and ``/dev/null``; with
  ABI 4+ no TCP; with ABI 6+ no signals to and no abstract sockets of processes
  outside its own Landlock domain.

:func:`landlock_abi` tells the game master what the kernel offers.
"""
from __future__ import annotations

import ctypes
import os
import resource

from arena.jail import seccomp

FILE_BYTES = 256 << 20
DEFAULT_MEMORY_MB = 2048
DEFAULT_TASKS = 8  # the host's own thread plus a few threads or children
DESCRIPTORS = 64  # open files per process: 8 tasks hold at most 8 * 32 pipes, a quarter of a user's soft limit
SIGNALS = 64  # signals queued per process
DEFAULT_DISK_MB = 64

# Landlock (linux/landlock.h)
_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446  # x86_64 and arm64 alike
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1, 2, 4, 8
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | (1 << 14) | (1 << 15)
_READ = _FS_EXECUTE | _FS_READ_FILE | _FS_READ_DIR
_NET_ALL = 3  # bind and connect TCP
_SCOPE_ALL = 3  # abstract unix sockets, signals

_PR_SET_PDEATHSIG, _PR_SET_NO_NEW_PRIVS, _PR_CAPBSET_DROP = 1, 38, 24
_PR_SET_SECUREBITS, _PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 28, 47, 4
_SECURE_ALL_LOCKED = 0x3F  # noroot, no_setuid_fixup, keep_caps: set and locked
_CLONE_NEWNET = 0x40000000


def libc():
    lib = ctypes.CDLL(None, use_errno=True)
    lib.syscall.restype = ctypes.c_long
    return lib


def landlock_abi() -> int:
    """The kernel's Landlock ABI version; 0 where there is none."""
    try:
        version = libc().syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0),
                                 ctypes.c_uint32(_CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def die_with_parent() -> None:
    """SIGKILL this process when its parent dies (trusted code may set it; a player can
    clear it for its own process, which is why the cgroup and the sweep exist)."""
    libc().prctl(_PR_SET_PDEATHSIG, 9, 0, 0, 0)


def enter(limits: dict) -> list:
    """Confine this process (see the module's docstring); returns what was applied."""
    lib = libc()
    applied = []
    _lower(resource.RLIMIT_AS, int(limits.get("memory_mb") or DEFAULT_MEMORY_MB) << 20)
    _lower(resource.RLIMIT_CORE, 0)
    _lower(resource.RLIMIT_FSIZE, FILE_BYTES)
    # counters the kernel keeps per user, shared by every jail (one user runs them all): pipe
    # buffers (past fs.pipe-user-pages-soft every new pipe of the user shrinks to one page, which
    # another jail would see) and queued signals; a process holds at most DESCRIPTORS pipe ends
    _lower(resource.RLIMIT_NOFILE, DESCRIPTORS)
    _lower(resource.RLIMIT_SIGPENDING, SIGNALS)
    root = os.geteuid() == 0
    if not root and not limits.get("cgroup"):
        _lower(resource.RLIMIT_NPROC, int(limits.get("tasks") or DEFAULT_TASKS))
    applied.append("rlimits")
    if limits.get("netns") and root and lib.unshare(_CLONE_NEWNET) == 0:
        applied.append("netns")
    die_with_parent()
    drop_capabilities(lib)
    applied.append("capabilities")
    if lib.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")
    abi = landlock_abi()
    if abi >= 1 and limits.get("landlock", True):
        _landlock(lib, abi, limits.get("read", ()), limits.get("write", ()))
        applied.append(f"landlock{abi}")
    if seccomp.install(lib, limits.get("seccomp")):  # last: the allowlist has no Landlock calls
        applied.append("seccomp")
    return applied


def _lower(which: int, value: int) -> None:
    """Soft and hard limit to ``value``, or to the hard limit already there if lower."""
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def drop_capabilities(lib=None) -> None:
    """Every capability gone for good: secure bits locked, ambient and bounding sets
    cleared (where this process may), then effective/permitted/inheritable emptied."""
    lib = lib or libc()
    lib.prctl(_PR_SET_SECUREBITS, _SECURE_ALL_LOCKED, 0, 0, 0)
    lib.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    for cap in range(64):
        lib.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    header, data = Header(0x20080522, 0), (Data * 2)()
    if lib.capset(ctypes.byref(header), data) != 0:
        raise OSError(ctypes.get_errno(), "capset")


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _landlock(lib, abi: int, read, write) -> None:
    handled = _FS_BY_ABI[max(k for k in _FS_BY_ABI if k <= abi)]
    attr = _RulesetAttr(handled, _NET_ALL if abi >= 4 else 0, _SCOPE_ALL if abi >= 6 else 0)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    ruleset = lib.syscall(_SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset")
    try:
        for paths, rights in ((read, _READ & handled), (write, handled)):
            for path in paths:
                _allow(lib, ruleset, path, rights)
        if lib.syscall(_SYS_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self")
    finally:
        os.close(ruleset)


def _allow(lib, ruleset: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a path that is not there grants nothing
    try:
        if not os.path.isdir(path):
            rights &= _FILE_RIGHTS
        rule = _PathBeneath(rights, fd)
        if lib.syscall(_SYS_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                       ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule({path})")
    finally:
        os.close(fd)
