"""The example configs, a tiny Origin tournament, and the tournament benchmark."""
import json
import os
import subprocess
import sys

import pytest

from arena.runs.config import load_config
from arena.runs.schedule import build_schedule
from conftest import REPO, player, toy_config
from helpers import run


def _origin_ready() -> bool:
    try:
        from engine.registry import get_game

        get_game("origin")
        return True
    except Exception:  # noqa: BLE001
        return False


needs_origin = pytest.mark.skipif(not _origin_ready(), reason="engine.origin is not there yet")


@needs_origin
@pytest.mark.parametrize("name", ["quick", "ladder", "origin"])
def test_the_example_configs_load_with_every_player_built(name):
    cfg = load_config(REPO / "configs" / f"{name}.yaml")
    assert cfg.game == "origin" and len(build_schedule(cfg)) > 0


@needs_origin
def test_a_tiny_origin_tournament(tmp_path):
    path = tmp_path / "o.yaml"
    path.write_text(f"name: o\ngame: origin\nseats: 2\noutput: {tmp_path / 'results'}\n"
                    "games_per_pairing: 1\nplayers:\n  - {name: r1, class: random}\n"
                    "  - {name: r2, class: random, params: {seed: 3}}\n")
    outcome = run(path)
    assert outcome.played == 2 and outcome.board["games_rated"] == 2


def test_bench_tournament_reports_rates_efficiency_and_overhead(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=20)
    code = ("import json, sys; sys.path.insert(0, 'tests');"
            "from arena.bench.tournament import bench_tournament;"
            f"print(json.dumps(bench_tournament({str(path)!r}, workers=(1,), games=40)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    assert done.returncode == 0, done.stderr[-2000:]
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    assert [r["mode"] for r in rows] == ["one process", "ray"]
    assert rows[0]["games"] == rows[1]["games"] == 40
    assert rows[1]["games_per_s"] > 0 and "efficiency" in rows[1] and "overhead_ms_per_game" in rows[1]
    assert 0 < rows[0]["busy"] <= 1 and 0 < rows[1]["busy"] <= 1  # time inside games over wall time
    assert abs(rows[1]["ray_share"] - (rows[0]["busy"] - rows[1]["busy"])) <= 0.0015


def test_bench_targets_judges_each_target_in_its_direction():
    from arena.bench.targets import TARGETS, evaluate

    measured = {"playouts": 1499.6, "clone": 10.0, "sample": 31.0, "ismcts_full": 2500, "ismcts_cut": 9999,
                "ray_overhead": 0.004, "ray_2": 0.94, "ray_15": "needs 16 CPUs, this machine has 2",
                "worker_rss": 92.0}
    rows = {r["what"]: r for r in evaluate(measured)}
    met = {t.key: rows[t.what]["met"] for t in TARGETS}
    assert met == {"playouts": "NO", "clone": "yes", "sample": "NO", "ismcts_full": "yes", "ismcts_cut": "NO",
                   "ray_overhead": "yes", "ray_2": "yes", "ray_15": "not measured", "worker_rss": "yes",
                   "tree_node": "not measured"}
    assert rows[TARGETS[0].what]["measured"] == "1,500 games/s"  # shown rounded, judged exactly
    assert rows["tournament on Ray, 15 workers vs one process (16 cores)"]["measured"].startswith("needs 16 CPUs")
    assert all(r["command"].startswith("arena bench ") for r in rows.values())
    # the full-rollout row says what caps it: the playout rate measured in the same run
    full = next(t.what for t in TARGETS if t.key == "ismcts_full")
    assert rows[full]["note"] == "at most the playout rate, 1,500 games/s here"
    assert rows[TARGETS[0].what]["note"] == ""
    assert next(r for r in evaluate({"ismcts_full": 1400}) if r["what"] == full)["note"] == ""  # no playouts: no note


def test_bench_isolation_plays_each_deal_both_ways_on_ray_and_judges_the_target():
    code = ("import json;"
            "from arena.bench.isolation import tournament_on_ray;"
            "print(json.dumps(tournament_on_ray('origin', 'random', {}, 3, 'random players', 0.0, workers=1)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=240,
                          env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    assert done.returncode == 0, done.stderr[-2000:]
    row = json.loads(done.stdout.strip().splitlines()[-1])
    assert row["measure"] == "tournament on Ray, 1 workers, random players" and row["games"] == 6
    inside, across = row["in process s/game"], row["isolated s/game"]
    assert 0 < inside < across  # a random player's move costs less than the process boundary
    share = float(row["isolated / in process"].rstrip("%")) / 100
    low, high = (float(x.rstrip("%")) / 100 for x in row["95% interval"].split("–"))
    assert low <= share <= high < 1
    assert row["target"] == ">= 0%" and row["met"] == "yes"
