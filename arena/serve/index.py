"""The ladder's index of its log: what the pages read, kept in the server's database.

Per game (:class:`arena.serve.db.GameIndex`) its id, ladder, players by seat, places, scores,
faults and where its record lies (a line of ``games.jsonl``, or a block of a closed segment
and the line's place in it: :func:`arena.store.results.read_located` reads it alone); per
player (:class:`~arena.serve.db.PlayerGame`) its games in the log's order with its seat,
place, score and faults; per pair of players (:class:`~arena.serve.db.HeadToHead`) their
rated games together and who placed ahead.

The index is a cache of the log, never the record: the ladder adds each game as it is
appended (:meth:`Index.add`, in the same transaction as its player rows and head-to-head
counts), moves its games' places when ``games.jsonl`` closes into a segment
(:meth:`Index.moved`, before the open log is emptied), and at every start completes itself
from the log (:meth:`Index.open`): rows past the log's end (lines a repair dropped) go, with
their counts; the lines of ``games.jsonl`` not in it are added at once; the closed segments'
lines not yet indexed (a first open of a large folder: ``indexed_lines`` in the settings
says how far the index reaches) are added by a thread of their own while the site serves,
a segment per transaction, and :attr:`Index.progress` says how far it has got.
``arena serve --reindex`` empties it first and so rebuilds it from the log.

Readers (the pages) read it and the log's files without any lock of the ladder's.
"""
from __future__ import annotations

import json
import threading
import time
from collections import Counter
from itertools import combinations

from sqlalchemy import delete, func, insert, inspect, select, text, update

from arena.serve.db import GameIndex, HeadToHead, PlayerGame, get_setting, set_setting
from arena.store.log_files import LOG_DIR, blocks_of, summary
from arena.store.results import GAMES, ResultsError, read_located

VERSION = "2"  # of the index's tables; another (or none) is rebuilt from the log
OLD_TABLES = ("game_seats", "games")  # the index before version 2


def game_rows(line: int, record: dict, where: tuple, ladder: str, at: float | None) -> tuple:
    """The rows of one game: ``(game, [player rows])``."""
    players, ranks, scores = list(record.get("players") or []), record.get("ranks"), record.get("scores")
    faulted = {f.get("seat") for f in record.get("faults") or [] if isinstance(f, dict)}
    game = {"line": line, "id": record["id"], "ladder": ladder, "players": players, "ranks": ranks,
            "scores": scores if scores else None, "faults": record.get("faults") or [], "at": at,
            "file": where[0], "byte_offset": where[1], "byte_length": where[2], "slot": where[3]}
    seats = []
    for seat, name in enumerate(players):
        if name in {s["player"] for s in seats}:
            continue
        seats.append({"player": name, "line": line, "seat": seat,
                      "place": ranks[seat] if ranks and seat < len(ranks) else None,
                      "score": scores[seat] if scores and seat < len(scores) else None, "fault": seat in faulted})
    return game, seats


def pair_counts(games: list, sign: int = 1) -> Counter:
    """(a, b, field) -> change, for the head-to-head counts of ``games`` (rows of game_index):
    each pair of seats of a game with places; ``a`` < ``b``."""
    counts: Counter = Counter()
    for game in games:
        ranks, players = game["ranks"], game["players"]
        if not ranks or len(ranks) != len(players):
            continue
        best: dict = {}
        for name, place in zip(players, ranks):
            best[name] = min(place, best.get(name, place))
        for a, b in combinations(sorted(best), 2):
            counts[a, b, "games"] += sign
            field = "even" if best[a] == best[b] else ("a_ahead" if best[a] < best[b] else "b_ahead")
            counts[a, b, field] += sign
    return counts


SAID_SECONDS = 1.0  # a reader reads the writer's progress again at most this often


class Index:
    def __init__(self, sessions, store, ladder: str, echo=print, folder=None):
        """``store``: the ladder's (its writer's); None in a process that only reads
        (``arena serve --read-only``: ``folder`` the results folder)."""
        self.sessions, self.store, self.ladder, self.echo = sessions, store, ladder, echo
        self.folder = store.folder if store is not None else folder
        self.lock = threading.Lock()  # the index's writers (the ladder's loop, the catch-up thread)
        self.progress = {"indexed": 0, "lines": 0, "done": True}
        self._said_at = 0.0
        self.thread: threading.Thread | None = None
        self._stop = threading.Event()

    # --- starting ---------------------------------------------------------------------------
    def open(self, reindex: bool = False) -> None:
        """Make the index agree with the log (see the module): at once what games.jsonl holds,
        the closed segments' lines it lacks in :meth:`start_catch_up`'s thread."""
        lines = self.store.signer.lines if self.store.signer else 0
        with self.sessions() as db:
            names = set(inspect(db.get_bind()).get_table_names())
            if reindex or get_setting(db, "index_version") != VERSION:
                for name in OLD_TABLES:
                    if name in names:
                        db.execute(text(f"DROP TABLE {name}"))
                db.execute(delete(HeadToHead))
                db.execute(delete(PlayerGame))
                db.execute(delete(GameIndex))
                set_setting(db, "indexed_lines", "0")
                set_setting(db, "index_version", VERSION)
            gone = [self._as_row(g) for g in db.scalars(select(GameIndex).where(GameIndex.line > lines))]
            if gone:  # lines the log no longer holds (arena verify --repair dropped them)
                self._count(db, pair_counts(gone, -1))
                db.execute(delete(PlayerGame).where(PlayerGame.line > lines))
                db.execute(delete(GameIndex).where(GameIndex.line > lines))
            reached = min(int(get_setting(db, "indexed_lines") or 0), lines)
            set_setting(db, "indexed_lines", str(reached))
            db.commit()
        closed = sum(count for _, _, count in self.store._files if count is not None)
        with self.lock, self.sessions() as db:  # places in games.jsonl of games a segment now holds (a stop
            # between a segment's close and :meth:`moved`)
            stale = list(db.scalars(select(GameIndex.line).where(GameIndex.line <= closed, GameIndex.file == GAMES)))
            if stale:
                places = self.store.locations(stale)
                db.execute(update(GameIndex), [{"line": n, "file": f, "byte_offset": o, "byte_length": k, "slot": t}
                                               for n, (f, o, k, t) in places.items()])
                db.commit()
        open_lines = list(range(closed + 1, lines + 1))
        if open_lines:  # games.jsonl's lines, at once (at most a segment's worth; those indexed are kept)
            found = self.store.records_at(open_lines)
            where = self.store.locations(open_lines)
            self._insert([(n, found[n], where[n], None) for n in open_lines if n in found and n in where])
        self.progress = {"indexed": reached, "lines": closed, "done": reached >= closed}
        with self.lock, self.sessions() as db:
            if self.progress["done"]:
                set_setting(db, "indexed_lines", str(lines))
            self._say(db)
            db.commit()

    def start_catch_up(self) -> None:
        """Index the closed segments' lines the index lacks, in a thread, a segment at a time."""
        if self.progress["done"]:
            return
        self.thread = threading.Thread(target=self._catch_up, name="index", daemon=True)
        self.thread.start()

    def _catch_up(self) -> None:
        started, first_seen = time.monotonic(), self.progress["indexed"]
        try:
            for path, first, count in [f for f in self.store._files if f[2] is not None]:
                if self._stop.is_set():
                    return
                if first + count - 1 <= self.progress["indexed"]:
                    continue
                self._index_segment(path, first, count, first + count - 1)
                self.progress["indexed"] = first + count - 1
                with self.lock, self.sessions() as db:
                    self._say(db)
                    db.commit()
            with self.lock, self.sessions() as db:  # the lines since came as they arrived (add)
                set_setting(db, "indexed_lines", str(db.scalar(select(func.max(GameIndex.line))) or 0))
                self.progress["done"] = True
                self._say(db)
                db.commit()
            self.echo(f"indexed {self.progress['lines'] - first_seen} games of the log in "
                      f"{time.monotonic() - started:.0f} s")
        except ResultsError as exc:  # a damaged segment: the pages keep what was indexed
            self.progress["error"] = str(exc)
            self.echo(f"warning: the index stopped: {exc}")

    def _index_segment(self, path, first: int, count: int, reach: int) -> None:
        with self.sessions() as db:
            have = set(db.scalars(select(GameIndex.line).where(GameIndex.line >= first,
                                                                GameIndex.line < first + count)))
        games, number, name = [], first, f"{LOG_DIR}/{path.name}"
        try:
            for offset, length, _lines, data in blocks_of(path):
                for slot, line in enumerate(data.split(b"\n")[:-1]):
                    if number not in have:
                        record = summary(line)
                        if record is not None:
                            games.append((number, record, (name, offset, length, slot), None))
                    number += 1
        except ValueError as exc:  # CheckpointError: a damaged block
            raise ResultsError(str(exc)) from None
        self._insert(games, reach)

    def stop(self) -> None:
        self._stop.set()
        if self.thread is not None:
            self.thread.join(timeout=30)

    # --- as games arrive ---------------------------------------------------------------------
    def add(self, numbered: list) -> None:
        """Index the games just appended (``[(line, record)]``), in the ladder's thread."""
        if not numbered:
            return
        where = self.store.locations([n for n, _ in numbered])
        now = time.time()
        self._insert([(n, r, where[n], now) for n, r in numbered if n in where],
                     numbered[-1][0] if self.progress["done"] else None)

    def moved(self, path, first: int, blocks: list) -> None:
        """``games.jsonl`` closed into segment ``path`` (its lines from ``first``, in ``blocks``):
        the places of its games, before the open log is emptied."""
        name, rows, line = f"{LOG_DIR}/{path.name}", [], first
        for offset, length, lines in blocks:
            rows.extend({"line": line + slot, "file": name, "byte_offset": offset, "byte_length": length,
                         "slot": slot} for slot in range(lines))
            line += lines
        with self.lock, self.sessions() as db:
            present = set(db.scalars(select(GameIndex.line).where(GameIndex.line >= first, GameIndex.line < line)))
            rows = [r for r in rows if r["line"] in present]
            if rows:
                db.execute(update(GameIndex), rows)
            db.commit()

    def _insert(self, items: list, reach: int | None = None) -> None:
        """Rows for ``[(line, record, where, at)]``, with their head-to-head counts, in one
        transaction (and ``indexed_lines`` set to ``reach``, where given); a game whose id is
        indexed already (logged twice) keeps its first line."""
        with self.lock, self.sessions() as db:
            ids = [r["id"] for _, r, _, _ in items]
            known = set()
            for start in range(0, len(ids), 500):
                known.update(db.scalars(select(GameIndex.id).where(GameIndex.id.in_(ids[start:start + 500]))))
            games, seats = [], []
            for line, record, where, at in items:
                if record["id"] in known:
                    continue
                known.add(record["id"])
                game, rows = game_rows(line, record, where, self.ladder, at)
                games.append(game)
                seats.extend(rows)
            if games:
                db.execute(insert(GameIndex), games)
                db.execute(insert(PlayerGame), seats)
                self._count(db, pair_counts(games))
            if reach is not None:
                set_setting(db, "indexed_lines", str(reach))
            db.commit()

    @staticmethod
    def _as_row(game: GameIndex) -> dict:
        return {"players": game.players, "ranks": game.ranks}

    @staticmethod
    def _count(db, counts: Counter) -> None:
        pairs: dict = {}
        for (a, b, field), change in counts.items():
            pairs.setdefault((a, b), {})[field] = change
        for (a, b), changes in pairs.items():
            row = db.get(HeadToHead, (a, b))
            if row is None:
                row = HeadToHead(a=a, b=b, games=0, a_ahead=0, b_ahead=0, even=0)
                db.add(row)
            for field, change in changes.items():
                setattr(row, field, getattr(row, field) + change)
        db.flush()

    # --- reading (the pages) ------------------------------------------------------------------
    def record(self, game_id: str) -> dict | None:
        """The whole record of game ``game_id``, read by its place (one line, or one block); None
        where the index has no such game."""
        for _ in range(3):
            with self.sessions() as db:
                row = db.scalar(select(GameIndex).where(GameIndex.id == game_id))
            if row is None:
                return None
            found = read_located(self.folder, (row.file, row.byte_offset, row.byte_length, row.slot), game_id)
            if found is not None:
                return found
            time.sleep(0.05)  # games.jsonl was emptied into a segment meanwhile: its new place
        if self.store is None:
            return None
        found = self.store.records_at([row.line]).get(row.line)
        return found if found is not None and found.get("id") == game_id else None

    def status(self) -> dict:
        """How far the index has got, for the pages (a reader's: as the writer last said)."""
        if self.store is None:
            now = time.monotonic()
            if now - self._said_at > SAID_SECONDS:
                with self.sessions() as db:
                    said = get_setting(db, "index_progress")
                self.progress, self._said_at = (json.loads(said) if said else self.progress), now
        shown = {k: self.progress[k] for k in ("indexed", "lines", "done")}
        shown["games"] = shown.pop("lines")
        return shown

    def _say(self, db) -> None:
        """How far it has got, for the processes that only read (in the caller's transaction)."""
        set_setting(db, "index_progress", json.dumps({k: self.progress[k] for k in ("indexed", "lines", "done")}))


def head_to_head(db, player: str) -> list:
    """``player``'s record against each opponent: ``[{opponent, games, ahead, behind, even}]``."""
    rows = db.scalars(select(HeadToHead).where((HeadToHead.a == player) | (HeadToHead.b == player)))
    out = []
    for row in rows:
        mine = row.a == player
        out.append({"opponent": row.b if mine else row.a, "games": row.games,
                    "ahead": row.a_ahead if mine else row.b_ahead, "behind": row.b_ahead if mine else row.a_ahead,
                    "even": row.even})
    return sorted(out, key=lambda r: (-r["games"], r["opponent"]))


def count_games(db) -> int:
    return db.scalar(select(func.count()).select_from(GameIndex)) or 0
