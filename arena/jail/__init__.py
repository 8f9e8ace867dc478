"""The jail: where every submitted player runs, and all that keeps it there.

One entry point, :func:`spawn`: a fresh jailed player for one seat of one game,
which the game master (:func:`arena.game.match.play_game`) asks to move and kills,
with every process it started, when the game ends.  What a jailed player gets
(Linux with bubblewrap and user namespaces; elsewhere the run says ``WARNING``
and what is missing):

- its own user, PID, mount, network, IPC and UTS namespaces, made by bubblewrap
  once per game master and code folder (:mod:`arena.jail.template`) and again,
  fresh, for every player and game;
- a filesystem built path by path (:mod:`arena.jail.view`): Python, arena and a copy
  of its own folder made for this game, read-only; a private tmpfs scratch of
  ``player_disk_mb``; a ``/proc`` of two copied files; nothing of the results, the
  configs, the secret, Ray or the other players;
- a cgroup for its whole process tree (:mod:`arena.jail.cgroups`): memory capped
  at ``player_memory_mb``, a few tasks, one CPU (the game's), frozen whenever it
  is not being asked, killed whole at the game's end;
- inside, every capability dropped, ``no_new_privs``, Landlock (:mod:`arena.jail.confine`)
  and a system-call allowlist (:mod:`arena.jail.seccomp`): every call a Python program
  does not need refused, the kernel's key rings, file locks, notifications and the page
  cache's state among them;
- a bounded protocol read by a total parser (:mod:`arena.jail.protocol`); its
  stderr through a pipe, of which only the last lines are kept.

Modules: ``process`` (the game master's side), ``host`` (the player's side),
``template``, ``view``, ``cgroups``, ``confine``, ``seccomp``, ``protocol``, ``probe``,
``affinity`` (a game's processes on one CPU), ``leftovers`` (what a killed run
leaves behind).  Nothing here imports the tournament, the ratings or the results.
"""
from arena.jail.process import Limits, PlayerProcess, SandboxError, close_jail, jail, spawn
from arena.jail.machine import jail_problem, probe

__all__ = ["Limits", "PlayerProcess", "SandboxError", "close_jail", "jail", "jail_problem",
           "probe", "spawn", "sweep"]


def sweep(counts: dict | None = None) -> int:
    """Kill and remove what the players of game masters that are gone left (their cgroups,
    their scratch folders where there was no jail); returns how many processes were killed
    (and adds them up per game master's pid in ``counts``, where given)."""
    import shutil
    import tempfile
    from pathlib import Path

    from arena.jail.cgroups import find_layout, sweep as sweep_cgroups
    from arena.jail.process import SCRATCH_PREFIX

    for path in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*"):
        owner = path.name[len(SCRATCH_PREFIX):].split("-")[0]
        if owner.isdigit() and not Path(f"/proc/{owner}").exists() and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
    return sweep_cgroups(find_layout(), counts=counts)
