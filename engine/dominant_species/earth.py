"""Queries and small effects on Earth shared by every phase: matches and
dominance (§6.1, §6.3), corners, element discs (§6.6), species (§6.2)."""
from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from engine.dominant_species.board import (ADJACENT, CORNER_HEXES, NEIGHBOURS, NUM_HEXES, PRINTED,
                                           SPECIATION_LIMIT, TUNDRA, bonus_vps)

if TYPE_CHECKING:
    from engine.dominant_species.state import DominantState


def refresh_tiles(s: "DominantState") -> None:
    """Recomputes ``s.tiles`` (hexes holding a tile) and ``s.live`` (existing corners
    touching a tile) after a tile is laid; both lists are replaced, never mutated."""
    terrain = s.terrain
    s.tiles = [h for h in range(NUM_HEXES) if terrain[h] >= 0]
    s.live = [c for c in s.geo.corners if any(terrain[h] >= 0 for h in CORNER_HEXES[c])]


def tile_type(s, h: int) -> int:
    """The terrain a rule sees: TUNDRA for a tundra-covered tile (scoring, speciation)."""
    return TUNDRA if s.tundra[h] else s.terrain[h]


def lay_tile(s, h: int, terrain: int) -> None:
    """A new tile on hex ``h`` (Wanderlust); ``tiles`` and ``live`` are replaced (copies
    with the new hex and the corners it brings in, kept in order: no set, no sort)."""
    live = s.live[:]
    for c in s.geo.hex_corners[h]:
        if not has_tile(s, c):  # the corner touches its first tile
            insort(live, c)
    tiles = s.tiles[:]
    insort(tiles, h)
    s.terrain[h] = terrain
    s.tiles = tiles
    s.live = live


def matches(s, seat: int, h: int) -> int:
    """§6.1: the dot product of the tile's corner discs and the seat's display."""
    elem, disp = s.elem, s.disp
    base = seat * 6
    total = 0
    for c in s.geo.hex_corners[h]:
        e = elem[c]
        if e >= 0:
            total += disp[base + e]
    return total


def dominant(s, h: int) -> int:
    """§6.3: the seat with the strictly highest matches (> 0) among those present, or -1."""
    n = s.num_players
    sp = s.sp
    best, best_seat, tie = 0, -1, False
    for seat in range(n):
        if sp[h * n + seat]:
            m = matches(s, seat, h)
            if m > best:
                best, best_seat, tie = m, seat, False
            elif m == best and m > 0:
                tie = True
    return -1 if tie else best_seat


def present(s, h: int) -> list:
    n = s.num_players
    sp = s.sp
    return [seat for seat in range(n) if sp[h * n + seat]]


def occupied_by(s, seat: int) -> list:
    n = s.num_players
    sp = s.sp
    return [h for h in s.tiles if sp[h * n + seat]]


def has_tile(s, c: int) -> bool:
    terrain = s.terrain
    for h in CORNER_HEXES[c]:
        if terrain[h] >= 0:
            return True
    return False


def vacant_corners(s) -> list:
    """§3.3: corners that exist, hold no disc and touch at least one tile."""
    elem = s.elem
    return [c for c in s.live if elem[c] < 0]


def has_vacant_corner(s) -> bool:
    """Whether vacant_corners(s) has one (the first found ends the search: no list)."""
    elem = s.elem
    for c in s.live:
        if elem[c] < 0:
            return True
    return False


def vacant_corners_of(s, h: int) -> list:
    elem = s.elem
    return [c for c in s.geo.hex_corners[h] if elem[c] < 0]


def discs_on(s, h: int) -> list:
    elem = s.elem
    return [c for c in s.geo.hex_corners[h] if elem[c] >= 0]


def return_disc(s, e: int, always_to_bag: bool = False) -> None:
    """§6.6: a removed disc goes to the bag (or out of the game for BGF's list)."""
    if always_to_bag or s.opt.removed_elements_to_bag:
        s.bag[e] += 1
    else:
        s.gone[e] += 1


def remove_disc(s, c: int, always_to_bag: bool = False) -> None:
    e = s.elem[c]
    s.elem[c] = -1
    return_disc(s, e, always_to_bag)


def draw_random(s) -> int:
    """One disc drawn uniformly from the bag (-1 if empty)."""
    bag = s.bag
    b0, b1, b2, b3, b4, b5 = bag  # (C longs in the compiled build: the sum in C)
    total = b0 + b1 + b2 + b3 + b4 + b5
    if not total:
        return -1
    r = s.rng.below(total)
    for e in range(6):
        k = bag[e]
        if r < k:
            bag[e] = k - 1
            return e
        r -= k
    raise AssertionError("bag count")


def bag_types(s) -> list:
    return [e for e in range(6) if s.bag[e]]


def added(s, seat: int, e: int) -> int:
    return s.disp[seat * 6 + e] - PRINTED[s.animal[seat]][e]


def added_types(s, seat: int) -> list:
    printed = PRINTED[s.animal[seat]]
    base = seat * 6
    return [e for e in range(6) if s.disp[base + e] > printed[e]]


def display_size(s, seat: int) -> int:
    base = seat * 6
    return sum(s.disp[base:base + 6])


def eliminate(s, h: int, seat: int, count: int = 1) -> None:
    """Cubes to the box (§6.2), counted in ``elim`` for Hibernation."""
    i = h * s.num_players + seat
    s.sp[i] -= count
    s.elim[seat] += count
    if s.hib[i] > s.sp[i]:
        s.hib[i] = s.sp[i]


def move_cube(s, src: int, dst: int, seat: int) -> None:
    n = s.num_players
    i = src * n + seat
    s.sp[i] -= 1
    s.sp[dst * n + seat] += 1
    if s.hib[i] > s.sp[i]:
        s.hib[i] = s.sp[i]


def speciation_limit(s, h: int) -> int:
    return SPECIATION_LIMIT[tile_type(s, h)]


def bonus(s, n: int) -> int:
    return bonus_vps(n, s.opt.bonus_cap, s.opt.bgf_bonus_bug)


def adjacent_tiles(s, h: int) -> list:
    terrain = s.terrain
    return [x for x in NEIGHBOURS[h] if terrain[x] >= 0]


def glaciation_targets(s, first: bool = False) -> list:
    """§3.4: non-tundra tiles adjacent to a tundra tile (none if the supply is out); with
    ``first``, at most the first (whether there is one, without the rest of the search)."""
    if s.tundra_left <= 0:
        return []
    terrain, tundra = s.terrain, s.tundra
    out = []
    for h in s.tiles:
        if terrain[h] >= 0 and not tundra[h]:
            for x in NEIGHBOURS[h]:
                if tundra[x]:
                    out.append(h)
                    if first:
                        return out
                    break
    return out


def glaciate(s, h: int, seat: int) -> None:
    """§7.3.7: tundra on ``h``; discs between three tundra tiles go; every animal keeps
    one species there (the rest to the gene pools); bonus VPs for adjacent tundras."""
    s.tundra[h] = 1
    s.tundra_left -= 1
    tundra, terrain, elem = s.tundra, s.terrain, s.elem
    for c in s.geo.hex_corners[h]:
        hexes = CORNER_HEXES[c]
        if elem[c] >= 0 and len(hexes) == 3 and all(terrain[x] >= 0 and tundra[x] for x in hexes):
            remove_disc(s, c)
    n = s.num_players
    for other in range(n):
        i = h * n + other
        if s.sp[i] > 1:
            s.gene[other] += s.sp[i] - 1
            s.sp[i] = 1
            if s.hib[i] > 1:
                s.hib[i] = 1
    s.vp[seat] += bonus(s, sum(1 for x in NEIGHBOURS[h] if terrain[x] >= 0 and tundra[x]))


def adjacent(a: int, b: int) -> bool:
    return b in ADJACENT[a]
