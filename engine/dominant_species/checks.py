"""``invariants(state)``: what must hold after every move (the contract suite's hook)."""
from __future__ import annotations

from engine.dominant_species import decisions as D
from engine.dominant_species.board import (CORNER_HEXES, ELEMENTS_PER_TYPE, FREE_SPACES, MAX_DISPLAY, NUM_CORNERS,
                                           NUM_HEXES, NUM_SPACES, PRINTED, TUNDRA_TILES)
from engine.dominant_species.cards import NUM_CARDS
from engine.dominant_species.setup import gene_pool_start


def invariants(s) -> None:
    n = s.num_players
    start = gene_pool_start(n, s.opt) + 4
    for seat in range(n):
        on_earth = sum(s.sp[h * n + seat] for h in range(NUM_HEXES))
        assert s.gene[seat] + s.elim[seat] + on_earth == start, f"cubes of p{seat} not conserved"
        assert s.gene[seat] >= 0 and s.elim[seat] >= 0, f"negative gene pool or eliminated count of p{seat}"
        assert s.vp[seat] >= 0, f"negative VPs of p{seat}"
        disp = s.disp[seat * 6:seat * 6 + 6]
        assert sum(disp) <= MAX_DISPLAY, f"display of p{seat} over {MAX_DISPLAY}"
        assert all(d >= p for d, p in zip(disp, PRINTED[s.animal[seat]])), f"printed element of p{seat} lost"
        on_board = sum(1 for sp in range(NUM_SPACES) if s.ap[sp] == seat and sp not in FREE_SPACES)
        held = 1 if s.pk in (D.INIT, D.REPLACE) and s.pseat == seat else 0
        assert s.supply[seat] >= 0 and s.supply[seat] + on_board + held == s.aps[seat], f"APs of p{seat} not conserved"
    for h in range(NUM_HEXES):
        for seat in range(n):
            i = h * n + seat
            assert s.sp[i] >= 0 and 0 <= s.hib[i] <= s.sp[i], f"species count on hex {h}"
            assert s.terrain[h] >= 0 or not s.sp[i], f"species on the blank hex {h}"
        assert s.terrain[h] >= 0 or not s.tundra[h], f"tundra on the blank hex {h}"
    discs = s.bag[:]
    existing = set(s.geo.corners)
    for c in range(NUM_CORNERS):
        e = s.elem[c]
        if e >= 0:
            assert c in existing, f"disc on the corner {c}, which does not exist"
            assert any(s.terrain[h] >= 0 for h in CORNER_HEXES[c]), f"disc on the corner {c} away from every tile"
            discs[e] += 1
    for seat in range(n):
        for e in range(6):
            discs[e] += s.disp[seat * 6 + e] - PRINTED[s.animal[seat]][e]
    for b in range(6):
        for e in range(6):
            assert s.box[b * 6 + e] >= 0, "negative element box"
            discs[e] += s.box[b * 6 + e]
    for e in range(6):
        assert discs[e] + s.gone[e] == ELEMENTS_PER_TYPE, f"{e}: element discs not conserved"
        assert s.bag[e] >= 0, "negative bag"
    assert s.tiles == [h for h in range(NUM_HEXES) if s.terrain[h] >= 0], "tile list out of date"
    assert s.live == [c for c in s.geo.corners if any(s.terrain[h] >= 0 for h in CORNER_HEXES[c])], \
        "live corner list out of date"
    tundras = sum(1 for h in range(NUM_HEXES) if s.tundra[h])
    assert tundras + s.tundra_left == TUNDRA_TILES, "tundra tiles not conserved"
    laid = sum(1 for h in range(NUM_HEXES) if s.terrain[h] >= 0) - 7
    in_hand = 1 if s.pk == D.WL_HEX else 0
    stacks = sum(len(x) for x in s.wl) + sum(1 for t in s.wl_up if t >= 0)
    assert laid + in_hand + stacks == 24, "wanderlust tiles not conserved"
    cards = s.deck + s.faceup + s.used
    assert sorted(cards) == list(range(NUM_CARDS)), "dominance cards not conserved"
    assert len(s.faceup) <= 5, "more than five face-up cards"
