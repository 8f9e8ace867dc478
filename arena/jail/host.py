"""A player process: one player, for one game, behind two pipes.

It is either a child of the jail's template (:mod:`arena.jail.template`), which
made its namespaces and mounts, or, where there is no jail, a fresh interpreter
started by the game master.  Never a fork of the game's process: nothing of the
engine's live state, the other players, the runner or the results store is in
its memory.  It reads requests on fd ``REQUESTS`` and answers on fd ``REPLIES``
(:mod:`arena.jail.protocol`); its stdout and stderr are a pipe whose last lines
the game master keeps for a crash's report.  It answers, one at a time:

- the hello (a dict: the player's spec, parameters, game and limits): it confines
  itself (:func:`arena.jail.confine.enter`), answers ``confined`` (or ``sandbox``
  where it could not: no player code has run yet), then loads the player's class
  and answers ``ok`` or an error;
- ``("start", game, seat, num_players, seed)``: build the player (its constructor
  runs here) and call ``start``;
- ``("act", observation)``: ``act`` on a copy of the seat's observation; the answer
  is the index of the chosen action in ``observation.legal_actions``;
- ``("act", observation, kept, new)``: the same, for an observation sent without its
  public ``history``: it is the first ``kept`` entries of the history of this game's
  previous ``act`` request followed by the entries ``new``;
- ``("end", result)``: the optional ``end``;
- end of input: exit.

Whatever the player raises (``BaseException``s, ``SystemExit`` and
``KeyboardInterrupt`` included) is answered as an error of that request; a process
that dies, or stays silent past its clock, is the game master's to notice.
"""
from __future__ import annotations

import os
import pickle
import sys
import traceback

from arena.jail import protocol
from arena.jail.seccomp import refusal

REQUESTS, REPLIES = 3, 4


def _read_exact(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, left)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


_SYSCALLS: dict = {}  # {number: name} of the calls the filter knows (the hello's), for its refusals


def describe(exc: BaseException) -> str:
    """``Type: message at file:line`` (the innermost frame of the traceback); where a call the
    jail refused is behind it, ``syscall N (name) refused by the jail: Type at file:line``."""
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
    refused = refusal(exc, _SYSCALLS)
    if refused:
        return f"{refused}: {type(exc).__name__}{where}"
    try:
        text = str(exc)
    except BaseException:  # noqa: BLE001 - a __str__ that raises
        text = "(its message could not be read)"
    return f"{type(exc).__name__}: {text[:300]}{where}"


_OWN = (os.path.dirname(os.path.dirname(os.path.abspath(__file__))),  # arena/
        os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "players",
                     "loading.py"),
        os.path.dirname(os.path.abspath(os.__file__)))  # Python's own library (importlib among it)


def _own(filename: str) -> bool:
    """arena's own code (and the loader's, and Python's import machinery): never the
    place a user's error is shown at."""
    path = os.path.abspath(filename)
    return filename.startswith("<") or any(path == own or path.startswith(own + os.sep) for own in _OWN)


def _shown(filename: str, spec: str) -> str:
    """A file as the user knows it: as written in their spec where it is the spec's file."""
    where, sep, _ = (spec or "").rpartition(":")
    if sep and where.endswith(".py"):
        try:
            if os.path.samefile(where, filename):
                return where
        except OSError:
            pass
    return filename


def user_place(exc: BaseException, spec: str, fallback=None) -> str:
    """``file:line`` of the user's code where ``exc`` came from: the innermost frame in the
    spec's file, else the innermost frame that is not arena's own code, else ``fallback``
    (a code object, e.g. the constructor's), else ''."""
    where, sep, _ = (spec or "").rpartition(":")
    mine = os.path.abspath(where) if sep and where.endswith(".py") else None
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    if isinstance(exc, SyntaxError) and exc.filename and exc.lineno:
        return f"{_shown(exc.filename, spec)}:{exc.lineno}"
    chosen = next((f for f in reversed(frames) if mine and os.path.abspath(f.filename) == mine), None) or \
        next((f for f in reversed(frames) if not _own(f.filename)), None)
    if chosen is not None:
        return f"{_shown(chosen.filename, spec)}:{chosen.lineno}"
    code = getattr(fallback, "__code__", None)
    if code is not None and not _own(code.co_filename):
        return f"{_shown(code.co_filename, spec)}:{code.co_firstlineno}"
    return ""


def _raised(exc: BaseException) -> str:
    refused = refusal(exc, _SYSCALLS)
    if refused:
        return f"raised {type(exc).__name__}: {refused}"
    try:
        text = str(exc)
    except BaseException:  # noqa: BLE001 - a __str__ that raises
        text = "(its message could not be read)"
    return f"raised {type(exc).__name__}" + (f": {text[:300]}" if text else "")


def _error(exc: BaseException, where: str = "") -> bytes:
    kind = "memory" if isinstance(exc, MemoryError) else "exception"
    return protocol.error(kind, f"{where}{describe(exc)}")


class _Host:
    def __init__(self, inp: int, out: int):
        self.inp, self.out = inp, out
        self.cls = self.params = self.player = self.spec = None
        self.history = None  # the history of this game's last observation (for the short "act")

    def send(self, reply: bytes) -> None:
        view = memoryview(reply)
        while view:
            view = view[os.write(self.out, view):]

    def receive(self):
        size, = protocol.HEAD.unpack(_read_exact(self.inp, protocol.HEAD.size))
        return pickle.loads(_read_exact(self.inp, size))

    def confine(self, hello: dict) -> bytes:
        """Apply the last layer (before any of the player's code runs); answered in a
        message of its own, the only one in which the game master accepts a "sandbox"
        error."""
        from arena.jail.confine import enter

        _SYSCALLS.update(hello["limits"].get("syscalls") or {})
        try:
            applied = list(hello.get("jail") or []) + enter(hello["limits"])
        except BaseException as exc:  # noqa: BLE001 - the machine's problem, not the player's (none of its code ran)
            return protocol.sandbox_failed(describe(exc))
        return protocol.confined(",".join(applied))

    def load(self, hello: dict) -> bytes:
        for path in hello.get("sys_path", ()):
            if path not in sys.path:
                sys.path.append(path)
        from arena.game.plugins import import_plugins
        from players.loading import PlayerSpecError, resolve_class

        self.spec = hello["spec"]
        try:
            import_plugins(hello.get("plugins", ()))
            self.cls = resolve_class(self.spec, hello["game"])
        except PlayerSpecError as exc:
            cause = exc.__cause__
            if cause is None or isinstance(cause, ImportError) and not isinstance(cause, SyntaxError) \
                    and not user_place(cause, self.spec):
                return protocol.error("exception", str(exc))
            place = user_place(cause, self.spec)  # a user's module that raised while it was imported
            where = self.spec.rpartition(":")[0]
            module = os.path.basename(where) if where.endswith(".py") else where
            return protocol.error("exception", f"{place or self.spec}: importing {module} {_raised(cause)}")
        except BaseException as exc:  # noqa: BLE001 - the player's module is the player's fault
            place = user_place(exc, self.spec)
            return protocol.error("memory" if isinstance(exc, MemoryError) else "exception",
                                  f"{place or self.spec}: loading it {_raised(exc)}")
        self.params = dict(hello.get("params") or {})
        return protocol.ok()

    def start(self, game, seat, num_players, seed) -> bytes:
        self.player = None
        self.history = None
        try:
            player = self.cls(**self.params)
        except BaseException as exc:  # noqa: BLE001
            name = getattr(self.cls, "__name__", "player")
            arguments = ", ".join(f"{key}={value!r}" for key, value in self.params.items())
            place = user_place(exc, self.spec, getattr(self.cls, "__init__", None))
            return protocol.error("memory" if isinstance(exc, MemoryError) else "exception",
                                  f"{place or self.spec}: {name}({arguments}) {_raised(exc)}")
        for method in ("start", "act"):
            if not callable(getattr(player, method, None)):
                return protocol.error("exception", f"{type(player).__name__} has no {method}() method")
        try:
            player.start(game, seat, num_players, seed)
        except BaseException as exc:  # noqa: BLE001
            return _error(exc, "start(): ")
        self.player = player
        return protocol.ok()

    def act(self, observation) -> bytes:
        try:
            action = self.player.act(observation)
        except BaseException as exc:  # noqa: BLE001 - SystemExit, KeyboardInterrupt too: the seat's fault
            return _error(exc)
        legal = observation.legal_actions
        try:  # most players return one of the listed objects: found by identity, no __eq__ calls
            index = next((i for i, listed in enumerate(legal) if listed is action), None)
            if index is None:
                index = legal.index(action)
        except BaseException:  # noqa: BLE001 - not in the list, or an __eq__ that raises
            try:
                shown = repr(action)[:200]
            except BaseException:  # noqa: BLE001
                shown = f"a {type(action).__name__}"
            return protocol.error("illegal", f"returned {shown}, not a legal action")
        return protocol.index(index)  # the game master keeps the clocks

    def observation(self, request):
        """The observation of an ``act`` request, its history put back together (kept here
        before the player's code sees the observation)."""
        observation = request[1]
        if len(request) == 4:
            kept, new = request[2], request[3]
            observation.history = self.history[:kept] + new
        history = getattr(observation, "history", None)
        self.history = history if type(history) is tuple else None
        return observation

    def end(self, result) -> bytes:
        end = getattr(self.player, "end", None)
        if callable(end):
            try:
                end(result)
            except BaseException:  # noqa: BLE001 - end() cannot change the result
                pass
        return protocol.ok()

    def serve(self) -> None:
        hello = self.receive()
        confined = self.confine(hello)
        self.send(confined)
        if confined[4:5] == b"S":
            return
        self.send(self.load(hello))
        while True:
            try:
                request = self.receive()
            except EOFError:
                raise
            except BaseException as exc:  # noqa: BLE001 - e.g. an observation of a game this process lacks
                self.send(protocol.error("exception", "the player's process could not read the request: "
                                                      + describe(exc)))
                continue
            verb = request[0]
            if verb == "act":
                reply = self.act(self.observation(request)) if self.player is not None else protocol.error(
                    "exception", "act() before start()")
            elif verb == "start":
                reply = self.start(*request[1:])
            elif verb == "end":
                reply = self.end(request[1])
            else:
                return
            self.send(reply)


def serve(inp: int = REQUESTS, out: int = REPLIES) -> None:
    """Answer the game master until it closes the requests pipe, then exit at once
    (no atexit hooks or finalizers of the player's run)."""
    try:
        _Host(inp, out).serve()
    except (EOFError, BrokenPipeError):
        pass
    os._exit(0)


def main() -> None:
    """A player process started by the game master (no jail): the pipes come as fds
    ``REQUESTS`` and ``REPLIES``, stdin is ``/dev/null``, stdout and stderr the game
    master's stderr pipe."""
    serve()
