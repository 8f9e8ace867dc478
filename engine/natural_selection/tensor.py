"""Natural Selection observations as vectors, and the fixed action space (``engine.tensor``).

Seats are relative (block 0 = the observing seat).  ``S`` = ``MAX_SPECIES`` = 10 species
slots per seat (the first 10 of the row; ``row_lengths`` gives the true length); ``T`` =
17 traits (``cards.TRAIT_NAMES``); ``C`` = 100 card codes (``codec.CARDS``, the cards of
every food table).  The fields, in order (``layout(n).describe()`` prints offsets):

==================  =========  ===================================================================
field               length     meaning
==================  =========  ===================================================================
phase               4          one-hot ``board.PHASE_NAMES`` (select food, play cards, feeding, over)
to_move             n          one-hot relative seat to act (all 0 once the game is over)
terminal            1          1 when the game is over
round               1          round number
first_player        n          one-hot relative first player
turn                1          the turn counter of the phase
passed              n          per relative seat: has passed
last_round          2          this round is the last; the next one will be
watering_hole       1          food in the watering hole
bags                n          per relative seat: food in its bag
hand                C          own hand: cards per code
hand_sizes          n          per relative seat: cards in hand
food_card           C          own food card, one-hot code (0 if none chosen)
food_chosen         n          per relative seat: has chosen a food card
deck_size           1          cards in the deck
discard             T          the discard pile (face up): cards per trait
unseen              T          cards per trait this seat has not seen (the re-dealt pool)
row_lengths         n          per relative seat: species in its row
species             n*S*57     per relative seat, per species slot: present; body size, population,
                               food, fat; face-up traits (T bits); trait cards this seat sees on it
                               per trait (T; own face-down ones too); of those, face down (T);
                               cards on it this seat cannot see
==================  =========  ===================================================================

The action space is ``codec.action_codec`` with every species position (``species``,
``target``) below ``MAX_SPECIES``.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.natural_selection.board import FACE_DOWN, PHASE_NAMES
from engine.natural_selection.cards import TRAIT_NAMES
from engine.natural_selection.codec import CARDS, action_codec
from engine.natural_selection.observation import HIDDEN
from engine.tensor import Layout, capped, begin, head

MAX_SPECIES = 10
T = len(TRAIT_NAMES)
C = len(CARDS)
CARD_INDEX = {code: i for i, code in enumerate(CARDS)}
SPECIES = 1 + 4 + 3 * T + 1


@lru_cache(maxsize=None)
def layout(n: int) -> Layout:
    return Layout("natural_selection", n, [
        *head(len(PHASE_NAMES), n),
        ("round", 1, "round number"),
        ("first_player", n, "one-hot relative first player"),
        ("turn", 1, "turn counter"),
        ("passed", n, "per relative seat: passed"),
        ("last_round", 2, "last round; next round last"),
        ("watering_hole", 1, "food in the watering hole"),
        ("bags", n, "per relative seat: food in its bag"),
        ("hand", C, "own hand per card code"),
        ("hand_sizes", n, "per relative seat: cards in hand"),
        ("food_card", C, "own food card, one-hot code"),
        ("food_chosen", n, "per relative seat: food card chosen"),
        ("deck_size", 1, "cards in the deck"),
        ("discard", T, "discard pile per trait"),
        ("unseen", T, "unseen cards per trait"),
        ("row_lengths", n, "per relative seat: species in the row"),
        ("species", n * MAX_SPECIES * SPECIES, f"per relative seat, {MAX_SPECIES} slots of {SPECIES} values"),
    ])


def encode(obs) -> np.ndarray:
    n = obs.num_players
    me = obs.seat
    lay = layout(n)
    off = lay.offset
    v, order = begin(lay, obs)
    v[off["round"]] = obs.round_no
    v[off["first_player"] + (obs.first_player - me) % n] = 1
    v[off["turn"]] = obs.turn
    v[lay.slice("passed")] = [obs.passed >> s & 1 for s in order]
    v[off["last_round"]] = obs.last_round
    v[off["last_round"] + 1] = obs.next_round_last
    v[off["watering_hole"]] = obs.watering_hole
    v[lay.slice("bags")] = [obs.bags[s] for s in order]
    o = off["hand"]
    for code in obs.hand_codes:
        v[o + CARD_INDEX[code]] += 1
    v[lay.slice("hand_sizes")] = [obs.hand_sizes[s] for s in order]
    if obs.food_card >= 0:
        v[off["food_card"] + CARD_INDEX[obs.food_card]] = 1
    v[lay.slice("food_chosen")] = [obs.food_chosen[s] for s in order]
    v[off["deck_size"]] = obs.deck_size
    o = off["discard"]
    for code in obs.discard:
        v[o + (code >> 4)] += 1
    o = off["unseen"]
    for code in obs.unseen:
        v[o + (code >> 4)] += 1
    base = off["species"]
    for k, s in enumerate(order):
        row = obs.rows[s]
        v[off["row_lengths"] + k] = len(row)
        for pos, (body, pop, food, fat, mask, cards) in enumerate(row[:MAX_SPECIES]):
            o = base + (k * MAX_SPECIES + pos) * SPECIES
            v[o:o + 5] = (1, body, pop, food, fat)
            o += 5
            for t in range(T):
                if mask >> t & 1:
                    v[o + t] = 1
            o += T
            hidden = 0
            for c in cards:
                if c == HIDDEN:
                    hidden += 1
                    continue
                t = (c & ~FACE_DOWN) >> 4
                v[o + t] += 1
                if c & FACE_DOWN:
                    v[o + T + t] += 1
            v[o + 2 * T] = hidden
    return v


@lru_cache(maxsize=None)
def action_space(n: int):
    below = (lambda p: p < MAX_SPECIES)
    return capped(action_codec(n), {"species": below, "target": below})
