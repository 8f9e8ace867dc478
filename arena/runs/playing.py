"""The one play path: games of a tournament's schedule played into its locked results folder.

``arena tournament`` (and with it ``arena match``, ``arena tune`` and ``arena submit``) and the
ladder behind ``arena serve`` play every game through a :class:`Playing`, which owns

- the results store, locked (:func:`lock_results`), and the key of its seeds
  (:func:`tournament_key`);
- the choice between this process (:func:`arena.runs.runner.run_in_process`) and Ray
  (:func:`arena.runs.runner.run_on_ray`: a local cluster of ``workers``, or the one at
  ``address``);
- the stop signals (:class:`DeferredInterrupt`: SIGINT, SIGTERM and SIGHUP stop a run the same
  way, never half way through appending a batch);
- games that failed for no player's reason (a lost worker, a jail that could not start): not
  recorded, counted per game (:attr:`Playing.failures`) so that a caller can leave one that
  keeps failing for a later run;
- appending: a finished game is in the log and in the run's count, or in neither.

What to play (the schedule's :func:`arena.runs.schedule.pending_games`, or a ladder's
:func:`arena.runs.schedule.uncertain_games`) and what to do with the games once kept (rate
them, index them) stay with the caller.
"""
from __future__ import annotations

import signal
import threading
from collections import Counter
from contextlib import contextmanager
from itertools import takewhile
from pathlib import Path

from arena.runs.runner import BACKSTOP_GRACE, Interrupted, run_in_process, run_on_ray
from arena.store.results import ResultsStore

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # Ctrl-C; timeout, docker stop, systemd; a closed terminal


class DeferredInterrupt:
    """Ctrl-C, SIGTERM and SIGHUP stop a run the same way (``received``: the first signal's
    number; :attr:`event` is set), except while a batch of records is being kept: then the stop
    waits until the batch is both written and counted.  ``armed``: a signal raises
    KeyboardInterrupt at once (a tournament: the whole run is games); unarmed (a ladder, whose
    loop also writes its database), only inside :meth:`interruptible`, elsewhere the caller looks
    at :attr:`event`.  A signal ignored when the run began (``nohup``'s SIGHUP) stays ignored.
    :meth:`install` again after Ray's start, which puts a SIGTERM handler of its own in place
    (it prints C++ stack dumps and ends the process)."""

    def __init__(self, armed: bool = True):
        self.holding = self.pending = False
        self.armed = armed
        self.previous: dict = {}
        self.received = 0
        self.event = threading.Event()

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for number in STOP_SIGNALS:
            current = signal.getsignal(number)
            if current is signal.SIG_IGN or current == self._on_signal:
                continue
            before = signal.signal(number, self._on_signal)
            self.previous.setdefault(number, before)

    def uninstall(self) -> None:
        for number, before in self.previous.items():
            signal.signal(number, before if before is not None else signal.SIG_DFL)
        self.previous = {}

    def _on_signal(self, signum, frame):
        self.received = self.received or signum
        self.event.set()
        if self.holding:
            self.pending = True
        elif self.armed:
            raise KeyboardInterrupt

    def stop(self) -> None:
        """Stop as a signal would, from another thread (the server's end): no exception here."""
        self.event.set()

    def is_set(self) -> bool:
        return self.event.is_set()

    @contextmanager
    def deferred(self):
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending:
            self.pending = False
            if self.armed:
                raise KeyboardInterrupt

    @contextmanager
    def interruptible(self):
        """A signal inside raises KeyboardInterrupt at once (also one that came just before)."""
        if self.event.is_set():
            raise KeyboardInterrupt
        armed, self.armed = self.armed, True
        try:
            yield
        finally:
            self.armed = armed


def lock_results(folder: Path) -> ResultsStore:
    from arena.runs.tournament import TournamentError

    store = ResultsStore(folder)
    if not store.try_lock():
        raise TournamentError(f"{folder} is in use by another arena run (pid {store.lock_holder()}); "
                              "wait for it to finish or stop it first")
    return store


def tournament_key(cfg, store: ResultsStore) -> bytes | None:
    """The key of the game and player seeds: the tournament's secret, None where they are
    public.  The secret exists either way: it also signs the log."""
    key = store.secret()
    return None if cfg.seeds == "public" else key


class Playing:
    """Games played into a locked store (see the module's docstring).  ``workers``: Ray workers
    of a local cluster, or this process when fewer than ``ray_from``; ``address``: a cluster's
    (then always Ray).  ``on_kept(numbered)``: called after each append with ``[(line, record)]``."""

    def __init__(self, cfg, store: ResultsStore, setup: dict, workers: int, address: str | None = None, *,
                 ray_from: int = 2, games_per_task: int | None = None, grace: float = BACKSTOP_GRACE,
                 echo=print, ray_log: str | None = None, on_kept=None, interrupts: DeferredInterrupt | None = None):
        self.cfg, self.store, self.setup = cfg, store, setup
        self.workers, self.address, self.ray_from = workers, address, ray_from
        self.games_per_task, self.grace, self.echo, self.ray_log = games_per_task, grace, echo, ray_log
        self.on_kept = on_kept
        self.key = tournament_key(cfg, store)
        self.interrupts = interrupts or DeferredInterrupt()
        self.played = 0  # games kept by this run
        self.unplayed: list = []  # records of games that failed for no player's reason, not kept
        self.failures: Counter = Counter()  # game id -> plays that failed for no player's reason
        self.node_notes: dict = {}
        self.batches = 0

    @property
    def on_ray(self) -> bool:
        return bool(self.address) or self.workers >= self.ray_from

    def where(self) -> str:
        if self.address:
            return f"Ray at {self.address}"
        if self.on_ray:
            return f"{self.workers} Ray worker{'' if self.workers == 1 else 's'}"
        return "this process"

    def play(self, jobs: list, progress=None) -> None:
        """Play ``jobs``, keeping each finished game; :class:`Interrupted` at a stop signal (the
        games kept so far stay), :class:`arena.runs.runner.ClusterLost` with a cluster's head gone."""
        if not jobs:
            return
        try:
            with self.interrupts.interruptible():
                if self.on_ray:
                    run_on_ray(self.setup, jobs, self.keep, self.workers, self.address, progress,
                               self.games_per_task or self.cfg.games_per_task, self.grace, echo=self.echo,
                               ray_log=self.ray_log, node_notes=self.node_notes, on_started=self._ray_started)
                else:
                    # a stop from another thread (the server's end) is taken between two games
                    run_in_process(self.setup, takewhile(lambda _: not self.interrupts.is_set(), jobs),
                                   self.keep, progress)
        except KeyboardInterrupt:
            raise Interrupted() from None

    def _ray_started(self) -> None:
        self.interrupts.install()  # again: Ray's own SIGTERM handler would end the process half way through a stop

    def keep(self, batch: list) -> None:
        """Append the finished games of ``batch`` to the log (one that failed for no player's
        reason is counted in :attr:`failures` and not kept)."""
        self.batches += 1
        if self.batches in (1, 10) and not self.address:
            from arena.jail import leftovers

            leftovers.remember(self.cfg.folder)  # Ray's processes, for a run after a kill -9 to stop
        for record in batch:
            if record.get("failed"):
                self.failures[record["id"]] += 1
                self.unplayed.append(record)
        batch = [r for r in batch if not r.get("failed")]
        if not batch:
            return
        with self.interrupts.deferred():  # a game is in the log and in this run's count, or in neither
            self.store.append(batch)
            self.played += len(batch)
            last = self.store.signer.lines if self.store.signer else 0
            if self.on_kept is not None:
                self.on_kept(list(zip(range(last - len(batch) + 1, last + 1), batch)))

    def close(self) -> None:
        """The worker pool of in-process games closed, Ray's processes forgotten by the sweep."""
        from arena.jail import leftovers
        from arena.runs.worker import close_pool

        close_pool()
        leftovers.forget(self.cfg.folder)
