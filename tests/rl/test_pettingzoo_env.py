"""Every game as a PettingZoo environment (arena/rl/pettingzoo_env.py): PettingZoo's own
api_test, seed_test, parallel_api_test and parallel_seed_test for every game at 2 seats and
at its most, and what the env promises."""
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from arena.rl.common import returns  # noqa: E402
from arena.rl.pettingzoo_env import ArenaAECEnv, env, parallel_env, raw_env  # noqa: E402
from engine.registry import get_game  # noqa: E402

GAMES = ["origin", "natural_selection", "citadels", "dominant_species", "random_mutations"]
COUNTS = [(name, n) for name in GAMES for n in sorted({2, get_game(name).max_players})]
# seed_test compares every mask with numpy.allclose: Natural Selection's masks are the largest
CYCLES = {"natural_selection": 3}


@pytest.mark.parametrize("actions", ["flat", "factored"])
@pytest.mark.parametrize("name,n", COUNTS)
def test_pettingzoo_api_and_seed_tests_pass(name, n, actions):
    cycles = CYCLES.get(name, 6)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict observations (the classic games' form)
        api_test(env(name, num_players=n, actions=actions), num_cycles=cycles)
        seed_test(lambda: env(name, num_players=n, actions=actions), num_cycles=cycles)


@pytest.mark.parametrize("actions", ["flat", "factored"])
@pytest.mark.parametrize("name,n", COUNTS)
def test_pettingzoo_parallel_api_and_parallel_seed_tests_pass(name, n, actions):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(name, num_players=n, actions=actions), num_cycles=CYCLES.get(name, 6))
        # its actions are drawn without the mask: the first illegal one ends the game (env()'s wrapper)
        parallel_seed_test(lambda: parallel_env(name, num_players=n, actions=actions))


@pytest.mark.parametrize("name", GAMES)
def test_factored_steps_reach_every_legal_action_of_a_decision_and_only_legal_ones(name):
    """The first decision of a game, every path the env's masks allow walked by stepping a
    fresh env: the actions at the paths' ends are the legal actions, each once."""
    def stepped(prefix):
        e = raw_env(name, num_players=2, actions="factored")
        e.reset(seed=6)
        for i in prefix:
            e.step(i)
        return e

    legal = raw_env(name, num_players=2)
    legal.reset(seed=6)
    legal_actions = legal.position.state.legal_actions()
    reached, stack = [], [()]
    while stack:
        prefix = stack.pop()
        e = stepped(prefix)
        if e.position.prefix != prefix:  # the last step played the action: the decision is over
            reached.append(e.position.factored.action(prefix))
            continue
        mask = e.observe(e.agent_selection)["action_mask"]
        assert mask.any()
        stack.extend(prefix + (int(i),) for i in np.flatnonzero(mask))
        width = e.action_space(e.agent_selection).n
        refused = [i for i in range(width) if not mask[i]]
        if refused:
            with pytest.raises(ValueError, match="not legal"):
                e.step(refused[0])
    assert sorted(map(repr, reached)) == sorted(map(repr, legal_actions))


@pytest.mark.parametrize("name", ["origin", "natural_selection"])
def test_a_factored_game_is_the_same_game_as_its_actions_played_whole(name):
    e = env(name, num_players=3, actions="factored")
    trace = play_out(e, seed=2)
    state = get_game(name).new_game(3, 2, e.options)
    f = e.unwrapped.position.factored
    prefix, played = (), 0
    for agent, step in trace:
        assert agent == f"player_{state.current_player}"  # the same seat steps until its action is whole
        prefix += (step,)
        if len(prefix) == f.steps(prefix[0]):
            state.apply(f.action(prefix))
            prefix, played = (), played + 1
    assert state.is_terminal() and prefix == ()
    assert len(trace) > played  # most actions take more than one step


def test_env_is_wrapped_as_the_classic_games_are_and_raw_env_is_not():
    e = env("origin")
    layers = []
    while isinstance(e, wrappers.BaseWrapper):
        layers.append(type(e))
        e = e.env
    assert layers == [wrappers.OrderEnforcingWrapper, wrappers.AssertOutOfBoundsWrapper,
                      wrappers.TerminateIllegalWrapper]
    assert type(e) is ArenaAECEnv and type(raw_env("origin")) is ArenaAECEnv
    with pytest.raises(Exception, match="reset"):  # the order enforcer: step before reset
        env("origin").step(0)


def test_the_parallel_env_plays_only_the_acting_seats_action():
    p = parallel_env("citadels", num_players=3)
    observations, infos = p.reset(seed=4)
    acting = [a for a, o in observations.items() if o["action_mask"].any()]
    assert len(acting) == 1
    # every other agent's action is ignored: give them indices that would be illegal
    legal = int(np.flatnonzero(observations[acting[0]]["action_mask"])[0])
    actions = {a: (legal if a == acting[0] else 10 ** 5) for a in p.agents}
    observations, rewards, terminations, truncations, infos = p.step(actions)
    assert not any(terminations.values()) and set(rewards.values()) == {0.0}


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
    e = raw_env("citadels", num_players=3)
    e.reset(seed=1)
    acting = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)
    illegal = int(np.flatnonzero(e.observe(acting)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)


def test_in_the_wrapped_env_an_illegal_index_ends_the_game_as_a_loss_for_its_seat():
    e = env("citadels", num_players=3)
    e.reset(seed=1)
    acting = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(acting)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's own warning about the illegal move
        e.step(illegal)
    assert all(e.terminations.values())
    assert {a: e._cumulative_rewards[a] for a in e.agents} == {a: (-1.0 if a == acting else 0.0) for a in e.agents}


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
