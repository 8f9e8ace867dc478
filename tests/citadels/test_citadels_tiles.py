"""Tiles and the Map phase (seed "Карта"; rules ref. §B, A8)."""
from citadels_builder import KIND, Position, play

from engine.citadels.roles import ARCHITECT, KING, MAGE, SHAMAN
from engine.citadels.tiles import (CATALOGUE, FOREST, MOUNTAINS, PLAINS, POOL_FOOD, RIVER, ROTATIONS,
                                   STACK_COUNTS, TILES_IN_GAME, rotated)


def test_catalogue_is_36_tiles_plus_the_start_tile():
    assert sum(STACK_COUNTS) == 36 and TILES_IN_GAME == 37
    assert CATALOGUE[KIND["city"]].city and CATALOGUE[KIND["city"]].biome == PLAINS


def test_landscape_food_forest_1_river_2_plains_and_mountains_0():
    assert POOL_FOOD[FOREST] == 1 and POOL_FOOD[RIVER] == 2
    assert POOL_FOOD[PLAINS] == 0 and POOL_FOOD[MOUNTAINS] == 0


def test_rotation_turns_edges_clockwise():
    # forest-plains F F P P: a quarter turn puts the north edge on the east side
    assert rotated((0, 0, 1, 1), 1) == (1, 0, 0, 1)


def test_a_symmetric_tile_has_one_placement_per_look():
    assert len(ROTATIONS[KIND["plains"]]) == 1
    assert len(ROTATIONS[KIND["river"]]) == 2
    assert len(ROTATIONS[KIND["forest-plains"]]) == 4


def test_the_start_tile_is_a_city_at_the_origin():
    s = Position().s
    assert s.board == {(0, 0): (KIND["city"], 0)}


def _rotations_at(s, cell):
    return {a.rotation for a in s.legal_actions() if (a.x, a.y) == cell}


def test_legal_placements_match_every_touching_edge():
    p = Position().roles({0: KING, 1: SHAMAN})
    p.tile(1, 0, "forest-plains", 0)  # N=F E=F S=P W=P
    s = p.at_map("plains-forest")  # P P F F at r0
    assert s.current_player == 0 and s.drawn == KIND["plains-forest"]  # the King goes first
    assert _rotations_at(s, (2, 0)) == {0, 1}  # west edge must be F
    assert _rotations_at(s, (1, -1)) == {0, 3}  # south edge must be F
    assert _rotations_at(s, (5, 5)) == set()  # must touch the map


def test_laying_puts_the_tile_on_the_map():
    s = Position().roles({0: KING, 1: SHAMAN}).at_map("plains", "plains")
    seat = s.current_player
    play(s, "lay 1,0 r0")
    assert s.board[(1, 0)] == (KIND["plains"], 0)
    assert s.log[-1][0] == seat


def test_a_misfit_goes_to_the_bottom_and_another_is_drawn():
    p = Position().roles({0: KING, 1: SHAMAN})
    s = p.at_map("forest", bottom=["plains"])
    # the forest fits nowhere next to the city (plains on every side)
    assert s.drawn == KIND["plains"] and s.bottom == [KIND["forest"]]


def test_three_misfits_skip_the_laying():
    s = Position().roles({0: KING, 1: SHAMAN}).at_map("forest", "forest", "forest")
    assert len(s.board) == 1
    assert s.phase == 3  # both skipped: the Action phase began
    assert any(text == "skips laying" for _, text in s.log)


def test_the_architect_lays_two_tiles():
    s = Position().roles({0: ARCHITECT, 1: KING}).at_map(*["plains"] * 5)
    play(s, "lay 1,0 r0")  # the King first (role 1)
    assert s.current_player == 0
    play(s, "lay -1,0 r0")
    assert s.current_player == 0 and s.drawn >= 0
    play(s, "lay 0,1 r0")
    assert len(s.board) == 4 and s.phase == 3


def test_a_blocked_architect_lays_only_one():
    s = Position().roles({0: ARCHITECT, 1: MAGE}, blocked=0).at_map(*["plains"] * 5)
    play(s, "lay 1,0 r0", "lay -1,0 r0")
    assert len(s.board) == 3 and s.phase == 3


def test_a_drawn_tile_is_seen_only_by_its_drawer():
    s = Position().roles({0: KING, 1: SHAMAN}).at_map("river")
    assert s.current_player == 0
    assert s.observation(0).drawn_tile == KIND["river"]
    seen = s.observation(1)
    assert seen.drawn_tile == -1 and seen.drawer == 0 and seen.unseen_tiles[KIND["river"]] == 1


def test_an_empty_stack_means_no_laying():
    s = Position().roles({0: KING, 1: SHAMAN}).at_map()
    assert len(s.board) == 1 and s.phase == 3
