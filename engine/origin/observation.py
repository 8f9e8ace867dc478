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

from operator import sub

from engine.contract import TERMINAL, Observation
from engine.origin.animal import CARD, FIRST_TRAIT
from engine.origin.cards import NUM_KINDS, deck_counts
from engine.origin.board import LINK_KIND
from engine.origin.state import OriginState

HIDDEN = -1  # the card of an opponent's animal
_ALL_CARDS = (tuple(deck_counts(2)), tuple(deck_counts(5)))  # every card: one box, two boxes


class OriginObservation(Observation):
    __slots__ = ("game", "seat", "num_players", "current_player", "legal_actions", "is_terminal",
                 "options", "phase", "turn", "first_player", "last_turn", "food_bank", "deck_size",
                 "hand", "hand_sizes", "discard_sizes", "own_discard", "animals", "links", "passed",
                 "actor", "acted", "attack", "unseen", "_opts", "_pool", "_hidden", "history")

    def __init__(self, state: OriginState, seat: int):
        self.game = "origin"
        self.seat = seat
        self.num_players = state.num_players
        self.current_player = state.current_player
        self.legal_actions = list(state.legal_actions()) if state.current_player == seat else []
        self.is_terminal = state.current_player == TERMINAL
        self.options = dict(state.opts.values)
        self._opts = state.opts  # (shared by every state of these options, never changed)
        self.phase = state.phase
        self.turn = state.turn
        self.first_player = state.first_player
        self.last_turn = state.last_turn
        self.food_bank = state.food_bank
        self.deck_size = len(state.deck)
        self.hand = hand = tuple(state.hands[seat])
        self.hand_sizes = tuple(map(sum, state.hands))
        self.discard_sizes = tuple(map(sum, state.discards))
        self.own_discard = own_discard = tuple(state.discards[seat])
        # unseen: every card but this hand, this discard pile, this seat's animals and the
        # face-up trait cards (paired ones included) on the table
        unseen = list(map(sub, map(sub, _ALL_CARDS[state.num_players > 4], hand), own_discard))
        rows = []
        other = 0
        for row in state.animals:
            if other == seat:
                rows.append(tuple(map(tuple, row)))
                for a in row:
                    unseen[a[CARD]] -= 1
            else:
                rows.append(tuple((HIDDEN,) + tuple(a)[1:] for a in row))
            for a in row:
                for e in a[FIRST_TRAIT:]:
                    unseen[e & 31] -= 1
            for link in state.links[other]:
                unseen[link[LINK_KIND]] -= 1
            other += 1
        self.animals = tuple(rows)
        self.links = tuple(map(tuple, state.links))
        self.passed = tuple(state.passed)
        self.actor = state.actor
        self.acted = state.acted
        self.attack = None if state.attack is None else tuple(state.attack)
        self.unseen = tuple(unseen)
        # (seat, action) for every action so far; cards played as animals show face down
        self.history = tuple(state.history)
        self._pool = None  # the unseen cards one by one (and _hidden, how many are dealt): by the first sample()

    def sample(self, rng) -> OriginState:
        """A full State consistent with this observation: the hidden cards are dealt at
        random from ``unseen``; future chance comes from ``rng.fork``."""
        if self._pool is None:
            self._pool = tuple(k for k, c in enumerate(self.unseen) for _ in range(c))
            self._hidden = sum(self.hand_sizes[o] + self.discard_sizes[o] + len(self.animals[o])
                               for o in range(self.num_players) if o != self.seat)
        pool = list(self._pool)
        s = OriginState.__new__(OriginState)
        n = self.num_players
        me = self.seat
        # every hidden card at once (Rng.take), handed out in a fixed order: per other
        # seat its hand, its discard pile, then its animals' cards
        drawn = rng.take(pool, self._hidden)
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
        s.marks = True
        s.attack = None if self.attack is None else list(self.attack)
        # the seat's own legal actions depend only on what it sees: a sample starts with
        # them (ISMCTS samples once per iteration, always at the seat's own turn)
        s.cached = list(self.legal_actions) if self.legal_actions else None
        s.history = list(self.history)
        return s

    def render(self) -> str:
        from engine.origin.render import render_observation
        return render_observation(self)


def redeal(s, seat: int, rng) -> OriginState:
    """The same position with cards ``seat`` cannot see exchanged with the deck
    (``GameSpec.redeal``, written apart from ``sample``): one card of every other hand
    and of every other discard pile, and the cards of every other player's animals."""
    t = s.clone()
    deck = t.deck
    for other in range(t.num_players):
        if other == seat or not deck:
            continue
        for pile in (t.hands[other], t.discards[other]):
            kinds = [k for k in range(NUM_KINDS) if pile[k]]
            if kinds:
                i = rng.below(len(deck))
                kind = kinds[rng.below(len(kinds))]
                pile[kind] -= 1
                pile[deck[i]] += 1
                deck[i] = kind
        for a in t.animals[other]:
            i = rng.below(len(deck))
            a[CARD], deck[i] = deck[i], a[CARD]
    return t
