"""Config checking: every problem names the file, the key and what is wrong."""
import pytest
import yaml

from arena.runs.config import ConfigError, load_config
from conftest import player, toy_config


def write(tmp_path, text):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    return path


def broken(tmp_path, **changes):
    path = toy_config(tmp_path, [player("a"), player("b")])
    data = yaml.safe_load(path.read_text())
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_good_config_reads_with_defaults(tmp_path):
    cfg = load_config(toy_config(tmp_path, [player("a"), player("b", seed=3)]))
    assert (cfg.name, cfg.game, cfg.seats, cfg.games_per_pairing, cfg.workers) == ("t", "toy", 2, 2, 0)
    assert cfg.players[1].params == {"seed": 3}
    assert cfg.game_seconds == 300.0 and cfg.move_seconds is None


def test_an_unknown_player_module_names_file_key_and_module(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b"), player("c", "mybots:Bot")])
    with pytest.raises(ConfigError, match=r"t\.yaml: players\[2\]\.class: .*no module named 'mybots'"):
        load_config(path)


def test_bad_player_params_are_named(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b", nonsense=1)])
    with pytest.raises(ConfigError, match=r"players\[1\]\.params\.nonsense: .*takes no parameter 'nonsense' "
                                          r"\(it takes: seed\)"):
        load_config(path)


def test_a_misspelt_search_parameter_names_the_key_not_the_defaults(tmp_path):
    path = toy_config(tmp_path, [player("a"), {"name": "s", "class": "ismcts", "params": {"iteration": 10}}])
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert "players[1].params.iteration: " in message and "iterations, " in message, message
    assert "rollout_cutoff': 20" not in message  # the game's defaults are not blamed on the user


@pytest.mark.parametrize("changes, message", [
    ({"colour": "red"}, r"colour: unknown key"),
    ({"players": None}, r"players: missing"),
    ({"seats": 7}, r"seats: toy is for 2-4 players, not 7"),
    ({"seats": 4}, r"players: 2 players cannot fill 4 seats"),
    ({"game": "chess"}, r"game: no game named 'chess'"),
    ({"options": {"nope": 1}}, r"options: .*no option 'nope'"),
    ({"games_per_pairing": 0}, r"games_per_pairing: expected a whole number >= 1"),
    ({"time_limits": {"move_secs": 1}}, r"time_limits\.move_secs: unknown key"),
    ({"time_limits": {"game_seconds": -1}}, r"time_limits\.game_seconds: expected a positive number"),
    ({"name": "a/b"}, r"name: 'a/b' must be"),
    ({"players": [{"name": "a", "class": "random"}, {"name": "a", "class": "random"}]},
     r"players\[1\]\.name: 'a' is used by an earlier player"),
    ({"players": [{"name": "a", "class": "random", "parms": {}}, {"name": "b", "class": "random"}]},
     r"players\[0\]\.parms: unknown key"),
])
def test_config_problems_are_named(tmp_path, changes, message):
    with pytest.raises(ConfigError, match=r"t\.yaml: " + message):
        load_config(broken(tmp_path, **changes))


def test_bad_yaml_gives_the_line(tmp_path):
    with pytest.raises(ConfigError, match=r"bad\.yaml: not valid YAML \(line 2\)"):
        load_config(write(tmp_path, "name: x\nseats: 2: 3\n"))


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ConfigError, match="nothere.yaml: no such file"):
        load_config(tmp_path / "nothere.yaml")


def test_config_round_trips_through_yaml(tmp_path):
    cfg = load_config(toy_config(tmp_path, [player("a"), player("b", seed=3)], time_limits={"move_seconds": 2}))
    again = tmp_path / "again.yaml"
    again.write_text(cfg.to_yaml())
    assert load_config(again).to_dict() == cfg.to_dict()


@pytest.mark.parametrize("value, said", [(float("nan"), "NaN and Infinity"), (float("inf"), "NaN and Infinity"),
                                         ("\ud800", "UTF-8 cannot hold")])
def test_params_no_config_or_leaderboard_could_hold_are_refused(tmp_path, value, said):
    from arena.runs.config import config_from_dict

    data = yaml.safe_load(toy_config(tmp_path, [player("a"), player("b")]).read_text())
    data["players"][1]["params"] = {"x": value}
    with pytest.raises(ConfigError, match=rf"players\[1\]\.params: .*{said}"):
        config_from_dict(data, "t.yaml")
