"""Tile scoring (§8.1, Appendix A), the final scoring and ranking (§8.2), and
``rescore``, an independent re-computation for the contract suite."""
from __future__ import annotations

from engine.dominant_species.board import NUM_HEXES, OVER, SCORING, TUNDRA
from engine.dominant_species.earth import tile_type


def score_tile(s, h: int) -> list:
    """(seat, VPs) per place on tile ``h``: animals with >= 1 species ranked by
    species (desc), ties by the food chain; each animal takes one place; the
    terrain's table pays (a tundra tile only its first place)."""
    n = s.num_players
    return places_pay(s.sp[h * n:h * n + n], s.animal, SCORING[tile_type(s, h)])


def places_pay(counts, animal, table) -> list:
    """(seat, VPs) per place for species ``counts`` per seat (§8.1): seats with >= 1
    ranked by count (desc), ties by the food chain (``animal``); ``table`` pays the places."""
    ranked = []  # by (-count, animal) as sorted() would rank them (an insertion sort: a few seats)
    for seat in range(len(counts)):
        k = counts[seat]
        if k:
            a = animal[seat]
            pos = len(ranked)
            while pos > 0:
                other = ranked[pos - 1]
                ahead = counts[other]
                if ahead > k or (ahead == k and animal[other] <= a):
                    break
                pos -= 1
            ranked.insert(pos, seat)
    out = []
    for place in range(min(len(ranked), len(table))):
        out.append((ranked[place], table[place]))
    return out


def final_scoring(s) -> None:
    """§8.2: every tile scored once more."""
    vp = s.vp
    terrain = s.terrain
    for h in s.tiles:
        if terrain[h] >= 0:
            for seat, points in score_tile(s, h):
                vp[seat] += points


def current_scores(s) -> list:
    """VPs; while the game runs, plus what the final scoring would add now."""
    if s.phase == OVER:
        return s.vp[:]
    scores = s.vp[:]
    n = s.num_players
    terrain, tundra, sp, animal = s.terrain, s.tundra, s.sp, s.animal
    for h in s.tiles:
        if terrain[h] >= 0:  # score_tile(s, h), on the fields read once
            table = SCORING[TUNDRA if tundra[h] else terrain[h]]
            for seat, points in places_pay(sp[h * n:h * n + n], animal, table):
                scores[seat] += points
    return scores


def rank_keys(s) -> list:
    """§8.2: VPs, then the food chain (``food_chain_tiebreak``)."""
    scores = current_scores(s)
    if s.opt.food_chain_tiebreak:
        return [(scores[seat], -s.animal[seat]) for seat in range(s.num_players)]
    return [(score,) for score in scores]


_TABLE = {"sea": (9, 5, 3, 2), "wetland": (8, 4, 2, 1), "savannah": (7, 4, 2), "jungle": (6, 3, 2),
          "forest": (5, 3, 2), "desert": (4, 2), "mountain": (3, 2), "tundra": (1,)}
_TERRAINS = ("sea", "wetland", "savannah", "jungle", "forest", "desert", "mountain")


def rescore(s) -> list:
    """The scores written apart from ``current_scores``: the VP track plus, before
    the end, the places on every tile counted from the species directly."""
    out = list(s.vp)
    if s.phase == OVER:
        return out
    n = s.num_players
    for h in range(NUM_HEXES):
        if s.terrain[h] < 0:
            continue
        name = "tundra" if s.tundra[h] else _TERRAINS[s.terrain[h]]
        counts = [(s.sp[h * n + seat], -s.animal[seat], seat) for seat in range(n) if s.sp[h * n + seat] > 0]
        counts.sort(reverse=True)
        for place, (_, _, seat) in enumerate(counts):
            pays = _TABLE[name]
            out[seat] += pays[place] if place < len(pays) else 0
    return out
