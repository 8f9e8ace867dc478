"""Extinction and draw (§2.9, §5), restart, last turn and scoring (§2.10)."""
import pytest

from engine.random_mutations import GAME
from engine.random_mutations.actions import PARASITE, PASS
from engine.random_mutations.extinction import draw, hunger_and_draw, start_extinction, start_turn
from engine.random_mutations.phases import DEVELOPMENT, OVER, PARASITE as PARASITE_PHASE
from rm_builder import Builder


def pops(s, seat):
    return [len(sp[4]) // 5 for sp in s.rows[seat]]


FED = (1, 0, 0, 0, 0)


def fed_with(black=0, green=0):
    return (1, 0, green, black, 0)


# --- parasites --------------------------------------------------------------------
def test_the_species_with_the_most_parasites_loses_one_animal():
    b = Builder()
    b.species(0, animals=2, tokens=[fed_with(black=2), FED])
    b.species(1, animals=2, tokens=[fed_with(black=1), fed_with(black=1)])
    b.species(1, tokens=[fed_with(black=1)])
    s = b.feeding()
    start_extinction(s)
    # p1.s0 ties at 2 with p0.s0: each tied player loses one animal
    assert s.phase == PARASITE_PHASE and s.current_player == 0
    assert s.legal_actions() == [(PARASITE, 0, 0), (PARASITE, 0, 1)]
    s.apply((PARASITE, 0, 1))
    assert pops(s, 0) == [1] and pops(s, 1) == [1, 1] and s.turn == 2  # p1's two animals were alike
    assert s.discards == [1, 1]


def test_parasites_nobody_dies_without_black_tokens():
    b = Builder()
    b.species(0, tokens=[FED])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert pops(s, 0) == [1] and pops(s, 1) == [1]


def test_parasites_one_player_with_two_tied_species_loses_one_of_his_choice():
    b = Builder()
    b.species(0, tokens=[fed_with(black=1)])
    b.species(0, tokens=[fed_with(black=1)])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert s.legal_actions() == [(PARASITE, 0, 0), (PARASITE, 1, 0)]
    s.apply((PARASITE, 1, 0))
    assert pops(s, 0) == [1] and pops(s, 1) == [1]


def test_parasites_a_shelter_does_not_protect():
    b = Builder()
    b.species(0, tokens=[fed_with(black=1, green=1)])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert s.rows[0] == []


def test_option_parasite_shelter_protects():
    b = Builder(parasite_shelter_protects=True)
    b.species(0, tokens=[fed_with(black=1, green=1)])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert pops(s, 0) == [1]


def test_option_parasite_scope_per_player():
    b = Builder(parasite_scope="per_player")
    b.species(0, tokens=[fed_with(black=3)])
    b.species(1, tokens=[fed_with(black=1)])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert s.rows[0] == [] and pops(s, 1) == [1]  # each loses one from his own worst species


def test_option_parasite_victim_carrier():
    b = Builder(parasite_victim="carrier")
    b.species(0, animals=2, tokens=[FED, fed_with(black=1)])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)  # only the carrier can die: no choice
    assert pops(s, 0) == [1] and s.rows[0][0][4][3] == 0


def test_black_tokens_go_back_to_the_box_after_the_parasites():
    b = Builder()
    b.species(0, animals=2, tokens=[fed_with(black=1), fed_with(black=1)])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert sum(s.rows[0][0][4][3::5]) == 0


def test_option_black_tokens_persist():
    b = Builder(black_tokens_persist=True)
    b.species(0, animals=2, tokens=[fed_with(black=1), fed_with(black=2)])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    s.apply((PARASITE, 0, 0))
    assert s.rows[0][0][4][3] == 2
    GAME.invariants(s)


# --- hunger and clean-up -----------------------------------------------------------
def test_unfed_animals_die_and_an_emptied_species_discards_its_traits():
    b = Builder()
    b.species(0, "big", animals=2, tokens=[(2, 0, 0, 0, 0), (1, 0, 0, 0, 0)])
    b.species(0, "swimming")
    b.species(1, "obligate", animals=2, tokens=[(0, 1, 0, 0, 3)])
    s = b.feeding()
    start_extinction(s)
    assert pops(s, 0) == [1] and pops(s, 1) == [1]
    assert s.discards == [1 + 2, 1]
    assert s.rows[0][0][4] == [0, 0, 0, 0, 0]  # tokens and marks cleared
    GAME.invariants(s)


# --- drawing -----------------------------------------------------------------------
def test_each_player_draws_his_animals_plus_two():
    b = Builder()
    b.species(0, animals=3, tokens=[FED] * 3)
    b.species(0, animals=2, tokens=[FED] * 2)
    b.species(0, tokens=[FED])
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert [len(d) for d in s.pdecks] == [3 + 2 + 1 + 2, 1 + 2]


def test_cards_are_dealt_one_at_a_time_from_the_first_player_when_the_deck_runs_short():
    b = Builder(players=3)
    for seat in range(3):
        b.species(seat, tokens=[FED])
    s = b.feeding(first=1, deck_size=7)
    start_extinction(s)
    # 3 each wanted, 7 cards: p1, p2, p0, p1, p2, p0, p1
    assert [len(d) for d in s.pdecks] == [2, 3, 2]
    assert s.last_turn and s.first == 2


def test_a_player_left_with_nothing_gets_ten_cards_at_the_next_turn():
    b = Builder()
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert s.rows[0] == [] and len(s.pdecks[0]) == 10 and len(s.pdecks[1]) == 3


def test_option_restart_setup_like():
    b = Builder(restart="setup_like")
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert pops(s, 0) == [1, 1, 1] and len(s.pdecks[0]) == 7
    GAME.invariants(s)


def test_option_restart_ten_plus_draw():
    b = Builder(restart="ten_plus_draw")
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert len(s.pdecks[0]) == 12


def test_a_player_with_no_animals_but_cards_draws_two_and_gets_no_restart():
    b = Builder()
    b.personal(0, "?")
    b.species(1, tokens=[FED])
    s = b.feeding()
    start_extinction(s)
    assert len(s.pdecks[0]) == 3 and not s.restarts


def test_first_player_passes_left_each_turn():
    b = Builder(players=3)
    for seat in range(3):
        b.species(seat, tokens=[FED])
    s = b.feeding(first=2)
    start_extinction(s)
    assert s.first == 0 and s.phase == DEVELOPMENT and s.current_player == 0


# --- the end ----------------------------------------------------------------------
def test_a_turn_that_starts_with_an_empty_deck_is_the_last_and_then_the_game_is_scored():
    b = Builder()
    b.species(0, "big", tokens=[(2, 0, 0, 0, 0)])
    b.species(1, tokens=[FED])
    s = b.feeding(deck_size=0)
    start_extinction(s)
    assert s.last_turn and s.turn == 2 and not s.is_terminal()
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.phase == OVER
    GAME.invariants(s)


def test_scoring_two_per_animal_one_per_trait_card_plus_its_mark():
    b = Builder()
    b.species(0, "big", "carnivore", animals=2)
    b.species(0, "metabolic")
    b.species(1, "swimming", animals=3)
    s = b.feeding()
    assert s.scores() == [2 * 2 + 2 + 2 + 2 + 3, 3 * 2 + 1]
    assert GAME.rescore(s) == s.scores()


@pytest.mark.parametrize("opt", ["carnivore_food_bonus", "obligate_food_bonus", "metabolic_food_bonus"])
def test_options_food_bonus_change_need_and_score(opt):
    trait = {"carnivore_food_bonus": "carnivore", "obligate_food_bonus": "obligate",
             "metabolic_food_bonus": "metabolic"}[opt]
    b = Builder(**{opt: 3})
    b.species(0, trait)
    s = b.feeding()
    assert s.rows[0][0][1] == 4 and s.scores()[0] == 2 + 1 + 3


def test_ties_are_broken_by_the_larger_discard_pile_then_by_a_die():
    b = Builder()
    b.species(0, tokens=[FED])
    b.species(1, tokens=[FED])
    s = b.feeding(deck_size=0)
    s.last_turn = True
    s.discards[0] = 0
    s.discards[1] = 3
    s.buried[0] += 3
    s.deck = []
    hunger_and_draw(s)
    assert s.ranking() == [2, 1]
    b = Builder(seed=5)
    b.species(0, tokens=[FED])
    b.species(1, tokens=[FED])
    s = b.feeding()
    s.last_turn = True
    hunger_and_draw(s)
    assert s.is_terminal() and sorted(s.ranking()) == [1, 2] and sorted(s.tiebreak) == [1, 2]


def test_option_final_tiebreak_shared():
    b = Builder(final_tiebreak="shared")
    b.species(0, tokens=[FED])
    b.species(1, tokens=[FED])
    s = b.feeding()
    s.last_turn = True
    hunger_and_draw(s)
    assert s.ranking() == [1, 1]


def test_option_drawn_cards_position_top_and_bottom():
    from engine.random_mutations.cards import BIG, SWIMMING
    for where in ("bottom", "top"):
        b = Builder(drawn_cards_position=where)
        b.personal(0, "swimming")
        b.main_deck_top(*["big"] * 6)
        b.species(0, tokens=[FED])
        b.species(1, tokens=[FED])
        s = b.feeding()
        draw(s)
        assert s.pdecks[0] == ([BIG] * 3 + [SWIMMING] if where == "bottom" else [SWIMMING] + [BIG] * 3)
