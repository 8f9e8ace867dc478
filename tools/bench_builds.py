"""Pure Python against the compiled build, side by side in one run.

    python tools/bench_builds.py --game origin --repeats 5

Each repeat runs two fresh processes one after the other, one with ``ARENA_PURE=1`` and
one with the compiled build (``tools/build_compiled.py``), each timing random playouts
(``arena bench engine``'s loop) and ISMCTS from the early position with rollouts cut at
20 and full (``arena bench ismcts``'s positions); the table gives the medians over the
repeats and compiled / pure.  On a shared machine the alternation is what makes the
ratio hold.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
from engine import _compiled
from arena.bench.engine import bench_playouts
from arena.bench.ismcts import bench_positions
from engine.registry import get_game
from players.ismcts import ISMCTSPlayer
game, seconds, iterations = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
n = get_game(game).default_players
out = {"build": _compiled.describe(), "loaded": len(_compiled.compiled_now())}
out["games/s"] = bench_playouts(game, n, seconds, seed=0)["games_per_s"]
early = bench_positions(game, n, 0)["early"]
for label, cutoff in (("ISMCTS cut 20 it/s", 20), ("ISMCTS full it/s", None)):
    player = ISMCTSPlayer(iterations=iterations, seed=0, rollout_cutoff=cutoff)
    player.start(game, early.current_player, n, 0)
    obs = early.observation(early.current_player)
    began = time.perf_counter()
    player.act(obs)
    out[label] = player.last_iterations / (time.perf_counter() - began)
out["loaded"] = len(_compiled.compiled_now())
print(json.dumps(out))
"""


def run_child(pure: bool, game: str, seconds: float, iterations: int) -> dict:
    env = dict(os.environ)
    env.pop("ARENA_PURE", None)
    if pure:
        env["ARENA_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", CHILD, game, str(seconds), str(iterations)],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args(argv)
    for game in args.game or ["origin"]:
        runs = {True: [], False: []}
        for _ in range(args.repeats):
            for pure in (True, False):
                runs[pure].append(run_child(pure, game, args.seconds, args.iterations))
        print(f"\n{game}: pure = {runs[True][0]['build']}\n{' ' * len(game)}  compiled = "
              f"{runs[False][0]['build']} ({runs[False][0]['loaded']} loaded)")
        print(f"{'median of ' + str(args.repeats):<22}{'pure':>10}{'compiled':>10}{'ratio':>8}")
        for key in ("games/s", "ISMCTS cut 20 it/s", "ISMCTS full it/s"):
            pure = statistics.median(r[key] for r in runs[True])
            fast = statistics.median(r[key] for r in runs[False])
            print(f"{key:<22}{pure:>10.0f}{fast:>10.0f}{fast / pure:>7.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
