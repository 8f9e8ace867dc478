"""``arena bench isolation``: what running each submitted player in a jail costs.

- **per move**: the time of one ``act`` through the jail's boundary (thaw the
  player's cgroup, pickle the observation, pipe it over, the answer back as an
  index, freeze the cgroup again) minus the same ``act`` called in this process,
  from an early and a mid-game position, for a random player (so the player's own
  time is next to nothing), with this process and the player on one CPU as in a
  tournament: the boundary's cost in µs.
- **per game**: a fresh jailed player for every game (the template forks it, the
  game master puts it in a new cgroup, it loads the player's class, plays nothing,
  and is killed with its cgroup): ms per game, beside the same with a fresh
  interpreter per game (what a machine without bubblewrap does), and the
  template's own start (once per game master and code folder).
- **tournament throughput** (the target: isolated >= 95% of in process): a
  tournament of ISMCTS players (200 iterations per move) as ``arena tournament``
  plays it, on a local Ray with a worker per CPU, every deal played with the players
  in process (the spec ``ismcts``, a built-in) and jailed (the same class named
  ``players.ismcts:ISMCTSPlayer``, which arena treats as submitted), the two games
  side by side in the schedule: the in-process games' seconds over the isolated
  games' seconds, with a 95% interval (:func:`tournament_on_ray`).
- **one game at a time on one CPU**: the same comparison without Ray, games played
  one after another by a game master in this process (pinned to one CPU, which its
  jailed players share), each game both ways back to back (the order alternating,
  so that a busy spell of the machine hits both sides alike); for ISMCTS and for
  random players.
- **memory**: the resident set (RSS) of a jailed player's process (its pages are
  shared with the template until written).
"""
from __future__ import annotations

import statistics
import time

from engine.registry import get_game


def _limits():
    from arena.runs.checks import default_limits

    return default_limits()


def boundary_cost(game: str, moves: int = 2000, repeats: int = 3) -> dict:
    """µs per move of the process boundary from an early and a mid-game position, and the
    observations' pickled sizes.  This process and the player process share one CPU while
    it is measured, as a game master and its player processes do in a tournament
    (:mod:`arena.jail.affinity`)."""
    import os
    import pickle

    from arena.bench.ismcts import bench_positions
    from arena.jail import spawn
    from players.random_player import RandomPlayer

    n = get_game(game).default_players
    positions = bench_positions(game, n, 0)
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(before)})  # the player process starts here and inherits it
    process = spawn("players.random_player:RandomPlayer", {}, game, _limits())
    try:
        process.load()
        row = {"measure": "jail boundary per move (with freeze/thaw), one CPU", "game": game, "moves": moves,
               "repeats": repeats}
        for label, state in positions.items():
            seat = state.current_player
            observation = state.observation(seat)
            local = RandomPlayer(0)
            local.start(game, seat, n, 1)
            process.start(game, seat, n, 1, time.monotonic() + 60)
            inside, across = [], []
            for _ in range(repeats):
                began = time.perf_counter()
                for _ in range(moves):
                    local.act(observation)
                inside.append((time.perf_counter() - began) / moves)
                began = time.perf_counter()
                deadline = time.monotonic() + 600
                for _ in range(moves):
                    process.act(observation, deadline, False)
                across.append((time.perf_counter() - began) / moves)
            prefix = "" if label == "early" else f"{label}: "
            row[f"{prefix}boundary µs"] = round((statistics.median(across) - statistics.median(inside)) * 1e6, 1)
            row[f"{prefix}observation bytes"] = len(pickle.dumps(observation, protocol=pickle.HIGHEST_PROTOCOL))
        rss = _rss_kib(process.pid)
    finally:
        process.kill()
        os.sched_setaffinity(0, before)
    row["player process RSS MiB"] = round(rss / 1024, 1) if rss else None
    return row


_SPECS = {"random": "players.random_player:RandomPlayer", "ismcts": "players.ismcts:ISMCTSPlayer"}


def _setup(game: str, spec: str, params: dict, kinds: dict) -> dict:
    """A tournament setup of ``spec`` against itself: ``kinds`` maps isolated (True) or not
    (False) to seat names; in process the players go by the built-in spec, isolated by their
    module (so: submitted), each seat with a seed of its own."""
    return {"game": game, "options": {}, "plugins": [], "move_seconds": None, "game_seconds": 3600.0,
            "players": {name: (_SPECS[spec] if isolated else spec, dict(params, seed=i))
                        for isolated, names in kinds.items() for i, name in enumerate(names)},
            "limits": {"private": _limits().private}}


def _bench_games(game: str, spec: str, params: dict, games: int):
    """(setup for isolated or not, the jobs): ``games`` games of ``spec`` against itself."""
    names = [f"p{i}" for i in range(get_game(game).default_players)]
    jobs = [{"id": str(i), "index": i, "pairing": names, "deal": i, "rotation": 0, "seed": 1000 + i,
             "players": names} for i in range(games)]
    return (lambda isolated: _setup(game, spec, params, {isolated: names})), jobs


def _no_faults(record: dict) -> None:
    if record.get("failed") or record["faults"]:
        raise RuntimeError(f"a bench game failed: {record.get('failed') or record['faults']}")


def _judged(row: dict, share: float, target: float | None) -> dict:
    """``row`` with the isolated share, and the target and whether it is met (if any)."""
    row["isolated / in process"] = f"{share:.1%}"
    if target is not None:
        row["target"] = f">= {target:.0%}"
        row["met"] = "yes" if share >= target else "no"
    return row


def tournament_on_ray(game: str, spec: str, params: dict, deals: int, label: str, target: float | None,
                      workers: int | None = None) -> dict:
    """A tournament as ``arena tournament`` plays it, on one local Ray with a worker per CPU
    (``workers``: default all of this process's CPUs), in which every deal is played twice,
    once with the players in process (the built-in spec) and once isolated (the same class
    by its module: submitted), the two games next to each other in the schedule (which goes
    first alternates), so that both meet the same spells of a busy machine.  The two are the
    same game (same seeds, same moves).  The share is the in-process games' seconds over the
    isolated games' seconds, each game timed by the worker that played it: the throughput of
    an isolated tournament as a share of an in-process one, leaving out the per-game costs
    both have alike (so if anything below the tournaments' own ratio).  Its 95% interval is
    a bootstrap over the deals.  Untimed first: a game of each kind per worker (workers,
    player processes and Ray's own start-up done before timing)."""
    import os

    import numpy as np

    from arena.bench.tournament import local_ray, time_run

    workers = workers or len(os.sched_getaffinity(0))
    n = get_game(game).default_players
    kinds = {False: [f"p{i}" for i in range(n)], True: [f"q{i}" for i in range(n)]}  # in process, isolated
    setup = _setup(game, spec, params, kinds)

    def job(deal: int, isolated: bool) -> dict:
        names = kinds[isolated]
        return {"id": f"{deal}-{'isolated' if isolated else 'in process'}", "index": 2 * deal + isolated,
                "pairing": names, "deal": deal, "rotation": 0, "seed": 1000 + deal, "players": names}

    schedule = [job(d, isolated) for d in range(deals) for isolated in ((False, True) if d % 2 == 0 else (True, False))]
    seconds: dict = {}

    def collect(records):
        for record in records:
            _no_faults(record)
            seconds[record["id"]] = record["timings"]["seconds"]

    with local_ray(workers) as cpus:
        time_run(setup, [job(deals + k, isolated) for k in range(cpus) for isolated in (False, True)], cpus)
        wall, _ = time_run(setup, schedule, cpus, check=collect)
    inside = np.array([seconds[f"{d}-in process"] for d in range(deals)])
    across = np.array([seconds[f"{d}-isolated"] for d in range(deals)])
    picks = np.random.default_rng(0).integers(0, deals, size=(2000, deals))
    low, high = np.percentile(inside[picks].sum(axis=1) / across[picks].sum(axis=1), [2.5, 97.5])
    share = inside.sum() / across.sum()
    row = {"measure": f"tournament on Ray, {workers} workers, {label}", "game": game, "games": 2 * deals,
           "in process s/game": round(float(inside.mean()), 4), "isolated s/game": round(float(across.mean()), 4)}
    row = _judged(row, share, target)
    row["95% interval"] = f"{low:.1%}–{high:.1%}"
    row["games/s"] = round(2 * deals / wall, 3)
    return row


def tournament_throughput(game: str, spec: str, params: dict, games: int, repeats: int, label: str,
                          target: float | None) -> dict:
    """Games/s of the same games played one at a time by a game master in this process, on
    one CPU, with the players in process and jailed: each game both ways, back to back."""
    from arena.runs.worker import close_pool, play_one

    setup, jobs = _bench_games(game, spec, params, games)

    def timed(isolated: bool, job: dict) -> float:
        began = time.perf_counter()
        _no_faults(play_one(setup(isolated), job))
        return time.perf_counter() - began

    rates = {False: [], True: []}
    try:
        timed(True, jobs[0])  # starts the jail's template (once per game master, as in a tournament)
        for repeat in range(repeats):
            spent = {False: 0.0, True: 0.0}
            for k, job in enumerate(jobs):  # each game both ways, back to back, in alternating order,
                for isolated in ((False, True) if (k + repeat) % 2 == 0 else (True, False)):
                    spent[isolated] += timed(isolated, job)  # so that a busy spell hits both
            for isolated in (False, True):
                rates[isolated].append(games / spent[isolated])
    finally:
        close_pool()
    inside, across = statistics.median(rates[False]), statistics.median(rates[True])
    return _judged({"measure": f"one game at a time on one CPU, {label}", "game": game, "games": games,
                    "repeats": repeats, "in process games/s": round(inside, 3),
                    "isolated games/s": round(across, 3)}, across / inside, target)


OWN_FOLDER = {"files": 10, "data KiB": 256}  # the submitted player's folder of the copied-folder row


def _own_folder(root: str) -> str:
    """A submitted player in a folder of its own, as the jail copies it into every game:
    ``player.py`` (a random player), 8 small modules beside it and a data file (a model's
    weights, say) of ``OWN_FOLDER["data KiB"]``; its spec."""
    import os

    os.makedirs(os.path.join(root, "helpers"))
    with open(os.path.join(root, "player.py"), "w") as f:
        f.write("from players.random_player import RandomPlayer\n\n\nclass Player(RandomPlayer):\n    pass\n")
    for i in range(OWN_FOLDER["files"] - 2):
        with open(os.path.join(root, "helpers", f"part{i}.py"), "w") as f:
            f.write(f"VALUE = {i}\n" * 200)
    with open(os.path.join(root, "weights.bin"), "wb") as f:
        f.write(os.urandom(OWN_FOLDER["data KiB"] << 10))
    return os.path.join(root, "player.py") + ":Player"


def fresh_player_cost(game: str, games: int = 30) -> dict:
    """ms per game of a fresh jailed player (spawned, loaded, started, ended, killed with its
    cgroup): arena's random player (its folder, arena's own, bound as it is) and a submitted
    player whose own folder the jail copies for every game (:func:`_own_folder`); the same with
    a fresh interpreter per game (no jail); and the template's start."""
    import os
    import tempfile

    from arena.jail import Limits
    from arena.jail.process import Jail

    n = get_game(game).default_players
    row = {"measure": "a fresh player per game (spawn, load, start, end, kill)", "game": game, "games": games}
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(before)})  # one CPU, as a game master and its players in a tournament
    try:
        with tempfile.TemporaryDirectory() as folder:
            copied = _own_folder(os.path.join(folder, "mine"))
            kinds = (("jail", True, _SPECS["random"]), ("jail, own folder copied", True, copied),
                     ("no jail", False, _SPECS["random"]))
            for label, bwrap, spec in kinds:
                jail = Jail(bwrap=bwrap)
                try:
                    began = time.perf_counter()
                    _one_fresh_player(jail, spec, game, n, Limits())  # the jail's template starts here
                    first = time.perf_counter() - began
                    times = []
                    for _ in range(games):
                        began = time.perf_counter()
                        _one_fresh_player(jail, spec, game, n, Limits())
                        times.append(time.perf_counter() - began)
                finally:
                    jail.close()
                row[f"{label} ms/game"] = round(statistics.median(times) * 1000, 1)
                if label == "jail":
                    row["template start ms (once)"] = round((first - statistics.median(times)) * 1000, 1)
    finally:
        os.sched_setaffinity(0, before)
    row["copied folder"] = f"{OWN_FOLDER['files']} files, {OWN_FOLDER['data KiB']} KiB of data"
    return row


def _one_fresh_player(jail, spec: str, game: str, n: int, limits) -> None:
    process = jail.spawn(spec, {}, game, limits)
    try:
        process.load()
        process.start(game, 0, n, 1, time.monotonic() + 60)
        process.end({"scores": [0] * n, "ranks": [1] * n, "faults": [], "seat": 0})
    finally:
        process.kill()


def bench_isolation(game: str = "origin", ismcts_games: int = 4, random_games: int = 100, repeats: int = 3,
                    iterations: int = 200, tournament_deals: int = 40, workers: int | None = None) -> list:
    ismcts = {"iterations": iterations, "rollout_cutoff": 20}
    label = f"ISMCTS {iterations} iterations per move"
    return [
        boundary_cost(game, repeats=repeats),
        fresh_player_cost(game),
        tournament_on_ray(game, "ismcts", ismcts, tournament_deals, label, 0.95, workers),
        tournament_throughput(game, "ismcts", ismcts, ismcts_games, repeats, label, None),
        tournament_throughput(game, "random", {}, random_games, repeats, "random players", None),
    ]


def _rss_kib(pid: int) -> int | None:
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None
