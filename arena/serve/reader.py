"""``arena serve RESULTS --read-only``: a ladder's pages in a process that does not write it.

The one writer (``arena serve RESULTS``, which holds the folder's lock) plays, checks and
rates, and keeps in the database what the pages read: the index of the games
(:mod:`arena.serve.index`), the rating history, and the public leaderboard (the setting
``leaderboard``, written at each rating).  A reader serves the same pages and API from that
database and the log's files, which it only reads: a game's record by its place in the log.
It takes no lock and plays nothing, so several readers (on this machine, or on others that
mount the results folder, with the database on PostgreSQL) serve the pages behind one proxy
beside the writer.  A reader refuses what only the writer can do (uploads, retirements, games
against a bot) with 503 and says where to go; logging in works (sessions are in the
database).
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from arena.runs.tournament import stored_config
from arena.serve.db import get_setting
from arena.serve.index import Index
from arena.serve.ladder import PUBLIC
from arena.store.results import ResultsError

REFRESH_SECONDS = 1.0  # the leaderboard read again from the database at most this often


class Reader:
    """What the pages read of a ladder (:class:`arena.serve.ladder.Ladder`'s ``cfg``, ``folder``,
    ``public``, ``index``, ``record``, ``maybe_report``), from the writer's database."""

    read_only = True

    def __init__(self, folder, sessions):
        folder = Path(folder).resolve()
        cfg = stored_config(folder)
        if cfg is None:
            raise ResultsError(f"{folder}: no config.yaml here; serve a ladder's results folder")
        self.cfg, self.folder, self.sessions = cfg, folder, sessions
        self.index = Index(sessions, None, cfg.name, folder=folder)
        self._public: dict = {"players": []}
        self._read_at = 0.0

    @property
    def public(self) -> dict:
        now = time.monotonic()
        if now - self._read_at > REFRESH_SECONDS:
            with self.sessions() as db:
                said = get_setting(db, PUBLIC)
            if said:
                self._public = json.loads(said)
            self._read_at = now
        return self._public

    def record(self, game_id: str) -> dict | None:
        return self.index.record(game_id)

    def maybe_report(self, force: bool = False) -> None:
        """The report is the writer's to draw: a reader serves the one it last wrote."""
