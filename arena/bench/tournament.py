"""``arena bench tournament``: games/s on Ray with 1..N workers against one process.

The baseline plays the same games one after another in a fresh subprocess (not
in the driver, whose Ray threads would disturb it).  For each worker count a
local Ray with that many CPUs is started, warmed up (each worker plays one
game, so process start-up is not counted), and the games are timed from the
first submission to the last result, through the same :class:`RayRunner` a
tournament uses (records are collected, not written).

Reported per row: games/s; for Ray rows the parallel efficiency
``games/s ÷ (workers × baseline games/s)`` and the Ray overhead per game
``(workers × wall − baseline wall) ÷ games`` (worker time not spent playing),
and how busy the workers were: time inside games over ``workers × wall``.  On a
shared machine the efficiency also counts other people's load (a game is slower
when two run at once on busy cores); the busy share does not.  Ray's share of the
wall time is the busy share of one process minus that of the Ray workers: both are
ratios within one run, so it does not drift with the machine's load the way the
baseline-against-Ray comparison does (that one moves by several % between runs).
docs/benchmarks.md asks ≥ 85% efficiency on 2 cores, ≥ 80% with 15 workers on 16.
"""
from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from statistics import median

from arena.runs.config import PlayerEntry, TournamentConfig, load_config
from arena.runs.schedule import build_schedule
from arena.runs.tournament import game_setup, job_for


def bench_config(config=None, game: str = "origin", players=("random", "random"), seats: int | None = None,
                 games: int = 400) -> TournamentConfig:
    """The tournament to time: a config file's, or ``players`` round robin at ``game``."""
    if config is not None:
        return load_config(config) if not isinstance(config, TournamentConfig) else config
    from engine.registry import get_game

    seats = seats or get_game(game).default_players
    entries = [PlayerEntry(f"{spec}{i}", spec, {}) for i, spec in enumerate(players)]
    pairings = max(1, _combinations(len(entries), seats))
    per_pairing = max(1, -(-games // (pairings * seats)))
    return TournamentConfig("bench", game, seats, entries, games_per_pairing=per_pairing, seed=0)


def bench_jobs(cfg: TournamentConfig, games: int | None = None) -> list:
    jobs = [job_for(cfg, g) for g in build_schedule(cfg)]
    return jobs[:games] if games else jobs


def baseline_in_subprocess(setup: dict, jobs: list) -> tuple:
    """(wall seconds, seconds inside games) to play ``jobs`` one after another in a fresh
    Python process."""
    payload = json.dumps({"setup": setup, "jobs": jobs, "path": sys.path})
    code = ("import json, sys; d = json.loads(sys.stdin.read()); sys.path[:0] = d['path'];"
            "from arena.bench.tournament import _time_in_process;"
            "print(json.dumps(_time_in_process(d['setup'], d['jobs'])))")
    done = subprocess.run([sys.executable, "-c", code], input=payload, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"baseline subprocess failed:\n{done.stderr[-2000:]}")
    return tuple(json.loads(done.stdout.strip().splitlines()[-1]))


def _time_in_process(setup: dict, jobs: list) -> tuple:
    from arena.runs.worker import play_one, prepare_process

    prepare_process(setup)
    if jobs:
        play_one(setup, jobs[0])  # imports and caches, as a warm worker has
    playing = 0.0
    began = time.perf_counter()
    for job in jobs:
        playing += play_one(setup, job)["timings"]["seconds"] or 0.0
    return time.perf_counter() - began, playing


@contextlib.contextmanager
def local_ray(workers: int):
    """A fresh local Ray with ``workers`` CPUs for the block (yields the CPU count); shut down after."""
    import ray

    from arena.runs.runner import start_ray

    if ray.is_initialized():
        ray.shutdown()
    try:
        yield start_ray(workers)
    finally:
        ray.shutdown()


def time_run(setup: dict, jobs: list, cpus: int, games_per_task: int | None = None, check=None) -> tuple:
    """(wall seconds, seconds spent inside games summed over the workers) of ``jobs`` on the
    running Ray; ``check`` (optional) is called with each batch of the games' records."""
    from arena.runs.runner import RayRunner

    playing = [0.0]

    def count(records):
        playing[0] += sum(r["timings"]["seconds"] or 0.0 for r in records)
        if check is not None:
            check(records)

    runner = RayRunner(setup, cpus, count, games_per_task=games_per_task)
    began = time.perf_counter()
    runner.run(jobs)
    return time.perf_counter() - began, playing[0]


def time_on_ray(setup: dict, jobs: list, workers: int, games_per_task: int | None = None) -> tuple:
    """:func:`time_run` on a local Ray of its own, after a game per worker, untimed (starts every worker)."""
    with local_ray(workers) as cpus:
        time_run(setup, jobs[:cpus], cpus)
        return time_run(setup, jobs, cpus, games_per_task)


def bench_tournament(config=None, workers=(1, 2), game: str = "origin", players=("random", "random"),
                     seats: int | None = None, games: int = 400, games_per_task: int | None = None,
                     repeats: int = 1) -> list:
    """Rows of {mode, workers, games, seconds, games_per_s[, efficiency, overhead_ms_per_game, busy]}.

    With ``repeats`` > 1 every measurement is taken that many times, the baseline
    and the Ray runs interleaved (a shared machine drifts), and medians reported."""
    cfg = bench_config(config, game, players, seats, games)
    setup = game_setup(cfg)
    jobs = bench_jobs(cfg, games)
    base_times, ray_times = [], {count: [] for count in workers}
    for _ in range(max(1, repeats)):
        base_times.append(baseline_in_subprocess(setup, jobs))
        for count in workers:
            ray_times[count].append(time_on_ray(setup, jobs, count, games_per_task))
    base = median(t[0] for t in base_times)
    base_busy = median(t[1] / t[0] for t in base_times)
    rows = [{"mode": "one process", "workers": 1, "games": len(jobs), "seconds": round(base, 3),
             "games_per_s": round(len(jobs) / base, 1), "busy": round(base_busy, 3)}]
    for count in workers:
        wall = median(t[0] for t in ray_times[count])
        busy = median(t[1] / (count * t[0]) for t in ray_times[count])
        rows.append({"mode": "ray", "workers": count, "games": len(jobs), "seconds": round(wall, 3),
                     "games_per_s": round(len(jobs) / wall, 1),
                     "efficiency": round(base / (count * wall), 3),
                     "overhead_ms_per_game": round(1000 * (count * wall - base) / len(jobs), 3),
                     "busy": round(busy, 3), "ray_share": round(base_busy - busy, 3)})
    return rows


def display_rows(rows: list) -> list:
    """The rows as the table shows them (``arena.bench.format_rows``): named columns,
    shares as percentages."""
    return [{"mode": r["mode"], "workers": r["workers"], "games": r["games"], "seconds": r["seconds"],
             "games/s": r["games_per_s"],
             "efficiency": f"{r['efficiency']:.0%}" if "efficiency" in r else "",
             "Ray overhead ms/game": r.get("overhead_ms_per_game", ""),
             "busy in games": f"{r['busy']:.1%}",
             "Ray's share of wall": f"{r['ray_share']:.1%}" if "ray_share" in r else ""} for r in rows]


def _combinations(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if n >= k else 0
