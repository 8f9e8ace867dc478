"""``arena bench ismcts``: ISMCTS iterations per second from an early and a
mid-game position, with full and with cut rollouts."""
from __future__ import annotations

import statistics
import time

from engine.registry import get_game
from engine.rng import Rng


def _decision_state(state, rng: Rng):
    """Advance with random moves to the next position with a real choice (two or more actions)."""
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def bench_positions(game: str, num_players: int, seed: int) -> dict:
    """An early-game position (the first real choice of a new game) and a
    mid-game one (halfway through a random game from the same seed)."""
    from arena.bench.engine import mid_game_state

    early = _decision_state(get_game(game).new_game(num_players, seed), Rng(seed))
    positions = {"early": early}
    mid = _decision_state(mid_game_state(game, num_players, seed), Rng(seed + 1))
    if not mid.is_terminal():
        positions["mid"] = mid
    return positions


# (label, ISMCTS parameters) of each rollout benchmarked
ROLLOUTS = (
    ("full", {"rollout_cutoff": None}),
    ("cut at 20", {"rollout_cutoff": 20}),
    ("informed, cut at 20", {"rollout_cutoff": 20, "rollout": "informed", "cutoff_eval": "heuristic"}),
    ("informed, ordered expansion", {"rollout_cutoff": 20, "rollout": "informed", "cutoff_eval": "heuristic",
                                     "expand": "ordered"}),
    ("informed, ordered, widening 1", {"rollout_cutoff": 20, "rollout": "informed", "cutoff_eval": "heuristic",
                                       "expand": "ordered", "widening": 1.0}),
)


DEFAULTS = "the game's search defaults"  # the label of the row that plays them


def search_defaults(game: str) -> dict:
    """The game's ISMCTS defaults (``GameSpec.search_defaults``, what ``class: ismcts`` plays)
    but their budget: the benchmark sets the iterations."""
    from players.loading import BUDGET, game_defaults

    return {k: v for k, v in game_defaults("ismcts", game).items() if k not in BUDGET}


def bench_ismcts(game: str, iterations: int = 1000, repeats: int = 3, num_players: int | None = None,
                 seed: int = 0, rollouts=None) -> list:
    """ISMCTS iterations per second from each position, with full random rollouts,
    random rollouts cut after 20 moves, and informed rollouts (the game's move
    ordering; random where it has none) cut after 20 moves and scored by the game's
    heuristic, the same with nodes expanded in the move ordering's order
    (``expand: ordered``), that with progressive widening (``widening: 1.0``), and the
    game's own search defaults (``search_defaults``: what a player plays by default):
    one row per (position, rollout)."""
    from arena.bench.engine import build_of
    from players.ismcts import ISMCTSPlayer

    if rollouts is None:
        rollouts = ROLLOUTS + ((DEFAULTS, search_defaults(game)),)
    n = num_players or get_game(game).default_players
    rows = []
    for where, state in bench_positions(game, n, seed).items():
        seat = state.current_player
        observation = state.observation(seat)
        for label, params in rollouts:
            rates = []
            for repeat in range(repeats):
                player = ISMCTSPlayer(iterations=iterations, seed=repeat, **params)
                player.start(game, seat, n, seed)
                began = time.perf_counter()
                player.act(observation)
                rates.append(player.last_iterations / (time.perf_counter() - began))
            rows.append({"game": game, "players": n, "position": where,
                         "rollout": label,
                         "legal actions": len(observation.legal_actions), "iterations": iterations,
                         "repeats": repeats, "median it/s": round(statistics.median(rates)),
                         "min it/s": round(min(rates)), "max it/s": round(max(rates)),
                         "build": build_of(game)})
    return rows
