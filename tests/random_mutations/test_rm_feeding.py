"""Climate (§4) and feeding (§2.8, §3): tokens, attacks, Scavenger, Grazing."""
import pytest

from engine.random_mutations import GAME
from engine.random_mutations.actions import ATTACK, BLACK, GRAZE, GREEN, PASS, RED, SCAVENGE, VICTIM, NEW
from engine.random_mutations.cards import BIG, BURROWING, RUNNING, SWIMMING
from engine.random_mutations.feeding import roll_climate
from engine.random_mutations.phases import FEEDING, GRAZE as GRAZE_PHASE, SCAVENGE as SCAV_PHASE
from engine.random_mutations.phases import VICTIM as VICTIM_PHASE
from rm_builder import Builder


def animal(s, seat, si, a=0):
    return s.rows[seat][si][4][a * 5:a * 5 + 5]


def attacks(s):
    return [a for a in s.legal_actions() if a[0] == ATTACK]


# --- climate --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
@pytest.mark.parametrize("formula,red_add", [("supply_max", 4), ("base_like", 2)])
def test_climate_rolls_red_green_black_from_the_table(players, formula, red_add):
    b = Builder(players=players, climate_formula=formula)
    s = b.feeding(red=9)
    for _ in range(20):
        roll_climate(s)
        food = players - 1
        green = 1 if players <= 4 else 2
        black_add = 2 * (players - 2) if players <= 4 else 2 * (players - 4)
        dice = s.dice
        assert len(dice) == food + 2 * green and all(1 <= d <= 6 for d in dice)
        boxes = 1 if players <= 4 else 2
        assert s.centre[0] == min(sum(dice[:food]) + red_add, 22 * boxes)
        assert s.centre[1] == sum(dice[food:food + green])
        assert s.centre[2] == min(sum(dice[food + green:]) + black_add, 10 * boxes)


def test_climate_at_four_players_never_exceeds_one_box():
    b = Builder(players=4)
    s = b.feeding(red=9)
    highs = [0, 0, 0]
    for _ in range(400):
        roll_climate(s)
        highs = [max(h, c) for h, c in zip(highs, s.centre)]
    assert highs[0] <= 22 and highs[1] <= 6 and highs[2] <= 10 and highs[0] > 14


# --- tokens ---------------------------------------------------------------------
def test_red_goes_on_an_own_unfed_animal_only():
    b = Builder()
    b.species(0, animals=2, tokens=[(1, 0, 0, 0, 0)])
    b.species(1)
    s = b.feeding(red=3)
    reds = [a for a in s.legal_actions() if a[0] == RED]
    assert reds == [(RED, 0, 1)]
    s.apply((RED, 0, 1))
    assert animal(s, 0, 0, 1)[0] == 1 and s.centre[0] == 2


def test_option_red_only_on_unfed_off_allows_overfeeding():
    b = Builder(red_only_on_unfed=False)
    b.species(0, tokens=[(1, 0, 0, 0, 0)])
    b.species(1)
    assert (RED, 0, 0) in b.feeding(red=3).legal_actions()


def test_food_need_adds_the_plus_marks():
    b = Builder()
    b.species(0, "big", "carnivore")
    b.species(0, "metabolic")
    s = b.feeding(red=9)
    assert s.rows[0][0][1] == 3 and s.rows[0][1][1] == 3


def test_obligate_carnivore_takes_no_red_token():
    b = Builder()
    b.species(0, "obligate")
    b.species(1)
    s = b.feeding(red=3)
    assert not any(a[0] == RED for a in s.legal_actions())


def test_green_one_shelter_per_animal():
    b = Builder()
    b.species(0, tokens=[(0, 0, 1, 0, 0)])
    b.species(0)
    b.species(1)
    s = b.feeding(green=3)
    greens = [a for a in s.legal_actions() if a[0] == GREEN]
    assert greens == [(GREEN, 1, 0)]


def test_bark_beetle_turns_the_shelter_of_an_unfed_animal_into_blue_food():
    b = Builder()
    b.species(0, "bark_beetle")
    b.species(1)
    s = b.feeding(green=2)
    s.apply((GREEN, 0, 0))
    assert animal(s, 0, 0) == [0, 1, 0, 0, 0]


def test_bark_beetle_a_fed_animal_keeps_its_shelter():
    b = Builder()
    b.species(0, "bark_beetle", tokens=[(1, 0, 0, 0, 0)])
    b.species(1)
    s = b.feeding(green=2)
    s.apply((GREEN, 0, 0))
    assert animal(s, 0, 0) == [1, 0, 1, 0, 0]


def test_bark_beetle_with_obligate_carnivore_the_green_stays_a_shelter():
    b = Builder()
    b.species(0, "bark_beetle", "obligate")
    b.species(1)
    s = b.feeding(green=2)
    s.apply((GREEN, 0, 0))
    assert animal(s, 0, 0) == [0, 0, 1, 0, 0]
    GAME.invariants(s)


def test_black_goes_on_other_players_animals_any_number():
    b = Builder()
    b.species(0)
    b.species(1, tokens=[(0, 0, 0, 2, 0)])
    s = b.feeding(black=3)
    blacks = [a for a in s.legal_actions() if a[0] == BLACK]
    assert blacks == [(BLACK, 1, 0, 0)]
    s.apply((BLACK, 1, 0, 0))
    assert animal(s, 1, 0)[3] == 3


# --- attacks --------------------------------------------------------------------
def test_a_successful_attack_feeds_two_blue_and_the_victim_leaves_with_its_traits():
    b = Builder()
    b.species(0, "carnivore")
    b.species(1, "big", "swimming")
    b.species(1)
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 1, -1))
    assert animal(s, 0, 0) == [0, 2, 0, 0, 1]
    assert len(s.rows[1]) == 1 and s.rows[1][0][2] == (BIG, SWIMMING)  # species 1 (no traits) left
    assert s.discards[1] == 1
    GAME.invariants(s)


def test_the_last_animal_takes_its_trait_cards_to_the_discard_pile():
    b = Builder()
    b.species(0, "carnivore")
    b.species(1, "burrowing")
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert s.rows[1] == [] and s.discards[1] == 2
    GAME.invariants(s)


def test_each_animal_attacks_once_per_turn():
    b = Builder(carnivore_attacks_when_fed=True)
    b.species(0, "carnivore", animals=2)
    b.species(1, animals=3)
    s = b.feeding(red=5)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    s.apply((PASS,))  # seat 1
    hunters = {a[2] for a in attacks(s)}
    assert hunters == {1}  # a0 is turned 90°; a1 (other tokens now) may still attack


def test_a_fed_predator_does_not_attack_unless_the_option_says_so():
    b = Builder()
    b.species(0, "carnivore", tokens=[(2, 0, 0, 0, 0)])
    b.species(1)
    assert attacks(b.feeding(red=9)) == []
    b2 = Builder(carnivore_attacks_when_fed=True)
    b2.species(0, "carnivore", tokens=[(2, 0, 0, 0, 0)])
    b2.species(1)
    assert attacks(b2.feeding(red=9)) == [(ATTACK, 0, 0, 1, 0, -1)]


def test_a_predator_may_attack_his_own_other_species_but_not_its_own():
    b = Builder()
    b.species(0, "carnivore", animals=2)
    b.species(0)
    s = b.feeding(red=9)
    assert {(a[3], a[4]) for a in attacks(s)} == {(0, 1)}


def test_sheltered_animals_cannot_be_eaten():
    b = Builder()
    b.species(0, "carnivore")
    b.species(1, tokens=[(0, 0, 1, 0, 0)])
    b.species(1, animals=2, tokens=[(0, 0, 1, 0, 0), (0, 0, 0, 0, 0)])
    s = b.feeding(red=9)
    assert [(a[3], a[4]) for a in attacks(s)] == [(1, 1)]
    s.apply((ATTACK, 0, 0, 1, 1, -1))
    assert animal(s, 1, 1) == [0, 0, 1, 0, 0]  # the sheltered one survives


@pytest.mark.parametrize("pred,prey,allowed", [
    ((), ("swimming",), False), (("swimming",), (), False), (("swimming",), ("swimming",), True),
    ((), ("big",), False), (("big",), ("big",), True),
    ((), ("camouflage",), False), (("sharp_vision",), ("camouflage",), True)])
def test_static_defences(pred, prey, allowed):
    b = Builder()
    b.species(0, "carnivore", *pred)
    b.species(1, *prey)
    assert bool(attacks(b.feeding(red=9))) == allowed


def test_option_big_protection_off():
    b = Builder(big_protection=False)
    b.species(0, "carnivore")
    b.species(1, "big")
    assert attacks(b.feeding(red=9))


def test_burrowing_protects_fed_animals():
    b = Builder()
    b.species(0, "carnivore")
    b.species(1, "burrowing", animals=2, tokens=[(1, 0, 0, 0, 0), (1, 0, 0, 0, 0)])
    assert attacks(b.feeding(red=9)) == []
    b2 = Builder()
    b2.species(0, "carnivore")
    b2.species(1, "burrowing", animals=2, tokens=[(1, 0, 0, 0, 0)])
    assert attacks(b2.feeding(red=9))


def test_obligate_carnivore_is_fed_by_its_attack_and_with_swimming_hunts_only_swimmers():
    b = Builder()
    b.species(0, "obligate", "swimming")
    b.species(1)
    b.species(1, "swimming")
    s = b.feeding(red=9)
    assert [(a[3], a[4]) for a in attacks(s)] == [(1, 1)]
    s.apply((ATTACK, 0, 0, 1, 1, -1))
    assert animal(s, 0, 0) == [0, 1, 0, 0, 3]  # one blue mark, attacked and fed
    GAME.invariants(s)


def _running_outcomes(escape):
    """(escaped, rolled) over many seeds: the die decides, escape on >= ``escape``."""
    out = []
    for seed in range(40):
        b = Builder(seed=seed, running_escape=escape)
        b.species(0, "carnivore")
        b.species(1, "running")
        s = b.feeding(red=9)
        roll = s.rng.copy().die()
        s.apply((ATTACK, 0, 0, 1, 0, -1))
        out.append((len(s.rows[1]) == 1, roll))
    return out


@pytest.mark.parametrize("escape", [4, 5])
def test_running_escapes_on_the_die(escape):
    out = _running_outcomes(escape)
    assert all(escaped == (roll >= escape) for escaped, roll in out)
    assert {e for e, _ in out} == {True, False}


def test_a_failed_attack_uses_the_predator_and_feeds_nobody():
    for seed in range(40):
        b = Builder(seed=seed)
        b.species(0, "carnivore")
        b.species(1, "running")
        s = b.feeding(red=9)
        if s.rng.copy().die() >= 4:
            s.apply((ATTACK, 0, 0, 1, 0, -1))
            assert animal(s, 0, 0) == [0, 0, 0, 0, 1]
            return
    raise AssertionError("no escape in 40 seeds")


def test_the_attacked_owner_chooses_the_victim():
    b = Builder()
    b.species(0, "carnivore")
    b.species(1, animals=3, tokens=[(1, 0, 0, 0, 0), (0, 0, 0, 2, 0), (0, 0, 0, 0, 0)])
    s = b.feeding(red=2)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert s.phase == VICTIM_PHASE and s.current_player == 1
    assert s.legal_actions() == [(VICTIM, 0), (VICTIM, 1), (VICTIM, 2)]
    s.apply((VICTIM, 1))
    assert s.rows[1][0][4] == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0] and s.current_player == 1  # seat 1's turn now


def test_developmental_defects_attacker_names_one_trait_to_ignore():
    b = Builder()
    b.species(0, "carnivore")
    b.species(1, "defects", "swimming", "running")
    s = b.feeding(red=9)
    assert attacks(s) == [(ATTACK, 0, 0, 1, 0, SWIMMING)]  # ignoring Running still leaves Swimming
    b2 = Builder()
    b2.species(0, "carnivore")
    b2.species(1, "defects", "running")
    assert attacks(b2.feeding(red=9)) == [(ATTACK, 0, 0, 1, 0, -1), (ATTACK, 0, 0, 1, 0, RUNNING)]


def test_option_developmental_defects_auto_ignores_the_blocking_trait():
    b = Builder(developmental_defects="auto")
    b.species(0, "carnivore")
    b.species(1, "defects", "big")
    assert attacks(b.feeding(red=9)) == [(ATTACK, 0, 0, 1, 0, BIG)]
    b2 = Builder(developmental_defects="auto")
    b2.species(0, "carnivore")
    b2.species(1, "defects", "burrowing", tokens=[(1, 0, 0, 0, 0)])
    assert attacks(b2.feeding(red=9)) == [(ATTACK, 0, 0, 1, 0, BURROWING)]


# --- Scavenger ------------------------------------------------------------------
def test_scavenger_token_goes_to_the_attacker_first():
    b = Builder(players=3)
    b.species(0, "carnivore")
    b.species(0, "scavenger")
    b.species(1, "scavenger")
    b.species(2)
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 2, 0, -1))
    assert animal(s, 0, 1)[1] == 1 and animal(s, 1, 0)[1] == 0


def test_scavenger_next_player_clockwise_when_the_attacker_has_none():
    b = Builder(players=3)
    b.species(0, "carnivore")
    b.species(1)
    b.species(2, "scavenger")
    b.species(2, "scavenger")
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert s.phase == SCAV_PHASE and s.current_player == 2  # he picks which of his two
    s.apply((SCAVENGE, 1, 0))
    assert animal(s, 2, 1)[1] == 1 and animal(s, 2, 0)[1] == 0


# [seed004] «Якщо гравець, чий хижак атакував, має вид тварин з відповідною властивістю,
# фішку отримує він. ... Гравець сам вирішує, яке з його тварин із властивістю ПАДАЛЬНИК
# отримає фішку їжі» (option scavenger_needs_unfed).
def fed_scavenger_at_the_attacker(**options):
    """Seat 0 attacks with its Carnivore and owns a fed Scavenger; seat 1 owns an unfed one."""
    b = Builder(players=3, **options)
    b.species(0, "carnivore")
    b.species(0, "scavenger", tokens=[(1, 0, 0, 0, 0)])  # fed: one red token meets its need
    b.species(1, "scavenger")
    b.species(2)
    b.species(2, animals=2)  # keeps seat 2 feeding
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 2, 0, -1))
    return s


def test_scavenger_token_goes_to_the_attacker_even_when_his_scavenger_is_fed():
    s = fed_scavenger_at_the_attacker()
    assert animal(s, 0, 1)[:2] == [1, 1] and animal(s, 1, 0)[1] == 0


def test_scavenger_owner_chooses_which_animal_fed_or_not():
    b = Builder(players=3)
    b.species(0, "carnivore")
    b.species(0, "scavenger", animals=2, tokens=[(1, 0, 0, 0, 0)])  # one fed, one hungry
    b.species(1, "scavenger")
    b.species(2)
    b.species(2, animals=2)
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 2, 0, -1))
    assert s.phase == SCAV_PHASE and s.current_player == 0  # his decision, not his neighbour's
    assert s.legal_actions() == [(SCAVENGE, 1, 0), (SCAVENGE, 1, 1)]
    s.apply((SCAVENGE, 1, 0))
    assert animal(s, 0, 1, 0)[:2] == [1, 1] and animal(s, 0, 1, 1)[1] == 0 and animal(s, 1, 0)[1] == 0


def test_option_scavenger_needs_unfed_skips_a_player_whose_scavengers_are_fed():
    s = fed_scavenger_at_the_attacker(scavenger_needs_unfed=True)
    assert animal(s, 0, 1)[1] == 0 and animal(s, 1, 0)[1] == 1


def test_option_scavenger_needs_unfed_nobody_unfed_no_token():
    b = Builder(players=2, scavenger_needs_unfed=True)
    b.species(0, "carnivore")
    b.species(0, "scavenger", tokens=[(1, 0, 0, 0, 0)])
    b.species(1)
    b.species(1, animals=2)
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert animal(s, 0, 1)[1] == 0 and s.phase == FEEDING


# --- Grazing --------------------------------------------------------------------
def test_grazing_destroys_red_tokens_up_to_its_animals_even_when_passing():
    b = Builder()
    b.species(0, "grazing", animals=2)
    b.species(0, animals=2)
    b.species(0, "grazing")
    b.species(1)
    s = b.feeding(red=5)
    s.apply((PASS,))
    assert s.phase == GRAZE_PHASE and s.legal_actions() == [(GRAZE, k) for k in range(4)]
    s.apply((GRAZE, 3))
    assert s.centre[0] == 2 and s.current_player == 1


def test_option_grazing_before_the_main_action():
    b = Builder(grazing_timing="before")
    b.species(0, "grazing")
    b.species(1)
    s = b.feeding(red=2)
    assert (RED, 0, 0) in s.legal_actions()  # a built position starts at the main action
    s.phase = GRAZE_PHASE
    s.ctx = 0
    s.cached = None
    s.apply((GRAZE, 1))
    assert s.phase == FEEDING and s.current_player == 0 and (RED, 0, 0) in s.legal_actions()


# --- end of feeding ---------------------------------------------------------------
def test_feeding_ends_after_a_round_of_passes_and_leftovers_go_back():
    b = Builder()
    b.species(0, animals=2)
    b.species(1)
    s = b.feeding(red=5, green=2)
    s.apply((RED, 0, 0))
    s.apply((PASS,))
    assert s.phase == FEEDING and s.current_player == 0
    s.apply((PASS,))  # two passes in a row: the phase ends, the unfed die
    assert s.turn == 2 and s.rows[1] == [] and len(s.rows[0][0][4]) == 5 and s.centre == [0, 0, 0]


def test_option_feeding_pass_final():
    b = Builder(feeding_pass="final")
    b.species(0)
    b.species(1)
    s = b.feeding(red=5)
    s.apply((PASS,))
    assert s.current_player == 1 and s.phase == FEEDING
    s.apply((RED, 0, 0))
    # seat 0 passed for the phase; seat 1's animal is fed, nothing left to do: the turn is over
    assert s.turn == 2 and s.rows[0] == [] and len(s.rows[1]) == 1
