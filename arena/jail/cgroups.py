"""A cgroup per jailed player: its whole process tree capped, frozen, and killed as one.

The game master makes one cgroup per player per game, named
``arena-<master pid>-<n>``, below its own cgroup (so that limits already on the
master, a CI job's or a Ray worker's, still hold), and puts the player's
processes in it before any player code runs.  What it does with it:

- **memory**: the whole tree, page cache and its scratch tmpfs included, capped at
  ``memory_mb``; swap too where it is accounted.  Past the cap the kernel's OOM
  killer stops a process of the tree (never one outside it); :meth:`Cgroup.oom_killed`
  tells the game master, which charges the seat a ``memory`` fault.
- **pids**: at most ``tasks`` processes and threads in the tree.
- **cpu**: at most one CPU's worth of time for the whole tree, and (``cpuset``) only
  the CPUs the game master runs on: a player's children cannot run on another
  game's CPU even while it is asked.
- **freezer**: frozen whenever the player is not being asked, so that no process of
  it runs during another player's thinking time or between games (:meth:`Cgroup.freeze`
  says why the game master need not wait for it).
- **kill**: every process of the tree, ``setsid`` or not, killed at the game's end.

Two layouts are supported.  cgroup v1 (a hierarchy per controller, as on the
development machine: ``memory``, ``pids``, ``freezer``, ``cpu``, ``cpuset``) and
cgroup v2 (one unified tree; freezing and killing are core features there, the
controllers are used where the master's cgroup delegates them).  What a machine
offers is :func:`available`'s ``features``; a feature that is missing is said in the
run's opening note, never silently assumed.

Freezing costs a few microseconds a move only while the freezer is active machine
wide: cgroup v1 switches a kernel static key on when the first cgroup freezes and
off when the last thaws, and that costs ~45 µs each way (measured on the
development machine, kernel 6.18: freeze + thaw 44 + 43 µs alone, 3.6 + 1.3 µs with
another cgroup frozen).  So while it has player cgroups, the master keeps one empty
cgroup frozen (``arena-<pid>-keep``), removed with the last of them.
"""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PREFIX = "arena-"
V1_CONTROLLERS = ("memory", "pids", "freezer", "cpu", "cpuset")
FREEZE_SECONDS = 2.0  # how long wait_frozen waits (a task stuck in the kernel)


class CgroupError(OSError):
    """A cgroup that could not be made or used as asked."""


def _own_paths() -> dict:
    """controller (or "" for the unified tree) -> this process's cgroup path in it."""
    own = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return own
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else [""]:
            own[name] = path
    return own


def _write(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _writable_dir(path: Path) -> bool:
    return path.is_dir() and os.access(path, os.W_OK)


class _Layout:
    """Where this master's player cgroups go, and which features they have."""

    version = 0
    features: frozenset = frozenset()

    def base_dirs(self) -> list:
        raise NotImplementedError


class V1(_Layout):
    """One hierarchy per controller (``/sys/fs/cgroup/<controller>/<own path>/``)."""

    version = 1

    def __init__(self, bases: dict):
        self.bases = bases  # controller -> the folder player cgroups are made in
        features = set(bases) - {"freezer"}
        if "freezer" in bases:
            features |= {"freeze", "kill"}
        self.features = frozenset(features)

    @classmethod
    def find(cls) -> "V1 | None":
        own = _own_paths()
        bases = {}
        for controller in V1_CONTROLLERS:
            if controller not in own:
                continue
            base = ROOT / controller / own[controller].lstrip("/")
            if _writable_dir(base) and (base / "cgroup.procs").exists():
                bases[controller] = base
        return cls(bases) if bases else None

    def base_dirs(self) -> list:
        return list(self.bases.values())


class V2(_Layout):
    """The unified tree: ``<mount>/<own path>/``; freeze and kill are core features."""

    version = 2

    def __init__(self, base: Path, controllers: set):
        self.base = base
        self.features = frozenset({"freeze", "kill"} | controllers)

    @classmethod
    def find(cls, mount: Path | None = None) -> "V2 | None":
        own = _own_paths().get("")
        if own is None:
            return None
        if mount is None:
            mount = ROOT if (ROOT / "cgroup.controllers").exists() else ROOT / "unified"
        base = mount / own.lstrip("/")
        if not _writable_dir(base) or not (base / "cgroup.subtree_control").exists():
            return None
        wanted = {"memory", "pids", "cpu", "cpuset"}
        try:
            offered = set((base / "cgroup.controllers").read_text().split()) & wanted
            enabled = set((base / "cgroup.subtree_control").read_text().split())
        except OSError:
            return None
        for name in sorted(offered - enabled):  # fails where this cgroup holds processes itself
            try:
                _write(base / "cgroup.subtree_control", f"+{name}")
                enabled.add(name)
            except OSError:
                pass
        return cls(base, offered & enabled)

    def base_dirs(self) -> list:
        return [self.base]


def find_layout() -> _Layout | None:
    """The cgroup layout this process can make player cgroups in, or None.  v1 where the
    machine mounts v1 controllers (a hybrid machine's unified tree then only freezes)."""
    v1 = V1.find()
    if v1 is not None and {"memory", "pids", "freeze"} <= v1.features:
        return v1
    v2 = V2.find()
    if v2 is not None and (v1 is None or len(v2.features) > len(v1.features)):
        return v2
    return v1


class Cgroup:
    """One player's cgroup (see the module's docstring)."""

    def __init__(self, layout: _Layout, name: str):
        self.layout, self.name = layout, name
        self.dirs = [base / name for base in layout.base_dirs()]
        self.frozen = False
        self._freeze_fd = self._state_fd = None
        self.on_remove = None  # called once removed (Cgroups: the keeper's count)

    # --- making -------------------------------------------------------------------
    def make(self, memory_mb: int | None, tasks: int | None, cpus: set | None) -> "Cgroup":
        made = []
        try:
            for path in self.dirs:
                path.mkdir()
                made.append(path)
            if self.layout.version == 1:
                self._limit_v1(memory_mb, tasks, cpus)
                self._state_fd = os.open(self._dir("freezer") / "freezer.state", os.O_RDWR)
            else:
                self._limit_v2(memory_mb, tasks, cpus)
                self._freeze_fd = os.open(self.dirs[0] / "cgroup.freeze", os.O_WRONLY)
                self._state_fd = os.open(self.dirs[0] / "cgroup.events", os.O_RDONLY)
        except OSError as exc:
            self.remove()
            for path in made:
                _rmdir(path)
            raise CgroupError(exc.errno, f"cannot make the player's cgroup {self.name}: {exc.strerror}") from None
        return self

    def _dir(self, controller: str) -> Path:
        return self.layout.bases[controller] / self.name

    def _limit_v1(self, memory_mb, tasks, cpus) -> None:
        bases = self.layout.bases
        if memory_mb and "memory" in bases:
            limit = str(int(memory_mb) << 20)
            _write(self._dir("memory") / "memory.limit_in_bytes", limit)
            swap = self._dir("memory") / "memory.memsw.limit_in_bytes"
            if swap.exists():
                _write(swap, limit)
        if tasks and "pids" in bases:
            _write(self._dir("pids") / "pids.max", str(int(tasks)))
        if "cpu" in bases:
            period = (self._dir("cpu") / "cpu.cfs_period_us").read_text().strip()
            _write(self._dir("cpu") / "cpu.cfs_quota_us", period)  # one CPU's worth
        if "cpuset" in bases:
            parent = bases["cpuset"]
            _write(self._dir("cpuset") / "cpuset.mems", (parent / "cpuset.mems").read_text().strip())
            _write(self._dir("cpuset") / "cpuset.cpus", _cpu_list(cpus, parent / "cpuset.cpus"))

    def _limit_v2(self, memory_mb, tasks, cpus) -> None:
        path, features = self.dirs[0], self.layout.features
        if memory_mb and "memory" in features:
            _write(path / "memory.max", str(int(memory_mb) << 20))
            if (path / "memory.swap.max").exists():
                _write(path / "memory.swap.max", "0")
        if tasks and "pids" in features:
            _write(path / "pids.max", str(int(tasks)))
        if "cpu" in features:
            _write(path / "cpu.max", "100000 100000")
        if "cpuset" in features:
            _write(path / "cpuset.cpus", _cpu_list(cpus, path / "cpuset.cpus.effective"))

    def add(self, pid: int) -> None:
        """Put a process in every hierarchy of this cgroup (its threads follow it)."""
        for path in self.dirs:
            _write(path / "cgroup.procs", str(pid))

    # --- freezing -------------------------------------------------------------------
    def freeze(self, wait: bool = False) -> bool:
        """Freeze the whole tree.  From this write on, no task of it returns to user mode
        (each has a signal pending and enters the freezer on its way out of the kernel; a
        task forked meanwhile is frozen at birth), so no code of the player runs, whether
        or not every task has reached the freezer yet; that takes the task's next turn on
        a CPU, which ``wait`` waits for (False if it did not come within FREEZE_SECONDS)."""
        if self._state_fd is None:
            return True
        if self.layout.version == 1:
            os.pwrite(self._state_fd, b"FROZEN", 0)
        else:
            os.pwrite(self._freeze_fd, b"1", 0)
        self.frozen = True
        return self.wait_frozen() if wait else True

    def wait_frozen(self) -> bool:
        if self.layout.version == 1:
            done = lambda: os.pread(self._state_fd, 16, 0).startswith(b"FROZEN")  # noqa: E731
        else:
            done = lambda: b"frozen 1" in os.pread(self._state_fd, 256, 0)  # noqa: E731
        end = time.monotonic() + FREEZE_SECONDS
        while not done():
            if time.monotonic() > end:
                return False
            time.sleep(0.0001)  # the tasks that were running must be scheduled once to stop
        return True

    def thaw(self) -> None:
        if self._state_fd is None:
            return
        if self.layout.version == 1:
            os.pwrite(self._state_fd, b"THAWED", 0)
        else:
            os.pwrite(self._freeze_fd, b"0", 0)
        self.frozen = False

    # --- the end ----------------------------------------------------------------------
    def pids(self) -> list:
        for path in self.dirs:
            try:
                return [int(p) for p in (path / "cgroup.procs").read_text().split()]
            except OSError:
                continue
        return []

    def oom_killed(self) -> bool:
        """Whether the kernel's OOM killer stopped a process of this tree."""
        if self.layout.version == 1:
            if "memory" not in self.layout.bases:
                return False
            path = self._dir("memory") / "memory.oom_control"
        else:
            path = self.dirs[0] / "memory.events"
        try:
            for line in path.read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value) > 0
        except (OSError, ValueError):
            pass
        return False

    def kill(self) -> None:
        """Kill every process of the tree and wait until none is left."""
        if self.layout.version == 2 and (self.dirs[0] / "cgroup.kill").exists():
            try:
                _write(self.dirs[0] / "cgroup.kill", "1")
            except OSError:
                pass
        end = time.monotonic() + 5.0
        killed: set = set()
        while time.monotonic() < end:
            if self._state_fd is not None and not self.frozen:
                self.freeze(wait=True)  # a frozen tree cannot fork while it is being killed
            pids = self.pids()
            if not pids:
                return
            for pid in pids:
                if pid not in killed:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
            killed.update(pids)
            self.thaw()  # in v1, frozen tasks die only once thawed
            # Let them die thawed: freezing again at once could catch a killed task before it
            # ran to its exit (on a busy machine, again and again).  A task killed can fork no
            # more; a pid not yet killed (one forked while the tree was being frozen) is what
            # makes the loop freeze and kill again.
            pause, settle = 0.0005, min(end, time.monotonic() + 1.0)
            while time.monotonic() < settle:
                time.sleep(pause)
                pids = self.pids()
                if not pids:
                    return
                if not killed.issuperset(pids):
                    break
                pause = min(pause * 2, 0.02)

    def remove(self) -> None:
        for fd in (self._freeze_fd, self._state_fd):
            if fd is not None:
                os.close(fd)
        self._freeze_fd = self._state_fd = None
        for path in self.dirs:
            _rmdir(path)
        if self.on_remove is not None:
            on_remove, self.on_remove = self.on_remove, None
            on_remove(self)


def _rmdir(path: Path) -> None:
    for _ in range(100):
        try:
            path.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:  # its last tasks are still exiting
            time.sleep(0.005)


def _cpu_list(cpus: set | None, parent_file: Path) -> str:
    if cpus:
        return ",".join(str(c) for c in sorted(cpus))
    return parent_file.read_text().strip()


class Cgroups:
    """The player cgroups of this game master (one per player per game).  Names come from
    one counter per process.  While any of them exists, the process also keeps one empty
    cgroup frozen (the keeper: see the module's docstring); it goes with the last player
    cgroup, so that nothing of a game master is left between its games."""

    _count = [0]
    _live: list = []  # this process's player cgroups that exist
    _keeper: list = []

    def __init__(self, layout: _Layout | None = None):
        self.layout = layout if layout is not None else find_layout()

    @property
    def features(self) -> frozenset:
        return self.layout.features if self.layout else frozenset()

    def make(self, memory_mb: int | None, tasks: int | None, cpus: set | None = None) -> Cgroup | None:
        """A new, empty, frozen cgroup for one player, or None where there are none."""
        if self.layout is None:
            return None
        start_janitor()
        if not self._keeper and "freeze" in self.features:
            keeper = Cgroup(self.layout, f"{PREFIX}{os.getpid()}-keep").make(None, None, None)
            keeper.freeze()
            self._keeper.append(keeper)
        self._count[0] += 1
        try:
            cgroup = Cgroup(self.layout, f"{PREFIX}{os.getpid()}-{self._count[0]}").make(memory_mb, tasks, cpus)
        except CgroupError:
            _forget(None)
            raise
        cgroup.on_remove = _forget
        self._live.append(cgroup)
        cgroup.freeze()
        return cgroup


def _forget(cgroup) -> None:
    """A player cgroup is gone: with the last one, the keeper goes too."""
    if cgroup in Cgroups._live:
        Cgroups._live.remove(cgroup)
    if not Cgroups._live:
        while Cgroups._keeper:
            keeper = Cgroups._keeper.pop()
            keeper.thaw()
            keeper.remove()


def _owner_gone(name: str) -> bool:
    owner = name[len(PREFIX):].split("-")[0]
    return owner.isdigit() and not Path(f"/proc/{owner}").exists()


def sweep(layout: _Layout | None, owner: int | None = None, counts: dict | None = None) -> int:
    """Kill what is left in the player cgroups of game masters that are gone (a driver
    killed with -9, Ray workers stopped by ``ray.shutdown``), or of the game master
    ``owner``, and remove those cgroups; returns how many processes were killed (and adds
    them up per game master's pid in ``counts``, where given)."""
    if layout is None:
        return 0
    killed = 0
    names = {p.name for base in layout.base_dirs() for p in base.glob(f"{PREFIX}*") if p.is_dir()}
    for name in sorted(names):
        if owner is not None and not name.startswith(f"{PREFIX}{owner}-"):
            continue
        if owner is None and not _owner_gone(name):
            continue
        cgroup = Cgroup(layout, name)
        if layout.version == 1 and "freezer" in layout.bases:
            try:
                cgroup._state_fd = os.open(cgroup._dir("freezer") / "freezer.state", os.O_RDWR)
            except OSError:
                pass
        elif layout.version == 2:
            try:
                cgroup._freeze_fd = os.open(cgroup.dirs[0] / "cgroup.freeze", os.O_WRONLY)
                cgroup._state_fd = os.open(cgroup.dirs[0] / "cgroup.events", os.O_RDONLY)
            except OSError:
                pass
        found = len(cgroup.pids())
        killed += found
        if counts is not None and found:
            master = name[len(PREFIX):].split("-")[0]
            if master.isdigit():
                counts[int(master)] = counts.get(int(master), 0) + found
        try:
            cgroup.kill()
            cgroup.thaw()
            cgroup.remove()
        except OSError:  # removed meanwhile (by its master's janitor, or another sweep)
            continue
    return killed


def start_janitor() -> None:
    """A small process that outlives this game master only to clean up after it: it waits
    for this process to end (however: ``kill -9`` too, where no exit hook runs) and then
    kills and removes whatever is left in its player cgroups (v1's frozen tasks cannot die
    until someone thaws them, and a dead master cannot).  Started once per process."""
    import subprocess
    import sys

    if _janitor:
        return
    read_end, write_end = os.pipe()
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    boot = f"import sys; sys.path[:0] = [{here!r}]; from arena.jail.cgroups import janitor; janitor({os.getpid()})"
    try:
        subprocess.Popen([sys.executable, "-I", "-S", "-c", boot], stdin=read_end, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True)
    except OSError:
        os.close(write_end)
    else:
        _janitor.append(write_end)  # held open (not inherited) until this process ends
    finally:
        os.close(read_end)


_janitor: list = []


def janitor(owner: int) -> None:
    """The janitor's body (see :func:`start_janitor`)."""
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    for _ in range(100):  # until the master is gone (its pipe closes as it exits)
        if not Path(f"/proc/{owner}").exists() or Path(f"/proc/{owner}/stat").read_text().split(") ")[1][:1] == "Z":
            break
        time.sleep(0.05)
    sweep(find_layout(), owner=owner)
