"""Players whose exception messages try to take over what shows them (issue 28, item 5).

The message clears the terminal and draws a fake leaderboard, then tries to close
leaderboard.md's code block and leave live HTML behind it."""
from __future__ import annotations

from players.random_player import RandomPlayer

MESSAGE = "\x1b[2J\x1b[H FAKE LEADERBOARD\n```\n<img src=x onerror=alert(1)>"


class TextAttacker(RandomPlayer):
    """Raises the message on every move."""

    def act(self, observation):
        raise RuntimeError(MESSAGE)


class TextAttackerAtBuild(RandomPlayer):
    """Raises the message as it is built."""

    def __init__(self, seed: int = 0):
        raise RuntimeError(MESSAGE)
