"""The ladder behind ``arena serve``: a tournament's results folder that keeps playing.

One :class:`Ladder` holds the results folder's lock for the life of the server and is the
only writer of its config and game log, from one thread.  It is the ladder's policy over the
tournament's one play path (:class:`arena.runs.playing.Playing`: the locked store, Ray or this
process, stop signals, failed games, appending).  Each turn of its loop it

1. retires the players their owners asked to retire;
2. takes the verdicts of the checks that finished and starts the next ones
   (:mod:`arena.serve.checking`: ``arena submit``'s check, in a process of its own, at most
   ``check_workers`` at once and one per user, while games go on); an accepted player joins the
   tournament's config (a newer version of a user's player retires the older from the config:
   its games stay in the log, unrated); a rejected, replaced or retired upload's folder is removed;
3. plays games: first every missing game of the first ``base`` deals of every pairing (the
   config's ``games_per_pairing`` when the server first opened it: a newcomer's pairings
   against the ladder), then, for ever, the next deal of the pairings whose players' ratings are
   least certain (:func:`arena.runs.schedule.uncertain_games`);
4. indexes the games kept in the database (:mod:`arena.serve.index`), rates everyone
   (:func:`arena.runs.tournament.write_leaderboard`) and keeps each player's rating history.

Which games exist is the log's tally, so a restart, after a clean stop or a ``kill -9``,
plays each missing game once and never a recorded one again; a submission caught half way
through its check is checked again; the database's index of games is completed from the log
(:meth:`Ladder.reconcile`).  A page reads a game (:meth:`Ladder.record`) without waiting for
the loop: by its place in the log (one line, or one block of a closed segment), opening the
file itself.
"""
from __future__ import annotations

import copy
import json
import re
import shutil
import time
from pathlib import Path

from sqlalchemy import func, select

from arena.runs.config import PlayerEntry
from arena.runs.playing import DeferredInterrupt, Playing, lock_results
from arena.runs.runner import Interrupted
from arena.runs.schedule import pending_games, uncertain_games
from arena.runs.tournament import (TournamentError, check_log_against_schedule, game_setup, job_for, settle_seeds,
                                   stored_config, write_leaderboard, write_report)
from arena.serve.checking import Checks, check_deadline
from arena.serve.db import RatingPoint, Submission, get_setting, set_setting
from arena.serve.index import Index
from arena.store.results import ResultsError

UPLOAD_FOLDER = re.compile(r"[0-9]+-[0-9a-f]{12}")  # what arena.serve.app names an upload's folder
RETRIES = 3  # a game that fails for no player's reason this many times is left for a restart
PUBLIC = "leaderboard"  # the setting holding the public leaderboard, as the pages show it
REPORT_SECONDS = 60.0  # the report (matplotlib) is redrawn at most this often
RATE_SECONDS = 3.0  # while games are played, the leaderboard is rated at most this often (it takes CPU
# from the pages): at once when a newcomer's last base game is in
RATE_LATER = 20_000  # a log of more games with no stored board is rated at the loop's first turn,
# the pages up meanwhile (they say the board is being rated): at 10^6 games a first rating takes minutes
RATE_SHARE = 0.1  # and a rating that took C seconds waits C / RATE_SHARE before the next, so that on a
# large log (arena bench serve) rating takes at most this share of the writer's time


class Ladder:
    read_only = False  # a process that only reads: arena.serve.reader.Reader

    def __init__(self, folder, sessions, workers: int | None = None, address: str | None = None, echo=print,
                 check_workers: int = 1, live_players: int = 3, uploads: Path | None = None):
        """``check_workers``: checks at once; ``live_players``: accepted players a user may have
        (a submission that passes its check beyond them is rejected); ``uploads``: the server's
        uploads folder, where the folders of uploads that will not play again are removed."""
        folder = Path(folder).resolve()
        cfg = stored_config(folder)
        if cfg is None:
            raise ResultsError(f"{folder}: no config.yaml here; start the tournament first "
                               "(e.g. `arena tournament configs/ladder.yaml`), then serve its results folder")
        cfg.output, cfg.name = str(folder.parent), folder.name
        self.cfg, self.folder, self.sessions, self.echo = cfg, folder, sessions, echo
        self.address = address or cfg.ray_address
        self.workers = cfg.workers if workers is None else workers
        store = lock_results(folder)
        try:
            store.open(warn=lambda m: echo(f"warning: {m}"), for_check=True)
            store.check_segments()
            settle_seeds(cfg, cfg, store.tally.recorded > 0)
            if cfg.seeds == "public":
                raise TournamentError(f"{folder}: its seeds are public (seeds: public), so it cannot take submitted "
                                      "players; serve a tournament with `seeds: secret` (configs/ladder.yaml)")
            if cfg.isolation == "none":  # submitted code would run in this process, beside the secret and the log
                raise TournamentError(f"{folder}: its players run unconfined (isolation: none), so it cannot take "
                                      "submitted players; serve a tournament whose config leaves `isolation` out "
                                      "(the jail)")
            # 0 workers: in this process; 1 or more: Ray workers (the pages keep this process's CPU)
            self.playing = Playing(cfg, store, game_setup(cfg), self.workers, self.address, ray_from=1, echo=echo,
                                   on_kept=self._kept, interrupts=DeferredInterrupt(armed=False))
            self.store, self.key = store, self.playing.key
            check_log_against_schedule(cfg, store, self.key, echo)
            with sessions() as db:
                self.base = int(get_setting(db, "base_deals") or cfg.games_per_pairing)
                set_setting(db, "base_deals", str(self.base))
                db.commit()
        except BaseException:
            store.unlock()
            raise
        self.stop = self.playing.interrupts
        self.index = Index(sessions, store, cfg.name, echo)
        store.on_close = self.index.moved  # a closing segment moves its games' places in the index
        self.checks = Checks(check_workers)
        self.live_players = live_players
        self.uploads = Path(uploads).resolve() if uploads else None
        self.board: dict = {}
        self.public: dict = {"players": []}  # what the pages and the API read, replaced whole
        self.report_at = 0.0
        self.reported_games = -1
        self.rated_at = 0.0
        self.rate_seconds = 0.0  # what the last rating took
        self.unrated = False  # the board shown is not this run's rating (the stored one, or none yet)
        self.base_waiting: set = set()  # players with base games still to play, at the last rating

    @property
    def games_played(self) -> int:
        return self.playing.played

    # --- starting: the database made to agree with the log and the config ----------------
    def reconcile(self, reindex: bool = False) -> None:
        """The submissions made to agree with the config, the index with the log (the closed
        segments it lacks indexed by a thread of its own while the site serves; ``reindex``:
        rebuilt from the log), the dead uploads removed; the board of the last rating served at
        once where the database holds one for these players (rated again at the loop's first
        turn if the log has games it lacks, else at the usual time after it: a large log takes
        seconds to rate), else everyone rated now."""
        names = {p.name for p in self.cfg.players}
        with self.sessions() as db:
            for sub in db.scalars(select(Submission).where(Submission.status.in_(("checking", "accepted")))):
                if sub.status == "checking":  # stopped during its check: config first, then the database
                    sub.status = "accepted" if sub.ladder_name in names else "queued"
                elif sub.ladder_name not in names:
                    sub.status, sub.reason = "retired", "no longer in the tournament's config"
            db.commit()
        self.index.open(reindex)
        if not self.index.progress["done"]:
            self.echo(f"indexing the log's {self.index.progress['lines'] - self.index.progress['indexed']} games "
                      "not in the index yet, while the site serves")
        self.index.start_catch_up()
        self.remove_dead_uploads()
        stored = self._stored_board()
        if stored is None and self.store.tally.recorded > RATE_LATER:
            self.public, self.unrated = self._rating_board(), True
        elif stored is None:
            self.rate()
        else:
            self.public, self.unrated = stored, True
            self.rate_seconds = float(stored.get("rate_seconds") or 0.0)
            if stored.get("games_recorded") == self.store.tally.recorded:  # exact: rated again when due
                self.rated_at = time.monotonic()
            self.board = {"players": [{"name": p["ladder_name"], "sigma": p["sigma"]} for p in stored["players"]]}
            self.base_waiting = {p["ladder_name"] for p in stored["players"] if p["status"] == "playing"}

    def _rating_board(self) -> dict:
        """The public board while the first rating of a large log runs: its games, no player yet."""
        return {"tournament": self.cfg.name, "game": self.cfg.game, "seats": self.cfg.seats,
                "games_recorded": self.store.tally.recorded, "updated": None, "players": [], "rating": True}

    def _stored_board(self) -> dict | None:
        """The public board the last rating kept in the database, if it rates this config's players."""
        with self.sessions() as db:
            text = get_setting(db, PUBLIC)
        try:
            board = json.loads(text) if text else None
            names = {p["ladder_name"] for p in board["players"]} if board else None
        except (ValueError, KeyError, TypeError):
            return None
        return board if names == {p.name for p in self.cfg.players} else None

    # --- the loop ------------------------------------------------------------------------
    def run(self) -> None:
        """Check, play and rate until :attr:`stop` is set (a signal, or the server's end)."""
        self.stop.install()
        try:
            while not self.stop.is_set():
                worked = self.apply_retirements()
                worked = self.finish_checks() or worked
                worked = self.start_checks() or worked
                if self.stop.is_set():
                    break
                jobs = self.next_jobs()
                if jobs:
                    self.play(jobs)
                if (jobs or self.unrated) and (
                        time.monotonic() - self.rated_at >= max(RATE_SECONDS, self.rate_seconds / RATE_SHARE)
                        or self._newcomers_just_done()):
                    self.rate()
                elif not jobs and not worked:
                    self.stop.event.wait(0.5 if not self.checks.running else 0.1)
                self.maybe_report()
        finally:
            self.stop.uninstall()

    def close(self) -> None:
        self.index.stop()
        self.checks.close()
        self.playing.close()
        self.store.close()
        self.store.unlock()

    # --- submissions ---------------------------------------------------------------------
    def apply_retirements(self) -> bool:
        with self.sessions() as db:
            for sub_id in db.scalars(select(Submission.id).where(Submission.retire.is_(True),
                                                                 Submission.status == "checking")):
                self.checks.stop(sub_id)  # its verdict (retired) is taken as the check ends
            asked = list(db.scalars(select(Submission).where(Submission.retire.is_(True),
                                                             Submission.status.in_(("accepted", "queued")))))
            if not asked:
                return False
            gone = {s.ladder_name for s in asked}
            self._set_players([p for p in self.cfg.players if p.name not in gone])
            for sub in asked:
                sub.status, sub.reason, sub.updated = "retired", "retired by its owner", time.time()
            db.commit()
        self.remove_dead_uploads()
        self.rate()
        return True

    def start_checks(self) -> bool:
        """Start the checks of the oldest queued submissions, as many as the pool has room for and
        one per user; True if one started."""
        started = False
        while self.checks.free() > 0 and not self.stop.is_set():
            with self.sessions() as db:
                busy = self.checks.owners()
                query = select(Submission).where(Submission.status == "queued", Submission.retire.is_(False))
                if busy:
                    query = query.where(Submission.owner.not_in(sorted(busy)))
                sub = self.checks.next_of(list(db.scalars(query.order_by(Submission.id))))
                if sub is None:
                    return started
                sub.status, sub.updated = "checking", time.time()
                db.commit()
                entry = PlayerEntry(sub.ladder_name, sub.spec, dict(sub.params or {}))
                self.echo(f"checking {sub.owner}/{sub.name} (version {sub.version})")
                self.checks.start(sub.id, sub.owner, copy.deepcopy(self.cfg), entry, check_deadline(self.cfg))
                started = True
        return started

    def finish_checks(self) -> bool:
        """Apply the verdicts of the checks that finished; True if there was one."""
        verdicts = self.checks.done()
        for sub_id, problem in verdicts:
            self._verdict(sub_id, problem)
        if verdicts:
            self.rate()
        return bool(verdicts)

    def check_next(self) -> bool:
        """Check the queued submissions (as the loop does, but waiting for each verdict); True if
        there was one."""
        checked = False
        while True:
            self.start_checks()
            if not self.checks.running:
                return checked
            self.checks.wait()
            checked = self.finish_checks() or checked

    def _verdict(self, sub_id: int, problem: str) -> None:
        with self.sessions() as db:
            sub = db.get(Submission, sub_id)
            if sub is None or sub.status != "checking":
                return
            if sub.retire:  # retired while it was checked
                sub.status, sub.reason, sub.updated = "retired", "retired by its owner", time.time()
                db.commit()
                self.remove_dead_uploads()
                return
            if problem:  # the upload's folder is the server's business, not the message's
                problem = problem.replace(str(Path(sub.spec.rpartition(":")[0]).parent) + "/", "")
                sub.status, sub.reason, sub.updated = "rejected", problem, time.time()
                db.commit()
                self.echo(f"rejected {sub.owner}/{sub.name}: {problem}")
                self.remove_dead_uploads()
                return
            live = set(db.scalars(select(Submission.name).where(Submission.owner == sub.owner,
                                                                Submission.status == "accepted",
                                                                Submission.retire.is_(False))))
            if sub.name not in live and len(live) >= self.live_players:  # others were accepted meanwhile
                sub.status, sub.updated = "rejected", time.time()
                sub.reason = (f"it passed its check, but you have {len(live)} live players, at most "
                              f"{self.live_players} ({', '.join(sorted(live))}): retire one and submit it again")
                db.commit()
                self.remove_dead_uploads()
                return
            entry = PlayerEntry(sub.ladder_name, sub.spec, dict(sub.params or {}))
            older = list(db.scalars(select(Submission).where(Submission.owner == sub.owner,
                                                             Submission.name == sub.name,
                                                             Submission.status == "accepted")))
            gone = {s.ladder_name for s in older}
            self._set_players([p for p in self.cfg.players if p.name not in gone] + [entry])  # the config first
            for old in older:
                old.status, old.reason, old.updated = "retired", f"replaced by version {sub.version}", time.time()
            sub.status, sub.reason, sub.updated = "accepted", "", time.time()
            db.commit()
            self.echo(f"accepted {sub.owner}/{sub.name} as {sub.ladder_name}")
        if older:
            self.remove_dead_uploads()

    def remove_dead_uploads(self) -> None:
        """Remove the folders of uploads that will never play again (rejected, retired, replaced):
        the disk they hold is their owner's quota's."""
        if self.uploads is None:
            return
        with self.sessions() as db:
            live = {self._upload_folder(spec) for spec in db.scalars(
                select(Submission.spec).where(Submission.status.in_(("queued", "checking", "accepted"))))}
            for spec in db.scalars(select(Submission.spec).where(Submission.status.in_(("rejected", "retired")))):
                folder = self._upload_folder(spec)
                if folder is not None and folder not in live and folder.is_dir():
                    shutil.rmtree(folder, ignore_errors=True)

    def _upload_folder(self, spec: str) -> Path | None:
        """The folder the server made for the upload of ``spec`` (``uploads/[user/]TIME-HEX``), or None."""
        for folder in Path(spec.rpartition(":")[0]).parents:
            if self.uploads in folder.parents and UPLOAD_FOLDER.fullmatch(folder.name):
                return folder
        return None

    def _set_players(self, players: list) -> None:
        self.cfg.players = players
        self._write_config()

    def _write_config(self, deals: int = 0) -> None:
        """The stored config: the players, and as its ``games_per_pairing`` the deals played
        (at least ``deals``, the base, and one), so that ``arena leaderboard`` rates them all."""
        self.cfg.games_per_pairing = max(self.base, self.store.tally.deals_recorded(), deals, 1)
        self.store.write_config(self.cfg.to_yaml())

    # --- which games next ----------------------------------------------------------------
    def next_jobs(self) -> list:
        """The newcomers' games first (the base deals of every pairing), then the next deal of
        the pairings whose ratings are least certain."""
        cfg, tally = self.cfg, self.store.tally
        if len(cfg.players) < cfg.seats:
            return []
        limit = max(1, 2 * self.workers) * cfg.seats
        failed = self.playing.failures
        games = [g for g in pending_games(cfg, self.key, tally.missing, deals=self.base) if failed[g.id] < RETRIES]
        if not games:
            sigma = {p["name"]: p["sigma"] for p in self.board.get("players", [])}
            games = uncertain_games(cfg, self.key, tally, sigma, limit, skip=lambda gid: failed[gid] >= RETRIES)
        top = max((g.deal + 1 for g in games), default=0)
        if top > cfg.games_per_pairing:  # the stored config's games_per_pairing follows the deals played
            self._write_config(top)
        return [job_for(cfg, g, self.key) for g in games[:limit]]

    # --- playing ----------------------------------------------------------------------------
    def play(self, jobs: list) -> None:
        """Play ``jobs`` on the play path; a stop signal ends the loop (the game under way unrecorded)."""
        self.playing.setup = game_setup(self.cfg)
        before = len(self.playing.unplayed)
        try:
            self.playing.play(jobs)
        except (Interrupted, KeyboardInterrupt):
            self.stop.stop()
        for record in self.playing.unplayed[before:]:
            self.echo(f"warning: game {record['id']} failed for no player's reason: {record['failed']}")
        del self.playing.unplayed[:]

    def _kept(self, numbered: list) -> None:
        """After each append, in the loop's thread: the games indexed, and the checks' verdicts
        taken and the next checks started at once, not after the whole batch (a slow player's
        games may take minutes)."""
        self.index.add(numbered)
        self.finish_checks()
        self.start_checks()

    # --- ratings ------------------------------------------------------------------------------
    def _newcomers_just_done(self) -> bool:
        """Whether every base game is in, though the last rating had players waiting for theirs
        (their status turns from 'playing' to 'rated' at once, not at the next rating)."""
        if not self.base_waiting:
            return False
        return not pending_games(self.cfg, self.key, self.store.tally.missing, deals=self.base)

    def rate(self) -> None:
        self.rated_at = began = time.monotonic()
        self.unrated = False
        board = write_leaderboard(self.cfg, self.store, report=False)
        waiting = {n for g in pending_games(self.cfg, self.key, self.store.tally.missing, deals=self.base)
                   for n in g.players}
        self.base_waiting = waiting
        now = time.time()
        with self.sessions() as db:
            last = {row.player: row.games for row in db.execute(
                select(RatingPoint.player, func.max(RatingPoint.games).label("games")).group_by(RatingPoint.player))}
            for p in board["players"]:
                if p["games"] and p["games"] != last.get(p["name"]):
                    db.add(RatingPoint(player=p["name"], at=now, games=p["games"], mu=p["mu"], sigma=p["sigma"]))
            owners = {s.ladder_name: (s.owner, s.name, s.version) for s in
                      db.scalars(select(Submission).where(Submission.status == "accepted"))}
            db.commit()
        players = []
        for p in board["players"]:
            owner, shown, version = owners.get(p["name"], (None, p["name"], 1))
            players.append({"name": shown, "ladder_name": p["name"], "owner": owner, "version": version,
                            "place": p["place"], "rating": p["mu"], "sigma": p["sigma"],
                            "conservative": p["conservative"],
                            "interval": [round(p["mu"] - 3 * p["sigma"], 6), round(p["mu"] + 3 * p["sigma"], 6)],
                            "games": p["games"], "wins": p["wins"], "faults": p["faults"],
                            "status": "playing" if p["name"] in waiting else "rated"})
        self.board = board
        self.rate_seconds = time.monotonic() - began
        self.public = {"tournament": self.cfg.name, "game": self.cfg.game, "seats": self.cfg.seats,
                       "games_recorded": board["games_recorded"], "updated": now, "players": players,
                       "rate_seconds": round(self.rate_seconds, 3)}
        with self.sessions() as db:  # for the processes that only read (arena serve --read-only)
            set_setting(db, PUBLIC, json.dumps(self.public))
            db.commit()

    def maybe_report(self, force: bool = False) -> None:
        if self.unrated:
            return
        if not force and (time.monotonic() - self.report_at < REPORT_SECONDS
                          or self.reported_games == self.board.get("games_recorded")):
            return
        self.report_at = time.monotonic()
        self.reported_games = self.board.get("games_recorded")
        write_report(self.cfg, self.store, self.board)

    def record(self, game_id: str) -> dict | None:
        """The whole record of game ``game_id`` (read by its place in the log, beside the loop,
        never waiting for it), or None."""
        return self.index.record(game_id)
