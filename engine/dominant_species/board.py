"""Static data: the Earth map (35 hexes, their corners), terrains, elements,
animals, the action display and the wanderlust tiles (reference §2-§5, §7.1).

Hexes are flat-topped in axial coordinates ``(q, r)`` and numbered 0..34 in
column order (q, then r).  A corner is the point where three mutually adjacent
positions meet, identified by that unordered triple; corners are numbered in the
order they are first met going round each hex clockwise from its N/NE corner.
"""
from __future__ import annotations

# -- the phases of a turn (§7), and the end ------------------------------------------
PLANNING, EXECUTION, RESET, OVER = range(4)
PHASE_NAMES = ("planning", "execution", "reset", "over")

# -- terrains (index = printed terrain; a tundra tile is a flag on top) ------------
SEA, WETLAND, SAVANNAH, JUNGLE, FOREST, DESERT, MOUNTAIN = range(7)
TUNDRA = 7  # the "terrain type" of a tundra-covered tile where it hides the printed one
TERRAIN_NAMES = ("sea", "wetland", "savannah", "jungle", "forest", "desert", "mountain", "tundra")
# §8.1: VPs by place, tundra last
SCORING = ((9, 5, 3, 2), (8, 4, 2, 1), (7, 4, 2), (6, 3, 2), (5, 3, 2), (4, 2), (3, 2), (1,))
# §7.3.8: species one Speciation may add to a tile of the type
SPECIATION_LIMIT = (4, 4, 3, 3, 3, 2, 2, 1)

# -- elements (index = Speciation space order) ----------------------------------------
MEAT, SUN, SEED, WATER, GRUB, GRASS = range(6)
ELEMENT_NAMES = ("meat", "sun", "seed", "water", "grub", "grass")
ELEMENTS_PER_TYPE = 20  # §2: 120 discs
MAX_DISPLAY = 6  # §5: printed elements included

# -- animals in food-chain order (a lower index wins every tie) ---------------------------
MAMMALS, REPTILES, BIRDS, AMPHIBIANS, ARACHNIDS, INSECTS = range(6)
ANIMAL_NAMES = ("mammals", "reptiles", "birds", "amphibians", "arachnids", "insects")
PRINTED = ((2, 0, 0, 0, 0, 0), (0, 2, 0, 0, 0, 0), (0, 0, 2, 0, 0, 0),
           (0, 0, 0, 3, 0, 0), (0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 2))
# §4 step 2: APs each and cube allotment by player count
START_APS = {2: 7, 3: 6, 4: 5, 5: 4, 6: 3}
ALLOTMENT = {2: 55, 3: 50, 4: 45, 5: 40, 6: 35}

# -- the map -------------------------------------------------------------------------------
_RANGES = {-3: (0, 3), -2: (-1, 3), -1: (-2, 3), 0: (-2, 2), 1: (-3, 2), 2: (-3, 1), 3: (-3, 0)}
HEXES = tuple((q, r) for q in range(-3, 4) for r in range(_RANGES[q][0], _RANGES[q][1] + 1))
HEX_INDEX = {qr: i for i, qr in enumerate(HEXES)}
NUM_HEXES = len(HEXES)
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))  # N NE SE S SW NW
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


def _add(p, d):
    return (p[0] + d[0], p[1] + d[1])


# neighbours inside the area, per hex
NEIGHBOURS = tuple(tuple(HEX_INDEX[_add(p, d)] for d in DIRECTIONS if _add(p, d) in HEX_INDEX) for p in HEXES)
ADJACENT = tuple(frozenset(n) for n in NEIGHBOURS)


def hex_name(h: int) -> str:
    q, r = HEXES[h]
    return f"({q},{r})"


def _corners():
    """Every corner of every area hex (the numbering of all corners, rim included):
    (hexes in the area touching each corner, each hex's six corners, names, alias -> corner)."""
    keys, hexes_of, names, aliases, hex_corners = {}, [], [], {}, []
    for h, p in enumerate(HEXES):
        mine = []
        for i in range(6):
            a, b = _add(p, DIRECTIONS[i]), _add(p, DIRECTIONS[(i + 1) % 6])
            key = frozenset((p, a, b))
            name = f"{hex_name(h)}{DIRECTION_NAMES[i]}/{DIRECTION_NAMES[(i + 1) % 6]}"
            if key not in keys:
                keys[key] = len(hexes_of)
                hexes_of.append(tuple(sorted(HEX_INDEX[x] for x in key if x in HEX_INDEX)))
                names.append(name)
            aliases[name] = keys[key]
            mine.append(keys[key])
        hex_corners.append(tuple(mine))
    return tuple(hexes_of), tuple(hex_corners), tuple(names), aliases


CORNER_HEXES, _ALL_HEX_CORNERS, CORNER_NAMES, CORNER_BY_NAME = _corners()
NUM_CORNERS = len(CORNER_HEXES)  # 92; corner ids are the same under both values of rim_corners


class Geometry:
    """Which corners exist for one value of the ``rim_corners`` option (§3.3)."""
    __slots__ = ("rim", "hex_corners", "corners")

    def __init__(self, rim: bool):
        self.rim = rim
        self.hex_corners = tuple(tuple(c for c in cs if rim or len(CORNER_HEXES[c]) == 3)
                                 for cs in _ALL_HEX_CORNERS)
        self.corners = tuple(sorted({c for cs in self.hex_corners for c in cs}))

    def __repr__(self):
        return f"Geometry(rim={self.rim})"


GEOMETRY = {True: Geometry(True), False: Geometry(False)}


def corner_at(qr, directions: str) -> int:
    """The corner of the hex at ``qr`` named by its two directions, e.g. ``"N/NE"``."""
    return CORNER_BY_NAME[f"{hex_name(HEX_INDEX[qr])}{directions}"]


# Birds (§3.4): tiles two steps away through an intermediate position (mid, dest)
TWO_STEPS = tuple(tuple((m, d) for m in NEIGHBOURS[h] for d in NEIGHBOURS[m] if d != h and d not in ADJACENT[h])
                  for h in range(NUM_HEXES))

# -- setup (§4) ---------------------------------------------------------------------------
START_TILES = {(0, 0): SEA, (-1, 0): JUNGLE, (0, -1): WETLAND, (1, -1): SAVANNAH,
               (1, 0): DESERT, (0, 1): MOUNTAIN, (-1, 1): FOREST}
TUNDRA_START = (0, 0)
TUNDRA_TILES = 12
# (element, hex, corner directions) for the 12 starting discs
START_ELEMENTS = (
    (GRUB, (0, 0), "NW/N"), (GRUB, (-1, 0), "S/SW"),
    (WATER, (0, 0), "N/NE"), (WATER, (-1, 0), "N/NE"),
    (GRASS, (0, 0), "NE/SE"), (GRASS, (1, -1), "NW/N"),
    (SUN, (0, 0), "SE/S"), (SUN, (1, -1), "SE/S"),
    (MEAT, (0, 0), "S/SW"), (MEAT, (0, 1), "NE/SE"),
    (SEED, (0, 0), "SW/NW"), (SEED, (-1, 1), "SE/S"),
)
# species per animal: (2 cubes on, 1 on, 1 on)
START_SPECIES = {
    INSECTS: (SAVANNAH, WETLAND, DESERT), ARACHNIDS: (JUNGLE, FOREST, WETLAND),
    AMPHIBIANS: (WETLAND, JUNGLE, SAVANNAH), BIRDS: (FOREST, MOUNTAIN, JUNGLE),
    REPTILES: (DESERT, SAVANNAH, MOUNTAIN), MAMMALS: (MOUNTAIN, DESERT, FOREST),
}
# the 24 wanderlust tiles (§2)
WANDERLUST_TILES = (SEA,) * 6 + tuple(t for t in (WETLAND, SAVANNAH, JUNGLE, FOREST, DESERT, MOUNTAIN) for _ in range(3))

# -- the action display (§7.1) -------------------------------------------------------------
(INITIATIVE, ADAPTATION, REGRESSION, ABUNDANCE, WASTELAND, DEPLETION, GLACIATION, SPECIATION,
 WANDERLUST, MIGRATION, COMPETITION, DOMINATION) = range(12)
SECTION_NAMES = ("initiative", "adaptation", "regression", "abundance", "wasteland", "depletion",
                 "glaciation", "speciation", "wanderlust", "migration", "competition", "domination")
SECTION_SIZE = (1, 3, 3, 2, 1, 1, 4, 7, 3, 6, 8, 5)
SECTION_START = tuple(sum(SECTION_SIZE[:i]) for i in range(12))
NUM_SPACES = sum(SECTION_SIZE)
SPACE_SECTION = tuple(sec for sec in range(12) for _ in range(SECTION_SIZE[sec]))
SPACE_INDEX = tuple(i for sec in range(12) for i in range(SECTION_SIZE[sec]))
REGRESSION_FREE = SECTION_START[REGRESSION] + 2   # Reptiles
SPECIATION_FREE = SECTION_START[SPECIATION] + 6   # Insects
COMPETITION_FREE = SECTION_START[COMPETITION]     # Arachnids
FREE_SPACE = {REPTILES: REGRESSION_FREE, INSECTS: SPECIATION_FREE, ARACHNIDS: COMPETITION_FREE}
FREE_SPACES = frozenset(FREE_SPACE.values())
MIGRATION_LIMIT = (7, 6, 5, 4, 3, 2)
# Competition spaces 1..7: two terrains each (+ tundra); the Arachnid space: all
COMPETITION_TERRAINS = ((SEA, WETLAND, SAVANNAH, JUNGLE, FOREST, DESERT, MOUNTAIN),
                        (JUNGLE, WETLAND), (WETLAND, DESERT), (DESERT, FOREST), (FOREST, SAVANNAH),
                        (SAVANNAH, MOUNTAIN), (MOUNTAIN, SEA), (SEA, JUNGLE))
# element boxes
BOX_ADAPTATION, BOX_REGRESSION, BOX_ABUNDANCE, BOX_WASTELAND, BOX_DEPLETION, BOX_WANDERLUST = range(6)
BOX_NAMES = ("adaptation", "regression", "abundance", "wasteland", "depletion", "wanderlust")


def _space_names():
    names = []
    for s in range(NUM_SPACES):
        sec, i = SPACE_SECTION[s], SPACE_INDEX[s]
        if sec == INITIATIVE:
            names.append("initiative")
        elif s == REGRESSION_FREE:
            names.append("regression.reptiles")
        elif s == SPECIATION_FREE:
            names.append("speciation.insects")
        elif s == COMPETITION_FREE:
            names.append("competition.arachnids")
        elif sec == SPECIATION:
            names.append(f"speciation.{ELEMENT_NAMES[i]}")
        elif sec == COMPETITION:
            names.append("competition." + "+".join(TERRAIN_NAMES[t] for t in COMPETITION_TERRAINS[i]))
        else:
            names.append(f"{SECTION_NAMES[sec]}.{i}")
    return tuple(names)


SPACE_NAMES = _space_names()
SPACE_BY_NAME = {n: i for i, n in enumerate(SPACE_NAMES)}

# Execution steps (§7.3): each space once, except Regression (one section-wide step),
# the Wasteland sweep after the Wasteland space, and Glaciation (only its leftmost space).
STEP_REGRESSION = -1
STEP_WASTELAND_SWEEP = -2


def _steps():
    steps = []
    for s in range(NUM_SPACES):
        sec, i = SPACE_SECTION[s], SPACE_INDEX[s]
        if sec == REGRESSION:
            if i == 0:
                steps.append(STEP_REGRESSION)
        elif sec == GLACIATION:
            if i == 0:
                steps.append(s)
        else:
            steps.append(s)
            if sec == WASTELAND:
                steps.append(STEP_WASTELAND_SWEEP)
    return tuple(steps)


STEPS = _steps()
# the step at which an AP on a space is executed (None: never, non-leftmost Glaciation)
STEP_OF_SPACE = tuple(
    STEPS.index(STEP_REGRESSION) if SPACE_SECTION[s] == REGRESSION else (STEPS.index(s) if s in STEPS else None)
    for s in range(NUM_SPACES))


def bonus_vps(n: int, cap: int, bgf_bug: bool) -> int:
    """§6.4: 0, 1, 3, 6, 10, ... capped at ``cap`` (0 = no cap); BGF pays 4 for n = 3."""
    if cap and n > cap:
        n = cap
    if bgf_bug and n == 3:
        return 4
    return n * (n + 1) // 2
