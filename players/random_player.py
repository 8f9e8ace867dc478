"""Uniformly random legal moves, from the player's own seeded generator."""
from __future__ import annotations

from players.base import SeededPlayer


class RandomPlayer(SeededPlayer):
    name = "random"

    def act(self, observation):
        actions = observation.legal_actions
        return actions[self.rng.below(len(actions))]
