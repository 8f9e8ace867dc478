"""The State of a game of Origin of Species (flat lists of ints, hand-written clone).

Where the cards are (every card is in exactly one of these places):
``deck`` (list of kinds, drawn at random so its order means nothing),
``hands[seat]`` and ``discards[seat]`` (counts per kind), an animal's ``CARD``
and trait entries (``animal.py``), and the owner's ``links`` (paired traits).
"""
from __future__ import annotations

from engine.contract import TERMINAL, IllegalActionError, State
from engine.origin import observation as seen, render, scoring  # (observation: a cycle, used at call time)
from engine.origin.actions import FACE_DOWN_ANIMAL, PlayAnimal
from engine.origin.animal import CARD, FAT, FAT_SLOTS, FIRST_TRAIT, FLAGS, GRAZED
from engine.origin.board import (ATK_POS, ATK_RAN, ATK_SEAT, ATK_TARGETED, ATK_TPOS, ATK_TSEAT,  # noqa: F401
                                 DEFENCE, DEVELOPMENT, FEEDING, LINK_FIRST, LINK_KIND, LINK_SECOND, LINK_TRAIT,
                                 LINK_USED, OVER, PHASE_NAMES, SCAVENGE, CHAIN, FREE_ACTIONS)
from engine.origin.cards import FAT_TISSUE, NUM_KINDS, deck_counts
from engine.origin.dispatch import HANDLERS as _HANDLERS, LEGAL as _LEGAL

# ``marks``: True when a once-per-round mark may be set (an animal's GRAZED flag, a
# link's LINK_USED): a new round and extinction look for marks to clear only then.
# False promises there is none; True is always safe (a state made by hand, a sample).
# It is no part of the game (``snapshot`` leaves it out).


class OriginState(State):
    __slots__ = ("num_players", "current_player", "opts", "rng", "phase", "turn", "first_player",
                 "last_turn", "food_bank", "deck", "hands", "discards", "animals", "links",
                 "passed", "actor", "acted", "attack", "chain", "marks", "cached", "history")
    game = "origin"
    cache_slots = ("cached", "marks")

    # --- contract verbs ---------------------------------------------------------
    def legal_actions(self) -> list:
        cached = self.cached
        if cached is None:
            cached = self.cached = _LEGAL[self.phase](self)
        return cached

    def apply(self, action) -> None:
        legal = self.cached
        if legal is None:
            legal = _LEGAL[self.phase](self)
        if action not in legal:  # engine.contract: one policy for illegal actions
            self.cached = legal
            raise IllegalActionError(f"{action} is not legal now ({self!r})")
        self.cached = None
        cls = type(action)
        handler = _HANDLERS[self.phase][cls]
        # the public record: a card played as an animal lies face down (§2), so
        # everyone sees that an animal was played, not which card it was
        self.history.append((self.current_player, FACE_DOWN_ANIMAL if cls is PlayAnimal else action))
        handler(self, action)

    def random_moves(self, rand, limit=None, record: bool = True) -> int:
        """``State.random_moves``; unrecorded (a rollout), with ``legal_actions`` and
        ``apply`` inlined and no history entries (the history alone was ~3% of a random playout).  The moves
        are the plain loop's (``tests/origin/test_engine_internals.py`` compares them)."""
        if record:
            return State.random_moves(self, rand, limit)
        moves = 0
        end = -1 if limit is None else limit
        legal_of = _LEGAL  # (locals: the loop reads them every move)
        handlers = _HANDLERS
        while self.current_player != TERMINAL and moves != end:
            phase = self.phase
            legal = self.cached
            if legal is None:
                legal = legal_of[phase](self)
            else:
                self.cached = None
            action = legal[int(rand() * len(legal))]
            handlers[phase][type(action)](self, action)
            moves += 1
        return moves

    def clone(self) -> "OriginState":
        c = OriginState.__new__(OriginState)
        c.num_players = self.num_players
        c.current_player = self.current_player
        c.opts = self.opts
        c.rng = self.rng.copy()
        c.phase = self.phase
        c.turn = self.turn
        c.first_player = self.first_player
        c.last_turn = self.last_turn
        c.food_bank = self.food_bank
        c.deck = self.deck[:]
        c.hands = [h[:] for h in self.hands]
        c.discards = [d[:] for d in self.discards]
        c.animals = [[a[:] for a in row] for row in self.animals]
        c.links = [row[:] for row in self.links]
        c.passed = self.passed[:]
        c.actor = self.actor
        c.acted = self.acted
        c.attack = None if self.attack is None else self.attack[:]
        c.chain = self.chain  # (a tuple of tuples)
        c.marks = self.marks
        c.cached = None
        c.history = self.history[:]
        return c

    def scores(self) -> list:
        return scoring.scores(self)

    def rank_keys(self) -> list:
        """(score, discard pile size): the bigger discard pile wins a tie (§5)."""
        return [(sc, sum(d)) for sc, d in zip(self.scores(), self.discards)]

    def observation(self, seat: int):
        return seen.OriginObservation(self, seat)

    def render(self) -> str:
        return render.render_state(self)

    def phase_name(self) -> str:
        """The phase for logs, e.g. "turn 3: feeding"; an attack's defence and the Scavenger's
        meal are part of feeding (§3 phase 3), the last turn is marked (§5)."""
        if self.phase == OVER:
            return f"turn {self.turn}: game over"
        name = "development" if self.phase == DEVELOPMENT else "feeding"
        return f"turn {self.turn}{' (last)' if self.last_turn else ''}: {name}"

    # --- helpers for tests and replays -------------------------------------------
    def snapshot(self) -> tuple:
        """Everything in the state as nested tuples: equal snapshots = identical states."""
        return (self.num_players, self.current_player, tuple(sorted(self.opts.values.items())),
                self.rng.seed, self.rng.counter, self.phase, self.turn, self.first_player,
                self.last_turn, self.food_bank, tuple(self.deck),
                tuple(map(tuple, self.hands)), tuple(map(tuple, self.discards)),
                tuple(tuple(map(tuple, row)) for row in self.animals),
                tuple(map(tuple, self.links)), tuple(self.passed), self.actor, self.acted,
                None if self.attack is None else tuple(self.attack)) + (
                () if self.chain is None else (self.chain,))  # (a chain waits: rare, so only then)

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def __repr__(self):
        return f"<OriginState turn {self.turn} phase {self.phase} player {self.current_player}>"


def invariants(s) -> None:
    """The contract suite's conservation checks (``GameSpec.invariants``): every card in
    exactly one place, fat only on Fat Tissue, and ``marks`` False only when no
    once-per-round mark is set."""
    counts = [0] * NUM_KINDS
    for k in s.deck:
        counts[k] += 1
    for seat in range(s.num_players):
        for k in range(NUM_KINDS):
            counts[k] += s.hands[seat][k] + s.discards[seat][k]
        for a in s.animals[seat]:
            counts[a[CARD]] += 1
            for e in a[FIRST_TRAIT:]:
                counts[e & 31] += 1
        for link in s.links[seat]:
            counts[link[LINK_KIND]] += 1
    assert counts == deck_counts(s.num_players), "cards: not every card is in exactly one place"
    for row in s.animals:
        for a in row:
            slots = sum(e >> 5 == FAT_TISSUE for e in a[FIRST_TRAIT:])
            assert a[FAT] <= a[FAT_SLOTS] == slots, "fat: more fat than Fat Tissue cards"
    if not s.marks:
        assert not any(a[FLAGS] & GRAZED for row in s.animals for a in row), "marks: a Grazing mark is left"
        assert not any(link[LINK_USED] for row in s.links for link in row), "marks: a used link is left"
