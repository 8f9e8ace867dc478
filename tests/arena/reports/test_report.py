"""The HTML report (arena/reports/report.py): one offline file with the leaderboard and the charts."""
import json
import re
from html.parser import HTMLParser

from typer.testing import CliRunner

from arena.cli import app
from conftest import player, toy_config
from helpers import run

SECTIONS = ["Leaderboard", "Players", "Ratings with their intervals", "Head to head", "Score distribution per player",
            "Win rate by seat", "Game length", "Games to watch", "Faults", "Config"]


class Page(HTMLParser):
    """Headings, tags and every attribute that could fetch something."""

    def __init__(self):
        super().__init__()
        self.tags, self.headings, self.fetches, self._in_h2 = [], [], [], False
        self.captions, self._in_caption = [], False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self._in_h2 = tag == "h2"
        if tag == "figcaption":
            self.captions.append("")
            self._in_caption = True
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "data", "action", "poster") and value and \
                    not value.startswith(("#", "data:")):  # in-page links and inline data fetch nothing
                self.fetches.append(f"<{tag} {name}={value}>")

    def handle_endtag(self, tag):
        self._in_caption = self._in_caption and tag != "figcaption"

    def handle_data(self, data):
        if self._in_caption:
            self.captions[-1] += data
        if self._in_h2:
            self.headings.append(data.strip())
            self._in_h2 = False


def tournament_with_a_fault(tmp_path):
    players = [player("a"), player("b", seed=1), player("raiser", "Raiser", seat=1)]
    return run(toy_config(tmp_path, players, games=2), report=True)


def test_the_report_is_one_offline_page_with_every_chart(tmp_path):
    outcome = tournament_with_a_fault(tmp_path)
    text = (outcome.folder / "report.html").read_text()
    page = Page()
    page.feed(text)
    assert page.headings == SECTIONS
    assert page.tags.count("svg") == 6  # ratings, head to head, scores, seats, length, faults
    assert "script" not in page.tags and "link" not in page.tags and "img" not in page.tags
    # the only links are to the games' replay viewers, pages beside it that it wrote (fetched only when clicked)
    links = [f for f in page.fetches if re.fullmatch(r"<a href=games/[0-9a-f]{16}\.html(#\d+)?>", f)]
    assert links and page.fetches == links
    assert all((outcome.folder / link[len("<a href="):-1].partition("#")[0]).is_file() for link in links)
    # the only URLs are the SVG namespaces, which name a vocabulary and are never fetched
    assert set(re.findall(r"https?://[^\s\"'<>)]+", text)) <= {"http://www.w3.org/2000/svg",
                                                                "http://www.w3.org/1999/xlink"}
    assert "@import" not in text and re.findall(r"url\((?!#)", text) == []  # url(#id): within the page
    for p in outcome.board["players"]:
        assert f"<td class=name>{p['name']}</td>" in text
    assert "exception" in text  # the raiser's faults are listed


def test_report_command_rebuilds_it_from_the_log(tmp_path):
    run(toy_config(tmp_path, [player("a"), player("b", seed=1)], games=2))
    folder = tmp_path / "results" / "t"
    assert not (folder / "report.html").exists()
    result = CliRunner().invoke(app, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    assert "report written to" in result.output and (folder / "report.html").read_text().count("<svg") == 5


def test_report_command_names_a_folder_that_is_not_a_tournament(tmp_path):
    result = CliRunner().invoke(app, ["report", str(tmp_path)])
    assert result.exit_code == 2 and "no config.yaml" in result.output


def test_the_report_names_the_players_config_isolation_seeds_date_and_version(tmp_path):
    players = [player("a"), player("b", seed=1), player("raiser", "Raiser", seat=1)]
    outcome = run(toy_config(tmp_path, players, games=2), report=True)
    text = (outcome.folder / "report.html").read_text()
    # each player's class and parameters
    assert "<code>random</code>" in text and "<code>seed=1</code>" in text and "<code>seat=1</code>" in text
    assert "fault_players.py:Raiser" in text
    # the config as stored, escaped
    stored = (outcome.folder / "config.yaml").read_text()
    assert "games_per_pairing: 2" in stored and "games_per_pairing: 2" in text
    # how the players were isolated and where the seeds came from (a submitted player: the secret)
    assert "<b>Isolation:</b>" in text
    assert "<b>Seeds (from the secret):</b>" in text
    assert re.search(r"Written \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC by arena \S+", text)
    # every kind of fault explained, memory included
    for kind in ("exception", "illegal", "overrun", "hang", "crash", "memory"):
        assert f"<li><b>{kind}</b>:" in text
    # every chart is a figure whose caption says what its marks are
    page = Page()
    page.feed(text)
    assert len(page.captions) == page.tags.count("svg") == 6
    assert all(len(c) > 60 for c in page.captions)
    assert "triangle: the mean" in text  # the box plots' marks


def test_a_collapsed_elo_interval_is_said_in_words(tmp_path):
    """One deal per pairing: the bootstrap over deals can only redraw it, the interval is a point."""
    outcome = run(toy_config(tmp_path, [player("a"), player("b", seed=1), player("c", seed=2)], games=1),
                  report=True)
    notes = [p.get("elo_note") for p in outcome.board["players"] if p["name"] != outcome.board["elo_anchor"]]
    assert notes and all(n and n.startswith("interval collapsed to a point: each pairing played one deal") for n in notes)
    text = (outcome.folder / "report.html").read_text()
    assert "collapsed to a point: means nothing" in text and "Notes on the Elo intervals" in text
    markdown = (outcome.folder / "leaderboard.md").read_text()
    assert "interval collapsed to a point" in markdown
    board = json.loads((outcome.folder / "leaderboard.json").read_text())
    assert "config" not in board  # config.yaml is beside it; its output folder varies by run
    assert board["players"][0]["class"] == "random"


def test_a_few_deals_per_pairing_give_a_rough_guide_note():
    from arena.reports.leaderboard import elo_note

    spread = {"fewest": {"b": 4}, "one_deal": False, "alike": False}
    p = {"name": "b", "elo": 40.0, "elo_low": -80.0, "elo_high": 150.0, "elo_deals": 4}
    assert elo_note(p, "a", spread).startswith("only 4 deals in a pairing")
    assert elo_note(dict(p, elo_deals=12), "a", spread) is None
    assert elo_note(dict(p, name="a"), "a", spread) is None  # the anchor: 0 by definition
