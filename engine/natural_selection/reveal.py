"""The reveal: new traits turn face up, then the start of Phase 4 (rules reference §3 Phase 4.1-4.2).

Order (an [inf] resolution; §3 Phase 4.2): all face-down traits are revealed;
Fertile grows; the food cards are revealed and their sum added to (or taken
from) the watering hole; Fat Tissue moves stored food onto its species; Long
Neck takes food from the bank.  Each step goes in turn order from the first
player, species left to right.
"""
from __future__ import annotations

from engine.natural_selection.board import FACE_DOWN, FAT, FIRST_CARD, FOOD, MASK, MAX_SIZE, POP, has
from engine.natural_selection.cards import CARNIVORE, FAT_TISSUE, FERTILE, LONG_NECK
from engine.natural_selection.feeding import PLANT_BANK, start_feeding, take_food


def reveal_and_feed(state) -> None:
    reveal_traits(state)
    fertile(state)
    reveal_food_cards(state)
    fat_tissue(state)
    long_neck(state)
    start_feeding(state)


def reveal_traits(state) -> None:
    """§3 Phase 3 end: every trait played this round turns face up at once."""
    for row in state.rows:
        for sp in row:
            for k in range(FIRST_CARD, len(sp)):
                c = sp[k]
                if c & FACE_DOWN:
                    c &= ~FACE_DOWN
                    sp[k] = c
                    sp[MASK] |= 1 << (c >> 4)


def fertile(state) -> None:
    """§4 Fertile: +1 Population before the food cards are revealed; option
    ``fertile_needs_food`` (default true, 2nd edition): only if the watering hole holds food."""
    if state.rules.fertile_needs_food and state.watering_hole <= 0:
        return
    n = state.num_players
    for k in range(n):  # in turn order from the first player (as fat_tissue and long_neck)
        row = state.rows[(state.first_player + k) % n]
        for sp in row:
            if has(sp, FERTILE) and sp[POP] < MAX_SIZE:
                sp[POP] += 1


def reveal_food_cards(state) -> None:
    """§3 Phase 4.1: add the sum of the food numbers to the watering hole (a negative
    sum removes food, down to 0); the food cards go to the discard pile."""
    total = 0
    for seat, card in enumerate(state.food_cards):
        if card >= 0:
            total += (card & 15) - 3
            state.discard.append(card)
            state.food_cards[seat] = -1
    state.watering_hole = max(0, state.watering_hole + total)


def fat_tissue(state) -> None:
    """§4 Fat Tissue: stored food moves onto the species up to its Population
    (this is not "taking" food: no Cooperation)."""
    n = state.num_players
    for k in range(n):
        row = state.rows[(state.first_player + k) % n]
        for sp in row:
            if sp[FAT] and has(sp, FAT_TISSUE):
                moved = min(sp[FAT], sp[POP] - sp[FOOD])
                if moved > 0:
                    sp[FAT] -= moved
                    sp[FOOD] += moved


def long_neck(state) -> None:
    """§4 Long Neck: take 1 plant food from the food bank (triggers Cooperation;
    Foraging adds 1 in the 2nd edition only, option ``foraging``: ``feeding.take_food``).
    A carnivore takes none: it never eats plant food (§3 Phase 4.3)."""
    n = state.num_players
    for k in range(n):  # in turn order from the first player (a loop, not a generator: the
        seat = (state.first_player + k) % n  # compiled build runs it in C)
        row = state.rows[seat]
        for i, sp in enumerate(row):
            if has(sp, LONG_NECK) and not has(sp, CARNIVORE):
                take_food(state, seat, i, PLANT_BANK, 1)
