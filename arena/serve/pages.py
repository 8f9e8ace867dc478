"""The ladder's pages: the leaderboard (updated as games finish, by a script of our own
served from /static), each player's page (rating with its interval over time, games,
faults), each game's replay viewer (:mod:`arena.reports.viewer`, its script and style served
as files), the tournament's report, the submission form, logging in with a token, and a
game against a ladder bot.

Templates are Jinja2 with autoescaping: names, parameters and fault texts are shown as text.
No page has an inline script: the Content-Security-Policy (:mod:`arena.serve.guard`) allows
scripts from this server's /static only; the report, which has none, gets a policy of its own
without scripts.
"""
from __future__ import annotations

import html
import secrets
import threading
from collections import OrderedDict
from pathlib import Path

from fastapi import File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from arena.serve.accounts import close_session, open_session, session_of, user_of_token
from arena.serve.app import (SESSION_COOKIE, game_record, player_info, recent_games, submit, without_uploads_path,
                             writer)

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
LOGIN_COOKIE = "arena_login"  # the login form's CSRF token (double submit), before any session
REPORT_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                 "form-action 'none'; frame-ancestors 'none'")


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    return templates.TemplateResponse(request, "error.html", {"status": status, "message": message, "user": None},
                                      status_code=status)


def add_pages(app, ctx) -> None:
    @app.get("/static/viewer.js")
    def viewer_script():
        from arena.reports.viewer import SCRIPT

        return Response(SCRIPT, media_type="text/javascript")

    @app.get("/static/viewer.css")
    def viewer_style():
        from arena.reports.viewer import STYLE

        return Response(STYLE, media_type="text/css")

    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")  # after the two above

    def who(request: Request):
        with ctx.sessions() as db:
            return session_of(db, request.cookies.get(SESSION_COOKIE))

    def page(request: Request, name: str, **values):
        user = who(request)
        values.setdefault("user", user[0] if user else None)
        values.setdefault("csrf", user[1] if user else "")
        values.setdefault("tournament", ctx.ladder.cfg.name)
        values.setdefault("index", ctx.ladder.index.status())
        return templates.TemplateResponse(request, name, values)

    def login_needed(request: Request):
        user = who(request)
        if user is None:
            raise HTTPException(401, "log in first (with your API token)")
        return user

    @app.get("/", response_class=HTMLResponse)
    def leaderboard_page(request: Request):
        return page(request, "leaderboard.html", board=ctx.ladder.public)

    @app.get("/login", response_class=HTMLResponse)
    def login_form(request: Request):
        token = secrets.token_urlsafe(24)
        response = page(request, "login.html", login_csrf=token, problem="")
        _cookie(response, request, ctx, LOGIN_COOKIE, token, 600)
        return response

    @app.post("/login")
    def login(request: Request, token: str = Form(...), csrf: str = Form(...)):
        expected = request.cookies.get(LOGIN_COOKIE, "")
        if not expected or not secrets.compare_digest(expected.encode(), csrf.encode()):
            raise HTTPException(403, "the login form expired: reload it and try again")
        with ctx.sessions() as db:
            user = user_of_token(db, token.strip())
            if user is None:
                again = secrets.token_urlsafe(24)
                response = page(request, "login.html", login_csrf=again, problem="That token is not valid.")
                response.status_code = 401
                _cookie(response, request, ctx, LOGIN_COOKIE, again, 600)
                return response
            value, _ = open_session(db, user)
        response = RedirectResponse("/", status_code=303)
        _cookie(response, request, ctx, SESSION_COOKIE, value, 7 * 24 * 3600)
        response.delete_cookie(LOGIN_COOKIE)
        return response

    @app.post("/logout")
    def logout(request: Request, csrf: str = Form("")):
        with ctx.sessions() as db:
            writer(request, db, csrf)
            close_session(db, request.cookies.get(SESSION_COOKIE))
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(SESSION_COOKIE)
        return response

    @app.get("/players/{name}", response_class=HTMLResponse)
    def player_page(request: Request, name: str, before: int | None = None):
        with ctx.sessions() as db:
            info = player_info(ctx, db, name, before=before)
        return page(request, "player.html", p=info, plot=rating_plot(info["history"]))

    @app.get("/games", response_class=HTMLResponse)
    def games_page(request: Request, before: int | None = None):
        with ctx.sessions() as db:
            listed = recent_games(ctx, db, before=before)
        return page(request, "games.html", games=listed)

    @app.get("/submit", response_class=HTMLResponse)
    def submit_form(request: Request):
        login_needed(request)
        return page(request, "submit.html", limits=ctx.limits)

    @app.post("/submit")
    def submit_page(request: Request, file: UploadFile = File(...), cls: str = Form(..., alias="class"),
                    name: str = Form(...), params: str = Form(""), csrf: str = Form("")):
        with ctx.sessions() as db:
            user = writer(request, db, csrf)
            sub = submit(ctx, db, user, file, cls, name, params)
        return RedirectResponse(f"/players/{sub.name}", status_code=303)

    @app.get("/games/{name}", response_class=HTMLResponse)
    def viewer_page(name: str):
        gid = name[:-5] if name.endswith(".html") else name
        record = game_record(ctx, gid)
        if record is None:
            raise HTTPException(404, f"no game {gid!r}")
        return HTMLResponse(served_viewer(record))

    @app.get("/report/games/{name}")
    def report_game(name: str):
        return RedirectResponse(f"/games/{name[:-5] if name.endswith('.html') else name}", status_code=303)

    @app.get("/report", response_class=HTMLResponse)
    def report():
        path = ctx.ladder.folder / "report.html"
        if not path.is_file():
            ctx.ladder.maybe_report(force=True)
        if not path.is_file():  # a reader's (arena serve --read-only), before the writer drew one
            raise HTTPException(404, "no report yet: the ladder draws it after its first games")
        return HTMLResponse(without_uploads_path(ctx, path.read_text(encoding="utf-8")),
                            headers={"Content-Security-Policy": REPORT_POLICY})

    # --- a game against a bot ------------------------------------------------------------
    @app.get("/play", response_class=HTMLResponse)
    def play_form(request: Request):
        login_needed(request)
        return page(request, "play_new.html", players=[p["ladder_name"] for p in ctx.ladder.public["players"]],
                    seats=ctx.ladder.cfg.seats)

    @app.post("/play")
    def play_start(request: Request, bot: str = Form(...), seat: int = Form(0), csrf: str = Form("")):
        with ctx.sessions() as db:
            user = writer(request, db, csrf)
        try:
            gid = ctx.human_games.start(user, bot, seat)
        except OverflowError as exc:
            raise HTTPException(429, str(exc)) from None
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        return RedirectResponse(f"/play/{gid}", status_code=303)

    def live_game(gid: str, user: str):
        game = ctx.human_games.get(gid)
        if game is None:
            return None
        if game.owner != user:
            raise HTTPException(403, "this is another user's game")
        return game

    @app.get("/play/{gid}", response_class=HTMLResponse)
    def play_page(request: Request, gid: str):
        user = login_needed(request)
        game = live_game(gid, user[0])
        if game is None or game.over is not None:
            stored = ctx.human_games.record(gid)
            if stored is None:
                raise HTTPException(404, f"no game {gid!r}")
            if stored["owner"] != user[0] and stored["record"] is None:  # unfinished: its player's alone
                raise HTTPException(403, "this is another user's game")
            return page(request, "play.html", game=None, gid=gid, over=stored["record"], bot=stored["bot"],
                        status=stored["status"])
        if game.waiting is None:
            game.wait_change(game.turn, 2.0)  # the bot's move, most often a fraction of a second
        return page(request, "play.html", game=game, gid=gid, over=game.over, bot=game.bot,
                    waiting=game.waiting, turn=game.turn, status="playing")

    @app.post("/play/{gid}/move")
    def play_move(request: Request, gid: str, move: int = Form(...), turn: int = Form(...), csrf: str = Form("")):
        with ctx.sessions() as db:
            user = writer(request, db, csrf)
        game = live_game(gid, user)
        if game is None or game.over is not None:
            return RedirectResponse(f"/play/{gid}", status_code=303)
        if game.waiting is not None and turn == game.turn:  # a stale page's click is not played
            seen = game.turn
            game.moves.put(move)
            game.wait_change(seen, 1.0)
        return RedirectResponse(f"/play/{gid}", status_code=303)

    @app.get("/play/{gid}/replay", response_class=HTMLResponse)
    def play_replay(request: Request, gid: str):
        stored = ctx.human_games.record(gid)
        if stored is None or stored["record"] is None:
            raise HTTPException(404, f"no finished game {gid!r}")
        return HTMLResponse(served_viewer(stored["record"]))

    @app.get("/favicon.ico")
    def favicon():
        return Response(status_code=204)

    @app.get("/robots.txt", response_class=PlainTextResponse)
    def robots():
        return "User-agent: *\nDisallow: /games/\nDisallow: /play/\n"


def _cookie(response, request: Request, ctx, name: str, value: str, seconds: int) -> None:
    response.set_cookie(name, value, max_age=seconds, httponly=True, samesite="strict",
                        secure=ctx.secure_cookies or request.url.scheme == "https", path="/")


_viewers: OrderedDict = OrderedDict()  # game id -> page: a recorded game never changes
_viewers_lock = threading.Lock()
VIEWERS_KEPT = 256


def served_viewer(record: dict) -> str:
    """arena's replay viewer page with its script and style as files of this server (no inline
    script), under the server's Content-Security-Policy; the last pages made are kept."""
    key = (record.get("id"), len(record.get("actions") or ()), record.get("seed"))
    with _viewers_lock:
        if key in _viewers:
            _viewers.move_to_end(key)
            return _viewers[key]
    page = _viewer_page(record)
    with _viewers_lock:
        _viewers[key] = page
        while len(_viewers) > VIEWERS_KEPT:
            _viewers.popitem(last=False)
    return page


def _viewer_page(record: dict) -> str:
    from arena.reports.viewer import SCRIPT, STYLE, build_viewer

    page = build_viewer(record)
    parts = [(f"<style>{STYLE}</style>", '<link rel="stylesheet" href="/static/viewer.css">'),
             (f"<script>{SCRIPT}</script>", '<script src="/static/viewer.js"></script>')]
    for inline, served in parts:
        if page.count(inline) != 1:
            raise RuntimeError("arena.reports.viewer's page changed: update arena.serve.pages.served_viewer")
        page = page.replace(inline, served)
    start = page.index('<meta http-equiv="Content-Security-Policy"')
    return page[:start] + page[page.index(">", start) + 1:]


def rating_plot(history: list, width: int = 640, height: int = 220) -> str:
    """The rating (mu) with its interval (mu +- 3 sigma) over the games played, as inline SVG
    (numbers only: nothing a player wrote is in it)."""
    if not history:
        return ""
    xs = [h["games"] for h in history]
    lows = [h["mu"] - 3 * h["sigma"] for h in history]
    highs = [h["mu"] + 3 * h["sigma"] for h in history]
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y0, y1 = min(lows + [0.0]), max(highs + [50.0])
    pad = 36

    def px(x):
        return pad + (x - x0) / (x1 - x0) * (width - 2 * pad)

    def py(y):
        return height - pad - (y - y0) / (y1 - y0) * (height - 2 * pad)

    band = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, highs)) + " " + \
        " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in reversed(list(zip(xs, lows))))
    line = " ".join(f"{px(x):.1f},{py(h['mu']):.1f}" for x, h in zip(xs, history))
    ticks = "".join(f'<text x="4" y="{py(v) + 4:.1f}" class="tick">{v:g}</text>'
                    f'<line x1="{pad}" x2="{width - pad}" y1="{py(v):.1f}" y2="{py(v):.1f}" class="grid"/>'
                    for v in (0, 25, 50) if y0 <= v <= y1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
            f'aria-label="rating over games" id="rating-plot">{ticks}'
            f'<polygon points="{band}" class="band"/><polyline points="{line}" class="mu"/>'
            f'<text x="{pad}" y="{height - 8}" class="tick">games: {html.escape(str(x0))}</text>'
            f'<text x="{width - pad - 60}" y="{height - 8}" class="tick">{html.escape(str(max(xs)))}</text></svg>')
