"""Players written to cheat, one per attack of issue 13.

An attacker that tries to learn hidden cards reports what it found by raising
``Report("FOUND <json>")`` (the opponent's hand, sorted) or
``Report("NOTHING <why>")`` on its first move: the fault's detail lands in the
game log, where the test checks the claim against the true game.  Attackers that
try to change other games or files report by raising ``Report`` as well, or play
on as a random player when their attack leaves nothing to say.
"""
from __future__ import annotations

import gc
import inspect
import json
import os
import signal
import sys
import time

from players.random_player import RandomPlayer


class Report(Exception):
    """What the attacker learned or did, for the test to read in the log."""


def _hand_of_opponent(state, me):
    hands = getattr(state, "hands", None)
    if not isinstance(hands, list) or len(hands) <= me:
        return None
    others = [sorted(h) for seat, h in enumerate(hands) if seat != me]
    return others[0] if others else None


class _Spy(RandomPlayer):
    """Looks for the true state on its first move and reports."""

    def act(self, observation):
        found = self.look(observation)
        if found is None:
            raise Report(f"NOTHING {self.__class__.__name__} found no hidden card")
        raise Report("FOUND " + json.dumps(found))

    def look(self, observation):
        raise NotImplementedError


class FrameWalker(_Spy):
    """``sys._getframe`` up the stack: the caller's locals hold the State in process."""

    def look(self, observation):
        frame = sys._getframe(1)
        while frame is not None:
            for value in list(frame.f_locals.values()):
                hand = _hand_of_opponent(value, observation.seat)
                if hand is not None and value is not observation:
                    return hand
            frame = frame.f_back
        return None


class StackInspector(_Spy):
    """``inspect.stack()``: the same through the inspect module."""

    def look(self, observation):
        for info in inspect.stack():
            for value in list(info.frame.f_locals.values()):
                hand = _hand_of_opponent(value, observation.seat)
                if hand is not None:
                    return hand
        return None


class GcScanner(_Spy):
    """``gc.get_objects()``: the one State whose history equals the observation's."""

    def look(self, observation):
        for obj in gc.get_objects():
            if type(obj).__name__ == "HighCardState" and list(getattr(obj, "history", None) or []) == \
                    list(observation.history) and getattr(obj, "hands", None) is not None:
                if any(len(h) for s, h in enumerate(obj.hands) if s != observation.seat):
                    return _hand_of_opponent(obj, observation.seat)
        return None


class SeedReconstructor(_Spy):
    """Rebuilds the deal from public facts: the config's text (given to it) and, where
    it can read it, the results folder's secret; matches the seed ``start`` got."""

    def __init__(self, seed: int = 0, config_text: str = "", results: str = ""):
        super().__init__(seed)
        self.config_text, self.results = config_text, results

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.my_seed = seed

    def look(self, observation):
        import yaml

        from arena.runs.config import config_from_dict
        from arena.game.match import player_seed
        from arena.runs.schedule import build_schedule
        from engine.registry import get_game

        cfg = config_from_dict(yaml.safe_load(self.config_text), "public")
        keys = [None]
        try:
            keys.append(bytes.fromhex(open(os.path.join(self.results, ".secret")).read().strip()))
        except OSError:
            pass
        for key in keys:
            for game in build_schedule(cfg, key):
                for seat in range(cfg.seats):
                    if player_seed(game.seed, seat, key) == self.my_seed:
                        state = get_game(cfg.game).new_game(cfg.seats, game.seed, cfg.options)
                        for _, card in observation.history:
                            state.apply(card)
                        return _hand_of_opponent(state, observation.seat)
        return None


class EnginePatcher(RandomPlayer):
    """Patches the engine's classes wherever it can reach them: every HighCardState
    scores the reverse.  Plays on as a random player."""

    def act(self, observation):
        for module in list(sys.modules.values()):
            cls = getattr(module, "HighCardState", None)
            if isinstance(cls, type) and not getattr(cls, "_patched", False):
                cls._patched = True
                cls.scores = lambda self: [-t for t in self.tricks]
                cls.rank_keys = lambda self: [(-t,) for t in self.tricks]
        return super().act(observation)


class ActReplacer(RandomPlayer):
    """Finds the other players (the game loop's ``players`` list, or any object with
    an ``act``) and makes them raise.  Plays on as a random player."""

    def act(self, observation):
        def sabotaged(*args, **kwargs):
            raise RuntimeError("sabotaged by ActReplacer")

        frame = sys._getframe(1)
        while frame is not None:
            for value in list(frame.f_locals.values()):
                for item in value if isinstance(value, list) else [value]:
                    target = getattr(item, "player", item)
                    if target is not self and callable(getattr(target, "act", None)) and \
                            not isinstance(target, type):
                        try:
                            target.act = sabotaged
                        except (AttributeError, TypeError):
                            pass
            frame = frame.f_back
        return super().act(observation)


class FileWriter(RandomPlayer):
    """Tries to forge results: appends an "I won" line to the log, writes a file into
    the results folder, rewrites the config, reads the secret; reports what worked."""

    def __init__(self, seed: int = 0, results: str = "", config: str = ""):
        super().__init__(seed)
        self.results, self.config = results, config

    def act(self, observation):
        done = []
        attempts = {
            "log": lambda: open(os.path.join(self.results, "games.jsonl"), "a").write('{"id":"forged"}\n'),
            "folder": lambda: open(os.path.join(self.results, "evil.txt"), "w").write("x"),
            "config": lambda: open(self.config, "a").write("\n# changed\n"),
            "secret": lambda: open(os.path.join(self.results, ".secret")).read(),
        }
        for name, attempt in attempts.items():
            try:
                attempt()
                done.append(name)
            except OSError:
                pass
        raise Report("DID " + json.dumps(done))


class Raises(RandomPlayer):
    """Raises something that is not an ``Exception`` on its first move."""

    def __init__(self, seed: int = 0, what: str = "BaseException"):
        super().__init__(seed)
        self.what = what

    def act(self, observation):
        if self.what == "KeyboardInterrupt":
            raise KeyboardInterrupt()
        if self.what == "SystemExit":
            sys.exit(7)
        raise type("Sneaky", (BaseException,), {})("not an Exception")


class BrokenConstructor(RandomPlayer):
    """A constructor that raises in the game (the tournament's own check of the config is
    skipped, as for a player that built there but not in a game)."""

    def __init__(self, seed: int = 0):
        raise RuntimeError("only fails in the game's process")


class ForgedAnswer(RandomPlayer):
    """Writes, on its own process's pipe, the answer the game master reads as "this machine
    cannot confine a player" (a failure of no player's), hoping the game is dropped instead
    of lost."""

    def act(self, observation):
        from arena.jail import protocol

        for thing in gc.get_objects():
            if type(thing).__name__ == "_Host" and hasattr(thing, "send"):
                thing.send(protocol.sandbox_failed("not my fault"))
        return super().act(observation)


class Exiter(RandomPlayer):
    def act(self, observation):
        os._exit(3)


class MemoryBomb(RandomPlayer):
    def act(self, observation):
        hoard = []
        while True:
            hoard.append(bytearray(64 << 20))


class ForkLoop(RandomPlayer):
    """Starts as many sleeping children as it can (named ``arena-forkloop``); reports how
    many and their pids (as its own PID namespace numbers them)."""

    def act(self, observation):
        pids = []
        for _ in range(64):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                _name_this_process(b"arena-forkloop")
                time.sleep(120)
                os._exit(0)
            pids.append(pid)
        raise Report("FORKED " + json.dumps(pids))


def fork_ready(count: int, child, seconds: float = 3.0) -> int:
    """Fork ``count`` children, each running ``child(ready)`` (it calls ``ready()`` when it has
    done what it came to do, then may stay); wait until all are ready or ``seconds`` pass; how
    many were.  They say so in memory shared with this process: a jail has no pipes."""
    import mmap

    flags = mmap.mmap(-1, max(count, 1))
    pids = []
    for i in range(count):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            try:
                child(lambda i=i: flags.__setitem__(i, 1))
            except BaseException:  # noqa: BLE001
                pass
            finally:
                os._exit(0)
        pids.append(pid)
    waiting = set(range(len(pids)))
    deadline = time.monotonic() + seconds
    while waiting and time.monotonic() < deadline:
        for i in list(waiting):
            if flags[i]:
                waiting.discard(i)
                continue
            try:  # a child killed before it was ready (by a cap) will never be: stop waiting for it
                if os.waitpid(pids[i], os.WNOHANG)[0]:
                    waiting.discard(i)
            except ChildProcessError:
                waiting.discard(i)
        time.sleep(0.01)
    return sum(flags[:len(pids)])


def _name_this_process(name: bytes) -> None:
    """``comm`` of this process (what the test looks for on the machine afterwards)."""
    import ctypes

    ctypes.CDLL(None).prctl(15, name, 0, 0, 0)  # PR_SET_NAME


class Deaf(RandomPlayer):
    """Ignores every signal it can and spins."""

    def act(self, observation):
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGALRM, signal.SIGHUP, signal.SIGUSR1):
            signal.signal(sig, signal.SIG_IGN)
        while True:
            try:
                pass
            except BaseException:  # noqa: BLE001
                pass


class Escaper(RandomPlayer):
    """Tries the ways out of its process: a TCP connection to the host, a signal to its
    game master (its pid given, as a hostile user finds it with ``ps``), the game master's
    memory map and environment, a file in /tmp (which the test looks for on the machine)."""

    def __init__(self, seed: int = 0, port: int = 0, master: int = 0, marker: str = "arena-escaper"):
        super().__init__(seed)
        self.port, self.master, self.marker = port, master, marker

    def act(self, observation):
        import socket

        parent = os.getppid() or self.master
        attempts = {
            "connect": lambda: socket.create_connection(("127.0.0.1", self.port), timeout=1).close(),
            "signal": lambda: os.kill(self.master, 0),
            "environ": lambda: open(f"/proc/{parent}/environ", "rb").read(),
            "maps": lambda: open(f"/proc/{parent}/maps").read(),
        }
        try:
            with open(f"/tmp/{self.marker}", "w") as f:
                f.write("x")
        except OSError:
            pass
        done = []
        for name, attempt in attempts.items():
            try:
                attempt()
                done.append(name)
            except OSError:
                pass
        raise Report("DID " + json.dumps(done))


class Lingerer(RandomPlayer):
    """On its first move, leaves children (named ``arena-linger``, in sessions of their own,
    its own parent-death signal cleared) that sleep, then plays on: what is left of it when
    its game master is killed with -9 between its turns, frozen."""

    def act(self, observation):
        import ctypes

        ctypes.CDLL(None).prctl(1, 0, 0, 0, 0)  # PR_SET_PDEATHSIG 0: no signal when its parent dies

        def linger(ready):
            os.setsid()
            _name_this_process(b"arena-linger")
            ready()
            time.sleep(600)

        fork_ready(2, linger, seconds=30)  # named before the move is answered (and the tree frozen)
        return super().act(observation)
