"""A network in an ONNX file as a player (players/onnx_policy.py, arena/rl/onnx_export.py,
examples/onnx_policy/; issue 46): built here with the onnx helper API (no PyTorch), played by
onnxruntime with one thread, in both action encodings, and as a submitted player jailed in a
tournament reading its model from its own folder."""
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

from arena.game.match import play_game  # noqa: E402
from arena.rl.onnx_export import npz_to_onnx, save_mlp  # noqa: E402
from engine import factored, tensor  # noqa: E402
from players.onnx_policy import OnnxPolicyPlayer  # noqa: E402
from players.policy import PolicyFileError, PolicyPlayer  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "onnx_policy"
sys.path.insert(0, str(REPO / "tests" / "arena"))


def factored_net(path, game="origin", n=2, hidden=16, seed=0):
    """A two-layer network of seeded random weights over the factored encoding of ``game``."""
    f = factored.for_game(game, n)
    size = tensor.layout(game, n).size + f.feature_size
    rng = np.random.default_rng(seed)
    save_mlp(path, game, n, "factored", [(rng.normal(0, 0.1, (size, hidden)), rng.normal(0, 0.1, hidden)),
                                         (rng.normal(0, 1.0, (hidden, f.width)), np.zeros(f.width))])
    return path


@pytest.mark.parametrize("game", ["origin", "natural_selection", "citadels", "dominant_species",
                                  "random_mutations"])
def test_a_factored_network_plays_legal_replayable_games_of_every_game(tmp_path, game):
    path = factored_net(tmp_path / "net.onnx", game)
    for mode in ("argmax", "sample"):
        options = {"max_turns": 2} if game == "dominant_species" else {}
        first = play_game(game, [OnnxPolicyPlayer(str(path), mode=mode, seed=3), RandomPlayer(seed=1)], 5,
                          options=options)
        assert first.faults == []
        again = play_game(game, [OnnxPolicyPlayer(str(path), mode=mode, seed=3), RandomPlayer(seed=1)], 5,
                          options=options)
        assert again.actions == first.actions


def test_argmax_plays_the_most_probable_legal_path_step_by_step(tmp_path):
    path = factored_net(tmp_path / "net.onnx", "citadels")
    player = OnnxPolicyPlayer(str(path))
    state = __import__("engine.registry", fromlist=["get_game"]).get_game("citadels").new_game(2, 1)
    seat = state.current_player
    player.start("citadels", seat, 2, 1)
    observation = state.observation(seat)
    f = factored.for_game("citadels", 2)
    choices = f.choices(observation.legal_actions)
    prefix = ()
    while not choices.complete(prefix):
        logits = player.logits(np.concatenate([tensor.encode(observation), f.choice_features(prefix)]))
        allowed = choices.options(prefix)
        prefix += (max(allowed, key=lambda i: logits[i]),)
    assert player.act(observation) == choices.action(prefix)


def test_a_flat_policy_file_as_onnx_plays_the_same_moves(tmp_path):
    npz = REPO / "examples" / "rl_policy" / "origin-2p.npz"
    npz_to_onnx(npz, tmp_path / "flat.onnx")
    for seed in (1, 2):
        a = play_game("origin", [OnnxPolicyPlayer(str(tmp_path / "flat.onnx")), RandomPlayer(seed=2)], seed)
        b = play_game("origin", [PolicyPlayer(str(npz)), RandomPlayer(seed=2)], seed)
        assert a.actions == b.actions and a.faults == []


def test_a_model_is_checked_against_the_game(tmp_path):
    path = factored_net(tmp_path / "net.onnx", "origin", n=2)
    with pytest.raises(PolicyFileError, match="is for origin with 2 players, not origin with 3"):
        OnnxPolicyPlayer(str(path)).start("origin", 0, 3, 1)
    (tmp_path / "bad.onnx").write_bytes(b"not a model")
    with pytest.raises(PolicyFileError, match="cannot load it"):
        OnnxPolicyPlayer(str(tmp_path / "bad.onnx"))
    with pytest.raises(PolicyFileError, match="not found"):
        OnnxPolicyPlayer("nowhere.onnx")


def test_onnxruntime_runs_with_one_thread(tmp_path):
    player = OnnxPolicyPlayer(str(factored_net(tmp_path / "net.onnx")))
    options = player.session.get_session_options()
    assert (options.intra_op_num_threads, options.inter_op_num_threads) == (1, 1)


def test_the_network_plays_jailed_in_a_tournament_reading_its_model_from_its_folder(tmp_path):
    from helpers import records, run
    from arena.game.match import player_seed
    from arena.store.secret import load_secret

    code = tmp_path / "mybot"
    code.mkdir()
    shutil.copy(EXAMPLE / "player.py", code / "player.py")
    factored_net(code / "net.onnx")
    entry = {"name": "net", "class": f"{code / 'player.py'}:Policy", "params": {"model": "net.onnx"}}
    data = {"name": "t", "game": "origin", "seats": 2, "games_per_pairing": 2, "seed": 5, "seeds": "secret",
            "players": [{"name": "random", "class": "random"}, entry],
            "time_limits": {"move_seconds": 10, "game_seconds": 120}, "output": str(tmp_path / "results")}
    config = tmp_path / "t.yaml"
    config.write_text(yaml.safe_dump(data, sort_keys=False))
    outcome = run(config)
    games = list(records(tmp_path / "results" / "t").values())
    assert len(games) == outcome.scheduled == 4
    assert all(g["faults"] == [] for g in games), [g["faults"] for g in games]
    assert outcome.board["isolation"]["isolation"] == "jail" and outcome.board["isolation"]["sandboxed"]
    # inside the jail it played from its network: the same games as the same players here
    key = load_secret(tmp_path / "results" / "t")
    for game in games:
        here = [OnnxPolicyPlayer(str(code / "net.onnx")) if name == "net" else RandomPlayer()
                for name in game["players"]]
        result = play_game("origin", here, game["seed"], player_seeds=[player_seed(game["seed"], s, key)
                                                                       for s in range(2)])
        assert (list(result.scores), len(result.actions)) == (game["scores"], sum(game["moves"]))


def test_the_example_plays_its_committed_origin_model(tmp_path, monkeypatch):
    from players.loading import make_player

    monkeypatch.chdir(tmp_path)  # not the repository: the model is found beside the player's file
    player = make_player(f"{EXAMPLE / 'player.py'}:Policy", None, "origin")
    assert player.path == EXAMPLE / "origin-2p.onnx" and player.actions == "factored"
    assert play_game("origin", [player, RandomPlayer()], 7).faults == []
