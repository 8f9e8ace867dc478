"""The fixed action encoding of every game (GameSpec.action_codec): exact, and the same in every process."""
import json
import random
import subprocess
import sys

import pytest

from engine.registry import game_names, get_game

GAMES = [name for name in game_names() if get_game(name).action_codec is not None]
COUNTS = [(name, n) for name in GAMES for n in range(get_game(name).min_players, get_game(name).max_players + 1)]


def random_positions(name, n, games, seed=0):
    """Every position of ``games`` random games: (state, legal actions)."""
    spec = get_game(name)
    for g in range(games):
        state = spec.new_game(n, seed + g)
        rand = random.Random(seed + g)
        while not state.is_terminal():
            legal = state.legal_actions()
            yield state, legal
            state.apply(legal[rand.randrange(len(legal))])


def test_every_game_of_ours_has_a_codec():
    assert {"origin", "citadels", "natural_selection", "dominant_species", "random_mutations"} <= set(GAMES)


@pytest.mark.parametrize("name,n", COUNTS)
def test_every_legal_action_encodes_to_a_unique_id_in_range_and_decodes_back_equal(name, n):
    codec = get_game(name).action_codec(n)
    for _, legal in random_positions(name, n, games=2):
        ids = [codec.encode(a) for a in legal]
        assert len(set(ids)) == len(ids), legal
        assert all(0 <= i < codec.size for i in ids)
        assert [codec.decode(i) for i in ids] == legal


@pytest.mark.parametrize("name", GAMES)
def test_an_id_out_of_range_and_an_action_beyond_the_bounds_are_errors(name):
    codec = get_game(name).action_codec(2)
    with pytest.raises(ValueError, match="outside"):
        codec.decode(codec.size)
    with pytest.raises(ValueError, match="no block"):
        codec.encode("not an action")


def test_the_encoding_is_the_same_in_a_fresh_process():
    here = {name: [get_game(name).action_codec(2).encode(a)
                   for _, legal in random_positions(name, 2, games=1) for a in legal[:3]] for name in GAMES}
    script = (
        "import json, sys; sys.path.insert(0, 'tests'); import test_action_codec as t; "
        "from engine.registry import get_game; "
        "print(json.dumps({n: [get_game(n).action_codec(2).encode(a) for _, l in t.random_positions(n, 2, games=1) "
        "for a in l[:3]] for n in t.GAMES}))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == here
