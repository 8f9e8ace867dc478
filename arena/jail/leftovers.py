"""Processes a run leaves behind when its driver is killed (``kill -9``).

Ray's local cluster is started by the driver; killed with ``-9``, the driver
cannot stop it, and two of Ray's agents (``ray::DashboardAgent``,
``ray::RuntimeEnvAgent``) outlive it, ignoring ``SIGTERM``.  So the driver notes
the processes it started (its descendants, each with its start time, so that a
reused pid is never mistaken for one) in ``results/<name>/.run-processes``
while it runs, and removes the note when it ends; the next run of the same
tournament kills whatever the note names that is still there.  (Player
processes are in cgroups of their own, swept by
:func:`arena.jail.sweep`; :func:`sweep` counts those of this tournament's
game masters, and only those.)
"""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

NOTE = ".run-processes"


def _stat(pid: int):
    """(parent pid, start time) of a live process, or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    if fields[0] == "Z":
        return None
    return int(fields[1]), int(fields[19])


def descendants(root: int) -> dict:
    """pid -> start time of every live process below ``root``."""
    children: dict = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None:
                children.setdefault(stat[0], []).append((int(entry.name), stat[1]))
    found, todo = {}, [root]
    while todo:
        for pid, started in children.get(todo.pop(), ()):
            if pid not in found:
                found[pid] = started
                todo.append(pid)
    return found


def remember(folder) -> None:
    """Note this driver and the processes it started, for the next run to sweep."""
    path = Path(folder) / NOTE
    note = {"driver": os.getpid(), "processes": descendants(os.getpid())}
    tmp = path.with_name(NOTE + ".tmp")
    tmp.write_text(json.dumps(note))
    os.replace(tmp, path)


def forget(folder) -> None:
    try:
        (Path(folder) / NOTE).unlink()
    except FileNotFoundError:
        pass


def _in_player_cgroup(pid: int) -> bool:
    """Whether a process is in one of the jail's player cgroups (:mod:`arena.jail.cgroups`)."""
    from arena.jail.cgroups import PREFIX

    try:
        text = Path(f"/proc/{pid}/cgroup").read_text()
    except OSError:
        return False
    return any(line.rpartition(":")[2].rpartition("/")[2].startswith(PREFIX) for line in text.splitlines())


def _wait_gone(pids, seconds: float = 2.0) -> None:
    import time

    deadline = time.monotonic() + seconds
    while any(_stat(pid) is not None for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.01)


def sweep(folder) -> tuple:
    """Kill what a killed run of this tournament left behind: the processes its note names,
    then what is left in the player cgroups of its game masters (the driver, its Ray
    workers).  The player cgroups of every other game master that is gone are swept too
    (:func:`arena.jail.sweep`), but not counted: they are no run of this folder's.
    Returns ``(players, others)``: how many player processes, and how many other processes
    (Ray's, the jail's), this call stopped."""
    from arena.jail import sweep as sweep_players

    path = Path(folder) / NOTE
    try:
        note = json.loads(path.read_text())
    except (OSError, ValueError):
        note = {}
    if not isinstance(note, dict) or not isinstance(note.get("processes", {}), dict):
        note = {}
    players = others = 0
    masters, killed = set(), []  # the caller holds the folder's lock: the run that wrote the note is over
    if isinstance(note.get("driver"), int):
        masters.add(note["driver"])
    for pid, started in note.get("processes", {}).items():
        if not str(pid).isdigit():
            continue
        pid = int(pid)
        masters.add(pid)
        stat = _stat(pid)
        if stat is not None and stat[1] == started and pid != os.getpid():
            player = _in_player_cgroup(pid)  # counted with its cgroup, below (frozen, it dies when thawed)
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                continue
            if not player:
                killed.append(pid)
                others += 1
    _wait_gone(killed)  # so that the game masters killed are gone when their cgroups are swept
    counts: dict = {}
    sweep_players(counts)
    players += sum(n for master, n in counts.items() if master in masters)
    forget(folder)
    return players, others
