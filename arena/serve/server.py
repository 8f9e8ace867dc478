"""``arena serve RESULTS``: the ladder's loop in the main thread, the web server (uvicorn) in
another, a clean stop on Ctrl-C and SIGTERM (the game being played is left unrecorded and
played after a restart; nothing recorded is lost), and the command-line client of
``arena submit --server``.
"""
from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
from pathlib import Path

from arena.serve.app import Context, Limits, make_app
from arena.serve.db import connect, database_url
from arena.serve.guard import Guard, RateLimit
from arena.serve.uploads import disk_margin


def default_uploads(folder: Path) -> Path:
    """Where uploaded players are kept: outside the results folder and its parent (which no
    jail may see), per results folder."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "arena" / "serve"
    folder = Path(folder).resolve()
    return base / f"{folder.name}-{hashlib.sha256(str(folder).encode()).hexdigest()[:10]}"


def open_database(results, url: str | None = None):
    """The server's database (``--database URL``, or SQLite in the results folder); a ValueError
    naming the URL where it cannot be opened."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    where = database_url(results, url)
    try:
        return connect(where)
    except (SQLAlchemyError, ArgumentError, ImportError) as exc:
        try:  # a URL may hold a password: never shown
            from sqlalchemy.engine import make_url

            shown = make_url(where).render_as_string(hide_password=True)
        except Exception:  # noqa: BLE001 - not even a URL
            shown = "the --database URL"
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise ValueError(f"database {shown!r} cannot be opened: {reason}") from None


SWITCH_SECONDS = 0.0005  # sys.setswitchinterval in arena serve (see serve)


def serve(results, host: str = "127.0.0.1", port: int = 8000, address: str | None = None,
          workers: int | None = None, database: str | None = None, uploads: str | None = None,
          limits: Limits | None = None, secure_cookies: bool = False, check_workers: int = 1, proxies=(),
          play_memory_mb: int | None = None, reindex: bool = False, read_only: bool = False,
          echo=print) -> None:
    """``check_workers``: submissions checked at once; ``proxies``: addresses of reverse proxies
    whose ``X-Forwarded-For`` names the client (:mod:`arena.serve.guard`); ``play_memory_mb``: the
    memory budget of the bots in browser games (:mod:`arena.serve.play`); ``reindex``: the
    index of the games rebuilt from the log (:mod:`arena.serve.index`)."""
    from arena.jail import jail, leftovers
    from arena.serve.ladder import Ladder
    from arena.serve.play import HumanGames
    from arena.runs.tournament import isolation_text, isolation_note, leftovers_text

    # the pages' thread gives the GIL up at every read of the database and the socket, and waits up
    # to an interval for it back while the ladder's thread rates or plays: 5 ms by default, which
    # on two cores made a page of ten queries take 200 ms (a convoy); at 0.5 ms a small fraction
    sys.setswitchinterval(SWITCH_SECONDS)
    folder = Path(results).resolve()
    if not (folder / "config.yaml").is_file():
        raise ValueError(f"{results}: no config.yaml here; start the tournament first (e.g. `arena tournament "
                         "configs/ladder.yaml`), then serve its results folder")
    engine, sessions = open_database(folder, database)
    uploads_dir = Path(uploads).resolve() if uploads else default_uploads(folder)
    if read_only:
        try:
            _serve_pages(folder, sessions, uploads_dir, limits or Limits(), host, port, secure_cookies, proxies, echo)
        finally:
            engine.dispose()
        return
    if _within(uploads_dir, folder.parent):
        raise ValueError(f"--uploads {uploads_dir}: inside {folder.parent}, which no player's jail may see; "
                         "give a folder outside it")
    uploads_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    limits = limits or Limits()
    low = disk_margin(uploads_dir, limits.upload.disk_margin)
    if low:
        echo(f"warning: {uploads_dir}: {low}; uploads are refused until there is more")
    ladder = Ladder(folder, sessions, workers=workers, address=address, echo=echo, check_workers=check_workers,
                    live_players=limits.live_players, uploads=uploads_dir)
    try:
        stopped = leftovers_text(*leftovers.sweep(folder), folder)
        if stopped:
            echo(stopped)
        jail()  # made here, in the main thread, before any thread spawns a player
        echo(isolation_text(isolation_note(ladder.cfg)))
        ladder.reconcile(reindex)
        ctx = Context(ladder, sessions, uploads_dir, limits, secure_cookies)
        ctx.human_games = HumanGames(ladder, sessions, **({} if play_memory_mb is None else
                                                           {"memory_budget_mb": play_memory_mb}))
        server = _web_server(ctx, limits, host, port, proxies)
        web = threading.Thread(target=server.run, name="web", daemon=True)
        web.start()
        while not server.started:
            if not web.is_alive():
                raise RuntimeError(f"the web server did not start on {host}:{port} (is the port in use?)")
            time.sleep(0.05)
        echo(f"arena serve: {ladder.cfg.name} at {_url(server, host)} (games on {ladder.playing.where()}; "
             "Ctrl-C stops)")
        sys.stdout.flush()
        try:
            ladder.run()
        finally:
            echo("arena serve: stopping")
            ctx.human_games.stop()
            server.should_exit = True
            web.join(timeout=10)
    finally:
        ladder.close()
        if "ray" in sys.modules and sys.modules["ray"].is_initialized():
            sys.modules["ray"].shutdown()
        leftovers.forget(folder)
        engine.dispose()
    echo(f"arena serve: stopped; {ladder.games_played} games played and kept")


def _serve_pages(folder: Path, sessions, uploads_dir: Path, limits: Limits, host: str, port: int,
                 secure_cookies: bool, proxies, echo) -> None:
    """``--read-only``: the pages and the API from the writer's database and the log's files
    (:mod:`arena.serve.reader`), until Ctrl-C or SIGTERM."""
    from arena.serve.reader import Reader

    reader = Reader(folder, sessions)
    server = _web_server(Context(reader, sessions, uploads_dir, limits, secure_cookies), limits, host, port, proxies)
    started = getattr(server, "startup")

    async def startup(sockets=None):  # says where it listens, as the writer does
        await started(sockets=sockets)
        if server.started:
            echo(f"arena serve --read-only: {reader.cfg.name} at {_url(server, host)} (pages only; Ctrl-C stops)")
            sys.stdout.flush()

    server.startup = startup
    server.run()
    echo("arena serve --read-only: stopped")


def _web_server(ctx: Context, limits: Limits, host: str, port: int, proxies):
    """The uvicorn server of ``ctx``'s pages and API behind the guard (rate, body size, proxies)."""
    import uvicorn

    app = Guard(make_app(ctx), RateLimit(limits.rate, limits.burst), limits.upload.max_bytes, proxies=proxies)
    # proxy_headers off: uvicorn would take X-Forwarded-For from 127.0.0.1 as the client (Guard decides)
    return uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                                         timeout_graceful_shutdown=5, lifespan="off", timeout_keep_alive=30,
                                         proxy_headers=False))


def _url(server, host: str) -> str:
    """Where a started server listens."""
    bound = server.servers[0].sockets[0].getsockname()[1]
    return f"http://{f'[{host}]' if ':' in host else host}:{bound}/"


def _within(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


# --- users (arena users ...) ----------------------------------------------------------------------

def users_command(action: str, results, name: str | None = None, database: str | None = None) -> str:
    from arena.serve.accounts import add_user, list_users, remove_user

    folder = Path(results)
    if not (folder / "config.yaml").is_file():
        raise ValueError(f"{folder}: no config.yaml here; is it a tournament's results folder?")
    engine, sessions = open_database(folder, database)
    try:
        with sessions() as db:
            if action == "add":
                token = add_user(db, name)
                return (f"user {name} added; their API token (shown only now, keep it secret):\n{token}")
            if action == "remove":
                remove_user(db, name)
                return f"user {name} removed (their players stay on the ladder)"
            rows = list_users(db)
            if not rows:
                return "no users yet: arena users add NAME RESULTS"
            return "\n".join(f"{n}\tadded {time.strftime('%Y-%m-%d %H:%M', time.gmtime(t))} UTC" for n, t in rows)
    finally:
        engine.dispose()


# --- the client (arena submit --server) -------------------------------------------------------------

def submit_to_server(server: str, token: str, spec: str, name: str, params: dict, timeout: float = 60.0) -> dict:
    """Upload ``path/to/file.py:Class`` (or ``path/to/folder.zip:file.py:Class``) to a ladder;
    returns the server's answer ({"id", "name", "status"}).  Raises ValueError with the server's
    reason."""
    import json

    import httpx

    where, sep, cls = spec.partition(":")
    if not sep or not (where.endswith(".py") or where.endswith(".zip")):
        raise ValueError(f"{spec!r}: give path/to/file.py:Class (or folder.zip:file.py:Class) to submit to a server")
    path = Path(where)
    if not path.is_file():
        raise ValueError(f"no file {where}")
    url = server.rstrip("/") + "/api/players"
    with open(path, "rb") as f:
        try:
            answer = httpx.post(url, headers={"Authorization": f"Bearer {token}"}, timeout=timeout,
                                files={"file": (path.name, f, "application/octet-stream")},
                                data={"class": cls, "name": name, "params": json.dumps(params)})
        except httpx.HTTPError as exc:
            raise ValueError(f"{url}: {exc}") from None
    try:
        body = answer.json()
    except ValueError:
        body = {"detail": answer.text[:300]}
    if answer.status_code != 202:
        raise ValueError(f"{url}: {answer.status_code}: {body.get('detail', body)}")
    return body
