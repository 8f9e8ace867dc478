"""The ladder in a real browser (Playwright driving Debian's Chromium, /usr/bin/chromium): log in
with a token, upload the README's player, see it checked, placed and rated, open one of its games
in the replay viewer, and play a whole game against a ladder bot by clicking; no page logs a
console error (a script refused by the Content-Security-Policy would)."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time

import pytest

from serve_helpers import (ARENA, ROOT, database_args, database_for, drop_test_database, make_ladder, readme_player,
                           start_server)


def _browser(playwright):
    binary = shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(binary):
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: CI installs it (.ci/run)")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium); CI runs this test")
    # Playwright's own browser download is not used: Debian's Chromium
    return playwright.chromium.launch(executable_path=binary, args=["--no-sandbox"])


def test_log_in_upload_watch_it_rated_replay_a_game_and_play_a_bot_by_clicking(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="the serve extra installs playwright")
    results = make_ladder(tmp_path)
    url_db = database_for(tmp_path)
    token = subprocess.run([ARENA, "users", "add", "alice", str(results), *database_args(url_db)], cwd=ROOT,
                           capture_output=True,
                           text=True, check=True).stdout.split()[-1]
    player = tmp_path / "mybot.py"
    player.write_text(readme_player())
    server, url = start_server(results, tmp_path / "uploads", "--workers", "0", *database_args(url_db),
                                   log=tmp_path / "serve.log")
    errors = []
    try:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            page = browser.new_page()
            page.set_default_timeout(120_000)
            page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))

            page.goto(f"{url}/login")
            page.fill("#token", token)
            page.click("#login-button")
            page.wait_for_selector("#who")
            assert page.inner_text("#who") == "alice"

            page.goto(f"{url}/submit")
            page.set_input_files("#file", str(player))
            page.fill("#class", "MyBot")
            page.fill("#name", "mybot")
            page.fill("#params", '{"cautious": true}')
            page.click("#submit-button")
            page.wait_for_url(f"{url}/players/mybot")
            seen = [page.inner_text("#status")]
            # checked in the jail, then its games (the page reloads itself meanwhile) until it is rated
            deadline = time.monotonic() + 180
            while seen[-1] != "rated" and time.monotonic() < deadline:
                time.sleep(0.5)
                page.goto(f"{url}/players/mybot")
                if seen[-1] != page.inner_text("#status"):
                    seen.append(page.inner_text("#status"))
            assert seen[-1] == "rated" and seen[0] in ("checking", "playing"), seen
            assert "Place" in page.inner_text("#rating")
            assert page.locator("#rating-plot").count() == 1

            page.goto(f"{url}/")  # placed on the leaderboard, which the page keeps up to date
            page.wait_for_selector("#board-rows a[href='/players/mybot']")
            row = page.locator("#board-rows tr", has=page.locator("a[href='/players/mybot']"))
            assert "alice" in row.inner_text()

            page.goto(f"{url}/report")  # the tournament's report, under a policy of no script
            page.wait_for_selector("svg")

            page.goto(f"{url}/players/mybot")
            page.click("a.game-link >> nth=0")
            page.wait_for_selector("#move-list li")
            page.keyboard.press("End")
            assert int(page.input_value("#jump")) > 0  # the viewer's script ran: stepped to the end
            assert page.inner_text("#position").strip()

            page.goto(f"{url}/play")
            page.select_option("#bot", "rules")
            page.click("#play-button")
            clicks = 0
            while True:
                page.wait_for_selector("#your-turn, #game-over")
                if page.locator("#game-over").count():
                    break
                page.click("button.move >> nth=0")
                clicks += 1
                assert clicks < 2000
            assert clicks > 0 and "your place" in page.inner_text("#game-over")
            page.click("#replay-link")
            page.wait_for_selector("#move-list li")
            assert "you (alice)" in page.inner_text("h1")
            browser.close()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
        drop_test_database(url_db)
    assert errors == []
