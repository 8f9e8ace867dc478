"""What confines a jailed player on this machine, found by trying it.

:func:`jail_problem` starts one real jailed player (a template and a built-in
random player in it) the first time a process asks; where that fails, the
reason is kept and every player of this process runs without the jail
(:mod:`arena.jail.process`), which the run's opening note says with
``WARNING``.  :func:`probe` is that note's content, also recorded under
``isolation`` in ``leaderboard.json``.
"""
from __future__ import annotations

import os
import shutil

_found: dict = {}


def jail_problem() -> str | None:
    """Why the jail cannot run here, or None where it runs (tried once per process)."""
    if "problem" not in _found:
        _found["problem"] = _try_the_jail()
    return _found["problem"]


def _try_the_jail() -> str | None:
    if not os.path.exists("/proc/self/ns/user"):
        return "this system has no user namespaces (not Linux?)"
    if shutil.which("bwrap") is None:
        return "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    from arena.jail.process import Jail, Limits, SandboxError
    from arena.game.match import PlayerFault

    jail = Jail(bwrap=True)
    process = None
    try:
        process = jail.spawn("random", {}, "origin", Limits())
        process.load()
    except (SandboxError, PlayerFault, OSError) as exc:
        return f"bubblewrap could not make a jail here: {str(exc)[:300]}"
    finally:
        if process is not None:
            process.kill()
        jail.close()
    return None


def probe(memory_mb: int | None = None, disk_mb: int | None = None, tasks: int | None = None) -> dict:
    """What confines a submitted player here, in words (for the run's opening note and
    ``leaderboard.json``); ``sandboxed`` is False where a layer the README promises is
    missing."""
    from arena.jail import confine, seccomp
    from arena.jail.cgroups import find_layout

    memory_mb = memory_mb or confine.DEFAULT_MEMORY_MB
    disk_mb = disk_mb or confine.DEFAULT_DISK_MB
    tasks = tasks or confine.DEFAULT_TASKS
    problem = jail_problem()
    layout = find_layout()
    features = layout.features if layout else frozenset()
    abi = confine.landlock_abi()
    missing = []
    if problem is None:
        jail = ("bubblewrap: its own user, PID, mount, network, IPC and UTS namespaces; a fresh player "
                "process per game")
        files = (f"a read-only view of Python, arena and its own code only; a private {disk_mb} MiB tmpfs "
                 "scratch")
        network = "none (a network namespace of its own)"
    else:
        jail = f"NONE ({problem}): a fresh sandboxed interpreter per game"
        files = (f"Landlock ABI {abi}: reads Python, arena and its own code, writes only a scratch folder"
                 if abi >= 1 else "NONE: no jail and no Landlock; the player can read what its user can")
        network = "none (a network namespace of its own)" if os.geteuid() == 0 else (
            "no TCP (Landlock)" if abi >= 4 else "not confined")
        missing.append("jail")
        if abi < 1:
            missing.append("landlock")
    if seccomp.program() is None:
        missing.append("seccomp")
    if layout is None:
        tree = "NONE: no writable cgroup here; each process is limited on its own (RLIMIT_AS)"
        missing.append("cgroup")
    else:
        have = [f"memory {memory_mb} MiB" if "memory" in features else "",
                f"{tasks} tasks" if "pids" in features else "",
                "one CPU" if "cpu" in features else "", "the game's CPUs" if "cpuset" in features else "",
                "frozen when not asked" if "freeze" in features else ""]
        tree = f"cgroup v{layout.version} for its whole tree: " + ", ".join(h for h in have if h)
        missing += [name for name in ("memory", "pids", "freeze") if name not in features]
    return {
        "isolation": "jail" if problem is None else "process",
        "jail": jail,
        "filesystem": files,
        "processes": tree,
        "memory": f"{memory_mb} MiB for its whole tree" if "memory" in features else
                  f"{memory_mb} MiB of address space per process (RLIMIT_AS)",
        "network": network,
        "privileges": "every capability dropped, no_new_privs"
                      + (", a system-call allowlist (seccomp)" if seccomp.program() else
                         f", NO system-call filter ({seccomp.unavailable()})")
                      + (f", Landlock ABI {abi}" if abi >= 1 else ""),
        "clocks": "a clock per move and each player's own time for the game (a chess clock), kept by the game "
                  "master, which kills an overrunning player",
        "missing": missing,
        "sandboxed": not missing,
    }
