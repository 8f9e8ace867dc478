"""Card data for Evolution: The Origin of Species (rules reference §1).

A card is known by its *kind*: an index into ``CARD_KINDS``, the printed face
with one or two traits.  The same physical card is an animal when played face
down, or gives one of its printed traits when played face up.  All cards are
kept as kind ints everywhere in the engine (hands and discard piles as counts
per kind), so card conservation is a matter of counting kinds.
"""
from __future__ import annotations

# --- the 19 traits (§4) --------------------------------------------------------
CARNIVOROUS = 0
FAT_TISSUE = 1
BIG = 2
SWIMMING = 3
RUNNING = 4
MIMICRY = 5
GRAZING = 6
POISONOUS = 7
TAIL_LOSS = 8
COMMUNICATION = 9   # paired, "red echo" (Взаимодействие): partner also takes red food
COOPERATION = 10    # paired, "blue gift" (Сотрудничество): partner receives blue food
SYMBIOSIS = 11      # paired, directional: symbiont -> host
HIBERNATION = 12
SCAVENGER = 13
PIRACY = 14
BURROWING = 15
CAMOUFLAGE = 16
SHARP_VISION = 17
PARASITE = 18
NUM_TRAITS = 19

# Display names.  The English labels of the two non-symbiosis paired traits are
# contested (reference §1.1 "naming trap"); the behaviour is what the ids say.
TRAIT_NAMES = (
    "Carnivorous", "Fat Tissue", "Big", "Swimming", "Running", "Mimicry", "Grazing",
    "Poisonous", "Tail Loss", "Communication", "Cooperation", "Symbiosis", "Hibernation",
    "Scavenger", "Piracy", "Burrowing", "Camouflage", "Sharp Vision", "Parasite",
)
TRAIT_BY_NAME = {name.lower(): t for t, name in enumerate(TRAIT_NAMES)}

PAIRED = frozenset((COMMUNICATION, COOPERATION, SYMBIOSIS))

# Food bonus printed on the card: raises the animal's need and scores as much (§1.1).
FOOD_BONUS = [0] * NUM_TRAITS
FOOD_BONUS[CARNIVOROUS] = 1
FOOD_BONUS[BIG] = 1
FOOD_BONUS[PARASITE] = 2
FOOD_BONUS = tuple(FOOD_BONUS)

# --- the 84-card base deck (§1.1): (traits on the face, copies) -------------------
_DECK_BASE = (
    ((PIRACY,), 4),
    ((POISONOUS, CARNIVOROUS), 4),
    ((GRAZING, FAT_TISSUE), 4),
    ((MIMICRY,), 4),
    ((SCAVENGER,), 4),
    ((SWIMMING,), 8),
    ((HIBERNATION, CARNIVOROUS), 4),
    ((RUNNING,), 4),
    ((TAIL_LOSS,), 4),
    ((CAMOUFLAGE, FAT_TISSUE), 4),
    ((BIG, CARNIVOROUS), 4),
    ((BIG, FAT_TISSUE), 4),
    ((PARASITE, CARNIVOROUS), 4),
    ((PARASITE, FAT_TISSUE), 4),
    ((BURROWING, FAT_TISSUE), 4),
    ((SHARP_VISION, FAT_TISSUE), 4),
    ((SYMBIOSIS,), 4),
    ((COMMUNICATION, CARNIVOROUS), 4),
    ((COOPERATION, FAT_TISSUE), 4),
    ((COOPERATION, CARNIVOROUS), 4),
)
CARD_KINDS = tuple(traits for traits, _ in _DECK_BASE)
COPIES = tuple(copies for _, copies in _DECK_BASE)
NUM_KINDS = len(CARD_KINDS)
KIND_NAMES = tuple("/".join(TRAIT_NAMES[t] for t in traits) for traits in CARD_KINDS)
KIND_BY_NAME = {name.lower(): k for k, name in enumerate(KIND_NAMES)}
assert sum(COPIES) == 84


def deck_counts(num_players: int) -> list:
    """Copies of each kind in play: one box for 2-4 players, two boxes for 5-8 (§3 phase 2 note)."""
    boxes = 1 if num_players <= 4 else 2
    return [c * boxes for c in COPIES]


_DECKS = {1: [k for k, c in enumerate(COPIES) for _ in range(c)],
          2: [k for k, c in enumerate(COPIES) for _ in range(2 * c)]}


def new_deck(num_players: int) -> list:
    """The draw deck as a list of kinds (order is irrelevant: cards are drawn at random)."""
    return _DECKS[1 if num_players <= 4 else 2][:]


# --- food bank (§3 phase 2): players -> (dice, added) ------------------------------
FOOD_TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}

HAND_SIZE = 6
