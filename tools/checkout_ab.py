"""Random playouts of this checkout against another one, in CPU seconds (docs/benchmarks.md,
"Per game, random playouts, before ... and after").

    git worktree add ../base 1213c5e
    (cd ../base && PYTHONPATH=. python -c "from arena.cli import app; app()" build)
    python tools/checkout_ab.py ../base --runs 7

For each game at 2 players and each build (pure Python, ``ARENA_PURE=1``, and compiled) it
plays the same random playouts (``players.search_tree.random_rollout``, the loop ``arena
bench engine`` times; seeds 0 to n - 1, after one warm-up game) in a fresh process per run,
the two checkouts in alternation (which one goes first alternates too), each process with its
checkout on ``PYTHONPATH`` and as its working directory. It prints a Markdown table: each
checkout's games a second of CPU time (medians over the runs) and the median of the runs'
ratios, now over the other, with their range. Each checkout runs whichever build it has made
(``arena --version`` there): build both first.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

# playouts a run, per game: pure Python, compiled (about half a second each on the 2-core
# development machine)
PLAYOUTS = {"origin": (800, 3000), "citadels": (800, 3000), "natural_selection": (400, 1500),
            "random_mutations": (400, 2000), "dominant_species": (100, 500)}

_RUN = """
import random, sys, time
from engine.registry import get_game
from players.search_tree import random_rollout
spec = get_game(sys.argv[1])
random_rollout(spec.new_game(2, 10 ** 6), random.Random(0).random, None)
began = time.process_time()
for g in range(int(sys.argv[2])):
    random_rollout(spec.new_game(2, g), random.Random(g).random, None)
print(time.process_time() - began)
"""


def cpu_seconds(checkout: Path, game: str, playouts: int, pure: bool) -> float:
    """CPU seconds of ``playouts`` random playouts of ``game`` in a fresh process of ``checkout``."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    env.pop("ARENA_PURE", None)
    if pure:
        env["ARENA_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", _RUN, game, str(playouts)], cwd=checkout, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"checkout_ab: {game} in {checkout} failed:\n{done.stderr[-2000:]}")
    return float(done.stdout.split()[-1])


def compare(here: Path, other: Path, games: list, runs: int, scale: float) -> list:
    """One row per (game, build): rates of both checkouts and the ratios of the runs."""
    rows = []
    for game in games:
        for pure, playouts in zip((True, False), PLAYOUTS[game]):
            n = max(1, round(playouts * scale))
            mine, theirs = [], []
            for run in range(runs):
                order = [(here, mine), (other, theirs)]
                for checkout, times in order if run % 2 == 0 else order[::-1]:
                    times.append(cpu_seconds(checkout, game, n, pure))
            ratios = [t / m for m, t in zip(mine, theirs)]
            rows.append({"game": game, "build": "pure" if pure else "compiled", "playouts": n,
                         "other": n / statistics.median(theirs), "here": n / statistics.median(mine),
                         "ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios)})
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", help="the other checkout's folder (e.g. a git worktree of an earlier commit)")
    parser.add_argument("--game", action="append", choices=sorted(PLAYOUTS), help="a game (default: every game)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each checkout (default 7)")
    parser.add_argument("--scale", type=float, default=1.0, help="times the playouts a run (default 1)")
    args = parser.parse_args(argv)
    here = Path(__file__).resolve().parent.parent
    other = Path(args.other).resolve()
    if not (other / "engine" / "registry.py").is_file():
        raise SystemExit(f"checkout_ab: {other} is not a checkout of arena (no engine/registry.py)")
    if args.runs < 1:
        raise SystemExit("checkout_ab: --runs must be at least 1")
    rows = compare(here, other, args.game or list(PLAYOUTS), args.runs, args.scale)
    print(f"| game | build | playouts a run | {other.name}, games/s | {here.name}, games/s | "
          f"{here.name} over {other.name}: median (range) of {args.runs} runs |")
    print("| --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['game']} | {r['build']} | {r['playouts']} | {r['other']:,.0f} | {r['here']:,.0f} | "
              f"{r['ratio']:.2f}× ({r['low']:.2f}–{r['high']:.2f}) |")


if __name__ == "__main__":
    main()
