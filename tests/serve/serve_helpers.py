"""Shared by the serve tests: a small secret-seeded ladder, the README's player, a server in
this process (TestClient, the ladder's loop driven step by step) or as `arena serve`."""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from md_blocks import fenced_blocks

ROOT = Path(__file__).resolve().parents[2]
ARENA = str(Path(sys.executable).parent / "arena")  # the console script of this environment
LADDER = """name: {name}
game: origin
seats: 2
players:
  - {{name: random, class: random}}
  - {{name: rules, class: rules}}
games_per_pairing: {deals}
seed: 1
seeds: secret
time_limits: {{move_seconds: 5, game_seconds: 60}}
workers: 0
output: {output}
"""
BROKEN = '''from players.base import Player


class Broken(Player):
    def act(self, observation):
        return "not a move"
'''


def readme_player() -> str:
    """The README's MyBot, as its own file's text."""
    text = (ROOT / "README.md").read_text()
    return next(body for language, body in fenced_blocks(text) if language == "python" and "class MyBot" in body)


def make_ladder(tmp: Path, name: str = "ladder", deals: int = 1) -> Path:
    """A played tournament of random and rules with secret seeds; returns its results folder."""
    from arena.runs.config import load_config
    from arena.runs.tournament import run_tournament

    config = tmp / f"{name}.yaml"
    config.write_text(LADDER.format(name=name, deals=deals, output=tmp / "results"))
    run_tournament(load_config(str(config)), echo=lambda m: None, report=False)
    return tmp / "results" / name


def zip_of(entries: dict, links: dict | None = None) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in entries.items():
            zf.writestr(name, text)
        for name, target in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (0o120777 << 16)
            zf.writestr(info, target)
    return data.getvalue()


def database_args(url) -> list:
    return ["--database", url] if url else []


def start_server(results: Path, uploads: Path, *extra: str, log: Path) -> tuple:
    """`arena serve` in a process of its own on a free port: (process, base URL)."""
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", PYTHONUNBUFFERED="1")
    out = open(log, "wb")
    process = subprocess.Popen([ARENA, "serve", str(results), "--port", "0",
                                "--uploads", str(uploads), *extra], stdout=out, stderr=subprocess.STDOUT,
                               env=env, cwd=str(ROOT))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        found = re.findall(r"at (http://127\.0\.0\.1:\d+)/", log.read_text())
        if found:
            return process, found[-1]
        if process.poll() is not None:
            raise AssertionError(f"arena serve ended: {log.read_text()[-3000:]}")
        time.sleep(0.2)
    process.kill()
    raise AssertionError(f"arena serve did not start: {log.read_text()[-3000:]}")


def wait_for(what, seconds: float = 180.0, every: float = 0.3):
    """Poll ``what()`` until it returns something true; generous: the machine may be busy."""
    deadline = time.monotonic() + seconds
    while True:
        value = what()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {seconds} s")
        time.sleep(every)


def log_ids(results: Path) -> list:
    """Every game id in the log, in order (closed segments, then games.jsonl)."""
    import gzip
    import json

    ids = []
    for segment in sorted((results / "log").glob("*.jsonl.gz")):
        ids += [json.loads(line)["id"] for line in gzip.open(segment) if line.strip()]
    games = results / "games.jsonl"
    if games.exists():
        ids += [json.loads(line)["id"] for line in games.read_bytes().splitlines() if line.strip()]
    return ids


def database_for(tmp_path):
    """ARENA_TEST_POSTGRES (a server URL, e.g. postgresql+psycopg://user@/postgres?host=/tmp): each test
    gets a database of its own there; unset, SQLite in the results folder."""
    import os

    base = os.environ.get("ARENA_TEST_POSTGRES")
    if not base:
        return None
    import re

    from sqlalchemy import create_engine, text

    name = "arena_test_" + re.sub(r"[^a-z0-9_]", "_", tmp_path.name.lower())[-40:]
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return with_database(base, name)


def with_database(url: str, name: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(database=name).render_as_string(hide_password=False)


def drop_test_database(url) -> None:
    import os

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    if not url:
        return
    name = make_url(url).database
    engine = create_engine(os.environ["ARENA_TEST_POSTGRES"], isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()
