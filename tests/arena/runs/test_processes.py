"""The driver as a process: killed midway and run again, stopped by a signal, killed on Ray.
(A driver pointed at a Ray cluster of its own: tests/arena/runs/test_cluster.py.)"""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.store.results import ResultsStore
from conftest import REPO, player, toy_config
from helpers import log_lines, run, share_secret

MIXED = [player("a"), player("s1", "Sleepy", sleep=0.002), player("s2", "Sleepy", seed=3, sleep=0.002)]


# ``arena ...`` as typed at a terminal: with Ctrl-C's and a closed terminal's default handlers,
# even when these tests run where SIGINT or SIGHUP is ignored (a background job of a script
# inherits SIG_IGN for SIGINT, everything under ``nohup`` for SIGHUP, and arena, like any
# program, keeps ignoring a signal it was started deaf to)
_AS_AT_A_TERMINAL = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
                     "signal.signal(signal.SIGHUP, signal.SIG_DFL); "
                     "runpy.run_module('arena.cli', run_name='__main__', alter_sys=True)")


def arena(*args, **kwargs):
    env = dict(os.environ, RAY_AUTH_MODE="disabled", RAY_USAGE_STATS_ENABLED="0")
    return subprocess.Popen([sys.executable, "-c", _AS_AT_A_TERMINAL, *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs)


def test_a_driver_killed_midway_resumes_with_every_game_once(tmp_path):
    path = toy_config(tmp_path, MIXED, games=10)
    log = tmp_path / "results/t/games.jsonl"
    driver = arena("tournament", str(path))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (not log.exists() or log.read_bytes().count(b"\n") < 20):
        time.sleep(0.01)
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    partial = log.read_bytes().count(b"\n")
    assert 20 <= partial < 60, "the driver should have been killed midway"
    again = arena("tournament", str(path))
    output, _ = again.communicate(timeout=60)
    assert again.returncode == 0, output
    ids = [json.loads(line)["id"] for line in log_lines(tmp_path / "results/t")]
    assert len(ids) == len(set(ids)) == 60
    clean = toy_config(tmp_path, MIXED, games=10, filename="clean.yaml", output=str(tmp_path / "clean"))
    share_secret(tmp_path / "results/t", tmp_path / "clean/t")
    run(clean)
    assert (tmp_path / "results/t/leaderboard.json").read_text() == \
        (tmp_path / "clean/t/leaderboard.json").read_text()


@pytest.mark.parametrize("stop, workers", [(signal.SIGINT, 0), (signal.SIGTERM, 0), (signal.SIGHUP, 0),
                                           (signal.SIGTERM, 2)])  # on Ray: whose start puts a handler of its own
def test_ctrl_c_sigterm_and_sighup_stop_cleanly_and_keep_the_finished_games(tmp_path, stop, workers):
    # slower moves than MIXED's, so that the signal surely lands while games remain
    # (with 2 ms moves all 60 games could finish before the signal was handled)
    slower = [player("a"), player("s1", "Sleepy", sleep=0.01), player("s2", "Sleepy", seed=3, sleep=0.01)]
    path = toy_config(tmp_path, slower, games=10 if workers == 0 else 100, workers=workers)
    log = tmp_path / "results/t/games.jsonl"
    driver = arena("tournament", str(path))
    while not log.exists() or log.read_bytes().count(b"\n") < 10:
        assert driver.poll() is None, driver.communicate()[0]
        time.sleep(0.01)
    driver.send_signal(stop)
    output, _ = driver.communicate(timeout=30)
    assert driver.returncode == 128 + stop and f"interrupted ({stop.name}):" in output, output
    assert "SIGTERM received" not in output  # Ray's SIGTERM handler (its C++ stack dumps) never ran
    kept = log_lines(tmp_path / "results/t")
    total = 60 if workers == 0 else 600
    assert 10 <= len(kept) < total and f"{len(kept)}/{total} games played" in output
    store = ResultsStore(tmp_path / "results/t")
    assert store.try_lock()  # released
    store.unlock()
    if stop == signal.SIGINT:
        again = arena("tournament", str(path))
        output, _ = again.communicate(timeout=60)
        assert again.returncode == 0 and log_lines(tmp_path / "results/t")[:len(kept)] == kept


def test_a_rerun_after_kill_9_of_a_ray_driver_leaves_no_process_of_it_behind(tmp_path):
    from arena.jail.leftovers import _stat, descendants

    players = [player("a"), player("s1", "Sleepy", sleep=0.002), player("s2", "Sleepy", seed=3, sleep=0.002)]
    path = toy_config(tmp_path, players, games=15, workers=2)
    log = tmp_path / "results/t/games.jsonl"
    driver = arena("tournament", str(path))
    while not log.exists() or log.read_bytes().count(b"\n") < 20:
        assert driver.poll() is None, driver.stdout.read()
        time.sleep(0.05)
    time.sleep(1.0)  # Ray's agents are up by now
    started = descendants(driver.pid)
    assert len(started) >= 4  # Ray's own processes, its workers, the player processes
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    again = arena("tournament", str(path))
    output, _ = again.communicate(timeout=120)
    assert again.returncode == 0, output
    left = [pid for pid, since in started.items() if (_stat(pid) or (0, None))[1] == since]
    assert left == [], [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in left]
