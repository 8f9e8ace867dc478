"""A bounded load test of `arena serve` on loopback (docs/serve.md, "Load"): VIEWERS concurrent
viewers and UPLOADS uploads while the ladder plays games; prints the page latencies (p50, p95,
p99, max per kind of page) and every error, and exits 1 when p95 is over the bound or any
request failed.

    python tools/serve_load.py                      # 50 viewers, 5 uploads, 1 hostile, 60 s, games on 1 Ray worker
    python tools/serve_load.py --seconds 30 --workers 0 --json

It makes a ladder of its own in a temporary folder (random, rules and ismcts-50 at Origin, secret
seeds, 2 deals a pairing, played first by `arena tournament`), starts `arena serve` on it with
the rate limit off (every viewer comes from 127.0.0.1), adds five users, then runs the viewers
(arriving over the first two seconds): each asks in turn for the leaderboard page, the leaderboard's JSON, a player's page, a game's
replay viewer (a game of the log, at random) and the style sheet, waiting a random 0.5 to 1.5 s
(reading) between two pages.  The five uploads (the README's player, one per user, each under a
name of its own) go in during the first seconds and are checked and played meanwhile.  With
``--hostile`` (default 1) as many more users upload a player that passes its check as slowly as
the clocks allow (4.5 s of its 5 s at each of its first four moves of a game), first of all; the
summary says how many games were recorded while it was being checked, and how fast.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from arena.bench.serve import timed_get  # noqa: E402 - arena from this checkout

ARENA = str(Path(sys.executable).parent / "arena")
CONFIG = """name: load
game: origin
seats: 2
players:
  - {{name: random, class: random}}
  - {{name: rules, class: rules}}
  - {{name: ismcts-50, class: ismcts, params: {{iterations: 50, rollout_cutoff: 20}}}}
games_per_pairing: 2
seed: 1
seeds: secret
time_limits: {{move_seconds: 5, game_seconds: 120}}
workers: 0
output: {output}
"""


HOSTILE = """import time

from players.base import Player


class Slow(Player):
    def start(self, game, seat, num_players, seed):
        self.moves = 0

    def act(self, observation):
        self.moves += 1
        if self.moves <= 4:
            time.sleep(4.5)
        return observation.legal_actions[0]
"""


def readme_player() -> str:
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    return next(b for b in blocks if "class MyBot" in b)


def start(folder: Path, workers: int) -> tuple:
    log = folder / "serve.log"
    out = open(log, "wb")
    process = subprocess.Popen([ARENA, "serve", str(folder / "results" / "load"), "--port", "0", "--workers",
                                str(workers), "--rate", "0", "--uploads", str(folder / "uploads")],
                               stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
                               env=dict(os.environ, RAY_USAGE_STATS_ENABLED="0", PYTHONUNBUFFERED="1"))
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        found = re.findall(r"at (http://127\.0\.0\.1:\d+)/", log.read_text())
        if found:
            return process, found[-1]
        if process.poll() is not None:
            break
        time.sleep(0.2)
    process.kill()
    raise SystemExit(f"arena serve did not start:\n{log.read_text()[-2000:]}")


async def viewer(client, url, until, games, names, times, errors, rng):
    await asyncio.sleep(rng.uniform(0.0, 2.0))  # viewers arrive over two seconds, not in one instant
    while time.monotonic() < until:
        for kind, path in (("leaderboard page", "/"), ("leaderboard json", "/api/leaderboard"),
                           ("player page", f"/players/{rng.choice(names)}"),
                           ("replay viewer", f"/games/{rng.choice(games)}"), ("style sheet", "/static/style.css")):
            await timed_get(client, url, path, kind, times, errors)
            await asyncio.sleep(rng.uniform(0.5, 1.5))
            if time.monotonic() >= until:
                return


async def uploader(client, url, token, name, times, errors, delay, text=None, cls="MyBot"):
    await asyncio.sleep(delay)
    began = time.perf_counter()
    try:
        answer = await client.post(url + "/api/players", headers={"Authorization": f"Bearer {token}"},
                                   files={"file": ("mybot.py", (text or readme_player()).encode())},
                                   data={"class": cls, "name": name})
        if answer.status_code != 202:
            errors.append(f"upload {name}: {answer.status_code} {answer.text[:200]}")
    except Exception as exc:  # noqa: BLE001
        errors.append(f"upload {name}: {type(exc).__name__}: {exc}")
    times.setdefault("upload", []).append(time.perf_counter() - began)


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


async def watch_check(client, url, name, until, seen):
    """While ``name`` is checked: the games recorded then, and for how long (into ``seen``)."""
    while time.monotonic() < until:
        try:
            status = (await client.get(f"{url}/api/players/{name}")).json().get("status")
            games = (await client.get(url + "/api/leaderboard")).json()["games_recorded"]
        except Exception:  # noqa: BLE001 - not uploaded yet, or the server busy: asked again
            status, games = None, None
        if status == "checking" and games is not None and "began" not in seen:
            seen.update(began=time.monotonic(), games=games)
        elif status not in (None, "checking") and "began" in seen and games is not None:
            seen.update(seconds=round(time.monotonic() - seen["began"], 1), games=games - seen["games"],
                        status=status)
            return
        await asyncio.sleep(0.5)


async def load(url, tokens, viewers, seconds, times, errors, hostile=(), seen=None):
    import httpx

    # a connection idle in the pool is dropped by the client before the server drops it (30 s): otherwise a
    # request sent on it as the server closes it fails, as any keep-alive client's can (browsers send it again)
    limits = httpx.Limits(max_connections=viewers + len(tokens) + 5, keepalive_expiry=10)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        board = (await client.get(url + "/api/leaderboard")).json()
        names = [p["name"] for p in board["players"]]
        games = []
        for name in names:
            games += [g["id"] for g in (await client.get(f"{url}/api/players/{name}")).json()["games"][:20]]
        until = time.monotonic() + seconds
        tasks = [viewer(client, url, until, games, names, times, errors, random.Random(i)) for i in range(viewers)]
        tasks += [uploader(client, url, token, f"hostile{i}", times, errors, 0.5 + i, HOSTILE, "Slow")
                  for i, token in enumerate(hostile)]
        if hostile:
            tasks.append(watch_check(client, url, "hostile0", until, seen))
        tasks += [uploader(client, url, token, f"load{i}", times, errors, 2.0 + i) for i, token in enumerate(tokens)]
        await asyncio.gather(*tasks)
        final = (await client.get(url + "/api/leaderboard")).json()
    return final


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--uploads", type=int, default=5)
    parser.add_argument("--hostile", type=int, default=1, help="uploads of a player slow to check, first")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=1, help="the server's Ray workers (0: in its process)")
    parser.add_argument("--p95", type=float, default=0.300, help="the bound on every page's p95 (seconds)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="arena-serve-load-"))
    (folder / "load.yaml").write_text(CONFIG.format(output=folder / "results"))
    subprocess.run([ARENA, "tournament", str(folder / "load.yaml")], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tokens = [subprocess.run([ARENA, "users", "add", f"user{i}", str(folder / "results" / "load")], cwd=ROOT,
                             check=True, capture_output=True, text=True).stdout.split()[-1]
              for i in range(args.uploads + args.hostile)]
    tokens, hostile = tokens[:args.uploads], tokens[args.uploads:]
    process, url = start(folder, args.workers)
    times, errors, seen = {}, [], {}
    try:
        before = json.loads(subprocess.run(["curl", "-s", url + "/api/leaderboard"], capture_output=True,
                                           text=True).stdout)["games_recorded"]
        final = asyncio.run(load(url, tokens, args.viewers, args.seconds, times, errors, hostile, seen))
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=120)
    pages = [t for kind, values in times.items() if kind != "upload" for t in values]
    rows = {kind: {"requests": len(v), "p50_ms": round(1000 * percentile(v, 0.50), 1),
                   "p95_ms": round(1000 * percentile(v, 0.95), 1), "p99_ms": round(1000 * percentile(v, 0.99), 1),
                   "max_ms": round(1000 * max(v), 1)} for kind, v in sorted(times.items())}
    rows["all pages"] = {"requests": len(pages), "p50_ms": round(1000 * percentile(pages, 0.50), 1),
                         "p95_ms": round(1000 * percentile(pages, 0.95), 1),
                         "p99_ms": round(1000 * percentile(pages, 0.99), 1), "max_ms": round(1000 * max(pages), 1)}
    accepted = [p["name"] for p in final["players"] if p["name"].startswith("load")]
    summary = {"viewers": args.viewers, "uploads": args.uploads, "seconds": args.seconds, "workers": args.workers,
               "cpus": os.cpu_count(), "games_during": final["games_recorded"] - before,
               "uploads_on_the_board": len(accepted), "errors": errors[:20], "error_count": len(errors),
               "hostile": args.hostile, "during_hostile_check": {k: v for k, v in seen.items() if k != "began"},
               "latency": rows}
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        where = f"{args.workers} Ray worker{'' if args.workers == 1 else 's'}" if args.workers else "the server's process"
        print(f"{args.viewers} viewers, {args.uploads} uploads, {args.seconds:g} s, games on "
              f"{where} ({os.cpu_count()} CPUs): {summary['games_during']} games played meanwhile, "
              f"{len(accepted)} of the uploads on the leaderboard at the end; {len(errors)} errors")
        if "seconds" in seen:
            print(f"  while the hostile upload was checked ({seen['seconds']:g} s, then {seen['status']}): "
                  f"{seen['games']} games recorded ({seen['games'] / max(seen['seconds'], 1e-9):.1f} games/s)")
        elif args.hostile:
            print("  the hostile upload's check did not end within the run")
        for kind, row in rows.items():
            print(f"  {kind:17s} {row['requests']:6d} requests  p50 {row['p50_ms']:7.1f} ms  p95 {row['p95_ms']:7.1f} ms"
                  f"  p99 {row['p99_ms']:7.1f} ms  max {row['max_ms']:7.1f} ms")
        for error in errors[:20]:
            print(f"  error: {error}")
    worst = max(row["p95_ms"] for kind, row in rows.items() if kind != "upload")
    return 0 if not errors and worst <= 1000 * args.p95 else 1


if __name__ == "__main__":
    sys.exit(main())
