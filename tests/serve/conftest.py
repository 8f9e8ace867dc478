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
    from serve_helpers import drop_test_database, make_ladder, database_for

    results = make_ladder(tmp_path)
    url = database_for(tmp_path)
    engine, sessions = open_database(results, url)
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    ladder = Ladder(results, sessions, workers=0, echo=lambda m: None, uploads=uploads)
    ladder.reconcile()
    clients = []

    def client(rate: float = 0.0, burst: int = 100, max_bytes: int = 1 << 20, **limits):
        lim = Limits(upload=UploadLimits(max_bytes=max_bytes), rate=rate, burst=burst, **limits)
        ctx = Context(ladder, sessions, uploads, lim)
        ladder.live_players = lim.live_players  # as arena serve gives both the same limit
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
    drop_test_database(url)
