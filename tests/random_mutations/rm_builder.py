"""A small position builder for the Random Mutations rule tests.

    b = Builder(players=2)
    wolf = b.species(0, "carnivore")                 # seat 0, one animal
    herd = b.species(1, "big", animals=2, tokens=[(1, 0, 0, 0, 0), (0, 0, 1, 0, 0)])
    b.personal(0, "swimming", "big")                 # seat 0's deck, top card first
    s = b.feeding(0, red=3)                          # seat 0 to act in the feeding phase

Traits by slug (``cards.TRAIT_SLUGS``).  Every card used comes out of the box, so
card conservation (``invariants``) holds in every built position.
"""
from __future__ import annotations

from engine.random_mutations import GAME
from engine.random_mutations.cards import NUM_TRAITS, SLUG_TRAIT
from engine.random_mutations.setup import boxes, options_of
from engine.random_mutations.species import make_species
from engine.random_mutations.phases import DEVELOPMENT, FEEDING
from engine.random_mutations.state import RMState
from engine.rng import Rng


class Builder:
    def __init__(self, players: int = 2, seed: int = 0, **options):
        self.players = players
        self.seed = seed
        self.opts = options_of(GAME.resolve_options(options))
        self.pool = [c * boxes(players) for c in self.opts.box]
        self.rows = [[] for _ in range(players)]
        self.pdecks = [[] for _ in range(players)]
        self.deck_top = []
        self.buried = [0] * NUM_TRAITS
        self.seen = [0] * NUM_TRAITS
        self.discards = [0] * players

    def _take(self, trait: int) -> int:
        assert self.pool[trait] > 0, f"no copy of trait {trait} left"
        self.pool[trait] -= 1
        return trait

    def _any(self) -> int:
        return self._take(max(range(NUM_TRAITS), key=lambda k: self.pool[k]))

    def species(self, seat: int, *traits: str, animals: int = 1, tokens=None, inherited=()) -> int:
        """A species of ``seat`` at the right end; returns its position."""
        ids = tuple(self._take(SLUG_TRAIT[t]) for t in traits)
        for t in ids:
            self.seen[t] += 1
        for _ in range(animals):
            self.buried[self._any()] += 1
        sp = make_species(ids, tuple(SLUG_TRAIT[t] for t in inherited), self.opts.bonus, animals)
        for a, tok in enumerate(tokens or ()):
            sp[4][a * 5:a * 5 + 5] = list(tok)
        self.rows[seat].append(sp)
        return len(self.rows[seat]) - 1

    def personal(self, seat: int, *traits: str) -> None:
        """``seat``'s personal deck, top card first; ``"?"`` is any card."""
        cards = [self._any() if t == "?" else self._take(SLUG_TRAIT[t]) for t in traits]
        self.pdecks[seat] = cards[::-1]

    def main_deck_top(self, *traits: str) -> None:
        self.deck_top = [self._take(SLUG_TRAIT[t]) for t in traits]

    def state(self, phase: int, seat: int, first: int = 0, deck_size: int | None = None) -> RMState:
        s = RMState.__new__(RMState)
        n = self.players
        s.num_players = n
        s.opts = self.opts
        s.rng = Rng(self.seed)
        rest = [k for k in range(NUM_TRAITS) for _ in range(self.pool[k])]
        s.rng.shuffle(rest)
        if deck_size is not None:  # the rest of the box lies face down in discard piles
            for k in rest[deck_size:]:
                self.buried[k] += 1
                self.discards[0] += 1
            rest = rest[:deck_size]
        s.deck = rest + self.deck_top[::-1]
        s.pdecks = [d[:] for d in self.pdecks]
        s.buried = self.buried[:]
        s.seen = self.seen[:]
        s.discards = self.discards[:]
        s.rows = [[[sp[0], sp[1], sp[2], sp[3], sp[4][:]] for sp in row] for row in self.rows]
        s.centre = [0, 0, 0]
        s.dice = ()
        s.passed = [False] * n
        s.passes = 0
        s.budded = 0
        s.restarts = 0
        s.ctx = None
        s.actor = seat
        s.tiebreak = None
        s.cached = None
        s.history = []
        s.turn = 1
        s.last_turn = False
        s.phase = phase
        s.first = first
        s.current_player = seat
        return s

    def development(self, seat: int = 0, first: int = 0, **kw) -> RMState:
        return self.state(DEVELOPMENT, seat, first, **kw)

    def feeding(self, seat: int = 0, red: int = 0, green: int = 0, black: int = 0, first: int = 0,
                **kw) -> RMState:
        s = self.state(FEEDING, seat, first, **kw)
        s.centre = [red, green, black]
        return s
