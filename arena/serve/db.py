"""The server's database: users, sessions, submissions, the index of the log's games, the
rating history and a human's games against a bot (SQLAlchemy 2, SQLite or PostgreSQL).

The game log (``games.jsonl`` and its segments) stays the record of every game; the
``game_index``, ``player_games`` and ``head_to_head`` tables are a cache of it
(:mod:`arena.serve.index`), completed from the log at every start and rebuilt on demand.
"""
from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import (JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, create_engine, event, select)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

DATABASE = "serve.sqlite"  # in the results folder, unless --database gives a URL


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    token_id: Mapped[str] = mapped_column(String(16), unique=True)  # the token's public half
    token_salt: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(128))  # scrypt of the token's secret half
    created: Mapped[float] = mapped_column(Float, default=time.time)


class WebSession(Base):
    __tablename__ = "sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 of the cookie's value
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    csrf: Mapped[str] = mapped_column(String(64))
    expires: Mapped[float] = mapped_column(Float)


class Submission(Base):
    """One uploaded version of a player: ``name`` as its owner gave it, ``ladder_name`` its name
    in the tournament's config and log (``name``, or ``name.vN`` for version N > 1)."""
    __tablename__ = "submissions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(40), index=True)
    version: Mapped[int] = mapped_column(Integer)
    ladder_name: Mapped[str] = mapped_column(String(60), unique=True)
    spec: Mapped[str] = mapped_column(Text)  # absolute path.py:Class in the uploads folder
    params: Mapped[dict] = mapped_column(JSON, default=dict)
    # queued -> checking -> rejected | accepted; accepted -> retired
    status: Mapped[str] = mapped_column(String(16), index=True, default="queued")
    reason: Mapped[str] = mapped_column(Text, default="")
    retire: Mapped[bool] = mapped_column(Boolean, default=False)  # asked by its owner; the ladder does it
    created: Mapped[float] = mapped_column(Float, default=time.time)
    updated: Mapped[float] = mapped_column(Float, default=time.time)


class GameIndex(Base):
    """One game of the log as the pages read it (:mod:`arena.serve.index`): its players by seat,
    places, scores and faults, and where its record lies (``file``, ``byte_offset``,
    ``byte_length``, ``slot``: :func:`arena.store.results.read_located`)."""
    __tablename__ = "game_index"
    line: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)  # in the log's chain, from 1
    id: Mapped[str] = mapped_column(String(64), unique=True)
    ladder: Mapped[str] = mapped_column(String(60))
    players: Mapped[list] = mapped_column(JSON)
    ranks: Mapped[list] = mapped_column(JSON, nullable=True)
    scores: Mapped[list] = mapped_column(JSON, nullable=True)
    faults: Mapped[list] = mapped_column(JSON, default=list)
    at: Mapped[float] = mapped_column(Float, nullable=True)  # when indexed as it arrived; None: indexed from the log
    file: Mapped[str] = mapped_column(String(40))
    byte_offset: Mapped[int] = mapped_column(BigInteger)
    byte_length: Mapped[int] = mapped_column(Integer)
    slot: Mapped[int] = mapped_column(Integer)


class PlayerGame(Base):
    """A player's games in the log's order, with its seat, place, score and whether it faulted."""
    __tablename__ = "player_games"
    player: Mapped[str] = mapped_column(String(60), primary_key=True)
    line: Mapped[int] = mapped_column(ForeignKey("game_index.line", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer, nullable=True)
    score: Mapped[float] = mapped_column(Float, nullable=True)
    fault: Mapped[bool] = mapped_column(Boolean, default=False)


class HeadToHead(Base):
    """Per pair of players (``a`` < ``b``), their rated games together and who placed ahead."""
    __tablename__ = "head_to_head"
    a: Mapped[str] = mapped_column(String(60), primary_key=True)
    b: Mapped[str] = mapped_column(String(60), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    a_ahead: Mapped[int] = mapped_column(Integer, default=0)
    b_ahead: Mapped[int] = mapped_column(Integer, default=0)
    even: Mapped[int] = mapped_column(Integer, default=0)


class RatingPoint(Base):
    __tablename__ = "rating_history"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(60), index=True)
    at: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


class HumanGame(Base):
    """A game of a user against a ladder bot: recorded here, apart from the ladder's log."""
    __tablename__ = "human_games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(40), index=True)
    bot: Mapped[str] = mapped_column(String(60))
    status: Mapped[str] = mapped_column(String(16))  # playing, over, abandoned
    record: Mapped[dict] = mapped_column(JSON, nullable=True)  # an engine.record.GameRecord-like dict
    created: Mapped[float] = mapped_column(Float, default=time.time)


class Setting(Base):
    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


def database_url(results, url: str | None = None) -> str:
    return url or f"sqlite:///{Path(results).resolve() / DATABASE}"


def connect(url: str):
    """An engine and a session maker for ``url``, the tables made where missing."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection, _record):  # readers beside one writer; durable at every commit
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()
    else:
        engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    Base.metadata.create_all(engine)
    return engine, sessionmaker(engine, expire_on_commit=False)


def get_setting(db, key: str, default: str | None = None) -> str | None:
    row = db.get(Setting, key)
    return row.value if row is not None else default


def set_setting(db, key: str, value: str) -> None:
    row = db.get(Setting, key)
    if row is None:
        db.add(Setting(key=key, value=value))
    else:
        row.value = value


__all__ = ["Base", "User", "WebSession", "Submission", "GameIndex", "RatingPoint", "HumanGame",
           "PlayerGame", "HeadToHead", "Setting", "connect", "database_url", "get_setting", "set_setting", "select"]
