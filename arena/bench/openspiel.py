"""``arena bench versus-openspiel``: our ISMCTS and OpenSpiel's Python ISMCTS on
the same positions, iterations per second side by side in one run.

Rows per position (an early and a mid-game one, as ``arena bench ismcts``):

* ``full / stock``: our ISMCTS with random rollouts to the end against OpenSpiel's
  with its stock ``RandomRolloutEvaluator`` (random moves to the end, each one
  through pyspiel: legal ids, then ``apply_action``);
* ``full / engine``: both with the same rollout code (our engine's random-move loop
  to the end; OpenSpiel through :class:`arena.interop.openspiel.EngineRolloutEvaluator`),
  so that the difference is the tree search around it;
* ``cut at 20 / engine``: both with rollouts cut after 20 moves and scored by the
  score margin (our default).

Equal settings otherwise: one new determinization per iteration, UCT with
OpenSpiel's ``uct_c`` twice our ``exploration`` (its returns are in [-1, 1], ours
in [0, 1]).  Medians over ``repeats``; ``ratio`` is ours over OpenSpiel's.
Needs the ``openspiel`` extra.
"""
from __future__ import annotations

import statistics
import time

from engine.registry import get_game
from engine.rng import Rng

ROLLOUTS = (("full / stock", None, "random_rollout"), ("full / engine", None, "engine_rollout"),
            ("cut at 20 / engine", 20, "engine_rollout"))


def ours_rate(game, n, seat, observation, iterations, cutoff, exploration, repeat, seed) -> float:
    from players.ismcts import ISMCTSPlayer

    player = ISMCTSPlayer(iterations=iterations, rollout_cutoff=cutoff, exploration=exploration, seed=repeat)
    player.start(game, seat, n, seed)
    began = time.perf_counter()
    player.act(observation)
    return player.last_iterations / (time.perf_counter() - began)


def openspiel_rate(os_game, observation, iterations, cutoff, evaluator, exploration, repeat) -> float:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from arena.interop.openspiel import EngineRolloutEvaluator

    random_state = np.random.RandomState(repeat)
    if evaluator == "random_rollout":
        leaf = mcts.RandomRolloutEvaluator(1, random_state)
    else:
        leaf = EngineRolloutEvaluator(cutoff, "margin", 1, seed=repeat)
    bot = ismcts.ISMCTSBot(os_game, leaf, 2 * exploration, iterations, random_state=random_state)
    rng = Rng(repeat)
    bot.set_resampler(lambda state, player: state.resample(player, rng))
    root = os_game.wrap(observation.sample(rng))
    began = time.perf_counter()
    bot.run_search(root)
    return iterations / (time.perf_counter() - began)


def bench_versus_openspiel(game: str, iterations: int = 200, repeats: int = 3, num_players: int | None = None,
                           seed: int = 0, exploration: float = 0.7) -> list:
    """One row per (position, rollout): our and OpenSpiel's median iterations/s and their ratio."""
    from arena.bench.ismcts import bench_positions
    from arena.interop.openspiel import load_game

    n = num_players or get_game(game).default_players
    os_game = load_game(game, players=n, actions="flat")  # as the openspiel-ismcts player searches
    rows = []
    for where, state in bench_positions(game, n, seed).items():
        seat = state.current_player
        observation = state.observation(seat)
        for label, cutoff, evaluator in ROLLOUTS:
            ours, theirs = [], []
            for repeat in range(repeats):  # interleaved, so that a noisy spell hits both
                ours.append(ours_rate(game, n, seat, observation, iterations, cutoff, exploration, repeat, seed))
                theirs.append(openspiel_rate(os_game, observation, iterations, cutoff, evaluator, exploration,
                                             repeat))
            mine, other = statistics.median(ours), statistics.median(theirs)
            rows.append({"game": game, "players": n, "position": where, "rollout (ours / OpenSpiel's)": label,
                         "legal actions": len(observation.legal_actions), "iterations": iterations,
                         "repeats": repeats, "ours it/s": round(mine), "OpenSpiel it/s": round(other),
                         "ratio": round(mine / other, 2)})
    return rows
