"""What confines a jailed player, and what a run says about it."""
import os
import shutil

import pytest
import yaml

from arena.game.plugins import is_builtin
from arena.jail import probe
from arena.jail.view import cover
from arena.runs.tournament import isolation_text


def test_a_private_path_is_left_out_of_the_view(tmp_path):
    for name in ("code/pkg", "results/t", "configs"):
        (tmp_path / name).mkdir(parents=True)
    (tmp_path / "configs/t.yaml").write_text("")
    (tmp_path / "configs/other.yaml").write_text("")
    paths = cover([tmp_path], [tmp_path / "results/t", tmp_path / "configs/t.yaml"])
    assert str(tmp_path / "code") in paths and str(tmp_path / "configs/other.yaml") in paths
    assert not any(g == str(tmp_path) or g.startswith(str(tmp_path / "results/t"))
                   or g == str(tmp_path / "configs") or g.endswith("t.yaml") for g in paths)


def test_only_arenas_own_players_are_trusted():
    assert is_builtin("ismcts", {"iterations": 5}) and is_builtin("ismcts", {"rollout": "rules"})
    assert is_builtin("ismcts", {"rollout": "informed"})  # the search's own rollout, as the games' defaults use
    assert not is_builtin("ismcts", {"rollout": "bots/mybot.py:Bot"})  # someone else's code in the rollouts
    # one level down: a built-in rollout player whose own rollout is someone else's code
    assert not is_builtin("ismcts", {"rollout": "pimc", "rollout_params": {"rollout": "bots/mybot.py:Bot"}})
    assert not is_builtin("ismcts", {"rollout": "ismcts", "rollout_params": [("rollout", "bots/mybot.py:Bot")]})
    assert is_builtin("ismcts", {"rollout": "pimc", "rollout_params": {"rollout": "informed"}})
    # rollout_params that contain themselves (a YAML alias, as `arena submit --param` reads values)
    # are not arena's own, and no RecursionError reaches the game master
    looped = yaml.safe_load("&x {rollout: ismcts, rollout_params: *x}")
    assert looped["rollout_params"] is looped and not is_builtin("ismcts", looped)
    assert not is_builtin("players.random_player:RandomPlayer")


def test_a_machine_without_the_jail_or_landlock_is_named_in_the_runs_opening_line(monkeypatch):
    from arena.jail import confine
    from arena.jail import machine as probe_module

    monkeypatch.setattr(probe_module, "jail_problem", lambda: "bubblewrap is not installed")
    monkeypatch.setattr(confine, "landlock_abi", lambda: 0)
    note = probe()
    assert note["sandboxed"] is False and note["jail"].startswith("NONE (bubblewrap is not installed)")
    assert note["filesystem"].startswith("NONE") and {"jail", "landlock"} <= set(note["missing"])
    assert isolation_text(note).startswith("WARNING: missing here: jail, landlock")


def test_this_machine_jails_players_as_the_readme_says():
    """Where bubblewrap is installed and user namespaces are allowed (CI installs it), every
    layer is on; the opening line says so without a warning."""
    from arena.jail import jail_problem

    note = probe()
    assert (note["isolation"] == "jail") == (jail_problem() is None)
    if shutil.which("bwrap") and os.path.exists("/proc/self/ns/user"):
        assert jail_problem() is None, jail_problem()
    assert "every capability dropped" in note["privileges"]
    assert isolation_text(note).startswith("players:") == note["sandboxed"]


def test_a_jail_that_cannot_be_set_up_fails_the_game_not_the_player(monkeypatch):
    """No player code ran: the game is not rated against anyone, and is played again."""
    from arena.jail import SandboxError, spawn
    from arena.jail.process import PlayerProcess
    from arena.runs.worker import close_pool, play_one

    monkeypatch.setattr(PlayerProcess, "_inner_limits", lambda self, jailed: {"read": 7})  # confine() fails
    from pathlib import Path

    from arena.jail import Limits

    toy = str(Path(__file__).resolve().parent.parent / "toy_game.py")
    process = spawn("players.random_player:RandomPlayer", {}, "toy", Limits(plugins=[toy]))
    try:
        with pytest.raises(SandboxError, match="could not confine itself"):
            process.load()
    finally:
        process.kill()
    setup = {"game": "toy", "options": {}, "plugins": [toy], "move_seconds": None, "game_seconds": 10.0,
             "players": {"a": ("players.random_player:RandomPlayer", {}), "b": ("random", {})}, "limits": {}}
    job = {"id": "g", "index": 0, "pairing": ["a", "b"], "deal": 0, "rotation": 0, "seed": 3, "players": ["a", "b"]}
    try:
        record = play_one(setup, job)
    finally:
        close_pool()
    assert record["failed"] and "could not confine itself" in record["failed"] and record["ranks"] is None


def test_a_player_loads_in_its_jail_when_arena_runs_outside_its_checkout(tmp_path):
    """``arena`` started from another folder (the console script: the checkout is on no
    ``sys.path`` entry when the editable install maps packages by an import hook): the
    jail must still hold arena's own packages."""
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


def test_without_the_jail_the_scratch_folders_of_a_game_master_that_is_gone_are_swept(tmp_path, monkeypatch):
    """Without bubblewrap a player's scratch is a folder of the machine's: a Ray worker stopped by
    ``ray.shutdown`` (or a driver killed with -9) cannot remove it; the next sweep does, and leaves
    a live master's alone."""
    import subprocess
    import sys
    import tempfile

    from arena.jail import Limits, sweep
    from arena.jail.process import Jail

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = tmp_path / f"arena-player-{gone.pid}-abc"
    (stale / "sub").mkdir(parents=True)
    (stale / "sub" / "file").write_text("left by a player")
    other = tmp_path / "arena-player-notapid"  # not named by a master: not ours to remove
    other.mkdir()
    jail = Jail(bwrap=False)
    live = jail.spawn("random", {}, "origin", Limits())
    try:
        assert os.path.dirname(live.scratch) == str(tmp_path)
        assert os.path.basename(live.scratch).startswith(f"arena-player-{os.getpid()}-")
        sweep()
        assert not stale.exists() and other.exists() and os.path.isdir(live.scratch)
    finally:
        live.kill()
        jail.close()
    assert not os.path.exists(live.scratch)


def test_a_player_frozen_when_its_game_master_is_killed_is_not_left_behind(tmp_path):
    """A game master killed with -9 runs no exit hook, and its players are frozen between their
    turns (on cgroup v1 a frozen process cannot die until thawed): its janitor thaws and kills
    them all the same."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    from test_attacks import processes_named

    attackers = Path(__file__).with_name("attackers.py")
    script = f"""
import time
from arena.jail import spawn, Limits
from engine.registry import get_game
p = spawn({str(attackers) + ':Lingerer'!r}, {{}}, "origin", Limits())
p.load()
state = get_game("origin").new_game(2, 1)
p.start("origin", state.current_player, 2, 1, time.monotonic() + 60)
p.act(state.observation(state.current_player), time.monotonic() + 60, False)
print("asked", flush=True)
time.sleep(600)
"""
    def frozen(pid):  # in the freezer (v1 shows it as uninterruptible sleep), or gone
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "D"
        except OSError:
            return True

    master = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert master.stdout.readline().strip() == "asked"
        left = processes_named("arena-linger")
        assert len(left) == 2
        deadline = time.monotonic() + 5
        while not all(frozen(pid) for pid in left) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        master.kill()
        master.wait()
    # the janitor's sweep takes well under a second on a quiet machine; twice a
    # loaded suite run saw it pass 10 s (gone when looked for a minute later): what is tested
    # is that none is left behind, with a margin the load cannot eat
    began = time.monotonic()
    while processes_named("arena-linger") and time.monotonic() < began + 60:
        time.sleep(0.1)
    left = processes_named("arena-linger")
    assert left == [], (f"{len(left)} lingering processes {time.monotonic() - began:.0f} s after their game master "
                        f"was killed; janitors alive: {_janitors()}")


def _janitors() -> list:
    """The janitors alive on the machine (their command lines), for a failure's message."""
    from pathlib import Path

    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and b"janitor(" in (entry / "cmdline").read_bytes():
                found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()[-60:])
        except OSError:
            pass
    return found


def test_without_the_jail_a_player_still_plays_confined_in_a_fresh_interpreter():
    """Where bubblewrap cannot run, each game's player is a fresh interpreter confined by its
    own last layer (Landlock, rlimits, no capabilities): it plays, and its faults are its own."""
    from pathlib import Path

    from arena.jail import Limits
    from arena.jail.process import Jail
    from arena.game.match import play_game
    from players.random_player import RandomPlayer

    attackers = Path(__file__).with_name("attackers.py")
    jail = Jail(bwrap=False)
    try:
        clean = jail.spawn("players.random_player:RandomPlayer", {}, "origin", Limits())
        result = play_game("origin", [clean, RandomPlayer(seed=1)], seed=5)
        assert result.faults == [] and clean.sandbox and "jail" not in clean.sandbox
        exiter = jail.spawn(f"{attackers}:Exiter", {}, "origin", Limits())
        result = play_game("origin", [RandomPlayer(seed=1), exiter], seed=5)
        assert [(f.seat, f.kind) for f in result.faults] == [(1, "crash")]
        assert result.ranks[1] == 2
    finally:
        jail.close()


def test_the_user_mapper_ends_when_its_anchor_ends_without_asking():
    """The child that maps a jail's user waits for its anchor's word; an anchor killed before
    it asks (its game master killed mid-spawn) must not leave the mapper waiting for ever."""
    import time

    from arena.jail.template import _mapper

    pid, go, answer = _mapper()
    os.close(go)  # what the anchor's end does when it dies: no word will come
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.01)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        raise AssertionError("the mapper was still waiting 10 s after its anchor was gone")
    assert os.read(answer, 256) == b""  # it mapped nothing and said nothing
    os.close(answer)
