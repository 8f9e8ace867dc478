"""The engine contract every game implements (docs/design.md, "The engine contract").

A game is a :class:`GameSpec` registered by name (``engine.registry``) whose
``new_game(num_players, seed, options)`` returns a :class:`State`.

State verbs
    ``current_player`` (a seat, or ``TERMINAL`` once the game is over),
    ``legal_actions()``, ``apply(action)`` (mutates in place), ``clone()``, ``is_terminal()``, ``scores()``
    (valid at any time: the end-of-game scoring applied to the current position,
    which search players use as a heuristic), ``ranking()`` (1-based places per
    seat with the game's own tie-breaks, equal places for a full tie),
    ``observation(seat)`` and ``render()``; ``random_moves(rand, limit, record)``
    plays uniformly random moves (search rollouts, ``arena bench`` playouts).

Illegal actions, one policy for every game: ``apply(action)`` with an action that
is not in ``legal_actions()`` raises :class:`IllegalActionError` and leaves the
state unchanged.  Games check it by membership in the position's cached legal
list; ``random_moves`` picks from that list and skips the check.

Chance lives in the State as an :class:`engine.rng.Rng` (two ints), never a
global generator; there are no chance nodes for players to see: ``apply`` rolls
the dice itself.

Actions are small immutable values (ints, tuples, NamedTuples) that compare
equal across determinizations (keyed by what the acting seat can see: a card
*kind*, an own animal's position; never the id of a hidden card).
``spec.action_to_text`` / ``spec.action_from_text`` give a round-trip text form.

Observations are what one seat may know, as a fresh value holding no reference
into the live State.  ``observation.sample(rng)`` builds a full State
consistent with that knowledge (unseen cards drawn from the multiset of cards
the seat has not seen, a fresh RNG for future chance).  Players only ever get
observations.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

TERMINAL = -1

Action = Hashable


class IllegalActionError(ValueError):
    """An action that is not in ``legal_actions()`` was applied or parsed."""


class OptionError(ValueError):
    """An unknown rule option, or a value it does not accept."""


class State:
    """Base class of every game's state.  Subclasses use ``__slots__`` and a
    hand-written ``clone()`` (docs/benchmarks.md: never deepcopy on hot paths)."""

    __slots__ = ()
    # (no annotations in this class body: engine/contract.pxd makes State a cdef class
    # for the compiled build, and Cython reads a class-body annotation as a C attribute)
    game = ""  # str: registry name, set by each subclass
    # slots that hold values derived from the rest (caches): no part of the game,
    # left out when states are compared (tests/contract)
    cache_slots = ()  # tuple of slot names

    # every subclass has the slots num_players (int) and current_player (int)

    def legal_actions(self) -> list:
        raise NotImplementedError

    def apply(self, action) -> None:
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def random_moves(self, rand, limit=None, record: bool = True) -> int:
        """Uniformly random moves until the game ends, or for ``limit`` moves; returns
        how many.  ``rand()`` gives a float in [0, 1) and picks ``legal[int(rand() * len(legal))]``.
        ``record=False`` allows a game to leave these moves out of its public history:
        for a rollout, whose end state is only scored (its observations would miss
        the moves).  A game may override this with a faster loop that picks the same moves."""
        moves = 0
        while self.current_player != TERMINAL and (limit is None or moves < limit):
            legal = self.legal_actions()
            self.apply(legal[int(rand() * len(legal))])
            moves += 1
        return moves

    def scores(self) -> list:
        raise NotImplementedError

    def ranking(self) -> list:
        """1-based places per seat.  Default: by ``scores()`` alone, ties share a
        place.  Games with tie-breaks override ``rank_keys``."""
        return places_from_keys(self.rank_keys())

    def rank_keys(self) -> list:
        """Per-seat sort keys, larger is better (score first, then tie-breaks)."""
        return [(s,) for s in self.scores()]

    def observation(self, seat: int) -> "Observation":
        raise NotImplementedError

    def render(self) -> str:
        raise NotImplementedError

    def phase_name(self):
        """A short name of the current phase for logs ("turn 3: feeding"), or None."""
        return None


def places_from_keys(keys: Sequence) -> list:
    """Competition ranking: best key gets place 1, equal keys share a place.

    >>> places_from_keys([(3,), (5,), (3,)])
    [2, 1, 2]
    """
    return [1 + sum(1 for other in keys if other > k) for k in keys]


class Observation:
    """What one seat may know.  Attributes every game provides:

    ``game``, ``seat``, ``num_players``, ``current_player``, ``legal_actions``
    (the seat's legal actions when it is to act, else ``[]``), ``is_terminal``.
    Plus game-specific public board, own private cards, counts of hidden things
    and the public history.
    """

    __slots__ = ()

    game: str
    seat: int
    num_players: int
    current_player: int
    legal_actions: list

    def sample(self, rng) -> State:
        """A full State consistent with this observation; hidden things drawn
        from ``rng`` (an ``engine.rng.Rng``)."""
        raise NotImplementedError

    def render(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class RuleOption:
    """A named rule variant with a documented default.  ``choices`` (if given)
    lists the accepted values, ``minimum`` (if given) the least number; the type of
    ``default`` is used to parse text."""

    name: str
    default: Any
    doc: str
    choices: tuple = ()
    # True where the sources do not say and the rule is our reconstruction
    # (``arena games`` marks it so).
    reconstruction: bool = False
    minimum: Any = None

    def parse(self, value):
        """Coerce ``value`` (possibly text from the command line) and check it."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            try:
                if kind is bool:
                    if text in ("1", "true", "yes", "on"):
                        value = True
                    elif text in ("0", "false", "no", "off"):
                        value = False
                    else:
                        raise ValueError(text)
                else:
                    value = kind(text)
            except ValueError:
                raise OptionError(f"option {self.name!r}: cannot read {value!r} as {kind.__name__}") from None
        if kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name!r}: expected true/false, got {value!r}")
        if kind in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise OptionError(f"option {self.name!r}: expected a number, got {value!r}")
        if self.choices and value not in self.choices:
            raise OptionError(f"option {self.name!r}: {value!r} is not one of {list(self.choices)}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name!r}: {value!r} is below its least value, {self.minimum!r}")
        return value


@dataclass(frozen=True)
class GameSpec:
    """How the registry knows a game."""

    name: str
    title: str
    min_players: int
    max_players: int
    new_state: Callable[[int, int, dict], State]  # (num_players, seed, full options) -> State
    action_to_text: Callable[[Action], str]
    action_from_text: Callable[[str], Action]
    options: tuple = field(default_factory=tuple)  # of RuleOption
    default_players: int = 2
    # Optional hooks; a game without one falls back as each says.
    # invariants(state): raise AssertionError naming the broken invariant (the
    #   contract suite calls it after every move of its random games; None: no checks).
    invariants: Callable[[State], None] | None = None
    # rescore(state) -> per-seat scores computed independently of State.scores()
    #   (the contract suite compares the two; None: not checked).
    rescore: Callable[[State], list] | None = None
    # heuristic(state) -> per-seat values in [0, 1] for a position that is not
    #   over, used by search players to score a cut-off rollout (None: score margin).
    heuristic: Callable[[State], list] | None = None
    # redeal(state, seat, rng) -> a copy of ``state`` with things ``seat`` cannot see
    #   dealt again, written apart from Observation.sample (the contract suite checks
    #   that the seat's observation stays the same; None: not checked).
    redeal: Callable[[State, int, Any], State] | None = None
    # action_codec(num_players) -> an object with ``size``, ``encode(action) -> int``
    #   and ``decode(int) -> action``, exact and the same in every process (OpenSpiel).
    action_codec: Callable[[int], Any] | None = None
    # search_defaults: the game's own parameters for the built-in search players, plain
    #   values by player name ({"ismcts": {...}, "pimc": {...}}), set from verified matches
    #   (each game cites the command where it declares them).  ``class: ismcts`` with no
    #   params plays them; a parameter given overrides its default; ``iterations`` and
    #   ``seconds`` are one budget: give either and the game's budget is not used
    #   (``players.loading.with_game_defaults``).  Empty: the players' generic defaults.
    search_defaults: dict = field(default_factory=dict, compare=False)

    def resolve_options(self, options: dict | None) -> dict:
        """Defaults overlaid with ``options``; unknown names are an error."""
        known = {o.name: o for o in self.options}
        resolved = {o.name: o.default for o in self.options}
        for key, value in (options or {}).items():
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise OptionError(f"game {self.name!r} has no option {key!r} (options: {names})")
            resolved[key] = known[key].parse(value)
        return resolved

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> State:
        if not self.min_players <= num_players <= self.max_players:
            raise OptionError(
                f"game {self.name!r} is for {self.min_players}-{self.max_players} players, not {num_players}"
            )
        return self.new_state(num_players, seed, self.resolve_options(options))
