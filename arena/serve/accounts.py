"""Users and their API tokens, and the web pages' sessions.

A token is ``arena_<id>_<secret>``: the id finds the user, the secret is checked against a
scrypt hash (``hashlib.scrypt``, n=2**14, r=8, p=1: about 0.1 s on one core), so a copy of the
database gives no token.  A token is printed once, by ``arena users add``; a lost one is
replaced by removing and adding the user again.  A web session is a random cookie value whose
SHA-256 is stored, with a CSRF token of its own.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import time

from sqlalchemy import delete, select

from arena.serve.db import User, WebSession

NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1, "dklen": 32}
SESSION_SECONDS = 7 * 24 * 3600


class AccountError(ValueError):
    """A user that cannot be added or removed as asked; the message says why."""


def _scrypt(secret: str, salt: bytes) -> str:
    return hashlib.scrypt(secret.encode(), salt=salt, **SCRYPT).hex()


def add_user(db, name: str) -> str:
    """Add ``name``; returns its API token (shown once: only its hash is kept)."""
    if not NAME.fullmatch(name or ""):
        raise AccountError(f"user name {name!r}: use 1 to 40 letters, digits, _ or -")
    if db.scalar(select(User).where(User.name == name)) is not None:
        raise AccountError(f"user {name!r} exists already; `arena users remove {name} ...` first for a new token")
    token_id, secret = secrets.token_hex(6), secrets.token_urlsafe(32)
    salt = secrets.token_bytes(16)
    db.add(User(name=name, token_id=token_id, token_salt=salt.hex(), token_hash=_scrypt(secret, salt)))
    db.commit()
    return f"arena_{token_id}_{secret}"


def remove_user(db, name: str) -> None:
    user = db.scalar(select(User).where(User.name == name))
    if user is None:
        raise AccountError(f"no user {name!r} (`arena users list` lists them)")
    db.execute(delete(WebSession).where(WebSession.user_id == user.id))
    db.delete(user)
    db.commit()
    _verified.clear()


def list_users(db) -> list:
    return [(u.name, u.created) for u in db.scalars(select(User).order_by(User.name))]


_verified: dict = {}  # sha256(token) -> (user name, until): scrypt once a minute per token, not per request
_verified_lock = threading.Lock()
VERIFIED_SECONDS = 60.0
_failed: dict = {}  # token id -> when a wrong secret for it was last checked
FAILED_PAUSE = 1.0  # seconds: 100 wrong secrets for one id cost the server one scrypt a second, not 100


def user_of_token(db, token: str) -> str | None:
    """The user a token belongs to, or None."""
    parts = (token or "").split("_", 2)
    if len(parts) != 3 or parts[0] != "arena":
        return None
    digest = hashlib.sha256(token.encode()).hexdigest()
    now = time.monotonic()
    with _verified_lock:
        known = _verified.get(digest)
    if known and known[1] > now:  # scrypt spared; the user must still be there (arena users remove)
        still = db.scalar(select(User.name).where(User.token_id == parts[1]))
        return known[0] if still == known[0] else None
    with _verified_lock:  # a wrong secret for a token id costs scrypt at most once a FAILED_PAUSE
        if now - _failed.get(parts[1], -FAILED_PAUSE) < FAILED_PAUSE:
            return None
    user = db.scalar(select(User).where(User.token_id == parts[1]))
    if user is None or not hmac.compare_digest(_scrypt(parts[2], bytes.fromhex(user.token_salt)), user.token_hash):
        if user is not None:
            with _verified_lock:
                if len(_failed) > 10000:
                    _failed.clear()
                _failed[parts[1]] = now
        return None
    with _verified_lock:
        if len(_verified) > 10000:
            _verified.clear()
        _verified[digest] = (user.name, now + VERIFIED_SECONDS)
    return user.name


def open_session(db, user_name: str) -> tuple:
    """A new session for a user: ``(cookie value, csrf token)``."""
    user = db.scalar(select(User).where(User.name == user_name))
    value, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
    db.add(WebSession(id_hash=hashlib.sha256(value.encode()).hexdigest(), user_id=user.id, csrf=csrf,
                      expires=time.time() + SESSION_SECONDS))
    db.commit()
    return value, csrf


def session_of(db, value: str | None) -> tuple | None:
    """``(user name, csrf token)`` of a live session cookie, or None."""
    if not value:
        return None
    row = db.get(WebSession, hashlib.sha256(value.encode()).hexdigest())
    if row is None or row.expires < time.time():
        return None
    user = db.get(User, row.user_id)
    return (user.name, row.csrf) if user is not None else None


def close_session(db, value: str | None) -> None:
    if value:
        db.execute(delete(WebSession).where(WebSession.id_hash == hashlib.sha256(value.encode()).hexdigest()))
        db.commit()
