"""Play one game between players, with faults kept inside the game.

``play_game`` is the single loop used by ``arena play``, the tournament
workers and the player checks.  A player that raises, returns an action that is
not legal, or overruns its time per move loses the game: it is placed last, the
others are ranked among themselves by the game's own rules at that moment, and
the fault is recorded with its reason.  With ``game_seconds`` a watchdog
(``SIGALRM``, main thread only) stops a player that is still thinking when the
game's time is up: a ``hang`` fault.
"""
from __future__ import annotations

import signal
import threading
import time
import traceback
from dataclasses import asdict, dataclass, field

from engine.registry import get_game
from engine.rng import mix64


@dataclass
class Fault:
    seat: int
    kind: str  # "exception" | "illegal" | "overrun" | "hang" | "crash"
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
    """Stops a player that overruns the whole game's time.

    An interval timer (``setitimer``) fires at the deadline and every half second
    after it; the handler raises :class:`GameTimeout` only while a player's code
    runs (inside :meth:`player`), so engine code is never interrupted half-way.
    Outside the main thread, or without ``setitimer``, it does nothing.
    """

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.expired = False
        self.in_player = False
        self.active = (seconds is not None and hasattr(signal, "setitimer")
                       and threading.current_thread() is threading.main_thread())
        self._previous = None
        self._guard = _InPlayer(self)

    def _fire(self, signum, frame):
        self.expired = True
        if self.in_player:
            self.in_player = False
            raise GameTimeout()

    def __enter__(self):
        if self.active:
            self._previous = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds, 0.5)
        return self

    def __exit__(self, *exc):
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous or signal.SIG_DFL)
        return False

    def player(self) -> "_InPlayer":
        """``with watchdog.player():`` around a player's code (a plain context manager
        object, made once: this runs once per move)."""
        return self._guard


class _InPlayer:
    __slots__ = ("watchdog",)

    def __init__(self, watchdog: Watchdog):
        self.watchdog = watchdog

    def __enter__(self):
        if self.watchdog.expired:
            raise GameTimeout()
        self.watchdog.in_player = True

    def __exit__(self, *exc):
        self.watchdog.in_player = False
        return False


def player_seed(game_seed: int, seat: int) -> int:
    """The seed a player gets for one game: a pure function of the game's seed and its seat."""
    return mix64((game_seed * 1_000_003 + seat + 1) & ((1 << 64) - 1)) & 0x7FFFFFFF


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
              on_turn=None) -> GameResult:
    """Play one game.  ``players[seat]`` is a Player; ``on_step(state, seat, action)``
    (optional) is called before each action is applied, for logs; ``on_turn(seat)``
    (optional) just before a player's code runs (``start`` or ``act``), so that a
    supervisor can tell who was thinking if the process dies."""
    spec = get_game(game)
    n = len(players)
    state = spec.new_game(n, seed, options)
    result = GameResult(game=game, num_players=n, seed=seed, options=dict(options or {}),
                        players=list(names or [getattr(p, "name", type(p).__name__) for p in players]),
                        think_seconds=[0.0] * n, max_move_seconds=[0.0] * n, moves=[0] * n)
    faulty: set = set()
    with Watchdog(game_seconds) as watchdog:
        _start_players(game, players, seed, result, faulty, watchdog, on_turn)
        while not faulty and not state.is_terminal():
            seat = state.current_player
            observation = state.observation(seat)
            if on_turn is not None:
                on_turn(seat)
            began = time.perf_counter()
            try:
                with watchdog.player():
                    action = players[seat].act(observation)
            except GameTimeout:
                result.faults.append(Fault(seat, "hang", _hang_detail(game_seconds, time.perf_counter() - began)))
                faulty.add(seat)
                break
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - sys.exit() in a player too
                result.faults.append(Fault(seat, "exception", _describe(exc)))
                faulty.add(seat)
                break
            spent = time.perf_counter() - began
            result.think_seconds[seat] += spent
            result.max_move_seconds[seat] = max(result.max_move_seconds[seat], spent)
            result.moves[seat] += 1
            if move_seconds is not None and spent > move_seconds:
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
        _end_players(players, result, watchdog)
    result.final_state = state  # not serialised; handy for callers that render the end
    return result


def _start_players(game, players, seed, result, faulty, watchdog, on_turn):
    n = len(players)
    for seat, player in enumerate(players):
        if on_turn is not None:
            on_turn(seat)
        try:
            with watchdog.player():
                player.start(game, seat, n, player_seed(seed, seat))
        except GameTimeout:
            result.faults.append(Fault(seat, "hang", f"start(): {_hang_detail(watchdog.seconds, None)}"))
            faulty.add(seat)
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - a player's bug is a fault, not a crash
            result.faults.append(Fault(seat, "exception", f"start(): {_describe(exc)}"))
            faulty.add(seat)


def _end_players(players, result, watchdog):
    summary = {"scores": result.scores, "ranks": result.ranks, "faults": [asdict(f) for f in result.faults]}
    for seat, player in enumerate(players):
        try:
            if watchdog.expired:
                break  # no time left for courtesy calls
            with watchdog.player():
                player.end(dict(summary, seat=seat))
        except (Exception, GameTimeout):  # noqa: BLE001 - end() is optional and cannot change the result
            pass


def _hang_detail(game_seconds, spent) -> str:
    took = f" after {spent:.1f}s on this move" if spent is not None else ""
    return f"stopped when the game's time limit ({game_seconds}s) ran out{took}"


def _describe(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"
