"""The game master's side of a jailed player: one player, one game.

A :class:`PlayerProcess` is made for one seat of one game (:meth:`Jail.spawn`)
and killed, with every process it started, when the game ends: no process,
memory or file of a submitted player survives to its next game.  The game
master sends it pickled copies of the seat's observation and reads back, through
:func:`arena.jail.protocol.parse_reply`, an index into the observation's legal
actions.  Every request has a deadline; the player's cgroup is thawed for the
request and frozen again as soon as the answer is in.  A player that misses a
deadline, dies, or answers anything but the protocol is killed and charged with
the fault.  Its stderr is a pipe the game master opened; only its last lines are
kept (for a crash's report), and no file the player could touch is ever read.

How a player process starts:

- **in the jail** (bubblewrap usable): a child of the template
  (:mod:`arena.jail.template`) for its code folder; a template is started once
  per game master and folder and kept (:data:`KEEP_TEMPLATES`);
- **without it** (no bubblewrap, or user namespaces refused): a fresh interpreter
  per game (``python -I``), confined by :mod:`arena.jail.confine` alone, with a
  scratch folder of its own; the run says so with ``WARNING``.
"""
from __future__ import annotations

import atexit
import fcntl
import os
import pickle
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field

from arena.jail import confine, protocol, seccomp
from arena.jail.cgroups import Cgroups, CgroupError
from arena.jail.view import View
from arena.game.match import PlayerFault, SandboxError  # noqa: F401 - SandboxError: the jail's error

STARTUP_SECONDS = 60.0  # a template or interpreter starting on a busy machine, before the player's code runs
END_SECONDS = 2.0  # the courtesy end() call
KEEP_TEMPLATES = 8
STDERR_TAIL = 4096  # bytes of a player's stderr kept for a crash's report
SCRATCH_PREFIX = "arena-player-"


@dataclass
class Limits:
    """What a jailed player is held to."""
    memory_mb: int = confine.DEFAULT_MEMORY_MB  # its whole process tree (cgroup), and each process (RLIMIT_AS)
    tasks: int = confine.DEFAULT_TASKS  # processes and threads of its tree
    disk_mb: int = confine.DEFAULT_DISK_MB  # its scratch (a tmpfs in the jail)
    private: list = field(default_factory=list)  # paths no view may hold: results, config, secret
    plugins: list = field(default_factory=list)  # the config's plugins (games), loaded by every player process




def _game_module(game: str) -> list:
    """The file of a game that is not one of arena's (registered by a plugin, or by a test's
    module): the jailed player needs it to read the game's observations."""
    from engine.registry import _BUILTIN, get_game

    if game in _BUILTIN:
        return []
    try:
        spec = get_game(game)
    except Exception:  # noqa: BLE001 - a game this process does not know: its plugins must bring it
        return []
    module = sys.modules.get(getattr(spec.new_state, "__module__", None) or "")
    path = getattr(module, "__file__", None)
    return [os.path.realpath(path)] if path and path.endswith(".py") else []


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _absolute(spec: str) -> str:
    where, sep, cls = spec.rpartition(":")
    if sep and where.endswith(".py"):
        return f"{os.path.abspath(where)}:{cls}"
    return spec


def _pipes():
    """(requests read, requests write), (replies read, replies write), (stderr read, write);
    not inherited by anything this process starts (Python's default for a pipe)."""
    return [os.pipe() for _ in range(3)]


class PlayerProcess:
    """One jailed player for one game (see the module's docstring)."""

    is_player_process = True  # play_game's mark for a seat that is a process

    def __init__(self, jail: "Jail", spec: str, params: dict, game: str, limits: Limits):
        self.spec, self.game, self.limits = _absolute(spec), game, limits
        self.alive, self.loaded = False, False
        self.sandbox: list = []
        self.proc = None  # the interpreter, where there is no jail
        self.scratch = None
        self.pid = None  # the process to kill first: H (its PID namespace) or the interpreter
        self._buffer, self._tail = b"", b""
        self._history = None  # the observation history last sent in this game (see _act_message)
        plugins = [os.path.abspath(p) if p.endswith(".py") else p for p in limits.plugins]
        plugins += [p for p in _game_module(game) if p not in plugins]
        self.view = jail.view(self.spec, plugins, limits.private)
        (req_r, req_w), (rep_r, rep_w), (err_r, err_w) = _pipes()
        self.to_host, self.from_host, self.stderr = req_w, rep_r, err_r
        for fd in (req_w, rep_r, err_r):
            os.set_blocking(fd, False)
        try:
            self.cgroup = jail.cgroups.make(limits.memory_mb, limits.tasks, _cpus())
        except CgroupError as exc:
            self._close_fds(req_r, rep_w, err_w)
            raise SandboxError(str(exc)) from None
        try:
            if jail.bwrap:
                setup = {"disk_mb": limits.disk_mb, "cpus": _cpus(), "copies": self.view.copies,
                         "under_scratch": [p for p in self.view.paths if p.startswith("/tmp/")
                                           and not any(_within(p, plan["path"]) for plan in self.view.copies)],
                         "links_under_scratch": [[t, p] for t, p in self.view.links if p.startswith("/tmp/")]}
                pids = jail.template(self.view, game, plugins).spawn([req_r, rep_w, err_w], setup)
                self.pid = pids[-1]
                mode = ["jail"]
            else:
                pids = [self._start_interpreter(req_r, rep_w, err_w)]
                self.pid = pids[0]
                mode = []
            self.alive = True
            if self.cgroup is not None:  # the player's process (its children follow it), not the anchor
                self.cgroup.add(self.pid)
        except BaseException:
            self._close_fds(req_r, rep_w, err_w)
            self.kill()
            raise
        self._close_fds(req_r, rep_w, err_w)
        self._hello = {"spec": self.spec, "params": dict(params or {}), "game": game, "jail": mode,
                       "sys_path": self.view.sys_path, "plugins": plugins,
                       "limits": self._inner_limits(jail.bwrap)}

    def _inner_limits(self, jailed: bool) -> dict:
        limits = {"memory_mb": self.limits.memory_mb, "tasks": self.limits.tasks, "cgroup": self.cgroup is not None,
                  "seccomp": seccomp.program(jailed=jailed), "syscalls": seccomp.names()}
        if jailed:
            limits.update(read=["/"], write=["/tmp", "/dev/null"], netns=False)
        else:
            limits.update(read=self.view.readable(), write=[self.scratch, "/dev/null"], netns=True)
        return limits

    def _start_interpreter(self, requests: int, replies: int, stderr: int) -> int:
        """A fresh interpreter for this game (no jail): confined by its own last layer."""
        self.scratch = tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-")  # owner's pid: for the sweep
        os.chmod(self.scratch, 0o700)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.scratch, "TMPDIR": self.scratch,
               "LANG": "C.UTF-8", "USER": "player", "LOGNAME": "player", "PYTHONHASHSEED": "0",
               "PYTHONDONTWRITEBYTECODE": "1",
               "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        boot = (f"import sys; sys.path[:0] = {self.view.sys_path!r}; "
                "from arena.jail.host import main; main()")

        from arena.jail.host import REPLIES, REQUESTS

        def fds_in_place():  # requests and replies on the host's fds (subprocess closes the rest after this)
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 64) for fd in (requests, replies)]
            os.dup2(high[0], REQUESTS)
            os.dup2(high[1], REPLIES)

        self.proc = subprocess.Popen([sys.executable, "-I", "-c", boot], stdin=subprocess.DEVNULL,
                                     stdout=stderr, stderr=stderr, cwd=self.scratch, env=env,
                                     pass_fds=(REQUESTS, REPLIES), preexec_fn=fds_in_place,
                                     start_new_session=True)
        return self.proc.pid

    @staticmethod
    def _close_fds(*fds) -> None:
        for fd in fds:
            try:
                os.close(fd)
            except OSError:
                pass

    # --- requests -------------------------------------------------------------
    def load(self, deadline: float | None = None) -> None:
        """Have the process confine itself and load the player's class; raises
        :class:`PlayerFault` if it does not (its module raises, or never loads)."""
        deadline = deadline or time.monotonic() + STARTUP_SECONDS
        # two answers: the confinement (given before any of the player's code runs: the only
        # answer whose "sandbox" error is believed), then the loading of the player's class
        confined = self.request(self._hello, deadline, "confining the player", first=True)
        self.sandbox = [part for part in confined.text.split(",") if part]
        self.reply(deadline, "loading the player")
        self._freeze("loading the player")
        self.loaded = True

    def start(self, game, seat, num_players, seed, deadline: float) -> None:
        self._history = None  # a new game: the first observation goes whole
        self.request(("start", game, seat, num_players, seed), deadline, "start()")

    def act(self, observation, deadline: float, overrun: bool) -> int:
        """The index of the chosen action (checked against ``len(legal_actions)``)."""
        reply = self.request(self._act_message(observation), deadline, "act()", overrun)
        if reply.tag != "index" or not 0 <= reply.index < len(observation.legal_actions):
            self.kill()
            raise PlayerFault("illegal", f"answered {reply.tag} {reply.index}, not the index of a legal action")
        return reply.index

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
                first: bool = False) -> protocol.Reply:
        """Thaw the player, send ``message``, read its answer, freeze it again."""
        if not self.alive:
            raise PlayerFault("crash", f"{what}: the player's process is gone")
        data = message if type(message) is bytes else pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        if self.cgroup is not None:
            self.cgroup.thaw()
        self._write(protocol.frame(data), deadline, what, overrun)
        reply = self.reply(deadline, what, overrun, first)
        if not first:
            self._freeze(what)
        return reply

    def _freeze(self, what: str) -> None:
        if self.cgroup is not None:
            self.cgroup.freeze()

    def reply(self, deadline: float, what: str, overrun: bool = False, first: bool = False) -> protocol.Reply:
        """The next answer, read by the total parser.  A "sandbox" error is the machine's
        only as the first answer; anywhere else the player's code may have written it."""
        size, = protocol.HEAD.unpack(self._read(protocol.HEAD.size, deadline, what, overrun))
        if size > protocol.MAX_REPLY:
            self.kill()
            raise PlayerFault("illegal", f"{what}: answered {size} bytes, not the protocol")
        body = self._read(size, deadline, what, overrun)
        try:
            reply = protocol.parse_reply(body)
            if self._buffer and not first:  # one answer per request (the hello has two: confined, loaded)
                raise protocol.ProtocolError("more than one answer to one request")
        except protocol.ProtocolError as exc:
            self.kill()
            raise PlayerFault("illegal", f"{what}: {exc}") from None
        if first:
            if reply.tag == "sandbox":
                self.kill()
                raise SandboxError(f"a player process could not confine itself: {reply.text[:300]}")
            if reply.tag != "confined":
                self.kill()
                raise PlayerFault("illegal", f"{what}: answered {reply.tag} before it was confined")
            return reply
        if reply.tag == "error":
            self.kill()  # a player that failed is not trusted with another request
            raise PlayerFault(reply.kind, reply.text[:500])
        if reply.tag not in ("ok", "index"):
            self.kill()
            raise PlayerFault("illegal", f"{what}: answered {reply.tag}, not the protocol")
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
            try:
                chunk = os.read(self.from_host, max(size - len(self._buffer), 1 << 16))
            except BlockingIOError:
                continue
            if not chunk:
                raise self._died(what)
            self._buffer += chunk
            if len(self._buffer) > protocol.MAX_REPLY + protocol.HEAD.size:
                self.kill()  # more than any one answer: a flood, not the protocol
                raise PlayerFault("illegal", f"{what}: sent more than an answer, not the protocol")
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return bytes(data)

    def _wait(self, fd, reading: bool, deadline, what, overrun) -> None:
        """Until ``fd`` is ready; meanwhile the player's stderr is read into its tail."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                if overrun:
                    raise PlayerFault("overrun", f"{what}: still thinking at the move's time limit; stopped")
                raise PlayerFault("hang", f"{what}: still thinking when its time for the game ran out; stopped")
            watched = [fd, self.stderr] if self.stderr is not None else [fd]
            ready = select.select(watched, [], [], left) if reading else select.select(
                [self.stderr] if self.stderr is not None else [], [fd], [], left)
            if self.stderr is not None and self.stderr in ready[0]:
                self._drain_stderr()
            if fd in ready[0] or fd in ready[1]:
                return

    def _drain_stderr(self) -> None:
        """What the player wrote to stderr, its last ``STDERR_TAIL`` bytes kept."""
        for _ in range(64):  # at most 4 MiB a call: a flood cannot hold the game master here
            try:
                chunk = os.read(self.stderr, 1 << 16)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                os.close(self.stderr)
                self.stderr = None
                return
            self._tail = (self._tail + chunk)[-STDERR_TAIL:]

    def _died(self, what) -> PlayerFault:
        if self.stderr is not None:
            self._drain_stderr()
        memory = self.cgroup is not None and self.cgroup.oom_killed()
        code = self.kill()
        if memory:
            return PlayerFault("memory", f"{what}: its processes used more than {self.limits.memory_mb} MiB; "
                                         "killed")
        how = ""
        if code is not None:
            how = f" (exit code {code})" if code >= 0 else f" (signal {-code})"
        last = self.last_words()
        return PlayerFault("crash", f"{what}: the player's process died{how}"
                                    + (f"; its last words: {last}" if last else ""))

    def last_words(self) -> str:
        """The last line the player wrote to stderr (a traceback's verdict), if any."""
        lines = self._tail.decode("utf-8", errors="replace").strip().splitlines()
        return lines[-1][:200] if lines else ""

    # --- the end of a process ---------------------------------------------------
    def kill(self):
        """Stop the player and everything it started; returns the interpreter's exit
        status where there is no jail (the jail's host is not this process's child)."""
        if self.alive:
            self.alive = False
            if self.pid is not None:
                try:
                    os.kill(self.pid, signal.SIGKILL)  # in the jail: its PID namespace ends with it
                except (ProcessLookupError, PermissionError):
                    pass
            if self.proc is not None:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
        if self.cgroup is not None:
            self.cgroup.kill()
            self.cgroup.remove()
            self.cgroup = None
        for name in ("to_host", "from_host", "stderr"):
            fd = getattr(self, name, None)
            if fd is not None:
                self._close_fds(fd)
                setattr(self, name, None)
        code = None
        if self.proc is not None:
            try:
                code = self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        if self.scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)
        return code


def _cpus() -> set | None:
    try:
        return set(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return None


# --- the jail's templates ------------------------------------------------------------
BWRAP_ENV = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp", "LANG": "C.UTF-8", "USER": "player",
             "LOGNAME": "player",  # getpass.getuser() (the view has no /etc/passwd)
             "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
             "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
NAMESPACES = ["--unshare-user", "--unshare-ipc", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
TEMPLATE_CAPS = ["CAP_SYS_ADMIN", "CAP_SETPCAP", "CAP_SYS_RESOURCE", "CAP_SETFCAP"]  # SETFCAP: arena/jail/template.py _mapper


def bwrap_command(view: View, program: list) -> list:
    """bubblewrap's command line for a template over ``view``."""
    args = ["bwrap", *NAMESPACES, "--die-with-parent", "--new-session", "--clearenv"]
    for key, value in BWRAP_ENV.items():
        args += ["--setenv", key, value]
    args += ["--cap-drop", "ALL"]
    for cap in TEMPLATE_CAPS:
        args += ["--cap-add", cap]
    return args + view.bwrap() + ["--chdir", "/", "--", *program]


def _read_report(fd: int, deadline: float) -> str:
    """An anchor's one-line report (``pid N`` or ``error ...``), read until it closes its end."""
    chunks = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise OSError("the jail's anchor did not report in time")
        chunk = os.read(fd, 256)
        if not chunk:
            return b"".join(chunks).decode(errors="replace")
        chunks.append(chunk)


class Template:
    """A running template (:mod:`arena.jail.template`) and its control socket."""

    def __init__(self, view: View, game: str, plugins: list):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        boot = (f"import sys; sys.path[:0] = {view.sys_path!r}; "
                "from arena.jail.template import main; main()")
        command = bwrap_command(view, [sys.executable, "-I", "-c", boot])
        fd = theirs.fileno()

        def control_on_3():  # subprocess closes every other descriptor after this
            os.dup2(fcntl.fcntl(fd, fcntl.F_DUPFD, 64), 3)

        try:
            self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.PIPE, pass_fds=(3,), preexec_fn=control_on_3,
                                         start_new_session=True)
        except OSError as exc:
            raise SandboxError(f"bubblewrap could not start: {exc}") from None
        finally:
            theirs.close()
        self.control = ours
        self.control.settimeout(STARTUP_SECONDS)
        try:
            self.control.send(pickle.dumps({"game": game, "plugins": plugins}))
            answer = self._answer()
        except (OSError, EOFError):
            answer = ("error", "")
        if answer[0] != "ready":
            self.close()
            raise SandboxError(f"the jail's template did not start: {answer[1] or self._stderr()}")

    def _answer(self):
        data = self.control.recv(1 << 16)
        if not data:
            raise EOFError
        return pickle.loads(data)  # the template runs trusted code only

    def _stderr(self) -> str:
        try:
            text = self.proc.stderr.read(4096).decode(errors="replace").strip()
        except (OSError, ValueError):
            return "(no message)"
        return text.splitlines()[-1][:300] if text else "(no message)"

    def spawn(self, fds: list, setup: dict) -> list:
        """A new jailed player on these three pipe ends: [host pid].  Its anchor reports the
        pid on a pipe of this process's, not through the template, which never learns it."""
        report, reported = os.pipe()
        try:
            try:
                socket.send_fds(self.control, [pickle.dumps(setup)], fds + [reported])
            finally:
                os.close(reported)
            answer = self._answer()
            if answer[0] != "forked":
                raise SandboxError(f"the jail could not make a player process: {answer[1]}")
            said = _read_report(report, time.monotonic() + STARTUP_SECONDS)
        except (OSError, EOFError) as exc:
            raise SandboxError(f"the jail's template is gone: {exc}") from None
        finally:
            os.close(report)
        word, _, rest = said.partition(" ")
        if word != "pid" or not rest.isdigit():
            raise SandboxError(f"the jail could not make a player process: {rest or 'its anchor died'}")
        return [int(rest)]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        try:
            self.control.close()
        except OSError:
            pass
        try:
            self.proc.kill()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.proc.stderr:
            self.proc.stderr.close()


class Jail:
    """This game master's jail: its player cgroups and its templates."""

    def __init__(self, bwrap: bool | None = None):
        """``bwrap``: use the jail (default: where :func:`arena.jail.machine.jail_problem`
        finds it works)."""
        if bwrap is None:
            from arena.jail.machine import jail_problem

            bwrap = jail_problem() is None
        self.cgroups = Cgroups()
        self.bwrap = bwrap
        self.templates: OrderedDict = OrderedDict()
        self.players = weakref.WeakSet()
        self.views: dict = {}
        self.lock = threading.Lock()  # a template's control socket serves one spawn at a time

    def template(self, view: View, game: str, plugins: list) -> Template:
        key = (view.key(), game, tuple(plugins))
        template = self.templates.get(key)
        if template is not None and not template.alive():
            template.close()
            template = None
            del self.templates[key]
        if template is None:
            template = self.templates[key] = Template(view, game, plugins)
            while len(self.templates) > KEEP_TEMPLATES:
                self.templates.popitem(last=False)[1].close()
        self.templates.move_to_end(key)
        return template

    def view(self, spec: str, plugins: list, private: list) -> View:
        """The view of a player's jail (made once per spec, plugins and private paths)."""
        key = (spec, tuple(plugins), tuple(private))
        if key not in self.views:
            from arena.jail.view import FolderTooLarge, code_of, plugin_paths

            try:
                self.views[key] = View(code_of(spec), private, plugin_paths(plugins))
            except FolderTooLarge as exc:
                raise PlayerFault("exception", f"{spec}: {exc}") from None
        return self.views[key]

    def spawn(self, spec: str, params: dict, game: str, limits: Limits) -> PlayerProcess:
        """A fresh jailed player for one game (from any thread: one spawn at a time)."""
        with self.lock:
            process = PlayerProcess(self, spec, params, game, limits)
            self.players.add(process)
        return process

    def close(self) -> None:
        for process in list(self.players):  # a caller that forgot one: killed all the same
            process.kill()
        for template in self.templates.values():
            template.close()
        self.templates.clear()


_jail: list = []


def jail() -> Jail:
    """This process's jail (made on first use, closed at exit)."""
    if not _jail:
        _jail.append(Jail())
        atexit.register(close_jail)
    return _jail[0]


def close_jail() -> None:
    if _jail:
        _jail.pop().close()


def spawn(spec: str, params: dict, game: str, limits: Limits | None = None) -> PlayerProcess:
    """A fresh jailed player for one game (see the module's docstring)."""
    return jail().spawn(spec, params, game, limits or Limits())
