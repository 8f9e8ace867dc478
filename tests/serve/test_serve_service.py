"""The ladder as a service (docs/serve.md): checks in a pool of their own beside the games, one
per user; checking players are not live; the folders of dead uploads removed; the rate limit
keyed by the client, behind a named proxy only."""
from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import select

from serve_helpers import BROKEN, wait_for
from test_serve_api import add_user, upload

# passes its check, slowly: a long think at its first move of each game (well within the clocks)
SLOW = '''import time

from players.base import Player


class Slow(Player):
    def start(self, game, seat, num_players, seed):
        self.first = True

    def act(self, observation):
        if self.first:
            self.first = False
            time.sleep(3)
        return observation.legal_actions[0]
'''


def statuses(ladder) -> dict:
    from arena.serve.db import Submission

    with ladder.sessions() as db:
        return {s.name: s.status for s in db.scalars(select(Submission))}


def games(ladder) -> int:
    return ladder.store.tally.recorded


def test_games_are_recorded_while_a_slow_upload_is_checked(ladder_app):
    """The loop checked one submission at a time in the thread that plays the games: a player that
    thinks long stopped the ladder for everyone while it was checked."""
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    loop = threading.Thread(target=ladder.run, daemon=True)
    loop.start()
    try:
        wait_for(lambda: games(ladder) > 0, 60)
        began, before = time.monotonic(), games(ladder)
        time.sleep(2)
        rate = (games(ladder) - before) / (time.monotonic() - began)
        assert upload(c, token, "slow", text=SLOW, cls="Slow", filename="slow.py").status_code == 202
        wait_for(lambda: statuses(ladder)["slow"] == "checking", 30, 0.05)
        began, before = time.monotonic(), games(ladder)
        wait_for(lambda: statuses(ladder)["slow"] != "checking", 120, 0.05)
        during = (games(ladder) - before) / (time.monotonic() - began)
        assert statuses(ladder)["slow"] == "accepted"
        assert time.monotonic() - began > 5  # two check games, each with a 3 s think
        assert during >= rate / 2, (rate, during)
    finally:
        ladder.stop.stop()
        loop.join(60)
    assert not loop.is_alive()


def test_a_user_has_one_check_at_a_time_and_checking_players_are_not_live(ladder_app):
    """Three broken uploads waiting for their check refused a fourth ("at most 3 live players")."""
    from arena.serve.checking import Checks

    client, ladder, step = ladder_app
    ladder.checks = Checks(3)
    c = client(live_players=2)
    alice, bob = add_user(ladder, "alice"), add_user(ladder, "bob")
    for name in ("b1", "b2", "b3"):
        assert upload(c, alice, name, text=BROKEN, cls="Broken", filename="broken.py").status_code == 202, name
    assert upload(c, bob, "bobs", text=BROKEN, cls="Broken", filename="broken.py").status_code == 202
    assert ladder.start_checks()
    assert statuses(ladder) == {"b1": "checking", "b2": "queued", "b3": "queued", "bobs": "checking"}
    ladder.check_next()  # the rest, each of alice's after the one before
    assert set(statuses(ladder).values()) == {"rejected"}


def test_the_folders_of_rejected_replaced_and_retired_uploads_are_removed(ladder_app):
    from arena.serve.db import Submission

    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")

    def folders():
        with ladder.sessions() as db:
            return {(s.name, s.version): ladder._upload_folder(s.spec) for s in db.scalars(select(Submission))}

    assert upload(c, token, "broken", text=BROKEN, cls="Broken", filename="broken.py").status_code == 202
    assert upload(c, token, "mybot").status_code == 202
    made = folders()
    assert all(f is not None and f.is_dir() for f in made.values())
    step(rounds=0)
    assert not made["broken", 1].exists() and made["mybot", 1].is_dir()  # rejected: gone
    assert upload(c, token, "mybot").status_code == 202
    step(rounds=0)
    now = folders()
    assert not made["mybot", 1].exists() and now["mybot", 2].is_dir()  # replaced by version 2: gone
    assert c.delete("/api/players/mybot", headers={"Authorization": f"Bearer {token}"}).status_code == 202
    step(rounds=0)
    assert not now["mybot", 2].exists()  # retired: gone
    assert list((ladder.uploads / "alice").iterdir()) == []


def test_a_forwarded_header_counts_only_from_the_named_proxy_and_only_its_last_hop(ladder_app):
    """Every request from 127.0.0.1 with a new X-Forwarded-For got through (400 x 200, 0 x 429)."""
    from fastapi.testclient import TestClient

    from arena.serve.app import Context, Limits, make_app
    from arena.serve.guard import Guard, RateLimit

    client, ladder, step = ladder_app

    def codes(proxies, forwarded):
        ctx = Context(ladder, ladder.sessions, ladder.uploads, Limits())
        with TestClient(Guard(make_app(ctx), RateLimit(1.0, 5), 1 << 20, proxies=proxies)) as c:
            return [c.get("/api/leaderboard", headers={"X-Forwarded-For": f}).status_code for f in forwarded]

    fresh = [f"10.0.{i // 250}.{i % 250}" for i in range(40)]
    assert codes((), fresh).count(429) >= 30  # no proxy named: the header is the client's to write
    assert codes(("testclient",), fresh) == [200] * 40  # from the proxy: each its own client
    spoofed = [f"{f}, 192.0.2.7" for f in fresh]  # the client wrote the first hops; the proxy added the last
    assert codes(("testclient",), spoofed).count(429) >= 30


def test_fake_keys_cannot_clear_a_real_clients_bucket():
    """100,000 fake keys cleared every client's bucket."""
    from arena.serve.guard import RateLimit

    limit = RateLimit(1.0, 3, keys=1000)
    assert [limit.allow("real") for _ in range(4)] == [True] * 3 + [False]
    for i in range(5000):
        limit.allow(f"fake{i}")
    assert len(limit.buckets) <= 1000
    assert not limit.allow("real")


def test_the_bots_of_browser_games_have_a_memory_budget_and_a_whole_game_bound(ladder_app, monkeypatch):
    """A bot that allocates while the human thinks held 1,805 MiB after 16 moves; 8 such games (four
    accounts) pinned 14-16 GiB and refused every other user."""
    from arena.serve import play
    from test_serve_api import _human_games

    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    assert upload(c, token, "mybot").status_code == 202
    step(rounds=0)
    games = _human_games(c)
    each = ladder.cfg.player_memory_mb
    games.memory_budget_mb = each + each // 2  # room for one jailed bot
    first = games.start("alice", "mybot", seat=0)
    assert games.get(first).memory_mb == each
    with pytest.raises(OverflowError, match=f"memory for bots in browser games is taken .*needs {each} MiB"):
        games.start("bob", "mybot", seat=0)
    web = c  # the same refusal through the page's form (of the same server): a page that says why, not JSON
    csrf = web.get("/login").text.split('name="csrf" value="')[1].split('"')[0]
    assert web.post("/login", data={"token": add_user(ladder, "carol"), "csrf": csrf}).status_code == 200
    csrf = web.get("/play").text.split('name="csrf" value="')[1].split('"')[0]
    refused = web.post("/play", data={"bot": "mybot", "seat": "0", "csrf": csrf}, follow_redirects=False)
    assert refused.status_code == 429 and refused.headers["content-type"].startswith("text/html")
    assert "memory for bots in browser games is taken" in refused.text
    builtin = games.start("bob", "rules", seat=0)  # arena's own bots reserve nothing
    games.get(first).stopping = True  # as the server's stop does: the human resigns, the bot is killed
    wait_for(lambda: games.get(first).over is not None, 60, 0.1)
    second = games.start("bob", "mybot", seat=1)  # its reservation is free again
    monkeypatch.setattr(play, "GAME_SECONDS", 0.5)  # a whole game's bound, however often the human moves
    games.get(second).ends = time.monotonic() + 0.5
    wait_for(lambda: games.get(second).over is not None, 60, 0.1)
    assert any(f["seat"] == 1 and "the game passed 0.5 s" in f["detail"] for f in games.get(second).over["faults"])
    games.get(builtin).stopping = True


def test_a_players_games_come_in_pages_of_a_bounded_size(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    step(rounds=3)  # random and rules: a few more deals
    everything = c.get("/api/players/rules?limit=100000").json()  # bounded: at most 200
    assert len(everything["games"]) == ladder.store.tally.recorded <= 200 and everything["older"] is None
    seen, before = [], None
    while True:
        page = c.get("/api/players/rules", params={"limit": 2, **({"before": before} if before else {})}).json()
        assert len(page["games"]) <= 2
        seen += [g["id"] for g in page["games"]]
        before = page["older"]
        if before is None:
            break
    assert seen == [g["id"] for g in everything["games"]] and len(seen) > 2  # newest first, each once
    html = c.get("/players/rules").text
    assert 'id="older"' not in html  # one page holds them all


def test_a_players_folder_where_the_server_runs_does_not_stand_for_arenas(ladder_app, tmp_path, monkeypatch):
    """Every check failed ("PermissionError ... players/__init__.py") when the server's working folder
    held a folder named players/: the check's process had it first on sys.path."""
    client, ladder, step = ladder_app
    here = tmp_path / "where-the-server-runs"
    (here / "players").mkdir(parents=True)
    (here / "players" / "__init__.py").write_text("raise ImportError('not arena players')\n")
    monkeypatch.chdir(here)
    c = client()
    token = add_user(ladder, "alice")
    assert upload(c, token, "mybot").status_code == 202
    step(rounds=0)
    assert statuses(ladder) == {"mybot": "accepted"}


def test_checks_take_users_in_turn_and_a_retired_check_frees_its_slot(ladder_app):
    """One user's queue of slow uploads went ahead of another user's (bob waited for two of alice's);
    a player retired while it was checked kept the check's slot to its end."""
    from arena.serve.db import Submission

    client, ladder, step = ladder_app
    c = client()
    alice, bob = add_user(ladder, "alice"), add_user(ladder, "bob")
    for name in ("a1", "a2"):
        assert upload(c, alice, name, text=SLOW, cls="Slow", filename="slow.py").status_code == 202
    assert upload(c, bob, "b1", text=BROKEN, cls="Broken", filename="broken.py").status_code == 202
    assert ladder.start_checks() and statuses(ladder)["a1"] == "checking"
    assert c.delete("/api/players/a1", headers={"Authorization": f"Bearer {alice}"}).status_code == 202
    began = time.monotonic()
    ladder.apply_retirements()  # kills a1's check
    ladder.checks.wait()
    assert time.monotonic() - began < 3  # not its two 3 s thinks
    ladder.finish_checks()
    ladder.start_checks()
    assert statuses(ladder) == {"a1": "retired", "a2": "queued", "b1": "checking"}  # bob's turn before alice's second
    with ladder.sessions() as db:
        db.query(Submission).filter(Submission.name == "a2").update({"retire": True})
        db.commit()
    ladder.check_next()
    ladder.apply_retirements()
    assert statuses(ladder) == {"a1": "retired", "a2": "retired", "b1": "rejected"}
