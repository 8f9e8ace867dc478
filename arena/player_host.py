"""A player process: one player, one seat at a time, behind a pipe.

Started by the game master as a fresh interpreter (``python -m arena.player_host``,
never a fork of the game's process), so nothing of the engine's live state, the
other players, the runner or the results store is in its memory.  It confines
itself first (:func:`arena.sandbox.enter`), then loads the player's class, then
answers the game master's requests one at a time:

- ``("start", game, seat, num_players, seed)``: build a fresh player (its
  constructor runs here) and call ``start``;
- ``("act", observation)``: ``act`` on a copy of the seat's observation; the
  answer is the index of the chosen action in ``observation.legal_actions``;
- ``("act", observation, kept, new)``: the same, for an observation sent without its
  public ``history``: it is the first ``kept`` entries of the history of this game's
  previous ``act`` request followed by the entries ``new``;
- ``("end", result)``: the optional ``end``;
- end of input: exit.

Requests come pickled (from the game master, which this process trusts); answers
go back as small JSON objects, which the game master reads without running
anything of the player's.  Whatever the player raises (``BaseException``s,
``SystemExit`` and ``KeyboardInterrupt`` included) is answered as an error of
that request; a process that dies, or stays silent past its clock, is the game
master's to notice.
"""
from __future__ import annotations

import json
import os
import pickle
import struct
import sys
import traceback

MAX_REPLY = 1 << 20
_HEAD = struct.Struct(">I")


def _read_exact(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, left)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def describe(exc: BaseException) -> str:
    """``Type: message at file:line`` (the innermost frame of the traceback)."""
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
    text = str(exc)
    return f"{type(exc).__name__}: {text[:300]}{where}"


def _error(exc: BaseException, where: str = "") -> dict:
    kind = "memory" if isinstance(exc, MemoryError) else "exception"
    return {"error": kind, "detail": f"{where}{describe(exc)}"}


class _Host:
    def __init__(self, inp: int, out: int):
        self.inp, self.out = inp, out
        self.cls = self.params = self.player = self.spec = None
        self.history = None  # the history of this game's last observation (for the short "act")

    def send(self, reply: dict) -> None:
        data = json.dumps(reply).encode()
        os.write(self.out, _HEAD.pack(len(data)) + data)

    def receive(self):
        size, = _HEAD.unpack(_read_exact(self.inp, _HEAD.size))
        return pickle.loads(_read_exact(self.inp, size))

    def confine(self, hello: dict) -> dict:
        """Apply the sandbox (before any of the player's code runs); answered in a message
        of its own, the only one in which the game master accepts a "sandbox" error."""
        from arena.sandbox import enter

        try:
            return {"ok": True, "sandbox": enter(hello["limits"])}
        except BaseException as exc:  # noqa: BLE001 - the machine's problem, not the player's (none of its code ran)
            return {"error": "sandbox", "detail": describe(exc)}

    def load(self, hello: dict) -> dict:
        for path in hello.get("sys_path", ()):
            if path not in sys.path:
                sys.path.append(path)
        from arena.config import import_plugins
        from players.loading import PlayerSpecError, resolve_class

        self.spec = hello["spec"]
        try:
            import_plugins(hello.get("plugins", ()))
            self.cls = resolve_class(self.spec, hello["game"])
        except PlayerSpecError as exc:
            return {"error": "exception", "detail": str(exc)}
        except BaseException as exc:  # noqa: BLE001 - the player's module is the player's fault
            return _error(exc, f"player {self.spec!r}: loading: ")
        self.params = dict(hello.get("params") or {})
        return {"ok": True}

    def start(self, game, seat, num_players, seed) -> dict:
        self.player = None
        self.history = None
        try:
            player = self.cls(**self.params)
        except BaseException as exc:  # noqa: BLE001
            return _error(exc, f"player {self.spec!r}: cannot construct "
                               f"{getattr(self.cls, '__name__', 'player')}(**{self.params!r}): ")
        for method in ("start", "act"):
            if not callable(getattr(player, method, None)):
                return {"error": "exception", "detail": f"{type(player).__name__} has no {method}() method"}
        try:
            player.start(game, seat, num_players, seed)
        except BaseException as exc:  # noqa: BLE001
            return _error(exc, "start(): ")
        self.player = player
        return {"ok": True}

    def act(self, observation) -> dict:
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
            return {"error": "illegal", "detail": f"returned {shown}, not a legal action"}
        return {"index": index}  # the game master keeps the clocks

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

    def end(self, result) -> dict:
        end = getattr(self.player, "end", None)
        if callable(end):
            try:
                end(result)
            except BaseException:  # noqa: BLE001 - end() cannot change the result
                pass
        return {"ok": True}

    def serve(self) -> None:
        hello = self.receive()
        confined = self.confine(hello)
        self.send(confined)
        if "error" in confined:
            return
        self.send(self.load(hello))
        while True:
            try:
                request = self.receive()
            except EOFError:
                raise
            except BaseException as exc:  # noqa: BLE001 - e.g. an observation of a game this process lacks
                self.send({"error": "exception", "detail": f"the player's process could not read the request: "
                                                           f"{describe(exc)}"})
                continue
            verb = request[0]
            if verb == "act":
                reply = self.act(self.observation(request)) if self.player is not None else {
                    "error": "exception", "detail": "act() before start()"}
            elif verb == "start":
                reply = self.start(*request[1:])
            elif verb == "end":
                reply = self.end(request[1])
            else:
                return
            self.send(reply)


def main() -> None:
    # the pipes to the game master move to fds of their own; the player's prints go to stderr
    inp, out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    host = _Host(inp, out)
    try:
        host.serve()
    except (EOFError, BrokenPipeError):
        pass
    os._exit(0)  # no atexit hooks or finalizers of the player's


if __name__ == "__main__":
    main()
