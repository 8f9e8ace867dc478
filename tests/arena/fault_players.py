"""Players that misbehave on purpose, for the tournament's fault tests.

Each misbehaves only when seated at ``seat`` (None: always), so that the same
player also plays clean games and the other games of the tournament stay as
they would be without it.
"""
from __future__ import annotations

import os
import time

from players.random_player import RandomPlayer


class _Faulty(RandomPlayer):
    def __init__(self, seed: int = 0, seat: int | None = None):
        super().__init__(seed)
        self.bad_seat = seat

    def misbehaving(self) -> bool:
        return self.bad_seat is None or self.seat == self.bad_seat


class Raiser(_Faulty):
    def act(self, observation):
        if self.misbehaving():
            raise RuntimeError("deliberate bug")
        return super().act(observation)


class Cheater(_Faulty):
    def act(self, observation):
        return 99 if self.misbehaving() else super().act(observation)


class Slow(_Faulty):
    """Sleeps through each move (longer than test_tournament's move limit, 0.5 s, by default)."""

    def __init__(self, seed: int = 0, seat: int | None = None, sleep: float = 0.8):
        super().__init__(seed, seat)
        self.sleep = sleep

    def act(self, observation):
        if self.misbehaving():
            time.sleep(self.sleep)
        return super().act(observation)


class Hanger(_Faulty):
    """Thinks forever (the in-game watchdog stops it)."""

    def act(self, observation):
        while self.misbehaving():
            time.sleep(0.01)
        return super().act(observation)


class Stubborn(_Faulty):
    """Thinks forever and swallows the watchdog's GameTimeout: only the driver's backstop stops it."""

    def act(self, observation):
        while self.misbehaving():
            try:
                time.sleep(0.01)
            except BaseException:  # noqa: BLE001 - deliberately deaf to the watchdog
                pass
        return super().act(observation)


class Killer(_Faulty):
    """Ends its worker process in the middle of a game."""

    def act(self, observation):
        if self.misbehaving():
            os._exit(3)
        return super().act(observation)


class Sleepy(RandomPlayer):
    """A random player that takes a little time per move (for the interruption tests)."""

    def __init__(self, seed: int = 0, sleep: float = 0.002):
        super().__init__(seed)
        self.sleep = sleep

    def act(self, observation):
        time.sleep(self.sleep)
        return super().act(observation)


class CpuReporter(RandomPlayer):
    """Says, as its fault, the CPUs it may run on (what the jail pinned it to)."""

    def act(self, observation):
        raise RuntimeError(f"CPUS {sorted(os.sched_getaffinity(0))}")
