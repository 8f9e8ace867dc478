"""The twelve actions of the action display (§7.3), one or more tests each."""
from ds_builder import Position, act, corner_element, el, hx, legal_texts, species, start

from engine.dominant_species import GAME
from engine.dominant_species import decisions as D
from engine.dominant_species.board import (BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DEPLETION, BOX_REGRESSION,
                                           BOX_WANDERLUST, BOX_WASTELAND, SPACE_BY_NAME, corner_at)
from engine.dominant_species.execution import regression, wasteland_sweep
from engine.dominant_species.planning import vacant_spaces


def three_tiles():
    """Wetland north of a sea, jungle north-west of it: the classic start area."""
    p = Position(animals=("mammals", "reptiles"))
    p.tile((0, 0), "sea").tile((0, -1), "wetland").tile((-1, 0), "jungle")
    return p


# -- Initiative ---------------------------------------------------------------
def test_initiative_swaps_with_the_marker_ahead_and_replaces_the_same_ap():
    p = three_tiles()
    s = p.s
    s.order = [0, 1]
    start(s, "initiative", 1)
    supply = s.supply[1]
    act(s, "advance initiative")
    assert s.order == [1, 0]
    assert "place initiative" not in legal_texts(s)
    act(s, "place migration.0")
    assert s.ap[SPACE_BY_NAME["migration.0"]] == 1 and s.supply[1] == supply


def test_initiative_may_be_declined_the_ap_returns():
    s = three_tiles().s
    s.order = [0, 1]
    start(s, "initiative", 1)
    supply = s.supply[1]
    act(s, "pass")
    assert s.order == [0, 1] and s.supply[1] == supply + 1


# -- Adaptation ------------------------------------------------------------------
def test_adaptation_takes_a_disc_from_the_box_onto_the_display():
    p = three_tiles().box(BOX_ADAPTATION, "grass", "seed")
    s = p.s
    start(s, "adaptation.0", 0)
    assert legal_texts(s) == ["take seed", "take grass", "pass"]
    act(s, "take grass")
    assert s.disp[0 * 6 + el("grass")] == 1 and s.box[BOX_ADAPTATION * 6 + el("grass")] == 0


def test_adaptation_does_nothing_with_a_full_display():
    p = three_tiles().box(BOX_ADAPTATION, "grass").display(0, "sun", "sun", "seed", "water")
    s = p.s
    start(s, "adaptation.0", 0)
    assert s.pk == D.NONE


# -- Regression ------------------------------------------------------------------------
def test_regression_without_an_ap_removes_one_added_disc_of_each_type_in_the_box():
    p = three_tiles().box(BOX_REGRESSION, "grass", "grass", "meat").display(0, "grass", "grass", "seed")
    s = p.s
    regression(s)
    # mammals: printed meat untouched, one grass lost (two grass in the box still mean one)
    assert s.disp[0:6] == [2, 0, 1, 0, 0, 1]


def test_regression_each_ap_exempts_one_type():
    p = three_tiles().box(BOX_REGRESSION, "grass", "seed").display(0, "grass", "seed")
    s = p.s
    s.ap[SPACE_BY_NAME["regression.0"]] = 0
    s.supply[0] -= 1
    regression(s)
    assert legal_texts(s) == ["keep seed", "keep grass"]
    act(s, "keep seed")
    assert s.disp[0:6] == [2, 0, 1, 0, 0, 0] and s.ap[SPACE_BY_NAME["regression.0"]] == -1


def test_reptiles_free_ap_exempts_a_type():
    p = Position(animals=("mammals", "reptiles")).box(BOX_REGRESSION, "grass").display(1, "grass")
    s = p.s
    s.ap[SPACE_BY_NAME["regression.reptiles"]] = 1
    supply = s.supply[1]
    regression(s)
    assert s.disp[6 + el("grass")] == 1 and s.supply[1] == supply  # a free AP never enters the supply


# -- Abundance ---------------------------------------------------------------------------
def test_abundance_puts_a_box_disc_on_a_vacant_corner():
    p = three_tiles().box(BOX_ABUNDANCE, "sun")
    s = p.s
    start(s, "abundance.0", 0)
    act(s, "take sun")
    act(s, "put (0,0)N/NE")
    assert corner_element(s, (0, -1), "SE/S") == "sun" and sum(s.box) == 0


def test_abundance_corners_touch_a_tile():
    s = three_tiles().box(BOX_ABUNDANCE, "sun").s
    start(s, "abundance.0", 0)
    act(s, "take sun")
    assert "put (3,0)N/NE" not in legal_texts(s) and len(legal_texts(s)) == 6 * 3 - 2 * 2 - 1


# -- Wasteland -----------------------------------------------------------------------------
def test_wasteland_ap_returns_a_box_disc_to_the_bag():
    s = three_tiles().box(BOX_WASTELAND, "water").s
    bag = s.bag[el("water")]
    start(s, "wasteland.0", 0)
    act(s, "take water")
    assert s.bag[el("water")] == bag + 1 and sum(s.box) == 0


def test_wasteland_sweep_clears_its_types_from_corners_touching_tundra():
    p = Position().tile((0, 0), "sea", tundra=True).tile((0, -1), "wetland").tile((0, -2), "jungle")
    p.element((0, 0), "N/NE", "water").element((0, -1), "N/NE", "water").element((0, 0), "S/SW", "sun")
    p.box(BOX_WASTELAND, "water")
    s = p.s
    wasteland_sweep(s)
    assert corner_element(s, (0, 0), "N/NE") is None  # touches the tundra
    assert corner_element(s, (0, -1), "N/NE") == "water"  # does not
    assert corner_element(s, (0, 0), "S/SW") == "sun"  # another type


# -- Depletion --------------------------------------------------------------------------------
def test_depletion_removes_one_earth_disc_of_a_type_in_the_box():
    p = three_tiles().element((0, 0), "N/NE", "meat").element((0, 0), "S/SW", "sun").box(BOX_DEPLETION, "meat")
    s = p.s
    start(s, "depletion.0", 1)
    assert legal_texts(s) == ["remove (0,-1)SE/S", "pass"]
    act(s, "remove (0,-1)SE/S")
    assert corner_element(s, (0, 0), "N/NE") is None and s.box[BOX_DEPLETION * 6 + el("meat")] == 1


# -- Glaciation ----------------------------------------------------------------------------------
def test_glaciation_clears_corners_between_three_tundras_returns_cubes_and_scores_bonus():
    p = Position().tile((0, 0), "sea", tundra=True).tile((1, -1), "savannah", tundra=True)
    p.tile((0, -1), "wetland", species={0: 3, 1: 1}).tile((-1, 0), "jungle")
    p.element((0, 0), "N/NE", "grass").element((0, 0), "NW/N", "grub")
    s = p.s
    gene0 = s.gene[0]
    start(s, "glaciation.0", 1)
    assert legal_texts(s) == ["glaciate (-1,0)", "glaciate (0,-1)", "pass"]
    act(s, "glaciate (0,-1)")
    assert s.tundra[hx((0, -1))] and s.tundra_left == 9
    assert corner_element(s, (0, 0), "N/NE") is None  # wetland, sea, savannah: all tundra
    assert corner_element(s, (0, 0), "NW/N") == "grub"  # the jungle is not tundra
    assert species(s, (0, -1), 0) == 1 and s.gene[0] == gene0 + 2
    assert s.vp[1] == 3  # two adjacent tundras: bonus 3


def test_glaciation_aps_go_to_the_leftmost_vacant_space():
    s = Position().s
    s.ap[SPACE_BY_NAME["glaciation.0"]] = 0
    glaciation = {SPACE_BY_NAME[f"glaciation.{i}"] for i in range(4)}
    assert [sp for sp in vacant_spaces(s) if sp in glaciation] == [SPACE_BY_NAME["glaciation.1"]]
    s2 = Position(glaciation_place_leftmost=False).s
    assert len([sp for sp in vacant_spaces(s2) if sp in glaciation]) == 4


# -- Speciation ------------------------------------------------------------------------------------
def test_speciation_places_on_the_tiles_of_a_corner_of_its_element_up_to_each_limit():
    p = three_tiles().element((0, 0), "NW/N", "meat")  # sea, wetland and jungle meet there
    s = p.s
    start(s, "speciation.meat", 0)
    act(s, "speciate at (-1,0)NE/SE")
    assert legal_texts(s)[-1] == "add 3 on (-1,0)"  # jungle: 3
    act(s, "add 3 on (-1,0)")
    assert legal_texts(s)[-1] == "add 4 on (0,-1)"  # wetland: 4
    act(s, "add 0 on (0,-1)")
    act(s, "add 4 on (0,0)")
    assert species(s, (-1, 0), 0) == 3 and species(s, (0, 0), 0) == 4 and s.pk == D.NONE


def test_speciation_on_a_tundra_tile_is_limited_to_one():
    p = Position().tile((0, 0), "sea", tundra=True).element((0, 0), "N/NE", "sun")
    s = p.s
    start(s, "speciation.sun", 1)
    act(s, "speciate at (0,-1)SE/S")
    assert legal_texts(s) == ["add 0 on (0,0)", "add 1 on (0,0)"]


def test_speciation_needs_a_disc_of_its_element():
    s = three_tiles().element((0, 0), "NW/N", "meat").s
    start(s, "speciation.seed", 0)
    assert s.pk == D.NONE


def test_insects_free_speciation_places_one_on_any_tile():
    p = Position(animals=("mammals", "insects")).tile((2, 0), "desert")
    s = p.s
    start(s, "speciation.insects", 1)
    assert legal_texts(s) == ["speciate (2,0)", "pass"]
    act(s, "speciate (2,0)")
    assert species(s, (2, 0), 1) == 1


# -- Wanderlust --------------------------------------------------------------------------------------
def test_wanderlust_lays_a_tile_scores_adjacent_tiles_places_a_disc_and_lets_species_move():
    p = Position(animals=("mammals", "reptiles"))
    p.tile((0, 0), "sea", species={1: 2}).tile((0, -1), "wetland", species={0: 1}).tile((1, -1), "savannah")
    p.box(BOX_WANDERLUST, "seed")
    s = p.s
    s.wl_up = [2, -1, -1]  # stack 0 shows a savannah
    start(s, "wanderlust.0", 1)
    act(s, "stack 0")
    act(s, "lay (1,-2)")  # next to the wetland and the savannah
    assert s.vp[1] == 3 and s.terrain[hx((1, -2))] == 2
    assert legal_texts(s) == ["take seed", "pass"]
    act(s, "take seed")
    act(s, "put (1,-2)SE/S")
    assert corner_element(s, (1, -1), "N/NE") == "seed"
    # moves in food-chain order: mammals (from the adjacent wetland) first
    assert s.pseat == 0 and legal_texts(s) == ["move (0,-1) -> (1,-2)", "pass"]
    act(s, "move (0,-1) -> (1,-2)")
    assert s.pk == D.NONE  # reptiles' sea is not adjacent to (1,-2)
    assert species(s, (1, -2), 0) == 1


def test_wanderlust_three_neighbours():
    p = Position().tile((0, 0), "sea").tile((1, -1), "savannah").tile((1, 0), "desert")
    s = p.s
    s.wl_up = [0, -1, -1]
    start(s, "wanderlust.0", 0)
    act(s, "stack 0")
    act(s, "lay (2,-1)")  # neighbours: savannah (1,-1) and desert (1,0) -> 2 tiles
    assert s.vp[0] == 3
    s2 = Position().tile((0, 0), "sea").tile((1, -1), "savannah").tile((1, 0), "desert").tile((0, -1), "wetland").s
    s2.wl_up = [0, -1, -1]
    start(s2, "wanderlust.0", 0)
    act(s2, "stack 0")
    act(s2, "lay (1,-2)")  # wetland (0,-1), savannah (1,-1) -> 2 tiles
    assert s2.vp[0] == 3
    s3 = Position().tile((0, -1), "wetland").tile((1, -1), "savannah").tile((0, -2), "jungle").s
    s3.wl_up = [0, -1, -1]
    start(s3, "wanderlust.0", 0)
    act(s3, "stack 0")
    act(s3, "lay (1,-2)")  # wetland, savannah and jungle: 3 tiles -> 6
    assert s3.vp[0] == 6


# -- Migration ------------------------------------------------------------------------------------------
def test_migration_moves_up_to_the_space_limit_one_step_no_chaining():
    p = Position().tile((0, 0), "sea", species={0: 3}).tile((0, 1), "mountain").tile((0, 2), "desert")
    s = p.s
    start(s, "migration.5", 0)  # 2 species
    assert legal_texts(s) == ["move (0,0) -> (0,1)", "pass"]
    act(s, "move (0,0) -> (0,1)")
    assert "move (0,1) -> (0,2)" not in legal_texts(s)  # the moved cube cannot move on
    act(s, "move (0,0) -> (0,1)")
    assert s.pk == D.NONE and species(s, (0, 1), 0) == 2 and species(s, (0, 0), 0) == 1


def test_birds_migrate_two_tiles_through_a_tile_not_over_a_blank_hex():
    p = Position(animals=("mammals", "birds")).tile((0, 0), "sea", species={1: 1}).tile((0, 1), "mountain")
    p.tile((0, 2), "desert").tile((2, -1), "jungle")
    s = p.s
    start(s, "migration.0", 1)
    texts = legal_texts(s)
    assert "move (0,0) -> (0,2)" in texts  # via the mountain
    assert "move (0,0) -> (2,-1)" not in texts  # (1,-1) and (1,0) are blank


def test_other_animals_migrate_one_tile():
    p = Position().tile((0, 0), "sea", species={1: 1}).tile((0, 1), "mountain").tile((0, 2), "desert")
    s = p.s
    start(s, "migration.0", 1)
    assert "move (0,0) -> (0,2)" not in legal_texts(s)


# -- Competition -------------------------------------------------------------------------------------------
def test_competition_one_tile_per_terrain_of_the_space():
    p = Position(animals=("mammals", "reptiles"))
    p.tile((0, 0), "sea", species={0: 1, 1: 2}).tile((0, 1), "mountain", species={0: 1, 1: 1})
    p.tile((0, 2), "mountain", species={0: 1, 1: 1}).tile((-1, 1), "jungle", species={0: 1, 1: 1})
    s = p.s
    start(s, "competition.mountain+sea", 0)
    assert legal_texts(s) == ["eliminate p1 on (0,0)", "eliminate p1 on (0,1)", "eliminate p1 on (0,2)", "pass"]
    act(s, "eliminate p1 on (0,1)")
    assert legal_texts(s) == ["eliminate p1 on (0,0)", "pass"]  # one mountain only
    act(s, "eliminate p1 on (0,0)")
    assert s.pk == D.NONE and species(s, (0, 0), 1) == 1 and s.elim[1] == 2


def test_competition_spaces_also_take_a_tundra_tile():
    p = Position().tile((0, 0), "sea", species={0: 1, 1: 1}, tundra=True)
    s = p.s
    start(s, "competition.jungle+wetland", 0)
    assert legal_texts(s) == ["eliminate p1 on (0,0)", "pass"]


def test_arachnid_space_hits_every_terrain():
    p = Position(animals=("arachnids", "reptiles"))
    p.tile((0, 0), "sea", species={0: 1, 1: 1}).tile((0, 1), "mountain", species={0: 1, 1: 1})
    s = p.s
    start(s, "competition.arachnids", 0)
    act(s, "eliminate p1 on (0,0)")
    act(s, "eliminate p1 on (0,1)")
    assert s.elim[1] == 2
    s2 = Position(animals=("arachnids", "reptiles"), arachnid_competition_any_type=False)
    s2.tile((0, 0), "sea", species={0: 1, 1: 1}).tile((0, 1), "mountain", species={0: 1, 1: 1})
    t = s2.s
    start(t, "competition.arachnids", 0)
    act(t, "eliminate p1 on (0,0)")
    assert t.pk == D.NONE


# -- Domination ----------------------------------------------------------------------------------------------
def test_seed_003_wetland_example():
    """Amphibians 4, Reptiles 2, Birds 2 on a lone wetland: 8 / 4 (reptiles, above birds in the food
    chain) / 2; nobody takes the 1.  The reptiles are dominant and must take a card."""
    p = Position(animals=("amphibians", "reptiles", "birds"))
    p.tile((0, -1), "wetland", species={0: 4, 1: 2, 2: 2})
    p.element((0, -1), "N/NE", "sun")
    s = p.s
    s.faceup = [1, 7, 20]
    start(s, "domination.0", 1)
    act(s, "dominate (0,-1)")
    assert s.vp == [8, 4, 2]
    assert s.pk == D.CARD and s.pseat == 1  # the reptiles' sun matches
    assert legal_texts(s) == ["card biodiversity", "card ecodiversity", "card nocturnal"]


def test_domination_tie_broken_by_the_food_chain():
    p = Position(animals=("insects", "mammals"))
    p.tile((0, 0), "sea", species={0: 3, 1: 3})
    s = p.s
    start(s, "domination.0", 0)
    act(s, "dominate (0,0)")
    assert s.vp == [5, 9]  # equal counts: mammals first


def test_sea_fourth_place_pays_two_wetland_fourth_one():
    animals = ("mammals", "reptiles", "birds", "amphibians")
    p = Position(animals=animals).tile((0, 0), "sea", species={0: 4, 1: 3, 2: 2, 3: 1})
    s = p.s
    start(s, "domination.0", 0)
    act(s, "dominate (0,0)")
    assert s.vp == [9, 5, 3, 2]
    p = Position(animals=animals).tile((0, -1), "wetland", species={0: 4, 1: 3, 2: 2, 3: 1})
    s = p.s
    start(s, "domination.0", 0)
    act(s, "dominate (0,-1)")
    assert s.vp == [8, 4, 2, 1]


def test_a_tile_is_scored_once_per_turn_and_no_card_without_a_dominant_animal():
    p = Position().tile((0, 0), "sea", species={0: 1}).tile((0, 1), "mountain")
    s = p.s
    start(s, "domination.0", 0)
    act(s, "dominate (0,0)")
    assert s.pk == D.NONE  # no disc: nobody dominant
    start(s, "domination.1", 1)
    assert legal_texts(s) == ["dominate (0,1)", "pass"]


def test_domination_tundra_pays_first_place_only():
    p = Position().tile((0, 0), "sea", species={0: 1, 1: 1}, tundra=True)
    s = p.s
    start(s, "domination.0", 0)
    act(s, "dominate (0,0)")
    assert s.vp == [1, 0]


def test_action_text_round_trips():
    for text in ("place speciation.meat", "add 3 on (0,-1)", "move (0,0) -> (1,-1)", "eliminate p2 on (0,0)",
                 "send p1 -> (1,0)", "card ice-age", "keep disc (0,-1)SE/S", "lose ap", "reduce", "stack 2"):
        assert GAME.action_to_text(GAME.action_from_text(text)) == text
    assert GAME.action_from_text("put (0,-1)SE/S") == GAME.action_from_text("put (0,0)N/NE")
    assert corner_at((0, 0), "N/NE") == GAME.action_from_text("put (1,-1)SW/NW")[1]
