"""Whole tournaments: submitting a player, 1 worker vs Ray, faults kept inside games."""
import json

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.runs.config import load_config
from arena.runs.schedule import build_schedule
from arena.store.secret import load_secret
from arena.runs.tournament import game_setup, job_for, submit_player
from arena.runs.worker import play_one
from conftest import TOY, player, toy_config
from helpers import log_lines, records, run, share_secret, without_timings

THREE = [player("a"), player("b", seed=1), player("c", seed=2)]


def test_submitting_a_fourth_player_plays_only_its_pairings(tmp_path):
    path = toy_config(tmp_path, THREE, games=2)
    run(path)
    folder = tmp_path / "results" / "t"
    before = (folder / "games.jsonl").read_bytes()
    outcome, place = submit_player(folder, "random", "d", {"seed": 9}, echo=lambda *_: None, grace=1.0)
    after = (folder / "games.jsonl").read_bytes()
    assert after.startswith(before)  # the earlier lines, byte for byte
    new = [json.loads(line) for line in after[len(before):].decode().splitlines()]
    assert len(new) == outcome.played == 3 * 2 * 2  # pairings with d x deals x rotations
    assert all("d" in r["players"] for r in new)
    assert len({r["id"] for r in new}) == len(new)
    assert 1 <= place <= 4 and [p["name"] for p in outcome.board["players"]].index("d") == place - 1
    assert "d" in (folder / "config.yaml").read_text()


def test_submit_on_the_command_line(tmp_path):
    path = toy_config(tmp_path, THREE, games=1)
    run(path)
    result = CliRunner().invoke(app, ["submit", "random", str(tmp_path / "results/t"), "--name", "newbie",
                                      "--param", "seed=4"])
    assert result.exit_code == 0, result.output
    assert "newbie placed" in result.output
    assert "checking player 'newbie': 2 games against random players under the tournament's clocks" in result.output
    again = CliRunner().invoke(app, ["submit", "random", str(tmp_path / "results/t"), "--name", "newbie"])
    assert again.exit_code == 2 and "already in the tournament" in again.output


def test_leaderboard_command_reprints(tmp_path):
    run(toy_config(tmp_path, THREE, games=1))
    result = CliRunner().invoke(app, ["leaderboard", str(tmp_path / "results/t")])
    assert result.exit_code == 0 and "μ−3σ" in result.output and "head to head" in result.output


SUBMITTED = [player(p["name"], "players.random_player:RandomPlayer", **p.get("params", {})) for p in THREE]


def test_the_leaderboard_reads_the_runs_jail_probe_instead_of_probing_again(tmp_path, monkeypatch):
    import arena.jail

    ran = run(toy_config(tmp_path, SUBMITTED, games=1))
    folder = tmp_path / "results/t"
    assert ran.board["isolation"]["sandboxed"] in (True, False) and (folder / ".isolation").is_file()

    def no_probe(*args, **kwargs):
        raise AssertionError("probed again")
    monkeypatch.setattr(arena.jail, "probe", no_probe)
    result = CliRunner().invoke(app, ["leaderboard", str(folder)])
    assert result.exit_code == 0, result.output
    assert json.loads((folder / "leaderboard.json").read_text())["isolation"] == ran.board["isolation"]
    (folder / ".isolation").write_text('{"sandboxed": true}\nforged\n')  # not arena's: probed again
    result = CliRunner().invoke(app, ["leaderboard", str(folder)])
    assert result.exit_code != 0 and "probed again" in repr(result.exception)


@pytest.mark.parametrize("players", [THREE, SUBMITTED], ids=["built-in in process", "isolated"])
def test_zero_one_and_two_ray_workers_give_the_same_results(tmp_path, ray_local, players):
    runs = []
    for workers, batch in ((0, None), (1, None), (2, 2)):
        out = tmp_path / f"w{workers}"
        path = toy_config(tmp_path, players, games=3, filename=f"w{workers}.yaml", output=str(out))
        if runs:
            share_secret(runs[0], out / "t")
        run(path, workers=workers, games_per_task=batch)
        runs.append(out / "t")
    first = runs[0]
    for other in runs[1:]:
        assert without_timings(log_lines(first)) == without_timings(log_lines(other))
        assert (first / "leaderboard.json").read_text() == (other / "leaderboard.json").read_text()
        assert (first / "leaderboard.md").read_text() == (other / "leaderboard.md").read_text()


FAULTS = [
    ("exception", "Raiser", {}),
    ("illegal", "Cheater", {}),
    # a move limit that a random player's move, however loaded the machine, stays far below
    ("overrun", "Slow", {"time_limits": {"move_seconds": 0.5}}),
    ("hang", "Hanger", {"time_limits": {"game_seconds": 0.3}}),
    ("hang", "Stubborn", {"time_limits": {"game_seconds": 0.3}}),  # deaf to the watchdog: the backstop
    ("crash", "Killer", {}),
]


@pytest.mark.parametrize("kind, cls, extra", FAULTS, ids=[f[1] for f in FAULTS])
def test_a_fault_stays_inside_its_game(tmp_path, ray_local, kind, cls, extra):
    check_fault_kept_inside(tmp_path, kind, cls, extra, workers=2)


@pytest.mark.parametrize("kind, cls, extra", FAULTS, ids=[f[1] for f in FAULTS])
def test_a_fault_stays_inside_its_game_with_the_game_in_the_driver(tmp_path, kind, cls, extra):
    check_fault_kept_inside(tmp_path, kind, cls, extra, workers=0)


def check_fault_kept_inside(tmp_path, kind, cls, extra, workers):
    path = toy_config(tmp_path, THREE[:2] + [player("bad", cls, seat=1)], games=1, workers=workers, **extra)
    outcome = run(path)
    cfg = load_config(path)
    games = records(tmp_path / "results/t")
    key = load_secret(tmp_path / "results/t")
    assert len(games) == len(build_schedule(cfg, key)) == 6
    for job in build_schedule(cfg, key):
        record = games[job.id]
        if record["players"][1] == "bad":
            assert [(f["seat"], f["kind"]) for f in record["faults"]] == [(1, kind)]
            assert record["ranks"] == [1, 2]
        else:  # untouched: exactly the game a clean process plays
            clean = play_one(game_setup(cfg), job_for(cfg, job, key))
            assert record["faults"] == [] and without_timings([json.dumps(record)]) == \
                without_timings([json.dumps(clean)])
    bad = next(p for p in outcome.board["players"] if p["name"] == "bad")
    assert bad["faults"] == 2 and len(outcome.board["faults"]) == 2


def test_tournament_command_names_a_bad_player_and_plays_nothing(tmp_path):
    path = toy_config(tmp_path, THREE + [player("d", "mybots:Bot")])
    result = CliRunner().invoke(app, ["tournament", str(path)])
    assert result.exit_code == 2
    assert "t.yaml: players[3].class: player 'mybots:Bot': no module named 'mybots'" in result.output
    assert not (tmp_path / "results").exists()


def test_tournament_command_plays_and_prints_the_leaderboard(tmp_path):
    result = CliRunner().invoke(app, ["tournament", str(toy_config(tmp_path, THREE, games=1))])
    assert result.exit_code == 0, result.output
    assert "6/6 games played" in result.output and "results in" in result.output


def test_a_game_failed_for_no_players_reason_is_not_rated_and_the_next_run_plays_it(tmp_path, monkeypatch):
    import arena.runs.worker as worker

    path = toy_config(tmp_path, THREE, games=1)
    real, failed = worker.play_game, []

    def engine_bug_once(*args, **kwargs):
        if not failed:
            failed.append(args[2])
            raise RuntimeError("an engine bug")
        return real(*args, **kwargs)

    monkeypatch.setattr(worker, "play_game", engine_bug_once)
    said = []
    first = run(path, echo=said.append)
    assert first.played == 5
    assert any("1 game failed for no player's reason and was not recorded" in line for line in said)
    assert all("failed" not in r and r["ranks"] for r in records(tmp_path / "results/t").values())
    again = run(path)
    assert again.played == 1 and len(records(tmp_path / "results/t")) == 6


WORKER_KILLER = '''
"""Test plugin: the first game this plugin sees in a Ray worker takes the worker down
(once per tournament: a marker file beside this plugin says it happened)."""
import os

import arena.runs.worker

_MARK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "killed-once")
_play_one = arena.runs.worker.play_one


def _dying_play_one(setup, job, trace_path=None):
    if "RAY_RAYLET_PID" in os.environ and not os.path.exists(_MARK):
        open(_MARK, "w").close()
        os._exit(1)  # the worker process dies mid-task
    return _play_one(setup, job, trace_path)


if not getattr(arena.runs.worker, "_killer_installed", False):
    arena.runs.worker._killer_installed = True
    arena.runs.worker.play_one = _dying_play_one
'''


def test_a_worker_lost_during_isolated_games_costs_no_game_and_blames_no_player(tmp_path, ray_local):
    """Every player is in a process of its own, so no player can take its worker down: the
    games of a lost worker are played again, and the log equals a run that lost nothing."""
    killer = tmp_path / "killer" / "worker_killer.py"
    killer.parent.mkdir()
    killer.write_text(WORKER_KILLER)
    runs = []
    for label, plugins in (("clean", [TOY]), ("lost", [TOY, str(killer)])):
        out = tmp_path / label
        path = toy_config(tmp_path, SUBMITTED, games=2, filename=f"{label}.yaml", output=str(out), plugins=plugins)
        if runs:
            share_secret(runs[0], out / "t")
        run(path, workers=2)
        runs.append(out / "t")
    assert (killer.parent / "killed-once").exists()  # a worker did die
    clean, lost = (log_lines(folder) for folder in runs)
    assert len(lost) == len(clean) == 12
    assert all(not json.loads(line)["faults"] and not json.loads(line).get("failed") for line in lost)
    assert without_timings(clean) == without_timings(lost)

