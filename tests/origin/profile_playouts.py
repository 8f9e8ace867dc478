"""Where Origin of Species random playouts spend their time (a tool for engine work,
not collected by pytest; the figures themselves come from ``arena bench engine``).

    python3 tests/origin/profile_playouts.py [--players 2] [--games 300] [--top 20]

cProfile of random playouts in the ISMCTS rollout loop, by time spent in each function.
cProfile inflates small calls; to compare two versions of the engine, time both with
``arena bench engine`` and check behaviour with ``golden_replay.py``.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random

from engine.origin import GAME
from players.search_tree import random_rollout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    rand = random.Random(0).random
    prof = cProfile.Profile()
    prof.enable()
    for g in range(args.games):
        random_rollout(GAME.new_game(args.players, g), rand, None)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
