"""Where a tournament's seeds come from: its config alone when every player is trusted (the
same config gives the same games anywhere), its secret when a player is submitted."""
import json

import pytest
import yaml
from typer.testing import CliRunner

from arena.cli import app
from arena.runs.tournament import TournamentError
from conftest import player, toy_config
from helpers import log_lines, run

BUILT_IN = [player("a", "random"), player("b", "random", seed=1), player("c", "random", seed=2)]
SUBMITTED = "players.random_player:RandomPlayer"


def _games(folder) -> list:
    """The log's lines without what differs between two runs of the same games (timings, tags)."""
    out = []
    for line in log_lines(folder):
        record = json.loads(line)
        record.pop("timings")
        record.pop("tag")
        out.append(json.dumps(record, sort_keys=True))
    return out


def test_a_tournament_of_trusted_players_is_the_same_from_its_config_alone(tmp_path):
    """Two runs of one config in two places (two secrets, as two fresh clones have) play the
    same games, byte for byte but for the timings and the log's tags, and say why."""
    folders = []
    for place in ("here", "there"):
        path = toy_config(tmp_path, BUILT_IN, games=2, filename=f"{place}.yaml", output=str(tmp_path / place))
        run(path)
        folders.append(tmp_path / place / "t")
    assert (folders[0] / ".secret").read_text() != (folders[1] / ".secret").read_text()
    assert _games(folders[0]) == _games(folders[1])
    board = json.loads((folders[0] / "leaderboard.json").read_text())
    assert board["seeds"]["from"] == "config"
    assert yaml.safe_load((folders[0] / "config.yaml").read_text())["seeds"] == "public"


def test_a_tournament_with_a_submitted_player_keys_its_seeds_by_its_secret(tmp_path):
    players = BUILT_IN[:2] + [player("x", SUBMITTED)]
    folders = []
    for place in ("here", "there"):
        path = toy_config(tmp_path, players, games=1, filename=f"{place}.yaml", output=str(tmp_path / place))
        run(path)
        folders.append(tmp_path / place / "t")
    seeds = [sorted(json.loads(line)["seed"] for line in log_lines(folder)) for folder in folders]
    assert seeds[0] != seeds[1]  # two secrets, two sets of deals
    assert json.loads((folders[0] / "leaderboard.json").read_text())["seeds"]["from"] == "secret"


def test_a_tournament_with_public_seeds_admits_no_submitted_player(tmp_path):
    path = toy_config(tmp_path, BUILT_IN, games=1)
    run(path)
    folder = tmp_path / "results" / "t"
    before = (folder / "games.jsonl").read_text()
    path = toy_config(tmp_path, BUILT_IN + [player("x", SUBMITTED)], games=1)
    with pytest.raises(TournamentError, match=r"public seeds .* admits no submitted player.*seeds: secret"):
        run(path)
    result = CliRunner().invoke(app, ["submit", SUBMITTED, str(folder), "--name", "x"])
    assert result.exit_code == 2 and "admits no submitted player" in result.output, result.output
    assert "checking player" not in result.output  # refused before any game is played
    assert (folder / "games.jsonl").read_text() == before
    result = CliRunner().invoke(app, ["submit", "random", str(folder), "--name", "d", "--param", "seed=3"])
    assert result.exit_code == 0, result.output  # a built-in is welcome


def test_public_seeds_asked_for_with_a_submitted_player_are_refused(tmp_path):
    path = toy_config(tmp_path, BUILT_IN[:2] + [player("x", SUBMITTED)], games=1, seeds="public")
    with pytest.raises(TournamentError, match="admits no submitted player"):
        run(path)


def test_secret_seeds_can_be_asked_for_by_a_tournament_of_trusted_players(tmp_path):
    folders = []
    for place in ("here", "there"):
        path = toy_config(tmp_path, BUILT_IN, games=1, filename=f"{place}.yaml", output=str(tmp_path / place),
                          seeds="secret")
        run(path)
        folders.append(tmp_path / place / "t")
    assert _games(folders[0]) != _games(folders[1])


def test_a_results_folder_from_before_the_seeds_key_resumes_with_secret_seeds(tmp_path):
    """Its games were keyed by its secret: resumed, they stay so (none is played again)."""
    path = toy_config(tmp_path, BUILT_IN, games=1, seeds="secret")
    run(path)
    folder = tmp_path / "results" / "t"
    stored = yaml.safe_load((folder / "config.yaml").read_text())
    del stored["seeds"]
    (folder / "config.yaml").write_text(yaml.safe_dump(stored, sort_keys=False))
    before = log_lines(folder)
    outcome = run(toy_config(tmp_path, BUILT_IN, games=1))
    assert outcome.played == 0 and log_lines(folder) == before
    assert json.loads((folder / "leaderboard.json").read_text())["seeds"]["from"] == "secret"


def test_changing_the_seeds_of_a_tournament_with_games_is_refused(tmp_path):
    run(toy_config(tmp_path, BUILT_IN, games=1))
    with pytest.raises(TournamentError, match=r"seeds: 'public' -> 'secret'"):
        run(toy_config(tmp_path, BUILT_IN, games=1, seeds="secret"))


def test_the_seeds_key_takes_public_or_secret_only(tmp_path):
    from arena.runs.config import ConfigError, load_config

    path = toy_config(tmp_path, BUILT_IN, games=1, seeds="open")
    with pytest.raises(ConfigError, match=r"seeds: expected 'public' .* or 'secret'"):
        load_config(path)


