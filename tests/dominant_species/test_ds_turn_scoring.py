"""The turn (planning, execution order, reset), animals' abilities, scoring and the end."""
import pytest
from ds_builder import Position, act, hx, legal_texts, species

from engine.dominant_species import GAME
from engine.dominant_species import decisions as D
from engine.dominant_species.board import (BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DEPLETION, BOX_REGRESSION,
                                           BOX_WANDERLUST, BOX_WASTELAND, SPACE_BY_NAME, bonus_vps)
from engine.dominant_species.cards import CARD_BY_NAME
from engine.dominant_species.board import OVER, PLANNING, RESET
from engine.dominant_species.flow import advance
from engine.dominant_species.reset import begin, extinction, reseed, survival
from engine.dominant_species.scoring import rescore, score_tile


def test_bonus_table_triangular_capped_at_nine():
    assert [bonus_vps(n, 9, False) for n in range(11)] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 45]
    assert bonus_vps(12, 0, False) == 78 and bonus_vps(3, 9, True) == 4


def test_planning_is_round_robin_in_initiative_order_until_supplies_are_empty():
    s = GAME.new_game(3, 1, {"deal_animals": False})
    seats = []
    while s.phase == PLANNING:
        seats.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert seats[:6] == [s.order[0], s.order[1], s.order[2]] * 2 and len(seats) == 18
    assert s.supply == [0, 0, 0]


def test_an_illegal_action_is_refused_and_changes_nothing():
    from engine.contract import IllegalActionError
    s = GAME.new_game(2, 1)
    before = s.render()
    with pytest.raises(IllegalActionError):
        s.apply(("nonsense",))
    assert s.render() == before


def test_the_initiative_ap_replaced_is_executed_in_the_same_turn():
    p = Position(animals=("mammals", "reptiles")).box(BOX_ADAPTATION, "grass")
    s = p.s
    s.order = [0, 1]
    s.ap[SPACE_BY_NAME["initiative"]] = 1
    s.supply[1] -= 1
    s.cursor = 0
    advance(s)
    assert s.pk == D.INIT and s.pseat == 1
    s.apply(GAME.action_from_text("advance initiative"))
    s.apply(GAME.action_from_text("place adaptation.0"))
    assert s.order == [1, 0] and s.pk == D.ADAPT and s.current_player == 1


def test_instinct_on_a_later_domination_space_runs_this_turn_earlier_ones_wait():
    p = Position(animals=("mammals", "reptiles")).tile((0, 0), "sea", species={0: 1})
    p.element((0, 0), "N/NE", "meat")
    s = p.s
    s.cursor = len(__import__("engine.dominant_species.board", fromlist=["STEPS"]).STEPS) - 4  # domination.1 next
    s.ap[SPACE_BY_NAME["domination.3"]] = 0
    s.ap[SPACE_BY_NAME["adaptation.0"]] = 1
    s.supply[0] -= 1
    s.supply[1] -= 1
    advance(s)
    assert s.pk == D.DOMINATE and s.pseat == 0
    act(s, "pass")
    advance(s)
    assert s.phase == PLANNING and s.ap[SPACE_BY_NAME["adaptation.0"]] == 1  # waits for next turn


def test_reset_boxes_shift_and_refill_glaciation_aps_slide_free_aps_return():
    p = Position(animals=("mammals", "reptiles"))
    p.box(BOX_ADAPTATION, "sun").box(BOX_ABUNDANCE, "seed").box(BOX_WASTELAND, "water")
    p.box(BOX_REGRESSION, "grub").box(BOX_DEPLETION, "grass").box(BOX_WANDERLUST, "meat")
    s = p.s
    s.ap[SPACE_BY_NAME["glaciation.2"]] = 1
    s.ap[SPACE_BY_NAME["regression.reptiles"]] = -1
    bag = sum(s.bag)
    reseed(s)
    box = [s.box[b * 6:b * 6 + 6] for b in range(6)]
    assert box[BOX_REGRESSION] == [0, 1, 0, 0, 0, 0]  # from adaptation
    assert box[BOX_WASTELAND] == [0, 0, 1, 0, 0, 0]  # from abundance
    assert box[BOX_DEPLETION] == [0, 0, 0, 1, 0, 0]  # from wasteland
    assert [sum(box[b]) for b in (BOX_ADAPTATION, BOX_ABUNDANCE, BOX_WANDERLUST)] == [4, 4, 4]
    assert sum(s.bag) == bag + 3 - 12
    assert s.ap[SPACE_BY_NAME["glaciation.0"]] == 1 and s.ap[SPACE_BY_NAME["glaciation.2"]] == -1
    assert s.ap[SPACE_BY_NAME["regression.reptiles"]] == 1 and len(s.faceup) == 5


def test_extinction_eliminates_species_without_a_match():
    p = Position(animals=("mammals", "reptiles")).tile((0, 0), "sea", species={0: 2, 1: 3})
    p.element((0, 0), "N/NE", "sun")
    s = p.s
    extinction(s, -1)
    assert species(s, (0, 0), 0) == 0 and species(s, (0, 0), 1) == 3 and s.elim == [2, 0]


def test_mammals_save_one_endangered_species():
    p = Position(animals=("mammals", "reptiles")).tile((0, 0), "sea", species={0: 3}).tile((0, 1), "mountain",
                                                                                           species={0: 1})
    s = p.s
    begin(s)
    assert s.pk == D.SAVE and legal_texts(s) == ["save (0,0)", "save (0,1)", "pass"]
    act(s, "save (0,0)")
    assert species(s, (0, 0), 0) == 1 and species(s, (0, 1), 0) == 0


def test_survival_sole_most_species_on_tundra_scores_bonus_a_tie_gives_nobody():
    p = Position(animals=("mammals", "reptiles")).tile((0, 0), "sea", species={0: 2, 1: 1}, tundra=True)
    p.tile((0, 1), "mountain", species={0: 1}, tundra=True)
    s = p.s
    survival(s)
    assert s.survival == 0 and s.vp == [3, 0]
    q = Position(animals=("mammals", "reptiles")).tile((0, 0), "sea", species={0: 1, 1: 1}, tundra=True)
    survival(q.s)
    assert q.s.survival == -1 and q.s.vp == [0, 0]


def test_ice_age_ends_the_game_after_the_turn_with_a_final_scoring_of_every_tile():
    p = Position(animals=("mammals", "reptiles")).tile((0, 0), "sea", species={0: 1, 1: 2})
    p.tile((0, 1), "mountain", species={0: 1}).element((0, 0), "S/SW", "meat").element((0, 0), "N/NE", "sun")
    s = p.s
    s.ice_age = True
    s.phase = RESET
    s.vp = [10, 3]
    s.cursor = 999
    begin(s)
    assert s.phase == OVER
    # nobody endangered; sea: reptiles 9, mammals 5; mountain: mammals 3 (the meat touches both)
    assert s.vp == [18, 12] and s.scores() == rescore(s) == [18, 12]


def test_final_tie_broken_by_the_food_chain():
    p = Position(animals=("insects", "mammals"))
    s = p.s
    s.phase = OVER
    s.vp = [20, 20]
    assert s.ranking() == [2, 1]
    q = Position(animals=("insects", "mammals"), food_chain_tiebreak=False).s
    q.phase = OVER
    q.vp = [20, 20]
    assert q.ranking() == [1, 1]


def test_scores_before_the_end_include_the_final_scoring_now():
    p = Position(animals=("mammals", "reptiles")).tile((0, 0), "sea", species={1: 1})
    s = p.s
    s.vp = [4, 1]
    assert s.scores() == [4, 10] == rescore(s)


def test_score_tile_lone_animal_takes_only_first_place():
    p = Position(animals=("mammals", "reptiles")).tile((0, 1), "mountain", species={1: 5})
    assert score_tile(p.s, hx((0, 1))) == [(1, 3)]


def test_max_turns_ends_the_game():
    s = GAME.new_game(2, 2, {"max_turns": 1})
    s.random_moves(__import__("random").Random(0).random)
    assert s.is_terminal() and s.turn == 1


def test_amphibians_start_with_three_water():
    s = GAME.new_game(6, 0, {"deal_animals": False})
    assert s.disp[3 * 6:3 * 6 + 6] == [0, 0, 0, 3, 0, 0]
    assert [sum(s.disp[x * 6:x * 6 + 6]) for x in range(6)] == [2, 2, 2, 3, 2, 2]


def test_a_display_holds_at_most_six_elements_printed_included():
    p = Position(animals=("amphibians", "reptiles")).display(0, "sun", "sun").box(BOX_ADAPTATION, "grass")
    from ds_builder import start
    s = p.s
    start(s, "adaptation.0", 0)
    assert s.pk == D.ADAPT
    act(s, "take grass")
    start(s, "adaptation.1", 0)
    assert s.pk == D.NONE  # 3 printed water + 3 added


def test_ice_age_is_the_last_card_and_cards_refill_only_at_reset():
    s = GAME.new_game(2, 5)
    assert s.deck[0] == CARD_BY_NAME["ice-age"] and CARD_BY_NAME["ice-age"] not in s.faceup
