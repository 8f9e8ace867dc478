"""The tournament's secret, and what is derived from it.

``results/<name>/.secret`` (32 random bytes, hex, mode 0600, in a folder of mode
0700) is created by the first run of a tournament.  It keys:

- the game seeds (:func:`derive`), so that knowing the config (its ``seed``,
  the players' names) does not tell anyone the deals;
- the seeds handed to players (``arena.game.match.player_seed``);
- the authentication tags of ``games.jsonl`` (:class:`LogSigner`): each line
  ends with ``"tag"``, an HMAC-SHA256 of the line chained to the tag of the line
  before, so that a line added, changed or removed outside arena is found.
  ``.games.head`` holds the number of lines and the last tag (authenticated as
  well), so that lines cut from the end are found too.

Results stay reproducible from the results folder: the secret is there.  To play
the same games elsewhere, copy ``.secret`` into the new results folder (same
mode) before its first run, or copy the whole folder.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from arena.game.player_text import plural

SECRET = ".secret"
HEAD = ".games.head"
_TAG_LEN = 64
_SUFFIX_LEN = len(',"tag":""}') + _TAG_LEN


class LogError(ValueError):
    """A game log that fails authentication; the message names file and line."""


def secret_path(folder) -> Path:
    return Path(folder) / SECRET


def load_secret(folder) -> bytes | None:
    path = secret_path(folder)
    if not path.exists():
        return None
    text = path.read_text().strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise LogError(f"{path}: not a tournament secret (expected 64 hex digits)")
    return key


def create_secret(folder) -> bytes:
    """A new secret for a tournament folder (which is made private to its owner)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    key = secrets.token_bytes(32)
    fd = os.open(secret_path(folder), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, key.hex().encode() + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    return key


def derive(key: bytes, *parts) -> int:
    """A 63-bit number from the secret and ``parts`` (HMAC-SHA256)."""
    message = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest()[:8], "big") >> 1


class LogSigner:
    """Tags the lines of a game log, each chained to the one before."""

    def __init__(self, key: bytes, last_tag: str = "", lines: int = 0):
        self.key, self.last_tag, self.lines = key, last_tag, lines

    def tag(self, previous: str, body: bytes) -> str:
        return hmac.new(self.key, previous.encode() + b"\n" + body, hashlib.sha256).hexdigest()

    def sign(self, record: dict) -> bytes:
        """The record's line (with its newline), tagged; the chain moves on."""
        body = json.dumps(record, separators=(",", ":")).encode()
        assert body.endswith(b"}") and b'"tag":' not in body[-_SUFFIX_LEN:]
        self.last_tag = self.tag(self.last_tag, body)
        self.lines += 1
        return body[:-1] + b',"tag":"' + self.last_tag.encode() + b'"}\n'

    def verify(self, path, lines: list, head: bool = True) -> None:
        """Check ``lines`` (bytes, without newlines; the log's whole content) and the head;
        raises :class:`LogError` naming the first line that is not arena's."""
        self.last_tag, self.lines = "", 0
        for number, line in enumerate(lines, start=1):
            self.check_line(path, number, line)
        if head:
            self.check_head(Path(path).with_name(HEAD), path, len(lines))

    def check_line(self, path, number: int, line: bytes) -> None:
        """Check the next line of the chain (line ``number`` of the file ``path``, for the message)."""
        suffix = line[-_SUFFIX_LEN:]
        if not (suffix.startswith(b',"tag":"') and suffix.endswith(b'"}')):
            raise LogError(f"{path}:{number}: no authentication tag: this line was not written by arena "
                           "(added or changed by hand?); the log is left as it is")
        expected = hmac.digest(self.key, self.last_tag.encode() + b"\n" + line[:-_SUFFIX_LEN] + b"}", "sha256").hex()
        if not hmac.compare_digest(expected.encode(), suffix[8:-2]):
            raise LogError(f"{path}:{number}: authentication failed: this line, or one before it, was added, "
                           "changed or removed outside arena; the log is left as it is")
        self.last_tag = expected
        self.lines += 1

    def check_head(self, head_path: Path, path, in_file: int) -> None:
        """Lines cut from the end: the head says arena wrote more lines than the chain holds
        (``in_file``: how many of them are in ``path``, the open log)."""
        found = self.read_head(Path(head_path))
        if found is not None and found[0] > self.lines:
            missing = found[0] - self.lines
            raise LogError(f"{path}:{in_file + 1}: {plural(missing, 'line')} removed from the end "
                           f"(arena wrote {found[0]}); the log is left as it is")

    # --- the head: how many lines arena wrote, and the last tag ---------------
    def head_mac(self, count: int, tag: str) -> str:
        return hmac.new(self.key, f"head:{count}:{tag}".encode(), hashlib.sha256).hexdigest()

    def read_head(self, path: Path):
        if not path.exists():
            return None
        try:
            data = json.loads(path.read_text())
            count, tag, mac = int(data["lines"]), str(data["tag"]), str(data["mac"])
        except (ValueError, KeyError, TypeError):
            raise LogError(f"{path}: not arena's log head (changed by hand?)") from None
        if not hmac.compare_digest(mac, self.head_mac(count, tag)):
            raise LogError(f"{path}: authentication failed (changed by hand?)")
        return count, tag

    def write_head(self, folder) -> None:
        path = Path(folder) / HEAD
        tmp = path.with_name(HEAD + ".tmp")
        tmp.write_text(json.dumps({"lines": self.lines, "tag": self.last_tag,
                                   "mac": self.head_mac(self.lines, self.last_tag)}))
        os.replace(tmp, path)
