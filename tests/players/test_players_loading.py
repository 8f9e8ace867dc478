"""Loading players from specs, and check_player: every bad spec gets a clear error."""
import textwrap

import pytest

from arena.runs.checks import check_player
from players.loading import PlayerSpecError, make_player, resolve_class

BOTS = '''
from players.base import Player


class FirstLegal(Player):
    def __init__(self, offset=0):
        self.offset = offset

    def act(self, observation):
        return observation.legal_actions[self.offset % len(observation.legal_actions)]


class Raiser(Player):
    def act(self, observation):
        raise RuntimeError("my bot is broken")


class Cheater(Player):
    def act(self, observation):
        return "x"


class BadConstructor(Player):
    def __init__(self):
        raise ValueError("needs a model file")


NOT_A_CLASS = 42
'''


@pytest.fixture
def bots(tmp_path):
    path = tmp_path / "mybots.py"
    path.write_text(textwrap.dedent(BOTS))
    return path


def test_builtin_names_load():
    assert type(make_player("random", {"seed": 3})).__name__ == "RandomPlayer"
    assert make_player("ismcts", {"iterations": 10}).iterations == 10
    assert make_player("pimc", {"determinizations": 2}).determinizations == 2


def test_module_colon_class_with_params():
    player = make_player("players.examples.greedy:GreedyPlayer", {"samples": 2})
    assert player.samples == 2


def test_file_colon_class_with_params(bots):
    player = make_player(f"{bots}:FirstLegal", {"offset": 1})
    assert player.offset == 1
    assert resolve_class(f"{bots}:FirstLegal") is type(player)  # the file is imported once


@pytest.mark.parametrize("spec,message", [
    ("missing_dir/nothing.py:Bot", "no file missing_dir/nothing.py"),
    ("no_such_package.mod:Bot", "no module named 'no_such_package.mod'"),
    ("players.examples.greedy:Nobody", "has no 'Nobody'"),
    ("plainname", "expected a built-in name"),
])
def test_bad_specs_name_the_problem(spec, message):
    with pytest.raises(PlayerSpecError, match=message):
        make_player(spec)


def test_not_a_class(bots):
    with pytest.raises(PlayerSpecError, match="'NOT_A_CLASS' is not a class"):
        make_player(f"{bots}:NOT_A_CLASS")


def test_a_file_that_does_not_import(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("def oops(:\n")
    with pytest.raises(PlayerSpecError, match="importing .*broken.py failed: SyntaxError"):
        make_player(f"{broken}:Bot")


def test_bad_params(bots):
    with pytest.raises(PlayerSpecError, match=r"FirstLegal takes no parameter 'speed' \(it takes: offset\)"):
        make_player(f"{bots}:FirstLegal", {"speed": 3})
    with pytest.raises(PlayerSpecError, match=r"ISMCTSPlayer takes no parameter 'iteration' \(it takes: .*iterations"):
        make_player("ismcts", {"iteration": 10}, "origin")  # named alone: not with the game's defaults merged in
    with pytest.raises(PlayerSpecError, match="ValueError: needs a model file"):
        make_player(f"{bots}:BadConstructor")
    with pytest.raises(PlayerSpecError, match="iterations must be a positive integer"):
        make_player("ismcts", {"iterations": "many"})
    with pytest.raises(PlayerSpecError, match="params must be a mapping"):
        make_player("random", [1, 2])


def test_check_player_accepts_good_players(bots):
    check_player(f"{bots}:FirstLegal", {"offset": 2}, "toy", games=3)
    check_player("players/examples/greedy.py:GreedyPlayer", {"samples": 2}, "toy", games=2)
    check_player("ismcts", {"iterations": 20}, "toy", games=2, num_players=3)


def test_check_player_catches_a_player_that_raises(bots):
    with pytest.raises(PlayerSpecError, match=r"mybots.py:Raiser: game 1 seat 0: RuntimeError: my bot is broken"):
        check_player(f"{bots}:Raiser", None, "toy")


def test_check_player_catches_illegal_actions(bots):
    with pytest.raises(PlayerSpecError, match=r"mybots.py:Cheater: game 1 seat 0: returned 'x', not a legal action"):
        check_player(f"{bots}:Cheater", None, "toy")


def test_check_player_reports_construction_errors(bots):
    with pytest.raises(PlayerSpecError, match="needs a model file"):
        check_player(f"{bots}:BadConstructor", None, "toy")


def test_check_player_command(bots):
    from typer.testing import CliRunner

    from arena.cli import app

    runner = CliRunner()
    ok = runner.invoke(app, ["check-player", f"{bots}:FirstLegal", "--game", "toy", "--param", "offset=1"])
    assert ok.exit_code == 0 and "OK" in ok.output
    bad = runner.invoke(app, ["check-player", f"{bots}:Cheater", "--game", "toy"])
    assert bad.exit_code == 2 and "not a legal action" in bad.output


def test_bench_ismcts_rows():
    from arena.bench.ismcts import bench_ismcts

    rows = bench_ismcts("toy", iterations=50, repeats=1)
    assert {r["position"] for r in rows} >= {"early"} and all(r["median it/s"] > 0 for r in rows)
    # the last row of each position plays the game's own search defaults, without their budget
    assert rows[-1]["rollout"] == "the game's search defaults"


def test_the_bench_plays_a_game_s_search_defaults_but_their_budget():
    from arena.bench.ismcts import search_defaults

    assert search_defaults("natural_selection") == {"rollout_cutoff": 20, "rollout": "informed",
                                                     "cutoff_eval": "heuristic", "expand": "ordered"}
    assert "iterations" not in search_defaults("origin") and search_defaults("origin")["rollout_cutoff"] == 20
