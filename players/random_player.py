"""Uniformly random legal moves, from the player's own seeded generator."""
from __future__ import annotations

from engine.rng import Rng
from players.base import Player


class RandomPlayer(Player):
    name = "random"

    def __init__(self, seed: int = 0):
        self.base_seed = seed
        self.rng = Rng(seed)

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.rng = Rng(seed * 1_000_003 + self.base_seed)

    def act(self, observation):
        actions = observation.legal_actions
        return actions[self.rng.below(len(actions))]
