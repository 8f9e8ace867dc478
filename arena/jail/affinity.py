"""One CPU per game master: a game and its player processes share it.

A game is sequential: the game master waits while a player thinks, and a player
waits while the master applies its move and the other players think.  Left to
the scheduler, each of the game's processes wakes on whichever CPU is idle, with
cold caches, and the games of two workers migrate across each other's CPUs.
:func:`pinned` keeps the master on one CPU for the length of a game, and the
player processes it starts inherit that CPU.

Each process claims its CPU once, with an exclusive ``flock`` on a per-CPU file
(``$TMPDIR/arena-cpus-<uid>/<cpu>``), held while the process lives; so the
workers of one machine take distinct CPUs (Ray runs one worker per CPU by
default).  A process that finds every CPU taken, or a machine with one CPU,
plays unpinned.  The previous affinity comes back after each game, so nothing
this process starts outside a game (a local Ray cluster started by a driver that
played a game with ``--workers 0``) inherits the pin.

Measured by ``arena bench isolation`` (which plays both sides pinned).
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile

_claimed: list = []  # [cpu or None, lock file descriptor] once this process has tried


def _claim() -> int | None:
    if _claimed:
        return _claimed[0]
    cpu, fd = None, None
    try:
        allowed = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        allowed = []
    if len(allowed) > 1:
        folder = os.path.join(tempfile.gettempdir(), f"arena-cpus-{os.getuid()}")
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            for candidate in allowed:
                handle = os.open(os.path.join(folder, str(candidate)), os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    os.close(handle)
                    continue
                cpu, fd = candidate, handle
                break
        except OSError:
            pass
    _claimed[:] = [cpu, fd]
    return cpu


@contextlib.contextmanager
def pinned():
    """This process (and what it starts meanwhile) on its claimed CPU, if any."""
    cpu = _claim()
    if cpu is None:
        yield None
        return
    before = os.sched_getaffinity(0)
    if cpu not in before:  # the process's CPUs changed since the claim
        yield None
        return
    os.sched_setaffinity(0, {cpu})
    try:
        yield cpu
    finally:
        os.sched_setaffinity(0, before)
