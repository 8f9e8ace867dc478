"""The OpenSpiel adapter's observation and information-state tensors (issue 33): they are
``engine.tensor.encode`` of the seat's observation, pass OpenSpiel's own checks, and one of
OpenSpiel's learning algorithms (tabular Q-learning through its ``rl_environment``, which
keys its table by the information-state tensor; numpy only) runs on a game.  Needs the
`openspiel` extra, which CI installs (.ci/run)."""
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (pip install -e '.[openspiel]')")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import tabular_qlearner  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from arena.interop.openspiel import load_game  # noqa: E402
from engine import tensor  # noqa: E402
from engine.registry import game_names, get_game  # noqa: E402
from engine.rng import Rng  # noqa: E402

GAMES = [name for name in game_names() if get_game(name).action_codec is not None]
ENDS = [(name, n) for name in GAMES for n in sorted({get_game(name).min_players, get_game(name).max_players})]


@pytest.mark.parametrize("name,n", ENDS)
def test_the_game_provides_tensors_of_the_layouts_size(name, n):
    game = load_game(name, players=n, seed=1)
    kind = game.get_type()
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    # the observation's vector, then the steps chosen so far of a factored action
    size = tensor.layout(name, n).size + game.factored.feature_size
    assert game.observation_tensor_shape() == [size] == game.information_state_tensor_shape()
    assert game.observation_tensor_size() == size == game.information_state_tensor_size()
    flat = load_game(name, players=n, seed=1, actions="flat")
    assert flat.observation_tensor_shape() == [tensor.layout(name, n).size]


def positions(name, n, seed, every):
    game = load_game(name, players=n, seed=seed)
    state = game.new_initial_state()
    rand = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        if moves % every == 0:
            yield state
        state.apply_action(rand.choice(state.legal_actions()))
        moves += 1
    yield state


@pytest.mark.parametrize("name", GAMES)
def test_both_tensors_are_the_observations_vector_and_survive_clone_and_resample(name):
    n = get_game(name).min_players
    rng = Rng(4)
    seen = 0
    for state in positions(name, n, seed=4, every=23):
        engine_state = state.engine_state()
        for p in range(n):
            chosen = (state.get_game().factored.choice_features(state.chosen()) if p == state.current_player()
                      else np.zeros(state.get_game().factored.feature_size, np.float32))
            expected = np.concatenate([tensor.encode(engine_state.observation(p)), chosen])
            assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), expected)
            assert np.array_equal(np.asarray(state.information_state_tensor(p), np.float32), expected)
        if state.is_terminal():
            continue
        seat = state.current_player()
        own = np.asarray(state.information_state_tensor(seat))
        assert np.array_equal(np.asarray(state.clone().information_state_tensor(seat)), own)
        # a world the seat cannot tell from this one: the same tensor (its hidden cards re-dealt)
        world = state.resample(seat, rng)
        assert np.array_equal(np.asarray(world.information_state_tensor(seat)), own)
        seen += 1
    assert seen > 3


@pytest.mark.parametrize("name", ["origin", "citadels"])
def test_the_python_observer_gives_the_vector_and_a_view_per_field(name):
    game = load_game(name, seed=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    layout = tensor.layout(name, game.num_players())
    chosen_fields = [field for field, _, _ in game.factored.feature_fields]
    for iig in (None, pyspiel.IIGObservationType(perfect_recall=True)):
        observation = make_observation(game, iig)
        observation.set_from(state, 1)
        assert np.array_equal(observation.tensor[:layout.size], tensor.encode(state.engine_state().observation(1)))
        assert list(observation.dict) == [field for field, _, _ in layout.fields] + chosen_fields
        for field, _, _ in layout.fields:
            assert np.shares_memory(observation.dict[field], observation.tensor)
            assert np.array_equal(observation.dict[field], observation.tensor[layout.slice(field)])
        assert observation.string_from(state, 1) == (state.information_state_string(1) if iig is not None
                                                     else state.observation_string(1))


def test_openspiels_random_sim_test_reads_the_tensors():
    """``random_sim_test`` (test_adapter.py runs it for every game) asks for both tensors of
    every seat at every state when the game type says it provides them."""
    import arena.interop.openspiel as adapter

    calls = []
    original = adapter._Observer.set_from
    adapter._Observer.set_from = lambda self, state, player: (calls.append(player), original(self, state, player))
    try:
        pyspiel.random_sim_test(load_game("citadels", players=2, seed=3, rounds=1), num_sims=1,
                                serialize=False, verbose=False)
    finally:
        adapter._Observer.set_from = original
    assert set(calls) == {0, 1}


def test_openspiels_tabular_q_learning_runs_on_the_tensors():
    """OpenSpiel's ``rl_environment`` (information-state tensors as the agents' input) with
    its tabular Q-learner on both seats of Citadels (one round: nine moves a game): the
    agents' tables are keyed by our tensors and learn from the returns."""
    game = load_game("citadels", players=2, seed=5, rounds=1)
    env = rl_environment.Environment(game, seed=5)
    assert env.observation_spec()["info_state"] == (tensor.layout("citadels", 2).size + game.factored.feature_size,)
    assert env.action_spec()["num_actions"] == game.factored.width  # a step of an action: 73 ids
    num_actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=num_actions, step_size=0.5)
              for p in range(2)]
    # the Q-learners draw their exploration from numpy's global generator
    saved = np.random.get_state()
    np.random.seed(5)
    try:
        returns = play(env, agents, episodes=6)
    finally:
        np.random.set_state(saved)
    assert all(sum(r) == pytest.approx(0.0) for r in returns)
    for agent in agents:
        keys = list(agent._q_values)
        assert keys and all(isinstance(k, str) and k.startswith("[") for k in keys)
        assert any(v != 0 for table in agent._q_values.values() for v in table.values())


def play(env, agents, episodes):
    returns = []
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            p = step.observations["current_player"]
            assert step.observations["info_state"][p] == list(
                np.asarray(env.get_state.information_state_tensor(p)))
            step = env.step([agents[p].step(step).action])
        for agent in agents:
            agent.step(step)
        returns.append(step.rewards)
    return returns
