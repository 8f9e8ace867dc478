"""§2 setup: a new game of Natural Selection."""
from __future__ import annotations

from engine.natural_selection.board import new_species
from engine.natural_selection.deal import start_round
from engine.natural_selection.options import Options
from engine.natural_selection.state import NaturalSelectionState, empty_state
from engine.rng import Rng


def new_game(num_players: int, seed: int, options: dict) -> NaturalSelectionState:
    """§2 setup: one species each, shuffled deck, random first player; then round 1's deal."""
    rules = Options.of(num_players, options)
    s = empty_state(num_players, rules, Rng(seed))
    s.deck = list(rules.deck)
    s.rows = [[new_species()] for _ in range(num_players)]
    s.first_player = s.rng.below(num_players)
    start_round(s)
    return s
