"""The search players' knowledge of Dominant Species (engine/dominant_species/heuristic.py):
the cut-off value per seat and the move ordering of informed rollouts."""
from __future__ import annotations

import math
import random

import pytest

from engine.contract import TERMINAL
from engine.dominant_species import GAME
from engine.dominant_species import decisions as D
from engine.dominant_species.actions import ADD, DOMINATE, MOVE, PASS
from engine.dominant_species.heuristic import heuristic, move_priorities, seat_values
from players.search_tree import informed_rollout, move_priority_of
from tests.dominant_species.ds_builder import Position, act, hx, start


def _mid_game(n: int, seed: int, moves: int = 150):
    s = GAME.new_game(n, seed, GAME.resolve_options({}))
    s.random_moves(random.Random(seed).random, moves)
    return s


def _two_seat(element: str):
    """Mammals (meat) and Reptiles (sun) share a wetland and a sea; the wetland's one
    disc is ``element``, the sea's is meat and sun (both match there)."""
    p = Position(animals=("mammals", "reptiles"))
    p.tile((0, -1), "wetland", species={0: 3, 1: 2})
    p.element((0, -1), "N/NE", element)
    p.tile((0, 0), "sea", species={0: 1, 1: 1})
    p.element((0, 0), "SE/S", "meat").element((0, 0), "S/SW", "sun")
    return p.s


def test_hook_is_wired():
    assert GAME.heuristic is heuristic
    assert move_priority_of("dominant_species") is move_priorities


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_values_in_unit_interval_one_per_seat(n):
    for seed in range(4):
        values = heuristic(_mid_game(n, seed))
        assert len(values) == n
        assert all(0.0 <= v <= 1.0 for v in values)


def test_more_vps_more_value():
    s = _two_seat("meat")
    before = heuristic(s)
    s.vp[0] += 10
    after = heuristic(s)
    assert after[0] > before[0] and after[1] < before[1]


def test_doomed_species_count_for_nothing():
    """The same cubes: where the wetland's disc matches the Mammals, they keep the lead
    there; where it matches the Reptiles, the Mammals' 3 cubes die at Extinction."""
    mammals_match = seat_values(_two_seat("meat"))
    reptiles_match = seat_values(_two_seat("sun"))
    assert mammals_match[0] > reptiles_match[0]
    assert heuristic(_two_seat("meat"))[0] > heuristic(_two_seat("sun"))[0]


def test_standing_counts_more_with_cards_left():
    """Early on a tile will be scored again by Dominations: the lead is worth more."""
    s = _two_seat("meat")
    early = seat_values(s)
    s.deck = []
    s.faceup = s.faceup[:1]
    late = seat_values(s)
    assert early[0] - early[1] > late[0] - late[1] > 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_priorities_one_finite_float_per_legal_action(n):
    for seed in range(3):
        s = GAME.new_game(n, seed, GAME.resolve_options({}))
        rand = random.Random(seed).random
        kinds = set()
        for _ in range(400):
            if s.current_player == TERMINAL:
                break
            legal = s.legal_actions()
            values = move_priorities(s, legal)
            assert len(values) == len(legal)
            assert all(isinstance(v, float) and math.isfinite(v) for v in values)
            kinds.add(s.pk)
            s.apply(legal[int(rand() * len(legal))])
        assert D.PLACE in kinds


def _best(s):
    s.current_player = s.pseat  # the builder's start/act leave the turn to the caller
    legal = D.LEGAL[s.pk](s)
    values = move_priorities(s, legal)
    return legal[max(range(len(legal)), key=values.__getitem__)]


def test_speciation_fills_a_matching_tile_and_spares_a_doomed_one():
    p = Position(animals=("mammals", "reptiles"))
    p.tile((0, -1), "wetland").tile((0, 0), "sea")
    p.element((0, 0), "N/NE", "meat")  # the corner wetland (0,-1), sea (0,0), (1,-1) (blank)
    p.element((0, 0), "S/SW", "sun")  # the Reptiles' disc on the sea only
    s = p.s
    start(s, "speciation.meat", seat=1)
    act(s, "speciate at (0,0)N/NE")
    # the Reptiles match nothing on the wetland (one meat disc): no cube there
    assert s.ctx[0] == hx((0, -1)) and _best(s) == (ADD, 0, hx((0, -1)))
    act(s, "add 0 on (0,-1)")
    # on the sea the sun disc matches: as many as the sea takes
    assert _best(s) == (ADD, 4, hx((0, 0)))


def test_migration_leaves_an_endangered_tile_for_a_matching_one():
    p = Position(animals=("mammals", "reptiles"))
    p.tile((0, -1), "wetland", species={0: 2}).tile((0, 0), "sea")
    p.element((0, 0), "S/SW", "meat")  # sea only
    s = p.s
    start(s, "migration.0", seat=0)
    assert _best(s) == (MOVE, hx((0, -1)), hx((0, 0)))
    s.current_player = s.pseat
    legal = D.LEGAL[s.pk](s)
    values = dict(zip(legal, move_priorities(s, legal)))
    assert values[(MOVE, hx((0, -1)), hx((0, 0)))] > values[(PASS,)]


def test_domination_scores_the_tile_we_lead():
    p = Position(animals=("mammals", "reptiles"))
    p.tile((0, -1), "wetland", species={0: 3, 1: 1})  # we lead: 8 - 4
    p.tile((0, 0), "sea", species={0: 1, 1: 3})  # they lead: 5 - 9
    s = p.s
    start(s, "domination.0", seat=0)
    assert _best(s) == (DOMINATE, hx((0, -1)))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_informed_rollout_finishes(n):
    rollout = informed_rollout(move_priorities, 0.1)
    for seed in range(2):
        s = _mid_game(n, seed)
        rollout(s, random.Random(seed).random, None)
        assert s.current_player == TERMINAL
        assert len(s.scores()) == n
