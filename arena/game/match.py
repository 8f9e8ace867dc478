"""The game master: one game between players, with faults kept inside the game.

``play_game`` is the single loop used by ``arena play``, the tournament
workers and the player checks.  It owns the engine's State, the clocks and the
fault records.  A seat's player is either a Player object in this process
(arena's own players, or trusted ones under ``isolation: none``) or an
:class:`arena.jail.PlayerProcess`: a jailed process of its own that
gets a pickled copy of the seat's observation and answers with the index of
its choice, under deadlines kept here (a process that misses one is killed).

The clocks: a limit per move (``move_seconds``) and each seat's thinking time for
the whole game (``game_seconds``, a chess clock: a seat's own moves count against it,
never another's, so a player that runs the clock down cannot get its opponent caught
by it).  A player that raises, returns an action that is not legal, overruns its time
per move, is still thinking when its time for the game is up, dies or runs out of
memory loses the game: it is placed last, the others are ranked among
themselves by the game's own rules at that moment, and the fault is recorded
with its reason.  For players in this process a watchdog (``SIGALRM``, main
thread only) stops one still thinking when its time is up: a ``hang``.

A seat the caller names ``untimed`` (a human at the terminal, ``arena play``) has no
clocks: no move limit and no time for the game.
"""
from __future__ import annotations

import hashlib
import hmac
import math
import signal
import threading
import time
import traceback
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field

from engine.registry import get_game
from engine.rng import mix64


@dataclass
class Fault:
    seat: int
    kind: str  # "exception" | "illegal" | "overrun" | "hang" | "crash" | "memory"
    detail: str


@dataclass
class GameResult:
    game: str
    num_players: int
    seed: int
    options: dict
    players: list  # names by seat
    actions: list = field(default_factory=list)  # text form
    scores: list = field(default_factory=list)
    ranks: list = field(default_factory=list)
    faults: list = field(default_factory=list)  # of Fault
    think_seconds: list = field(default_factory=list)  # per seat, total
    max_move_seconds: list = field(default_factory=list)  # per seat
    moves: list = field(default_factory=list)  # per seat, count

    def to_dict(self) -> dict:
        return asdict(self)


class GameTimeout(BaseException):
    """Raised inside a player's code when the game's time is up.  A BaseException,
    so that a player's ``except Exception`` does not swallow it."""


class Watchdog:
    """Stops a player in this process that overruns its time for the game.

    Each seat has ``seconds`` of thinking for the whole game (a chess clock: only its own
    moves count, so no player can spend another's).  While a seat's code runs (inside
    :meth:`player`), an interval timer (``setitimer``) is armed with what that seat has
    left, firing again every half second after; the handler raises :class:`GameTimeout`
    only while a player's code runs, so engine code is never interrupted half-way.
    Outside the main thread, or without ``setitimer``, it does nothing.
    """

    def __init__(self, seconds: float | None, seats: int = 1):
        self.seconds = seconds
        self.left = [seconds if seconds is not None else math.inf] * seats
        self.expired = [False] * seats
        self.in_player = False
        self.current = 0
        self.active = (seconds is not None and hasattr(signal, "setitimer")
                       and threading.current_thread() is threading.main_thread())
        self._previous = None
        self._guards = [_InPlayer(self, seat) for seat in range(seats)]

    def _fire(self, signum, frame):
        if self.in_player:
            self.in_player = False
            self.expired[self.current] = True
            raise GameTimeout()

    def __enter__(self):
        if self.active:
            self._previous = signal.signal(signal.SIGALRM, self._fire)
        return self

    def __exit__(self, *exc):
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous or signal.SIG_DFL)
        return False

    def player(self, seat: int = 0) -> "_InPlayer":
        """``with watchdog.player(seat):`` around seat ``seat``'s code (a plain context
        manager object, made once: this runs once per move)."""
        return self._guards[seat]


class _InPlayer:
    __slots__ = ("watchdog", "seat", "began")

    def __init__(self, watchdog: Watchdog, seat: int):
        self.watchdog, self.seat, self.began = watchdog, seat, 0.0

    def __enter__(self):
        w = self.watchdog
        if w.active and w.left[self.seat] <= 0:
            w.expired[self.seat] = True
        if w.expired[self.seat]:
            raise GameTimeout()
        w.current = self.seat
        self.began = time.monotonic()
        if w.active:
            signal.setitimer(signal.ITIMER_REAL, max(w.left[self.seat], 0.001), 0.5)  # 0 would disarm it
        w.in_player = True

    def __exit__(self, *exc):
        w = self.watchdog
        w.in_player = False
        if w.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            w.left[self.seat] -= time.monotonic() - self.began
        return False


def player_seed(game_seed: int, seat: int, key: bytes | None = None) -> int:
    """The seed a player gets for one game: a keyed hash (HMAC-SHA256) of the game's
    seed and its seat.  The key is the tournament's secret (:mod:`arena.store.secret`);
    without one (``arena play``, checks) it is the game's seed itself, so that a
    player that knows its seed learns nothing it could rebuild the deal from."""
    key = key if key is not None else b"game-seed:%d" % game_seed
    digest = hmac.new(key, b"player:%d:%d" % (game_seed, seat), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def faulted_ranks(state, faulty: set) -> list:
    """Seats with a fault share last place; the others are ranked by the game's own keys."""
    keys = state.rank_keys()
    n = len(keys)
    ranks = []
    for seat in range(n):
        if seat in faulty:
            ranks.append(n - len(faulty) + 1)
        else:
            ranks.append(1 + sum(1 for o in range(n) if o not in faulty and keys[o] > keys[seat]))
    return ranks


def play_game(game: str, players: list, seed: int, options: dict | None = None, names: list | None = None,
              move_seconds: float | None = None, on_step=None, game_seconds: float | None = None,
              on_turn=None, player_seeds: list | None = None, untimed=()) -> GameResult:
    """Play one game.  ``players[seat]`` is a Player (run in this process) or an
    :class:`arena.jail.PlayerProcess` (a jailed process of its own, which
    gets a copy of the seat's observation and answers with an action's index);
    ``on_step(state, seat, action)`` (optional) is called before each action is
    applied, for logs; ``on_turn(seat)`` (optional) just before a player's code
    runs (``start`` or ``act``), so that a supervisor can tell who was thinking if
    the process dies.  ``player_seeds`` default to :func:`player_seed` without a key.
    ``game_seconds`` is each seat's thinking time for the whole game (its own moves only:
    a chess clock, so no player can spend another's time and get it charged with the
    ``hang``).  ``untimed``: seats in this process that play with no clocks (a human at the
    terminal): no move limit, no watchdog."""
    spec = get_game(game)
    n = len(players)
    state = spec.new_game(n, seed, options)
    result = GameResult(game=game, num_players=n, seed=seed, options=dict(options or {}),
                        players=list(names or [getattr(p, "name", type(p).__name__) for p in players]),
                        think_seconds=[0.0] * n, max_move_seconds=[0.0] * n, moves=[0] * n)
    seeds = list(player_seeds) if player_seeds is not None else [player_seed(seed, s) for s in range(n)]
    faulty: set = set()
    local = any(not _is_process(p) for p in players)
    for seat, player in enumerate(players):  # fresh interpreters start before the game's clock does
        if _is_process(player) and not player.loaded:
            try:
                _ProcessSeat(player, None).load()
            except PlayerFault as fault:
                result.faults.append(Fault(seat, fault.kind, f"start(): {fault.detail}"))
                faulty.add(seat)
    with Watchdog(game_seconds if local else None, n) as watchdog:
        clock = _Clock(game_seconds, move_seconds, n)
        untimed = frozenset(s for s in untimed if not _is_process(players[s]))
        seats = [_ProcessSeat(p, clock, seat) if _is_process(p) else
                 _LocalSeat(p, Watchdog(None, n) if seat in untimed else watchdog, seat, game_seconds)
                 for seat, p in enumerate(players)]
        for seat, player in enumerate(seats):
            if seat in faulty:
                continue
            if on_turn is not None:
                on_turn(seat)
            try:
                player.start(game, seat, n, seeds[seat])
            except PlayerFault as fault:
                detail = fault.detail if fault.detail.startswith("start()") else f"start(): {fault.detail}"
                result.faults.append(Fault(seat, fault.kind, detail))
                faulty.add(seat)
        while not faulty and not state.is_terminal():
            seat = state.current_player
            observation = state.observation(seat)
            if on_turn is not None:
                on_turn(seat)
            began = time.perf_counter()
            try:
                action = seats[seat].act(observation)
            except PlayerFault as fault:
                result.faults.append(Fault(seat, fault.kind, fault.detail))
                faulty.add(seat)
                break
            spent = time.perf_counter() - began
            result.think_seconds[seat] += spent
            result.max_move_seconds[seat] = max(result.max_move_seconds[seat], spent)
            result.moves[seat] += 1
            if move_seconds is not None and spent > move_seconds and seat not in untimed:
                result.faults.append(Fault(seat, "overrun", f"took {spent:.3f}s for a move (limit {move_seconds}s)"))
                faulty.add(seat)
                break
            if action not in observation.legal_actions:
                result.faults.append(Fault(seat, "illegal", f"returned {action!r}, not a legal action"))
                faulty.add(seat)
                break
            if on_step is not None:
                on_step(state, seat, action)
            result.actions.append(spec.action_to_text(action))
            state.apply(action)
        result.scores = list(state.scores())
        result.ranks = faulted_ranks(state, faulty) if faulty else list(state.ranking())
        # what every seat learns of the game's faults: whose and of which kind, never their
        # details (a player's text, which may hold what another seat saw or sent)
        summary = {"scores": result.scores, "ranks": result.ranks,
                   "faults": [{"seat": f.seat, "kind": f.kind} for f in result.faults]}
        for seat, player in enumerate(seats):
            if seat not in faulty:
                player.end(dict(summary, seat=seat))
    result.final_state = state  # not serialised; handy for callers that render the end
    return result


def _is_process(player) -> bool:
    return getattr(player, "is_player_process", False)


class SandboxError(RuntimeError):
    """A player process that could not be jailed or confined before any player code ran:
    the machine's problem, so the game fails for no player's reason (and is played again)."""


class PlayerFault(Exception):
    """What a player did wrong, to be recorded against its seat."""

    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


class _Clock:
    """The move's deadline and each seat's time for the game, for players in processes of
    their own: a seat's requests spend its own time only (:meth:`spend`)."""

    def __init__(self, game_seconds, move_seconds, seats: int):
        self.left = [game_seconds if game_seconds else math.inf] * seats
        self.move_seconds = move_seconds

    def game_deadline(self, seat: int) -> float:
        return time.monotonic() + min(self.left[seat], 10 ** 9)

    def move_deadline(self, seat: int) -> tuple:
        """(deadline, whether it is the move's rather than the seat's game time)."""
        game_end = self.game_deadline(seat)
        if self.move_seconds is not None:
            move_end = time.monotonic() + self.move_seconds
            if move_end < game_end:
                return move_end, True
        return game_end, False

    def spend(self, seat: int, seconds: float) -> None:
        self.left[seat] -= seconds


class _ProcessSeat:
    """A player in a process of its own: every request under the game's clocks.  Whatever
    goes wrong while one of its requests is in flight is that seat's fault (a failure of
    the jail before any player code ran, :class:`arena.jail.SandboxError`, excepted)."""

    def __init__(self, process, clock: _Clock, seat: int = 0):
        self.process, self.clock, self.seat = process, clock, seat

    def start(self, game, seat, n, seed):
        with self._in_flight("start()"), self._timed():
            self.process.start(game, seat, n, seed, self.clock.game_deadline(self.seat))

    def act(self, observation):
        deadline, overrun = self.clock.move_deadline(self.seat)
        with self._in_flight("act()"), self._timed():
            return observation.legal_actions[self.process.act(observation, deadline, overrun)]

    def load(self):
        with self._in_flight("loading the player"):
            self.process.load()

    def end(self, summary):
        if self.process.alive:
            try:
                with self._in_flight("end()"):
                    self.process.end(summary)
            except PlayerFault:  # end() cannot change the result
                pass

    @contextmanager
    def _timed(self):
        began = time.monotonic()
        try:
            yield
        finally:
            self.clock.spend(self.seat, time.monotonic() - began)

    @contextmanager
    def _in_flight(self, what: str):
        try:
            yield
        except (PlayerFault, SandboxError):
            raise
        except Exception as exc:  # noqa: BLE001 - its answer could not be read: the seat's, not the game's
            self.process.kill()
            raise PlayerFault("illegal", f"{what}: its answer could not be read ({type(exc).__name__})") from None


class _LocalSeat:
    """A player in this process, under the in-process watchdog (trusted players)."""

    def __init__(self, player, watchdog: Watchdog, seat: int, game_seconds):
        self.player, self.watchdog, self.game_seconds = player, watchdog, game_seconds
        self.guard = watchdog.player(seat)
        self.seat = seat

    def start(self, game, seat, n, seed):
        try:
            with self.guard:
                self.player.start(game, seat, n, seed)
        except GameTimeout:
            raise PlayerFault("hang", f"start(): {_hang_detail(self.game_seconds, None)}") from None
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - a player's bug is a fault, not a crash
            raise PlayerFault("exception", f"start(): {_describe(exc)}") from None

    def act(self, observation):
        began = time.perf_counter()
        try:
            with self.guard:
                return self.player.act(observation)
        except GameTimeout:
            raise PlayerFault("hang", _hang_detail(self.game_seconds, time.perf_counter() - began)) from None
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - sys.exit() in a player too
            raise PlayerFault("exception", _describe(exc)) from None

    def end(self, summary):
        try:
            if self.watchdog.expired[self.seat]:
                return  # no time left for courtesy calls
            with self.guard:
                self.player.end(summary)
        except (Exception, GameTimeout):  # noqa: BLE001 - end() is optional and cannot change the result
            pass


def _hang_detail(game_seconds, spent) -> str:
    took = f" after {spent:.1f}s on this move" if spent is not None else ""
    return f"stopped when its time for the game ({game_seconds}s of thinking) ran out{took}"


def _describe(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"
