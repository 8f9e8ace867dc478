"""Several results folders: `arena results` lists them, `arena leaderboard A B` rates comparable
tournaments' players over all their games (arena/runs/across.py)."""
import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.runs.across import AcrossError, leaderboard_across
from conftest import player, toy_config
from helpers import run


def two_tournaments(tmp_path, second_players=None, **second):
    first = toy_config(tmp_path, [player("a"), player("b", seed=1)], name="one", filename="one.yaml")
    other = toy_config(tmp_path, second_players or [player("b", seed=1), player("c", seed=2)], name="two",
                       filename="two.yaml", seed=12, **second)
    return run(first), run(other), tmp_path / "results" / "one", tmp_path / "results" / "two"


def test_two_tournaments_rate_together_over_all_their_games(tmp_path):
    one, two, a, b = two_tournaments(tmp_path)
    before = {f: (f / "leaderboard.json").read_bytes() for f in (a, b)}
    board = leaderboard_across([a, b])
    assert board["games_recorded"] == one.board["games_recorded"] + two.board["games_recorded"] == 8
    games = {p["name"]: p["games"] for p in board["players"]}
    assert games == {"a": 4, "b": 8, "c": 4}  # b played in both: its games add up
    assert board["folders"] == [str(a), str(b)]
    # the same games in one folder's order or the other's: the same ratings (they come from counts)
    again = leaderboard_across([b, a])
    assert {p["name"]: p["mu"] for p in again["players"]} == pytest.approx({p["name"]: p["mu"] for p in board["players"]})
    shown = CliRunner().invoke(app, ["leaderboard", str(a), str(b)])
    assert shown.exit_code == 0 and shown.output.startswith("2 tournaments rated together")
    assert before == {f: (f / "leaderboard.json").read_bytes() for f in (a, b)}  # nothing written there


def test_one_name_for_two_players_or_games_of_another_kind_are_refused_naming_both(tmp_path):
    *_, a, b = two_tournaments(tmp_path, second_players=[player("b", seed=5), player("c", seed=2)])
    with pytest.raises(AcrossError, match=r"player 'b' is random \{'seed': 1\} in .*one and random \{'seed': 5\} "
                                          r"in .*two: two players under one name"):
        leaderboard_across([a, b])
    (tmp_path / "x").mkdir()
    *_, a, c = two_tournaments(tmp_path / "x", seats=3, second_players=[player("b", seed=1), player("c"),
                                                                       player("d")])
    with pytest.raises(AcrossError, match=r"not games of one kind \(toy, 3 seats against toy, 2 seats\)"):
        leaderboard_across([a, c])


def test_results_lists_each_tournament_with_its_games_and_leader(tmp_path, monkeypatch):
    one, two, a, b = two_tournaments(tmp_path)
    monkeypatch.chdir(tmp_path)
    listed = CliRunner().invoke(app, ["results"])
    assert listed.exit_code == 0, listed.output
    rows = [line.split() for line in listed.output.splitlines()[2:]]
    assert [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows] == [
        ("results/one", "toy", "2", "2", "4/4", one.board["players"][0]["name"]),
        ("results/two", "toy", "2", "2", "4/4", two.board["players"][0]["name"])]
    missing = CliRunner().invoke(app, ["results", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "no such folder" in missing.output
