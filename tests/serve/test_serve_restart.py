"""`arena serve` as a process: a kill -9 in the middle of its games (played on a local Ray), then a
restart, loses no recorded game and plays none twice, and stops what the killed run left of Ray;
SIGTERM stops it cleanly (docs/serve.md)."""
from __future__ import annotations

import json
import signal
import subprocess
import urllib.request

from serve_helpers import (ARENA, ROOT, database_args, database_for, drop_test_database, log_ids, make_ladder,
                           readme_player, start_server, wait_for)


def get(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.loads(answer.read())


def test_kill_9_mid_run_then_restart_keeps_every_logged_game_once(tmp_path):
    import httpx

    results = make_ladder(tmp_path, deals=3)
    uploads = tmp_path / "uploads"
    url_db = database_for(tmp_path)  # SQLite in the results folder, or PostgreSQL (ARENA_TEST_POSTGRES)
    token = subprocess.run([ARENA, "users", "add", "alice", str(results), *database_args(url_db)], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()[-1]
    player = tmp_path / "bot" / "mybot.py"
    player.parent.mkdir()
    player.write_text(readme_player())
    # the first run plays on a local Ray (one worker), whose processes its kill -9 leaves behind
    server, url = start_server(results, uploads, "--workers", "1", *database_args(url_db),
                               log=tmp_path / "serve1.log")
    try:
        submitted = subprocess.run([ARENA, "submit", f"{player}:MyBot", "--server", url,
                                    "--token", token, "--name", "mybot"], cwd=ROOT, capture_output=True, text=True)
        assert submitted.returncode == 0, submitted.stderr
        assert "submitted mybot (version 1): checking" in submitted.stdout
        before = len(log_ids(results))
        wait_for(lambda: get(f"{url}/api/players/mybot")["status"] in ("playing", "rated"))
        wait_for(lambda: len(log_ids(results)) >= before + 6)  # its games are being played
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    killed_at = log_ids(results)
    server, url = start_server(results, uploads, "--workers", "0", *database_args(url_db),
                               log=tmp_path / "serve2.log")
    try:
        wait_for(lambda: get(f"{url}/api/players/mybot")["status"] == "rated")
        wait_for(lambda: len(log_ids(results)) >= len(killed_at) + 10)  # and it goes on
        count = get(f"{url}/api/leaderboard")["games_recorded"]
        assert count >= len(killed_at)
        with httpx.Client() as client:  # a game of before the kill is still served as a record
            record = client.get(f"{url}/api/games/{killed_at[-1]}").json()
        assert record["id"] == killed_at[-1]
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=60) == 0
    log = (tmp_path / "serve2.log").read_text()
    assert "arena serve: stopped;" in log, log
    assert "left by an earlier run of" in log, log  # the killed run's Ray processes, stopped at the restart
    ids = log_ids(results)
    assert ids[:len(killed_at)] == killed_at  # nothing recorded was lost
    assert len(ids) == len(set(ids))  # nothing was played twice
    verified = subprocess.run([ARENA, "verify", str(results)], cwd=ROOT,
                              capture_output=True, text=True)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    from arena.serve.db import GameIndex, Submission, select
    from arena.serve.server import open_database

    engine, sessions = open_database(results, url_db)
    with sessions() as db:
        indexed = list(db.scalars(select(GameIndex.id)))
        assert sorted(indexed) == sorted(ids)  # the database's index of games agrees with the log
        assert [s.status for s in db.scalars(select(Submission))] == ["accepted"]
    engine.dispose()
    drop_test_database(url_db)
