"""Tiles: the catalogue, rotation and edge matching (rules ref. §B, seed "Карта").

A tile has four edge letters (N, E, S, W) showing landscape and a centre biome.
Food and the King's income come from the centre biome only (B2); edges only
matter for matching (B3).  The map is an unbounded grid: cells are ``(x, y)``
int pairs, north is ``y - 1`` (screen orientation), east is ``x + 1``; the
frontier (the empty cells where a tile may go) keeps them as small ints.
"""
from __future__ import annotations

from typing import NamedTuple

# Landscapes (edge letters and centre biomes), seed table "Ландшафт / Еда в пул".
FOREST, PLAINS, RIVER, MOUNTAINS = 0, 1, 2, 3
LANDSCAPE_LETTER = "FPRM"
LANDSCAPE_NAME = ("forest", "plains", "river", "mountains")
# Food each biome adds to the common pool at Feeding (seed; rules ref. D1).
POOL_FOOD = (1, 0, 2, 0)

N, E, S, W = 0, 1, 2, 3
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dx, dy) for N, E, S, W
OPPOSITE = (S, W, N, E)


class TileKind(NamedTuple):
    name: str
    biome: int
    edges: tuple  # (N, E, S, W) landscapes at rotation 0
    city: bool
    count: int  # copies in the stack (the start tile is extra)


def _edges(letters: str) -> tuple:
    return tuple(LANDSCAPE_LETTER.index(ch) for ch in letters)


# The proposed 36-tile catalogue (rules ref. §B, table after B6).
CATALOGUE = (
    TileKind("city", PLAINS, _edges("PPPP"), True, 2),
    TileKind("plains", PLAINS, _edges("PPPP"), False, 4),
    TileKind("plains-forest", PLAINS, _edges("PPFF"), False, 3),
    TileKind("forest", FOREST, _edges("FFFF"), False, 4),
    TileKind("forest-plains", FOREST, _edges("FFPP"), False, 3),
    TileKind("forest-mountains", FOREST, _edges("FFMM"), False, 2),
    TileKind("river", RIVER, _edges("RPRP"), False, 4),
    TileKind("river-bend", RIVER, _edges("RRPP"), False, 2),
    TileKind("river-forest", RIVER, _edges("RFRF"), False, 2),
    TileKind("mountains", MOUNTAINS, _edges("MMMM"), False, 3),
    TileKind("mountains-plains", MOUNTAINS, _edges("MMPP"), False, 4),
    TileKind("mountains-forest", MOUNTAINS, _edges("MMFF"), False, 3),
)
NUM_KINDS = len(CATALOGUE)
START_TILE = 0  # plains + city at (0, 0) (rules ref. §3.1)
STACK_COUNTS = tuple(k.count for k in CATALOGUE)
TILES_IN_GAME = sum(STACK_COUNTS) + 1  # 36 + the start tile
BIOME = tuple(k.biome for k in CATALOGUE)
IS_CITY = tuple(k.city for k in CATALOGUE)
REDRAWS = 3  # B4: after 3 unplaceable draws the player skips laying


def rotated(edges: tuple, rotation: int) -> tuple:
    """Edges after ``rotation`` quarter turns clockwise (what faced N faces E)."""
    return tuple(edges[(d - rotation) % 4] for d in range(4))


def _distinct_rotations(edges: tuple) -> tuple:
    """(rotation, edges) for each visibly different rotation: a symmetric tile
    offers one placement per look, so equal choices are one action."""
    seen, out = set(), []
    for r in range(4):
        e = rotated(edges, r)
        if e not in seen:
            seen.add(e)
            out.append((r, e))
    return tuple(out)


ROTATIONS = tuple(_distinct_rotations(k.edges) for k in CATALOGUE)
EDGES = tuple(tuple(rotated(k.edges, r) for r in range(4)) for k in CATALOGUE)


def neighbours(cell: tuple) -> list:
    x, y = cell
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


# The frontier (the empty cells next to the map, where a tile may go) is kept apart from
# the board for speed: each cell as one small int, and the edges it needs as one small int,
# so that the placements of every Map decision hash and sort plain ints, not tuples.
# A cell's index sorts as its (x, y) does (x first): coordinates lie in -36..36 (codec.py).
GRID = 128  # cells per column of the index grid
ORIGIN = 64  # (0, 0) is at column 64, row 64
STEP_INDEX = (-1, GRID, 1, -GRID)  # index offsets of N, E, S, W (STEP)


def cell_index(x: int, y: int) -> int:
    return (x + ORIGIN) * GRID + y + ORIGIN


def index_cell(index: int) -> tuple:
    return index // GRID - ORIGIN, index % GRID - ORIGIN


# A cell's need: per side N, E, S, W the landscape its laid neighbour shows there, or -1
# where the side is free; as one int, side d contributes (landscape + 1) * 5**d.
SIDE_WEIGHT = (1, 5, 25, 125)
NEEDS = 5 ** 4
FREE = 0  # a need with every side free


def need_edges(need: int) -> tuple:
    """The (N, E, S, W) landscapes a need code asks for (-1: free side)."""
    return tuple([need // SIDE_WEIGHT[d] % 5 - 1 for d in range(4)])


def fits(edges: tuple, need: tuple) -> bool:
    """B3: every side touching a laid tile carries the same letter (-1: free side)."""
    for d in range(4):
        if need[d] >= 0 and need[d] != edges[d]:
            return False
    return True


_FITTING = tuple([None] * NEEDS for _ in CATALOGUE)  # per kind, by need code: fitting rotations


def fitting_rotations(kind: int, need: int) -> tuple:
    """Rotations of ``kind`` that fit a cell whose need code is ``need`` (memoized:
    at most 12 kinds x 5**4 needs)."""
    memo = _FITTING[kind]
    found = memo[need]
    if found is None:
        edges = need_edges(need)
        found = memo[need] = tuple([r for r, e in ROTATIONS[kind] if fits(e, edges)])
    return found


def can_place(frontier: dict, kind: int) -> bool:
    for need in frontier.values():
        if fitting_rotations(kind, need):
            return True
    return False


def lay(board: dict, frontier: dict, cell: tuple, kind: int, rotation: int) -> None:
    """Put a tile on the map; the empty cells around it now need its edges."""
    board[cell] = (kind, rotation)
    x, y = cell
    at = (x + ORIGIN) * GRID + y + ORIGIN  # cell_index(x, y)
    frontier.pop(at, None)
    edges = EDGES[kind][rotation]
    for d in range(4):
        dx, dy = STEP[d]
        if (x + dx, y + dy) in board:
            continue
        nb = at + STEP_INDEX[d]
        # the neighbour's side facing this tile was free: it now needs this tile's edge
        need = frontier.get(nb, FREE)
        frontier[nb] = need + (edges[d] + 1) * SIDE_WEIGHT[OPPOSITE[d]]


def tile_text(kind: int, rotation: int = 0) -> str:
    letters = "".join(LANDSCAPE_LETTER[e] for e in EDGES[kind][rotation])
    return f"{CATALOGUE[kind].name}[{letters}]"
