"""The replay viewer (arena/reports/viewer.py): one offline page per game, and the report's links to them."""
import json
import os
import random
import re
import shutil
import sys
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.reports.viewer import FORMAT, build_viewer, games_to_watch, viewer_data, write_viewer
from conftest import REPO, player, toy_config
from engine.record import GameRecord
from engine.registry import get_game
from helpers import run

NASTY = "</script><img src=x onerror=alert(1)>"
GAMES = ["origin", "natural_selection", "citadels", "dominant_species", "random_mutations"]


def random_record(game, seats=2, seed=7, names=None) -> GameRecord:
    spec = get_game(game)
    state, rng, actions = spec.new_game(seats, seed, {}), random.Random(seed), []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        actions.append(spec.action_to_text(action))
        state.apply(action)
    return GameRecord(game=game, num_players=seats, seed=seed, actions=actions,
                      players=names or [f"p{s}" for s in range(seats)])


class Page(HTMLParser):
    """Tags, every attribute that could fetch something, and the scripts' text."""

    def __init__(self):
        super().__init__()
        self.tags, self.fetches, self.scripts, self._script = [], [], [], None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "data", "action", "poster", "srcset", "formaction"):
                self.fetches.append(f"<{tag} {name}={value}>")
        if tag == "script":
            self._script = [dict(attrs).get("type"), ""]

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            self.scripts.append(tuple(self._script))
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            self._script[1] += data


def page_data(text: str) -> dict:
    page = Page()
    page.feed(text)
    (kind, body), = [s for s in page.scripts if s[0] == "application/json"]
    return json.loads(body)


def decoded(data: dict, view: int) -> list:
    """The page's renders of one view, step by step, decoded as its script decodes them."""
    out, previous = [], []
    for head, tail, *middle in data["views"][view]["deltas"]:
        current = previous[:head] + middle + (previous[len(previous) - tail:] if tail else [])
        out.append("\n".join(data["lines"][i] for i in current))
        previous = current
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_in_the_page_in_full_and_as_each_seat_saw_it(game, tmp_path):
    record = random_record(game, seats=3 if game != "dominant_species" else 2)
    path = write_viewer(record, tmp_path / "game.html")
    data = page_data(path.read_text())
    assert data["format"] == FORMAT and data["stopped"] is None
    spec = get_game(game)
    state = spec.new_game(record.num_players, record.seed, {})
    full, seats = decoded(data, 0), [decoded(data, 1 + s) for s in range(record.num_players)]
    assert len(data["steps"]) == len(record.actions) + 1 == len(full)
    for step, entry in enumerate(data["steps"]):
        if step:
            action = spec.action_from_text(record.actions[step - 1])
            assert entry["move"] == {"seat": state.current_player, "text": spec.action_to_text(action)}
            state.apply(action)
        else:
            assert entry["move"] is None
        assert full[step] == state.render()
        for seat in range(record.num_players):
            assert seats[seat][step] == state.observation(seat).render()
        assert entry["scores"] == state.scores()
    assert state.is_terminal() and data["result"] == {"scores": state.scores(), "ranks": state.ranking()}
    assert len(path.read_bytes()) < 3_000_000


def test_the_page_fetches_nothing_and_runs_only_its_own_script(tmp_path):
    text = build_viewer(random_record("origin"))
    page = Page()
    page.feed(text)
    assert page.fetches == [] and "link" not in page.tags and "img" not in page.tags
    assert re.findall(r"https?://|wss?://|ftp://", text) == []
    assert "@import" not in text and "url(" not in text and "@font-face" not in text
    # the policy: nothing from anywhere; the one script and the one style by their hashes
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', text).group(1).replace("&#x27;", "'")
    assert policy.startswith("default-src 'none'; script-src 'sha256-") and "'unsafe-inline'" not in policy
    assert [kind for kind, _ in page.scripts] == ["application/json", None]


def test_player_names_and_fault_details_are_text_never_markup(tmp_path):
    record = random_record("origin", names=[NASTY, "bidi\u202eevil"]).__dict__ | {
        "id": "g1", "faults": [{"seat": 1, "kind": "exception", "detail": f"ValueError: {NASTY}"}],
        "scores": [0, 0], "ranks": [1, 2]}
    text = build_viewer(record)
    page = Page()
    page.feed(text)
    assert "img" not in page.tags and page.fetches == []
    assert text.count("</script>") == 2 and "<img" not in text  # only the two closers; the name is escaped
    assert "\u202e" not in text  # a bidi override is shown as an escape, never applied
    data = page_data(text)
    assert data["names"] == [NASTY, "bidi\\u202eevil"]
    assert data["faults"] == [{"seat": 1, "kind": "exception", "detail": f"ValueError: {NASTY}"}]
    assert data["result"] == {"scores": [0, 0], "ranks": [1, 2]}
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in text  # the title and the heading


def test_a_record_that_stops_replaying_is_shown_up_to_there():
    record = random_record("origin")
    record.actions = record.actions[:5] + ["not a move"] + record.actions[5:]
    data = viewer_data(record)
    assert len(data["steps"]) == 6 and "move 6 (not a move) does not replay" in data["stopped"]


def test_the_upsets_the_faults_and_the_longest_are_the_games_to_watch():
    board = {"players": [{"name": "strong", "conservative": 20.0}, {"name": "mid", "conservative": 10.0},
                         {"name": "weak", "conservative": 1.0}]}

    def game(i, players, ranks, moves=3, faults=()):
        return {"id": f"g{i}", "players": players, "ranks": ranks, "actions": ["x"] * moves, "faults": list(faults)}

    records = [game(0, ["strong", "weak"], [1, 2]),  # the favourite won
               game(1, ["weak", "strong"], [1, 2]),  # an upset, gap 19
               game(2, ["mid", "strong"], [1, 2], moves=9),  # an upset, gap 10; the longest
               game(3, ["weak", "strong"], [1, 1]),  # a shared first place: no upset
               game(4, ["strong", "weak"], [2, 1], faults=[{"seat": 0, "kind": "crash"}]),  # a fault (and an upset)
               game(5, ["weak", "strong"], None, faults=[{"seat": None, "kind": "error"}]),  # failed: not rated
               game(6, ["strong", "strong"], [2, 1])]  # the same player twice: no upset
    watch = games_to_watch(board, records)
    chosen = {e["record"]["id"]: e["reasons"] for e in watch["games"]}
    assert list(chosen) == ["g1", "g2", "g4", "g5"] and watch["faulted"] == 2 and watch["upsets"] == 3
    assert chosen["g1"] == ["upset: weak (μ−3σ 1.00) won against strong (μ−3σ 20.00), a gap of 19.00"]
    assert chosen["g2"][1] == "the longest game: 9 moves"
    assert chosen["g4"][0] == "fault: crash by seat 0 (strong)" and chosen["g4"][1].startswith("upset: weak")
    assert chosen["g5"] == ["fault: error by no seat (not rated)"]
    assert [e["open_at"] for e in watch["games"]] == [None, None, 3, 3]


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.headings, self._h2 = [], [], False

    def handle_starttag(self, tag, attrs):
        self._h2 = tag == "h2"
        if tag == "a":
            self.links.append(dict(attrs)["href"])

    def handle_data(self, data):
        if self._h2:
            self.headings.append(data.strip())
            self._h2 = False


def test_the_report_links_a_viewer_for_every_game_that_matters(tmp_path):
    players = [player("a"), player("b", seed=1), player("raiser", "Raiser", seat=1)]
    outcome = run(toy_config(tmp_path, players, games=2), report=True)
    folder = outcome.folder
    text = (folder / "report.html").read_text()
    page = Links()
    page.feed(text)
    assert "Games to watch" in page.headings
    targets = {link.partition("#")[0] for link in page.links}
    assert page.links and all(re.fullmatch(r"games/[0-9a-f]+\.html(#\d+)?", link) for link in page.links)
    assert all((folder / target).is_file() for target in targets)
    records = {r["id"]: r for r in map(json.loads, (folder / "games.jsonl").read_text().splitlines())}
    faulted = {i for i, r in records.items() if r["faults"]}
    longest = max(records.values(), key=lambda r: len(r["actions"]))["id"]
    assert faulted and {f"games/{i}.html" for i in faulted | {longest}} <= targets
    for target in targets:  # each page replays its game, with its result and faults
        record = records[Path(target).stem]
        data = page_data((folder / target).read_text())
        assert len(data["steps"]) == len(record["actions"]) + 1 and data["names"] == record["players"]
        assert data["result"]["ranks"] == record["ranks"] and len(data["faults"]) == len(record["faults"])
    # a rebuild keeps pages written from the same record as they are,
    # and removes a viewer of a game no longer chosen (a file of someone else's stays)
    page_path = folder / sorted(targets)[0]
    before = page_path.stat().st_mtime_ns
    write_viewer(random_record("origin"), folder / "games" / "stale.html")
    (folder / "games" / "notes.html").write_text("<p>mine</p>")
    result = CliRunner().invoke(app, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    assert page_path.stat().st_mtime_ns == before
    assert not (folder / "games" / "stale.html").exists() and (folder / "games" / "notes.html").exists()


def test_replay_html_writes_the_viewer_of_a_record(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(random_record("citadels", seats=3).to_json())
    result = CliRunner().invoke(app, ["replay", str(record), "--html", str(tmp_path / "out" / "game.html")])
    assert result.exit_code == 0, result.output
    assert "replay viewer written to" in result.output
    data = page_data((tmp_path / "out" / "game.html").read_text())
    assert len(data["steps"]) == len(json.loads(record.read_text())["actions"]) + 1


# --- in a browser ----------------------------------------------------------------------------

def _chromium():
    binary = shutil.which("chromium")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: CI installs it (.ci/run)")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium); CI runs this test")
    return binary


def test_the_viewer_steps_with_the_arrow_keys_in_headless_chromium(tmp_path):
    binary = _chromium()
    sys.path.insert(0, str(REPO / "tools"))
    try:
        from report_screenshot import Browser, console_errors, open_page
    finally:
        sys.path.remove(str(REPO / "tools"))
    record = random_record("origin", names=[NASTY, "p1"])
    path = write_viewer(record, tmp_path / "game.html")
    spec = get_game("origin")
    state = spec.new_game(2, record.seed, {})
    start = state.render()
    state.apply(spec.action_from_text(record.actions[0]))
    after = state.render()
    seat_view = state.observation(1).render()
    profile = tmp_path / "profile"
    browser = Browser(binary, str(profile))
    began = time.monotonic()
    try:
        session = open_page(browser, path.resolve().as_uri(), 1000)

        def read(expression):
            reply = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                                 session=session)
            return reply["result"].get("value")

        def key(name, code):
            for kind in ("keyDown", "keyUp"):
                browser.send("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name,
                                                        "windowsVirtualKeyCode": code}, session=session)

        position = "document.getElementById('position').textContent"
        current = "document.querySelector('#move-list li.current').textContent"
        assert read(position) == start
        assert read(current) == "0. the start (no move yet)"
        key("ArrowRight", 39)
        assert read(position) == after
        assert read(current) == f"1. seat 0 ({NASTY}): {spec.action_to_text(spec.action_from_text(record.actions[0]))}"
        assert read("document.getElementById('jump').value") == "1"
        # one seat's view, chosen in the page
        read("var s = document.getElementById('view'); s.value = '2'; s.dispatchEvent(new Event('change')); 0")
        assert read(position) == seat_view
        key("End", 35)
        assert read("document.getElementById('jump').value") == str(len(record.actions))
        key("ArrowLeft", 37)
        assert read("document.getElementById('jump').value") == str(len(record.actions) - 1)
        # the hostile name is text: in the heading as written, and nothing was made of it
        assert NASTY in read("document.querySelector('h1').textContent")
        assert read("document.querySelectorAll('img').length") == 0
        assert console_errors(browser.events) == []
    finally:
        browser.close()
    assert time.monotonic() - began < 30


def test_replay_html_writes_the_viewer_of_a_tournament_game_by_its_id(tmp_path):
    players = [player("a"), player("raiser", "Raiser", seat=1)]
    folder = run(toy_config(tmp_path, players, games=1)).folder
    record = next(r for r in map(json.loads, (folder / "games.jsonl").read_text().splitlines()) if r["faults"])
    out = tmp_path / "game.html"
    result = CliRunner().invoke(app, ["replay", str(folder), "--game", record["id"][:6], "--html", str(out)])
    assert result.exit_code == 0, result.output
    data = page_data(out.read_text())
    assert data["id"] == record["id"] and data["names"] == record["players"]
    assert data["faults"][0]["kind"] == record["faults"][0]["kind"] and data["result"]["ranks"] == record["ranks"]
