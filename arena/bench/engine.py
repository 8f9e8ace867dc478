"""``arena bench engine`` and ``arena bench memory``: engine speed and memory.

Everything here is measured, never asserted: benchmarks are commands, tests
stay correct on a slow machine (docs/benchmarks.md).  Each figure is the median of
``repeats`` runs in this process.
"""
from __future__ import annotations

import gc
import statistics
import time

from engine.registry import get_game
from engine.rng import Rng


def random_playout(state, rng) -> int:
    """Play uniformly random legal moves to the end; returns the number of decisions."""
    moves = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        moves += 1
    return moves


def mid_game_state(game: str, num_players: int, seed: int = 0, options=None):
    """A state about halfway through a random game (same seed => same state)."""
    spec = get_game(game)
    probe = spec.new_game(num_players, seed, options)
    length = random_playout(probe, Rng(seed))
    state = spec.new_game(num_players, seed, options)
    rng = Rng(seed)
    for _ in range(length // 2):
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    return state


def _per_call_us(fn, min_seconds: float = 0.2) -> float:
    calls, began = 0, time.perf_counter()
    while True:
        for _ in range(100):
            fn()
        calls += 100
        spent = time.perf_counter() - began
        if spent >= min_seconds:
            return spent / calls * 1e6


def bench_playouts(game: str, num_players: int, seconds: float = 1.0, seed: int = 0) -> dict:
    """Random playouts, timed: each move drawn by ``random.Random`` in the very loop ISMCTS
    rollouts run (``players.search_tree.random_rollout``); the game's own chance comes
    from its state's Rng as always."""
    import random

    from players.search_tree import random_rollout

    spec = get_game(game)
    rand = random.Random(seed).random
    games = decisions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        decisions += random_rollout(spec.new_game(num_players, seed + games), rand, None)
        games += 1
    spent = time.perf_counter() - began
    return {"games_per_s": games / spent, "decisions_per_s": decisions / spent,
            "decisions_per_game": decisions / max(games, 1)}


def bench_engine(games: list[str] | None = None, players: list[int] | None = None,
                 seconds: float = 1.0, repeats: int = 3, progress=None) -> list[dict]:
    """One row per (game, player count): medians of playouts/s, decisions/s, clone and sample µs.
    ``progress(done, total, what)`` is called before each row and once at the end."""
    from engine.registry import game_names

    rows = []
    todo = []
    for game in games or game_names():
        spec = get_game(game)
        counts = players or sorted({spec.min_players, min(spec.max_players, 4)})
        todo += [(game, n) for n in counts if spec.min_players <= n <= spec.max_players]
    for done, (game, n) in enumerate(todo):
        if progress is not None:
            progress(done, len(todo), f"{game}, {n} players")
        runs = [bench_playouts(game, n, seconds, seed=100 * r) for r in range(repeats)]
        mid = mid_game_state(game, n, seed=1)
        obs = mid.observation(mid.current_player)
        rng = Rng(5)
        clone_us = statistics.median(_per_call_us(mid.clone) for _ in range(repeats))
        sample_us = statistics.median(_per_call_us(lambda: obs.sample(rng)) for _ in range(repeats))
        observe_us = statistics.median(
            _per_call_us(lambda: mid.observation(mid.current_player)) for _ in range(repeats))
        tensor_us = _tensor_us(game, obs, repeats)
        rows.append({
            "game": game, "players": n,
            "games_per_s": statistics.median(r["games_per_s"] for r in runs),
            "decisions_per_s": statistics.median(r["decisions_per_s"] for r in runs),
            "decisions_per_game": statistics.median(r["decisions_per_game"] for r in runs),
            "clone_us": clone_us, "observation_us": observe_us, "sample_us": sample_us,
            "tensor_us": tensor_us, "build": build_of(game),
        })
    if progress is not None:
        progress(len(todo), len(todo), "done")
    return rows


def build_of(game: str) -> str:
    """Which build of ``game`` runs in this process (engine/_compiled.py), e.g. "compiled
    16 of 16" or "pure 0 of 16 (ARENA_PURE=1)": its hot modules and the core's (the
    Rng, the contract, the search), counted among those imported so far."""
    import sys

    from engine import _compiled

    mine = [name for name in _compiled.hot_modules()
            if name in sys.modules and (name.startswith(f"engine.{game}.") or name in _compiled.CORE)]
    compiled = set(_compiled.compiled_now())
    count = sum(name in compiled for name in mine)
    kind = "compiled" if count == len(mine) and count else "partly compiled" if count else "pure"
    reason = _compiled.build_info()["reason"] if not count else None
    return f"{kind} {count} of {len(mine)}" + (f" ({reason})" if reason else "")


def _tensor_us(game: str, obs, repeats: int):
    """µs to encode one observation as its vector (``engine.tensor``: the RL environments'
    cost per observation, the mask aside); None for a game without a tensor module."""
    from engine import tensor

    try:
        encode = tensor.for_game(game).encode
    except ValueError:
        return None
    return statistics.median(_per_call_us(lambda: encode(obs)) for _ in range(repeats))


def rss_mib() -> float:
    """Resident memory of this process (Linux /proc), in MiB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def count_nodes(root) -> int:
    """Nodes in a search tree (``players.search_tree.Node``)."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        if node.children:
            stack.extend(node.children.values())
    return count


def tree_bytes_per_node(game: str = "origin", iterations: int = 2000, seed: int = 0) -> dict:
    """Memory of an ISMCTS tree: bytes still allocated after one search (the tree
    is kept as ``last_root``) divided by its nodes."""
    import tracemalloc

    from players.ismcts import ISMCTSPlayer

    spec = get_game(game)
    state = spec.new_game(spec.default_players, seed)
    player = ISMCTSPlayer(iterations=iterations, seed=seed)
    player.start(game, state.current_player, spec.default_players, seed)
    observation = state.observation(state.current_player)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    player.act(observation)
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    nodes = count_nodes(player.last_root)
    return {"what": f"ISMCTS tree, {game}, {iterations} iterations", "nodes": nodes,
            "bytes per node": round((after - before) / nodes, 1)}


def _worker_rss(game: str, games: int) -> dict:
    import os

    from arena.game.match import play_game
    from players.random_player import RandomPlayer

    spec = get_game(game)
    for seed in range(games):
        play_game(game, [RandomPlayer(i) for i in range(spec.default_players)], seed)
    return {"pid": os.getpid(), "rss_mib": rss_mib()}


def bench_memory(game: str = "origin", workers: int = 2, iterations: int = 2000, games: int = 20) -> list:
    """RSS of each Ray worker after it played ``games`` random games, the driver's
    RSS, and bytes per ISMCTS tree node (target: <= 150 MiB per worker, <= 300 B per node)."""
    import ray

    from arena.runs.runner import start_ray

    rows = [tree_bytes_per_node(game, iterations)]
    start_ray(workers)
    try:
        remote = ray.remote(num_cpus=1)(_worker_rss)
        seen = {}
        for result in ray.get([remote.remote(game, games) for _ in range(workers * 2)]):
            seen[result["pid"]] = result["rss_mib"]
        for pid, rss in sorted(seen.items()):
            rows.append({"what": f"Ray worker pid {pid} after {games} games of {game}", "rss MiB": round(rss, 1)})
        rows.append({"what": "driver", "rss MiB": round(rss_mib(), 1)})
    finally:
        ray.shutdown()
    return rows
