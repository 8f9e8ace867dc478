"""The Player interface (docs/design.md, "Players").

A player is any object with ``start``, ``act`` and (optionally) ``end``.  It
sees only the :class:`engine.contract.Observation` of its own seat and must
return one of ``observation.legal_actions``.
"""
from __future__ import annotations

from engine.rng import Rng


class Player:
    """Subclass this (or just provide the same methods).

    ``start`` is called once per game before the first ``act``; ``seed`` is the
    player's own deterministic seed for that game (derived from the game seed
    and its seat), so the same game replays the same moves.
    """

    name: str = "player"

    def start(self, game: str, seat: int, num_players: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.num_players = num_players
        self.seed = seed

    def act(self, observation):
        raise NotImplementedError

    def end(self, result) -> None:
        """Called once with the finished game's result (scores, ranks); optional."""


class SeededPlayer(Player):
    """A player with its own deterministic generator, ``self.rng`` (an
    ``engine.rng.Rng``), renewed at every ``start`` from the game's player seed
    and the ``seed`` parameter: the same game replays the same moves."""

    def __init__(self, seed: int = 0):
        self.base_seed = seed
        self.rng = Rng(seed)

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.rng = Rng(seed * 1_000_003 + self.base_seed)
