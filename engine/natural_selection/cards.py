"""The 129 trait cards of *Evolution* (rules reference §1) as edition data.

A card is stored as a small int *code* that says everything printed on it:
``code = trait * 16 + (food + 3)``, so ``trait_of(code)`` and ``food_of(code)``
are shifts and masks.  Two cards with the same trait and food number are
indistinguishable, so the engine keeps codes, never card ids: actions name a
card by its code (what the holder sees), and "every card in exactly one place"
is a statement about multisets of codes.

The food numbers (§1.1) are an unverified community transcription; they are a
data table keyed by the ``food_values`` rule option.
"""
from __future__ import annotations

# §4: the 17 traits, in alphabetical order (the order of the reference table).
TRAIT_NAMES = (
    "Ambush", "Burrowing", "Carnivore", "Climbing", "Cooperation",
    "DefensiveHerding", "FatTissue", "Fertile", "Foraging", "HardShell",
    "Horns", "Intelligence", "LongNeck", "PackHunting", "Scavenger",
    "Symbiosis", "WarningCall",
)
(AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING,
 FAT_TISSUE, FERTILE, FORAGING, HARD_SHELL, HORNS, INTELLIGENCE, LONG_NECK,
 PACK_HUNTING, SCAVENGER, SYMBIOSIS, WARNING_CALL) = range(17)
TRAIT_BY_NAME = {name.lower(): t for t, name in enumerate(TRAIT_NAMES)}

# Traits an Intelligent carnivore may negate because they stop an attack (§4).
PROTECTING_TRAITS = (BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, SYMBIOSIS, WARNING_CALL)

FOOD_OFFSET = 3  # the lowest food number printed is -3
MAX_CODE = 17 * 16

_SEVEN_PLAIN = (1, 2, 3, 3, 4, 4, 5)
_SEVEN_RICH = (2, 3, 4, 5, 6, 6, 7)
# §1.1, column [js-A]: food number of every copy of each trait.
FOOD_JS_A = {
    CARNIVORE: (0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    AMBUSH: (-3, -2, -1, 0, 1, 2, 3),
    PACK_HUNTING: (-3, -2, -1, 0, 1, 2, 3),
    INTELLIGENCE: (-2, -1, 0, 4, 5, 6, 7),
    FAT_TISSUE: (-1, 0, 3, 4, 4, 5, 5),
    COOPERATION: (0, 3, 3, 4, 4, 5, 5),
    BURROWING: _SEVEN_PLAIN, CLIMBING: _SEVEN_PLAIN, HARD_SHELL: _SEVEN_PLAIN,
    HORNS: _SEVEN_PLAIN, SYMBIOSIS: _SEVEN_PLAIN, WARNING_CALL: _SEVEN_PLAIN,
    FERTILE: _SEVEN_RICH, SCAVENGER: _SEVEN_RICH, FORAGING: _SEVEN_RICH,
    DEFENSIVE_HERDING: (2, 3, 4, 5, 6, 7, 8),
    LONG_NECK: (3, 4, 5, 6, 7, 8, 9),
}
# §1.1, column [js-B]: identical except Foraging.
FOOD_JS_B = dict(FOOD_JS_A)
FOOD_JS_B[FORAGING] = (0, 3, 3, 4, 4, 5, 5)

FOOD_TABLES = {"js_a": FOOD_JS_A, "js_b": FOOD_JS_B}


def code_of(trait: int, food: int) -> int:
    return trait * 16 + food + FOOD_OFFSET


def trait_of(code: int) -> int:
    return code >> 4


def food_of(code: int) -> int:
    return (code & 15) - FOOD_OFFSET


def card_name(code: int) -> str:
    """``Carnivore:3`` — the trait and the food number, as printed."""
    return f"{TRAIT_NAMES[code >> 4]}:{food_of(code)}"


def card_from_name(text: str) -> int:
    trait, _, food = text.partition(":")
    return code_of(TRAIT_BY_NAME[trait.lower()], int(food))


def build_deck(food_values: str = "js_a") -> tuple:
    """The whole deck as a sorted tuple of codes (129 cards: 17 Carnivore + 7 of each other trait)."""
    table = FOOD_TABLES[food_values]
    return tuple(sorted(code_of(t, f) for t in range(17) for f in table[t]))
