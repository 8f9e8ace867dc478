"""What the game master and a player process say to each other.

Requests (game master -> player process) are pickles: the player process trusts
its game master.  Replies (player process -> game master) are read by code that
trusts nothing: a 4-byte big-endian length, at most :data:`MAX_REPLY` bytes, then
one tagged record of a fixed shape, parsed by :func:`parse_reply`, which accepts
exactly these and nothing else (no JSON, no pickle, no recursion):

- ``O``: done (``start``, ``end``, the player's class loaded);
- ``C`` + UTF-8 text: confined, and by what (only as the first reply);
- ``S`` + UTF-8 text: could not confine itself (only as the first reply, before
  any player code ran: the machine's problem);
- ``I`` + 4-byte index: the chosen action's index in ``legal_actions``;
- ``E`` + a kind byte + UTF-8 text: the player failed (kind: see :data:`KINDS`).

Whatever else arrives (too long, a tag that is not one of these, a record of the
wrong length, text that is not UTF-8) raises :class:`ProtocolError`, which the game
master charges to the seat.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

HEAD = struct.Struct(">I")
INDEX = struct.Struct(">I")
MAX_REPLY = 8192
MAX_TEXT = 2000  # characters of a player's error detail that are kept
KINDS = {b"x": "exception", b"i": "illegal", b"m": "memory"}
_CODES = {kind: code for code, kind in KINDS.items()}


class ProtocolError(ValueError):
    """A reply that is not one of the protocol's."""


@dataclass(frozen=True)
class Reply:
    tag: str  # "ok", "confined", "sandbox", "index", "error"
    index: int = -1
    kind: str = ""
    text: str = ""


def frame(body: bytes) -> bytes:
    return HEAD.pack(len(body)) + body


def ok() -> bytes:
    return frame(b"O")


def confined(what: str) -> bytes:
    return frame(b"C" + _text(what))


def sandbox_failed(detail: str) -> bytes:
    return frame(b"S" + _text(detail))


def index(i: int) -> bytes:
    return frame(b"I" + INDEX.pack(i))


def error(kind: str, detail: str) -> bytes:
    return frame(b"E" + _CODES.get(kind, b"x") + _text(detail))


def _text(text: str) -> bytes:
    data = str(text)[:MAX_TEXT].encode("utf-8", errors="replace")
    return data[:MAX_REPLY - 2].decode("utf-8", errors="ignore").encode()


def parse_reply(body: bytes) -> Reply:
    """The reply in ``body`` (the bytes after the length), or :class:`ProtocolError`."""
    if not body or len(body) > MAX_REPLY:
        raise ProtocolError(f"a reply of {len(body)} bytes")
    tag, rest = body[:1], body[1:]
    if tag == b"O" and not rest:
        return Reply("ok")
    if tag == b"I" and len(rest) == INDEX.size:
        return Reply("index", index=INDEX.unpack(rest)[0])
    if tag in (b"C", b"S"):
        return Reply("confined" if tag == b"C" else "sandbox", text=_decode(rest))
    if tag == b"E" and rest[:1] in KINDS:
        return Reply("error", kind=KINDS[rest[:1]], text=_decode(rest[1:]))
    raise ProtocolError(f"a reply that is not the protocol's: {body[:40]!r}")


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("a reply whose text is not UTF-8") from None
