"""The results store of one tournament: ``results/<name>/``.

- ``config.yaml``: the config the games were played under (replaced atomically).
- ``games.jsonl``: append-only, one JSON object per finished game.  Lines are
  written with a single ``os.write`` on an ``O_APPEND`` descriptor followed by
  ``fsync``, so a crash at any moment loses no finished game and can at worst
  leave the last line torn.  On load a torn last line (no newline, or not JSON)
  is dropped with a warning and truncated away; a bad line in the middle, or
  any valid JSON line that is not a usable game record (:mod:`arena.store.record_check`),
  is an error naming the file and line, and nothing is changed.
- ``leaderboard.md`` / ``leaderboard.json``: written after each run.
- ``.secret``, ``.games.head``: the tournament's secret and the log's head
  (:mod:`arena.store.secret`); every line of ``games.jsonl`` carries an
  authentication tag, checked on load: a line added, changed or removed
  outside arena is an error naming the file and line.
- ``.lock``: held (``flock``) by the one ``arena`` process playing this tournament,
  so that two runs never append the same games.
"""
from __future__ import annotations

import fcntl
import json
import os
import sys
from pathlib import Path

from arena.store.record_check import record_problem

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


class ResultsStore:
    def __init__(self, folder):
        self.folder = Path(folder)
        self.games_path = self.folder / GAMES
        self.config_path = self.folder / CONFIG
        self._fd = None
        self._lock_fd = None
        self.signer = None  # arena.store.secret.LogSigner once the log is loaded or started

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
        _write_atomically(self.config_path, text)

    def write_text(self, name: str, text: str) -> None:
        _write_atomically(self.folder / name, text)

    # --- the game log -------------------------------------------------------
    def load_games(self, warn=None, repair: bool = True) -> list:
        """Every finished game in the log, in file order.  A torn last line is dropped
        and (with ``repair``, only by the lock holder) truncated away."""
        warn = warn or (lambda message: print(f"warning: {message}", file=sys.stderr))
        if not self.games_path.exists():
            self._authenticate([])
            return []
        data = self.games_path.read_bytes()
        lines = data.split(b"\n")
        tail = lines.pop()  # b"" when the file ends with a newline
        games, raw = [], []
        for number, line in enumerate(lines, start=1):
            record = _parse(line)
            if record is None:
                if number == len(lines) and not tail:
                    return self._drop_torn(games, raw, data, len(data) - len(line) - 1, number, warn, repair)
                raise ResultsError(f"{self.games_path}:{number}: not a game record (bad JSON or missing "
                                   f"'id'); the file is left as it is: fix or remove that line")
            games.append(record)
            raw.append(line)
        if tail:
            record = _parse(tail)
            if record is None:
                return self._drop_torn(games, raw, data, len(data) - len(tail), len(lines) + 1, warn, repair)
            games.append(record)
            raw.append(tail)
            self._authenticate(raw)
            if not repair:
                return self._valid(games)
            warn(f"{self.games_path}:{len(lines) + 1}: last line had no newline; kept it and added one")
            with open(self.games_path, "ab") as f:
                f.write(b"\n")
                f.flush()
                os.fsync(f.fileno())
            return self._valid(games)
        self._authenticate(raw)
        return self._valid(games)

    def _authenticate(self, raw: list) -> None:
        """Check every line's tag (arena.store.secret); a log without them is refused."""
        from arena.store.secret import LogError, LogSigner, load_secret

        try:
            key = load_secret(self.folder)
            if key is None:
                if raw:
                    raise _unauthenticated(self.games_path)
                return
            signer = LogSigner(key)
            signer.verify(self.games_path, raw)
        except LogError as exc:
            raise ResultsError(str(exc)) from None
        self.signer = signer

    def _valid(self, games: list) -> list:
        """The records without their tags, each checked to be a usable game record
        (after the log's authentication: a forged line is named as such first)."""
        for number, record in enumerate(games, start=1):
            problem = record_problem(record)
            if problem:
                raise ResultsError(f"{self.games_path}:{number}: game {record.get('id')!r}: {problem}; the file "
                                   f"is left as it is: fix or remove that line")
        return _untagged(games)

    def _drop_torn(self, games, raw, data, keep, number, warn, repair):
        self._authenticate(raw)
        if not repair:
            return self._valid(games)
        warn(f"{self.games_path}:{number}: torn last line (an interrupted write) dropped; "
             f"that game will be played again")
        with open(self.games_path, "r+b") as f:
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())
        return self._valid(games)

    def append(self, records: list) -> None:
        """Append finished games: one write of whole lines, then fsync."""
        if not records:
            return
        signer = self.start_log()
        if self._fd is None:
            self._fd = os.open(self.games_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        payload = b"".join(signer.sign(r) for r in records)
        written = os.write(self._fd, payload)
        while written < len(payload):  # a short write (rare: signals, full disk) is finished, never reordered
            written += os.write(self._fd, payload[written:])
        os.fsync(self._fd)
        signer.write_head(self.folder)

    def start_log(self):
        """The log's signer: from the loaded log, or a new secret for a new tournament."""
        if self.signer is None:
            from arena.store.secret import LogSigner, create_secret, load_secret

            if self.games_path.exists() and self.games_path.stat().st_size:
                self.load_games(repair=False)  # authenticates the lines already there
            else:
                self.signer = LogSigner(load_secret(self.folder) or create_secret(self.folder))
        return self.signer

    def secret(self) -> bytes:
        """The tournament's secret (created, with the folder, by its first run)."""
        return self.start_log().key

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _untagged(games: list) -> list:
    for record in games:
        record.pop("tag", None)
    return games


def _parse(line: bytes):
    try:
        record = json.loads(line)
    except ValueError:
        return None
    return record if isinstance(record, dict) and "id" in record else None


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
