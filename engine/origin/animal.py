"""An animal on the table as a flat list of ints (docs/benchmarks.md: flat state).

Layout: ``[CARD, FOOD, FAT, FAT_SLOTS, NEED, TRAITS_MASK, FLAGS, trait entries...]``

* ``CARD``: kind of the face-down card that *is* the animal (hidden from opponents).
* ``FOOD``: red + blue tokens on the animal this turn; ``FAT``: yellow fat stored
  on its Fat Tissue cards (at most ``FAT_SLOTS``, the number of Fat Tissue cards).
* ``NEED``: 1 + food bonuses of its traits (§1.1).
* ``TRAITS_MASK``: bit ``1 << trait`` for each single trait it has.
* trait entries: ``trait << 5 | kind`` of each face-up trait card, in play order.
  Paired traits live in the owner's link list (``State.links``), not here.
"""
from __future__ import annotations

from engine.origin.cards import FAT_TISSUE, FOOD_BONUS

CARD, FOOD, FAT, FAT_SLOTS, NEED, TRAITS_MASK, FLAGS = range(7)
FIRST_TRAIT = 7

# FLAGS bits
ATTACKED = 1          # this carnivore has attacked this turn
HIBERNATING = 2       # hibernating this turn: counts as fed
HIBERNATED_LAST = 4   # hibernated in the previous turn (not twice in a row)
POISONED = 8          # ate a Poisonous animal this turn: dies at extinction
MIMICRY_USED = 16     # its Mimicry was used this turn
GRAZED = 32           # its Grazing was used this round
PIRATED = 64          # its Piracy was used this turn
TURN_FLAGS = ATTACKED | HIBERNATING | POISONED | MIMICRY_USED | GRAZED | PIRATED


def new_animal(kind: int) -> list:
    return [kind, 0, 0, 0, 1, 0, 0]


def entry(trait: int, kind: int) -> int:
    return trait << 5 | kind


def entry_trait(e: int) -> int:
    return e >> 5


def entry_kind(e: int) -> int:
    return e & 31


def add_trait(animal: list, trait: int, kind: int) -> None:
    animal.append(trait << 5 | kind)
    animal[TRAITS_MASK] |= 1 << trait
    animal[NEED] += FOOD_BONUS[trait]
    if trait == FAT_TISSUE:
        animal[FAT_SLOTS] += 1


def remove_trait(animal: list, trait: int) -> int:
    """Remove the last card giving ``trait``; return its kind (Tail Loss, §4)."""
    for i in range(len(animal) - 1, FIRST_TRAIT - 1, -1):
        if animal[i] >> 5 == trait:
            kind = animal[i] & 31
            del animal[i]
            break
    else:
        raise ValueError(f"animal has no trait {trait}")
    animal[NEED] -= FOOD_BONUS[trait]
    if trait == FAT_TISSUE:
        animal[FAT_SLOTS] -= 1
        if animal[FAT] > animal[FAT_SLOTS]:
            animal[FAT] = animal[FAT_SLOTS]
        if animal[FAT_SLOTS]:
            return kind
    animal[TRAITS_MASK] &= ~(1 << trait)
    return kind


def is_fed(animal: list) -> bool:
    return animal[FOOD] >= animal[NEED] or animal[FLAGS] & HIBERNATING != 0


def traits_of(animal: list) -> list:
    return [e >> 5 for e in animal[FIRST_TRAIT:]]
