"""What confines a player process, and what a run says about it."""
import os

from arena import sandbox
from arena.isolation import is_builtin
from arena.tournament import isolation_text


def test_a_private_path_is_left_out_of_every_read_grant(tmp_path):
    for name in ("code/pkg", "results/t", "configs"):
        (tmp_path / name).mkdir(parents=True)
    (tmp_path / "configs/t.yaml").write_text("")
    (tmp_path / "configs/other.yaml").write_text("")
    grants = sandbox.readable_roots([tmp_path], [tmp_path / "results/t", tmp_path / "configs/t.yaml"])
    assert str(tmp_path / "code") in grants and str(tmp_path / "configs/other.yaml") in grants
    assert not any(g == str(tmp_path) or g.startswith(str(tmp_path / "results/t"))
                   or g == str(tmp_path / "configs") or g.endswith("t.yaml") for g in grants)


def test_only_arenas_own_players_are_trusted():
    assert is_builtin("ismcts", {"iterations": 5}) and is_builtin("ismcts", {"rollout": "rules"})
    assert not is_builtin("ismcts", {"rollout": "bots/mybot.py:Bot"})  # someone else's code in the rollouts
    assert not is_builtin("players.random_player:RandomPlayer")


def test_a_machine_without_landlock_is_named_in_the_runs_opening_line(monkeypatch):
    monkeypatch.setattr(sandbox, "landlock_abi", lambda: 0)
    note = sandbox.probe()
    assert note["sandboxed"] is False and note["filesystem"].startswith("NONE")
    assert isolation_text(note).startswith("WARNING: players:")


def test_this_machine_confines_players_as_the_readme_says():
    note = sandbox.probe()
    if os.geteuid() == 0:
        assert note["network"].startswith("none") and note["privileges"] == "every capability dropped"
    assert isolation_text(note).startswith("players:") == note["sandboxed"]


def test_a_sandbox_that_cannot_be_set_up_fails_the_game_not_the_player(tmp_path, monkeypatch):
    """No player code ran: the game is not rated against anyone, and is played again."""
    import pytest

    from arena import isolation
    from arena.isolation import SandboxError

    monkeypatch.setattr(isolation, "_make_cgroup", lambda tasks: str(tmp_path / "no-such-cgroup"))
    from arena.checks import default_limits

    process = isolation.PlayerProcess("players.random_player:RandomPlayer", {}, "toy", default_limits())
    with pytest.raises(SandboxError, match="could not confine itself"):
        process.load()
    from arena.worker import close_pool, play_one

    setup = {"game": "toy", "options": {}, "plugins": [], "move_seconds": None, "game_seconds": 10.0,
             "players": {"a": ("players.random_player:RandomPlayer", {}), "b": ("random", {})}, "limits": {}}
    job = {"id": "g", "index": 0, "pairing": ["a", "b"], "deal": 0, "rotation": 0, "seed": 3, "players": ["a", "b"]}
    try:
        record = play_one(setup, job)
    finally:
        close_pool()
    assert record["failed"] and "could not confine itself" in record["failed"] and record["ranks"] is None


def test_a_player_loads_in_its_sandbox_when_arena_runs_outside_its_checkout(tmp_path):
    """``arena`` started from another folder (the console script: the checkout is on no
    ``sys.path`` entry when the editable install maps packages by an import hook): the
    player process must still be allowed to read arena's own packages."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(sys.executable).parent / "arena"
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from arena.cli import app; app()"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(command + ["check-player", "players.random_player:RandomPlayer", "--game", "origin",
                                     "--games", "1"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("OK:"), done.stdout + done.stderr


def test_the_scratch_folders_of_a_game_master_that_is_gone_are_swept(tmp_path, monkeypatch):
    """A Ray worker stopped by ``ray.shutdown`` (or a driver killed with -9) cannot remove its
    player processes' scratch folders: the next sweep does, and leaves a live master's alone."""
    import subprocess
    import sys
    import tempfile

    from arena.isolation import PlayerProcess, Limits, sweep_stale_players

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = tmp_path / f"arena-player-{gone.pid}-abc"
    (stale / "sub").mkdir(parents=True)
    (stale / "sub" / "file").write_text("left by a player")
    other = tmp_path / "arena-player-notapid"  # not named by a master: not ours to remove
    other.mkdir()
    live = PlayerProcess("random", {}, "origin", Limits())
    try:
        assert os.path.dirname(live.scratch) == str(tmp_path)
        assert os.path.basename(live.scratch).startswith(f"arena-player-{os.getpid()}-")
        sweep_stale_players()
        assert not stale.exists() and other.exists() and os.path.isdir(live.scratch)
    finally:
        live.kill()
    assert not os.path.exists(live.scratch)
