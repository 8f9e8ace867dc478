"""What one seat may know (hidden information, reference §6).

Hidden: the other hands, the deck order, which card each *opponent* animal is
(animals lie face down) and the contents of the other discard piles (face down,
only their sizes are known).  Trait cards on the table are face up.

``unseen`` counts, per card kind, every card the seat has not seen: all cards,
minus its hand, minus the face-up trait cards (links included) on the table,
minus its own animals' cards and its own discard pile.  ``sample`` deals the
other hands, the opponents' animal cards, the other discard piles and the deck
from it.
"""
from __future__ import annotations

from engine.contract import TERMINAL, Observation
from engine.origin.animal import CARD, FIRST_TRAIT
from engine.origin.cards import NUM_KINDS, deck_counts
from engine.origin.state import OriginState, Options

HIDDEN = -1  # the card of an opponent's animal


class OriginObservation(Observation):
    __slots__ = ("game", "seat", "num_players", "current_player", "legal_actions", "is_terminal",
                 "options", "phase", "turn", "first_player", "last_turn", "food_bank", "deck_size",
                 "hand", "hand_sizes", "discard_sizes", "own_discard", "animals", "links", "passed",
                 "actor", "acted", "attack", "unseen", "_opts", "_pool", "history")

    def __init__(self, state: OriginState, seat: int):
        self.game = "origin"
        self.seat = seat
        self.num_players = state.num_players
        self.current_player = state.current_player
        self.legal_actions = list(state.legal_actions()) if state.current_player == seat else []
        self.is_terminal = state.current_player == TERMINAL
        self.options = dict(state.opts.values)
        self._opts = Options(self.options)
        self.phase = state.phase
        self.turn = state.turn
        self.first_player = state.first_player
        self.last_turn = state.last_turn
        self.food_bank = state.food_bank
        self.deck_size = len(state.deck)
        self.hand = tuple(state.hands[seat])
        self.hand_sizes = tuple(sum(h) for h in state.hands)
        self.discard_sizes = tuple(sum(d) for d in state.discards)
        self.own_discard = tuple(state.discards[seat])
        self.animals = tuple(
            tuple(tuple(a) if other == seat else (HIDDEN,) + tuple(a[1:]) for a in row)
            for other, row in enumerate(state.animals))
        self.links = tuple(tuple(row) for row in state.links)
        self.passed = tuple(state.passed)
        self.actor = state.actor
        self.acted = state.acted
        self.attack = None if state.attack is None else tuple(state.attack)
        self.unseen = self._unseen()
        # (seat, action) for every action so far; cards played as animals show face down
        self.history = tuple(state.history)
        self._pool = tuple(k for k, c in enumerate(self.unseen) for _ in range(c))

    def _unseen(self) -> tuple:
        unseen = deck_counts(self.num_players)
        for kind in range(NUM_KINDS):
            unseen[kind] -= self.hand[kind] + self.own_discard[kind]
        for other, row in enumerate(self.animals):
            for a in row:
                if other == self.seat:
                    unseen[a[CARD]] -= 1
                for e in a[FIRST_TRAIT:]:
                    unseen[e & 31] -= 1
            for link in self.links[other]:
                unseen[link[3]] -= 1
        return tuple(unseen)

    def sample(self, rng) -> OriginState:
        """A full State consistent with this observation: the hidden cards are dealt at
        random from ``unseen``; future chance comes from ``rng.fork``."""
        pool = list(self._pool)
        s = OriginState.__new__(OriginState)
        n = self.num_players
        me = self.seat
        # every hidden card at once (Rng.take), handed out in a fixed order: per other
        # seat its hand, its discard pile, then its animals' cards
        drawn = rng.take(pool, sum(self.hand_sizes[o] + self.discard_sizes[o] + len(self.animals[o])
                                   for o in range(n) if o != me))
        i = 0
        s.hands = []
        s.discards = []
        s.animals = []
        for other in range(n):
            if other == me:
                s.hands.append(list(self.hand))
                s.discards.append(list(self.own_discard))
                s.animals.append([list(a) for a in self.animals[other]])
                continue
            hand = [0] * NUM_KINDS
            for kind in drawn[i:i + self.hand_sizes[other]]:
                hand[kind] += 1
            i += self.hand_sizes[other]
            discard = [0] * NUM_KINDS
            for kind in drawn[i:i + self.discard_sizes[other]]:
                discard[kind] += 1
            i += self.discard_sizes[other]
            row = []
            for a in self.animals[other]:
                a = list(a)
                a[CARD] = drawn[i]
                i += 1
                row.append(a)
            s.hands.append(hand)
            s.discards.append(discard)
            s.animals.append(row)
        s.deck = pool
        s.num_players = n
        s.current_player = self.current_player
        s.opts = self._opts
        s.rng = rng.fork(0x0B5)
        s.phase = self.phase
        s.turn = self.turn
        s.first_player = self.first_player
        s.last_turn = self.last_turn
        s.food_bank = self.food_bank
        s.links = [list(row) for row in self.links]
        s.passed = list(self.passed)
        s.actor = self.actor
        s.acted = self.acted
        s.attack = None if self.attack is None else list(self.attack)
        s.cached = None
        s.history = list(self.history)
        return s

    def render(self) -> str:
        from engine.origin.render import render_observation
        return render_observation(self)
