"""The ladder's index of its log (arena/serve/index.py): kept as games arrive, completed after a
stop at any point of an append, rebuilt from the log on demand, read by the pages without the
writer; records read by their place; pages while the first index runs."""
from __future__ import annotations

import gzip
import json
import threading
from collections import Counter
from itertools import combinations

import pytest

import arena.store.log_files as log_files
import arena.store.results as results_module
from serve_helpers import database_for, drop_test_database, make_ladder


@pytest.fixture
def small_blocks(monkeypatch):
    monkeypatch.setattr(results_module, "SEGMENT_LINES", 7)
    monkeypatch.setattr(log_files, "BLOCK_LINES", 3)


def log_records(results):
    lines = b"".join([gzip.decompress(p.read_bytes()) for p in log_files.segments_on_disk(results)] +
                     [(results / "games.jsonl").read_bytes()]).split(b"\n")
    out = []
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue  # a torn last line
        record.pop("tag")
        out.append(record)
    return out


def snapshot(sessions):
    """The index's three tables, without the time a game was indexed."""
    from arena.serve.db import GameIndex, HeadToHead, PlayerGame, select

    with sessions() as db:
        games = [(g.line, g.id, g.ladder, g.players, g.ranks, g.scores, g.faults, g.file, g.byte_offset,
                  g.byte_length, g.slot) for g in db.scalars(select(GameIndex).order_by(GameIndex.line))]
        seats = [(p.player, p.line, p.seat, p.place, p.score, p.fault)
                 for p in db.scalars(select(PlayerGame).order_by(PlayerGame.player, PlayerGame.line))]
        pairs = [(h.a, h.b, h.games, h.a_ahead, h.b_ahead, h.even)
                 for h in db.scalars(select(HeadToHead).order_by(HeadToHead.a, HeadToHead.b))]
    return games, seats, pairs


def opened(results, sessions, reindex=False):
    from arena.serve.ladder import Ladder

    ladder = Ladder(results, sessions, workers=0, echo=lambda m: None)
    ladder.reconcile(reindex)
    if ladder.index.thread is not None:
        ladder.index.thread.join(60)
    assert ladder.index.progress["done"]
    return ladder


def play(ladder, games):
    while ladder.store.tally.recorded < games:
        ladder.play(ladder.next_jobs())


def test_the_index_completed_after_a_stop_mid_append_equals_the_index_rebuilt_from_the_log(tmp_path, small_blocks):
    from arena.serve.server import open_database

    results = make_ladder(tmp_path, deals=2)
    url = database_for(tmp_path)
    engine, sessions = open_database(results, url)
    try:
        ladder = opened(results, sessions)
        play(ladder, 16)
        # a stop in the middle of appends: the log written, a segment closed, the index told nothing
        ladder.playing.on_kept, ladder.store.on_close = None, None
        play(ladder, 24)
        ladder.close()
        with open(results / "games.jsonl", "ab") as f:
            f.write(b'{"id":"torn')  # and a line torn by the kill
        ladder = opened(results, sessions)
        completed = snapshot(sessions)
        records = log_records(results)
        assert [g[1] for g in completed[0]] == [r["id"] for r in records]  # every game of the log, once
        assert {g[7] for g in completed[0]} >= {"games.jsonl", "log/000003.jsonl.gz"}
        for record in records:  # each read by its place (a block, or a line of games.jsonl) is the log's
            assert ladder.record(record["id"]) == record
        ladder.close()
        ladder = opened(results, sessions, reindex=True)
        assert snapshot(sessions) == completed
        # the head-to-head counts are the log's
        counts = Counter()
        for r in records:
            for (a, pa), (b, pb) in combinations(sorted(zip(r["players"], r["ranks"])), 2):
                counts[a, b] += 1
                counts[a, b, "ahead" if pa < pb else "behind" if pa > pb else "even"] += 1
        (a, b, games, ahead, behind, even), = completed[2]
        assert (games, ahead, behind, even) == (counts[a, b], counts[a, b, "ahead"], counts[a, b, "behind"],
                                               counts[a, b, "even"])
        assert games == len(records)
        ladder.close()
    finally:
        engine.dispose()
        drop_test_database(url)


def test_pages_are_served_while_the_first_index_runs_and_say_how_far_it_got(tmp_path, small_blocks, monkeypatch):
    from fastapi.testclient import TestClient

    from arena.serve.app import Context, Limits, make_app
    from arena.serve.index import Index
    from arena.serve.ladder import Ladder
    from arena.serve.server import open_database

    results = make_ladder(tmp_path, deals=6)  # 12 games: one closed segment, 5 lines in games.jsonl
    url = database_for(tmp_path)
    engine, sessions = open_database(results, url)
    hold, reached = threading.Event(), threading.Event()
    real = Index._index_segment

    def slow(self, *args):
        reached.set()
        assert hold.wait(30)
        return real(self, *args)

    monkeypatch.setattr(Index, "_index_segment", slow)
    ladder = Ladder(results, sessions, workers=0, echo=lambda m: None)
    try:
        ladder.reconcile()
        assert reached.wait(30)
        client = TestClient(make_app(Context(ladder, sessions, tmp_path / "uploads", Limits())))
        board = client.get("/api/leaderboard").json()
        assert board["index"] == {"indexed": 0, "games": 7, "done": False}
        page = client.get("/")
        assert page.status_code == 200 and "Indexing the log: 0 of 7 games so far" in page.text
        listed = client.get("/api/games").json()
        assert len(listed["games"]) == 5  # games.jsonl's, indexed at once
        hold.set()
        ladder.index.thread.join(30)
        listed = client.get("/api/games?limit=4").json()
        assert [g["line"] for g in listed["games"]] == [12, 11, 10, 9] and listed["older"] == 9
        older = client.get(f"/api/games?limit=4&before={listed['older']}").json()
        assert [g["line"] for g in older["games"]] == [8, 7, 6, 5]
        assert "Indexing the log" not in client.get("/").text
        assert client.get("/api/leaderboard").json()["index"]["done"] is True
        player = client.get("/api/players/rules").json()
        assert player["opponents"][0]["opponent"] == "random" and player["opponents"][0]["games"] == 12
        assert {g["seat"] for g in player["games"]} == {0, 1}
        first = log_records(results)[0]
        assert client.get(f"/api/games/{first['id']}").json()["actions"] == first["actions"]
    finally:
        hold.set()
        ladder.close()
        engine.dispose()
        drop_test_database(url)
