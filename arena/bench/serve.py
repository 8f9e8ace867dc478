"""``arena bench serve --games N``: the web ladder (``arena serve``) at N games.

A ladder's results folder is synthesized, as ``arena bench store`` synthesizes a tournament's
(:mod:`arena.bench.store`: its records, faults and ties, appended in batches of 100 so that
segments close as in a run), but one that ``arena serve`` takes: ``players`` players (default
24) at ``seats`` seats (default 3) of Origin of Species, named like users' versioned players
(``alice``, ``alice.v2``, ``bob``, ...), built-in players the ladder can go on playing (``random``,
every fourth ``rules``), their seeds keyed by the folder's secret (``seeds: secret``), the jail
left on (no ``isolation: none``), each game's id, seed and seats the schedule's, in the order a
run plays them, until N games; then the leaderboard written, as a run leaves it.  The folder
(``--folder``: kept there, and used again while its games, seats and players are the same) is
never served itself: each run serves a copy (its closed segments hard links), so that every
run starts from the same log and an empty database.

Then ``arena serve COPY --workers 0 --rate 0`` (games in the server's process, the rate limit
off, for every client is 127.0.0.1), started twice, each time a process of its own:

- ``first_open_s``: from the process's start to the first 200 of ``/`` (Python's start and
  imports, the log opened and checked against the schedule, the open lines indexed, and on a
  log of at most 20,000 games everyone rated); ``index_done_s``: to ``/api/leaderboard``'s
  ``index.done`` (the closed segments are indexed into the database by a thread while the site
  serves); ``rated_s``: to the first ``/api/leaderboard`` with its players (a larger log is
  rated after the first page); ``stop_s``: from SIGTERM to the process's end;
- ``restart_s``: the same server started again (the database kept) to the first 200 of ``/``;
- the load, after the restart: ``clients`` (default 50) concurrent loopback clients
  (asyncio, httpx) for ``seconds`` (default 30), each asking in turn for ``/``,
  ``/api/leaderboard``, ``/players/NAME`` and ``/api/players/NAME`` (NAME: the player with the
  most games), ``/games/ID`` and ``/api/games/ID`` (ID: one of 200 games drawn from the whole
  log, closed segments and all) and ``/report``, waiting a random 0.5 to 1.5 times ``think``
  seconds (default 1: a viewer reading; 0: as fast as the server answers) between two requests.
  Per kind of request its count and p50, p95, p99 and max in ms; every answer but a 200 is an
  error; ``requests_per_s`` over the load's wall time.  Meanwhile the ladder plays: ``games_during``
  is how many games it appended during the load (the newest line of ``/api/games``, after minus
  before).  The server's process (its PID: the console script's
  Python): ``server_cpu_s`` (utime + stime from ``/proc/PID/stat``) during the load,
  ``rss_peak_mib`` and ``rss_end_mib`` (``VmRSS`` sampled every 0.2 s during the load) and
  ``rss_hwm_mib`` (``VmHWM``, its peak since its start); ``client_cpu_s``: this process's (the
  clients') CPU during the load.  ``--cpus K`` pins the server to K cores (and the clients to the
  others where any are left); ``load_avg`` is the machine's 1-minute load average before the
  first start (on a shared machine, read the figures beside it).

``--database URL`` serves from that database (emptied before the first start) instead of SQLite
in the served folder; ``--readers N`` (with a database the processes share: PostgreSQL) starts N
``arena serve --read-only`` processes after the restart, and the clients, spread over them, load
those alone while the writer plays (``readers_cpu_s``: their CPU together during the load;
``reader_rss_peak_mib``: the largest one's peak RSS).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from math import comb
from pathlib import Path

from arena.bench.store import _write, log_bytes

NAME = "bench-serve"  # the synthesized results folder's name
MARK = "bench-serve.json"  # beside it: what was synthesized (so that a later run may use it again)
USERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "niaj",
         "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter", "xena", "yusuf", "zoe")
GAME_IDS = 200  # old games the clients ask for, drawn from the whole log
KINDS = {"leaderboard_page": "/", "leaderboard_json": "/api/leaderboard", "player_page": "/players/{name}",
         "player_json": "/api/players/{name}", "viewer_page": "/games/{game}", "game_json": "/api/games/{game}",
         "report": "/report"}
START_SECONDS = 900.0  # at most, for a server to answer its first 200 (or to finish its index)
STOP_SECONDS = 120.0
ARENA = str(Path(sys.executable).parent / "arena")  # the console script of this environment


def ladder_players(count: int) -> list:
    """``count`` built-in players named like users' players and their second versions
    (alice, alice.v2, bob, bob.v2, ...); every fourth plays by the rules, the others at random."""
    from arena.runs.config import PlayerEntry

    out = []
    for i in range(count):
        user, lap = USERS[i // 2 % len(USERS)], i // (2 * len(USERS))
        name = f"{user}{lap + 1 if lap else ''}{'.v2' if i % 2 else ''}"
        out.append(PlayerEntry(name, "rules" if i % 4 == 3 else "random", {}))
    return out


def ladder_config(folder: Path, games: int, players: int, seats: int):
    """The synthesized ladder's config: secret seeds, the jail on, enough deals for ``games``."""
    from arena.runs.config import TournamentConfig

    per_deal = comb(players, seats) * seats
    cfg = TournamentConfig(folder.name, "origin", seats, ladder_players(players),
                           games_per_pairing=max(1, -(-games // per_deal)), seed=1)
    cfg.output, cfg.seeds = str(folder.parent), "secret"
    return cfg


def synthesize(folder: Path, games: int, players: int, seats: int, progress=None) -> Path:
    """A servable ladder of ``games`` games in ``folder`` (``folder/bench-serve``, replaced), with
    the leaderboard written; returns the results folder."""
    from arena.runs.tournament import write_leaderboard
    from arena.store.results import ResultsStore

    results = Path(folder) / NAME
    shutil.rmtree(results, ignore_errors=True)
    (Path(folder) / MARK).unlink(missing_ok=True)
    cfg = ladder_config(results, games, players, seats)
    _write(cfg, results, games, progress=progress and (lambda done, total: progress(done, total, "synthesizing")))
    store = ResultsStore(results)
    store.open()
    write_leaderboard(cfg, store, report=False)
    (Path(folder) / MARK).write_text(json.dumps(_mark(games, players, seats)))
    return results


def _mark(games: int, players: int, seats: int) -> dict:
    return {"games": games, "players": players, "seats": seats, "game": "origin"}


def ladder_folder(folder: Path, games: int, players: int, seats: int, progress=None) -> tuple:
    """``(results folder, seconds its synthesis took or None)``: the one ``folder`` holds where it
    was synthesized with the same games, players and seats, else a new one."""
    mark = Path(folder) / MARK
    try:
        same = json.loads(mark.read_text()) == _mark(games, players, seats)
    except (OSError, ValueError):
        same = False
    if same and (Path(folder) / NAME / "config.yaml").is_file():
        return Path(folder) / NAME, None
    began = time.perf_counter()
    results = synthesize(folder, games, players, seats, progress)
    return results, time.perf_counter() - began


def served_copy(source: Path, target: Path) -> Path:
    """A copy of the results folder ``source`` to serve (the closed segments, never written
    again, hard links where the disk allows)."""
    shutil.rmtree(target, ignore_errors=True)

    def link_or_copy(src, dst):
        if Path(src).parent.name == "log" and src.endswith(".gz"):
            try:
                os.link(src, dst)
                return dst
            except OSError:
                pass
        return shutil.copy2(src, dst)

    shutil.copytree(source, target, copy_function=link_or_copy)
    os.chmod(target, 0o700)
    return target


def old_game_ids(cfg, games: int, count: int = GAME_IDS, seed: int = 0) -> list:
    """The ids of ``count`` of the first ``games`` games in the order a run plays them (deal by
    deal across the pairings, each deal from every seat), drawn at random over them all."""
    from arena.runs.schedule import game_id, pairings

    order = pairings([p.name for p in cfg.players], cfg.seats)
    per_deal = len(order) * cfg.seats
    rng = random.Random(seed)
    ids = []
    for number in sorted(rng.sample(range(games), min(count, games))):
        deal, rest = divmod(number, per_deal)
        ids.append(game_id(order[rest // cfg.seats], deal, rest % cfg.seats))
    return ids


# --- the server ----------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``arena serve RESULTS`` in a process of its own, on a free loopback port."""

    def __init__(self, results: Path, uploads: Path, log: Path, cores: set | None = None,
                 database: str | None = None, read_only: bool = False):
        self.results, self.uploads, self.log, self.cores = results, uploads, log, cores
        self.options = (["--database", database] if database else []) + (["--read-only"] if read_only else [])
        self.process = None
        self.url = ""
        self.began = 0.0  # when the process was started (perf_counter)

    def start(self) -> float:
        """Start it; the seconds from the process's start to the first 200 of ``/``."""
        port = _free_port()
        self.url = f"http://127.0.0.1:{port}"
        out = open(self.log, "ab")
        cores = self.cores
        self.began = began = time.perf_counter()
        self.process = subprocess.Popen(
            [ARENA, "serve", str(self.results), "--port", str(port), "--workers", "0", "--rate", "0",
             "--uploads", str(self.uploads), *self.options], stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=dict(os.environ, RAY_USAGE_STATS_ENABLED="0", RAY_DISABLE_USAGE_STATS="1", PYTHONUNBUFFERED="1"),
            preexec_fn=(lambda: os.sched_setaffinity(0, cores)) if cores else None)
        out.close()
        self.wait_for(lambda answer: answer.status_code == 200, "/")
        return time.perf_counter() - began

    def wait_for(self, done, path: str, seconds: float = START_SECONDS):
        """Ask for ``path`` until ``done(answer)``; the answer."""
        import httpx

        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"bench serve: arena serve ended ({self.process.returncode}):\n{self.tail()}")
            try:
                answer = httpx.get(self.url + path, timeout=30)
                if done(answer):
                    return answer
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"bench serve: {path} not ready after {seconds:g} s:\n{self.tail()}")

    def stop(self) -> float:
        """SIGTERM (a process started in the background ignores SIGINT), and wait for the end
        (killed after ``STOP_SECONDS``); the seconds it took."""
        if self.process is None or self.process.poll() is not None:
            return 0.0
        began = time.perf_counter()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"bench serve: arena serve did not stop in {STOP_SECONDS:g} s:\n{self.tail()}")
        return time.perf_counter() - began

    def tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def cpu_seconds(self) -> float:
        """utime + stime of the server's process."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory_mib(self, what: str = "VmRSS") -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith(what + ":"):
                return int(line.split()[1]) / 1024
        return 0.0


class _Sampler(threading.Thread):
    """The server's RSS every ``every`` seconds, until stopped: the peak and the last."""

    def __init__(self, server: Server, every: float = 0.2):
        super().__init__(daemon=True)
        self.server, self.every, self.peak, self.last = server, every, 0.0, 0.0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            try:
                self.last = self.server.memory_mib()
            except OSError:
                return
            self.peak = max(self.peak, self.last)
            self.done.wait(self.every)

    def stop(self):
        self.done.set()
        self.join()


# --- the load ------------------------------------------------------------------------------------

async def timed_get(http, url: str, path: str, kind: str, times: dict, errors: list) -> None:
    """GET ``url + path`` (an httpx.AsyncClient's): its seconds into ``times[kind]``, an answer but
    a 200, or a failure, into ``errors`` (also tools/serve_load.py's)."""
    began = time.perf_counter()
    try:
        answer = await http.get(url + path)
        if answer.status_code != 200:
            errors.append(f"{path}: {answer.status_code} {answer.text[:120]}")
    except Exception as exc:  # noqa: BLE001 - every failure is counted and shown
        errors.append(f"{path}: {type(exc).__name__}: {exc}")
    times.setdefault(kind, []).append(time.perf_counter() - began)


async def _client(http, url: str, paths: list, until: float, think: float, times: dict, errors: list, rng):
    """Ask for each kind in turn (a random game each time) until ``until``."""
    turn = rng.randrange(len(paths))
    while time.monotonic() < until:
        kind, path = paths[turn % len(paths)]
        turn += 1
        await timed_get(http, url, path(rng) if callable(path) else path, kind, times, errors)
        if think:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


async def load(urls: list, player: str, games: list, clients: int, seconds: float, think: float) -> tuple:
    """``clients`` clients for ``seconds``, client i on ``urls[i % len(urls)]``: ``(seconds per
    request by kind, errors, wall seconds)``."""
    import httpx

    paths = []
    for kind, path in KINDS.items():
        if "{game}" in path:
            paths.append((kind, lambda rng, path=path: path.format(game=rng.choice(games))))
        else:
            paths.append((kind, path.format(name=player)))
    times: dict = {kind: [] for kind in KINDS}
    errors: list = []
    # an idle pooled connection is dropped by the client before the server drops it (30 s)
    limits = httpx.Limits(max_connections=clients + 5, keepalive_expiry=10)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        began = time.monotonic()
        until = began + seconds
        await asyncio.gather(*(_client(http, urls[i % len(urls)], paths, until, think, times, errors,
                                       random.Random(i)) for i in range(clients)))
        wall = time.monotonic() - began
    return times, errors, wall


def latency_rows(times: dict) -> dict:
    """Per kind (and ``all``): requests, and p50, p95, p99 and max in ms (None without a request)."""
    import numpy as np

    out = {}
    everything = [t for values in times.values() for t in values]
    for kind, values in list(times.items()) + [("all", everything)]:
        ms = 1000 * np.asarray(values)
        out[f"{kind}_requests"] = len(values)
        for q in (50, 95, 99):
            out[f"{kind}_p{q}_ms"] = round(float(np.percentile(ms, q)), 1) if len(values) else None
        out[f"{kind}_max_ms"] = round(float(ms.max()), 1) if len(values) else None
    return out


def _cores(cpus: int | None) -> tuple:
    """``(the server's cores, the clients')``: the last ``cpus`` this process may use, the rest."""
    if not cpus:
        return None, None
    allowed = sorted(os.sched_getaffinity(0))
    if cpus >= len(allowed):
        return set(allowed), None
    return set(allowed[-cpus:]), set(allowed[:-cpus])


def bench_serve(games: int, players: int = 24, seats: int = 3, seconds: float = 30.0, clients: int = 50,
                think: float = 1.0, cpus: int | None = None, folder: Path | None = None, keep: bool = False,
                progress=None, database: str | None = None, readers: int = 0) -> dict:
    """The ladder at ``games`` games: its first open, index, restart and a load; one dict.
    ``database``: the servers' (a SQLAlchemy URL; emptied first), ``readers``: that many
    ``arena serve --read-only`` processes beside the writer take the load, the clients spread over
    them."""
    import httpx

    made = folder is None
    folder = Path(folder or tempfile.mkdtemp(prefix="arena-bench-serve-")).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    say = progress or (lambda done, total, what: None)
    served = folder / "served"
    try:
        source, synthesis = ladder_folder(folder, games, players, seats, progress)
        results = served_copy(source, served / NAME)
        uploads = folder / "uploads"
        uploads.mkdir(exist_ok=True)
        cfg = ladder_config(source, games, players, seats)
        server_cores, client_cores = _cores(cpus)
        out = {"games": games, "players": players, "seats": seats, "game": "origin", "clients": clients,
               "seconds": seconds, "think_s": think, "cpus": cpus or len(os.sched_getaffinity(0)),
               "database": "sqlite" if not database else database.split(":", 1)[0].split("+")[0],
               "readers": readers,
               "load_avg": round(os.getloadavg()[0], 2),
               "synthesis_s": None if synthesis is None else round(synthesis, 1),
               "bytes_per_game": round(log_bytes(source) / games, 1),
               "segments": len(list((source / "log").glob("*.gz")))}
        if keep or not made:
            out["folder"] = str(folder)  # where the ladder is kept (--folder again to use it)
        (folder / "serve.log").unlink(missing_ok=True)  # the servers' output, this run's
        if database:
            empty_database(database)
        server = Server(results, uploads, folder / "serve.log", server_cores, database)
        pages = [Server(results, uploads, folder / "serve.log", server_cores, database, read_only=True)
                 for _ in range(readers)]
        try:
            say(0, 4, "first open")
            out["first_open_s"] = round(server.start(), 3)
            say(1, 4, "indexing the log")
            seen: dict = {}  # when the index was first done, and the board first rated

            def both(answer):
                if answer.status_code != 200:
                    return False
                board, now = answer.json(), round(time.perf_counter() - server.began, 3)
                if board.get("index", {}).get("done", True):
                    seen.setdefault("index_done_s", now if "index" in board else None)
                if board.get("players"):
                    seen.setdefault("rated_s", now)
                return len(seen) == 2

            server.wait_for(both, "/api/leaderboard")
            out.update(seen)
            out["stop_s"] = round(server.stop(), 3)
            say(2, 4, "restart")
            out["restart_s"] = round(server.start(), 3)
            for reader in pages:
                reader.start()
            board = httpx.get(server.url + "/api/leaderboard", timeout=60).json()
            player = max(board["players"], key=lambda p: (p["games"] or 0, p["name"]))["name"]
            ids = old_game_ids(cfg, games)
            before = newest_line(server.url)
            say(3, 4, f"{clients} clients for {seconds:g} s")
            mine = os.sched_getaffinity(0)
            if client_cores:
                os.sched_setaffinity(0, client_cores)
            sampler, samplers = _Sampler(server), [_Sampler(reader) for reader in pages]
            cpu, client_cpu = server.cpu_seconds(), time.process_time()
            reader_cpu = sum(reader.cpu_seconds() for reader in pages)
            for one in (sampler, *samplers):
                one.start()
            try:
                times, errors, wall = asyncio.run(load([r.url for r in pages] or [server.url], player, ids, clients,
                                                       seconds, think))
            finally:
                for one in (sampler, *samplers):
                    one.stop()
                os.sched_setaffinity(0, mine)
            out["server_cpu_s"] = round(server.cpu_seconds() - cpu, 2)
            if pages:  # the readers': their CPU together, the largest one's RSS
                out["readers_cpu_s"] = round(sum(reader.cpu_seconds() for reader in pages) - reader_cpu, 2)
                out["reader_rss_peak_mib"] = round(max(one.peak for one in samplers), 1)
            out["client_cpu_s"] = round(time.process_time() - client_cpu, 2)
            out["rss_peak_mib"] = round(sampler.peak, 1)
            out["rss_end_mib"] = round(sampler.last, 1)
            out["rss_hwm_mib"] = round(server.memory_mib("VmHWM"), 1)
            out["games_during"] = newest_line(server.url) - before
            out["requests"] = sum(len(v) for v in times.values())
            out["requests_per_s"] = round(out["requests"] / wall, 1)
            out["errors"] = len(errors)
            out.update(latency_rows(times))
            out["player"] = player
            out["error_samples"] = errors[:10]
        finally:
            for reader in pages:
                reader.stop()
            server.stop()
        say(4, 4, "done")
        return out
    finally:
        shutil.rmtree(served, ignore_errors=True)
        if made and not keep:
            shutil.rmtree(folder, ignore_errors=True)


def newest_line(url: str) -> int:
    """The line of the newest game the ladder at ``url`` has appended (its index has it at once)."""
    import httpx

    newest = httpx.get(url + "/api/games?limit=1", timeout=60).json()["games"]
    return newest[0]["line"] + 1 if newest else 0


def empty_database(url: str) -> None:
    """Drop every table of the database at ``url`` (the bench's first open starts from none)."""
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(url)
    try:
        tables = MetaData()
        tables.reflect(engine)
        tables.drop_all(engine)
    finally:
        engine.dispose()


TARGETS = {"all_p95_ms": 300.0, "errors": 0}  # tools/serve_load.py's bound (docs/serve.md, "Load")


def display_rows(result: dict) -> list:
    """The measurements as table rows: what, measured, target, met; a kind of request's
    latencies in one row (``p50 / p95 / p99 / max ms, requests``)."""
    kinds = [*KINDS, "all"]
    latency = {f"{k}_{s}" for k in kinds for s in ("requests", "p50_ms", "p95_ms", "p99_ms", "max_ms")}
    rows = []
    for key, value in result.items():
        if key in ("games", "players", "seats", "game", "error_samples") or key in latency:
            continue
        rows.append(_row(key, value))
    for kind in kinds:
        shown = " / ".join("-" if result.get(f"{kind}_{s}") is None else f"{result[f'{kind}_{s}']:g}"
                           for s in ("p50_ms", "p95_ms", "p99_ms", "max_ms"))
        rows.append(_row(f"{kind} p50/p95/p99/max ms", f"{shown} ({result.get(f'{kind}_requests', 0)} requests)",
                         result.get(f"{kind}_p95_ms"), TARGETS.get(f"{kind}_p95_ms")))
    rows += [_row("error", error) for error in result.get("error_samples", [])]
    return rows


def _row(what: str, measured, value=None, target=None) -> dict:
    target = TARGETS.get(what) if target is None else target
    value = measured if value is None else value
    return {"what": what, "measured": measured, "target": "" if target is None else f"≤ {target:g}",
            "met": "" if target is None else ("yes" if value is not None and value <= target else "no")}
