"""OpenSpiel's own checks on our games (arena/interop/openspiel.py, issue 46): every game is
registered on import, states serialize by how they were made (parameters and ids played) so
pickle, deepcopy, serialize_game_and_state and generate_playthrough work, in every game."""
import copy
import pickle
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (pip install -e '.[openspiel]')")

from open_spiel.python.algorithms import generate_playthrough  # noqa: E402

from arena.interop.openspiel import load_game  # noqa: E402
from engine.registry import get_game  # noqa: E402
from engine.rng import Rng  # noqa: E402

GAMES = ["origin", "natural_selection", "citadels", "dominant_species", "random_mutations"]
# generate_playthrough prints every tensor of every seat at every state: the short variants
SHORT = {"citadels": ",rounds=1", "dominant_species": ",max_turns=1"}


def test_every_game_is_registered_on_import_alone():
    code = ("import pyspiel, arena.interop.openspiel\n"
            f"for name in {GAMES!r}:\n"
            "    game = pyspiel.load_game('arena_' + name + '(players=2)')\n"
            "    print(name, game.num_players(), game.num_distinct_actions())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert [line.split()[0] for line in lines if line] == GAMES
    assert all(int(line.split()[2]) <= 1_000 for line in lines if line)


def same(a, b):
    assert a.history() == b.history() and str(a) == str(b)
    assert a.legal_actions() == b.legal_actions() and a.chosen() == b.chosen()
    for p in range(a.num_players()):
        assert a.information_state_string(p) == b.information_state_string(p)
        assert a.information_state_tensor(p) == b.information_state_tensor(p)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("actions", ["factored", "flat"])
def test_states_survive_serialize_pickle_deepcopy_and_serialize_game_and_state(name, actions):
    game = load_game(name, players=2, seed=7, actions=actions)
    state = game.new_initial_state()
    rand = random.Random(7)
    checked = 0
    while not state.is_terminal() and checked < 6:
        for _ in range(rand.randrange(1, 40)):
            if state.is_terminal():
                break
            state.apply_action(rand.choice(state.legal_actions()))
        same(game.deserialize_state(state.serialize()), state)
        same(pickle.loads(pickle.dumps(state)), state)
        same(copy.deepcopy(state), state)
        again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(again_game) == str(game)
        same(again, state)
        if not state.is_terminal():  # a state resampled from a seat's information: made again the same
            sample = state.resample(state.current_player(), Rng(checked))
            same(game.deserialize_state(sample.serialize()), sample)
        checked += 1
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_a_wrapped_state_of_ours_refuses_to_serialize_saying_why():
    game = load_game("origin", seed=1)
    state = game.wrap(get_game("origin").new_game(2, 1))
    with pytest.raises(Exception, match="cannot be serialized"):
        pickle.dumps(state)


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_generate_playthrough_runs_a_whole_game(name):
    text = generate_playthrough.playthrough(f"arena_{name}(players=2,seed=3{SHORT.get(name, '')})", None, seed=1)
    assert "IsTerminal() = True" in text
    assert "NumDistinctActions() = " in text and "LegalActions() = [" in text
