"""Every command's errors: exit code 2 and one first line ``error: ...`` that says what is
wrong and what to do; and the small things a user meets (--version, plurals, --quiet)."""
import json
import os
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from conftest import REPO, player, toy_config

from arena.cli import app

BAD_CONSTRUCTOR = '''from players.random_player import RandomPlayer


class Boom(RandomPlayer):
    def __init__(self, **kw):
        super().__init__(**kw)
        raise ValueError("bad parameter")
'''

BAD_IMPORT = '''import os

x = 1 / 0


class P:
    pass
'''


def invoke(args):
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.output.splitlines()


@pytest.fixture
def user_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.py").write_text(BAD_CONSTRUCTOR)
    (tmp_path / "badimport.py").write_text(BAD_IMPORT)
    return tmp_path


# --- 1. arena play with a player that cannot be built -------------------------------------
@pytest.mark.parametrize("spec, first", [
    ("nosuch", "error: player 'nosuch': expected a built-in name"),
    ("nosuch.py:X", "error: player 'nosuch.py:X': no file nosuch.py"),
    ("bad.py:Boom", "error: bad.py:7: Boom() raised ValueError: bad parameter"),
    ("badimport.py:P", "error: badimport.py:3: importing badimport.py raised ZeroDivisionError: division by zero"),
])
def test_play_with_a_player_that_cannot_be_built_exits_2_before_any_move(user_folder, spec, first):
    code, lines = invoke(["play", "origin", "--players", f"random,{spec}"])  # no --seed: nothing before the error
    assert code == 2, lines
    assert lines[0].startswith(first), lines
    assert not any("--- result ---" in line for line in lines)


# --- 5. check-player points at the user's file and line -----------------------------------
@pytest.mark.parametrize("args, first", [
    (["bad.py:Boom"], "error: bad.py:7: Boom() raised ValueError: bad parameter"),
    (["bad.py:Boom", "--param", "speed=3"], "error: bad.py:6: Boom(speed=3) raised TypeError: "),
    (["badimport.py:P"], "error: badimport.py:3: importing badimport.py raised ZeroDivisionError"),
])
def test_check_player_names_the_users_file_and_line(user_folder, args, first):
    code, lines = invoke(["check-player", *args, "--game", "origin"])
    assert code == 2, lines
    assert lines[0].startswith(first), lines
    assert "arena/" not in lines[0]


# --- 2. Ray addresses ---------------------------------------------------------------------
def test_address_auto_without_a_cluster_is_one_line(tmp_path, monkeypatch):
    import arena.runs.runner as runner

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(runner, "_last_started_cluster", lambda: None)
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1)
    for args in (["tournament", str(path)], ["match", "random", "rules", "--game", "origin", "--output", str(tmp_path)]):
        code, lines = invoke([*args, "--address", "auto"])
        assert code == 2, lines
        assert lines[0].startswith("error: --address auto: no Ray cluster was started on this machine"), lines
        assert "ray start --head" in lines[0] and len(lines) == 1


def test_address_auto_follows_ray_address_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:1")
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1)
    code, lines = invoke(["tournament", str(path), "--address", "auto"])
    assert code == 2, lines
    assert lines[0].startswith("error: no Ray cluster answers at 127.0.0.1:1 (from RAY_ADDRESS)"), lines


def test_a_malformed_address_is_refused(tmp_path):
    code, lines = invoke(["match", "random", "rules", "--game", "origin", "--address", "nonsense",
                          "--output", str(tmp_path)])
    assert code == 2 and lines[0].startswith("error: Ray address 'nonsense': expected host:port"), lines


def test_an_address_where_nothing_answers_fails_within_30_seconds(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1)
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    for args in (["tournament", str(path)], ["match", "random", "rules", "--game", "origin", "--output", str(tmp_path)]):
        began = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "arena.cli", *args, "--address", "127.0.0.1:1"], cwd=REPO,
                              env=env, capture_output=True, text=True, timeout=30)
        assert time.monotonic() - began < 30
        assert done.returncode == 2, done.stderr
        lines = (done.stdout + done.stderr).splitlines()
        assert lines[0].startswith("error: no Ray cluster answers at 127.0.0.1:1"), lines
        assert len(lines) == 1, lines


def test_joining_a_cluster_says_which(monkeypatch):
    """start_ray tells which cluster it joined (Ray itself stubbed: no cluster is started here)."""
    import types

    import arena.runs.runner as runner

    calls = []
    fake = types.SimpleNamespace(
        is_initialized=lambda: False, init=lambda **kw: calls.append(kw),
        cluster_resources=lambda: {"CPU": 3.0},
        get_runtime_context=lambda: types.SimpleNamespace(gcs_address="10.0.0.5:6379"))
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(runner, "resolve_address", lambda address: "10.0.0.5:6379")
    monkeypatch.setattr("atexit.register", lambda *_: None)
    said = []
    assert runner.start_ray(0, "auto", echo=said.append) == 3
    assert calls[0]["address"] == "10.0.0.5:6379"
    assert said == ["joined the Ray cluster at 10.0.0.5:6379 (3 CPUs)"]


# --- 3. --deals ---------------------------------------------------------------------------
@pytest.mark.parametrize("deals", ["0", "-1"])
def test_match_refuses_deals_below_one(tmp_path, deals):
    code, lines = invoke(["match", "random", "rules", "--game", "origin", "--workers", "0",
                          "--output", str(tmp_path), "--deals", deals])
    assert code == 2, lines
    assert lines[0] == (f"error: --deals {deals}: a match plays at least 1 deal; give --deals 1 or more "
                        "(default 100, with --sprt at most 1000)")
    assert not (tmp_path / "match-origin-random-vs-rules").exists()


def test_a_match_rerun_with_fewer_deals_is_refused_and_keeps_every_game(tmp_path):
    args = ["match", "random", "rules", "--game", "origin", "--workers", "0", "--output", str(tmp_path)]
    code, lines = invoke([*args, "--deals", "4"])
    assert code == 0, lines
    log = tmp_path / "match-origin-random-vs-rules" / "games.jsonl"
    before = log.read_bytes()
    code, lines = invoke([*args, "--deals", "2"])
    assert code == 2, lines
    assert lines[0].startswith(f"error: {tmp_path}/match-origin-random-vs-rules already holds 4 deals of this "
                               "match, more than --deals 2"), lines
    assert "--deals 4 or more" in lines[0] and "--fresh" in lines[0]
    assert log.read_bytes() == before
    code, lines = invoke([*args, "--deals", "4"])  # as many: nothing to play, all 8 games rated
    assert code == 0 and any(line.startswith("8 games, 4 pairs") for line in lines), lines
    code, lines = invoke([*args, "--deals", "1", "--fresh"])
    assert code == 0 and any(line.startswith("2 games, 1 pair:") for line in lines), lines


def test_a_tournament_rerun_with_fewer_deals_is_refused_and_keeps_every_game(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=3, workers=0)
    assert invoke(["tournament", str(path)])[0] == 0
    log = tmp_path / "results" / "t" / "games.jsonl"
    before = log.read_bytes()
    toy_config(tmp_path, [player("a"), player("b", seed=1)], games=2, workers=0)
    code, lines = invoke(["tournament", str(path)])
    assert code == 2, lines
    assert lines[0].startswith(f"error: {path}: this config would change games already played"), lines
    assert "games_per_pairing: 3 -> 2, but 3 deals are recorded: 2 recorded games would drop out of the ratings" \
        in "\n".join(lines)
    assert log.read_bytes() == before
    toy_config(tmp_path, [player("a"), player("b", seed=1)], games=4, workers=0)  # more deals: played on
    code, lines = invoke(["tournament", str(path)])
    assert code == 0 and len(log.read_text().splitlines()) == 8, lines


def test_a_submitted_name_with_a_newline_is_refused_on_one_line_before_any_check_game(tmp_path, monkeypatch):
    import arena.runs.checks as checks

    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1, workers=0, seeds="secret")
    assert invoke(["tournament", str(path)])[0] == 0
    played = []
    monkeypatch.setattr(checks, "play_game", lambda *a, **k: played.append(a))
    code, lines = invoke(["submit", "random", "--name", "x\nFAKE: x placed 1 of 3", str(tmp_path / "results" / "t")])
    assert code == 2, lines
    assert lines[0].startswith("error: ") and not any(line.startswith("FAKE") for line in lines), lines
    assert played == []


def test_each_submission_is_checked_on_deals_of_its_own(tmp_path, monkeypatch):
    """A player that knew the check's deals could pass it and play otherwise afterwards."""
    import arena.runs.checks as checks
    from arena.runs.config import PlayerEntry, load_config
    from arena.runs.tournament import check_new_player

    seeds = []
    monkeypatch.setattr(checks, "check_player", lambda *a, **k: seeds.append(k["seed"]) or {})
    cfg = load_config(toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1, workers=0))
    for _ in range(3):
        check_new_player(PlayerEntry("n", "random", {}), cfg)
    assert len(set(seeds)) == 3


# --- 4. what a run stopped ----------------------------------------------------------------
def test_a_fresh_run_says_nothing_of_processes_stopped(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1, workers=0)
    code, lines = invoke(["tournament", str(path)])
    assert code == 0, lines
    assert not any("stopped" in line for line in lines), lines


def test_a_run_after_a_killed_one_says_what_it_stopped_of_that_folder(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1, workers=0)
    assert invoke(["tournament", str(path)])[0] == 0
    folder = tmp_path / "results" / "t"  # run again (nothing left to play: it still sweeps)
    from arena.jail.leftovers import NOTE, _stat

    left = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (folder / NOTE).write_text(json.dumps({"driver": 999999999, "processes": {str(left.pid): _stat(left.pid)[1]}}))
        code, lines = invoke(["tournament", str(path)])
        assert code == 0, lines
        assert f"stopped 1 process (Ray's, the jail's) left by an earlier run of {folder} that was killed" in lines
        assert left.wait(timeout=10) == -9
    finally:
        left.kill()


def test_leftovers_text_counts_in_words():
    from arena.runs.tournament import leftovers_text

    assert leftovers_text(0, 0, "results/quick") == ""
    assert leftovers_text(3, 0, "results/quick") == \
        "stopped 3 player processes left by an earlier run of results/quick that was killed"
    assert leftovers_text(1, 2, "results/quick") == ("stopped 1 player process and 2 other processes (Ray's, "
                                                    "the jail's) left by an earlier run of results/quick that was killed")


# --- 6. small things ----------------------------------------------------------------------
def test_version():
    from importlib.metadata import version

    code, lines = invoke(["--version"])
    assert code == 0 and lines[0] == f"arena {version('arena')}" and len(lines) == 2
    assert lines[1].startswith("engine build: ") and " hot modules" in lines[1]  # (engine/_compiled.py)


def test_counts_are_plural_only_when_more_than_one(tmp_path):
    code, lines = invoke(["check-player", "random", "--game", "origin", "--games", "1"])
    assert code == 0 and lines[0].startswith("OK: random played 1 game of origin"), lines
    code, lines = invoke(["check-player", "random", "--game", "origin", "--games", "2"])
    assert code == 0 and lines[0].startswith("OK: random played 2 games of origin"), lines
    code, lines = invoke(["match", "random", "rules", "--game", "origin", "--workers", "0", "--deals", "1",
                          "--output", str(tmp_path)])
    assert code == 0 and any(line.startswith("2 games, 1 pair:") for line in lines), lines
    from arena.game.player_text import plural

    assert [plural(n, "fault") for n in (0, 1, 2)] == ["0 faults", "1 fault", "2 faults"]


def test_quiet_means_the_same_for_play_and_replay(tmp_path):
    record = tmp_path / "game.json"
    code, played = invoke(["play", "origin", "--seed", "5", "--quiet", "--record", str(record)])
    assert code == 0, played
    code, replayed = invoke(["replay", str(record), "--quiet"])
    assert code == 0, replayed
    assert played[0] == "--- final position ---"
    assert played[:-1] == replayed  # the same outcome (play adds where the record went)
    code, full = invoke(["replay", str(record)])
    assert len(full) > len(replayed) and full[-len(replayed):] == replayed


def test_quiet_help_is_the_same_everywhere():
    from arena.cli import QUIET_HELP

    for command in ("play", "replay", "tournament", "match"):
        result = CliRunner().invoke(app, [command, "--help"], terminal_width=400, env={"COLUMNS": "400"})
        assert " ".join(QUIET_HELP.split()[:6]) in " ".join(result.output.split()), command


def test_quiet_tournament_and_match_print_only_the_outcome(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1, workers=0)
    code, lines = invoke(["tournament", str(path), "--quiet"])
    assert code == 0 and not any("games to play" in line or line.startswith("players:") for line in lines), lines
    code, lines = invoke(["match", "random", "rules", "--game", "origin", "--workers", "0", "--deals", "12",
                          "--output", str(tmp_path), "--quiet"])
    assert code == 0, lines
    assert [line for line in lines if " pairs: " in line or " pair: " in line] == [lines[0]]
    assert lines[0].startswith("24 games, 12 pairs")


def test_bench_engine_calls_its_progress():
    from arena.bench.engine import bench_engine

    seen = []
    rows = bench_engine(["origin"], [2], seconds=0.05, repeats=1, progress=lambda *a: seen.append(a))
    assert len(rows) == 1 and seen == [(0, 1, "origin, 2 players"), (1, 1, "done")]


@pytest.mark.parametrize("param, message", [
    ("0:iterations=many", "iterations must be a positive integer"),  # it reached seat 0's constructor
    ("ismcts:iterations=0", "iterations must be a positive integer"),  # by the spec of --players
    ("1:iterations=5", "RandomPlayer takes no parameter 'iterations' (it takes: seed)"),
    ("5:iterations=5", "--param '5:iterations=5': seat 5: this game has seats 0 to 1"),
    ("mcts:iterations=5", "'mcts' is neither a seat number nor a player of --players (ismcts, random)"),
    ("iterations", "expected [SEAT:]key=value"),
])
def test_play_takes_parameters_per_seat_and_names_a_bad_one(param, message):
    code, lines = invoke(["play", "origin", "--players", "ismcts,random", "--seed", "3", "--quiet", "--param", param])
    assert code == 2 and message in "\n".join(lines), lines


def test_play_parameters_reach_the_seats_they_name():
    def played(*params):
        args = [a for p in params for a in ("--param", p)]
        code, lines = invoke(["play", "origin", "--players", "ismcts,random", "--seed", "3", "--quiet", *args])
        assert code == 0, lines
        return lines

    # without a seat: every bot that takes it (random does not), the same as naming seat 0
    assert played("iterations=3", "rollout_cutoff=2") == played("0:iterations=3", "ismcts:rollout_cutoff=2")
    assert played("1:seed=1") != played("1:seed=2")  # seat 1's own seed changes its moves


def test_the_command_list_is_one_sentence_a_command_and_flags_show_no_type():
    wide = CliRunner().invoke(app, ["--help"], terminal_width=400, env={"COLUMNS": "400"})
    assert wide.exit_code == 0 and "<bool>" not in wide.output
    rows = [line for line in wide.output.splitlines() if line.startswith("│ ")]
    commands = [row for row in rows if not row.startswith("│ --") and row.strip("│ ")]
    names = {row.split()[1] for row in commands if row[2] != " "}
    assert {"play", "tournament", "verify", "bench"} <= names
    assert all(row[2] != " " for row in commands), commands  # no row continues another: one line each
    play = next(row for row in commands if row.split()[1] == "play")
    assert play.split("play", 1)[1].strip(" │") == "Play one game and print a readable log."
    flags = CliRunner().invoke(app, ["play", "--help"], terminal_width=400, env={"COLUMNS": "400"})
    assert "--quiet" in flags.output and "<bool>" not in flags.output and "<int>" in flags.output


def test_small_errors_name_what_the_user_gave(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, lines = invoke(["play", "origin", "--players", "random"])
    assert code == 2 and lines == ["error: --players random: origin is for 2-8 players, one spec a seat; 1 given"]
    code, lines = invoke(["tournament", "nothing.yaml", "--workers", "-3"])
    assert code == 2 and "--workers" in "\n".join(lines)
    record = tmp_path / "g.json"
    assert invoke(["play", "origin", "--seed", "5", "--quiet", "--record", str(record)])[0] == 0
    code, lines = invoke(["replay", str(record), "--at", "99999"])
    assert code == 2 and "moves: give 0 (the start) to" in lines[-1] and " 1 moves" not in lines[-1]


def test_a_missing_player_file_is_said_before_any_check_starts(tmp_path, monkeypatch):
    from arena.runs.config import PlayerEntry, TournamentConfig
    from arena.runs.tournament import TournamentError, check_new_player

    monkeypatch.chdir(tmp_path)
    cfg = TournamentConfig("t", "origin", 2, [PlayerEntry("a", "random", {}), PlayerEntry("b", "random", {})])
    said = []
    with pytest.raises(TournamentError, match=r"player 'x': player 'bad/nothing\.py:X': no file bad/nothing\.py"):
        check_new_player(PlayerEntry("x", "bad/nothing.py:X", {}), cfg, said.append)
    assert said == []  # no "checking player 'x': 2 games ..." promised first


def test_python_dash_m_arena_cli_knows_every_command():
    """`python -m arena.cli` (as Ray jobs and tests run it) runs the app after every command is
    defined: commands defined below the `__main__` block were unknown there."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "arena.cli", "--help"], capture_output=True, text=True,
                          env={**__import__("os").environ, "COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    names = {line.split()[1] for line in done.stdout.splitlines() if line.startswith("│ ") and line[2] != " "}
    assert {"serve", "users", "results", "export", "tournament"} <= names, done.stdout


def test_a_slow_move_in_arena_play_is_said_while_it_thinks(monkeypatch, capsys):
    import time

    from arena.cli import _SlowMoves

    monkeypatch.setattr(_SlowMoves, "EVERY", 0.2)
    seen = []
    slow = _SlowMoves()
    step = slow.watching(lambda state, seat, action: seen.append(action))
    step(None, 0, "a")  # a quick move: nothing said
    time.sleep(0.1)
    step(None, 1, "b")
    assert "still thinking" not in capsys.readouterr().err
    time.sleep(0.7)  # the third move takes long
    slow.stop()
    said = capsys.readouterr().err
    assert "move 3: still thinking after" in said and "--move-seconds limits a move" in said, said
    assert seen == ["a", "b"]
