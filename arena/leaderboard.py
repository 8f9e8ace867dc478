"""The leaderboard: ratings, win rates with their 95% interval, head to head, faults.

Built from the game log alone (``arena leaderboard results/<name>`` reprints it),
sorted by the conservative TrueSkill rating μ − 3σ, with a Bradley–Terry Elo
beside it (:mod:`arena.elo`: 95% bootstrap interval over deals, anchored on one
named player) and the likelihood that each player is stronger than the next.  Written as ``leaderboard.md`` and
``leaderboard.json``; nothing in it depends on timings, so the same games give
byte-identical files.
"""
from __future__ import annotations

import json

from tabulate import tabulate

from arena.elo import default_anchor, fit_elo
from arena.player_text import for_terminal, markdown_code_block
from arena.ratings import count_faults, rate_games
from arena.stats import wilson_interval

FAULT_LINES = 20


def in_schedule_order(records: list, schedule: list) -> list:
    """The logged games that belong to the schedule, in schedule order (first record per id)."""
    index = {g.id: g.index for g in schedule}
    chosen = {}
    for record in records:
        if record["id"] in index and record["id"] not in chosen:
            chosen[record["id"]] = record
    return sorted(chosen.values(), key=lambda r: index[r["id"]])


def build_leaderboard(cfg, records: list, schedule: list) -> dict:
    ordered = in_schedule_order(records, schedule)
    names = [p.name for p in cfg.players]
    ratings = rate_games(ordered, names)
    count_faults(ordered, ratings.players)
    anchor = getattr(cfg, "elo_anchor", None) or default_anchor(names, {p.name: p.spec for p in cfg.players})
    elo = fit_elo(ordered, names, anchor)
    rows = sorted(ratings.players.values(), key=lambda s: (-s.conservative, s.name))
    players = []
    for place, s in enumerate(rows, start=1):
        low, high = wilson_interval(s.wins, s.games)
        below = elo.los(s.name, rows[place].name) if place < len(rows) else None
        players.append({"place": place, "name": s.name, "conservative": _r(s.conservative), "mu": _r(s.mu),
                        "sigma": _r(s.sigma), "elo": _r_or_none(elo.elo.get(s.name)),
                        "elo_low": _r_or_none(elo.low.get(s.name)), "elo_high": _r_or_none(elo.high.get(s.name)),
                        "los_next": _r_or_none(below), "games": s.games, "wins": _r(s.wins),
                        "win_rate": _r(s.wins / s.games) if s.games else None,
                        "win_low": _r(low), "win_high": _r(high),
                        "mean_score": None if s.mean_score is None else _r(s.mean_score), "faults": s.faults})
    h2h = {a: {b: {"points": _r(v[0]), "games": v[1]} for (x, b), v in sorted(ratings.head_to_head.items())
               if x == a} for a in sorted(names)}
    faults = [{"game": r["id"], "index": r["index"], "player": r["players"][f["seat"]] if f.get("seat") is not None
               else None, "seat": f.get("seat"), "kind": f["kind"], "detail": f["detail"]}
              for r in ordered for f in r.get("faults") or ()]
    return {"tournament": cfg.name, "game": cfg.game, "seats": cfg.seats, "games_scheduled": len(schedule),
            "games_recorded": len(ordered), "games_rated": ratings.rated,
            "games_failed": sum(1 for r in ordered if not r.get("ranks")),
            "draw_probability": _r(ratings.draw_probability), "elo_anchor": anchor, "players": players,
            "head_to_head": h2h, "faults": faults}


def _r(x: float) -> float:
    return round(float(x), 6)


def _r_or_none(x):
    return None if x is None else _r(x)


def standings_table(board: dict, fmt: str) -> str:
    headers = ["#", "player", "μ−3σ", "μ", "σ", "Elo (95% CI)", "LOS", "games", "wins", "win rate (95% CI)",
               "mean score", "faults"]
    rows = []
    for p in board["players"]:
        rate = "-" if p["win_rate"] is None else f"{p['win_rate']:.1%} ({p['win_low']:.1%}–{p['win_high']:.1%})"
        los = "" if p.get("los_next") is None else f"{p['los_next']:.1%}"
        rows.append([p["place"], p["name"], f"{p['conservative']:.2f}", f"{p['mu']:.2f}", f"{p['sigma']:.2f}",
                     elo_text(p), los, p["games"], _wins(p["wins"]), rate,
                     "-" if p["mean_score"] is None else f"{p['mean_score']:.2f}", p["faults"]])
    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True,
                    colalign=("right", "left") + ("right",) * (len(headers) - 2))


def elo_text(p: dict) -> str:
    """``+120 [+80, +160]``; the anchor ``0 (anchor)``; an unbounded end ``±∞``."""
    if p.get("elo") is None:
        return "-"
    if p["elo"] == 0 and p.get("elo_low") == 0 and p.get("elo_high") == 0:
        return "0 (anchor)"
    low = "-∞" if p.get("elo_low") is None else f"{p['elo_low']:+.0f}"
    high = "+∞" if p.get("elo_high") is None else f"{p['elo_high']:+.0f}"
    return f"{p['elo']:+.0f} [{low}, {high}]"


def head_to_head_table(board: dict, fmt: str) -> str:
    """Row player's share of points against the column player (a better place = 1, a shared place = ½)."""
    names = [p["name"] for p in board["players"]]
    rows = []
    for a in names:
        row = [a]
        for b in names:
            cell = board["head_to_head"].get(a, {}).get(b)
            row.append("" if a == b else "-" if not cell else f"{cell['points'] / cell['games']:.0%} ({cell['games']})")
        rows.append(row)
    return tabulate(rows, headers=["vs"] + names, tablefmt=fmt, disable_numparse=True,
                    colalign=("left",) + ("right",) * len(names))


def fault_lines(board: dict, limit: int = FAULT_LINES) -> list:
    lines = []
    kinds: dict = {}
    for f in board["faults"]:
        kinds[f["kind"]] = kinds.get(f["kind"], 0) + 1
    if not kinds:
        return lines
    lines.append("faults: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    for f in board["faults"][:limit]:
        who = f["player"] if f["player"] is not None else "(unknown seat)"
        # the detail is the player's text: one line, no escape sequence (leaderboard.json keeps it raw)
        lines.append(f"  game {f['game']} (#{f['index']}) {who}: {f['kind']}: {for_terminal(f['detail'])}")
    if len(board["faults"]) > limit:
        lines.append(f"  ... and {len(board['faults']) - limit} more (see leaderboard.json)")
    return lines


def render_text(board: dict) -> str:
    head = (f"{board['tournament']}: {board['game']}, {board['seats']} seats, "
            f"{board['games_recorded']}/{board['games_scheduled']} games played")
    if board["games_failed"]:
        head += f", {board['games_failed']} failed (not rated)"
    parts = [head, "", standings_table(board, "simple"), "", "head to head (row's points vs column):",
             head_to_head_table(board, "simple")]
    faults = fault_lines(board)
    if faults:
        parts += [""] + faults
    return "\n".join(parts)


def render_markdown(board: dict) -> str:
    parts = [f"# Leaderboard: {board['tournament']}", "",
             f"{board['game']}, {board['seats']} seats; {board['games_recorded']} of {board['games_scheduled']} "
             f"scheduled games played, {board['games_rated']} rated (TrueSkill, draw probability "
             f"{board['draw_probability']:.3f}); sorted by μ − 3σ. Elo: Bradley–Terry over every pair of seats, "
             f"{board['elo_anchor']} = 0, 95% bootstrap interval over deals; LOS: likelihood that the player is "
             "stronger than the next one down.", "",
             standings_table(board, "github"), "", "## Head to head", "",
             "Row player's share of points against the column player (better place 1, shared place ½; games).", "",
             head_to_head_table(board, "github")]
    faults = fault_lines(board, limit=10**9)
    if faults:
        parts += ["", "## Faults", ""] + markdown_code_block(faults)
    return "\n".join(parts) + "\n"


def render_json(board: dict) -> str:
    return json.dumps(board, indent=2, ensure_ascii=False) + "\n"


def _wins(wins: float) -> str:
    return str(int(wins)) if wins == int(wins) else f"{wins:.1f}"
