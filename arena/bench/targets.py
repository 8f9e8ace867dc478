"""``arena bench targets``: every speed target of docs/benchmarks.md measured on this
machine, in one table: the target, the measured median, whether it is met, and the
``arena bench`` command that measures that row alone.

``measure()`` runs the other benchmarks (a few minutes: Ray is started twice);
``evaluate()`` compares what they measured with the targets and is all the logic.
"""
from __future__ import annotations

import os
from typing import NamedTuple


class Target(NamedTuple):
    key: str          # the measurement it reads
    what: str
    target: str       # as docs/benchmarks.md words it
    limit: float
    at_least: bool    # True: measured >= limit is met; False: measured <= limit
    unit: str         # how the measured value is printed
    command: str


TARGETS = (
    Target("playouts", "random playouts, Origin 2p", ">= 1,500 games/s", 1500, True, "{:,.0f} games/s",
           "arena bench engine --game origin --players 2 --repeats 5 --seconds 1.5"),
    Target("clone", "clone(), mid-game, slowest game (2p)", "<= 10 µs", 10, False, "{:.1f} µs",
           "arena bench engine --players 2"),
    Target("sample", "observation(seat).sample(rng), slowest game (2p)", "<= 30 µs", 30, False, "{:.1f} µs",
           "arena bench engine --players 2"),
    Target("ismcts_full", "ISMCTS, Origin 2p early game, full rollouts", ">= 2,500 it/s", 2500, True,
           "{:,.0f} it/s", "arena bench ismcts --game origin --players 2"),
    Target("ismcts_cut", "ISMCTS, Origin 2p early game, rollouts cut at 20", ">= 10,000 it/s", 10000, True,
           "{:,.0f} it/s", "arena bench ismcts --game origin --players 2"),
    Target("ray_overhead", "Ray's share of wall time, 1 worker vs one process (time outside games)",
           "<= 2% of wall time", 0.02, False, "{:.1%}",
           "arena bench tournament --workers 1 --workers 2"),
    Target("ray_2", "tournament on Ray, 2 workers vs one process", ">= 85% efficiency", 0.85, True, "{:.0%}",
           "arena bench tournament --workers 1 --workers 2"),
    Target("ray_15", "tournament on Ray, 15 workers vs one process (16 cores)", ">= 80% efficiency", 0.80, True,
           "{:.0%}", "arena bench tournament --workers 15 --games 6000"),
    Target("worker_rss", "RSS per Ray worker, largest", "<= 150 MiB", 150, False, "{:.0f} MiB",
           "arena bench memory"),
    Target("tree_node", "ISMCTS tree, Origin", "<= 300 B per node", 300, False, "{:.0f} B per node",
           "arena bench memory"),
)


# target key -> (the measurement that caps it, the note that says so beside the row)
BOUNDS = {
    # a full rollout from the first decision plays a whole game
    "ismcts_full": ("playouts", "at most the playout rate, {:,.0f} games/s here"),
}


def evaluate(measured: dict, targets=TARGETS) -> list[dict]:
    """One row per target: ``met`` is "yes", "NO", or "not measured" (with the reason
    ``measured`` gives as a string, e.g. too few CPUs for 15 workers); ``note`` says
    what bounds the measurement (``BOUNDS``), when that was measured too."""
    rows = []
    for t in targets:
        value = measured.get(t.key)
        if value is None or isinstance(value, str):
            shown, met = value or "", "not measured"
        else:
            shown = t.unit.format(value)
            met = "yes" if (value >= t.limit if t.at_least else value <= t.limit) else "NO"
        bound, why = BOUNDS.get(t.key, (None, ""))
        cap = measured.get(bound)
        note = why.format(cap) if isinstance(cap, (int, float)) else ""
        rows.append({"what": t.what, "target": t.target, "measured": shown, "met": met, "note": note,
                     "command": t.command})
    return rows


def measure(seconds: float = 1.5, repeats: int = 5, tournament_games: int = 2000, cpus: int | None = None) -> dict:
    """Run the benchmarks behind the targets; medians, keyed as ``Target.key``."""
    from arena.bench.engine import bench_engine, bench_memory
    from arena.bench.ismcts import bench_ismcts
    from arena.bench.tournament import bench_tournament

    cpus = cpus or os.cpu_count() or 1
    measured = {}
    engine = bench_engine(None, [2], seconds=seconds, repeats=repeats)
    measured["playouts"] = next(r["games_per_s"] for r in engine if r["game"] == "origin")
    measured["clone"] = max(r["clone_us"] for r in engine)
    measured["sample"] = max(r["sample_us"] for r in engine)
    for row in bench_ismcts("origin", repeats=repeats, num_players=2):
        if row["position"] == "early" and row["rollout"] in ("full", "cut at 20"):
            measured["ismcts_full" if row["rollout"] == "full" else "ismcts_cut"] = row["median it/s"]
    workers = [1, 2] + ([15] if cpus >= 16 else [])
    ray = {r["workers"]: r for r in bench_tournament(workers=workers, games=tournament_games, repeats=3)
           if r["mode"] == "ray"}
    measured["ray_overhead"] = max(0.0, ray[1]["ray_share"])
    measured["ray_2"] = ray[2]["efficiency"]
    measured["ray_15"] = ray[15]["efficiency"] if 15 in ray else f"needs 16 CPUs, this machine has {cpus}"
    memory = bench_memory("origin", workers=2)
    measured["tree_node"] = memory[0]["bytes per node"]
    measured["worker_rss"] = max(r["rss MiB"] for r in memory if r["what"].startswith("Ray worker"))
    return measured
