"""The limits a player process puts on itself before any player code runs.

:func:`enter` runs inside the player process (``arena.player_host``) right after
it starts, while it still holds the privileges it was started with; every step
it takes cannot be undone by the code that runs after it:

- **processes**: the process joins its own ``pids`` cgroup (``pids.max``: the
  host plus a few threads or children), made by the game master; where there is
  no writable cgroup and the process is not root, ``RLIMIT_NPROC``.  (Root
  ignores ``RLIMIT_NPROC``; dropping to another uid is no way out here because
  the Python installation may sit under a root-only folder such as ``/root``.)
- **memory**: ``RLIMIT_AS`` (address space), soft and hard; core dumps off;
  files written at most ``FILE_BYTES`` each.
- **network**: a network namespace of its own (no interface but a down
  loopback), where the kernel lets it make one.
- **privileges**: when started as root, every capability is dropped (bounding
  set too, and the secure bits locked so that ``execve`` gives none back), so
  the limits above cannot be lifted; ``no_new_privs``.
- **files**: Landlock (kernel ABI 1 and later): read and execute only below the
  folders it is given (Python's installation, its libraries, the player's own
  code), read and write only in its scratch folder and ``/dev/null``; the
  results folder, the config and the tournament secret are left out of every
  grant (:func:`readable_roots`).  With ABI 4+ no TCP at all; with ABI 6+ no
  signals to and no abstract sockets of processes outside the sandbox.

:func:`probe` tells the game master what this machine allows, so that a run can
say once what its players are confined by, and record it.
"""
from __future__ import annotations

import ctypes
import os
import resource
import sys
from pathlib import Path

CGROUP_PIDS = Path("/sys/fs/cgroup/pids")
FILE_BYTES = 256 << 20
DEFAULT_MEMORY_MB = 2048
DEFAULT_TASKS = 8  # the host's own thread plus a few threads or children

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


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def landlock_abi() -> int:
    """The kernel's Landlock ABI version; 0 where there is none."""
    try:
        version = _libc().syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0),
                                  ctypes.c_uint32(_CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def cgroup_available() -> bool:
    return os.access(CGROUP_PIDS, os.W_OK) and (CGROUP_PIDS / "cgroup.procs").exists()


def network_namespace_available() -> bool:
    return os.geteuid() == 0


def probe(memory_mb: int = DEFAULT_MEMORY_MB, tasks: int = DEFAULT_TASKS) -> dict:
    """What confines a player process on this machine, in words (for the run's
    opening note and ``leaderboard.json``)."""
    abi = landlock_abi()
    root = os.geteuid() == 0
    if cgroup_available():
        procs = f"at most {tasks} tasks (a pids cgroup per player process)"
    elif not root:
        procs = f"at most {tasks} tasks of this user (RLIMIT_NPROC)"
    else:
        procs = "no limit (no writable pids cgroup, and root ignores RLIMIT_NPROC)"
    if abi >= 1:
        files = (f"Landlock ABI {abi}: reads its own code and Python's libraries, writes only a scratch "
                 "folder; the results folder, config and secret are out of reach")
    else:
        files = "NONE: this kernel has no Landlock; the player process can read and write what its user can"
    network = "none (a network namespace of its own)" if root else "not confined"
    if abi >= 4:
        network = network if root else "no TCP (Landlock)"
    return {
        "isolation": "process",
        "filesystem": files,
        "processes": procs,
        "memory": f"{memory_mb} MiB of address space (RLIMIT_AS)",
        "network": network,
        "privileges": "every capability dropped" if root else "those of this user",
        "signals": "none outside the sandbox (Landlock)" if abi >= 6 else "to this user's processes",
        "clocks": "move and game clocks kept by the game master, which kills an overrunning player",
        "sandboxed": abi >= 1,
    }


def enter(limits: dict) -> list:
    """Confine this process (see the module's docstring); returns what was applied."""
    libc = _libc()
    applied = []
    cgroup = limits.get("cgroup")
    if cgroup:
        with open(os.path.join(cgroup, "cgroup.procs"), "w") as f:
            f.write(str(os.getpid()))
        applied.append("cgroup")
    _lower(resource.RLIMIT_AS, int(limits.get("memory_mb") or DEFAULT_MEMORY_MB) << 20)
    _lower(resource.RLIMIT_CORE, 0)
    _lower(resource.RLIMIT_FSIZE, FILE_BYTES)
    root = os.geteuid() == 0
    if not root and not cgroup:
        _lower(resource.RLIMIT_NPROC, int(limits.get("tasks") or DEFAULT_TASKS))
    applied.append("rlimits")
    if root and libc.unshare(_CLONE_NEWNET) == 0:
        applied.append("netns")
    libc.prctl(_PR_SET_PDEATHSIG, 9, 0, 0, 0)
    if root:
        _drop_capabilities(libc)
        applied.append("capabilities")
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")
    abi = landlock_abi()
    if abi >= 1 and limits.get("landlock", True):
        _landlock(libc, abi, limits.get("read", ()), limits.get("write", ()))
        applied.append(f"landlock{abi}")
    return applied


def _lower(which: int, value: int) -> None:
    """Soft and hard limit to ``value``, or to the hard limit already there if lower."""
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def _drop_capabilities(libc) -> None:
    libc.prctl(_PR_SET_SECUREBITS, _SECURE_ALL_LOCKED, 0, 0, 0)
    libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    for cap in range(64):
        libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    header, data = Header(0x20080522, 0), (Data * 2)()
    if libc.capset(ctypes.byref(header), data) != 0:
        raise OSError(ctypes.get_errno(), "capset")


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _landlock(libc, abi: int, read, write) -> None:
    handled = _FS_BY_ABI[max(k for k in _FS_BY_ABI if k <= abi)]
    attr = _RulesetAttr(handled, _NET_ALL if abi >= 4 else 0, _SCOPE_ALL if abi >= 6 else 0)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    ruleset = libc.syscall(_SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset")
    try:
        for paths, rights in ((read, _READ & handled), (write, handled)):
            for path in paths:
                _allow(libc, ruleset, path, rights)
        if libc.syscall(_SYS_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self")
    finally:
        os.close(ruleset)


def _allow(libc, ruleset: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a folder that is not there grants nothing
    try:
        if not os.path.isdir(path):
            rights &= _FILE_RIGHTS
        rule = _PathBeneath(rights, fd)
        if libc.syscall(_SYS_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                        ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule({path})")
    finally:
        os.close(fd)


def readable_roots(roots, private) -> list:
    """The folders and files to grant read access below, covering ``roots`` but
    nothing at or below a ``private`` path: a root holding a private path is
    replaced by its entries, recursively, leaving the private one out."""
    private = [os.path.realpath(p) for p in private if p]
    out: list = []

    def cover(path: str) -> None:
        if any(path == p for p in private):
            return
        if not any(p.startswith(path.rstrip("/") + "/") for p in private):
            out.append(path)
            return
        try:
            entries = sorted(os.listdir(path))
        except OSError:
            return
        for name in entries:
            cover(os.path.join(path, name))

    seen = set()
    for root in roots:
        real = os.path.realpath(root)
        if real not in seen and os.path.exists(real):
            seen.add(real)
            cover(real)
    return out


def _own_packages() -> list:
    """The folders of arena's own packages.  An editable install may put them on no
    ``sys.path`` entry (setuptools' import-hook finder maps each package to its folder),
    so they are granted by name; their parent (a checkout, with its results folder) is not."""
    import importlib.util

    found = []
    for name in ("arena", "engine", "players"):
        spec = importlib.util.find_spec(name)
        found.extend(spec.submodule_search_locations or [] if spec else [])
    return found


def system_roots() -> list:
    """What any Python process needs to read: the interpreter, its libraries, the system's."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, os.path.dirname(os.path.realpath(sys.executable))}
    roots.update(p for p in sys.path if p and os.path.isdir(p))
    roots.update(_own_packages())
    roots.update(["/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache", "/etc/localtime", "/proc",
                  "/sys/devices/system/cpu", "/dev/urandom", "/dev/random"])
    return sorted(roots)
