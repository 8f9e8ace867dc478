"""Board geometry (§3) and setup (§4)."""
import pytest

from engine.dominant_species import GAME
from engine.dominant_species.board import (ADJACENT, ANIMAL_NAMES, CORNER_HEXES, ELEMENT_NAMES, GEOMETRY, HEX_INDEX,
                                           HEXES, NEIGHBOURS, NUM_HEXES, SPACE_BY_NAME, TERRAIN_NAMES, corner_at)
from engine.dominant_species.earth import dominant, matches, present
from engine.dominant_species.setup import gene_pool_start
from engine.dominant_species.options import Options


def new(n, **options):
    return GAME.new_game(n, 3, {"deal_animals": False, **options})


def test_the_map_has_35_hexes_18_on_the_rim():
    assert len(HEXES) == 35
    assert sum(1 for n in NEIGHBOURS if len(n) < 6) == 18


def test_corners_92_with_rim_corners_50_without():
    assert len(GEOMETRY[True].corners) == 92
    assert len(GEOMETRY[False].corners) == 50
    inner = {(-3, 0): 2, (-2, 0): 6, (0, -2): 4, (3, -3): 2, (2, 1): 3}
    for qr, count in inner.items():
        assert len(GEOMETRY[False].hex_corners[HEX_INDEX[qr]]) == count


def test_neighbour_table_rows():
    def names(qr):
        return sorted(HEXES[x] for x in NEIGHBOURS[HEX_INDEX[qr]])
    assert names((-3, 0)) == sorted([(-2, -1), (-2, 0), (-3, 1)])
    assert names((0, 0)) == sorted([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)])
    assert names((3, -2)) == sorted([(3, -3), (3, -1), (2, -1), (2, -2)])


def test_two_adjacent_tiles_share_exactly_two_corners():
    a, b = HEX_INDEX[(0, 0)], HEX_INDEX[(1, 0)]
    shared = set(GEOMETRY[True].hex_corners[a]) & set(GEOMETRY[True].hex_corners[b])
    assert len(shared) == 2
    far = HEX_INDEX[(2, 0)]
    assert not set(GEOMETRY[True].hex_corners[a]) & set(GEOMETRY[True].hex_corners[far])
    assert b in ADJACENT[a] and far not in ADJACENT[a]


def test_starting_tiles_tundra_on_the_central_sea():
    s = new(2)
    tiles = {HEXES[h]: TERRAIN_NAMES[s.terrain[h]] for h in range(NUM_HEXES) if s.terrain[h] >= 0}
    assert tiles == {(0, 0): "sea", (-1, 0): "jungle", (0, -1): "wetland", (1, -1): "savannah",
                     (1, 0): "desert", (0, 1): "mountain", (-1, 1): "forest"}
    assert [HEXES[h] for h in range(NUM_HEXES) if s.tundra[h]] == [(0, 0)]
    assert s.tundra_left == 11


def test_the_twelve_starting_discs_give_each_tile_its_multiset():
    s = new(2)
    expect = {(0, 0): "grass grub meat seed sun water", (-1, 0): "grub grub seed water",
              (0, -1): "grass grub water water", (1, -1): "grass grass sun water",
              (1, 0): "grass meat sun sun", (0, 1): "meat meat seed sun", (-1, 1): "grub meat seed seed"}
    for qr, discs in expect.items():
        got = sorted(ELEMENT_NAMES[s.elem[c]] for c in s.geo.hex_corners[HEX_INDEX[qr]] if s.elem[c] >= 0)
        assert got == discs.split(), qr
    assert ELEMENT_NAMES[s.elem[corner_at((0, 0), "NW/N")]] == "grub"
    assert sum(1 for e in s.elem if e >= 0) == 12 and sum(s.bag) + sum(s.box) == 108


def test_six_player_setup_each_animal_dominant_on_its_two_cube_tile():
    s = new(6)
    for h in range(NUM_HEXES):
        if s.terrain[h] < 0:
            continue
        seats = present(s, h)
        if HEXES[h] == (0, 0):
            assert seats == [] and dominant(s, h) == -1
            continue
        two = [seat for seat in seats if s.sp[h * 6 + seat] == 2]
        assert dominant(s, h) == two[0]
        assert all(matches(s, seat, h) > 0 for seat in seats)  # nobody endangered
    jungle = HEX_INDEX[(-1, 0)]
    assert [matches(s, s.seat_of[a], jungle) for a in (4, 3, 2)] == [4, 3, 2]


@pytest.mark.parametrize("n,aps,pool,pool_no_marker", [(2, 7, 50, 51), (3, 6, 45, 46), (4, 5, 40, 41),
                                                       (5, 4, 35, 36), (6, 3, 30, 31)])
def test_supply_and_gene_pool_per_player_count(n, aps, pool, pool_no_marker):
    s = new(n)
    assert s.supply == [aps] * n and s.gene == [pool] * n
    assert new(n, vp_marker_from_gene_pool=False).gene == [pool_no_marker] * n
    assert gene_pool_start(n, Options()) == pool


def test_initiative_starts_in_reverse_food_chain_order():
    s = new(4)  # mammals, reptiles, birds, amphibians
    assert [ANIMAL_NAMES[s.animal[x]] for x in s.order] == ["amphibians", "birds", "reptiles", "mammals"]


def test_free_aps_only_for_animals_in_play():
    s = new(2)  # mammals, reptiles
    assert s.ap[SPACE_BY_NAME["regression.reptiles"]] == 1
    assert s.ap[SPACE_BY_NAME["speciation.insects"]] == -2 and s.ap[SPACE_BY_NAME["competition.arachnids"]] == -2
    s6 = new(6)
    assert s6.ap[SPACE_BY_NAME["speciation.insects"]] == 5 and s6.ap[SPACE_BY_NAME["competition.arachnids"]] == 4


def test_boxes_dealt_four_each_deck_and_stacks():
    s = new(3)
    assert [sum(s.box[b * 6:b * 6 + 6]) for b in range(6)] == [4, 0, 4, 0, 0, 4]
    assert len(s.faceup) == 5 and len(s.deck) == 21 and s.deck[0] == 25  # Ice Age at the bottom
    assert [len(x) for x in s.wl] == [7, 7, 7] and all(t >= 0 for t in s.wl_up)


def test_animals_are_dealt_from_the_seed():
    a = GAME.new_game(3, 11).animal
    assert a == GAME.new_game(3, 11).animal and len(set(a)) == 3
    assert {GAME.new_game(2, seed).animal for seed in range(30)} != {a[:2]}


def test_corner_text_reads_back_from_any_of_its_tiles():
    c = corner_at((0, 0), "N/NE")
    assert corner_at((0, -1), "SE/S") == c and corner_at((1, -1), "SW/NW") == c
    assert sorted(HEXES[h] for h in CORNER_HEXES[c]) == sorted([(0, 0), (0, -1), (1, -1)])
