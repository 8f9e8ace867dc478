"""The files of a game log: closed segments, the checkpoint, and reading lines cheaply.

A tournament's log is one chain of lines (each line's tag is chained to the one before,
:mod:`arena.store.secret`) spread over files:

- ``log/000001.jsonl.gz``, ``log/000002.jsonl.gz``, ...: *closed segments*, the lines of
  ``games.jsonl`` as they were when it reached ``SEGMENT_LINES`` lines, gzip-compressed (no
  name, no time stamp: the same lines give the same bytes), one gzip member per
  ``BLOCK_LINES`` lines: the file is one gzip stream to any reader (``gzip -d``, ``zcat``),
  and one record is read by decompressing its block alone (:func:`read_block`, at the offset
  :func:`blocks_of` finds; the ladder's index keeps it).  A segment written before blocks
  (one member) reads the same, its one block being the whole segment;
- ``games.jsonl``: the open segment, the lines written since, appended and fsynced;
- ``.checkpoint``: how many lines the closed segments hold, the chain's tag after the last of
  them, each segment's size and SHA-256, and the tally of their games
  (:mod:`arena.store.tally`), authenticated with the tournament's secret.  It is written when
  a segment closes, so a rerun or ``arena leaderboard`` reads the checkpoint and
  ``games.jsonl`` alone: the tally of the closed segments from the one, the games since from
  the other, every line of it authenticated.  ``arena verify`` reads every line of every
  segment, and checks each segment's hash.

Closing a segment: write the compressed segment (a temporary file, fsync, rename), then the
checkpoint that lists it (likewise), then empty ``games.jsonl``.  A crash between two steps
leaves a state the next reader recognises (:func:`leftover_of_close`): a segment that no
checkpoint lists yet, or a ``games.jsonl`` that still holds the lines of the last segment,
holds nothing else, and is dropped.
"""
from __future__ import annotations

import gzip
import hashlib
import hmac
import json
import os
import re
import zlib
from pathlib import Path

SEGMENT_LINES = 1000
BLOCK_LINES = 16  # lines per gzip member of a closed segment (~80 kB of records: a block decompresses in ~0.3 ms)
LOG_DIR = "log"
CHECKPOINT = ".checkpoint"
SEGMENT_NAME = re.compile(r"(\d{6})\.jsonl\.gz")
_ACTIONS = b'"actions":['
_ACTIONS_END = b'"],"scores":'
_TIMINGS = b',"timings":{'


class CheckpointError(ValueError):
    """A checkpoint that is not arena's (changed by hand?); the message names it."""


# --- segments -----------------------------------------------------------------------------------

def segment_path(folder, number: int) -> Path:
    return Path(folder) / LOG_DIR / f"{number:06d}.jsonl.gz"


def segments_on_disk(folder) -> list:
    """The closed segments in ``folder/log/``, in order."""
    found = []
    for path in (Path(folder) / LOG_DIR).glob("*.jsonl.gz"):
        match = SEGMENT_NAME.fullmatch(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return [path for _, path in sorted(found)]


def pack_segment(data: bytes) -> tuple:
    """``data`` (whole lines) compressed, one gzip member per ``BLOCK_LINES`` lines: ``(packed,
    blocks)``, each block ``(offset, length, lines)`` in ``packed``."""
    parts, blocks, at, start = [], [], 0, 0
    while start < len(data):
        end = start
        for _ in range(BLOCK_LINES):
            end = data.find(b"\n", end) + 1
            if end == 0:
                end = len(data)
                break
            if end >= len(data):
                break
        member = gzip.compress(data[start:end], compresslevel=6, mtime=0)
        blocks.append((at, len(member), data.count(b"\n", start, end)))
        parts.append(member)
        at += len(member)
        start = end
    return b"".join(parts), blocks


def write_segment(path: Path, data: bytes) -> tuple:
    """Compress ``data`` (whole lines) into ``path`` crash-safely, in blocks (:func:`pack_segment`):
    ``(its manifest entry, its blocks)``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    packed, blocks = pack_segment(data)
    write_atomically(path, packed)
    return ({"name": f"{LOG_DIR}/{path.name}", "lines": data.count(b"\n"), "bytes": len(packed),
             "raw_bytes": len(data), "sha256": hashlib.sha256(packed).hexdigest()}, blocks)


def read_segment(path: Path) -> bytes:
    """A closed segment's lines (a truncated or damaged file is an error naming it)."""
    try:
        return gzip.decompress(path.read_bytes())
    except (OSError, EOFError, zlib.error) as exc:
        raise CheckpointError(f"{path}: not a whole gzip file ({exc}): cut short or changed outside arena; "
                              "the log is left as it is") from None


def _damaged(path: Path, offset: int, why: str) -> CheckpointError:
    return CheckpointError(f"{path}: the block at byte {offset} is damaged ({why}): cut short or changed outside "
                           "arena; the log is left as it is")


def blocks_of(path: Path, packed: bytes | None = None):
    """A closed segment's blocks, in order, each ``(offset, length, lines, data)`` (``data`` its
    lines, decompressed): what its gzip members hold, found by decompressing each in turn (a
    damaged member is a :class:`CheckpointError` naming the segment and the byte)."""
    view = memoryview(path.read_bytes() if packed is None else packed)
    at = 0
    while at < len(view):
        inflate, pos, out = zlib.decompressobj(31), at, []
        try:
            while not inflate.eof:
                if pos >= len(view):
                    raise _damaged(path, at, "cut short")
                chunk = view[pos:pos + (1 << 16)]
                pos += len(chunk)
                out.append(inflate.decompress(chunk))
        except zlib.error as exc:
            raise _damaged(path, at, str(exc)) from None
        end = pos - len(inflate.unused_data)
        data = b"".join(out)
        yield at, end - at, data.count(b"\n"), data
        at = end


def read_block(path: Path, offset: int, length: int) -> bytes:
    """The lines of the block at ``offset`` (``length`` bytes) of a closed segment, decompressed
    alone (its CRC checked); a damaged block is a :class:`CheckpointError` naming it."""
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            raw = f.read(length)
    except OSError as exc:
        raise CheckpointError(f"{path}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    inflate = zlib.decompressobj(31)
    try:
        data = inflate.decompress(raw)
    except zlib.error as exc:
        raise _damaged(path, offset, str(exc)) from None
    if not inflate.eof or inflate.unused_data or len(raw) != length:
        raise _damaged(path, offset, "not one whole gzip member")
    return data


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` in ``path`` or, after a crash, the old file: written beside it, fsynced, renamed."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# --- the checkpoint -----------------------------------------------------------------------------

def _mac(key: bytes, body: bytes) -> str:
    return hmac.new(key, b"checkpoint\n" + body, hashlib.sha256).hexdigest()


def write_checkpoint(folder, key: bytes, lines: int, tag: str, segments: list, tally: dict) -> None:
    body = json.dumps({"lines": lines, "tag": tag, "segments": segments, "tally": tally},
                      separators=(",", ":"), sort_keys=True).encode()
    write_atomically(Path(folder) / CHECKPOINT, body + b"\n" + _mac(key, body).encode() + b"\n")


def read_checkpoint(folder, key: bytes):
    """The checkpoint's ``{lines, tag, segments, tally}``, or None where there is none."""
    path = Path(folder) / CHECKPOINT
    if not path.exists():
        return None
    body, _, mac = path.read_bytes().rstrip(b"\n").rpartition(b"\n")
    if not hmac.compare_digest(_mac(key, body).encode(), mac):
        raise CheckpointError(f"{path}: authentication failed (changed by hand?); `arena verify "
                              f"{path.parent}` checks the whole log")
    return json.loads(body)


def checkpoint_fits(folder, checkpoint: dict) -> bool:
    """Whether the segments the checkpoint lists are on disk as it says (size), and none after."""
    listed = [Path(folder) / s["name"] for s in checkpoint["segments"]]
    on_disk = segments_on_disk(folder)
    if on_disk[:len(listed)] != listed or len(on_disk) > len(listed) + 1:
        return False
    return all(p.stat().st_size == s["bytes"] for p, s in zip(listed, checkpoint["segments"]))


def leftover_of_close(segment: Path, open_log: Path) -> bool:
    """Whether ``open_log`` holds exactly the lines of ``segment``: a close that stopped after
    writing the segment, before emptying the open log.  Cheap when it does not: the two first
    lines are compared first (the segment's first block alone is decompressed, and of it only
    what holds the first line)."""
    if not (segment.exists() and open_log.exists()) or open_log.stat().st_size == 0:
        return False
    with open(open_log, "rb") as f:
        first = f.readline()
    inflate, start = zlib.decompressobj(31), b""
    try:
        with open(segment, "rb") as f:
            while len(start) < len(first) and not inflate.eof:
                data = inflate.unconsumed_tail or f.read(1 << 14)
                if not data:
                    break
                start += inflate.decompress(data, len(first) - len(start))
    except zlib.error:
        return False
    if start != first:
        return False
    try:
        return gzip.decompress(segment.read_bytes()) == open_log.read_bytes()
    except (OSError, EOFError, zlib.error):
        return False


# --- reading a line without its moves -----------------------------------------------------------

def summary(line: bytes):
    r"""The record of a log line with ``actions`` replaced by ``action_count`` (their number),
    and without its ``timings`` and ``tag`` where arena wrote them last: the moves are most of
    a line, and nothing but the replay viewer reads them.  None for a line that is not a JSON
    object with an ``id``.

    The array is found by JSON's grammar: in a string every ``"`` is escaped, so outside
    the strings of the array ``","`` is the separator and ``"]`` not preceded by an odd
    number of backslashes its end (arena writes ``scores`` next: ``"],"scores":`` can be
    nothing else, and is looked for from the end of the line first); anything else (an array
    of other values, an ``actions`` key inside the options) is parsed whole.

    >>> summary(b'{"id":"g","actions":["a \\"]\\",\\"b","c"],"scores":[1]}')
    {'id': 'g', 'scores': [1], 'action_count': 2}
    """
    start = line.find(_ACTIONS)
    if start < 0:
        return _whole(line)
    begin = start + len(_ACTIONS)
    if line[begin:begin + 1] == b"]":
        end, count = begin + 1, 0
    elif line[begin:begin + 1] == b'"':
        close = line.rfind(_ACTIONS_END)
        if close <= begin:
            close = _string_array_end(line, begin)
            if close is None:
                return _whole(line)
        end, count = close + 2, line.count(b'","', begin, close + 1) + 1
    else:
        return _whole(line)
    timings = line.rfind(_TIMINGS)  # numbers only, and only the game's seconds are read: not parsed
    rest = line[end:timings] + b"}" if timings > end else line[end:]
    record = _whole(line[:start] + b'"actions":0' + rest)
    if record is None or record.get("actions") != 0:  # the key found was not the record's own
        return _whole(line)
    del record["actions"]
    record["action_count"] = count
    if timings > end and "node" in record:  # the seconds per node of a cluster's report
        record["seconds"] = _seconds(line, timings + len(_TIMINGS))
    return record


def _seconds(line: bytes, at: int):
    """The number of ``"seconds":N`` at ``at`` (where arena writes it, first in ``timings``), or None."""
    if not line.startswith(b'"seconds":', at):
        return None
    at += len(b'"seconds":')
    stop = min((i for i in (line.find(b",", at), line.find(b"}", at)) if i >= 0), default=len(line))
    try:
        return float(line[at:stop])
    except ValueError:
        return None  # null: a game rebuilt from its trace


def _string_array_end(line: bytes, begin: int):
    """The index of the ``"`` that closes the last string of the array starting at ``begin``."""
    at = begin
    while True:
        at = line.find(b'"]', at + 1)
        if at < 0:
            return None
        slashes = 0
        while line[at - 1 - slashes] == 0x5C:  # backslash
            slashes += 1
        if slashes % 2 == 0:
            return at


def _whole(line: bytes):
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if not isinstance(record, dict) or "id" not in record:
        return None
    actions = record.pop("actions", None)
    if isinstance(actions, list):
        record["action_count"] = len(actions)
    elif actions is not None:
        record["actions"] = actions
    return record
