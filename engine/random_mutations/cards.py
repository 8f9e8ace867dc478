"""Static data: the 16 traits, the 90-card deck composition and the climate table.

Reference: shared/rules/random_mutations.md (section numbers in comments).  The
trait list is §3.1; the card counts (§3.4) and the climate table (§4) are
reconstructions [R] kept here as data tables, switched by rule options.
"""
from __future__ import annotations

(CARNIVORE, OBLIGATE, SCAVENGER, BIG, GRAZING, SWIMMING, RUNNING, BUDDING, BARK_BEETLE,
 EXTREMOPHILE, SIMPLIFICATION, METABOLIC, DEV_DEFECTS, CAMOUFLAGE, SHARP_VISION, BURROWING,
 POISONOUS, TAIL_LOSS, MIMICRY, PIRACY) = range(20)
NUM_TRAITS = 20
# 0-15: the default 16 traits of §3.1; 16-19: the base-game traits of the alternative for
# slots 14-16 (option ``trait_slots_14_16``, §3.2), read at species level

# display names (§3.1) and the one-word slugs of the action text
TRAIT_NAMES = ("Carnivore", "Obligate Carnivore", "Scavenger", "Big", "Grazing", "Swimming", "Running",
               "Budding", "Bark Beetle", "Extremophile", "Simplification", "Metabolic Syndrome",
               "Developmental Defects", "Camouflage", "Sharp Vision", "Burrowing", "Poisonous", "Tail Loss",
               "Mimicry", "Piracy")
TRAIT_SLUGS = ("carnivore", "obligate", "scavenger", "big", "grazing", "swimming", "running", "budding",
               "bark_beetle", "extremophile", "simplification", "metabolic", "defects", "camouflage",
               "sharp_vision", "burrowing", "poisonous", "tail_loss", "mimicry", "piracy")
SLUG_TRAIT = {slug: k for k, slug in enumerate(TRAIT_SLUGS)}
for _k, _name in enumerate(TRAIT_NAMES):
    SLUG_TRAIT.setdefault(_name.lower(), _k)
    SLUG_TRAIT.setdefault(_name.lower().replace(" ", "_"), _k)

# how sure the reference is of each trait (§3.1): V sourced name and effect, N sourced
# name with a reconstructed effect, P probable (unverified source), R slot unknown
TRAIT_STATUS = "VVVVVNNNVVNPPRRRRRRR"

BIT = tuple(1 << k for k in range(NUM_TRAITS))
PREDATOR_BITS = BIT[CARNIVORE] | BIT[OBLIGATE]
# §2.6: at most one of Carnivore / Obligate Carnivore / Scavenger on a species
CARNIVORE_TRIPLE = BIT[CARNIVORE] | BIT[OBLIGATE] | BIT[SCAVENGER]

# §3.4 [R]: no source gives the counts; the reference's placeholder (sum checked below).
PLACEHOLDER_DECK = (
    (CARNIVORE, 6), (BIG, 6), (SWIMMING, 6), (RUNNING, 6), (GRAZING, 6), (SCAVENGER, 6),
    (CAMOUFLAGE, 6), (SHARP_VISION, 6), (BURROWING, 6), (BUDDING, 6),
    (OBLIGATE, 5), (BARK_BEETLE, 5), (EXTREMOPHILE, 5), (SIMPLIFICATION, 5), (METABOLIC, 5),
    (DEV_DEFECTS, 5),
)
BOX_CARDS = 90  # [pub][sklad]
assert sum(n for _, n in PLACEHOLDER_DECK) == BOX_CARDS, "the placeholder deck must hold 90 cards"
assert sorted(k for k, _ in PLACEHOLDER_DECK) == list(range(16)), "each of the 16 traits once in the table"

# §3.2 [R]: the three slots of unknown traits (14-16) and the alternatives the reference
# names (Poisonous, Tail Loss, Mimicry, Piracy: three of the four fill the slots)
TRAIT_SLOTS = {
    "camouflage": (CAMOUFLAGE, SHARP_VISION, BURROWING),
    "poisonous_tail_loss_mimicry": (POISONOUS, TAIL_LOSS, MIMICRY),
    "poisonous_tail_loss_piracy": (POISONOUS, TAIL_LOSS, PIRACY),
}

# token supplies of one box (§2.1); 5+ players use two boxes (§0)
RED_SUPPLY, GREEN_SUPPLY, BLACK_SUPPLY = 22, 6, 10


def parse_composition(text: str, slots: str = "camouflage") -> tuple:
    """``deck_composition`` option text -> per-trait counts of ONE box (sum must be 90).

    ``placeholder`` is §3.4's table, its slots 14-16 filled per ``slots`` (option
    ``trait_slots_14_16``); otherwise ``slug=count`` pairs separated by commas, e.g.
    ``carnivore=10,big=10,...``: every trait not named has 0 copies."""
    if text.strip().lower() == "placeholder":
        counts = [0] * NUM_TRAITS
        for k, n in PLACEHOLDER_DECK:
            counts[k] = n
        for default, chosen in zip(TRAIT_SLOTS["camouflage"], TRAIT_SLOTS[slots]):
            counts[default], counts[chosen] = 0, counts[default]
        return tuple(counts)
    counts = [0] * NUM_TRAITS
    for part in text.split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        key = name.strip().lower()
        if not sep or key not in SLUG_TRAIT:
            raise ValueError(f"deck_composition: cannot read {part.strip()!r} (expected trait=count, "
                             f"traits: {', '.join(TRAIT_SLUGS)})")
        try:
            counts[SLUG_TRAIT[key]] += int(value)
        except ValueError:
            raise ValueError(f"deck_composition: count {value.strip()!r} of {key!r} is not a number") from None
    if min(counts) < 0 or sum(counts) != BOX_CARDS:
        raise ValueError(f"deck_composition: the counts sum to {sum(counts)}, not {BOX_CARDS}")
    return tuple(counts)


# §4 [R] climate: per player count, (food dice, red added, green dice, black dice, black added);
# 'supply_max' (default): red = (N-1)d6 + 4, green = d6, black = d6 + 2(N-2), so at 4 players the
# maxima equal one box's supply; 5-8 players (two boxes): red (N-1)d6 + 4, green 2d6, black 2d6 + 2(N-4).
CLIMATE_SUPPLY_MAX = {
    2: (1, 4, 1, 1, 0), 3: (2, 4, 1, 1, 2), 4: (3, 4, 1, 1, 4),
    5: (4, 4, 2, 2, 2), 6: (5, 4, 2, 2, 4), 7: (6, 4, 2, 2, 6), 8: (7, 4, 2, 2, 8),
}
# 'base_like': red = (N-1)d6 + 2 (2 players: the base game's 1d6 + 2); green and black as above
CLIMATE_BASE_LIKE = {n: (d, 2, g, b, add) for n, (d, _, g, b, add) in CLIMATE_SUPPLY_MAX.items()}
CLIMATE_TABLES = {"supply_max": CLIMATE_SUPPLY_MAX, "base_like": CLIMATE_BASE_LIKE}
