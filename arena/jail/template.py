"""The jail's template: a process that forks a fresh, whole jail for every player and game.

A template is started once per game master and player code folder, under
bubblewrap (:class:`arena.jail.process.Template` builds the command): its own
user, mount, network, IPC and UTS namespaces, the read-only view of
:mod:`arena.jail.view`, no capability but ``CAP_SYS_ADMIN``, ``CAP_SETPCAP`` and
``CAP_SYS_RESOURCE`` inside its user namespace.  It imports trusted code only
(arena, the engine, the game's module, the config's plugins, arena's players)
and never runs a line of a player's.  For each player of each game the game
master sends it the three pipe ends of that player (requests, replies, stderr);
it forks:

- **C** (the anchor), which makes new user, mount, PID, network, IPC and UTS
  namespaces (the user namespace mapped to the same user by a child left in the
  template's, :func:`_mapper`: what the kernel counts per user and namespace, the key
  ring and queued signals among them, is then this game's own) and forks
- **H** (the player's host, PID 1 of its namespace): it mounts a fresh tmpfs of
  ``disk_mb`` on ``/tmp`` (also ``/dev/shm``: one limit for both), a copy of the
  player's own folder made for this game (:func:`_copy_own_code`) and, over
  ``/proc``, a read-only tmpfs of :data:`PROC_FILES` copies (:func:`_static_proc`);
  pins itself to the game master's CPUs, keeps only its pipes, and waits for the
  game master's hello, after which it drops every capability, installs the
  allowlist (:mod:`arena.jail.confine`) and loads the player.

C reports H's PID; the game master puts H in the player's cgroup before the
hello.  Killing H ends its PID namespace, so every process the player started
dies with it; C then exits.  Each game's player starts from the template's
memory, with a scratch, a copy of its code, a process table, a network and IPC
objects of its own: nothing of one game's player is there for the next.
"""
from __future__ import annotations

import ctypes
import fcntl
import os
import pickle
import shutil
import signal
import socket
import stat

from arena.jail import confine

CONTROL = 3
_NEWNS, _NEWPID, _NEWNET, _NEWIPC, _NEWUTS = 0x20000, 0x20000000, 0x40000000, 0x08000000, 0x04000000
_NEWUSER = 0x10000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 32, 4096, 16384, 1 << 18
# what a player's /proc holds (copies; nothing live): what onnxruntime reads (tools/trace_jail_syscalls.py)
PROC_FILES = ("cpuinfo", "sys/kernel/osrelease")
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")  # bubblewrap's --dev binds the machine's own


class JailSetupError(OSError):
    """A step of making a player's jail that failed (the machine's problem)."""


def _check(result: int, what: str) -> None:
    if result != 0:
        errno = ctypes.get_errno()
        raise JailSetupError(errno, f"{what}: {os.strerror(errno)}")


def _mount(lib, source, target, fstype, flags, data=None) -> None:
    _check(lib.mount(source and source.encode(), target.encode(), fstype and fstype.encode(),
                     ctypes.c_ulong(flags), data and data.encode()), f"mount {target}")


def _bind_again(lib, path: str, fd: int) -> None:
    """Bind what ``fd`` (opened with ``O_PATH`` before ``path`` was covered) is, read-only, at
    ``path`` again."""
    if os.path.isdir(f"/proc/self/fd/{fd}"):
        os.makedirs(path, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if not os.path.exists(path):
            open(path, "w").close()
    _mount(lib, f"/proc/self/fd/{fd}", path, None, _MS_BIND | _MS_REC)
    _mount(lib, None, path, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)
    os.close(fd)


def _copy_tree(source: int, target: str) -> None:
    """The folder open at ``source`` into ``target``: folders, regular files (with their
    modes) and symbolic links (the same text, resolved inside the jail); no hidden entries,
    byte-code caches, FIFOs, sockets or devices (:func:`arena.jail.view.copy_plan` sized it)."""
    from arena.jail.view import _skipped

    for root, dirs, files, root_fd in os.fwalk(".", dir_fd=source):
        dirs[:] = [d for d in dirs if not _skipped(d)]
        for name in dirs + files:
            if _skipped(name):
                continue
            info = os.stat(name, dir_fd=root_fd, follow_symlinks=False)
            path = os.path.normpath(os.path.join(target, root, name))
            if stat.S_ISDIR(info.st_mode):
                os.mkdir(path, 0o755)
            elif stat.S_ISLNK(info.st_mode):
                os.symlink(os.readlink(name, dir_fd=root_fd), path)
            elif stat.S_ISREG(info.st_mode):
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=root_fd)
                try:
                    with open(fd, "rb", closefd=False) as src, open(path, "wb") as dst:
                        shutil.copyfileobj(src, dst, 1 << 20)
                finally:
                    os.close(fd)
                os.chmod(path, info.st_mode & 0o755)


def _copy_own_code(lib, copies: list, opened: dict) -> None:
    """Each of the player's own folders as a copy of this game's own: a tmpfs at its path, the
    folder's content copied in, the view's paths below it bound again, then read-only.  No page
    of it is cached for, locked by or seen by another jail."""
    from arena.jail.view import COPY_FILES, COPY_MB

    for plan in copies:
        source, kept = opened[plan["path"]]
        path = plan["path"]
        os.makedirs(path, exist_ok=True)
        _mount(lib, "tmpfs", path, "tmpfs", _MS_NOSUID | _MS_NODEV,
               f"size={COPY_MB + 1}m,nr_inodes={COPY_FILES + 64},mode=0755")
        _copy_tree(source, path)
        os.close(source)
        for below, fd in kept:
            _bind_again(lib, below, fd)
        _mount(lib, None, path, None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)


def _open_own_code(copies: list) -> dict:
    """path -> (an fd of the folder, [(path below it to bind again, O_PATH fd)]), opened before
    anything covers them."""
    opened = {}
    for plan in copies:
        if os.path.isdir(plan["path"]):
            opened[plan["path"]] = (os.open(plan["path"], os.O_RDONLY | os.O_DIRECTORY),
                                    [(p, os.open(p, os.O_PATH)) for p in plan["keep"] if os.path.exists(p)])
    return opened


def _device_read_only(lib, path: str) -> None:
    """bubblewrap binds the machine's own device nodes into ``/dev``, each a mount of its own
    that its ``--remount-ro /dev`` leaves writable: their times and modes would be the
    machine's, which a jail (its user the one that owns them) could set and another read, or
    break (``chmod 000 /dev/null``).  Read-only, the device still reads and writes; its node
    no longer changes.  The mount's other flags are kept (a user namespace may not drop them)."""
    if not os.path.exists(path) or os.path.islink(path):
        return
    kept = os.statvfs(path).f_flag
    flags = _MS_REMOUNT | _MS_BIND | _MS_RDONLY
    for st_flag, ms_flag in ((os.ST_NOSUID, _MS_NOSUID), (os.ST_NODEV, _MS_NODEV), (os.ST_NOEXEC, _MS_NOEXEC),
                             (os.ST_NOATIME, 1024), (os.ST_NODIRATIME, 2048), (os.ST_RELATIME, 1 << 21)):
        if kept & st_flag:
            flags |= ms_flag
    _mount(lib, None, path, None, flags)


def _static_proc(lib) -> None:
    """Cover ``/proc`` with a read-only tmpfs holding copies of :data:`PROC_FILES` only: no
    process's memory map, page-fault counts or residency (``pagemap``, ``smaps``, ``stat``,
    ``io``), no machine-wide counters (``meminfo``, ``stat``, ``locks``, ``loadavg``)."""
    held = {}
    for name in PROC_FILES:
        try:
            with open(f"/proc/{name}", "rb") as f:
                held[name] = f.read(1 << 20)
        except OSError:
            continue
    held["cpuinfo"] = b"\n".join(line for line in held.get("cpuinfo", b"").split(b"\n")
                                 if not line.startswith(b"cpu MHz"))  # the live clock of every CPU
    _mount(lib, "tmpfs", "/proc", "tmpfs", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, "size=4m,nr_inodes=64,mode=0755")
    for name, data in held.items():
        os.makedirs(os.path.dirname(f"/proc/{name}"), exist_ok=True)
        with open(f"/proc/{name}", "wb") as f:
            f.write(data)
    _mount(lib, None, "/proc", None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV | _MS_NOEXEC)


def make_player_jail(setup: dict) -> None:
    """In H, still privileged inside the template's user namespace: its own mounts."""
    lib = confine.libc()
    _mount(lib, None, "/", None, _MS_REC | _MS_PRIVATE)
    # code the view holds below /tmp (a player written to a temporary folder) stays in sight
    # above the scratch: held open, then bound again at its path once the tmpfs is there
    kept = [(path, os.open(path, os.O_PATH)) for path in setup.get("under_scratch", ()) if os.path.exists(path)]
    copies = setup.get("copies", ())
    opened = _open_own_code(copies)
    disk = int(setup.get("disk_mb") or confine.DEFAULT_DISK_MB)
    _mount(lib, "tmpfs", "/tmp", "tmpfs", _MS_NOSUID | _MS_NODEV, f"size={disk}m,nr_inodes=16384,mode=0700")
    for path, fd in kept:
        _bind_again(lib, path, fd)
    for target, path in setup.get("links_under_scratch", ()):  # the view's links there, made again
        os.makedirs(os.path.dirname(path), exist_ok=True)
        try:
            os.symlink(target, path)
        except FileExistsError:
            pass
    _copy_own_code(lib, [plan for plan in copies if plan["path"] in opened], opened)
    if os.path.isdir("/dev/shm"):
        _mount(lib, "/tmp", "/dev/shm", None, _MS_BIND)
    for device in DEVICES:
        _device_read_only(lib, f"/dev/{device}")
    if os.path.isdir("/dev/pts"):  # bubblewrap's terminals, shared by every jail of the template: none
        _mount(lib, "tmpfs", "/dev/pts", "tmpfs", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC | _MS_RDONLY,
               "size=4k,nr_inodes=1,mode=0555")
    _static_proc(lib)
    name = b"arena-player"
    lib.sethostname(name, len(name))
    if setup.get("cpus"):
        try:
            os.sched_setaffinity(0, set(setup["cpus"]))
        except OSError:
            pass


def _player(fds: list, setup: dict) -> None:
    """H: make the jail, keep only its pipes, then serve the game master."""
    confine.die_with_parent()
    requests, replies, stderr = fds
    try:
        make_player_jail(setup)
        failure = None
    except OSError as exc:
        failure = f"could not make the player's jail: {exc}"
    from arena.jail import host, protocol

    null = os.open(os.devnull, os.O_RDONLY)
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 64) for fd in (null, stderr, stderr, requests, replies)]
    for target, fd in zip((0, 1, 2, host.REQUESTS, host.REPLIES), high):
        os.dup2(fd, target)
    os.closerange(host.REPLIES + 1, max(os.sysconf("SC_OPEN_MAX"), 1024))
    os.chdir("/tmp")
    os.environ.update(HOME="/tmp", TMPDIR="/tmp")
    if failure:
        os.write(host.REPLIES, protocol.sandbox_failed(failure))
        try:
            os.read(host.REQUESTS, 1)  # wait for the hello, so that the game master reads the answer
        finally:
            os._exit(1)
    host.serve()


def _anchor(fds: list, setup: dict) -> None:
    """C: new namespaces, then H; report H's PID to the game master, wait for H, exit.  C runs
    no player code and stays outside the player's cgroup (never frozen): when the template dies
    (its game master killed), C is told (SIGTERM) and kills H, whose PID namespace ends with it,
    even if the player cleared H's own parent-death signal.  H is a copy of C's memory, so C
    holds no host process id when it forks H (:func:`forget`)."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    host = []
    signal.signal(signal.SIGTERM, lambda *_: (host and _kill(host[0]), os._exit(0)))
    *player_fds, report = fds
    parent = os.getppid()
    confine.libc().prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    alive = os.getppid() == parent  # else the template died before the line above: nobody to serve
    forget(parent)
    del parent
    if not alive:
        os._exit(1)
    lib = confine.libc()
    try:
        mapper = _mapper()
        _check(lib.unshare(_NEWUSER | _NEWNS | _NEWPID | _NEWNET | _NEWIPC | _NEWUTS), "unshare")
        _mapped(mapper)
        del mapper
    except OSError as exc:
        os.write(report, f"error {exc}".encode())
        os._exit(1)
    pid = os.fork()
    if pid == 0:
        os.close(report)
        try:
            _player(player_fds, setup)
        finally:
            os._exit(1)
    host.append(pid)
    for fd in player_fds:
        os.close(fd)
    os.write(report, f"pid {pid}".encode())
    os.close(report)
    while True:
        try:
            os.waitpid(pid, 0)
            break
        except ChildProcessError:
            break
        except InterruptedError:
            continue
    os._exit(0)


def forget(value) -> None:
    """Overwrite, in place, the digits of an int that holds a host process id, before the
    memory that holds it is copied into a player's process by ``fork``.  A host process id reads
    the machine's process counter, which every thread a player starts moves on: two of them, or
    one and a note of an earlier game, would tell a player how many threads the player before it
    started.  Python does not clear the memory of an object it frees, so ``del`` is not enough.
    (A small int is the interpreter's own object, never a fresh one: left alone.)"""
    if type(value) is int and value > 256:
        digits = (value.bit_length() + 29) // 30
        ctypes.memset(id(value) + int.__basicsize__, 0, int.__itemsize__ * digits)


def _mapper():
    """A child, still in the template's user namespace, that gives this process's next user
    namespace the same user and group (mapping user 0 takes CAP_SETFCAP in the parent
    namespace, which the template has and a process inside the new one has not): [its pid, the
    pipe that says go, the pipe of its answer].  It finds this process as its parent: this
    process never holds its own id."""
    go, answer = os.pipe(), os.pipe()
    uid, gid = os.geteuid(), os.getegid()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(go[1])  # so that the read below ends if this process ends without a word
            os.close(answer[0])
            if not os.read(go[0], 1):
                return  # (os._exit below) the anchor is gone: nothing to map, no one to answer
            anchor = os.getppid()
            for name, text in (("uid_map", f"{uid} {uid} 1"), ("setgroups", "deny"), ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/{anchor}/{name}", "w") as f:
                    f.write(text)
            os.write(answer[1], b"ok")
        except OSError as exc:
            os.write(answer[1], f"mapping the jail's user: {exc}".encode())
        finally:
            os._exit(0)
    os.close(go[0])
    os.close(answer[1])
    return [pid, go[1], answer[0]]


def _mapped(mapper: list) -> None:
    """Have the mapper map this process's new user namespace, its id forgotten; raises if it
    could not."""
    pid, go, answer = mapper
    os.write(go, b"x")
    said = os.read(answer, 256).decode()
    reaped, _ = os.waitpid(pid, 0)
    forget(reaped)
    forget(pid)
    mapper[0] = pid = reaped = None
    for fd in (go, answer):
        os.close(fd)
    if said != "ok":
        raise JailSetupError(1, said or "the jail's user was not mapped")


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def preload(setup: dict) -> None:
    """Import the trusted code every player of this game needs (imported once, here,
    instead of in every game's player process)."""
    from arena.game.plugins import import_plugins
    from arena.jail import host  # noqa: F401
    from engine.registry import get_game
    import players.base  # noqa: F401
    import players.random_player  # noqa: F401

    import_plugins(setup.get("plugins", ()))
    get_game(setup["game"])
    for module in ("players.ismcts", "players.pimc", f"players.rules.{setup['game']}"):
        try:
            __import__(module)
        except ImportError:
            pass


def main(control_fd: int = CONTROL) -> None:
    control = socket.socket(fileno=control_fd)
    setup = pickle.loads(control.recv(1 << 20))
    try:
        preload(setup)
    except Exception as exc:  # noqa: BLE001 - a plugin that fails: the game master says so
        control.send(pickle.dumps(("error", f"{type(exc).__name__}: {exc}")))
        os._exit(1)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the anchors are reaped by the kernel
    control.send(pickle.dumps(("ready",)))
    while True:
        message, fds, _, _ = socket.recv_fds(control, 1 << 16, 4)
        if not message:
            os._exit(0)  # the game master is gone
        if len(fds) != 4:
            for fd in fds:
                os.close(fd)
            control.send(pickle.dumps(("error", "a spawn request without its four pipes")))
            continue
        _fork_anchor(control, fds, pickle.loads(message))
        for fd in fds:
            os.close(fd)
        control.send(pickle.dumps(("forked",)))


def _fork_anchor(control: socket.socket, fds: list, setup: dict) -> None:
    """Fork C for one player; the template never keeps C's id (:func:`forget`) and never
    learns H's (C reports it to the game master on the fourth pipe)."""
    pid = os.fork()
    if pid == 0:
        try:
            control.close()
            _anchor(fds, setup)
        finally:
            os._exit(1)
    forget(pid)
