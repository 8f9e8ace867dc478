"""Traits and the trait deck (rules ref. §C; seed "Атака", "Питание").

Exactly four traits (C1).  A creature holds a bitmask of traits; hands, deck and
discard pile are counts per trait kind (a card is known only by its kind).
"""
from __future__ import annotations

PREDATOR, CAMOUFLAGE, AQUATIC, FAT_RESERVE = 0, 1, 2, 3
TRAITS = (PREDATOR, CAMOUFLAGE, AQUATIC, FAT_RESERVE)
TRAIT_NAME = ("predator", "camouflage", "aquatic", "fat")
TRAIT_BIT = (1, 2, 4, 8)
CARDS_PER_TRAIT = 8  # C2: 32 cards, 8 of each
DECK_COUNTS = (CARDS_PER_TRAIT,) * 4
START_HAND = 2  # C2
ROUND_DRAW = 2  # C2: each round every player draws 2 ...
HAND_LIMIT = 4  # ... then discards down to 4 (seed "в руке до четырёх карт")
MAX_TRAITS = 3  # seed "у существа до трёх разных черт"

# Number of traits in a bitmask, for the trait-set bonus (F2) and the cap (C3).
TRAIT_COUNT = tuple(bin(m).count("1") for m in range(16))


def trait_from_text(text: str) -> int:
    try:
        return TRAIT_NAME.index(text)
    except ValueError:
        raise ValueError(f"unknown trait {text!r} (traits: {', '.join(TRAIT_NAME)})") from None


def can_take(traits: int, trait: int) -> bool:
    """C3: no duplicate trait, at most three traits, every combination allowed."""
    return not traits & TRAIT_BIT[trait] and TRAIT_COUNT[traits] < MAX_TRAITS


def traits_text(traits: int) -> str:
    return "+".join(TRAIT_NAME[t] for t in TRAITS if traits & TRAIT_BIT[t]) or "-"


def draw_card(counts: list, rng) -> int:
    """Draw one card at random from a deck kept as counts per kind."""
    r = rng.below(sum(counts))
    for kind, n in enumerate(counts):
        if r < n:
            counts[kind] -= 1
            return kind
        r -= n
    raise AssertionError("draw from an empty deck")
