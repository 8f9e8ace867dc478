"""Strength of one player against another: many games, every deal played with
the seats rotated (two players: colours swapped), the score rate of A with its
95% Wilson interval.

    python3 -m players.strength --game origin --a ismcts --a-params "{iterations: 1000}" \\
        --b rules --deals 100 --workers 2 --out results/ismcts-vs-rules.jsonl

A scores 1 for a win, 1/2 for a draw, 0 for a loss (more players: the seats it
beats plus half the seats it ties, over n-1; A plays one seat, B all others).
With ``--out`` each finished game is appended as a JSON line and a rerun with
the same file skips the games already there, so a long measurement can be
stopped and resumed.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path


def wilson_interval(points: float, games: int, z: float = 1.96) -> tuple:
    """95% Wilson score interval of a rate (draws count as half a win).

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    if games == 0:
        return (0.0, 1.0)
    p = points / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_one(task: dict) -> dict:
    """One game: A at ``task['seat']``, B in every other seat."""
    from arena.match import play_game
    from players.loading import make_player
    from players.search_tree import rewards_from_places

    n, seat = task["players"], task["seat"]
    players = [make_player(task["a"], task["a_params"], task["game"]) if s == seat
               else make_player(task["b"], task["b_params"], task["game"]) for s in range(n)]
    began = time.perf_counter()
    result = play_game(task["game"], players, task["deal"], task["options"])
    return {"deal": task["deal"], "seat": seat, "ranks": result.ranks, "scores": result.scores,
            "a_points": rewards_from_places(result.ranks)[seat],
            "a_seconds_per_move": result.think_seconds[seat] / max(1, result.moves[seat]),
            "moves": len(result.actions), "seconds": time.perf_counter() - began,
            "faults": [f"seat {f.seat} {f.kind}: {f.detail}" for f in result.faults]}


def summarise(rows: list) -> dict:
    games = len(rows)
    points = sum(r["a_points"] for r in rows)
    low, high = wilson_interval(points, games)
    return {"games": games, "a_wins": sum(1 for r in rows if r["a_points"] == 1.0),
            "draws": sum(1 for r in rows if 0 < r["a_points"] < 1), "a_losses": sum(1 for r in rows if r["a_points"] == 0),
            "a_score_rate": points / games if games else 0.0, "interval95": [low, high],
            "a_seconds_per_move": sum(r["a_seconds_per_move"] for r in rows) / max(1, games),
            "moves_per_game": sum(r["moves"] for r in rows) / max(1, games),
            "faults": [f for r in rows for f in r["faults"]]}


def measure(game, a, a_params, b, b_params, deals, players=2, first_deal=0, options=None, workers=2, out=None,
            echo=print) -> dict:
    """Play ``deals`` deals x ``players`` seatings; returns the summary (see :func:`summarise`)."""
    tasks = [{"game": game, "players": players, "deal": first_deal + d, "seat": s, "options": options or {},
              "a": a, "a_params": a_params or {}, "b": b, "b_params": b_params or {}}
             for d in range(deals) for s in range(players)]
    rows = []
    if out is not None and Path(out).is_file():
        rows = [json.loads(line) for line in Path(out).read_text().splitlines() if line.strip()]
        done = {(r["deal"], r["seat"]) for r in rows}
        tasks = [t for t in tasks if (t["deal"], t["seat"]) not in done]
    sink = open(out, "a") if out is not None else None
    began = time.perf_counter()
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers, initializer=_worker_init) if workers > 1 else _Serial() as pool:
            for row in pool.imap_unordered(play_one, tasks):
                rows.append(row)
                if sink is not None:
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                if len(rows) % 10 == 0:
                    s = summarise(rows)
                    echo(f"{len(rows)} games  A {s['a_score_rate']:.3f} "
                         f"[{s['interval95'][0]:.3f}, {s['interval95'][1]:.3f}]  {time.perf_counter() - began:.0f}s")
    finally:
        if sink is not None:
            sink.close()
    return summarise(rows)


def _worker_init():
    """Workers die on SIGTERM at once (the main process's handler is for the main process only)."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class _Serial:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap_unordered(self, fn, tasks):
        return map(fn, tasks)


def main(argv=None):
    import signal

    import yaml

    # a plain `kill` of the main process also ends its workers (the Pool's exit terminates them)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="origin")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--a", required=True, help="player spec of A (the one measured)")
    parser.add_argument("--a-params", default="{}", help="YAML mapping of A's parameters")
    parser.add_argument("--b", required=True, help="player spec of B (the opponent)")
    parser.add_argument("--b-params", default="{}", help="YAML mapping of B's parameters")
    parser.add_argument("--deals", type=int, default=100, help="deals; each is played once per seat of A")
    parser.add_argument("--first-deal", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--workers", type=int, default=2, help="processes (the shared machine: 2 at most)")
    parser.add_argument("--out", default=None, help="JSON-lines file of finished games (resumable)")
    args = parser.parse_args(argv)
    summary = measure(args.game, args.a, yaml.safe_load(args.a_params), args.b, yaml.safe_load(args.b_params),
                      args.deals, args.players, args.first_deal, workers=args.workers, out=args.out,
                      echo=lambda text: print(text, file=sys.stderr, flush=True))
    print(json.dumps(dict(summary, game=args.game, a=args.a, a_params=args.a_params, b=args.b,
                          b_params=args.b_params), indent=1))


if __name__ == "__main__":
    main()
