import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

pytest.importorskip("fastapi", reason="the serve extra: pip install -e '.[serve]'")
pytest.importorskip("sqlalchemy", reason="the serve extra: pip install -e '.[serve]'")


@pytest.fixture
def ladder_app(tmp_path):
    """The server's app in this process over a fresh ladder (random, rules; 1 deal a pairing), the
    ladder's loop not running: a test drives it with ``step``.  Yields (client factory, ctx, step)."""
    from fastapi.testclient import TestClient

    from arena.serve.app import Context, Limits, make_app
    from arena.serve.guard import Guard, RateLimit
    from arena.serve.ladder import Ladder
    from arena.serve.play import HumanGames
    from arena.serve.server import open_database
    from arena.serve.uploads import UploadLimits
    from serve_helpers import make_ladder

    results = make_ladder(tmp_path)
    url = _database_url(tmp_path)
    engine, sessions = open_database(results, url)
    ladder = Ladder(results, sessions, workers=0, echo=lambda m: None)
    ladder.reconcile()
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    clients = []

    def client(rate: float = 0.0, burst: int = 100, max_bytes: int = 1 << 20, **limits):
        lim = Limits(upload=UploadLimits(max_bytes=max_bytes), rate=rate, burst=burst, **limits)
        ctx = Context(ladder, sessions, uploads, lim)
        ctx.human_games = HumanGames(ladder, sessions)
        c = TestClient(Guard(make_app(ctx), RateLimit(rate, burst), max_bytes))
        clients.append((c, ctx))
        return c

    def step(checks: bool = True, rounds: int = 1):
        """One turn of the ladder's loop (retirements, a check, a round of games, ratings)."""
        ladder.apply_retirements()
        if checks:
            while ladder.check_next():
                pass
        for _ in range(rounds):
            jobs = ladder.next_jobs()
            if jobs:
                ladder.play(jobs)
                ladder.rate()

    yield client, ladder, step
    for c, ctx in clients:
        ctx.human_games.stop()
        c.close()
    ladder.close()
    engine.dispose()
    if url:
        _drop_postgres(url)


def _database_url(tmp_path):
    """ARENA_TEST_POSTGRES (a server URL, e.g. postgresql+psycopg://user@/postgres?host=/tmp): each test
    gets a database of its own there; unset, SQLite in the results folder."""
    import os

    base = os.environ.get("ARENA_TEST_POSTGRES")
    if not base:
        return None
    import re

    from sqlalchemy import create_engine, text

    name = "arena_test_" + re.sub(r"[^a-z0-9_]", "_", tmp_path.name.lower())[-40:]
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return _with_database(base, name)


def _with_database(url: str, name: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(database=name).render_as_string(hide_password=False)


def _drop_postgres(url: str) -> None:
    import os

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    engine = create_engine(os.environ["ARENA_TEST_POSTGRES"], isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()
