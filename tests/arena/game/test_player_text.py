"""A player's text is data (issue 28, item 5): shown on the terminal, in leaderboard.md and
in report.html as text that cannot act, and stored as the player made it."""
import json
import re
import unicodedata

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.game.player_text import for_html, for_terminal, markdown_code_block
from conftest import HERE, player, toy_config
from helpers import records
from text_attacker import MESSAGE

ATTACKER = str(HERE / "text_attacker.py")
NASTY = "a\x1b[2Jb\rc\x07d\x9be\u202ef\x08g\x7fh\n```\n<img src=x onerror=alert(1)>"


def hidden(text: str) -> list:
    """The characters of ``text`` a terminal would act on or hide, newlines aside."""
    return [c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") and c != "\n"]


def invoke(args: list) -> tuple:
    """The exit code and output as a terminal would get it.  ``color=True``: otherwise the test
    runner strips ANSI sequences itself, as a real terminal would not."""
    result = CliRunner().invoke(app, args, color=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def without_error_colour(output: str) -> str:
    """The output less the red of arena's own ``error:`` line."""
    return re.sub(r"\x1b\[(31|0)m", "", output)


# --- the three functions -----------------------------------------------------------


@pytest.mark.parametrize("char, shown", [("\x1b", "\\x1b"), ("\r", "\\r"), ("\x07", "\\x07"), ("\x08", "\\x08"),
                                         ("\x00", "\\x00"), ("\x7f", "\\x7f"), ("\x9b", "\\x9b"),
                                         ("\u202e", "\\u202e"), ("\u2066", "\\u2066"), ("\u200b", "\\u200b"),
                                         ("\u2028", "\\u2028"), ("\ud800", "\\ud800"), ("\n", "\\n"),
                                         ("\t", "\\t")])
def test_terminal_text_shows_each_control_or_format_character_as_an_escape(char, shown):
    assert for_terminal(f"x{char}y") == f"x{shown}y"


def test_terminal_text_is_one_line_without_control_characters():
    shown = for_terminal(NASTY)
    assert hidden(shown) == [] and "\n" not in shown
    assert shown == "a\\x1b[2Jb\\rc\\x07d\\x9be\\u202ef\\x08g\\x7fh\\n```\\n<img src=x onerror=alert(1)>"


def test_terminal_text_keeps_newlines_only_when_asked():
    assert for_terminal("one\ntwo\x1b[2J", keep_newlines=True) == "one\ntwo\\x1b[2J"


def test_terminal_text_leaves_plain_text_alone_and_escaping_twice_is_escaping_once():
    plain = "RuntimeError: μ−3σ é 漢字 🂡 'quoted' \\x1b (a backslash)"
    assert for_terminal(plain) == plain
    assert for_terminal(for_terminal(NASTY)) == for_terminal(NASTY)


def test_markdown_block_cannot_be_closed_from_inside():
    lines = ["fault: " + NASTY, "``````````` eleven backticks", "plain"]
    block = markdown_code_block(lines)
    fence = block[0]
    assert block[-1] == fence and set(fence) == {"`"} and len(fence) == 12
    assert block[1:-1] == [for_terminal(line) for line in lines]  # one line each, escaped
    assert all(fence not in line for line in block[1:-1])
    assert markdown_code_block(["no backticks"])[0] == "```"


def test_markdown_block_renders_as_code_only():
    markdown_it = pytest.importorskip("markdown_it")
    page = markdown_it.MarkdownIt().render("\n".join(markdown_code_block([NASTY, "`" * 40])) + "\n")
    assert page.startswith("<pre><code>") and page.rstrip().endswith("</code></pre>") and page.count("<pre>") == 1
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


def test_html_text_is_escaped_quotes_included():
    shown = for_html('"\'><img src=x onerror=alert(1)>&\x1b[2J\u202e')
    assert shown == "&quot;&#x27;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;\\x1b[2J\\u202e"


# --- end to end: a player whose exception message attacks what shows it ------------


def assert_shown_as_text(output: str) -> None:
    """No character the terminal would act on, and each fault detail on one line of its own."""
    assert hidden(output) == [], hidden(output)
    shown = [line for line in output.splitlines() if "FAKE LEADERBOARD" in line]
    assert shown and all("\\x1b[2J\\x1b[H FAKE LEADERBOARD\\n```\\n<img src=x onerror=alert(1)>" in line
                         for line in shown), shown
    assert not any(line.startswith(("```", "<img")) for line in output.splitlines())


def test_a_players_text_is_shown_as_text_everywhere_and_stored_as_it_was(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("x", f"{ATTACKER}:TextAttacker")], games=1, workers=0)
    folder = tmp_path / "results" / "t"
    code, output = invoke(["tournament", str(path)])
    assert code == 0, output
    assert_shown_as_text(output)
    code, output = invoke(["leaderboard", str(folder)])
    assert code == 0, output
    assert_shown_as_text(output)

    # stored as the player made it
    details = [f["detail"] for f in json.loads((folder / "leaderboard.json").read_text())["faults"]]
    assert len(details) == 2 and all(MESSAGE in d for d in details)
    assert all(MESSAGE in r["faults"][0]["detail"] for r in records(folder).values())

    markdown = (folder / "leaderboard.md").read_text()
    assert "\x1b" not in markdown and hidden(markdown) == []
    faults = markdown.split("## Faults\n\n")[1].splitlines()
    # the detail's ``` makes the fence one longer; fences, the summary and a line per fault
    assert faults[0] == faults[-1] == "````" and len(faults) == 2 + 1 + 2
    markdown_it = pytest.importorskip("markdown_it")
    page = markdown_it.MarkdownIt().render(markdown)
    assert "<img" not in page and page.count("&lt;img src=x onerror=alert(1)&gt;") == 2
    assert page.split("<h2>Faults</h2>")[1].strip().startswith("<pre><code>")
    assert page.rstrip().endswith("</code></pre>")

    report = (folder / "report.html").read_text()
    assert "<img" not in report and "\x1b" not in report
    assert report.count("&lt;img src=x onerror=alert(1)&gt;") == 2


def test_a_players_text_is_shown_as_text_by_play_check_player_and_submit(tmp_path):
    # origin: `arena play` and `arena match` take no plugins, so not the toy game
    code, output = invoke(["play", "origin", "--players", f"random,{ATTACKER}:TextAttacker", "--seed", "1"])
    assert code == 0, output
    assert_shown_as_text(output)
    assert any(line.startswith("FAULT seat 1") for line in output.splitlines())

    code, output = invoke(["check-player", f"{ATTACKER}:TextAttacker", "--game", "toy"])
    assert code == 2
    assert_shown_as_text(without_error_colour(output))
    assert without_error_colour(output).startswith("error: ") and output.count("\n") == 1

    run_path = toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1, workers=0, seeds="secret")
    assert invoke(["tournament", str(run_path)])[0] == 0
    code, output = invoke(["submit", f"{ATTACKER}:TextAttacker", str(tmp_path / "results" / "t"), "--name", "x"])
    assert code == 2
    assert_shown_as_text(without_error_colour(output))
    assert [line for line in output.splitlines() if "FAKE" in line][0].startswith("\x1b[31merror: ")


@pytest.mark.parametrize("isolation", ["process", "none"])
def test_a_player_that_fails_as_it_is_built_is_named_as_text(tmp_path, isolation):
    path = toy_config(tmp_path, [player("a"), player("x", f"{ATTACKER}:TextAttackerAtBuild")], workers=0,
                      isolation=isolation)
    code, output = invoke(["tournament", str(path)])
    assert code == 2 and "players[1].class" in output
    assert_shown_as_text(without_error_colour(output))
    assert not (tmp_path / "results").exists()


def test_a_match_shows_a_players_text_as_text(tmp_path):
    code, output = invoke(["match", "random", f"{ATTACKER}:TextAttacker", "--game", "origin", "--workers", "0",
                           "--deals", "1", "--output", str(tmp_path)])
    assert code == 0, output
    assert hidden(output) == []
    folder = tmp_path / "match-origin-random-vs-TextAttacker"
    faults = json.loads((folder / "leaderboard.json").read_text())["faults"]
    assert len(faults) == 2 and all(MESSAGE in f["detail"] for f in faults), faults
    assert "\x1b" not in (folder / "leaderboard.md").read_text()
    assert "<img" not in (folder / "report.html").read_text()
