"""The game state of *Evolution*: flat lists of ints, hand-written clone.

Layout
    ``rows[seat]`` is the seat's row of species, left to right; a species is a
    list ``[body, population, food, fat, trait_mask, card, card, ...]``: food
    eaten this round, food stored on Fat Tissue, the bit mask of its *revealed*
    traits, then its trait cards (codes; a face-down card has ``FACE_DOWN``
    added).  ``hands[seat]`` and ``deck`` and ``discard`` are lists of card
    codes; the deck is an unordered multiset drawn from at random
    (docs/benchmarks.md, point 3).  ``food_cards[seat]`` is the card chosen as food this
    round, or -1.  ``history`` is the public record: ``(seat, move)`` with the
    card of a food choice or a face-down trait left out (``turns.public_move``).

Phases (rules reference §3): SELECT_FOOD (each seat in turn from the first
player secretly picks a food card: the simultaneous choice made sequential and
hidden), PLAY (each seat plays any number of cards, then ``done``), then the
automatic reveal, FEEDING (one feeding action per turn), OVER.
"""
from __future__ import annotations

from engine.contract import IllegalActionError, State
from engine.rng import Rng

# (feeding imported before turns: the compiled turns imports the phase modules it cimports at
# its start, attacks before feeding, and attacks' body needs feeding's names made first)
from engine.natural_selection import feeding, food_select, play, render, scoring, turns
from engine.natural_selection import observation as seen  # (a cycle: used at call time)
from engine.natural_selection.board import FACE_DOWN, FEEDING, FIRST_CARD, PHASE_NAMES, PLAY, SELECT_FOOD, new_species


class NaturalSelectionState(State):
    __slots__ = ("num_players", "current_player", "rules", "rng", "deck", "discard", "hands", "rows",
                 "bags", "watering_hole", "first_player", "phase", "turn", "food_cards", "passed",
                 "last_round", "next_round_last", "round_no", "tiebreak", "history", "cached")
    game = "natural_selection"
    cache_slots = ("cached",)  # the legal actions of this position, once asked for

    # --- the contract verbs -------------------------------------------------
    def legal_actions(self) -> list:
        cached = self.cached
        if cached is None:
            # turns.legal_moves' dispatch, inline here: one Python call fewer per position in
            # the pure build (search asks a State for its legal list at every node)
            phase = self.phase
            if phase == FEEDING:
                cached = feeding.legal_moves(self, self.current_player)
            elif phase == PLAY:
                cached = play.legal_moves(self, self.current_player)
            elif phase == SELECT_FOOD:
                cached = food_select.legal_moves(self, self.current_player)
            else:
                return []
            self.cached = cached
        return cached

    def apply(self, action) -> None:
        if action not in self.legal_actions():  # engine.contract: one policy for illegal actions
            raise IllegalActionError(f"natural_selection: {action} is not legal now")
        turns.play_move(self, action)

    def random_moves(self, rand, limit=None, record: bool = True) -> int:
        """``State.random_moves`` without the legality check of ``apply`` (every move
        is drawn from the legal list); the moves are the plain loop's (``turns.random_moves``)."""
        return turns.random_moves(self, rand, -1 if limit is None else limit)

    def clone(self) -> "NaturalSelectionState":
        c = NaturalSelectionState.__new__(NaturalSelectionState)
        c.num_players = self.num_players
        c.current_player = self.current_player
        c.rules = self.rules
        c.rng = Rng._raw(self.rng.seed, self.rng.counter)
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.hands = [h[:] for h in self.hands]
        c.rows = [[sp[:] for sp in row] for row in self.rows]
        c.bags = self.bags[:]
        c.watering_hole = self.watering_hole
        c.first_player = self.first_player
        c.phase = self.phase
        c.turn = self.turn
        c.food_cards = self.food_cards[:]
        c.passed = self.passed
        c.last_round = self.last_round
        c.next_round_last = self.next_round_last
        c.round_no = self.round_no
        c.tiebreak = self.tiebreak  # None, or an immutable tuple (scoring.draw_lots)
        c.history = self.history[:]
        c.cached = None
        return c

    def scores(self) -> list:
        return scoring.scores(self)

    def rank_keys(self) -> list:
        return scoring.rank_keys(self)

    def observation(self, seat: int):
        return seen.NaturalSelectionObservation(self, seat)

    def render(self) -> str:
        return render.render_state(self)

    def phase_name(self) -> str:
        return f"round {self.round_no}: {PHASE_NAMES[self.phase]}"

    def __repr__(self):
        return f"<natural_selection round {self.round_no} {PHASE_NAMES[self.phase]} to act {self.current_player}>"

    # --- helpers shared by the phase modules --------------------------------
    def all_cards(self) -> list:
        """Every card code in every place (for conservation checks)."""
        cards = self.deck + self.discard
        for h in self.hands:
            cards += h
        for row in self.rows:
            for sp in row:
                cards += sp[FIRST_CARD:]
        cards += [c for c in self.food_cards if c >= 0]
        if self.phase == PLAY:  # only then are traits face down
            cards = [c & ~FACE_DOWN for c in cards]
        return cards


def invariants(s) -> None:
    """The contract suite's conservation checks (``GameSpec.invariants``): every card in
    exactly one place; a species holds at most its Population in food and its Body Size
    in fat."""
    assert sorted(s.all_cards()) == sorted(s.rules.deck), "cards: not every card is in exactly one place"
    for row in s.rows:
        for sp in row:
            assert 0 <= sp[2] <= sp[1], "species: more food than Population"
            assert 0 <= sp[3] <= sp[0], "species: more fat than Body Size"


def empty_state(num_players: int, rules, rng) -> NaturalSelectionState:
    s = NaturalSelectionState.__new__(NaturalSelectionState)
    s.num_players = num_players
    s.current_player = 0
    s.rules = rules
    s.rng = rng
    s.deck = []
    s.discard = []
    s.hands = [[] for _ in range(num_players)]
    s.rows = [[] for _ in range(num_players)]
    s.bags = [0] * num_players
    s.watering_hole = 0
    s.first_player = 0
    s.phase = SELECT_FOOD
    s.turn = 0
    s.food_cards = [-1] * num_players
    s.passed = 0
    s.last_round = False
    s.next_round_last = False
    s.round_no = 0
    s.tiebreak = None
    s.history = []
    s.cached = None
    return s
