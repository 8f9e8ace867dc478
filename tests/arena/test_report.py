"""The HTML report (arena/report.py): one offline file with the leaderboard and the charts."""
import re
from html.parser import HTMLParser

from typer.testing import CliRunner

from arena.cli import app
from conftest import player, toy_config
from helpers import run

SECTIONS = ["Leaderboard", "Ratings with their intervals", "Head to head", "Score distribution per player",
            "Win rate by seat", "Game length", "Faults"]


class Page(HTMLParser):
    """Headings, tags and every attribute that could fetch something."""

    def __init__(self):
        super().__init__()
        self.tags, self.headings, self.fetches, self._in_h2 = [], [], [], False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self._in_h2 = tag == "h2"
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "data", "action", "poster") and value and \
                    not value.startswith(("#", "data:")):  # in-page links and inline data fetch nothing
                self.fetches.append(f"<{tag} {name}={value}>")

    def handle_data(self, data):
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
    assert page.fetches == []
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
