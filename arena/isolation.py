"""The game master's side of player processes.

A :class:`PlayerProcess` is one sandboxed interpreter running
``arena.player_host`` for one player (spec and parameters).  The game master
sends it pickled copies of the seat's observation and reads back an index into
the observation's legal actions; every request has a deadline, and a process
that misses it, dies, or answers anything but the protocol is killed (with
everything in its cgroup) and charged with the fault.

A :class:`ProcessPool` keeps idle player processes per player between games,
so a tournament pays the interpreter's start once per player and worker, not
once per game (each game still gets a freshly constructed player object).

:func:`is_builtin` says which specs are arena's own players: a game whose
players are all built-in may run in the game's process (``trusted``), as may
every game of a config with ``isolation: none``.
"""
from __future__ import annotations

import atexit
import json
import os
import pickle
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from arena import sandbox
from arena.match import PlayerFault

STARTUP_SECONDS = 60.0  # a fresh interpreter on a busy machine, before the player's code runs
END_SECONDS = 2.0  # the courtesy end() call
BUILTIN_SPECS = frozenset({"random", "rules", "ismcts", "pimc"})
_HEAD = struct.Struct(">I")
_CGROUP_PREFIX = "arena-"
_SCRATCH_PREFIX = "arena-player-"


def is_builtin(spec: str, params: dict | None = None) -> bool:
    """Whether a player is arena's own code only: a built-in name, and no parameter
    that names a player spec of someone else's (an ISMCTS ``rollout`` policy)."""
    if spec not in BUILTIN_SPECS:
        return False
    rollout = (params or {}).get("rollout", "random")
    return not isinstance(rollout, str) or rollout in BUILTIN_SPECS


class SandboxError(RuntimeError):
    """A player process that could not confine itself before any player code ran: the
    machine's problem, so the game fails for no player's reason (and is played again)."""


@dataclass
class Limits:
    """What a player process is confined to (see :mod:`arena.sandbox`)."""
    memory_mb: int = sandbox.DEFAULT_MEMORY_MB
    tasks: int = sandbox.DEFAULT_TASKS
    private: list = field(default_factory=list)  # paths no player may read: results folder, config, secret
    sys_path: list = field(default_factory=list)
    plugins: list = field(default_factory=list)


class PlayerProcess:
    """One player's sandboxed process (see the module's docstring)."""

    is_player_process = True  # play_game's mark for a seat that is a process

    def __init__(self, spec: str, params: dict, game: str, limits: Limits):
        where, sep, cls = spec.rpartition(":")
        if sep and where.endswith(".py"):  # the process starts in its scratch folder
            spec = f"{os.path.abspath(where)}:{cls}"
        self.spec, self.game = spec, game
        self.scratch = tempfile.mkdtemp(prefix=f"{_SCRATCH_PREFIX}{os.getpid()}-")  # owner's pid: for the sweep
        os.chmod(self.scratch, 0o700)
        self.cgroup = _make_cgroup(limits.tasks)
        code = [p for p in (_spec_file(spec), *limits.plugins) if p and p.endswith(".py")]
        roots = sandbox.system_roots() + list(limits.sys_path) + [os.path.dirname(os.path.abspath(p)) for p in code]
        hello = {"spec": spec, "params": dict(params or {}), "game": game,
                 "sys_path": list(limits.sys_path), "plugins": list(limits.plugins),
                 "limits": {"memory_mb": limits.memory_mb, "tasks": limits.tasks, "cgroup": self.cgroup,
                            "read": sandbox.readable_roots(roots, limits.private + [self.scratch]),
                            "write": [self.scratch, "/dev/null"]}}
        env = {k: v for k, v in os.environ.items() if not k.startswith(("RAY_", "ARENA_"))}
        env.update(PYTHONPATH=os.pathsep.join(limits.sys_path), HOME=self.scratch, TMPDIR=self.scratch,
                   OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                   PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
        self.stderr_path = os.path.join(self.scratch, ".stderr")  # the player's prints, for a crash's report
        with open(self.stderr_path, "wb") as stderr:
            self.proc = subprocess.Popen([sys.executable, "-m", "arena.player_host"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=stderr, cwd=self.scratch,
                                         env=env, close_fds=True, start_new_session=True)
        self.to_host, self.from_host = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        os.set_blocking(self.to_host, False)
        self.alive = True
        self._hello = hello
        self.sandbox: list = []
        self.loaded = False
        self._buffer = b""
        self._history = None  # the observation history last sent in this game (see _act_message)

    # --- requests -------------------------------------------------------------
    def load(self, deadline: float | None = None) -> None:
        """Have the process confine itself and load the player's class; raises
        :class:`PlayerFault` if it does not (its module raises, or never loads)."""
        deadline = deadline or time.monotonic() + STARTUP_SECONDS
        # two answers: the confinement (given before any of the player's code runs: the only
        # answer whose "sandbox" error is believed), then the loading of the player's class
        confined = self.request(self._hello, deadline, "confining the player", sandbox_answer=True)
        self.sandbox = confined.get("sandbox", [])
        self.reply(deadline, "loading the player")
        self.loaded = True

    def start(self, game, seat, num_players, seed, deadline: float) -> None:
        self._history = None  # a new game: the first observation goes whole
        self.request(("start", game, seat, num_players, seed), deadline, "start()")

    def act(self, observation, deadline: float, overrun: bool) -> int:
        """The index of the chosen action (checked against ``len(legal_actions)``)."""
        reply = self.request(self._act_message(observation), deadline, "act()", overrun)
        index = reply.get("index")
        if type(index) is not int or not 0 <= index < len(observation.legal_actions):
            self.kill()
            raise PlayerFault("illegal", f"answered {str(reply)[:200]}, not the index of a legal action")
        return index

    def _act_message(self, observation):
        """``("act", observation)``, or, when the observation's public ``history`` (a tuple)
        begins with (entries equal to) the history sent in this game's previous request,
        ``("act", observation without its history, length sent before, the new entries)``:
        the history grows by a move or two between a seat's turns and would otherwise be
        pickled whole every move (thousands of entries late in a Dominant Species game).
        The player's process puts the history back together before the player sees it."""
        history = getattr(observation, "history", None)
        if type(history) is not tuple:
            history = None
        sent, self._history = self._history, history
        if sent is None or history is None or len(history) < len(sent) or history[:len(sent)] != sent:
            return ("act", observation)
        try:
            observation.history = None
        except (AttributeError, TypeError):  # an observation class that does not allow it: sent whole
            return ("act", observation)
        try:
            return pickle.dumps(("act", observation, len(sent), history[len(sent):]),
                                protocol=pickle.HIGHEST_PROTOCOL)
        finally:
            observation.history = history

    def end(self, result) -> None:
        try:
            self.request(("end", result), time.monotonic() + END_SECONDS, "end()")
        except PlayerFault:
            pass

    def request(self, message, deadline: float, what: str, overrun: bool = False,
                sandbox_answer: bool = False) -> dict:
        if not self.alive:
            raise PlayerFault("crash", f"{what}: the player's process is gone")
        data = message if type(message) is bytes else pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        self._write(_HEAD.pack(len(data)) + data, deadline, what, overrun)
        return self.reply(deadline, what, overrun, sandbox_answer)

    def reply(self, deadline: float, what: str, overrun: bool = False, sandbox_answer: bool = False) -> dict:
        """The next answer.  A "sandbox" error is the machine's only in the confinement's
        answer; anywhere else the player's code may have written it, so it is the seat's."""
        size, = _HEAD.unpack(self._read(_HEAD.size, deadline, what, overrun))
        if size > (1 << 20):
            self.kill()
            raise PlayerFault("illegal", f"{what}: answered {size} bytes, not the protocol")
        body = self._read(size, deadline, what, overrun)
        try:
            reply = json.loads(body)
            assert isinstance(reply, dict)
        except (ValueError, AssertionError):
            self.kill()
            raise PlayerFault("illegal", f"{what}: answered {body[:80]!r}, not the protocol") from None
        if sandbox_answer and reply.get("error") == "sandbox":
            self.kill()
            raise SandboxError(f"a player process could not confine itself: {str(reply.get('detail'))[:300]}")
        if "error" in reply:
            kind = reply["error"] if reply["error"] in ("exception", "illegal", "memory") else "exception"
            self.kill()  # a player that failed is not trusted with another game
            raise PlayerFault(kind, str(reply.get("detail", ""))[:500])
        return reply

    def _write(self, data: bytes, deadline, what, overrun) -> None:
        view = memoryview(data)
        while view:
            try:
                n = os.write(self.to_host, view)  # a pipe with room takes it at once: no wait
            except BlockingIOError:
                self._wait(self.to_host, False, deadline, what, overrun)
                continue
            except OSError:
                raise self._died(what) from None
            view = view[n:]

    def _read(self, size: int, deadline, what, overrun) -> bytes:
        """``size`` bytes from the process; what else it sent stays buffered."""
        while len(self._buffer) < size:
            self._wait(self.from_host, True, deadline, what, overrun)
            chunk = os.read(self.from_host, max(size - len(self._buffer), 1 << 16))
            if not chunk:
                raise self._died(what)
            self._buffer += chunk
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return bytes(data)

    def _wait(self, fd, reading: bool, deadline, what, overrun) -> None:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                if overrun:
                    raise PlayerFault("overrun", f"{what}: still thinking at the move's time limit; stopped")
                raise PlayerFault("hang", f"{what}: still thinking when the game's time limit ran out; stopped")
            ready = select.select([fd], [], [], left) if reading else select.select([], [fd], [], left)
            if ready[0] or ready[1]:
                return

    def _died(self, what) -> PlayerFault:
        last = self._last_words()
        code = self.kill()
        how = f"exit code {code}" if code is not None and code >= 0 else f"signal {-code}" if code else "unknown"
        if code == -signal.SIGKILL:
            how += " (killed: out of memory, or stopped from outside)"
        return PlayerFault("crash", f"{what}: the player's process died ({how})" + (f"; its last words: {last}"
                                                                                     if last else ""))

    def _last_words(self) -> str:
        """The last line the process wrote to stderr (a traceback's verdict), if any."""
        try:
            with open(self.stderr_path, "rb") as f:
                f.seek(max(0, os.fstat(f.fileno()).st_size - 400))
                lines = f.read().decode(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return lines[-1][:200] if lines else ""

    # --- the end of a process ---------------------------------------------------
    def kill(self):
        """Stop the process and everything it started; returns its exit status."""
        if self.alive:
            self.alive = False
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            _kill_cgroup(self.cgroup)
        for pipe in (self.proc.stdin, self.proc.stdout):
            try:
                pipe.close()
            except OSError:
                pass
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        _remove_cgroup(self.cgroup)
        shutil.rmtree(self.scratch, ignore_errors=True)
        return code


class ProcessPool:
    """Idle player processes, by player, reused game after game."""

    def __init__(self, game: str, limits: Limits, keep: int = 8):
        self.game, self.limits, self.keep = game, limits, keep
        self.idle: dict = {}  # key -> [PlayerProcess]
        atexit.register(self.close)

    def take(self, spec: str, params: dict) -> PlayerProcess:
        key = (spec, json.dumps(params, sort_keys=True, default=str))
        while self.idle.get(key):
            process = self.idle[key].pop()
            if process.alive and process.proc.poll() is None:
                return process
            process.kill()
        process = PlayerProcess(spec, params, self.game, self.limits)
        process.key = key
        return process

    def give_back(self, process: PlayerProcess) -> None:
        if not process.alive or process.proc.poll() is not None:
            process.kill()
            return
        self.idle.setdefault(process.key, []).append(process)
        while sum(len(v) for v in self.idle.values()) > self.keep:
            oldest = next(k for k, v in self.idle.items() if v)
            self.idle[oldest].pop(0).kill()

    def close(self) -> None:
        for processes in self.idle.values():
            for process in processes:
                process.kill()
        self.idle.clear()


# --- pids cgroups ---------------------------------------------------------------
_counter = [0]


def _make_cgroup(tasks: int) -> str | None:
    if not sandbox.cgroup_available():
        return None
    _counter[0] += 1
    path = sandbox.CGROUP_PIDS / f"{_CGROUP_PREFIX}{os.getpid()}-{_counter[0]}"
    try:
        path.mkdir(exist_ok=True)
        (path / "pids.max").write_text(str(tasks))
    except OSError:
        return None
    return str(path)


def _kill_cgroup(path: str | None) -> None:
    if not path:
        return
    for _ in range(20):  # a fork loop may add tasks while we kill: until none is left
        try:
            pids = [int(p) for p in Path(path, "cgroup.procs").read_text().split()]
        except OSError:
            return
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.01)


def _remove_cgroup(path: str | None) -> None:
    if not path:
        return
    for _ in range(50):
        try:
            os.rmdir(path)
            return
        except FileNotFoundError:
            return
        except OSError:  # its last tasks are still exiting
            _kill_cgroup(path)
            time.sleep(0.02)


def _owner_gone(name: str, prefix: str) -> bool:
    """Whether the game master whose pid a cgroup's or scratch folder's name carries
    (``<prefix><pid>-...``) is gone; a name without one is nobody's to sweep."""
    owner = name[len(prefix):].split("-")[0]
    return owner.isdigit() and not Path(f"/proc/{owner}").exists()


def sweep_stale_players() -> int:
    """What player processes of game masters that are gone (a driver killed with -9, Ray
    workers stopped by ``ray.shutdown``) left: kill what is left in their cgroups and remove
    those, and remove their scratch folders; returns how many cgroups were swept."""
    for path in Path(tempfile.gettempdir()).glob(f"{_SCRATCH_PREFIX}*"):
        if _owner_gone(path.name, _SCRATCH_PREFIX) and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
    if not sandbox.cgroup_available():
        return 0
    swept = 0
    for path in sandbox.CGROUP_PIDS.glob(f"{_CGROUP_PREFIX}*"):
        if not _owner_gone(path.name, _CGROUP_PREFIX):
            continue
        _kill_cgroup(str(path))
        _remove_cgroup(str(path))
        swept += 1
    return swept


def _spec_file(spec: str) -> str | None:
    where, sep, _ = spec.rpartition(":")
    return where if sep and where.endswith(".py") else None
