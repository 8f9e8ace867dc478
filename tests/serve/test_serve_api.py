"""The ladder's JSON API (arena serve, docs/serve.md): who may write, the limits, the checks,
the scheduling and the records; the server's app in this process, its loop driven by hand."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from serve_helpers import BROKEN, log_ids, readme_player, zip_of


def add_user(ladder, name):
    from arena.serve.accounts import add_user as add

    with ladder.sessions() as db:
        return add(db, name)


def upload(client, token, name, text=None, cls="MyBot", filename="mybot.py", params=None, data=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    body = data if data is not None else (text if text is not None else readme_player()).encode()
    fields = {"class": cls, "name": name}
    if params is not None:
        fields["params"] = params
    return client.post("/api/players", headers=headers, files={"file": (filename, body)}, data=fields)


def test_unauthenticated_writes_are_refused_with_401(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    assert upload(c, None, "mybot").status_code == 401
    assert upload(c, "arena_000000000000_nottherighttoken", "mybot").status_code == 401
    assert c.delete("/api/players/rules").status_code == 401
    assert c.get("/api/leaderboard").status_code == 200  # reading needs no one


def test_the_readme_player_is_checked_placed_and_rated_and_its_games_are_records(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    answer = upload(c, token, "mybot", params='{"cautious": true}')
    assert answer.status_code == 202, answer.text
    assert answer.json()["status"] == "checking" and answer.json()["name"] == "mybot"
    step(rounds=0)  # the check only
    assert c.get("/api/players/mybot").json()["status"] == "playing"
    step(rounds=3)  # its pairings against the ladder (1 deal each, both seats)
    info = c.get("/api/players/mybot").json()
    assert info["status"] == "rated", info
    assert info["owner"] == "alice" and info["rating"]["games"] >= 4 and info["history"]
    board = c.get("/api/leaderboard").json()["players"]
    row = next(p for p in board if p["name"] == "mybot")
    assert row["owner"] == "alice" and row["games"] >= 4 and row["interval"][0] < row["rating"] < row["interval"][1]
    game = c.get(f"/api/games/{info['games'][0]['id']}").json()
    assert "mybot" in game["players"] and game["actions"] and "tag" not in game
    assert c.get("/api/games/ffffffffffffffff").status_code == 404
    page = c.get(f"/games/{game['id']}")
    assert page.status_code == 200 and "<script>" not in page.text and 'src="/static/viewer.js"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    script = c.get("/static/viewer.js")
    assert script.headers["content-type"].startswith("text/javascript") and "game-data" in script.text
    assert ladder.cfg.players[-1].params == {"cautious": True}


def test_another_users_player_is_403(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    alice, bob = add_user(ladder, "alice"), add_user(ladder, "bob")
    assert upload(c, alice, "mybot").status_code == 202
    refused = upload(c, bob, "mybot")
    assert refused.status_code == 403 and "another user" in refused.json()["detail"]
    assert upload(c, bob, "rules").status_code == 403  # the ladder's own
    assert c.delete("/api/players/mybot", headers={"Authorization": f"Bearer {bob}"}).status_code == 403
    assert c.delete("/api/players/mybot", headers={"Authorization": f"Bearer {alice}"}).status_code == 202


def test_an_upload_over_the_limit_is_413(ladder_app):
    client, ladder, step = ladder_app
    c = client(max_bytes=4096)
    token = add_user(ladder, "alice")
    answer = upload(c, token, "big", text=readme_player() + "#" * 10000)
    assert answer.status_code == 413
    assert upload(c, token, "small").status_code == 202


def test_a_bad_archive_is_refused_with_the_reason(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    cases = {"has a '..'": zip_of({"bot/../../evil.py": "x = 1\n", "bot/mybot.py": readme_player()}),
             "absolute path": zip_of({"/etc/evil.py": "x = 1\n", "mybot.py": readme_player()}),
             "is a link": zip_of({"mybot.py": readme_player()}, links={"weights": "/etc/passwd"}),
             "not a zip": b"PK but not really"}
    for reason, data in cases.items():
        answer = upload(c, token, "zipped", cls="mybot.py:MyBot", filename="bot.zip", data=data)
        assert answer.status_code == 400 and reason in answer.json()["detail"], (reason, answer.text)
    many = zip_of({f"w{i}.txt": "0" for i in range(1001)} | {"mybot.py": readme_player()})
    answer = upload(c, token, "zipped", cls="mybot.py:MyBot", filename="bot.zip", data=many)
    assert answer.status_code == 400 and "at most 1000" in answer.json()["detail"]
    bomb = zip_of({"mybot.py": readme_player(), "weights.bin": "\0" * (65 * 1024 * 1024)})
    assert len(bomb) < 1024 * 1024  # small to send, 65 MiB unpacked
    answer = upload(c, token, "zipped", cls="mybot.py:MyBot", filename="bot.zip", data=bomb)
    assert answer.status_code == 400 and "unpacks to more than" in answer.json()["detail"]
    for clash in ({"x": "1", "x/mybot.py": readme_player()}, {"a" * 300 + ".txt": "1", "mybot.py": readme_player()}):
        answer = upload(c, token, "zipped", cls="mybot.py:MyBot", filename="bot.zip", data=zip_of(clash))
        assert answer.status_code == 400 and "cannot be unpacked here" in answer.json()["detail"], answer.text
    good = zip_of({"bot/mybot.py": readme_player(), "bot/weights.txt": "1 2 3\n"})
    answer = upload(c, token, "zipped", cls="mybot.py:MyBot", filename="bot.zip", data=good)
    assert answer.status_code == 202, answer.text
    step(rounds=0)
    assert c.get("/api/players/zipped").json()["status"] == "playing"


def test_a_player_failing_its_checks_is_rejected_with_the_checks_message(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    assert upload(c, token, "broken", text=BROKEN, cls="Broken", filename="broken.py").status_code == 202
    step(rounds=0)
    info = c.get("/api/players/broken").json()
    assert info["status"] == "rejected"
    assert "returned 'not a move', not a legal action" in info["reason"], info["reason"]
    assert all(p.name != "broken" for p in ladder.cfg.players)


def test_requests_over_the_rate_are_429(ladder_app):
    client, ladder, step = ladder_app
    c = client(rate=1.0, burst=5)
    codes = [c.get("/api/leaderboard").status_code for _ in range(12)]
    assert codes[:5] == [200] * 5 and 429 in codes


def test_submissions_an_hour_and_live_players_are_limited(ladder_app):
    client, ladder, step = ladder_app
    c = client(submissions_per_hour=3, live_players=2)
    token = add_user(ladder, "alice")
    assert [upload(c, token, n).status_code for n in ("a", "b")] == [202, 202]
    step(rounds=0)  # checked and accepted: live now (queued or checking, they were not)
    assert upload(c, token, "c").status_code == 403  # a third live player
    assert upload(c, token, "a").status_code == 202  # a new version of a live one
    assert upload(c, token, "a").status_code == 429  # the fourth submission in the hour


def test_uploads_refused_as_bad_count_towards_the_hourly_limit(ladder_app):
    client, ladder, step = ladder_app
    c = client(submissions_per_hour=3)
    token = add_user(ladder, "mallory")
    bad = [upload(c, token, "x", data=b"PK\x03\x04 not a zip", filename="x.zip").status_code for _ in range(3)]
    assert bad == [400] * 3  # each read and unpacked before it was refused
    refused = upload(c, token, "x")
    assert refused.status_code == 429 and "refused as bad count" in refused.json()["detail"]
    assert upload(c, add_user(ladder, "trent"), "y").status_code == 202  # another user's hour is their own


def test_a_newer_version_retires_the_older_whose_games_stay_in_the_log(ladder_app):
    from arena.serve.db import Submission

    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    upload(c, token, "mybot")
    step(rounds=3)
    first_games = {g["id"] for g in c.get("/api/players/mybot").json()["games"]}
    assert len(first_games) >= 4
    assert upload(c, token, "mybot", params='{"seed": 7}').status_code == 202
    step(rounds=3)
    info = c.get("/api/players/mybot").json()
    assert [v["status"] for v in info["versions"]] == ["retired", "rated"]
    assert info["ladder_name"] == "mybot.v2" and info["rating"]["games"] >= 4
    names = [p["name"] for p in c.get("/api/leaderboard").json()["players"]]
    assert names.count("mybot") == 1
    assert {p.name for p in ladder.cfg.players} == {"random", "rules", "mybot.v2"}
    assert first_games <= set(log_ids(ladder.folder))
    with ladder.sessions() as db:
        assert db.scalar(select(Submission).where(Submission.version == 1)).reason == "replaced by version 2"


def test_pages_write_only_with_a_session_and_its_csrf_token(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    form = c.get("/login")
    csrf = form.text.split('name="csrf" value="')[1].split('"')[0]
    assert c.post("/login", data={"token": "wrong", "csrf": csrf}).status_code == 401
    form = c.get("/login")
    csrf = form.text.split('name="csrf" value="')[1].split('"')[0]
    logged = c.post("/login", data={"token": token, "csrf": csrf}, follow_redirects=False)
    assert logged.status_code == 303
    cookie = logged.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    page = c.get("/submit")
    session_csrf = page.text.split('name="csrf" value="')[1].split('"')[0]
    files = {"file": ("mybot.py", readme_player().encode())}
    no_csrf = c.post("/submit", files=files, data={"class": "MyBot", "name": "web"}, follow_redirects=False)
    assert no_csrf.status_code == 403
    ok = c.post("/submit", files=files, data={"class": "MyBot", "name": "web", "csrf": session_csrf},
                follow_redirects=False)
    assert ok.status_code == 303 and ok.headers["location"] == "/players/web"
    assert c.get("/players/web").status_code == 200


def test_names_parameters_and_fault_texts_are_shown_as_text(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    evil = BROKEN.replace('"not a move"', '"<script>alert(1)</script>"').replace(
        "    def act", "    def __init__(self, **params):\n        pass\n\n    def act")
    upload(c, token, "evil", text=evil, cls="Broken", filename="evil.py", params='{"x": "<b>bold</b>"}')
    step(rounds=0)
    page = c.get("/players/evil").text
    assert "<script>alert(1)</script>" not in page, page
    assert "&lt;script&gt;" in page, page
    assert "<b>bold</b>" not in page and "evil.py:Broken: game 1" in page  # no server path either


def test_the_report_is_served_without_scripts_and_the_secret_never_is(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    upload(c, token, "mybot")
    step(rounds=2)
    report = c.get("/report")
    assert report.status_code == 200 and "<svg" in report.text
    policy = report.headers["content-security-policy"]
    assert "script-src" not in policy and "default-src 'none'" in policy
    secret = (ladder.folder / ".secret").read_bytes()
    game = c.get("/api/players/mybot").json()["games"][0]["id"]
    for path in ("/", "/report", "/api/leaderboard", "/api/players/mybot", f"/api/games/{game}", f"/games/{game}",
                 "/players/mybot"):
        body = c.get(path).content
        assert secret not in body and secret.hex().encode() not in body, path


def test_a_restart_checks_again_a_submission_caught_in_its_check(ladder_app):
    from arena.serve.db import Submission

    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    upload(c, token, "mybot")
    with ladder.sessions() as db:  # as a kill -9 during its check leaves it
        db.scalar(select(Submission)).status = "checking"
        db.commit()
    ladder.reconcile()
    with ladder.sessions() as db:
        assert db.scalar(select(Submission)).status == "queued"
    step(rounds=0)
    assert c.get("/api/players/mybot").json()["status"] == "playing"


def test_the_owner_retires_a_player_and_its_games_stay(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    upload(c, token, "mybot")
    step(rounds=2)
    games = {g["id"] for g in c.get("/api/players/mybot").json()["games"]}
    assert c.delete("/api/players/mybot", headers={"Authorization": f"Bearer {token}"}).status_code == 202
    step(rounds=0)
    assert c.get("/api/players/mybot").json()["status"] == "retired"
    assert "mybot" not in [p["name"] for p in c.get("/api/leaderboard").json()["players"]]
    assert games and games <= set(log_ids(ladder.folder))


def test_a_human_plays_a_submitted_bot_in_its_jail_and_the_game_is_kept_apart(ladder_app):
    import time

    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    upload(c, token, "mybot")
    step(rounds=0)
    logged = len(log_ids(ladder.folder))
    games = _human_games(c)  # arena.serve.play.HumanGames, as the /play pages drive it
    gid = games.start("alice", "mybot", seat=1)
    live = games.get(gid)
    deadline = time.monotonic() + 300
    while live.over is None and time.monotonic() < deadline:
        with live.changed:
            seen, waiting = live.turn, live.waiting
        if waiting is not None:  # the human's turn: the last legal action
            live.moves.put(len(waiting[1]) - 1)
        live.wait_change(seen, 5.0)  # the human's move taken, or the bot's made
    record = games.record(gid)
    assert record["status"] == "over", record
    assert record["record"]["faults"] == [] and record["record"]["players"] == ["mybot", "you (alice)"]
    assert len(log_ids(ladder.folder)) == logged  # not in the ladder's log
    page = c.get(f"/play/{gid}/replay")
    assert page.status_code == 200 and "you (alice)" in page.text


def _human_games(c):
    app = c.app
    while not hasattr(app, "state"):
        app = app.app
    return app.state.ctx.human_games


def test_a_long_rating_history_is_shown_as_evenly_spaced_points_with_the_last(ladder_app):
    from arena.serve.app import HISTORY_POINTS
    from arena.serve.db import RatingPoint

    client, ladder, step = ladder_app
    with ladder.sessions() as db:
        db.add_all(RatingPoint(player="rules", at=float(i), games=100 + i, mu=25.0, sigma=1.0) for i in range(1000))
        db.commit()
    history = client().get("/api/players/rules").json()["history"]
    assert len(history) == HISTORY_POINTS and history[-1]["games"] == 1099
    assert [h["games"] for h in history] == sorted(h["games"] for h in history)


def test_an_upload_without_a_length_is_cut_at_the_limit_with_413(ladder_app):
    client, ladder, step = ladder_app
    c = client(max_bytes=4096)
    token = add_user(ladder, "alice")
    boundary = "arenaboundary"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"class\"\r\n\r\nMyBot\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nbig\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.py\"\r\n\r\n").encode()

    def body():  # chunked: no Content-Length to refuse it by
        yield head
        for _ in range(10):
            yield b"#" * 1000 + b"\n"
        yield f"\r\n--{boundary}--\r\n".encode()

    answer = c.post("/api/players", content=body(), headers={"Authorization": f"Bearer {token}",
                                                             "Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert answer.status_code == 413 and "over 4096 bytes" in answer.json()["detail"]
    assert c.get("/api/leaderboard").status_code == 200


def test_a_removed_users_token_stops_working_at_once(ladder_app):
    from arena.serve.db import User

    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    assert upload(c, token, "mybot").status_code == 202  # its token now verified, and remembered
    with ladder.sessions() as db:  # as `arena users remove` does from another process
        db.delete(db.scalar(select(User).where(User.name == "alice")))
        db.commit()
    assert upload(c, token, "mybot").status_code == 401


def test_after_the_base_deals_the_next_deal_is_of_the_least_certain_pairing(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    upload(c, token, "mybot")
    step(rounds=0)
    while ladder.base_waiting:  # its base deals against the ladder first
        step(checks=False)
    sigma = {"random": 1.0, "rules": 1.0, "mybot": 5.0}
    ladder.board = {"players": [{"name": n, "sigma": s} for n, s in sigma.items()]}
    jobs = ladder.next_jobs()
    assert jobs and all("mybot" in job["players"] for job in jobs)
    assert {job["rotation"] for job in jobs} == {0, 1} and {job["deal"] for job in jobs} == {1}  # a whole deal
    sigma["mybot"] = 0.5
    ladder.board = {"players": [{"name": n, "sigma": s} for n, s in sigma.items()]}
    assert {tuple(sorted(job["players"])) for job in ladder.next_jobs()} == {("random", "rules")}


def test_parameters_no_config_or_json_could_hold_are_refused_and_the_ladder_goes_on(ladder_app):
    """A hostile user's upload: params with a lone surrogate stopped the server for good (leaderboard.json
    could not be written, nor at the restart); NaN made the player's page answer 500."""
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "mallory")
    for params, said in (('{"x": "\\ud800"}', "UTF-8 cannot hold"), ('{"x": NaN}', "NaN and Infinity"),
                         ('{"x": [1, Infinity]}', "NaN and Infinity")):
        answer = upload(c, token, "boom", params=params)
        assert answer.status_code == 400 and said in answer.json()["detail"], answer.text
    assert upload(c, token, "fine", params='{"x": "caf\\u00e9"}').status_code == 202
    step(rounds=1)
    assert c.get("/api/leaderboard").status_code == 200


def test_names_alike_but_for_case_imitate_no_one(ladder_app):
    client, ladder, step = ladder_app
    c = client()
    alice, bob = add_user(ladder, "alice"), add_user(ladder, "bob")
    assert upload(c, bob, "Random").status_code == 403  # the ladder's own `random`
    assert upload(c, alice, "Bot").status_code == 202
    answer = upload(c, bob, "bot")
    assert answer.status_code == 403 and "names are compared without case" in answer.json()["detail"]


def test_parallel_uploads_keep_the_live_players_limit(ladder_app):
    from concurrent.futures import ThreadPoolExecutor

    client, ladder, step = ladder_app
    c = client(live_players=2, submissions_per_hour=50)
    token = add_user(ladder, "bob")
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda i: upload(c, token, f"race{i}"), range(4)))
    assert [a.status_code for a in answers] == [202] * 4  # queued, not live yet
    step(rounds=0)  # checked one after another: the first two pass and are live, the others are refused
    from arena.serve.db import Submission

    with ladder.sessions() as db:
        subs = list(db.scalars(select(Submission).order_by(Submission.id)))
    assert [s.status for s in subs] == ["accepted", "accepted", "rejected", "rejected"]
    assert "retire one and submit it again" in subs[-1].reason
    assert upload(c, token, "race9").status_code == 403  # two live: a third name is refused at once


def test_a_user_holds_at_most_two_games_against_bots(ladder_app):
    from arena.serve.play import PER_USER

    client, ladder, step = ladder_app
    c = client()
    games = _human_games(c)
    started = [games.start("alice", "random", seat=0) for _ in range(PER_USER)]
    with pytest.raises(OverflowError, match="you have 2 games against bots going"):
        games.start("alice", "random", seat=0)
    other = games.start("bob", "random", seat=0)  # another user still gets a seat
    for gid in started + [other]:
        games.get(gid).stopping = True  # as the server's stop does: the human resigns


def test_wrong_secrets_for_one_token_id_cost_one_scrypt_a_second(ladder_app, monkeypatch):
    from arena.serve import accounts

    client, ladder, step = ladder_app
    token = add_user(ladder, "alice")
    token_id = token.split("_")[1]
    calls = []
    real = accounts._scrypt
    monkeypatch.setattr(accounts, "_scrypt", lambda *a: calls.append(1) or real(*a))
    c = client()
    for i in range(20):
        assert upload(c, f"arena_{token_id}_wrong{i}", "x").status_code == 401
    assert len(calls) == 1


def test_a_game_against_a_bot_left_by_a_stopped_server_is_over_and_its_players_alone(ladder_app):
    from arena.serve.play import HumanGames

    client, ladder, step = ladder_app
    c = client()
    games = _human_games(c)
    gid = games.start("alice", "random", seat=0)
    live = games.get(gid)
    live.stopping = True
    while live.over is None:  # its thread ends the game (and writes its row) first
        live.wait_change(live.turn, 1.0)
    games.live.clear()
    with ladder.sessions() as db:  # as a server killed mid-game leaves its row: playing, no record
        from arena.serve.db import HumanGame
        row = db.get(HumanGame, gid)
        row.status, row.record = "playing", None
        db.commit()
    HumanGames(ladder, ladder.sessions)  # the next server
    assert games.record(gid)["status"] == "abandoned"
    from arena.serve.accounts import open_session

    for name in ("alice", "bob"):
        add_user(ladder, name)
    with ladder.sessions() as db:
        cookie, _ = open_session(db, "bob")
    from arena.serve.app import SESSION_COOKIE
    bob = client()
    bob.cookies.set(SESSION_COOKIE, cookie)
    assert bob.get(f"/play/{gid}").status_code == 403  # alice's unfinished game
    with ladder.sessions() as db:
        cookie, _ = open_session(db, "alice")
    alice = client()
    alice.cookies.set(SESSION_COOKIE, cookie)
    page = alice.get(f"/play/{gid}")
    assert page.status_code == 200 and "left unfinished" in page.text and 'http-equiv="refresh"' not in page.text


def test_the_servers_uploads_folder_is_named_nowhere_it_serves(ladder_app):
    """The report listed each submitted player's class path, and fault tracebacks their files, under
    the server's uploads folder (by default under its account's home): served as ``uploads/...``."""
    client, ladder, step = ladder_app
    c = client()
    token = add_user(ladder, "alice")
    assert upload(c, token, "mybot").status_code == 202
    step(rounds=2)
    ladder.maybe_report(force=True)
    folder = str(_ctx(c).uploads)
    assert folder in (ladder.folder / "report.html").read_text()  # the file itself names it ...
    report = c.get("/report").text
    assert folder not in report and "uploads/" in report  # ... what is served does not
    info = c.get("/api/players/mybot").json()
    assert folder not in str(info)


def _ctx(c):
    app = c.app
    while not hasattr(app, "state"):
        app = app.app
    return app.state.ctx
