"""The README's player examples run as written: its Python blocks are saved as files
and its `arena check-player` and `arena submit` commands run on them, from a folder
of their own, as a new user would."""
import re
import shlex
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from arena.cli import app
from md_blocks import fenced_blocks
from arena.game.match import play_game
from players.loading import make_player
from players.random_player import RandomPlayer

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


BLOCKS = [body for language, body in fenced_blocks(README) if language == "python"]
COMMANDS = [line.split("#")[0].strip() for language, body in fenced_blocks(README) if language == ""
            for line in body.splitlines() if line.startswith("arena ")]


def command(prefix: str) -> list:
    """The README's command line starting with ``prefix``, as arguments after ``arena``."""
    found = [c for c in COMMANDS if c.startswith(prefix)]
    assert found, f"the README has no command {prefix!r}"
    return shlex.split(found[0])[1:]


def block(class_name: str) -> str:
    found = [b for b in BLOCKS if f"class {class_name}(" in b]
    assert len(found) == 1, f"the README has no Python block defining {class_name}"
    return found[0]


@pytest.fixture
def user_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mybot.py").write_text(block("MyBot"))
    (tmp_path / "hungriest.py").write_text(block("Hungriest"))
    return tmp_path


def test_the_readme_bot_passes_the_readme_check(user_folder):
    args = command("arena check-player mybot.py:MyBot")
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    shown = re.search(r"^(OK: mybot.py:MyBot .*)$", README, re.M).group(1)
    # the same line, but for the figures measured (moves and milliseconds vary)
    pattern = re.escape(re.sub(r"\d+(\.\d+)?", "0", shown)).replace("0", r"\d+(?:\.\d+)?")
    assert re.search(pattern + "$", result.output.strip()), (shown, result.output)


def test_the_readme_submit_command_adds_the_readme_bot_to_a_tournament(user_folder):
    """Into the ladder (secret seeds), as the README says: a public-seed tournament admits no submission."""
    config = yaml.safe_load((Path(__file__).resolve().parent.parent / "configs" / "ladder.yaml").read_text())
    assert config["seeds"] == "secret"
    config.update(players=config["players"][:2], games_per_pairing=1, workers=0)  # random and rules, quickly
    (user_folder / "ladder.yaml").write_text(yaml.safe_dump(config))
    ran = CliRunner().invoke(app, ["tournament", "ladder.yaml"])
    assert ran.exit_code == 0, ran.output
    args = command("arena submit mybot.py:MyBot")
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "mybot placed" in result.output


def test_a_bot_written_from_the_readme_views_plays_origin(user_folder):
    """The README's Hungriest reads the observation only through its named views."""
    result = CliRunner().invoke(app, ["check-player", "hungriest.py:Hungriest", "--game", "origin", "--games", "4"])
    assert result.exit_code == 0, result.output
    wins = sum(play_game("origin", [make_player("hungriest.py:Hungriest"), RandomPlayer(seed)], seed=seed).ranks[0] == 1
               for seed in range(6))
    assert wins >= 4  # feeding the hungriest and hunting beat random moves
