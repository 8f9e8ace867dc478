"""What one seat may know, and determinization from it (docs/design.md, "The engine contract").

Seen by everyone: every species board (size, Population, food, Fat Tissue
store, face-up traits, how many face-down traits), the watering hole, the food
bags (food taken is public, so a perfect memory knows every bag), the discard
pile (cards are discarded face up), hand sizes, the deck size, who has chosen a
food card, the phase bookkeeping, and the public history (``(seat, move)``
pairs; a food card or a face-down trait shows no card).  Seen by the seat alone: its hand, its own
food card and its own face-down traits.  Hidden: the other hands, the deck,
others' food cards and face-down traits until revealed.

``unseen`` is the multiset (sorted tuple of card codes) of every hidden card;
``sample`` deals it back into the hidden places at random, keeping each
face-down trait different from the other traits on its species.
"""
from __future__ import annotations

from engine.contract import TERMINAL, Observation

from typing import NamedTuple

from engine.natural_selection.board import FACE_DOWN, FIRST_CARD, PHASE_NAMES
from engine.natural_selection.cards import TRAIT_NAMES, food_of
from engine.natural_selection import render
from engine.natural_selection import state as state_module  # (a cycle with state.py: used at call time)

HIDDEN = -1  # a face-down trait card this seat cannot see


def _card(code: int) -> "Card":
    return Card(TRAIT_NAMES[code >> 4], food_of(code))


class Card(NamedTuple):
    """A trait card as printed: its trait and its food number."""
    trait: str     # e.g. "Carnivore", "LongNeck"
    food: int      # the food number printed on it (what it adds to the watering hole as food)

    def __str__(self):
        return f"{self.trait}:{self.food}"


class Species(NamedTuple):
    """One species board as your seat sees it."""
    seat: int          # its owner
    position: int      # its place in the owner's row, left to right (``s0``, ``s1``, ...)
    body: int          # Body Size
    population: int
    food: int          # food eaten this round
    fat: int           # food stored on Fat Tissue
    traits: tuple      # face-up trait names, e.g. ("Carnivore", "Ambush")
    cards: tuple       # the trait cards on it you can see (``Card``; your own face-down ones too)
    hidden_cards: int  # an opponent's face-down cards you cannot see

    def has(self, trait: str) -> bool:
        """Whether it has this trait face up (the ones that work)."""
        return trait in self.traits

    def holds(self, trait: str) -> bool:
        """Whether one of the cards you can see on it is of this trait (face up or down)."""
        return any(card.trait == trait for card in self.cards)

    @property
    def hunger(self) -> int:
        """Food it still needs this round (Population minus food eaten)."""
        return self.population - self.food

    @property
    def card_count(self) -> int:
        """Trait cards on it, seen or not (at most 3; 2 in a 2-player game by default)."""
        return len(self.cards) + self.hidden_cards


class NaturalSelectionObservation(Observation):
    """What one seat may know.  Views for players (the rest is the packed form
    ``sample`` rebuilds States from): ``species(seat)``, ``hand``, ``hand_sizes``,
    ``watering_hole``, ``bags``, ``deck_size``, ``phase_name``, ``last_round``,
    ``legal_actions``, ``history``."""
    __slots__ = ("game", "seat", "num_players", "current_player", "legal_actions", "is_terminal",
                 "phase", "round_no", "first_player", "turn", "passed", "last_round", "next_round_last",
                 "watering_hole", "bags", "rows", "hand_codes", "hand_sizes", "food_card", "food_chosen",
                 "deck_size", "discard", "unseen", "rules", "tiebreak", "history")

    def __init__(self, state, seat: int):
        self.game = state.game
        self.seat = seat
        self.num_players = state.num_players
        self.current_player = state.current_player
        self.legal_actions = list(state.legal_actions()) if state.current_player == seat else []
        self.is_terminal = state.current_player == TERMINAL
        self.phase = state.phase
        self.round_no = state.round_no
        self.first_player = state.first_player
        self.turn = state.turn
        self.passed = state.passed
        self.last_round = state.last_round
        self.next_round_last = state.next_round_last
        self.watering_hole = state.watering_hole
        self.bags = tuple(state.bags)
        self.rules = state.rules  # immutable, shared: options and the deck list
        unseen = state.deck[:]
        rows = []
        for s, row in enumerate(state.rows):
            mine = s == seat
            species = []
            for sp in row:
                cards = sp[FIRST_CARD:]
                if not mine:
                    for k, c in enumerate(cards):
                        if c & FACE_DOWN:
                            unseen.append(c & ~FACE_DOWN)
                            cards[k] = HIDDEN
                species.append((sp[0], sp[1], sp[2], sp[3], sp[4], tuple(cards)))
            rows.append(tuple(species))
        self.rows = tuple(rows)
        self.hand_codes = tuple(sorted(state.hands[seat]))
        self.hand_sizes = tuple(len(h) for h in state.hands)
        self.food_card = state.food_cards[seat]
        self.food_chosen = tuple(c >= 0 for c in state.food_cards)
        for s in range(state.num_players):
            if s != seat:
                unseen += state.hands[s]
                if state.food_cards[s] >= 0:
                    unseen.append(state.food_cards[s])
        unseen.sort()
        self.unseen = tuple(unseen)
        self.deck_size = len(state.deck)
        self.discard = tuple(sorted(state.discard))
        self.tiebreak = state.tiebreak  # the final lot (scoring.draw_lots): public, drawn at the end
        self.history = tuple(state.history)

    def __eq__(self, other):
        if not isinstance(other, NaturalSelectionObservation):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None

    def differences(self, other) -> list:
        """Names of the fields that differ (for tests and debugging)."""
        return [k for k in self.__slots__ if getattr(self, k) != getattr(other, k)]

    # --- views for players ------------------------------------------------------
    def species(self, seat: int | None = None) -> tuple:
        """The species of ``seat`` (default: yours), left to right."""
        seat = self.seat if seat is None else seat
        out = []
        for pos, (body, pop, food, fat, mask, cards) in enumerate(self.rows[seat]):
            seen = tuple(_card(c & ~FACE_DOWN) for c in cards if c != HIDDEN)
            traits = tuple(name for t, name in enumerate(TRAIT_NAMES) if mask >> t & 1)
            out.append(Species(seat, pos, body, pop, food, fat, traits, seen, len(cards) - len(seen)))
        return tuple(out)

    @property
    def hand(self) -> tuple:
        """Your cards (``Card``: trait and food number)."""
        return tuple(_card(c) for c in self.hand_codes)

    @property
    def phase_name(self) -> str:
        """"select food", "play cards", "feeding" or "game over"."""
        return PHASE_NAMES[self.phase]

    def sample(self, rng):
        """A full State consistent with this observation; hidden cards dealt at random."""
        for _ in range(20):
            state = self._deal(rng, careful=False)
            if state is not None:
                return state
        state = self._deal(rng, careful=True)
        if state is None:  # pragma: no cover - needs a near-empty pool of one trait
            raise RuntimeError("natural_selection: no deal of the unseen cards fits the face-down traits")
        return state

    def _deal(self, rng, careful: bool):
        pool = list(self.unseen)
        s = state_module.empty_state(self.num_players, self.rules, rng.fork(0x6E61))
        rows = s.rows
        for seat, row in enumerate(self.rows):
            for body, pop, food, fat, mask, cards in row:
                sp = [body, pop, food, fat, mask]
                sp.extend(cards)
                if HIDDEN in cards and not _fill_face_down(sp, pool, rng, careful):
                    return None
                rows[seat].append(sp)
        below = rng.below
        for seat in range(self.num_players):
            if seat == self.seat:
                s.hands[seat] = list(self.hand_codes)
                s.food_cards[seat] = self.food_card
                continue
            if self.food_chosen[seat]:
                s.food_cards[seat] = _take(pool, below(len(pool)))
            hand = s.hands[seat]
            for _ in range(self.hand_sizes[seat]):
                hand.append(_take(pool, below(len(pool))))
        s.deck = pool
        s.discard = list(self.discard)
        s.current_player = self.current_player
        s.bags = list(self.bags)
        s.watering_hole = self.watering_hole
        s.first_player = self.first_player
        s.phase = self.phase
        s.turn = self.turn
        s.passed = self.passed
        s.last_round = self.last_round
        s.next_round_last = self.next_round_last
        s.round_no = self.round_no
        s.tiebreak = self.tiebreak
        s.history = list(self.history)
        return s

    def render(self) -> str:
        return render.render_observation(self)

    def __repr__(self):
        return f"<natural_selection observation seat {self.seat} round {self.round_no} {PHASE_NAMES[self.phase]}>"


def _take(pool: list, j: int) -> int:
    c = pool[j]
    pool[j] = pool[-1]
    pool.pop()
    return c


def _fill_face_down(sp: list, pool: list, rng, careful: bool) -> bool:
    """Replace each HIDDEN card of ``sp`` by a pool card whose trait the species
    lacks (§3 Phase 3: no duplicate traits).  Random probes first; ``careful``
    scans the whole pool.  False when no card fits (the caller deals again)."""
    for k in range(FIRST_CARD, len(sp)):
        if sp[k] != HIDDEN:
            continue
        present = {(c & ~FACE_DOWN) >> 4 for c in sp[FIRST_CARD:] if c != HIDDEN}
        chosen = -1
        for _ in range(8):
            j = rng.below(len(pool)) if pool else 0
            if pool and pool[j] >> 4 not in present:
                chosen = j
                break
        if chosen < 0 and careful:
            start = rng.below(len(pool)) if pool else 0
            for d in range(len(pool)):
                j = (start + d) % len(pool)
                if pool[j] >> 4 not in present:
                    chosen = j
                    break
        if chosen < 0:
            return False
        sp[k] = _take(pool, chosen) | FACE_DOWN
    return True


def redeal(s, seat: int, rng):
    """A copy of ``s`` whose cards hidden from ``seat`` are dealt again (``GameSpec.redeal``,
    written apart from ``sample``): other hands, the deck, others' food cards and
    face-down traits, shuffled together (a deal with two equal traits on one species
    is drawn again)."""
    for _ in range(50):
        t = s.clone()
        slots = [(t.deck, i) for i in range(len(t.deck))]
        for other in range(t.num_players):
            if other == seat:
                continue
            slots += [(t.hands[other], i) for i in range(len(t.hands[other]))]
            if t.food_cards[other] >= 0:
                slots.append((t.food_cards, other))
            for sp in t.rows[other]:
                slots += [(sp, k) for k in range(FIRST_CARD, len(sp)) if sp[k] & FACE_DOWN]
        cards = [place[i] & ~FACE_DOWN for place, i in slots]
        rng.shuffle(cards)
        for (place, i), card in zip(slots, cards):
            place[i] = card | (place[i] & FACE_DOWN if place is not t.food_cards else 0)
        if all(len({(c & ~FACE_DOWN) >> 4 for c in sp[FIRST_CARD:]}) == len(sp) - FIRST_CARD
               for row in t.rows for sp in row):
            return t
    return s.clone()
