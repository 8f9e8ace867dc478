"""Rule options not covered with their action or card (§10.1)."""
import pytest
from ds_builder import Position, act, card, corner_element, hx, legal_texts, start

from engine.contract import OptionError
from engine.dominant_species import GAME
from engine.dominant_species import decisions as D
from engine.dominant_species.board import BOX_ABUNDANCE, BOX_DEPLETION, ELEMENT_NAMES, SPACE_BY_NAME
from engine.dominant_species.earth import glaciate


def test_tundra_hides_terrain_off_a_covered_sea_is_still_a_sea_for_competition_and_aquatic():
    p = Position(tundra_hides_terrain=False)
    p.tile((0, 0), "sea", species={0: 1, 1: 1}, tundra=True).tile((0, 1), "sea", species={0: 1, 1: 1})
    s = p.s
    start(s, "competition.mountain+sea", 0)
    act(s, "eliminate p1 on (0,0)")  # counts as its printed sea
    assert s.pk == D.NONE  # the other sea cannot be chosen too: nothing left to choose
    q = Position(tundra_hides_terrain=False).tile((0, 0), "sea", tundra=True)
    card(q.s, "aquatic", 0)
    assert legal_texts(q.s) == ["choose (0,0)"]


def test_tundra_hides_terrain_on_a_covered_sea_counts_only_as_tundra():
    p = Position()
    p.tile((0, 0), "sea", species={0: 1, 1: 1}, tundra=True).tile((0, 1), "sea", species={0: 1, 1: 1})
    s = p.s
    start(s, "competition.mountain+sea", 0)
    act(s, "eliminate p1 on (0,0)")
    assert legal_texts(s) == ["eliminate p1 on (0,1)", "pass"]


def test_removed_elements_to_bag_off_glaciated_discs_leave_the_game_depleted_ones_go_to_the_bag():
    p = Position(removed_elements_to_bag=False)
    p.tile((0, 0), "sea", tundra=True).tile((1, -1), "savannah", tundra=True).tile((0, -1), "wetland")
    p.element((0, 0), "N/NE", "grass").tile((0, 1), "mountain").element((0, 1), "S/SW", "meat")
    p.box(BOX_DEPLETION, "meat")
    s = p.s
    bag = s.bag[:]
    glaciate(s, hx((0, -1)), 0)
    assert s.gone[ELEMENT_NAMES.index("grass")] == 1 and s.bag == bag
    start(s, "depletion.0", 0)
    act(s, "remove (0,1)S/SW")
    assert s.bag[ELEMENT_NAMES.index("meat")] == bag[ELEMENT_NAMES.index("meat")] + 1


def test_rim_corners_off_only_corners_between_three_area_hexes():
    p = Position(rim_corners=False).tile((-3, 0), "sea").box(BOX_ABUNDANCE, "sun")
    s = p.s
    start(s, "abundance.0", 0)
    act(s, "take sun")
    assert len(legal_texts(s)) == 2  # (-3,0) has 2 inner corners
    q = Position().tile((-3, 0), "sea").box(BOX_ABUNDANCE, "sun").s
    start(q, "abundance.0", 0)
    act(q, "take sun")
    assert len(legal_texts(q)) == 6


def test_initiative_optional_off_advances_at_once():
    p = Position(initiative_optional=False)
    s = p.s
    s.order = [0, 1]
    start(s, "initiative", 1)
    assert s.order == [1, 0] and s.pk == D.REPLACE


def test_insect_free_speciation_off_removes_the_space():
    s = GAME.new_game(6, 1, {"deal_animals": False, "insect_free_speciation": False})
    assert s.ap[SPACE_BY_NAME["speciation.insects"]] == -2


def test_options_are_checked_by_name_and_value():
    with pytest.raises(OptionError, match="no option"):
        GAME.new_game(2, 0, {"rim_corner": True})
    with pytest.raises(OptionError, match="max_turns"):
        GAME.new_game(2, 0, {"max_turns": "soon"})
    # nothing but max_turns ends a game whose players never take Ice Age: 0 (none) is refused
    with pytest.raises(OptionError, match="'max_turns': 0 is below its least value, 1"):
        GAME.new_game(2, 0, {"max_turns": "0"})
    assert corner_element(GAME.new_game(2, 0), (0, 0), "N/NE") == "water"
