"""tools/checkout_ab.py: random playouts of two checkouts in alternation, CPU seconds."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import checkout_ab  # noqa: E402


def test_it_compares_both_builds_of_a_game_run_by_run(monkeypatch):
    calls = []

    def cpu_seconds(checkout, game, playouts, pure):
        calls.append((checkout, pure))
        return 2.0 if checkout == Path("old") else 1.0  # the other checkout takes twice as long

    monkeypatch.setattr(checkout_ab, "cpu_seconds", cpu_seconds)
    rows = checkout_ab.compare(Path("new"), Path("old"), ["origin"], 3, 0.01)
    assert [r["build"] for r in rows] == ["pure", "compiled"]
    assert all(r["ratio"] == r["low"] == r["high"] == 2.0 and r["here"] == 2 * r["other"] for r in rows)
    assert rows[0]["playouts"] == 8 and rows[1]["playouts"] == 30  # PLAYOUTS scaled
    # each run plays both checkouts, the first of them alternating
    assert [c for c, _ in calls[:6]] == [Path("new"), Path("old"), Path("old"), Path("new"), Path("new"), Path("old")]


def test_it_times_a_real_checkout_and_refuses_a_folder_that_is_not_one(tmp_path):
    seconds = checkout_ab.cpu_seconds(ROOT, "origin", 3, True)
    assert 0 < seconds < 60
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "checkout_ab.py"), str(tmp_path)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode != 0 and "is not a checkout of arena" in done.stderr
