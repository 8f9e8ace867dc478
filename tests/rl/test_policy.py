"""A trained policy as a player (players/policy.py, examples/rl_policy/, tools/train_policy.py):
a tiny training run writes a policy file that the player loads and plays legal games from,
and as a submitted player in a jailed tournament it plays without faults, reading its
weights from its own folder (issue 33; docs/rl.md)."""
import importlib.util
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

pytest.importorskip("gymnasium")

from arena.game.match import play_game  # noqa: E402
from engine import tensor  # noqa: E402
from players.loading import PlayerSpecError, make_player  # noqa: E402
from players.policy import PolicyFileError, PolicyPlayer, load_policy, save_policy  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "rl_policy"
sys.path.insert(0, str(REPO / "tests" / "arena"))


def trainer():
    spec = importlib.util.spec_from_file_location("train_policy", REPO / "tools" / "train_policy.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """Two tiny training runs (8 episodes, 4 hidden units) with the same seed."""
    train = trainer().train
    out = tmp_path_factory.mktemp("policy")
    for name in ("a.npz", "b.npz"):
        train("origin", 2, episodes=8, batch=4, hidden=4, eval_every=0, eval_games=2, seed=3,
              out=str(out / name), echo=lambda *_: None)
    return out


def test_a_tiny_training_run_writes_a_policy_that_plays_legal_games(tiny):
    policy = load_policy(tiny / "a.npz")
    size = tensor.layout("origin", 2).size
    assert (policy["game"], policy["num_players"]) == ("origin", 2)
    assert policy["W1"].shape == (size, 4) and policy["W2"].shape == (4, tensor.action_space("origin", 2).size)
    assert np.any(policy["W2"] != 0)  # trained: the output layer starts at zero
    for mode in ("argmax", "sample"):
        player = PolicyPlayer(str(tiny / "a.npz"), mode=mode, seed=1)
        for seed in (1, 2):
            result = play_game("origin", [player, RandomPlayer(seed=2)], seed)
            assert result.faults == []
            again = play_game("origin", [PolicyPlayer(str(tiny / "a.npz"), mode=mode, seed=1),
                                         RandomPlayer(seed=2)], seed)
            assert again.actions == result.actions  # seeded: the same game again
        assert player.fallbacks == 0


def test_the_same_training_command_writes_the_same_weights(tiny):
    a, b = load_policy(tiny / "a.npz"), load_policy(tiny / "b.npz")
    for key in ("mean", "scale", "W1", "b1", "W2", "b2"):
        assert np.array_equal(a[key], b[key]), key


def test_a_policy_file_is_checked_against_the_game(tmp_path):
    path = tmp_path / "p.npz"
    save_policy(path, "origin", 3, np.zeros((5, 7)), np.zeros(7))  # a linear policy of the wrong sizes
    player = PolicyPlayer(str(path))
    with pytest.raises(PolicyFileError, match="is for origin with 3 players"):
        player.start("origin", 0, 2, 1)
    with pytest.raises(PolicyFileError, match="made for vectors of 5 and 7 actions"):
        player.start("origin", 0, 3, 1)
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    with pytest.raises(PolicyFileError, match="cannot read it"):
        PolicyPlayer(str(tmp_path / "bad.npz"))
    with pytest.raises(PlayerSpecError, match="not found"):
        make_player("players/policy.py:PolicyPlayer", {"weights": "nowhere.npz"}, "origin")


def test_the_example_player_finds_its_weights_beside_its_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # not the repository: the weights are found by the file's folder
    player = make_player(f"{EXAMPLE / 'player.py'}:Policy", {"weights": "origin-2p.npz"}, "origin")
    assert player.path == EXAMPLE / "origin-2p.npz"
    assert play_game("origin", [player, RandomPlayer()], 7).faults == []


def submitted(tmp_path, weights_param):
    """A copy of the example player in a folder of its own, with ``weights_param``."""
    code = tmp_path / "mybot"
    code.mkdir()
    shutil.copy(EXAMPLE / "player.py", code / "player.py")
    return {"name": "policy", "class": f"{code / 'player.py'}:Policy", "params": {"weights": weights_param}}


def tournament(tmp_path, entry, games=1):
    data = {"name": "t", "game": "origin", "seats": 2, "games_per_pairing": games, "seed": 5, "seeds": "secret",
            "players": [{"name": "random", "class": "random"}, entry],
            "time_limits": {"move_seconds": 10, "game_seconds": 120}, "output": str(tmp_path / "results")}
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_the_policy_plays_jailed_in_a_tournament_reading_weights_from_its_folder(tmp_path, tiny):
    from helpers import records, run

    entry = submitted(tmp_path, "tiny.npz")
    shutil.copy(tiny / "a.npz", tmp_path / "mybot" / "tiny.npz")
    outcome = run(tournament(tmp_path, entry, games=2))
    games = list(records(tmp_path / "results" / "t").values())
    assert len(games) == outcome.scheduled == 4
    assert all(g["faults"] == [] for g in games)
    assert outcome.board["faults"] == []
    assert outcome.board["isolation"]["isolation"] == "jail" and outcome.board["isolation"]["sandboxed"]
    assert {row["name"] for row in outcome.board["players"]} == {"policy", "random"}
    # inside the jail it played from its weights: the same games as the same players here
    from arena.game.match import player_seed
    from arena.store.secret import load_secret

    key = load_secret(tmp_path / "results" / "t")
    for game in games:
        here = [PolicyPlayer(str(tiny / "a.npz")) if name == "policy" else RandomPlayer()
                for name in game["players"]]
        result = play_game("origin", here, game["seed"], player_seeds=[player_seed(game["seed"], s, key)
                                                                       for s in range(2)])
        assert (list(result.scores), len(result.actions)) == (game["scores"], sum(game["moves"]))


def test_jailed_the_policy_cannot_read_weights_outside_its_folder(tmp_path, tiny):
    """The jail's view holds the player's code folder, not the rest of the disk: a policy
    file elsewhere (here: beside the config) is not there, and the check says so."""
    from arena.runs.config import ConfigError, load_config

    outside = tmp_path / "elsewhere.npz"
    shutil.copy(tiny / "a.npz", outside)
    assert PolicyPlayer(str(outside)).path == outside  # readable outside the jail
    with pytest.raises((ConfigError, PlayerSpecError), match="elsewhere.npz"):
        load_config(tournament(tmp_path, submitted(tmp_path, str(outside))))
