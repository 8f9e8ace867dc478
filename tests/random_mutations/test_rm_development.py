"""Development phase (§2.5, §2.6): blind plays announced before the card is turned."""
import pytest

from engine.contract import IllegalActionError
from engine.random_mutations import GAME
from engine.random_mutations.actions import ADD, BUD, DIVERGE, DROP, NEW, PASS, TRAIT
from engine.random_mutations.cards import (BIG, CARNIVORE, OBLIGATE, RUNNING, SCAVENGER, SIMPLIFICATION,
                                           SWIMMING, BURROWING)
from engine.random_mutations.phases import DEVELOPMENT, DROP as DROP_PHASE, FEEDING
from rm_builder import Builder


def traits(s, seat, si):
    return s.rows[seat][si][2]


def pop(s, seat, si):
    return len(s.rows[seat][si][4]) // 5


def test_new_species_goes_face_down_to_the_right_end():
    b = Builder()
    b.species(0, "big")
    b.personal(0, "carnivore", "?")
    s = b.development()
    s.apply((NEW,))
    assert len(s.rows[0]) == 2 and traits(s, 0, 1) == () and pop(s, 0, 1) == 1
    assert s.seen[CARNIVORE] == 0 and s.buried[CARNIVORE] >= 1  # never turned over
    GAME.invariants(s)


def test_trait_is_turned_over_and_goes_on_top_of_the_announced_species():
    b = Builder()
    b.species(0, "big")
    b.personal(0, "swimming", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert traits(s, 0, 0) == (BIG, SWIMMING)
    assert s.seen[SWIMMING] == 1
    GAME.invariants(s)


def test_a_species_of_more_than_one_animal_takes_no_trait():
    b = Builder()
    b.species(0, animals=2)
    b.species(0)
    b.personal(0, "?", "?")
    legal = b.development().legal_actions()
    assert (TRAIT, 1) in legal and (TRAIT, 0) not in legal


def test_population_cap_is_the_number_of_species():
    b = Builder()
    b.species(0, animals=2)
    b.species(0)
    b.personal(0, "?", "?")
    legal = b.development().legal_actions()
    assert (ADD, 1) in legal and (ADD, 0) not in legal  # 2 + 1 > 2 species


def test_a_duplicate_trait_moves_to_the_next_species_to_the_right():
    b = Builder()
    b.species(0, "big")
    b.species(0, "big")
    b.species(0)
    b.personal(0, "big", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert [traits(s, 0, i) for i in range(3)] == [(BIG,), (BIG,), (BIG,)]


@pytest.mark.parametrize("have,play", [("carnivore", "obligate"), ("carnivore", "scavenger"),
                                       ("obligate", "carnivore"), ("obligate", "scavenger"),
                                       ("scavenger", "carnivore"), ("scavenger", "obligate")])
def test_carnivore_obligate_and_scavenger_exclude_each_other_and_move_right(have, play):
    b = Builder()
    b.species(0, have)
    b.species(0)
    b.personal(0, play, "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert len(traits(s, 0, 0)) == 1 and len(traits(s, 0, 1)) == 1
    assert {traits(s, 0, 0)[0], traits(s, 0, 1)[0]} <= {CARNIVORE, OBLIGATE, SCAVENGER}


def test_a_moving_trait_skips_species_of_more_than_one_animal():
    b = Builder()
    b.species(0, "big")
    b.species(0, animals=2)
    b.species(0)
    b.personal(0, "big", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert traits(s, 0, 1) == () and traits(s, 0, 2) == (BIG,)


def test_option_moved_trait_needs_single_off_lands_on_a_larger_species():
    b = Builder(moved_trait_needs_single=False)
    b.species(0, "big")
    b.species(0, animals=2)
    b.personal(0, "big", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert traits(s, 0, 1) == (BIG,)


def test_a_trait_nobody_to_the_right_can_take_becomes_a_new_species():
    b = Builder()
    b.species(0)
    b.species(0, "big")
    b.personal(0, "big", "?")
    s = b.development()
    s.apply((TRAIT, 1))
    assert len(s.rows[0]) == 3 and traits(s, 0, 2) == () and traits(s, 0, 0) == ()
    assert s.seen[BIG] == 2  # its identity stays public
    GAME.invariants(s)


def test_option_trait_overflow_wrap_continues_from_the_left_end():
    b = Builder(trait_overflow="wrap")
    b.species(0)
    b.species(0, "big")
    b.personal(0, "big", "?")
    s = b.development()
    s.apply((TRAIT, 1))
    assert len(s.rows[0]) == 2 and traits(s, 0, 0) == (BIG,)


def test_option_trait_overflow_discard_puts_it_on_the_discard_pile():
    b = Builder(trait_overflow="discard")
    b.species(0, "big")
    b.personal(0, "big", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert len(s.rows[0]) == 1 and s.discards[0] == 1
    GAME.invariants(s)


def test_option_extra_exclusions_moves_an_excluded_trait():
    b = Builder(extra_exclusions="big/swimming")
    b.species(0, "big")
    b.species(0)
    b.personal(0, "swimming", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert traits(s, 0, 0) == (BIG,) and traits(s, 0, 1) == (SWIMMING,)


def test_a_player_with_an_empty_personal_deck_must_pass():
    b = Builder()
    b.species(0)
    b.species(1)
    b.personal(1, "?", "?")
    s = b.development(seat=1)
    s.passed[0] = False
    s.apply((NEW,))
    # seat 0 has no card: passed without being asked, seat 1 plays again
    assert s.current_player == 1 and s.passed[0]


def test_pass_is_final_for_the_phase_and_rounds_go_on_without_him():
    b = Builder()
    b.species(0)
    b.species(1)
    b.personal(0, "?", "?", "?")
    b.personal(1, "?", "?", "?")
    s = b.development()
    s.apply((PASS,))
    assert s.current_player == 1
    s.apply((NEW,))
    assert s.current_player == 1  # seat 0 passed for the phase
    s.apply((PASS,))
    assert s.phase == FEEDING and len(s.pdecks[0]) == 3  # he keeps his cards


def test_extremophile_with_a_one_card_deck_takes_no_animal():
    b = Builder()
    b.species(0, "extremophile")
    b.species(0)
    b.personal(0, "?")
    legal = b.development().legal_actions()
    assert (ADD, 1) in legal and (ADD, 0) not in legal


def test_extremophile_cost_one_card_discards_the_next_card_unseen():
    b = Builder()
    b.species(0, "extremophile")
    b.species(0)
    b.personal(0, "?", "?", "?")
    s = b.development()
    s.apply((ADD, 0))
    assert pop(s, 0, 0) == 2 and len(s.pdecks[0]) == 1 and s.discards[0] == 1
    GAME.invariants(s)


def test_option_extremophile_literal_has_no_cost():
    b = Builder(extremophile="literal")
    b.species(0, "extremophile")
    b.species(0)
    b.personal(0, "?", "?", "?")
    s = b.development()
    s.apply((ADD, 0))
    assert pop(s, 0, 0) == 2 and len(s.pdecks[0]) == 2 and s.discards[0] == 0


def test_budding_no_cap_adds_beyond_the_population_cap():
    b = Builder()
    b.species(0, "budding", animals=3)
    b.personal(0, "?", "?")
    s = b.development()
    assert (ADD, 0) in s.legal_actions()
    s.apply((ADD, 0))
    assert pop(s, 0, 0) == 4


def test_option_budding_free_bud_once_per_development_phase():
    b = Builder(budding="free_bud")
    b.species(0, "budding", animals=3)
    b.species(1)
    b.personal(0, "?", "?", "?")
    s = b.development()
    assert (ADD, 0) not in s.legal_actions() and (BUD, 0) in s.legal_actions()
    s.apply((BUD, 0))
    assert pop(s, 0, 0) == 4 and s.current_player == 0  # seat 1 has no card
    assert (BUD, 0) not in s.legal_actions()


def test_option_budding_auto_bud_adds_an_animal_at_the_start_of_his_turn():
    b = Builder(budding="auto_bud")
    b.species(0, "budding")
    b.species(1)
    b.personal(0, "?", "?", "?")
    b.personal(1, "?")
    s = b.development(seat=1)
    s.apply((NEW,))
    assert pop(s, 0, 0) == 2 and len(s.pdecks[0]) == 2 and s.current_player == 0


def test_simplification_lets_its_owner_discard_another_trait():
    b = Builder()
    b.species(0, "big", "swimming")
    b.personal(0, "simplification", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert s.phase == DROP_PHASE and sorted(s.legal_actions()) == [(DROP, BIG), (DROP, SWIMMING)]
    s.apply((DROP, SWIMMING))
    assert traits(s, 0, 0) == (BIG, SIMPLIFICATION) and s.discards[0] == 1 and s.phase == DEVELOPMENT
    GAME.invariants(s)


def test_simplification_alone_does_nothing_and_stays():
    b = Builder()
    b.species(0)
    b.personal(0, "simplification", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert traits(s, 0, 0) == (SIMPLIFICATION,)


def test_option_simplification_discard_latest():
    b = Builder(simplification="discard_latest")
    b.species(0, "big", "swimming")
    b.personal(0, "simplification", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert traits(s, 0, 0) == (BIG, SIMPLIFICATION)


def test_option_simplification_split_to_species():
    b = Builder(simplification="split_to_species")
    b.species(0, "big", "swimming")
    b.personal(0, "simplification", "?")
    s = b.development()
    s.apply((TRAIT, 0))
    assert traits(s, 0, 0) == (BIG,) and len(s.rows[0]) == 3
    GAME.invariants(s)


def test_divergence_is_off_by_default():
    b = Builder()
    b.species(0, "big")
    b.personal(0, "?", "?")
    assert not any(a[0] == DIVERGE for a in b.development().legal_actions())


def test_divergence_splits_a_species_with_its_traits_right_of_the_parent():
    b = Builder(divergence=True)
    b.species(0, "big", animals=2)
    b.species(0)
    b.personal(0, "?", "?")
    s = b.development()
    s.apply((DIVERGE, 0))
    child = s.rows[0][1]
    assert child[3] == (BIG,) and child[2] == () and child[1] == 2 and pop(s, 0, 1) == 1
    assert s.scores()[0] == 2 * 2 + 2 + 2 + 2  # inherited traits score nothing
    GAME.invariants(s)


def test_option_divergence_place_right_end_and_inherited_score():
    b = Builder(divergence=True, divergence_place="right_end", divergence_inherited="score")
    b.species(0, "big")
    b.species(0)
    b.personal(0, "?", "?")
    s = b.development()
    s.apply((DIVERGE, 0))
    assert s.rows[0][2][3] == (BIG,)
    assert s.scores()[0] == 3 * 2 + 2 * 2


def test_option_divergence_cap_requires_the_population_cap():
    b = Builder(divergence=True, divergence_cap=True)
    b.species(0, animals=2)
    b.personal(0, "?", "?")
    assert (DIVERGE, 0) not in b.development().legal_actions()


def test_a_diverged_species_takes_new_traits_but_no_duplicate_of_an_inherited_one():
    b = Builder(divergence=True)
    b.species(0, "big", animals=2)
    b.personal(0, "?", "big", "running")
    s = b.development()
    s.apply((DIVERGE, 0))
    s.passed[1] = True
    s.current_player = 0
    s.cached = None
    s.apply((TRAIT, 1))  # Big: inherited already, moves right, becomes a new species
    assert s.rows[0][1][2] == () and len(s.rows[0]) == 3
    s.apply((TRAIT, 1))
    assert s.rows[0][1][2] == (RUNNING,)


def test_an_action_that_is_not_legal_raises_and_changes_nothing():
    b = Builder()
    b.species(0, animals=2)
    b.personal(0, "?")
    s = b.development()
    before = s.snapshot()
    with pytest.raises(IllegalActionError):
        s.apply((TRAIT, 0))
    assert s.snapshot() == before


def test_blind_play_action_text_names_mode_and_target_only():
    assert GAME.action_to_text((TRAIT, 2)) == "trait s2"
    assert GAME.action_from_text("add s1") == (ADD, 1)
    assert GAME.action_from_text("attack s0.a1 -> p1.s2 ignore burrowing") == (9, 0, 1, 1, 2, BURROWING)
    with pytest.raises(IllegalActionError):
        GAME.action_from_text("trait card 17")
