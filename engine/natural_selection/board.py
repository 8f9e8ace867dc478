"""The species board and the food it takes (rules reference §1, §3 Phase 4).

A species is a flat list ``[body, population, food, fat, trait_mask, cards...]``
(see ``state``).  These helpers are the vocabulary every phase module shares.
"""
from __future__ import annotations

from engine.natural_selection.cards import FAT_TISSUE

BODY, POP, FOOD, FAT, MASK = range(5)
FIRST_CARD = 5
FACE_DOWN = 1024  # added to a card code while the trait is face down (§3 Phase 3)
MAX_SIZE = 6  # Body Size and Population tracks end at 6 (§1)

SELECT_FOOD, PLAY, FEEDING, OVER = range(4)
PHASE_NAMES = ("select food", "play cards", "feeding", "game over")

FAT_BIT = 1 << FAT_TISSUE
# the slots as the helpers below read them (C integers in the compiled build, where the names
# above stay Python globals: every rule module imports them from here)
_BODY, _POP, _FOOD, _FAT, _MASK, _FAT_BIT = BODY, POP, FOOD, FAT, MASK, FAT_BIT


def new_species() -> list:
    """A fresh species board: Body Size 1, Population 1 (§2)."""
    return [1, 1, 0, 0, 0]


def has(sp: list, trait: int) -> bool:
    """Does this species have ``trait`` face up?"""
    return sp[_MASK] >> trait & 1 == 1


def room(sp: list) -> int:
    """How much food the species can still take: its hunger plus free Fat Tissue space (§4 Fat Tissue)."""
    free = sp[_POP] - sp[_FOOD]
    if sp[_MASK] & _FAT_BIT:
        free += sp[_BODY] - sp[_FAT]
    return free


def is_hungry(sp: list) -> bool:
    """Hungry: food below Population (§3 Phase 4.3); Fat Tissue space alone is not hunger."""
    return sp[_FOOD] < sp[_POP]


def give(sp: list, amount: int) -> int:
    """Put up to ``amount`` food on the species, then on its Fat Tissue; returns how much it took."""
    eat = min(amount, sp[_POP] - sp[_FOOD])
    if eat < 0:
        eat = 0
    sp[_FOOD] += eat
    stored = 0
    if eat < amount and sp[_MASK] & _FAT_BIT:
        stored = min(amount - eat, sp[_BODY] - sp[_FAT])
        if stored > 0:
            sp[_FAT] += stored
        else:
            stored = 0
    return eat + stored


def traits_of(sp: list) -> list:
    """Trait kinds of all the species' cards, face up or down."""
    return [(c & ~FACE_DOWN) >> 4 for c in sp[FIRST_CARD:]]


def index_of(row: list, sp: list) -> int:
    """Position of this very species list in its row (-1 when extinct)."""
    for i, other in enumerate(row):
        if other is sp:
            return i
    return -1
