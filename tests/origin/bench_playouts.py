"""Speed of the Origin of Species engine, ``arena bench``-style (not collected by pytest).

    python3 tests/origin/bench_playouts.py [--seconds 2] [--repeats 5] [--players 2] [--profile]

Random 2-player games/s and decisions/s in process time (median of ``repeats``
runs of ``seconds`` each), ``clone()`` and ``observation(seat).sample(rng)`` in
µs on a mid-game state (medians).  ``--profile`` prints cProfile's top lines by
tottime for random playouts instead.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from engine.origin import GAME
from engine.rng import Rng


def playout(s, rng) -> int:
    moves = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        moves += 1
    return moves


def games_per_s(players: int, seconds: float, seed: int) -> tuple:
    rng = Rng(seed)
    games = decisions = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        decisions += playout(GAME.new_game(players, seed + games), rng)
        games += 1
    spent = time.process_time() - began
    return games / spent, decisions / spent, decisions / games


def mid_game(players: int, seed: int = 1):
    length = playout(GAME.new_game(players, seed), Rng(seed))
    s, rng = GAME.new_game(players, seed), Rng(seed)
    for _ in range(length // 2):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return s


def per_call_us(fn, calls: int = 20000) -> float:
    began = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - began) / calls * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        rng = Rng(0)
        for g in range(300):
            playout(GAME.new_game(args.players, g), rng)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(18)
        return
    runs = [games_per_s(args.players, args.seconds, 100 * r) for r in range(args.repeats)]
    mid = mid_game(args.players)
    obs = mid.observation(mid.current_player)
    rng = Rng(5)
    clone_us = statistics.median(per_call_us(mid.clone) for _ in range(args.repeats))
    sample_us = statistics.median(per_call_us(lambda: obs.sample(rng), 5000) for _ in range(args.repeats))
    observe_us = statistics.median(per_call_us(lambda: mid.observation(mid.current_player), 5000)
                                   for _ in range(args.repeats))
    print(f"players {args.players}: games/s {statistics.median(r[0] for r in runs):.0f} "
          f"(runs {', '.join(f'{r[0]:.0f}' for r in runs)}), "
          f"decisions/s {statistics.median(r[1] for r in runs):.0f}, "
          f"decisions/game {statistics.median(r[2] for r in runs):.1f}, "
          f"clone {clone_us:.2f} us, sample {sample_us:.2f} us, observation {observe_us:.2f} us")


if __name__ == "__main__":
    main()
