"""`arena serve --read-only` (arena/serve/reader.py): a process that serves a ladder's pages from
the writer's database and log, sees the games the writer adds, and refuses what only the
writer does."""
from __future__ import annotations

import pytest

import arena.store.log_files as log_files
import arena.store.results as results_module
from serve_helpers import database_for, drop_test_database, log_ids, make_ladder


@pytest.fixture
def small_blocks(monkeypatch):
    monkeypatch.setattr(results_module, "SEGMENT_LINES", 7)
    monkeypatch.setattr(log_files, "BLOCK_LINES", 3)


def test_a_reader_serves_what_the_writer_keeps_and_refuses_the_writers_work(tmp_path, small_blocks, monkeypatch):
    from fastapi.testclient import TestClient

    import arena.serve.reader as reader_module
    from arena.serve.app import Context, Limits, make_app
    from arena.serve.ladder import Ladder
    from arena.serve.reader import Reader
    from arena.serve.server import open_database

    monkeypatch.setattr(reader_module, "REFRESH_SECONDS", 0.0)
    results = make_ladder(tmp_path, deals=2)
    url = database_for(tmp_path)
    engine, sessions = open_database(results, url)
    writer = Ladder(results, sessions, workers=0, echo=lambda m: None)
    reader_engine, reader_sessions = open_database(results, url)  # a connection of its own, as another process
    try:
        writer.reconcile()
        client = TestClient(make_app(Context(Reader(results, reader_sessions), reader_sessions,
                                             tmp_path / "uploads", Limits())))
        board = client.get("/api/leaderboard").json()
        assert [p["name"] for p in board["players"]] == [p["name"] for p in writer.public["players"]]
        assert board["games_recorded"] == 4
        while writer.store.tally.recorded < 12:  # the writer plays on; a segment closes
            writer.play(writer.next_jobs())
        writer.rate()
        assert client.get("/api/leaderboard").json()["games_recorded"] == writer.public["games_recorded"] >= 12
        ids = log_ids(results)
        assert (results / "log" / "000001.jsonl.gz").is_file()
        for gid in (ids[0], ids[-1]):  # one in a closed segment, one in games.jsonl
            assert client.get(f"/api/games/{gid}").json()["id"] == gid
            assert client.get(f"/games/{gid}").status_code == 200
        player = client.get("/api/players/rules").json()
        mine = next(p for p in writer.public["players"] if p["ladder_name"] == "rules")
        assert player["rating"]["games"] == mine["games"] == len(ids)
        assert len(player["games"]) == len(ids)
        assert [g["id"] for g in client.get("/api/games?limit=3").json()["games"]] == ids[::-1][:3]
        assert "rules" in client.get("/").text and client.get("/players/rules").status_code == 200
        refused = client.post("/api/players", files={"file": ("a.py", b"x")}, data={"class": "A", "name": "a"})
        assert refused.status_code == 503 and "read-only" in refused.json()["detail"]
        assert client.delete("/api/players/rules").status_code == 503
        page = client.get("/submit")
        assert page.status_code == 503 and "ladder&#39;s own server" in page.text
        assert client.get("/play").status_code == 503
        assert client.get("/login").status_code == 200
    finally:
        writer.close()
        reader_engine.dispose()
        engine.dispose()
        drop_test_database(url)


def test_a_restart_serves_the_last_ratings_board_at_once_and_rates_when_the_log_has_more(tmp_path, monkeypatch):
    from arena.serve.ladder import Ladder
    from arena.serve.server import open_database

    results = make_ladder(tmp_path, deals=2)
    url = database_for(tmp_path)
    engine, sessions = open_database(results, url)

    def restarted():
        ladder = Ladder(results, sessions, workers=0, echo=lambda m: None)
        rated, rate = [], ladder.rate
        monkeypatch.setattr(ladder, "rate", lambda: (rated.append(1), rate(), ladder.stop.stop()))
        ladder.reconcile()
        return ladder, rated

    try:
        first = Ladder(results, sessions, workers=0, echo=lambda m: None)
        first.reconcile()
        shown = first.public
        first.close()
        again, rated = restarted()  # the log as rated: the board shown at once, rated again when due
        assert rated == [] and again.public == shown and again.unrated and again.rated_at > 0
        again.play(again.next_jobs())  # more games, no rating: the stored board lacks them
        again.close()
        third, rated = restarted()
        assert rated == [] and third.public == shown and third.rated_at == 0
        third.run()  # its first turn rates (and then stops the loop)
        assert rated == [1] and not third.unrated and third.public["games_recorded"] > shown["games_recorded"]
        third.close()
    finally:
        engine.dispose()
        drop_test_database(url)


def test_a_first_open_of_a_large_log_serves_pages_at_once_and_rates_at_its_first_turn(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    import arena.serve.ladder as ladder_module
    from arena.serve.app import Context, Limits, make_app
    from arena.serve.ladder import Ladder
    from arena.serve.server import open_database

    monkeypatch.setattr(ladder_module, "RATE_LATER", 3)  # "large": more than 3 games
    results = make_ladder(tmp_path, deals=2)
    url = database_for(tmp_path)
    engine, sessions = open_database(results, url)
    try:
        ladder = Ladder(results, sessions, workers=0, echo=lambda m: None)
        ladder.reconcile()
        client = TestClient(make_app(Context(ladder, sessions, tmp_path / "uploads", Limits())))
        board = client.get("/api/leaderboard").json()
        assert board["rating"] and board["players"] == [] and board["games_recorded"] == 4
        assert "Rating the log's games for the first time" in client.get("/").text
        rate = ladder.rate
        monkeypatch.setattr(ladder, "rate", lambda: (rate(), ladder.stop.stop()))
        ladder.run()
        board = client.get("/api/leaderboard").json()
        assert not board["rating"] and {p["name"] for p in board["players"]} == {"random", "rules"}
        assert "Rating the log's games" not in client.get("/").text
        ladder.close()
    finally:
        engine.dispose()
        drop_test_database(url)
