"""A tiny hidden-information game on the engine contract, for testing players
and the arena without depending on a big engine.

"High card": a deck of cards 1..6, two of each, is shuffled; each player gets
3 cards.  Three tricks: starting with seat ``trick % n``, each player plays one
card face up; the highest card wins the trick (ties: the earlier player).  Score
= tricks won.  Hidden: the other hands and the deck.
"""
from __future__ import annotations

from engine.contract import TERMINAL, GameSpec, IllegalActionError, Observation, RuleOption, State
from engine.registry import register
from engine.rng import Rng

DECK = [v for v in range(1, 7) for _ in range(2)]
HAND = 3


class HighCardState(State):
    __slots__ = ("num_players", "current_player", "hands", "deck", "table", "tricks", "trick_no", "rng", "history", "options")
    game = "toy"

    def legal_actions(self):
        if self.current_player == TERMINAL:
            return []
        return sorted(set(self.hands[self.current_player]))

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"toy: {action!r} is not legal now")
        seat = self.current_player
        self.hands[seat].remove(action)
        self.table.append((seat, action))
        self.history.append((seat, action))
        n = self.num_players
        if len(self.table) < n:
            self.current_player = (seat + 1) % n
            return
        best_seat, best = self.table[0]
        for s, v in self.table[1:]:
            if v > best:
                best_seat, best = s, v
        self.tricks[best_seat] += 1
        self.table = []
        self.trick_no += 1
        self.current_player = TERMINAL if self.trick_no == HAND else self.trick_no % n

    def clone(self):
        c = HighCardState.__new__(HighCardState)
        c.num_players = self.num_players
        c.current_player = self.current_player
        c.hands = [list(h) for h in self.hands]
        c.deck = list(self.deck)
        c.table = list(self.table)
        c.tricks = list(self.tricks)
        c.trick_no = self.trick_no
        c.rng = self.rng.copy()
        c.history = list(self.history)
        c.options = self.options
        return c

    def scores(self):
        return list(self.tricks)

    def observation(self, seat):
        return HighCardObservation(self, seat)

    def render(self):
        return f"trick {self.trick_no} table {self.table} tricks {self.tricks} hands {self.hands}"


class HighCardObservation(Observation):
    __slots__ = ("game", "seat", "num_players", "current_player", "legal_actions", "is_terminal",
                 "hand", "hand_sizes", "table", "tricks", "trick_no", "history", "unseen", "options")

    def __init__(self, state, seat):
        self.game = "toy"
        self.seat = seat
        self.num_players = state.num_players
        self.current_player = state.current_player
        self.legal_actions = state.legal_actions() if state.current_player == seat else []
        self.is_terminal = state.current_player == TERMINAL
        self.hand = tuple(state.hands[seat])
        self.hand_sizes = tuple(len(h) for h in state.hands)
        self.table = tuple(state.table)
        self.tricks = tuple(state.tricks)
        self.trick_no = state.trick_no
        self.history = tuple(state.history)
        self.options = dict(state.options)
        unseen = list(DECK)
        for v in self.hand:
            unseen.remove(v)
        for _, v in self.history:
            unseen.remove(v)
        self.unseen = tuple(sorted(unseen))

    def sample(self, rng):
        pool = list(self.unseen)
        rng.shuffle(pool)
        s = HighCardState.__new__(HighCardState)
        s.num_players = self.num_players
        s.current_player = self.current_player
        s.hands = []
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                s.hands.append(list(self.hand))
            else:
                s.hands.append(pool[:size])
                del pool[:size]
        s.deck = pool
        s.table = list(self.table)
        s.tricks = list(self.tricks)
        s.trick_no = self.trick_no
        s.rng = rng.fork(1)
        s.history = list(self.history)
        s.options = dict(self.options)
        return s

    def render(self):
        return f"seat {self.seat} hand {self.hand} table {self.table} tricks {self.tricks}"


def _new(num_players, seed, options):
    s = HighCardState.__new__(HighCardState)
    s.num_players = num_players
    s.rng = Rng(seed)
    deck = list(DECK)
    s.rng.shuffle(deck)
    s.hands = [deck[i * HAND:(i + 1) * HAND] for i in range(num_players)]
    s.deck = deck[num_players * HAND:]
    s.table = []
    s.tricks = [0] * num_players
    s.trick_no = 0
    s.current_player = 0
    s.history = []
    s.options = dict(options)
    return s


def _invariants(state):
    cards = sorted(state.deck + [v for hand in state.hands for v in hand] + [v for _, v in state.history])
    assert cards == DECK, "cards: not every card is in exactly one place"
    assert sum(state.tricks) == state.trick_no, "tricks: one winner per trick"


def _rescore(state):
    """Tricks counted again from the history: n cards per trick, the highest (earliest) wins."""
    n, tricks = state.num_players, [0] * state.num_players
    played = state.history
    for t in range(len(played) // n):
        trick = played[t * n:(t + 1) * n]
        best_seat, best = trick[0]
        for s, v in trick[1:]:
            if v > best:
                best_seat, best = s, v
        tricks[best_seat] += 1
    return tricks


def _redeal(state, seat, rng):
    """The other hands and the deck dealt again (they are hidden from ``seat``)."""
    t = state.clone()
    cards = t.deck + [v for other, hand in enumerate(t.hands) if other != seat for v in hand]
    rng.shuffle(cards)
    for other, hand in enumerate(t.hands):
        if other != seat:
            hand[:] = sorted(cards[:len(hand)])
            del cards[:len(hand)]
    t.deck = cards
    return t


def _action_from_text(text):
    try:
        return int(text)
    except ValueError:
        raise IllegalActionError(f"toy: {text!r} is not a card") from None


GAME = register(GameSpec(
    name="toy",
    title="High card (test game)",
    min_players=2,
    max_players=4,
    new_state=_new,
    action_to_text=str,
    action_from_text=_action_from_text,
    invariants=_invariants,
    rescore=_rescore,
    redeal=_redeal,
    options=(RuleOption("unused", False, "a dummy option for option-handling tests"),),
))
