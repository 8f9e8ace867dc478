"""The web application: the JSON API and the pages (:mod:`arena.serve.pages`), over a
:class:`arena.serve.ladder.Ladder` and the server's database.

Every write needs a user: an API token (``Authorization: Bearer TOKEN``) or a session cookie
with its CSRF token (a form's ``csrf`` field or an ``X-CSRF-Token`` header).  A user replaces
or retires only their own players; nothing here administers anything (``arena users`` does).
"""
from __future__ import annotations

import json
import re
import secrets
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import FastAPI, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import JSONResponse
from sqlalchemy import func, select

from arena.runs.config import params_problem
from arena.serve.accounts import NAME, session_of, user_of_token
from arena.serve.db import GameIndex, PlayerGame, RatingPoint, Submission
from arena.serve.index import head_to_head
from arena.serve.uploads import UploadError, UploadLimits, check_user_quota, disk_margin, place_upload

SESSION_COOKIE = "arena_session"
HISTORY_POINTS = 400  # of a player's rating history, at most, in its answer and its plot
PAGE_GAMES, MAX_PAGE_GAMES = 50, 200  # a player's games in one answer: by default, at most


@dataclass
class Limits:
    """Per-user limits (``arena serve`` options)."""
    submissions_per_hour: int = 10
    live_players: int = 3
    upload: UploadLimits = field(default_factory=UploadLimits)
    rate: float = 20.0  # requests a second per client address, on average
    burst: int = 100


@dataclass
class Context:
    ladder: object  # arena.serve.ladder.Ladder
    sessions: object  # sqlalchemy sessionmaker
    uploads: Path
    limits: Limits
    secure_cookies: bool = False
    human_games: object = None  # arena.serve.play.HumanGames
    refused: dict = field(default_factory=dict)  # user -> when uploads of theirs were refused as bad


def make_app(ctx: Context) -> FastAPI:
    app = FastAPI(title="arena ladder", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.ctx = ctx

    @app.exception_handler(HTTPException)
    async def _http_error(request: Request, exc: HTTPException):
        if request.url.path.startswith("/api/"):  # a page's form gets a page that says why
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)
        from arena.serve.pages import error_page

        return error_page(request, exc.status_code, str(exc.detail))

    if getattr(ctx.ladder, "read_only", False):
        @app.middleware("http")
        async def _writer_only(request: Request, call_next):
            path = request.url.path
            if (request.method not in ("GET", "HEAD") and path not in ("/login", "/logout")) or \
                    path == "/submit" or path == "/play" or path.startswith("/play/"):
                message = ("this server only shows the ladder (arena serve --read-only): uploads, retirements "
                           "and games against a bot are made on the ladder's own server")
                if path.startswith("/api/"):
                    return JSONResponse({"detail": message}, status_code=503)
                from arena.serve.pages import error_page

                return error_page(request, 503, message)
            return await call_next(request)

    @app.get("/api/leaderboard")
    def leaderboard():
        public = ctx.ladder.public
        return {"tournament": public.get("tournament"), "game": public.get("game"),
                "games_recorded": public.get("games_recorded"), "updated": public.get("updated"),
                "players": [{k: p[k] for k in ("name", "owner", "rating", "interval", "games", "status", "place",
                                               "version")} for p in public["players"]],
                "rating": bool(public.get("rating")), "index": ctx.ladder.index.status()}

    @app.get("/api/games")
    def games(before: int | None = None, limit: int = PAGE_GAMES):
        with ctx.sessions() as db:
            return recent_games(ctx, db, games=limit, before=before)

    @app.post("/api/players", status_code=202)
    def upload_player(request: Request, file: UploadFile = File(...), cls: str = Form(..., alias="class"),
                      name: str = Form(...), params: str = Form("")):
        with ctx.sessions() as db:
            user = writer(request, db)
            sub = submit(ctx, db, user, file, cls, name, params)
            return {"id": sub.id, "name": sub.name, "version": sub.version, "status": shown_status(ctx, sub)}

    @app.get("/api/players/{name}")
    def player(name: str, before: int | None = None, limit: int = PAGE_GAMES):
        with ctx.sessions() as db:
            return player_info(ctx, db, name, games=limit, before=before)

    @app.delete("/api/players/{name}", status_code=202)
    def retire(request: Request, name: str):
        with ctx.sessions() as db:
            user = writer(request, db)
            live = owned_live(ctx, db, user, name)
            for sub in live:
                sub.retire = True
            db.commit()
            return {"name": name, "status": "retiring", "versions": [s.version for s in live]}

    @app.get("/api/games/{game_id}")
    def game(game_id: str):
        record = game_record(ctx, game_id)
        if record is None:
            raise HTTPException(404, f"no game {game_id!r}")
        return record

    from arena.serve.pages import add_pages

    add_pages(app, ctx)
    return app


# --- who is asking ------------------------------------------------------------------------------

def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth[:7].lower() == "bearer " else None


def reader(request: Request, db) -> tuple | None:
    """``(user, csrf or None)`` of a request's token or session, or None."""
    token = bearer(request)
    if token is not None:
        user = user_of_token(db, token)
        return (user, None) if user else None
    return session_of(db, request.cookies.get(SESSION_COOKIE))


def writer(request: Request, db, form_csrf: str | None = None) -> str:
    """The user of a write: 401 without a valid token or session, 403 for a session without
    its CSRF token."""
    who = reader(request, db)
    if who is None:
        raise HTTPException(401, "a write needs an API token (Authorization: Bearer TOKEN) or a login",
                            headers={"WWW-Authenticate": "Bearer"})
    user, csrf = who
    if csrf is not None:
        given = form_csrf or request.headers.get("x-csrf-token") or ""
        if not secrets.compare_digest(given.encode(), csrf.encode()):
            raise HTTPException(403, "missing or wrong CSRF token: reload the page and try again")
    return user


# --- submissions ----------------------------------------------------------------------------------

LIVE = ("queued", "checking", "accepted")  # a submission that may yet play (one a user can retire)


def submit(ctx: Context, db, user: str, file: UploadFile, cls: str, name: str, params_text: str) -> Submission:
    """Store an upload and queue it for its checks (the ladder's checks pool checks it).  A user's
    uploads are taken one at a time; the global lock is held only to count the limits and to add
    the row, never while an upload is read or unpacked."""
    if not NAME.fullmatch(name or ""):
        raise HTTPException(400, f"name {name!r}: use 1 to 40 letters, digits, _ or -")
    try:
        params = json.loads(params_text) if params_text and params_text.strip() else {}
    except ValueError as exc:
        raise HTTPException(400, f"params: not JSON ({exc})") from None
    if not isinstance(params, dict):
        raise HTTPException(400, "params: give a JSON object of the class's keyword parameters")
    problem = params_problem(params)
    if problem:
        raise HTTPException(400, f"params: {problem}")
    with _user_lock(user):
        with SUBMITTING:
            _check_limits(ctx, db, user, name)
        try:
            folder, spec = _store_upload(ctx, user, file, cls)
        except HTTPException as exc:
            if exc.status_code in (400, 413):  # the upload's own fault, after reading and unpacking it
                with SUBMITTING:
                    _refused(ctx, user).append(time.time())
            raise
        try:
            with SUBMITTING:  # counted again with the row added as one step (another user, the same name)
                version = _check_limits(ctx, db, user, name)
                sub = Submission(owner=user, name=name, version=version, spec=spec, params=params, status="queued",
                                 ladder_name=name if version == 1 else f"{name}.v{version}")
                db.add(sub)
                db.commit()
        except HTTPException:
            db.rollback()
            shutil.rmtree(folder, ignore_errors=True)
            raise
        except Exception:
            db.rollback()
            shutil.rmtree(folder, ignore_errors=True)
            raise HTTPException(409, f"player {name!r} was submitted at the same moment; try again") from None
    return sub


SUBMITTING = threading.Lock()
_USER_LOCKS: dict = {}  # user -> [lock, holders]


def _refused(ctx: Context, user: str) -> list:
    """The times of ``user``'s uploads refused as bad (400, 413) in the last hour (held under
    ``SUBMITTING``): they count towards the hourly limit, as each was read and unpacked."""
    times = [t for t in ctx.refused.get(user, ()) if t > time.time() - 3600]
    ctx.refused[user] = times
    return times


@contextmanager
def _user_lock(user: str):
    with SUBMITTING:
        entry = _USER_LOCKS.setdefault(user, [threading.Lock(), 0])
        entry[1] += 1
    try:
        with entry[0]:
            yield
    finally:
        with SUBMITTING:
            entry[1] -= 1
            if not entry[1]:
                del _USER_LOCKS[user]


def _check_limits(ctx: Context, db, user: str, name: str) -> int:
    """The next version of ``user``'s player ``name``, within the per-user limits; an HTTP error
    saying which limit otherwise.  Live players are the accepted ones: an upload queued for its
    check, or being checked, is not one yet."""
    owners = set(db.scalars(select(Submission.owner).where(func.lower(Submission.name) == name.lower())))
    builtin = any(p.name.lower() == name.lower() for p in ctx.ladder.cfg.players) and not owners
    if builtin or (owners and owners != {user}):
        raise HTTPException(403, f"player {name!r} is too like a name that belongs to "
                                 f"{'the ladder' if builtin else 'another user'} (names are compared without "
                                 "case); choose another name")
    hour = db.scalar(select(func.count()).select_from(Submission).where(Submission.owner == user,
                                                                         Submission.created > time.time() - 3600))
    if hour + len(_refused(ctx, user)) >= ctx.limits.submissions_per_hour:
        raise HTTPException(429, f"at most {ctx.limits.submissions_per_hour} submissions an hour per user "
                                 "(uploads refused as bad count too); try again later")
    live = live_names(db, user)
    if name not in live and len(live) >= ctx.limits.live_players:
        raise HTTPException(403, f"at most {ctx.limits.live_players} live players per user (yours: "
                                 f"{', '.join(sorted(live))}); retire one first")
    return (db.scalar(select(func.max(Submission.version)).where(Submission.name == name)) or 0) + 1


def live_names(db, user: str) -> set:
    """The names of ``user``'s live players: accepted and not being retired."""
    return set(db.scalars(select(Submission.name).where(Submission.owner == user, Submission.status == "accepted",
                                                        Submission.retire.is_(False))))


def _store_upload(ctx: Context, user: str, file: UploadFile, cls: str) -> tuple:
    """The upload read (at most ``max_bytes``) and placed in a folder of its own under the user's
    (within the user's disk quota, on a disk with its margin free): ``(folder, spec)``."""
    limits = ctx.limits.upload
    low = disk_margin(ctx.uploads, limits.disk_margin)
    if low:
        raise HTTPException(507, f"the server's disk for uploads is nearly full ({low}); try again later")
    mine = ctx.uploads / user
    mine.mkdir(exist_ok=True, mode=0o700)
    folder = mine / f"{int(time.time())}-{secrets.token_hex(6)}"
    with tempfile.NamedTemporaryFile(dir=ctx.uploads, prefix=".upload-", delete=True) as saved:
        size = 0
        while True:
            chunk = file.file.read(1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limits.max_bytes:
                raise HTTPException(413, f"upload over {limits.max_bytes} bytes")
            saved.write(chunk)
        saved.flush()
        try:
            check_user_quota(mine, size, limits)
            spec = place_upload(file.filename or "", Path(saved.name), cls, folder, limits)
            check_user_quota(mine, 0, limits)  # unpacked, it may hold more than it weighed
        except UploadError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            raise HTTPException(exc.status, str(exc)) from None
    return folder, spec


def owned_live(ctx: Context, db, user: str, name: str) -> list:
    subs = list(db.scalars(select(Submission).where(Submission.name == name)))
    if not subs:
        if any(p.name == name for p in ctx.ladder.cfg.players):
            raise HTTPException(403, f"player {name!r} belongs to the ladder")
        raise HTTPException(404, f"no player {name!r}")
    if any(s.owner != user for s in subs):
        raise HTTPException(403, f"player {name!r} belongs to another user")
    return [s for s in subs if s.status in LIVE and not s.retire]


def shown_status(ctx: Context, sub: Submission) -> str:
    if sub.status in ("queued", "checking"):
        return "checking"
    if sub.status == "accepted":
        if sub.retire:
            return "retiring"
        row = next((p for p in ctx.ladder.public["players"] if p["ladder_name"] == sub.ladder_name), None)
        return row["status"] if row else "playing"
    return sub.status  # rejected, retired


def without_uploads_path(ctx: Context, value):
    """``value`` (text, or lists and dicts of it) with the server's uploads folder written
    ``uploads``: a submitted player's spec and its faults' tracebacks name files there, and the
    folder is the server's business (by default under its account's home)."""
    where = str(ctx.uploads)
    if isinstance(value, str):
        return value.replace(where, "uploads")
    if isinstance(value, list):
        return [without_uploads_path(ctx, v) for v in value]
    if isinstance(value, dict):
        return {k: without_uploads_path(ctx, v) for k, v in value.items()}
    return value


def player_info(ctx: Context, db, name: str, games: int = PAGE_GAMES, before: int | None = None) -> dict:
    """A player's page as data: its status, rating, versions, history, and ``games`` of its games
    (at most ``MAX_PAGE_GAMES``), newest first, those logged before line ``before`` where given;
    ``older``: the ``before`` of the next page (None at the oldest)."""
    return without_uploads_path(ctx, _player_info(ctx, db, name, max(1, min(int(games), MAX_PAGE_GAMES)), before))


def _player_info(ctx: Context, db, name: str, games: int, before: int | None) -> dict:
    subs = list(db.scalars(select(Submission).where(Submission.name == name).order_by(Submission.version)))
    if subs:
        current = next((s for s in reversed(subs) if s.status == "accepted"), subs[-1])
        ladder_name, owner = current.ladder_name, current.owner
        status, reason = shown_status(ctx, current), current.reason
    elif any(p.name == name for p in ctx.ladder.cfg.players):
        ladder_name, owner, reason = name, None, ""
        status = "playing"
    else:
        raise HTTPException(404, f"no player {name!r}")
    row = next((p for p in ctx.ladder.public["players"] if p["ladder_name"] == ladder_name), None)
    if row is not None and not subs:
        status = row["status"]
    history = rating_history(db, ladder_name)
    query = (select(GameIndex, PlayerGame).join(PlayerGame, PlayerGame.line == GameIndex.line)
             .where(PlayerGame.player == ladder_name))
    if before is not None:
        query = query.where(PlayerGame.line < before)
    rows = list(db.execute(query.order_by(PlayerGame.line.desc()).limit(games + 1)))
    older = rows[games - 1][0].line if len(rows) > games else None
    played = [dict(shown_game(g), seat=mine.seat, place=mine.place, score=mine.score, fault=mine.fault)
              for g, mine in rows[:games]]
    return {"name": name, "owner": owner, "ladder_name": ladder_name, "status": status, "reason": reason,
            "rating": None if row is None else {k: row[k] for k in ("rating", "sigma", "interval", "place", "games",
                                                                  "wins", "faults", "conservative")},
            "versions": [{"version": s.version, "ladder_name": s.ladder_name, "status": shown_status(ctx, s),
                          "reason": s.reason, "params": s.params, "submitted": s.created} for s in subs],
            "history": history, "games": played, "older": older,
            "opponents": head_to_head(db, ladder_name), "index": ctx.ladder.index.status()}


def rating_history(db, player: str) -> list:
    """``player``'s rating points, at most ``HISTORY_POINTS`` of them: a player rated for days gets
    evenly spaced points and its last one, chosen by the database (its rows are never all read)."""
    where = RatingPoint.player == player
    count = db.scalar(select(func.count()).select_from(RatingPoint).where(where)) or 0
    columns = (RatingPoint.at, RatingPoint.games, RatingPoint.mu, RatingPoint.sigma)
    if count <= HISTORY_POINTS:
        rows = db.execute(select(*columns).where(where).order_by(RatingPoint.id))
    else:
        spread = HISTORY_POINTS - 1  # a row is the first of one of `spread` equal runs of rows, or the last
        numbered = select(*columns, func.row_number().over(order_by=RatingPoint.id).label("n")).where(where).subquery()
        rows = db.execute(select(numbered.c.at, numbered.c.games, numbered.c.mu, numbered.c.sigma)
                          .where(((numbered.c.n - 1) * spread % count < spread) | (numbered.c.n == count)).order_by(numbered.c.n))
    return [{"at": at, "games": n, "mu": mu, "sigma": sigma} for at, n, mu, sigma in rows]


def shown_game(g: GameIndex) -> dict:
    return {"id": g.id, "line": g.line, "players": g.players, "ranks": g.ranks, "scores": g.scores,
            "faults": g.faults, "at": g.at}


def recent_games(ctx: Context, db, games: int = PAGE_GAMES, before: int | None = None) -> dict:
    """The ladder's latest ``games`` games (at most ``MAX_PAGE_GAMES``), newest first, those logged
    before line ``before`` where given; ``older``: the next page's ``before``."""
    games = max(1, min(int(games), MAX_PAGE_GAMES))
    query = select(GameIndex)
    if before is not None:
        query = query.where(GameIndex.line < before)
    rows = list(db.scalars(query.order_by(GameIndex.line.desc()).limit(games + 1)))
    return without_uploads_path(ctx, {"games": [shown_game(g) for g in rows[:games]],
                                      "older": rows[games - 1].line if len(rows) > games else None,
                                      "index": ctx.ladder.index.status()})


_GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")


def game_record(ctx: Context, game_id: str) -> dict | None:
    if not _GAME_ID.fullmatch(game_id):
        return None
    record = ctx.ladder.record(game_id)
    if record is not None:
        record.pop("player_seeds", None)
    return without_uploads_path(ctx, record)
