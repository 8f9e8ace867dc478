"""The search hooks of ``engine/random_mutations/heuristic.py``: the cut-off value and
the move ordering of informed rollouts, on built positions."""
import math
import random

import pytest

from engine.random_mutations import GAME
from engine.random_mutations.actions import ADD, ATTACK, BLACK, GREEN, NEW, PASS, RED, TRAIT, VICTIM
from engine.random_mutations.heuristic import heuristic, move_priorities
from engine.random_mutations.phases import PARASITE, VICTIM as VICTIM_PHASE
from players.search_tree import informed_rollout, move_priority_of
from rm_builder import Builder


def best(s):
    legal = s.legal_actions()
    values = move_priorities(s, legal)
    assert len(values) == len(legal) and all(math.isfinite(v) for v in values)
    return legal[values.index(max(values))]


def test_the_game_offers_both_hooks():
    assert GAME.heuristic is heuristic
    assert move_priority_of("random_mutations") is move_priorities


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_lie_in_0_1_one_per_seat_along_random_games(players):
    rand = random.Random(players)
    for seed in range(3):
        s = GAME.new_state(players, seed, {})
        while s.current_player >= 0:
            values = heuristic(s)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            s.apply(rand.choice(s.legal_actions()))


def test_more_animals_is_worth_more():
    b = Builder(players=2)
    b.species(0, animals=2, tokens=[(1, 0, 0, 0, 0), (1, 0, 0, 0, 0)])
    b.species(1, tokens=[(1, 0, 0, 0, 0)])
    v = heuristic(b.feeding(red=0))
    assert v[0] > 0.5 > v[1]


def test_a_fed_animal_is_worth_more_than_a_hungry_one():
    b = Builder(players=2)
    b.species(0, tokens=[(1, 0, 0, 0, 0)])
    b.species(1)  # seat 1's animal is hungry and the centre is empty
    v = heuristic(b.feeding(red=0))
    assert v[0] > v[1]
    b = Builder(players=2)
    b.species(0, tokens=[(1, 0, 0, 0, 0)])
    b.species(1)
    fed_soon = heuristic(b.feeding(red=5))  # food left for it
    assert fed_soon[1] > v[1]


def test_hungry_animals_count_nothing_once_feeding_is_over():
    b = Builder(players=2)
    b.species(0, "big", tokens=[(1, 0, 0, 0, 0)])  # Big needs 2: it starves
    b.species(1, tokens=[(1, 0, 0, 0, 0)])
    s = b.feeding(red=0)
    s.phase = PARASITE
    assert heuristic(s)[1] > heuristic(s)[0]


def test_cards_in_the_personal_deck_count_until_they_can_no_longer_be_played():
    b = Builder(players=2)
    b.species(0)
    b.species(1)
    b.personal(0, "?", "?", "?")
    s = b.development(seat=0)
    assert heuristic(s)[0] > 0.5
    s.last_turn = True
    s.passed[0] = True
    assert heuristic(s) == [0.5, 0.5]


def test_development_over_the_food_budget_gains_nothing():
    """Before the climate roll, animals beyond what the food can feed add no expected points."""
    def value(animals):
        b = Builder(players=2)
        b.species(0, animals=animals)
        b.species(1, animals=4)
        return heuristic(b.development(seat=0))[0]
    # 2 players: 1.5 fair shares of 7.5 expected red tokens feed 5.6 animals of need 1
    assert value(2) < value(4) < value(6)
    assert value(12) == pytest.approx(value(6))


def test_ordering_feeds_the_hungry_animal_closest_to_fed():
    b = Builder(players=2)
    b.species(0, "big", tokens=[(1, 0, 0, 0, 0)])  # one short of 2
    b.species(0, "big")  # two short
    b.species(0, tokens=[(1, 0, 0, 0, 0)])  # fed
    b.species(1)
    s = b.feeding(red=3)
    assert best(s) == (RED, 0, 0)


def test_ordering_attacks_before_taking_food():
    b = Builder(players=2)
    b.species(0, "carnivore")
    b.species(1, "big")  # Big: only a Big predator may attack it
    b.species(1)
    s = b.feeding(red=3)
    assert any(a[0] == ATTACK for a in s.legal_actions())
    assert best(s)[:5] == (ATTACK, 0, 0, 1, 1)


def test_ordering_shelters_a_fed_animal_a_predator_threatens():
    b = Builder(players=2)
    b.species(0, "running", tokens=[(1, 0, 0, 0, 0)])
    b.species(1, "carnivore")
    s = b.feeding(green=2)
    legal = s.legal_actions()
    assert (GREEN, 0, 0) in legal
    assert best(s) == (GREEN, 0, 0)


def test_ordering_puts_parasites_on_the_opponent():
    b = Builder(players=2)
    b.species(0, tokens=[(1, 0, 0, 0, 0)])
    b.species(1, tokens=[(1, 0, 0, 0, 0)])
    s = b.feeding(black=2)
    assert best(s)[0] == BLACK


def test_ordering_grows_within_the_food_budget_and_stops_past_it():
    b = Builder(players=2)
    b.species(0)
    b.species(0)
    b.species(1)
    b.personal(0, "?", "?")
    assert best(b.development(seat=0))[0] in (ADD, NEW)
    b = Builder(players=2)
    for _ in range(6):
        b.species(0, "big")
    b.species(1)
    b.personal(0, "?", "?")
    assert best(b.development(seat=0))[0] in (TRAIT, PASS)


def test_ordering_gives_up_the_hungry_victim():
    b = Builder(players=2)
    b.species(0, "carnivore")
    b.species(1, animals=2, tokens=[(1, 0, 0, 0, 0), (0, 0, 0, 0, 0)])
    s = b.feeding(red=0)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert s.phase == VICTIM_PHASE and s.current_player == 1
    assert best(s) == (VICTIM, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_informed_rollout_from_mid_game_finishes(players):
    rand = random.Random(7)
    rollout = informed_rollout(move_priorities, 0.1)
    for seed in range(3):
        s = GAME.new_state(players, seed, {})
        s.random_moves(rand.random, 40, record=False)  # a random mid-game position
        rollout(s, rand.random, None)
        assert s.current_player < 0 and len(s.scores()) == players


def test_ordering_has_one_finite_value_per_action_along_a_game():
    rand = random.Random(3)
    s = GAME.new_state(3, 11, {})
    while s.current_player >= 0:
        legal = s.legal_actions()
        values = move_priorities(s, legal)
        assert len(values) == len(legal) and all(math.isfinite(v) for v in values)
        s.apply(rand.choice(legal))
