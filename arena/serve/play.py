"""A user's game against a ladder bot, in the browser: the human's seat over HTTP, the bot in
its jail (a built-in in this process) under the ladder's clocks, the human untimed.

Each game runs :func:`arena.game.match.play_game` in a thread of its own; the human seat's
``act`` waits for the move the page posts.  The game is recorded in the database
(``human_games``), apart from the ladder's log and ratings, as a record the replay viewer reads.

The limits (a bot waiting for a human holds its memory, frozen, the whole game):

- ``PER_USER`` live games a user, ``MAX_LIVE`` on the server;
- memory: a jailed bot runs under the ladder's per-player limit (``player_memory_mb``, as
  :func:`arena.runs.worker.jail_limits` gives it: its cgroup caps its whole process tree, and
  ``RLIMIT_AS`` each process), and its game reserves that limit from the server's budget for
  the bots of all browser games together (``HumanGames(memory_budget_mb=...)``, default
  ``MEMORY_BUDGET_MB``; ``arena serve --play-memory-mb``).  A game whose reservation would take
  the live games' past the budget is refused (``OverflowError``, answered 429: "the server's
  memory for bots in browser games is taken ...; try again when a game ends").  A built-in bot
  (arena's own code, in this process) reserves nothing, nor does any bot of an ``isolation:
  none`` ladder (trusted players, in this process, capped by no jail);
- time: the human resigns after ``IDLE_SECONDS`` without a move (each move starts that clock
  again), and at their first turn past ``GAME_SECONDS`` from the game's start, however often
  they moved; the bot's own time is the ladder's clocks' (``move_seconds``, ``game_seconds``);
- whichever way a game ends (over, resigned, idle, too long, the server stopping, an error),
  its bot's processes are killed at once (their cgroup with them: the memory is free) and
  then its reservation released.
"""
from __future__ import annotations

import queue
import secrets
import threading
import time

from arena.game.match import play_game
from arena.game.player_text import plural
from arena.game.plugins import is_builtin
from arena.serve.db import HumanGame

IDLE_SECONDS = 600.0  # the longest a human may take over a move: then they resign
GAME_SECONDS = 3600.0  # a whole game, however often the human moves: at their turn past it, they resign
MEMORY_BUDGET_MB = 4096  # every jailed bot's memory limit together (arena serve --play-memory-mb)
STOP_SECONDS = 5.0  # stop(): how long it waits, for all games together, for their bots to be killed
MAX_LIVE = 8
PER_USER = 2  # live games a user may have at once: one user cannot take every seat of MAX_LIVE


class Resigned(Exception):
    """The human left the game (no move for IDLE_SECONDS, past GAME_SECONDS, or the server stops)."""


class HumanSeat:
    """The seat a page plays: each ``act`` publishes the observation and waits for a move."""

    name = "human"

    def __init__(self, game: "LiveGame"):
        self.live = game

    def start(self, game, seat, num_players, seed):
        pass

    def act(self, observation):
        return self.live.ask(observation)

    def end(self, result):
        pass


class LiveGame:
    def __init__(self, gid: str, owner: str, bot: str, game: str, seat: int, seats: int, memory_mb: int = 0):
        self.id, self.owner, self.bot, self.game, self.seat, self.seats = gid, owner, bot, game, seat, seats
        self.memory_mb = memory_mb  # of the server's budget for bots, while the game lasts
        self.moves: queue.Queue = queue.Queue()
        self.changed = threading.Condition()
        self.turn = 0  # bumped at every change the page shows
        self.waiting = None  # (render, [action texts]) while the human is to move
        self.log: list = []  # (seat, action text)
        self.over = None  # the record, at the end
        self.stopping = False
        self.ends = time.monotonic() + GAME_SECONDS  # past it, the human resigns at their turn
        self.thread: threading.Thread | None = None  # the game's (HumanGames._play)

    def ask(self, observation):
        from engine.registry import get_game

        to_text = get_game(self.game).action_to_text
        with self.changed:
            self.waiting = (observation.render(), [to_text(a) for a in observation.legal_actions])
            self.turn += 1
            self.changed.notify_all()
        deadline = min(time.monotonic() + IDLE_SECONDS, self.ends)
        try:
            while True:
                if self.stopping:
                    raise Resigned("the server stopped")
                left = deadline - time.monotonic()
                if left <= 0:  # before any move queued: a turn that begins past the game's end is not played
                    raise Resigned(f"no move for {IDLE_SECONDS:g} s" if deadline < self.ends else
                                   f"the game passed {GAME_SECONDS:g} s")
                try:
                    index = self.moves.get(timeout=min(1.0, left))
                except queue.Empty:
                    continue
                if 0 <= index < len(observation.legal_actions):
                    return observation.legal_actions[index]
        finally:
            with self.changed:
                self.waiting = None
                self.turn += 1
                self.changed.notify_all()

    def step(self, state, seat, action):
        from engine.registry import get_game

        with self.changed:
            self.log.append((seat, get_game(self.game).action_to_text(action)))

    def wait_change(self, seen: int, seconds: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.turn != seen or self.over is not None, timeout=seconds)
            return self.turn


class HumanGames:
    def __init__(self, ladder, sessions, memory_budget_mb: int = MEMORY_BUDGET_MB):
        self.ladder, self.sessions = ladder, sessions
        self.memory_budget_mb = memory_budget_mb
        self.live: dict = {}
        self.lock = threading.Lock()
        with sessions() as db:  # games an earlier server left unfinished (stopped, killed): over, unplayed
            for row in db.query(HumanGame).filter(HumanGame.status == "playing"):
                row.status = "abandoned"
            db.commit()

    def start(self, owner: str, bot: str, seat: int) -> str:
        cfg = self.ladder.cfg
        entry = next((p for p in cfg.players if p.name == bot), None)
        if entry is None:
            raise ValueError(f"no ladder player {bot!r}")
        if not 0 <= seat < cfg.seats:
            raise ValueError(f"seat {seat}: the ladder's games have seats 0 to {cfg.seats - 1}")
        with self.lock:
            for old in [g for g in self.live.values() if g.over is not None]:  # kept in the database
                del self.live[old.id]
            live = [g for g in self.live.values() if g.over is None]
            if sum(g.owner == owner for g in live) >= PER_USER:
                raise OverflowError(f"you have {PER_USER} games against bots going; finish one (or let it lapse: "
                                    f"{IDLE_SECONDS:.0f} s without a move) first")
            if len(live) >= MAX_LIVE:
                raise OverflowError(f"{MAX_LIVE} games against bots are being played; try again later")
            need = self._memory_of(entry)
            held = sum(g.memory_mb for g in live)  # a game's reservation is held until it is over
            if need > self.memory_budget_mb:
                raise OverflowError(f"{bot} may use {need} MiB (the ladder's player_memory_mb), more than the "
                                    f"server's memory for bots in browser games ({self.memory_budget_mb} MiB): "
                                    "it cannot be played here")
            if need and held + need > self.memory_budget_mb:
                raise OverflowError(f"the server's memory for bots in browser games is taken ({held} of "
                                    f"{self.memory_budget_mb} MiB, by {plural(sum(g.memory_mb > 0 for g in live), 'game')}; {bot} "
                                    f"needs {need} MiB); "
                                    "try again when a game ends")
            gid = secrets.token_hex(8)
            game = self.live[gid] = LiveGame(gid, owner, bot, cfg.game, seat, cfg.seats, need)
        try:
            with self.sessions() as db:
                db.add(HumanGame(id=gid, owner=owner, bot=bot, status="playing", record=None))
                db.commit()
            game.thread = threading.Thread(target=self._play, args=(game, entry), name=f"human-game-{gid}",
                                           daemon=True)
            game.thread.start()
        except BaseException:  # not started: its seat and reservation are free again
            with self.lock:
                self.live.pop(gid, None)
            raise
        return gid

    def _memory_of(self, entry) -> int:
        """The memory (MiB) a game against ``entry`` reserves: its jail's limit, 0 for a built-in."""
        from arena.jail import Limits

        cfg = self.ladder.cfg
        if is_builtin(entry.spec, entry.params) or cfg.isolation == "none":
            return 0
        return int(cfg.player_memory_mb or Limits.memory_mb)

    def _play(self, live: LiveGame, entry) -> None:
        from arena.runs.tournament import game_setup
        from arena.runs.worker import jail_limits

        cfg = self.ladder.cfg
        bot = process = None
        seed = secrets.randbits(62)
        names = []
        players = []
        faults, record, status = [], None, "failed"

        def failed(detail: str) -> dict:
            return {"id": live.id, "game": cfg.game, "options": dict(cfg.options), "num_players": cfg.seats,
                    "seed": seed, "players": names, "actions": [a for _, a in live.log], "scores": [],
                    "ranks": None, "faults": [{"seat": None, "kind": "error", "detail": detail}],
                    "human_seat": live.seat, "bot": entry.name}

        try:
            setup = game_setup(cfg)
            spec, params = setup["players"][entry.name]
            if is_builtin(spec, params) or cfg.isolation == "none":
                from players.loading import make_player

                bot = make_player(spec, params, cfg.game)
            else:
                from arena.jail import spawn

                bot = process = spawn(spec, params, cfg.game, jail_limits(setup))  # Jail.spawn: one at a time
            for s in range(cfg.seats):
                players.append(HumanSeat(live) if s == live.seat else bot)
                names.append(f"you ({live.owner})" if s == live.seat else entry.name)
            if cfg.seats > 2:
                from players.random_player import RandomPlayer

                for s in range(cfg.seats):  # a ladder of more seats: the other seats random players
                    if s not in (live.seat, (live.seat + 1) % cfg.seats):
                        players[s], names[s] = RandomPlayer(seed=s), "random"
            result = play_game(cfg.game, players, seed, cfg.options, names=names, move_seconds=cfg.move_seconds,
                               game_seconds=cfg.game_seconds, on_step=live.step, untimed={live.seat},
                               player_seeds=[secrets.randbits(62) for _ in players])
            faults = [{"seat": f.seat, "kind": f.kind, "detail": f.detail} for f in result.faults]
            record = {"id": live.id, "game": cfg.game, "options": dict(cfg.options), "num_players": cfg.seats,
                      "seed": seed, "players": names, "actions": result.actions, "scores": result.scores,
                      "ranks": result.ranks, "faults": faults, "human_seat": live.seat, "bot": entry.name}
            status = "over"
        except Exception as exc:  # noqa: BLE001 - the game failed; the page says why
            record, status = failed(f"{type(exc).__name__}: {exc}"), "failed"
        finally:
            try:
                if process is not None:
                    process.kill()  # its whole process tree and cgroup: the memory is free again
            finally:
                if record is None:  # not an Exception (SystemExit in this thread, say): failed all the same
                    record = failed("the game's thread was stopped")
                try:
                    with self.sessions() as db:
                        row = db.get(HumanGame, live.id)
                        row.status, row.record = status, record
                        db.commit()
                finally:  # over, whatever the database said: its reservation is free
                    with live.changed:
                        live.over = record
                        live.turn += 1
                        live.changed.notify_all()

    def get(self, gid: str) -> LiveGame | None:
        return self.live.get(gid)

    def record(self, gid: str) -> dict | None:
        with self.sessions() as db:
            row = db.get(HumanGame, gid)
            return None if row is None else {"owner": row.owner, "bot": row.bot, "status": row.status,
                                             "record": row.record}

    def stop(self, wait: float = STOP_SECONDS) -> None:
        """Every human resigns (within a second, or when the bot has moved); waits ``wait``
        seconds at most, for all games together, for their bots to be killed."""
        games = list(self.live.values())
        for game in games:
            game.stopping = True
        end = time.monotonic() + wait
        for game in games:
            if game.thread is not None and game.thread is not threading.current_thread():
                game.thread.join(max(0.0, end - time.monotonic()))
