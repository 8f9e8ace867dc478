"""tools/strength_table.py: docs/strength.md's rows from results folders, with a command that
plays the same games again."""
import importlib.util
import shlex
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app

TOOL = Path(__file__).resolve().parent.parent / "tools" / "strength_table.py"


def tool():
    spec = importlib.util.spec_from_file_location("strength_table", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_match_row_gives_the_command_that_plays_the_same_games(tmp_path):
    table = tool()
    first = ["match", "random", "rules", "--game", "origin", "--b-param", "seed=3", "--workers", "0",
             "--deals", "2", "--seed", "5", "--output", str(tmp_path / "a")]
    assert CliRunner().invoke(app, first).exit_code == 0
    folder = tmp_path / "a" / "match-origin-random-vs-rules"
    row = table.row(folder, machine="the test machine")
    assert row["game"] == "origin" and row["players"] == "2" and row["games"] == "4"
    assert row["machine"] == "the test machine" and row["measured"][:2] == "20"
    command = row["command"].strip("`")
    assert command == "arena match random rules --game origin --b-param seed=3 --deals 2 --seed 5"
    again = shlex.split(command)[1:] + ["--workers", "0", "--output", str(tmp_path / "b")]
    assert CliRunner().invoke(app, again).exit_code == 0
    replayed = table.row(tmp_path / "b" / "match-origin-random-vs-rules", machine="the test machine")
    assert {k: v for k, v in replayed.items() if k != "s a move"} == {k: v for k, v in row.items() if k != "s a move"}
    rules = table.row(folder, subject="rules", machine="m")
    assert float(rules["points"]) == 1 - float(row["points"])  # two players: the shares add to one


def test_a_folder_that_is_not_a_tournament_is_an_error(tmp_path, capsys):
    assert tool().main([str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {tmp_path}: no config.yaml")


def test_a_command_spells_out_what_the_games_defaults_would_now_change(tmp_path):
    """A folder's config holds every parameter its games were played with; a search parameter
    it lacks was the class's own, and the command says so, or the game's defaults would fill it."""
    from arena.runs.config import config_from_dict

    data = {"name": "match-dominant_species-ismcts-vs-rules", "game": "dominant_species", "seats": 2,
            "players": [{"name": "ismcts", "class": "ismcts", "params": {"iterations": 30, "rollout_cutoff": 20}},
                        {"name": "rules", "class": "rules"}], "games_per_pairing": 3, "seed": 1}
    cfg = config_from_dict(data, "test", game_defaults=False)
    command = tool().command_for(cfg, "ismcts", tmp_path)
    assert command == ("arena match ismcts rules --game dominant_species --a-param iterations=30 "
                       "--a-param rollout_cutoff=20 --a-param rollout=random --a-param cutoff_eval=margin "
                       "--a-param expand=random --deals 3 --seed 1")


def test_a_tournament_row_cites_its_config_only_while_it_plays_the_same_players(tmp_path):
    """A config found by the folder's name is the command only if, read with the game's current
    defaults, it seats the players the folder's games were played with; and the parameters column
    shows what they were played with, not what the defaults would now fill in."""
    import yaml

    from arena.runs.config import config_from_dict

    data = {"name": "strength-x", "game": "dominant_species", "seats": 2, "games_per_pairing": 1, "seed": 1,
            "players": [{"name": "ismcts", "class": "ismcts", "params": {"iterations": 30, "rollout_cutoff": 20}},
                        {"name": "rules", "class": "rules"}]}
    (tmp_path / "configs").mkdir()
    (tmp_path / "configs" / "x.yaml").write_text(yaml.safe_dump(data))
    table = tool()
    as_stored_now = config_from_dict(data, "test")  # a folder started today stores the defaults filled in
    assert table.command_for(as_stored_now, "ismcts", tmp_path / "configs") == "arena tournament configs/x.yaml"
    before = config_from_dict(data, "test", game_defaults=False)  # a folder from before the game had defaults
    assert table.command_for(before, "ismcts", tmp_path / "configs") == \
        "arena tournament <the config of strength-x with the players of its results folder>"
    folder = tmp_path / "results" / "strength-x"
    folder.mkdir(parents=True)
    (folder / "config.yaml").write_text(before.to_yaml())
    row = table.row(folder, machine="m", configs=tmp_path / "configs")
    assert row["parameters"] == ("`{iterations: 30, rollout_cutoff: 20, rollout: random, cutoff_eval: margin, "
                                 "expand: random}`")
    assert row["games"] == "0"
