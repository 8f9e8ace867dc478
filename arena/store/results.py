"""The results store of one tournament: ``results/<name>/``.

- ``config.yaml``: the config the games were played under (replaced atomically).
- ``games.jsonl``: append-only, one JSON object per finished game.  Lines are
  written with a single ``os.write`` on an ``O_APPEND`` descriptor followed by
  ``fsync``, so a crash at any moment loses no finished game and can at worst
  leave the last line torn.  On load a torn last line (no newline, or not JSON)
  is dropped with a warning and truncated away; a bad line in the middle, or
  any valid JSON line that is not a usable game record (:mod:`arena.store.record_check`),
  is an error naming the file and line, and nothing is changed.
- ``log/NNNNNN.jsonl.gz``, ``.checkpoint``: when ``games.jsonl`` reaches
  ``SEGMENT_LINES`` lines they move, compressed, into the next closed segment, and the
  checkpoint records the segments and the tally of their games
  (:mod:`arena.store.log_files`, :mod:`arena.store.tally`); :meth:`ResultsStore.open`
  reads the checkpoint and ``games.jsonl`` only, :meth:`ResultsStore.verify` every line.
- ``leaderboard.md`` / ``leaderboard.json``: written after each run.
- ``.secret``, ``.games.head``: the tournament's secret and the log's head
  (:mod:`arena.store.secret`); every line of the log carries an
  authentication tag, checked as it is read: a line added, changed or removed
  outside arena is an error naming the file and line.
- ``.lock``: held (``flock``) by the one ``arena`` process playing this tournament,
  so that two runs never append the same games.
"""
from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import os
import re
import sys
from pathlib import Path

from arena.game.player_text import plural
from arena.store.log_files import (CHECKPOINT, LOG_DIR, SEGMENT_LINES, CheckpointError, checkpoint_fits,
                                   blocks_of, leftover_of_close, read_block, read_checkpoint, read_segment,
                                   segments_on_disk, summary, write_atomically, write_checkpoint, write_segment)
from arena.store.record_check import record_problem
from arena.store.secret import HEAD
from arena.store.tally import Tally, seating as seats_of

GAMES = "games.jsonl"
CONFIG = "config.yaml"
LOCK = ".lock"


class ResultsError(ValueError):
    """A results folder or file that cannot be read; the message names it."""


def _unauthenticated(path) -> ResultsError:
    return ResultsError(
        f"{path}: this game log has no authentication tags (it was written by an arena from before logs "
        "were authenticated, or the folder's .secret is missing), so its lines cannot be trusted. "
        "Run the tournament again with --fresh (the old folder is moved aside, not deleted) to play its games "
        "anew; or, if .secret was lost, put it back.")


def _game_in(raw: bytes) -> str:
    """``", game ID"`` where a cut-short line still shows its game's id, else nothing."""
    match = re.match(rb'\{"id":"([0-9A-Za-z_.:-]{1,64})"', raw)
    return f", game {match.group(1).decode()}" if match else ""


class ResultsStore:
    def __init__(self, folder):
        self.folder = Path(folder)
        self.games_path = self.folder / GAMES
        self.config_path = self.folder / CONFIG
        self._fd = None
        self._lock_fd = None
        self.signer = None  # arena.store.secret.LogSigner once the log is loaded or started
        self.tally = Tally()  # of every game read or appended (arena.store.tally)
        self.segments: list = []  # the closed segments' manifest entries, in order
        self._files: list = []  # (path, its first line's number in the chain, lines or None: games.jsonl)
        self._open_lines = 0
        self._open_at: list = []  # (offset, length) in games.jsonl of each of its lines
        self._blocks: dict = {}  # a closed segment's path -> its blocks [(offset, length, lines)], once found
        self.on_close = None  # called as on_close(path, first line, blocks) when a segment closes, before
        # games.jsonl is emptied (the ladder's index moves its games' places there)
        self._skip_open = self._audited = self._auditing = self._for_check = self._repairing = False
        self.dropped: list = []  # chain lines verify(repair_tail=True) dropped or accepted as lost
        self.unchecked: dict = {}
        self.mismatched: list = []

    # --- one writer at a time -------------------------------------------------
    def try_lock(self) -> bool:
        """Take the folder's lock; False if another process holds it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.folder / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._lock_fd = fd
        return True

    def lock_holder(self) -> str:
        try:
            return (self.folder / LOCK).read_text().strip() or "?"
        except OSError:
            return "?"

    def unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    # --- config -------------------------------------------------------------
    def write_config(self, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomically(self.config_path, text.encode())

    def write_text(self, name: str, text: str) -> None:
        write_atomically(self.folder / name, text.encode())

    # --- the game log -------------------------------------------------------
    def has_games(self) -> bool:
        """Whether anything was ever logged here (a line in games.jsonl or a closed segment)."""
        return (self.games_path.exists() and self.games_path.stat().st_size > 0) or bool(segments_on_disk(self.folder))

    def open(self, warn=None, repair: bool = True, from_checkpoint: bool = True, for_check: bool = False) -> Tally:
        """The tally of every game in the log, read from the checkpoint on: the closed segments'
        tally from the checkpoint, the games of ``games.jsonl`` line by line, each line
        authenticated (a torn last line is dropped and, with ``repair``, only by the lock
        holder, truncated away).  Without a checkpoint that fits the files (or
        ``from_checkpoint=False``), every line is read.  ``for_check``: keep what
        :meth:`check_games` checks of the games read."""
        self._for_check = for_check
        self._read(warn, repair, keep=False, from_checkpoint=from_checkpoint)
        return self.tally

    def load_games(self, warn=None, repair: bool = True) -> list:
        """Every finished game in the log, in file order, every line read and authenticated."""
        self._for_check = False
        return self._read(warn, repair, keep=True, from_checkpoint=False)

    def verify(self, warn=None, repair_tail: bool = False) -> dict:
        """Every line of every segment and of games.jsonl authenticated, every closed segment's
        SHA-256 and the checkpoint's tally checked against the lines; nothing is changed.
        Returns ``{games, lines, segments, checkpoint, dropped}``; a damaged log is a
        :class:`ResultsError`.

        ``repair_tail`` (``arena verify --repair``; the caller holds the folder's lock): a damaged
        *tail* is made whole instead: a last line cut short is dropped, and lines missing from
        the end are accepted as missing (the head rewritten to the chain's end); ``warn`` says
        which lines and games, and their games are played again by the next run.  Damage
        anywhere else is still an error, and nothing is changed."""
        self._for_check = False
        self._repairing = repair_tail
        try:
            self._read(warn, repair=False, keep=False, from_checkpoint=False, audit=True)
        finally:
            self._repairing = False
        return {"games": self.tally.recorded, "lines": self.signer.lines if self.signer else 0,
                "segments": len(self.segments), "checkpoint": self._audited, "dropped": list(self.dropped)}

    def _read(self, warn, repair: bool, keep: bool, from_checkpoint: bool, audit: bool = False):
        warn = warn or (lambda message: print(f"warning: {message}", file=sys.stderr))
        from arena.store.secret import LogError, LogSigner, load_secret

        self.tally, self.segments, self._files, self.unchecked, self.mismatched = Tally(), [], [], {}, []
        self._audited, self._auditing = False, audit
        records = [] if keep else None
        try:
            key = load_secret(self.folder)
            if key is None:
                if self.has_games():
                    raise _unauthenticated(self.games_path)
                return records
            self.signer = LogSigner(key)
            checkpoint = read_checkpoint(self.folder, key)
            unread = self._start(checkpoint, from_checkpoint, repair)
            for path in unread:
                self._read_segment(path, records, checkpoint if audit else None)
            if unread and repair and from_checkpoint and not audit:  # no checkpoint that fits: the lock holder
                # writes the one it lacked, so that the next open reads no segment again
                write_checkpoint(self.folder, key, self.signer.lines, self.signer.last_tag, self.segments,
                                 self.tally.to_data())
            self._read_open_log(warn, repair, records)
            self._check_head(warn)
        except (LogError, CheckpointError) as exc:
            raise ResultsError(str(exc)) from None
        return records

    def check_segments(self) -> None:
        """Each closed segment the last :meth:`open` took from the checkpoint is the file the
        checkpoint lists, byte for byte (its SHA-256): a run calls it before it plays, so that a
        segment damaged on disk stops it before anything is appended (reading the compressed
        segments once: resume open at a million games is 0.6 s of CPU with it, `arena bench store
        --games 1000000`).  :class:`ResultsError` names the first."""
        for entry in self.segments:
            path = self.folder / entry["name"]
            digest = hashlib.sha256()
            try:
                with open(path, "rb") as f:
                    for chunk in iter(lambda: f.read(1 << 20), b""):
                        digest.update(chunk)
            except OSError as exc:  # unreadable (a failing disk, its permissions): said as damage is
                raise ResultsError(f"{path}: cannot be read ({exc.strerror or type(exc).__name__}); nothing was "
                                   f"played or appended. `arena verify {self.folder}` checks the whole log once "
                                   "it can be read") from None
            if digest.hexdigest() != entry["sha256"]:
                raise ResultsError(f"{path}: damaged (not the bytes the checkpoint lists: its SHA-256 differs): "
                                   "changed outside arena or lost by the disk; nothing was played or appended. "
                                   f"`arena verify {self.folder}` checks the whole log; restore the folder "
                                   "from a copy")

    def _check_head(self, warn) -> None:
        """Lines missing from the end (the head says arena wrote more): an error, or with
        :meth:`verify`'s ``repair_tail`` a warning and the head rewritten to the lines there are."""
        found = self.signer.read_head(self.folder / HEAD)
        if found is None or found[0] <= self.signer.lines:
            return
        missing = found[0] - self.signer.lines
        what = (f"{self.games_path}:{self._open_lines + 1}: {plural(missing, 'line')} missing from the end (arena "
                f"wrote {found[0]}, the log holds {self.signer.lines}): cut from the file after arena wrote them, "
                "with their games")
        if not self._repairing:
            raise ResultsError(f"{what}; nothing was changed. `arena verify {self.folder} --repair` accepts the log as "
                               "it is and the next run plays those games again")
        warn(f"{what}; accepted as lost: the next run plays those games again")
        self.signer.write_head(self.folder)
        self.dropped.extend(range(self.signer.lines + 1, found[0] + 1))

    def _start(self, checkpoint, from_checkpoint: bool, repair: bool) -> list:
        """Where reading starts: the checkpoint's tally, or nothing; the closed segments still to
        read.  A close that stopped half way (a segment no checkpoint lists yet, or games.jsonl
        still holding the last segment's lines) is finished or undone here."""
        on_disk = segments_on_disk(self.folder)
        listed = checkpoint["segments"] if checkpoint else []
        if len(on_disk) > len(listed) and leftover_of_close(on_disk[-1], self.games_path):
            if repair:  # written, never listed: games.jsonl still holds its lines
                on_disk[-1].unlink()
            on_disk = on_disk[:-1]
        self._skip_open = bool(listed) and len(on_disk) == len(listed) and \
            leftover_of_close(on_disk[-1], self.games_path)  # listed, games.jsonl not yet emptied
        if self._skip_open and repair:
            os.truncate(self.games_path, 0)
            self._skip_open = False
        if from_checkpoint and checkpoint and checkpoint_fits(self.folder, checkpoint) and \
                len(on_disk) == len(listed) and Tally.readable(checkpoint["tally"]):
            self.tally = Tally.from_data(checkpoint["tally"])
            self.signer.last_tag, self.signer.lines = checkpoint["tag"], checkpoint["lines"]
            self.segments = list(listed)
            first = 1
            for entry in listed:
                self._files.append((self.folder / entry["name"], first, entry["lines"]))
                first += entry["lines"]
            return []
        return on_disk

    def _read_segment(self, path: Path, records, checkpoint) -> None:
        packed = path.read_bytes()
        data = read_segment(path)
        if not data.endswith(b"\n") and data:
            raise ResultsError(f"{path}: its last line is cut short: a closed segment was changed outside arena")
        first = self.signer.lines + 1
        for number, line in enumerate(data.split(b"\n")[:-1], start=1):
            self._take(path, number, line, records)
        entry = {"name": f"{LOG_DIR}/{path.name}", "lines": self.signer.lines + 1 - first, "bytes": len(packed),
                 "raw_bytes": len(data), "sha256": hashlib.sha256(packed).hexdigest()}
        self.segments.append(entry)
        self._files.append((path, first, entry["lines"]))
        if checkpoint is not None:
            self._audit(checkpoint, entry)

    def _audit(self, checkpoint: dict, entry: dict) -> None:
        """``arena verify``: a segment the checkpoint lists is the file it lists (size, SHA-256),
        and at the last of them the chain and the tally are the checkpoint's."""
        listed = checkpoint["segments"]
        n = len(self.segments)
        if n > len(listed):
            return
        if listed[n - 1] != entry:
            raise ResultsError(f"{self.folder / entry['name']}: not the segment the checkpoint lists (its size or "
                               "SHA-256 differs): changed outside arena; the log is left as it is")
        if n == len(listed):
            tally = checkpoint["tally"] if Tally.readable(checkpoint["tally"]) else self.tally.to_data()
            if (checkpoint["lines"], checkpoint["tag"]) != (self.signer.lines, self.signer.last_tag) or \
                    tally != json.loads(json.dumps(self.tally.to_data())):
                raise ResultsError(f"{self.folder / CHECKPOINT}: does not match the segments' lines; the log is "
                                   "left as it is")
            self._audited = True

    def _read_open_log(self, warn, repair: bool, records) -> None:
        """games.jsonl line by line (the last one may be torn: dropped, or kept and its newline
        added, as the module's docstring says)."""
        self._open_lines, first = 0, self.signer.lines + 1
        self._open_at = []
        self._files.append((self.games_path, first, None))
        if not self.games_path.exists() or self._skip_open:
            return
        offset, previous = 0, None
        with open(self.games_path, "rb") as f:
            for raw in f:
                if previous is not None:
                    self._open_line(previous, False, records)
                    self._open_at.append((offset, len(previous)))
                    offset += len(previous)
                previous = raw
        if previous is None:
            return
        number = self._open_lines + 1
        record = summary(previous.rstrip(b"\n"))
        if record is None and self._committed(self.signer.lines + 1):  # arena wrote this line whole
            self._cut_short(warn, number, previous, offset)
            return
        if record is None:  # the last line, torn by a crash
            if repair:
                warn(f"{self.games_path}:{number}: torn last line (an interrupted write) dropped; "
                     "that game will be played again")
                self._truncate(offset)
            elif self._auditing:
                warn(f"{self.games_path}:{number}: torn last line (an interrupted write): the next run drops it "
                     "and plays that game again")
            return
        self._open_line(previous, True, records)
        self._open_at.append((offset, len(previous)))
        if not previous.endswith(b"\n") and repair:
            warn(f"{self.games_path}:{number}: last line had no newline; kept it and added one")
            with open(self.games_path, "ab") as f:
                f.write(b"\n")
                f.flush()
                os.fsync(f.fileno())

    def _committed(self, line: int) -> bool:
        """Whether the log's head says arena wrote chain line ``line`` whole (the head is written
        after the line's fsync: a line torn by a crash is never in it)."""
        from arena.store.secret import LogError

        try:
            head = self.signer.read_head(self.folder / HEAD)
        except LogError:
            return False  # a damaged head is reported by _check_head
        return head is not None and head[0] >= line

    def _cut_short(self, warn, number: int, raw: bytes, offset: int) -> None:
        """The last line of games.jsonl cut short after arena wrote it whole (the file was cut or
        damaged afterwards, not a crash while writing): an error that says so, or, with
        :meth:`repair_tail`, the line dropped (its game is played again by the next run)."""
        game = _game_in(raw)
        what = f"{self.games_path}:{number}: the last line is cut short ({len(raw)} bytes left of a line arena " \
               f"wrote whole{game}): the file was cut or damaged after it was written"
        if not self._repairing:
            raise ResultsError(f"{what}; nothing was changed. `arena verify {self.folder} --repair` drops that line "
                               "and the next run plays its game again")
        warn(f"{what}; dropped: the next run plays that game again")
        self._truncate(offset)
        self.dropped.append(number)

    def _open_line(self, raw: bytes, last: bool, records) -> None:
        self._open_lines += 1
        line = raw[:-1] if raw.endswith(b"\n") else raw
        self._take(self.games_path, self._open_lines, line, records)

    def _take(self, path: Path, in_file: int, line: bytes, records) -> None:
        """One line of the chain (line ``in_file`` of ``path``): parsed, authenticated, checked,
        folded into the tally."""
        number = self.signer.lines + 1
        record = summary(line)
        if record is None:
            raise ResultsError(f"{path}:{in_file}: not a game record (bad JSON or missing 'id'); the file is left "
                               "as it is: fix or remove that line")
        self.signer.check_line(path, in_file, line)
        problem = record_problem(record)
        if problem:
            raise ResultsError(f"{path}:{in_file}: game {record.get('id')!r}: {problem}; the file is left as it "
                               "is: fix or remove that line")
        record.pop("tag", None)
        key = self.tally.add(record, number)
        if key is not None and self._for_check:
            self._note_unchecked(record, key, number)
        if records is not None:
            whole = json.loads(line)
            whole.pop("tag", None)
            records.append(whole)

    def _note_unchecked(self, record: dict, key: tuple, number: int) -> None:
        """Keep what the caller checks against its schedule (:meth:`check_games`): each deal's
        seed, and every game whose seed or seating differs from the first of its deal's."""
        pairing, deal, rotation = key
        first = self.unchecked.get((pairing, deal))
        if first is None:
            first = self.unchecked[pairing, deal] = (record.get("seed"), number, record["id"], record["players"])
        seating = list(seats_of(pairing, rotation))
        if record.get("seed") != first[0] or record["players"] != seating:
            self.mismatched.append((number, record["id"], record.get("seed"), record["players"], pairing, deal,
                                    seating))

    def check_games(self, expected_seed) -> None:
        """Check the games read by the last :meth:`open` against a schedule: each game's seed must
        be ``expected_seed(pairing, deal)`` and its seats the rotation its record names;
        :class:`ResultsError` names the first that is not.  ``expected_seed`` gives None for a
        pairing the schedule no longer has (a player left): its games are not checked."""
        problems = [(number, gid, seed, players, expected_seed(pairing, deal), seating)
                    for number, gid, seed, players, pairing, deal, seating in self.mismatched
                    if expected_seed(pairing, deal) is not None]
        for (pairing, deal), (seed, number, gid, seating) in self.unchecked.items():
            expected = expected_seed(pairing, deal)
            if expected is not None and seed != expected:  # its seating is checked with the others'
                problems.append((number, gid, seed, seating, expected, seating))
        self.unchecked, self.mismatched = {}, []
        if problems:
            number, gid, seed, players, expected, seating = min(problems, key=lambda p: p[0])
            raise ResultsError(f"{self.where(number)}: game {gid} was played with seed {seed} and seats {players}, "
                               f"but the config schedules seed {expected} and seats {seating}; is this the right "
                               "results folder?")

    def where(self, number: int) -> str:
        """``file:line`` of the log's line ``number`` (1 = the first line ever written)."""
        for path, first, count in self._files:
            if count is None or number < first + count:
                return f"{path}:{number - first + 1}"
        return f"{self.games_path}:{number}"

    def locations(self, numbers) -> dict:
        """Line number -> where its record lies, ``(file, offset, length, slot)``: in a closed
        segment its block (``slot``: the line's place in the block), in games.jsonl the line
        itself (slot 0); :func:`read_located` reads it.  A closed segment's blocks are found once
        (read from the file where this process did not write it).  In the writer's thread."""
        found = {}
        for number in sorted(set(numbers)):
            for path, first, count in self._files:
                if count is None:
                    if 0 <= number - first < len(self._open_at):
                        found[number] = (path.name, *self._open_at[number - first], 0)
                    break
                if number < first + count:
                    slot = number - first
                    for offset, length, lines in self.blocks(path):
                        if slot < lines:
                            found[number] = (f"{LOG_DIR}/{path.name}", offset, length, slot)
                            break
                        slot -= lines
                    break
        return found

    def blocks(self, path: Path) -> list:
        """A closed segment's blocks ``[(offset, length, lines)]``."""
        if path not in self._blocks:
            try:
                self._blocks[path] = [(o, n, k) for o, n, k, _ in blocks_of(path)]
            except CheckpointError as exc:
                raise ResultsError(f"{exc}; `arena verify {self.folder}` checks the whole log") from None
        return self._blocks[path]

    def records_at(self, numbers) -> dict:
        """Line number -> the whole record (moves included) of those lines of the log.  Safe in
        another thread than the one appending (the ladder's pages): it reads a copy of the list of
        files, each file by a handle of its own, and a closed segment is in that list before the
        lines leave games.jsonl."""
        wanted: dict = {}
        files = list(self._files)
        for number in set(numbers):
            for path, first, count in files:
                if count is None or number < first + count:
                    wanted.setdefault((path, first), []).append(number)
                    break
        found = {}
        for (path, first), lines in wanted.items():
            try:
                data = read_segment(path) if path != self.games_path else self.games_path.read_bytes()
            except CheckpointError as exc:  # a closed segment damaged since it was listed
                raise ResultsError(f"{exc}; `arena verify {self.folder}` checks the whole log") from None
            split = data.split(b"\n")
            for number in lines:
                if 0 <= number - first < len(split):
                    record = json.loads(split[number - first])
                    record.pop("tag", None)
                    found[number] = record
        return found

    # --- small files of its own, authenticated (a solve's starting point) ---------------
    def write_private(self, name: str, data) -> None:
        """``data`` as JSON in ``name``, with a tag: :meth:`read_private` gives back only what arena wrote."""
        if self.signer is None:
            return
        body = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
        write_atomically(self.folder / name, body + b"\n" + self._private_tag(name, body) + b"\n")

    def read_private(self, name: str):
        """What :meth:`write_private` wrote in ``name``; None where there is nothing (or not arena's)."""
        path = self.folder / name
        if self.signer is None or not path.exists():
            return None
        body, _, tag = path.read_bytes().rstrip(b"\n").rpartition(b"\n")
        return json.loads(body) if hmac.compare_digest(self._private_tag(name, body), tag) else None

    def _private_tag(self, name: str, body: bytes) -> bytes:
        return hmac.new(self.signer.key, name.encode() + b"\n" + body, hashlib.sha256).hexdigest().encode()

    def _truncate(self, keep: int) -> None:
        with open(self.games_path, "r+b") as f:
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())

    def append(self, records: list) -> None:
        """Append finished games: one write of whole lines, then fsync; at ``SEGMENT_LINES``
        lines games.jsonl is closed into a compressed segment and the checkpoint written."""
        if not records:
            return
        signer = self.start_log()
        if self._fd is None:
            self._fd = os.open(self.games_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        lines = [signer.sign(r) for r in records]
        payload = b"".join(lines)
        at = os.fstat(self._fd).st_size  # the one writer (the folder's lock): where these lines start
        written = os.write(self._fd, payload)
        while written < len(payload):  # a short write (rare: signals, full disk) is finished, never reordered
            written += os.write(self._fd, payload[written:])
        os.fsync(self._fd)
        signer.write_head(self.folder)
        for number, record in enumerate(records, start=signer.lines - len(records) + 1):
            self.tally.add(record, number)
        self._open_lines += len(records)
        for line in lines:
            self._open_at.append((at, len(line)))
            at += len(line)
        if self._open_lines >= SEGMENT_LINES:
            self.close_segment()

    def close_segment(self) -> None:
        """Move games.jsonl's lines into the next closed segment and write the checkpoint."""
        data = self.games_path.read_bytes()
        path = self.folder / LOG_DIR / f"{len(self.segments) + 1:06d}.jsonl.gz"
        entry, blocks = write_segment(path, data)
        self.segments.append(entry)
        write_checkpoint(self.folder, self.signer.key, self.signer.lines, self.signer.last_tag, self.segments,
                         self.tally.to_data())
        first = self.signer.lines - entry["lines"] + 1
        self._blocks[path] = [(offset, length, lines) for offset, length, lines in blocks]
        self._files = self._files[:-1] + [(path, first, entry["lines"]), (self.games_path, self.signer.lines + 1, None)]
        if self.on_close is not None:
            self.on_close(path, first, self._blocks[path])
        self._truncate(0)  # after: a reader (records_at, in another thread) finds these lines in the segment
        self._open_lines, self._open_at = 0, []

    def start_log(self):
        """The log's signer: from the log read, or a new secret for a new tournament."""
        if self.signer is None:
            from arena.store.secret import LogSigner, create_secret, load_secret

            if self.has_games():
                self.open(repair=False)  # authenticates the lines already there
            else:
                self.signer = LogSigner(load_secret(self.folder) or create_secret(self.folder))
                self.tally, self.segments, self._files, self._open_lines = Tally(), [], [(self.games_path, 1, None)], 0
                self._open_at = []
        return self.signer

    def secret(self) -> bytes:
        """The tournament's secret (created, with the folder, by its first run)."""
        return self.start_log().key

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def read_located(folder, where: tuple, game_id: str | None = None):
    """The record (moves included, without its tag) at ``where``, a place
    :meth:`ResultsStore.locations` gave: one line of games.jsonl, or one block of a closed
    segment, decompressed alone.  None where the line there is not ``game_id``'s (games.jsonl was
    emptied into a segment since the place was taken: ask again) or is gone; a damaged block is a
    :class:`ResultsError` naming it.  Reads files only: no lock, no store."""
    name, offset, length, slot = where
    path = Path(folder) / name
    try:
        if name == GAMES:
            with open(path, "rb") as f:
                f.seek(offset)
                line = f.read(length)
        else:
            lines = read_block(path, offset, length).split(b"\n")
            line = lines[slot] if 0 <= slot < len(lines) - 1 else b""
    except FileNotFoundError:
        return None
    except (OSError, CheckpointError) as exc:
        raise ResultsError(f"{exc}; `arena verify {folder}` checks the whole log") from None
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if not isinstance(record, dict) or (game_id is not None and record.get("id") != game_id):
        return None
    record.pop("tag", None)
    return record
