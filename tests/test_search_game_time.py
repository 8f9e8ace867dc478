"""tools/search_game_time.py: one game, ISMCTS in seat 0 against the rule player, timed."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import search_game_time  # noqa: E402


def test_it_plays_one_game_with_the_search_budget_it_is_given():
    out = search_game_time.play("origin", 2, 1, {"iterations": 5})
    assert out["moves"] > 0 and out["iterations_a_move"] == 5
    assert len(out["scores"]) == 2 and out["game_s"] >= out["s_a_move"] * out["moves"]
    again = search_game_time.play("origin", 2, 1, {"iterations": 5})
    assert again["scores"] == out["scores"] and again["moves"] == out["moves"]  # the same game


def test_the_command_line_reads_params_as_yaml():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "search_game_time.py"), "origin", "--seed", "2",
                           "--param", "iterations=3", "--param", "rollout_cutoff=null"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "3 iterations a move" in done.stdout and "'rollout_cutoff': None" in done.stdout
