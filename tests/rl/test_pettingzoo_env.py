"""Every game as a PettingZoo AEC environment (arena/rl/pettingzoo_env.py): PettingZoo's own
api_test and seed_test for every game and player count, and what the env promises."""
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from arena.rl.common import returns  # noqa: E402
from arena.rl.pettingzoo_env import env  # noqa: E402
from engine.registry import get_game  # noqa: E402

GAMES = ["origin", "natural_selection", "citadels", "dominant_species", "random_mutations"]
COUNTS = [(name, n) for name in GAMES for n in range(get_game(name).min_players, get_game(name).max_players + 1)]
# seed_test compares every mask with numpy.allclose: Natural Selection's masks are the largest
CYCLES = {"natural_selection": 4}


@pytest.mark.parametrize("name,n", COUNTS)
def test_pettingzoo_api_and_seed_tests_pass(name, n):
    cycles = CYCLES.get(name, 10)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict observations (the classic games' form)
        api_test(env(name, num_players=n), num_cycles=cycles)
        seed_test(lambda: env(name, num_players=n), num_cycles=cycles)


def play_out(e, seed, pick=lambda mask, rng: rng.choice(np.flatnonzero(mask))):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = int(pick(obs["action_mask"], rng))
        trace.append((agent, action))
        e.step(action)
    return trace


@pytest.mark.parametrize("name", ["origin", "citadels", "random_mutations"])
def test_a_whole_game_ends_with_the_ranking_rewards_and_replays_from_its_seed(name):
    e = env(name, num_players=3 if get_game(name).max_players >= 3 else 2)
    first = play_out(e, seed=5)
    assert e.agents == []  # every agent stepped out after the end
    again = play_out(e, seed=5)
    assert again == first
    # the rewards: the same game played by hand, scored from the final places
    state = get_game(name).new_game(e.num_players, 5, e.options)
    from engine.tensor import action_space
    space = action_space(name, e.num_players)
    for agent, action in first:
        assert agent == f"player_{state.current_player}"
        state.apply(space.decode(action))
    assert state.is_terminal()
    final = returns(state)
    assert abs(sum(final)) < 1e-9 and max(final) == 1.0 or len(set(state.ranking())) == 1


def test_the_winner_gets_1_and_the_last_gets_minus_1():
    e = env("origin", num_players=2)
    e.reset(seed=2)
    totals = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            ranking = info["ranking"]
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    expect = {1: 1.0, 2: -1.0} if ranking[0] != ranking[1] else {1: 0.0}
    assert [totals[f"player_{s}"] for s in range(2)] == [expect[p] for p in ranking]


def test_only_the_seat_to_act_has_a_mask_and_an_illegal_index_is_refused():
    e = env("citadels", num_players=3)
    e.reset(seed=1)
    acting = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)
    illegal = int(np.flatnonzero(e.observe(acting)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)


def test_rule_options_reach_the_game_and_unknown_ones_are_refused():
    e = env("citadels", num_players=2, options={"rounds": 2})
    assert e.options["rounds"] == 2
    short = len(play_out(e, seed=0))
    assert short < len(play_out(env("citadels", num_players=2), seed=0))
    with pytest.raises(Exception, match="no option"):
        env("citadels", options={"no_such_option": 1})


def test_render_is_the_acting_seats_observation_text():
    e = env("origin", num_players=2, render_mode="ansi")
    e.reset(seed=0)
    seat = int(e.agent_selection.split("_")[1])
    assert e.render() == e.position.state.observation(seat).render()
