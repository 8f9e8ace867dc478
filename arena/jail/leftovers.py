"""Processes a run leaves behind when its driver is killed (``kill -9``).

Ray's local cluster is started by the driver; killed with ``-9``, the driver
cannot stop it, and two of Ray's agents (``ray::DashboardAgent``,
``ray::RuntimeEnvAgent``) outlive it, ignoring ``SIGTERM``.  So the driver notes
the processes it started (its descendants, each with its start time, so that a
reused pid is never mistaken for one) in ``results/<name>/.run-processes``
while it runs, and removes the note when it ends; the next run of the same
tournament kills whatever the note names that is still there.  (Player
processes are in cgroups of their own, swept by
:func:`arena.jail.sweep`.)
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


def sweep(folder) -> int:
    """Kill what a killed run of this tournament left behind; returns how many."""
    path = Path(folder) / NOTE
    try:
        note = json.loads(path.read_text())
    except (OSError, ValueError):
        return 0
    killed = 0  # the caller holds the folder's lock: the run that wrote the note is over
    for pid, started in note.get("processes", {}).items():
        stat = _stat(int(pid))
        if stat is not None and stat[1] == started and int(pid) != os.getpid():
            try:
                os.kill(int(pid), signal.SIGKILL)
                killed += 1
            except (ProcessLookupError, PermissionError):
                pass
    forget(folder)
    return killed
