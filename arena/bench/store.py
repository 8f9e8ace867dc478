"""``arena bench store --games N``: the results store and the ratings at N games.

A tournament's results folder is synthesized: ``players`` players (default 6) at ``seats``
seats (default 3) of Origin of Species, every pairing's deals from every rotation in the
order a run plays them, until N games; each game a signed record as a tournament writes it
(:mod:`arena.store.results`: whole lines, fsynced in batches of 100, closed into compressed
segments), with the moves of a real random game of the same seat count (one of
``TEMPLATES`` played first), places drawn from the players' strengths (a shared place in
2% of the games), scores that follow the places, a fault in 0.5% of the games (the seat
at fault placed last, its game cut short), and timings.  Then, each in a fresh process
on one core (its wall time and its peak RSS):

- ``write``: appending the N games (synthesizing them is not counted);
- ``verify``: ``arena verify``, every line of every segment;
- ``leaderboard_scratch``: ``arena leaderboard`` with neither checkpoint nor an earlier
  TrueSkill solve: every line read and folded, every rating computed cold;
- ``resume_open``: what ``arena tournament`` does before it plays: the log opened from its
  checkpoint, the games since checked against the schedule, the games left to play found;
- ``leaderboard_increment``: ``arena leaderboard`` after 100 more games are appended;
- ``report``: ``arena report``: the leaderboard, the charts, and a replay viewer for
  each game to watch; the synthetic games' moves come from other deals, so a viewer stops
  at the first move that does not replay, and ``viewer_s`` gives what one real game's
  viewer costs (the report writes up to 51 of them, each once).

Each phase runs in a fresh process, after arena's modules are imported (a process's start and
imports, about half a second, are not counted; what a command imports on first use, such as
matplotlib for the report, is); ``*_s`` is its wall time, ``*_cpu_s`` its process's CPU time
(on a shared machine the figure to read: another process's load does not count in it),
``*_rss_mib`` its process's peak resident memory, and ``peak_rss_mib`` the largest of them.
``bytes_per_game``: the log's files (segments, games.jsonl, checkpoint, head) over the games.
"""
from __future__ import annotations

import json
import math
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEMPLATES = 256  # real random games whose moves the synthetic games take
BATCH = 100  # games appended at a time, as a tournament's batches
MORE = 100  # games appended before the incremental leaderboard
FAULT_SHARE = 0.005
TIE_SHARE = 0.02
FAULTS = ("exception", "illegal", "overrun", "hang", "crash", "memory")
PHASES = ("write", "verify", "leaderboard_scratch", "resume_open", "more", "leaderboard_increment", "report",
          "viewer")


def bench_config(folder: Path, games: int, players: int, seats: int):
    """The synthesized tournament: ``players`` random players at ``seats`` seats, enough deals
    for ``games`` + ``MORE`` games."""
    from math import comb

    from arena.runs.config import PlayerEntry, TournamentConfig

    per_deal = comb(players, seats) * seats
    cfg = TournamentConfig(folder.name, "origin", seats, [PlayerEntry(f"p{i}", "random", {}) for i in range(players)],
                           games_per_pairing=max(1, math.ceil((games + MORE) / per_deal)), seed=1)
    cfg.output, cfg.seeds = str(folder.parent), "public"
    return cfg


def templates(seats: int, count: int = TEMPLATES) -> list:
    """Real random games of Origin at ``seats`` seats: their moves, scores and per-seat moves."""
    from arena.runs.worker import play_one

    setup = {"game": "origin", "options": {}, "players": {f"s{i}": ("random", {}) for i in range(seats)},
             "plugins": [], "move_seconds": None, "game_seconds": None, "isolation": "none", "limits": {}}
    names = [f"s{i}" for i in range(seats)]
    out = []
    for seed in range(count):
        record = play_one(setup, {"id": str(seed), "index": seed, "pairing": names, "deal": seed, "rotation": 0,
                                  "seed": 1000 + seed, "players": names, "game": "origin", "options": {}})
        out.append({"seed": record["seed"], "actions": record["actions"], "scores": record["scores"],
                    "moves": record["moves"]})
    return out


def synthetic_games(cfg, start: int, stop: int, seed: int = 0, key: bytes | None = None):
    """Records ``start`` to ``stop`` of the tournament, in the order a run plays them; ``key``: the
    tournament's secret, where its seeds are secret (``seeds: secret``)."""
    from arena.runs.schedule import deal_seed, pairings, scheduled_game

    rng = random.Random(seed * 1_000_003 + start)
    names = [p.name for p in cfg.players]
    strength = {name: 1.5 * i / max(1, len(names) - 1) for i, name in enumerate(names)}
    real = templates(cfg.seats)
    all_pairings = pairings(names, cfg.seats)
    number = 0
    for deal in range(cfg.games_per_pairing):
        for position, pairing in enumerate(all_pairings):
            if number + cfg.seats <= start:
                number += cfg.seats
                continue
            game_seed = deal_seed(cfg.seed, pairing, deal, key)
            for rotation in range(cfg.seats):
                if number >= stop:
                    return
                if number >= start:
                    job = dict(scheduled_game(position, cfg.games_per_pairing, pairing, deal, rotation,
                                              game_seed).to_dict(), game="origin", options={}, num_players=cfg.seats)
                    yield _game(rng, real[rng.randrange(len(real))], strength, job["players"], job)
                number += 1


def _game(rng, template: dict, strength: dict, seating: list, record: dict) -> dict:
    seats = len(seating)
    order = sorted(range(seats), key=lambda s: math.log(rng.expovariate(1.0)) - strength[seating[s]])  # Gumbel noise
    actions, faults = list(template["actions"]), []
    if rng.random() < FAULT_SHARE:
        seat = rng.randrange(seats)
        order = [s for s in order if s != seat] + [seat]
        actions = actions[:rng.randrange(1, len(actions))]
        faults = [{"seat": seat, "kind": rng.choice(FAULTS), "detail": "RuntimeError: synthetic fault"}]
    ranks = [0] * seats
    for place, seat in enumerate(order, start=1):
        ranks[seat] = place
    if seats > 2 and rng.random() < TIE_SHARE:
        ranks = [2 if r == 3 else r for r in ranks]
    scores = sorted(template["scores"], reverse=True)
    think = [round(rng.uniform(0.0005, 0.002), 6) for _ in range(seats)]
    record.update(actions=actions, scores=[scores[r - 1] for r in ranks], ranks=ranks, faults=faults,
                  moves=list(template["moves"]), timings={"seconds": round(sum(think) + rng.uniform(0.01, 0.03), 6),
                                                          "think_seconds": think,
                                                          "max_move_seconds": [round(t / 40, 6) for t in think]})
    return record


# --- the phases, each in a process of its own ---------------------------------------------------

def run_phase(name: str, folder: Path, games: int, players: int, seats: int) -> dict:
    """One phase in this process: ``{seconds, rss_mib, ...}``."""
    cfg = bench_config(folder, games, players, seats)
    result = _PHASES[name](cfg, folder, games)
    result["rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return result


def _write(cfg, folder: Path, games: int, start: int = 0, progress=None) -> dict:
    """Append games ``start`` to ``start + games`` (the seeds keyed by the folder's secret unless
    the config's are public); ``progress(done, games)`` after each batch."""
    from arena.store.results import ResultsStore

    store = ResultsStore(folder)
    store.write_config(cfg.to_yaml())
    key = None if cfg.seeds == "public" else store.secret()
    clock, batch, done = _Clock(), [], 0
    for record in synthetic_games(cfg, start, start + games, key=key):
        batch.append(record)
        if len(batch) == BATCH:
            with clock:
                store.append(batch)
            done += len(batch)
            batch = []
            if progress:
                progress(done, games)
    with clock:
        store.append(batch)
    if start == 0:  # what a run keeps of its machine's jail probe, so that a leaderboard needs none
        from arena.runs.tournament import machine_note

        machine_note(cfg, store)
    store.close()
    return clock.result()


def _more(cfg, folder: Path, games: int) -> dict:
    from arena.store.results import ResultsStore

    store = ResultsStore(folder)
    store.open()
    return _write(cfg, folder, MORE, start=games) if store.tally.recorded == games else _Clock().result()


def _verify(cfg, folder: Path, games: int) -> dict:
    from arena.store.results import ResultsStore

    with _Clock() as clock:
        found = ResultsStore(folder).verify()
    return clock.result(games=found["games"])


def _leaderboard(cfg, folder: Path, games: int, from_checkpoint: bool = True) -> dict:
    from arena.runs.tournament import write_leaderboard
    from arena.store.results import ResultsStore

    with _Clock() as clock:
        store = ResultsStore(folder)
        store.open(from_checkpoint=from_checkpoint)
        board = write_leaderboard(cfg, store, report=False)
    return clock.result(games=board["games_recorded"])


def _scratch(cfg, folder: Path, games: int) -> dict:
    from arena.runs.tournament import WARM

    (folder / WARM).unlink(missing_ok=True)
    return _leaderboard(cfg, folder, games, from_checkpoint=False)


def _resume(cfg, folder: Path, games: int) -> dict:
    from arena.runs.schedule import pending_games
    from arena.runs.playing import tournament_key
    from arena.runs.tournament import check_log_against_schedule, open_results

    with _Clock() as clock:
        store = open_results(cfg, False, lambda _: None)
        key = tournament_key(cfg, store)
        check_log_against_schedule(cfg, store, key, lambda _: None)
        pending = pending_games(cfg, key, store.tally.missing)
    store.unlock()
    return clock.result(pending=len(pending))


def _report(cfg, folder: Path, games: int) -> dict:
    from arena.runs.tournament import rebuild_report

    with _Clock() as clock:
        rebuild_report(folder)
    return clock.result()


def _viewer(cfg, folder: Path, games: int) -> dict:
    from arena.reports.viewer import write_viewer

    game = templates(cfg.seats, 1)[0]
    record = {"game": "origin", "num_players": cfg.seats, "seed": game["seed"], "options": {},
              "actions": game["actions"], "players": [p.name for p in cfg.players[:cfg.seats]]}
    with tempfile.TemporaryDirectory() as tmp, _Clock() as clock:
        write_viewer(record, Path(tmp) / "g.html")
    return clock.result(moves=len(game["actions"]))


class _Clock:
    """Wall and CPU seconds of what runs between start and stop (CPU: this process, so another
    process on a shared machine does not count)."""

    def __init__(self):
        self.wall = self.cpu = 0.0

    def __enter__(self):
        self._began = (time.perf_counter(), time.process_time())
        return self

    def __exit__(self, *exc):
        self.wall += time.perf_counter() - self._began[0]
        self.cpu += time.process_time() - self._began[1]

    def result(self, **more) -> dict:
        return dict(seconds=self.wall, cpu_seconds=self.cpu, **more)


_PHASES = {"write": _write, "verify": _verify, "leaderboard_scratch": _scratch, "resume_open": _resume,
           "more": _more, "leaderboard_increment": _leaderboard, "report": _report, "viewer": _viewer}


def _in_process(name: str, folder: Path, games: int, players: int, seats: int) -> dict:
    code = ("import json, sys; from pathlib import Path; from arena.bench.store import run_phase; "
            "print(json.dumps(run_phase(sys.argv[1], Path(sys.argv[2]), *map(int, sys.argv[3:]))))")
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", code, name, str(folder), str(games), str(players), str(seats)],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"bench store: phase {name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def log_bytes(folder: Path) -> int:
    """The bytes of the log's files: closed segments, games.jsonl, the checkpoint and the head."""
    from arena.store.log_files import CHECKPOINT, segments_on_disk
    from arena.store.secret import HEAD

    files = segments_on_disk(folder) + [folder / "games.jsonl", folder / CHECKPOINT, folder / HEAD]
    return sum(f.stat().st_size for f in files if f.exists())


def bench_store(games: int, players: int = 6, seats: int = 3, folder: Path | None = None, keep: bool = False,
                progress=None) -> dict:
    """Every phase at ``games`` games; one dict of seconds, peak RSS (MiB) and bytes per game."""
    made = folder is None
    folder = Path(folder or tempfile.mkdtemp(prefix="arena-bench-store-")) / "bench-store"
    if folder.exists():
        shutil.rmtree(folder)
    try:
        out = {"games": games, "players": players, "seats": seats, "game": "origin"}
        for done, name in enumerate(PHASES):
            if progress:
                progress(done, len(PHASES), name)
            phase = _in_process(name, folder, games, players, seats)
            out[f"{name}_s"] = round(phase["seconds"], 3)
            out[f"{name}_cpu_s"] = round(phase["cpu_seconds"], 3)
            out[f"{name}_rss_mib"] = phase["rss_mib"]
            if name == "write":
                out["bytes_per_game"] = round(log_bytes(folder) / games, 1)
                out["segments"] = len(list((folder / "log").glob("*.gz")))
            if name == "resume_open":
                out["pending"] = phase["pending"]
        del out["more_s"], out["more_cpu_s"], out["viewer_rss_mib"]
        out["write_games_per_s"] = round(games / out["write_s"], 1) if out["write_s"] else None
        out["peak_rss_mib"] = max(v for k, v in out.items() if k.endswith("_rss_mib"))
        return out
    finally:
        if made and not keep:
            shutil.rmtree(folder.parent, ignore_errors=True)


TARGETS = {"resume_open_s": 2.0, "leaderboard_increment_s": 1.0, "leaderboard_scratch_s": 60.0, "report_s": 60.0,
           "peak_rss_mib": 1024.0, "bytes_per_game": 2000.0}


def display_rows(result: dict) -> list:
    """The measurements as table rows: what, measured, target (at 10^6 games), met."""
    rows = []
    for key, value in result.items():
        if key in ("games", "players", "seats", "game"):
            continue
        target = TARGETS.get(key)
        rows.append({"what": key, "measured": value, "target (10^6 games)": "" if target is None else f"≤ {target:g}",
                     "met": "" if target is None else ("yes" if value is not None and value <= target else "no")})
    return rows
