"""The ladder behind ``arena serve``: a tournament's results folder that keeps playing.

One :class:`Ladder` holds the results folder's lock for the life of the server and is the
only writer of its config and game log, from one thread.  Each turn of its loop it

1. retires the players their owners asked to retire;
2. checks the next queued submission in the jail, exactly as ``arena submit`` does
   (:func:`arena.runs.tournament.check_new_player`: the server never imports submitted
   code), and adds it to the tournament's config (a newer version of a user's player
   retires the older from the config: its games stay in the log, unrated);
3. plays games with the tournament's own runner (:mod:`arena.runs.runner`, on Ray, or in
   this process with ``workers: 0``): first every missing game of the first
   ``base`` deals of every pairing (the config's ``games_per_pairing`` when the server first
   opened it: a newcomer's pairings against the ladder), then, for ever, the next deal (all
   its seat rotations) of the pairings whose players' ratings are least certain (the largest
   sum of TrueSkill sigmas);
4. appends the games to the authenticated log, indexes them in the database, rates everyone
   (:func:`arena.runs.tournament.write_leaderboard`) and keeps each player's rating history.

Which games exist is the log's tally, so a restart, after a clean stop or a ``kill -9``,
plays each missing game once and never a recorded one again; a submission caught half way
through its check is checked again; the database's index of games is completed from the log
(:meth:`Ladder.reconcile`).
"""
from __future__ import annotations

import copy
import signal
import threading
import time
from pathlib import Path

from sqlalchemy import delete, func, select

from arena.runs.config import ConfigError, PlayerEntry, config_from_dict
from arena.runs.runner import Interrupted, run_on_ray
from arena.runs.schedule import ScheduledGame, deal_seed, game_id, pairings, pending_games
from arena.runs.tournament import (TournamentError, check_log_against_schedule, check_new_player, game_setup,
                                   job_for, lock_results, settle_seeds, stored_config, tournament_key,
                                   write_leaderboard, write_report)
from arena.runs.worker import play_one
from arena.serve.db import GameIndex, GameSeat, RatingPoint, Submission, get_setting, set_setting
from arena.store.results import ResultsError

RETRIES = 3  # a game that fails for no player's reason this many times is left for a restart
JAIL_LOCK = threading.Lock()  # this process's jail templates serve one spawn at a time
REPORT_SECONDS = 60.0  # the report (matplotlib) is redrawn at most this often
RATE_SECONDS = 3.0  # while games are played, the leaderboard is rated at most this often (it takes CPU
# from the pages): at once when a newcomer's last base game is in


class Stop:
    """SIGINT and SIGTERM: the loop stops after what it is doing; while a game or a check runs
    (``interruptible``) at once, the game unrecorded (a restart plays it)."""

    def __init__(self):
        self.event = threading.Event()
        self.interruptible = False
        self.previous: dict = {}

    def install(self) -> None:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                previous = signal.signal(sig, self._on_signal)
                self.previous.setdefault(sig, previous)

    def uninstall(self) -> None:
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)
        self.previous = {}

    def _on_signal(self, signum, frame):
        self.event.set()
        if self.interruptible:
            self.interruptible = False
            raise KeyboardInterrupt

    def is_set(self) -> bool:
        return self.event.is_set()

    def set(self) -> None:
        self.event.set()


class Ladder:
    def __init__(self, folder, sessions, workers: int | None = None, address: str | None = None, echo=print):
        folder = Path(folder).resolve()
        cfg = stored_config(folder)
        if cfg is None:
            raise ResultsError(f"{folder}: no config.yaml here; start the tournament first "
                               "(e.g. `arena tournament configs/ladder.yaml`), then serve its results folder")
        cfg.output, cfg.name = str(folder.parent), folder.name
        self.cfg, self.folder, self.sessions, self.echo = cfg, folder, sessions, echo
        self.address = address or cfg.ray_address
        self.workers = cfg.workers if workers is None else workers
        self.store = lock_results(folder)
        self.lock = threading.RLock()  # the store and the board, between the loop and the pages
        try:
            self.store.open(warn=lambda m: echo(f"warning: {m}"), for_check=True)
            settle_seeds(cfg, cfg, self.store.tally.recorded > 0)
            if cfg.seeds == "public":
                raise TournamentError(f"{folder}: its seeds are public (seeds: public), so it cannot take submitted "
                                      "players; serve a tournament with `seeds: secret` (configs/ladder.yaml)")
            if cfg.isolation == "none":  # submitted code would run in this process, beside the secret and the log
                raise TournamentError(f"{folder}: its players run unconfined (isolation: none), so it cannot take "
                                      "submitted players; serve a tournament whose config leaves `isolation` out "
                                      "(the jail)")
            self.key = tournament_key(cfg, self.store)
            check_log_against_schedule(cfg, self.store, self.key, echo)
            with sessions() as db:
                self.base = int(get_setting(db, "base_deals") or cfg.games_per_pairing)
                set_setting(db, "base_deals", str(self.base))
                db.commit()
        except BaseException:
            self.store.unlock()
            raise
        self.failures: dict = {}  # game id -> plays that failed for no player's reason
        self.stop = Stop()
        self.board: dict = {}
        self.public: dict = {"players": []}  # what the pages and the API read, replaced whole
        self.report_at = 0.0
        self.reported_games = -1
        self.games_played = 0
        self.rated_at = 0.0
        self.base_waiting: set = set()  # players with base games still to play, at the last rating

    # --- starting: the database made to agree with the log and the config ----------------
    def reconcile(self) -> None:
        names = {p.name for p in self.cfg.players}
        with self.sessions() as db:
            for sub in db.scalars(select(Submission).where(Submission.status.in_(("checking", "accepted")))):
                if sub.status == "checking":  # stopped during its check: config first, then the database
                    sub.status = "accepted" if sub.ladder_name in names else "queued"
                elif sub.ladder_name not in names:
                    sub.status, sub.reason = "retired", "no longer in the tournament's config"
            db.commit()
            lines = self.store.signer.lines if self.store.signer else 0
            db.execute(delete(GameSeat).where(GameSeat.game_id.in_(select(GameIndex.id).where(GameIndex.line > lines))))
            db.execute(delete(GameIndex).where(GameIndex.line > lines))
            last = db.scalar(select(func.max(GameIndex.line))) or 0
            db.commit()
        if last < lines:
            numbers = list(range(last + 1, lines + 1))
            for start in range(0, len(numbers), 1000):
                found = self.store.records_at(numbers[start:start + 1000])
                self._index([(n, found[n]) for n in sorted(found)])
            self.echo(f"indexed {lines - last} games of the log in the database")
        self.rate()

    # --- the loop ------------------------------------------------------------------------
    def run(self) -> None:
        """Check, play and rate until :attr:`stop` is set (a signal, or the server's end)."""
        self.stop.install()
        try:
            while not self.stop.is_set():
                worked = self.apply_retirements()
                worked = self.check_next() or worked
                if self.stop.is_set():
                    break
                jobs = self.next_jobs()
                if jobs:
                    self.play(jobs)
                    if time.monotonic() - self.rated_at >= RATE_SECONDS or self._newcomers_just_done():
                        self.rate()
                elif not worked:
                    self.stop.event.wait(0.5)
                self.maybe_report()
        finally:
            self.stop.uninstall()

    def close(self) -> None:
        with self.lock:
            self.store.close()
            self.store.unlock()

    def _interruptible(self, call, *args):
        """``call(*args)`` with a stop signal raising KeyboardInterrupt inside it; None when stopped."""
        if self.stop.is_set():
            return None
        self.stop.interruptible = True
        try:
            return call(*args)
        except (KeyboardInterrupt, Interrupted):
            self.stop.set()
            return None
        finally:
            self.stop.interruptible = False

    # --- submissions ---------------------------------------------------------------------
    def apply_retirements(self) -> bool:
        with self.sessions() as db:
            asked = list(db.scalars(select(Submission).where(Submission.retire.is_(True),
                                                             Submission.status.in_(("accepted", "queued")))))
            if not asked:
                return False
            gone = {s.ladder_name for s in asked}
            self._set_players([p for p in self.cfg.players if p.name not in gone])
            for sub in asked:
                sub.status, sub.reason, sub.updated = "retired", "retired by its owner", time.time()
            db.commit()
        self.rate()
        return True

    def check_next(self) -> bool:
        """Check the oldest queued submission; True if there was one."""
        with self.sessions() as db:
            sub = db.scalar(select(Submission).where(Submission.status == "queued").order_by(Submission.id).limit(1))
            if sub is None:
                return False
            sub.status, sub.updated = "checking", time.time()
            db.commit()
            entry = PlayerEntry(sub.ladder_name, sub.spec, dict(sub.params or {}))
            self.echo(f"checking {sub.owner}/{sub.name} (version {sub.version})")
            problem = self._interruptible(self._check, entry)
            if problem is None and self.stop.is_set():
                return True  # stopped during the check: the restart checks it again
            if problem:
                sub.status, sub.reason, sub.updated = "rejected", problem, time.time()
                db.commit()
                self.echo(f"rejected {sub.owner}/{sub.name}: {problem}")
                return True
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
        self.rate()
        return True

    def _check(self, entry) -> str:
        """'' when the player passes ``arena submit``'s checks, else what is wrong."""
        cfg = copy.deepcopy(self.cfg)
        cfg.players.append(entry)
        try:
            config_from_dict(cfg.to_dict(), f"{self.folder}/config.yaml (with {entry.name!r})")
        except ConfigError as exc:
            return str(exc)
        try:
            with JAIL_LOCK:
                check_new_player(entry, self.cfg)
        except TournamentError as exc:  # the upload's folder is the server's business, not the message's
            return str(exc).replace(str(Path(entry.spec.rpartition(":")[0]).parent) + "/", "")
        except Exception as exc:  # noqa: BLE001 - whatever else one upload causes is that upload's, not the ladder's end
            return f"the check could not be made ({type(exc).__name__}: {str(exc)[:200]})".replace(
                str(Path(entry.spec.rpartition(":")[0]).parent) + "/", "")
        return ""

    def _set_players(self, players: list) -> None:
        with self.lock:
            self.cfg.players = players
            self.cfg.games_per_pairing = max(self.base, self.store.tally.deals_recorded(), 1)
            self.store.write_config(self.cfg.to_yaml())

    # --- which games next ----------------------------------------------------------------
    def next_jobs(self) -> list:
        """The newcomers' games first (the base deals of every pairing), then the next deal of
        the pairings whose ratings are least certain."""
        cfg, tally = self.cfg, self.store.tally
        if len(cfg.players) < cfg.seats:
            return []
        limit = max(1, 2 * self.workers) * cfg.seats
        base = copy.copy(cfg)
        base.games_per_pairing = self.base
        games = [g for g in pending_games(base, self.key, tally.missing) if self.failures.get(g.id, 0) < RETRIES]
        if not games:
            games = self._uncertain(limit)
        top = max((g.deal + 1 for g in games), default=0)
        if top > cfg.games_per_pairing:  # the stored config's games_per_pairing follows the deals played
            with self.lock:
                cfg.games_per_pairing = top
                self.store.write_config(cfg.to_yaml())
        return [job_for(cfg, g, self.key) for g in games[:limit]]

    def _uncertain(self, limit: int) -> list:
        cfg, tally = self.cfg, self.store.tally
        sigma = {p["name"]: p["sigma"] for p in self.board.get("players", [])}
        order = pairings([p.name for p in cfg.players], cfg.seats)

        def deals(pairing):
            t = tally.pairings.get(pairing)
            return t.deals_recorded() if t is not None else 0

        ranked = sorted(enumerate(order), key=lambda ip: (-round(sum(sigma.get(n, 25 / 3) for n in ip[1]), 6),
                                                           deals(ip[1]), ip[0]))
        games = []
        per_pairing = max(cfg.games_per_pairing, 1) * cfg.seats
        for position, pairing in ranked:
            deal = deals(pairing)
            if deal and tally.missing(pairing, deal - 1):
                deal -= 1  # a deal left half played
            seed = deal_seed(cfg.seed, pairing, deal, self.key)
            for rotation in tally.missing(pairing, deal):
                gid = game_id(pairing, deal, rotation)
                if self.failures.get(gid, 0) < RETRIES:
                    games.append(ScheduledGame(position * per_pairing + deal * cfg.seats + rotation, gid, pairing,
                                               deal, rotation, seed, pairing[rotation:] + pairing[:rotation]))
            if len(games) >= limit:
                break
        return games

    # --- playing ----------------------------------------------------------------------------
    def play(self, jobs: list) -> None:
        setup = game_setup(self.cfg)
        if self.workers <= 0 and not self.address:  # 0: in this process; 1 or more: Ray workers
            for job in jobs:
                if self.stop.is_set():
                    return
                record = self._interruptible(self._play_here, setup, job)
                if record is not None:
                    self.keep([record])
            return
        from arena.jail import leftovers
        from arena.runs.runner import start_ray

        import ray

        if not ray.is_initialized():
            start_ray(self.workers, self.address, self.echo)
            self.stop.install()  # again: Ray's own SIGTERM handler would end the process half way through a stop
            if not self.address:
                leftovers.remember(self.folder)  # Ray's processes, for a restart after a kill -9 to stop
        self._interruptible(run_on_ray, setup, jobs, self.keep, self.workers, self.address, None,
                            self.cfg.games_per_task)

    @staticmethod
    def _play_here(setup, job):
        with JAIL_LOCK:
            return play_one(setup, job)

    def keep(self, batch: list) -> None:
        """Append finished games to the log (a failed one is played again later), then index them."""
        interruptible, self.stop.interruptible = self.stop.interruptible, False  # a game is kept whole or not at all
        try:
            for record in batch:
                if record.get("failed"):
                    self.failures[record["id"]] = self.failures.get(record["id"], 0) + 1
                    self.echo(f"warning: game {record['id']} failed for no player's reason: {record['failed']}")
            batch = [r for r in batch if not r.get("failed")]
            if not batch:
                return
            with self.lock:
                self.store.append(batch)
                last = self.store.signer.lines
            self._index(list(zip(range(last - len(batch) + 1, last + 1), batch)))
            self.games_played += len(batch)
        finally:
            self.stop.interruptible = interruptible
            if interruptible and self.stop.is_set():
                raise KeyboardInterrupt

    def _index(self, numbered: list) -> None:
        with self.sessions() as db:
            known = set(db.scalars(select(GameIndex.id).where(GameIndex.id.in_([r["id"] for _, r in numbered]))))
            for line, record in numbered:
                if record["id"] in known:
                    continue  # a game logged twice: the first is the game
                known.add(record["id"])
                db.add(GameIndex(id=record["id"], line=line, players=list(record["players"]),
                                 ranks=record.get("ranks"), faults=record.get("faults") or [], at=time.time()))
                db.flush()
                for name in set(record["players"]):
                    db.add(GameSeat(game_id=record["id"], player=name))
            db.commit()

    # --- ratings ------------------------------------------------------------------------------
    def _newcomers_just_done(self) -> bool:
        """Whether every base game is in, though the last rating had players waiting for theirs
        (their status turns from 'playing' to 'rated' at once, not at the next rating)."""
        if not self.base_waiting:
            return False
        base = copy.copy(self.cfg)
        base.games_per_pairing = self.base
        return not pending_games(base, self.key, self.store.tally.missing)

    def rate(self) -> None:
        self.rated_at = time.monotonic()
        with self.lock:
            board = write_leaderboard(self.cfg, self.store, report=False)
            base = copy.copy(self.cfg)
            base.games_per_pairing = self.base
            waiting = {n for g in pending_games(base, self.key, self.store.tally.missing) for n in g.players}
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
        self.public = {"tournament": self.cfg.name, "game": self.cfg.game, "seats": self.cfg.seats,
                       "games_recorded": board["games_recorded"], "updated": now, "players": players}

    def maybe_report(self, force: bool = False) -> None:
        if not force and (time.monotonic() - self.report_at < REPORT_SECONDS
                          or self.reported_games == self.board.get("games_recorded")):
            return
        self.report_at = time.monotonic()
        self.reported_games = self.board.get("games_recorded")
        with self.lock:
            write_report(self.cfg, self.store, self.board)

    def record(self, line: int) -> dict | None:
        """The whole record of the log's line ``line``."""
        with self.lock:
            return self.store.records_at([line]).get(line)
