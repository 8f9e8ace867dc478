"""A game master and its player processes share one CPU for the game (arena.jail.affinity)."""
import os
import subprocess
import sys

import tempfile

import pytest

from arena.jail import affinity
from arena.runs.worker import close_pool, play_one

from conftest import HERE, TOY


@pytest.fixture(autouse=True)
def own_locks(tmp_path, monkeypatch):
    """CPU locks of this test's own (arena runs elsewhere on the machine hold theirs)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(affinity, "_claimed", [])
    monkeypatch.setenv("TMPDIR", str(tmp_path))


def test_the_players_of_a_game_run_on_the_masters_cpu_and_the_master_gets_its_cpus_back():
    before = os.sched_getaffinity(0)
    reporter = f"{HERE / 'fault_players.py'}:CpuReporter"
    setup = {"game": "toy", "options": {}, "plugins": [TOY], "move_seconds": None, "game_seconds": 30.0,
             "players": {"a": (reporter, {}), "b": ("random", {})}, "limits": {}}
    job = {"id": "g", "index": 0, "pairing": ["a", "b"], "deal": 0, "rotation": 0, "seed": 3, "players": ["a", "b"]}
    try:
        record = play_one(setup, job)
    finally:
        close_pool()
    cpu = affinity._claim()
    [fault] = record["faults"]
    expected = sorted({cpu} if cpu is not None else before)
    assert f"CPUS {expected}" in fault["detail"], fault
    assert os.sched_getaffinity(0) == before  # nothing started after the game inherits the pin
    if len(before) > 1:
        assert cpu in before
    else:
        assert cpu is None  # one CPU: nothing to choose


def test_two_game_masters_of_one_machine_claim_different_cpus():
    mine = affinity._claim()
    other = subprocess.run([sys.executable, "-c", "from arena.jail import affinity; print(affinity._claim())"],
                           capture_output=True, text=True, timeout=60)
    theirs = other.stdout.strip()
    if len(os.sched_getaffinity(0)) > 1:
        assert mine is not None and theirs != str(mine)
    else:
        assert mine is None and theirs == "None"
