"""The games' search hooks (``engine/<game>/heuristic.py``: ``GameSpec.heuristic``
and ``move_priorities``) and the search options built on them
(``cutoff_eval: heuristic``, ``rollout: informed``)."""
import random

import pytest

from arena.game.match import play_game
from engine.registry import get_game
from engine.rng import Rng
from players.ismcts import ISMCTSPlayer
from players.pimc import PIMCPlayer
from players.random_player import RandomPlayer
from players.search_tree import cutoff_evaluation, evaluate_margin, informed_rollout, move_priority_of

GAMES = ["origin", "citadels", "natural_selection", "dominant_species", "random_mutations"]
ORDERED_GAMES = ["citadels", "natural_selection", "dominant_species", "random_mutations"]  # Origin has no move ordering (engine/origin/heuristic.py)


def _positions(game, n, seed, every=7):
    """Positions of a random game (every ``every``-th move, not over)."""
    state = get_game(game).new_game(n, seed)
    rng = Rng(seed)
    moves = 0
    while not state.is_terminal():
        if moves % every == 0:
            yield state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        moves += 1


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_gives_each_seat_a_value_in_0_1_summing_to_half_the_seats(game):
    heuristic = get_game(game).heuristic
    for n in (2, 3):
        for state in _positions(game, n, seed=n):
            values = heuristic(state)
            assert len(values) == n
            assert all(0.0 <= v <= 1.0 for v in values), values
            assert sum(values) == pytest.approx(n / 2)


@pytest.mark.parametrize("game", ORDERED_GAMES)
def test_move_priorities_give_one_number_per_legal_action(game):
    priorities = move_priority_of(game)
    for state in _positions(game, 3, seed=5, every=3):
        legal = state.legal_actions()
        values = priorities(state, legal)
        assert len(values) == len(legal)
        assert all(isinstance(v, (int, float)) for v in values)


def test_natural_selection_heuristic_counts_food_in_the_bag_and_cards_in_hand():
    state = get_game("natural_selection").new_game(2, 1)
    heuristic = get_game("natural_selection").heuristic
    assert heuristic(state) == pytest.approx([0.5, 0.5])
    state.bags[0] += 3
    assert heuristic(state)[0] > 0.5
    state.hands[1] += state.hands[1][:3] * 4  # 12 more cards: a future worth more than 3 food
    assert heuristic(state)[0] < 0.5


def test_natural_selection_heuristic_discounts_unfed_population():
    state = get_game("natural_selection").new_game(2, 1)
    heuristic = get_game("natural_selection").heuristic
    for row in state.rows:
        row[0][1] = 3  # Population 3, no food yet
    state.rows[0][0][2] = 3  # seat 0's species has eaten its fill
    assert heuristic(state)[0] > 0.5


def test_citadels_heuristic_counts_the_points_a_creature_will_score_in_the_rounds_to_come():
    from engine.citadels.scoring import round_points

    spec = get_game("citadels")
    state = spec.new_game(2, 3)
    rng = Rng(3)
    while not any(round_points(state, seat) for seat in range(2)) and not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert not state.is_terminal()
    points = [round_points(state, seat) for seat in range(2)]
    state.score[:] = [0, 0]
    values = spec.heuristic(state)
    assert (values[0] > values[1]) == (points[0] > points[1])
    assert values[0] != 0.5


def test_origin_heuristic_counts_an_unfed_animal_at_risk_in_feeding():
    from engine.origin.animal import FOOD, NEED
    from engine.origin.state import FEEDING

    spec = get_game("origin")
    state = spec.new_game(2, 4)
    for seat in range(2):
        state.animals[seat][:] = [[0, 0, 0, 0, 1, 0, 0]]
        state.hands[seat][:] = [0] * len(state.hands[seat])
    assert spec.heuristic(state) == pytest.approx([0.5, 0.5])
    state.phase = FEEDING
    state.animals[0][0][FOOD] = state.animals[0][0][NEED]
    assert spec.heuristic(state)[0] > 0.5


def test_cutoff_eval_heuristic_is_the_games_hook():
    assert cutoff_evaluation("heuristic", "natural_selection") is get_game("natural_selection").heuristic


def test_cutoff_eval_heuristic_falls_back_to_the_score_margin_without_a_hook():
    assert get_game("toy").heuristic is None
    assert cutoff_evaluation("heuristic", "toy") is evaluate_margin


def test_informed_rollout_falls_back_to_random_without_a_move_ordering():
    assert move_priority_of("toy") is None
    assert move_priority_of("origin") is None
    player = ISMCTSPlayer(iterations=20, rollout="informed", cutoff_eval="heuristic")
    result = play_game("toy", [player, RandomPlayer(seed=1)], 0)
    assert result.faults == []


def test_informed_rollout_with_epsilon_0_plays_the_highest_priority_move():
    state = get_game("natural_selection").new_game(3, 2)
    priorities = move_priority_of("natural_selection")
    legal = state.legal_actions()
    values = priorities(state, legal)
    assert values.count(max(values)) == 1  # the food card least useful as a trait
    expected = legal[values.index(max(values))]
    copy = state.clone()
    informed_rollout(priorities, 0.0)(copy, random.Random(1).random, 1)
    reference = state.clone()
    reference.apply(expected)
    assert copy.food_cards == reference.food_cards and copy.hands == reference.hands


@pytest.mark.parametrize("game", ORDERED_GAMES)
def test_ordered_expansion_searches_the_moves_in_the_games_order(game):
    """With fewer iterations than legal moves, ``expand: ordered`` spends them on the
    moves the game's ordering puts first; ``random`` on any of them."""
    priorities = move_priority_of(game)
    position = next(p for p in _positions(game, 3, 5, every=3)
                    if len(set(priorities(p, p.legal_actions()))) > 4 and len(p.legal_actions()) > 8)
    seat = position.current_player
    observation = position.observation(seat)
    legal = observation.legal_actions
    values = priorities(position, legal)
    k = 4
    threshold = sorted(values, reverse=True)[k - 1]
    for expand, all_top in (("ordered", True), ("random", False)):
        player = ISMCTSPlayer(iterations=k, expand=expand, rollout_cutoff=2, seed=3)
        player.start(game, seat, 3, 11)
        player.act(observation)
        searched = [a for a, child in player.last_root.children.items() if child.visits]
        assert len(searched) == k
        tops = [values[legal.index(a)] >= threshold for a in searched]
        assert all(tops) == all_top, (expand, tops)


def test_progressive_widening_searches_few_moves_deeper_in_the_games_order():
    """``widening: w``: a node with n visits has tried at most 1 + w*sqrt(n) moves, the
    first by the move ordering; without it every move is tried once first."""
    game = "dominant_species"
    priorities = move_priority_of(game)
    position = next(p for p in _positions(game, 2, 5, every=3) if len(p.legal_actions()) > 30)
    seat = position.current_player
    observation = position.observation(seat)
    legal = observation.legal_actions
    ranked = sorted(priorities(position, legal), reverse=True)
    for widening, most in ((1.0, 1 + 1.0 * 30 ** 0.5), (0.5, 1 + 0.5 * 30 ** 0.5), (None, 30)):
        player = ISMCTSPlayer(iterations=30, expand="ordered", widening=widening, rollout_cutoff=3, seed=1)
        player.start(game, seat, 2, 4)
        player.act(observation)
        children = player.last_root.children
        assert sum(child.visits for child in children.values()) == 30
        assert len(children) <= most and (widening is not None or len(children) == 30)
        if widening is not None:
            assert len(children) >= 3 and max(child.visits for child in children.values()) > 1
            for action in children:  # the tried moves are the first of the ordering
                assert priorities(position, legal)[legal.index(action)] >= ranked[len(children) - 1]


SEARCHERS = [
    ("ismcts-informed", lambda: ISMCTSPlayer(iterations=8, rollout="informed", cutoff_eval="heuristic",
                                             rollout_cutoff=10)),
    ("ismcts-ordered", lambda: ISMCTSPlayer(iterations=8, rollout="informed", cutoff_eval="heuristic",
                                            rollout_cutoff=10, expand="ordered")),
    ("ismcts-widening", lambda: ISMCTSPlayer(iterations=12, rollout_cutoff=10, expand="ordered", widening=1.0,
                                             reuse_tree=True)),
    ("pimc-widening", lambda: PIMCPlayer(iterations=12, determinizations=2, rollout_cutoff=10, widening=0.5)),
    ("pimc-informed", lambda: PIMCPlayer(iterations=8, determinizations=2, rollout="informed",
                                         cutoff_eval="heuristic", rollout_cutoff=10)),
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("label,build", SEARCHERS, ids=[s[0] for s in SEARCHERS])
def test_informed_searchers_play_whole_games_legally_and_reproducibly(game, label, build):
    runs = []
    for _ in range(2):
        players = [build(), RandomPlayer(seed=1)]
        result = play_game(game, players, 7)
        assert result.faults == [], result.faults
        runs.append(result.actions)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("params", [{"rollout_epsilon": 1.5}, {"rollout_epsilon": -0.1}, {"rollout_epsilon": "x"},
                                    {"cutoff_eval": "heuristics"}, {"expand": "best"}, {"expand": None},
                                    {"widening": -1}, {"widening": "1"}, {"widening": True}])
def test_bad_informed_search_parameters_are_refused(params):
    with pytest.raises(ValueError):
        ISMCTSPlayer(**params)


def _walk(node, actions):
    for action in actions:
        node = (node.children or {}).get(action) if node is not None else None
    return node


@pytest.mark.parametrize("game", ["origin", "natural_selection", "dominant_species", "random_mutations", "citadels"])
def test_reuse_tree_starts_from_the_subtree_of_the_moves_made_since(game):
    """``reuse_tree``: the root of a decision is the kept tree's node for exactly the
    moves made since the last one, when the history shows them; otherwise a fresh root."""
    player = ISMCTSPlayer(iterations=40, reuse_tree=True, rollout_cutoff=4, seed=2)
    other = RandomPlayer(seed=4)
    state = get_game(game).new_game(2, 9)
    player.start(game, 0, 2, 9)
    other.start(game, 1, 2, 9)
    previous, since, reused, fresh = None, [], 0, 0
    while not state.is_terminal() and reused + fresh < 60:
        seat = state.current_player
        observation = state.observation(seat)
        if seat == 0 and len(observation.legal_actions) > 1:
            action = player.act(observation)
            root = player.last_root
            visits = sum(child.visits for child in root.children.values())
            expected = _walk(previous, since) if previous is not None else None
            if root is expected and expected is not None:
                reused += player.reused_visits > 0
                assert visits == player.last_iterations + player.reused_visits
            else:
                fresh += 1
                assert visits == player.last_iterations and player.reused_visits == 0
            previous, since = root, []
        else:
            action = (player if seat == 0 else other).act(observation)
        since.append(action)
        state.apply(action)
    assert fresh > 0
    if game != "citadels":  # its log shows events and drafted roles as text: no move matches an edge
        assert reused > 0


def test_reuse_tree_is_refused_unless_a_boolean():
    with pytest.raises(ValueError):
        ISMCTSPlayer(reuse_tree="yes")
