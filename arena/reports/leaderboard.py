"""The leaderboard: ratings, win rates with their 95% interval, head to head, faults.

Built from the tally of the game log (``arena.store.tally``: counts of outcomes and deals,
the faults; ``arena leaderboard results/<name>`` reprints it), sorted by the conservative
TrueSkill rating μ − 3σ, with a Bradley–Terry Elo
beside it (:mod:`arena.ratings.elo`: 95% bootstrap interval over deals, anchored on one
named player) and the likelihood that each player is stronger than the next.  Written as ``leaderboard.md`` and
``leaderboard.json``; nothing in it depends on timings, so the same games give the same
files (TrueSkill warm-started from an earlier solve agrees with a cold one to
``arena.ratings.trueskill_batch.AGREEMENT``, far below the six decimals shown).  The board also carries the config as written to
``config.yaml`` (``board["config"]``, for the report); ``leaderboard.json`` leaves
it out, for its run-only keys (``output``, ``workers``) would make two runs of the
same games differ, and ``config.yaml`` lies beside it.

An Elo interval that cannot mean much is said so in words (:func:`elo_note`): one
that collapsed to a point (the bootstrap over deals redrew the same games every
time: one deal per pairing, or deals that all ended alike), and one from fewer
than ``FEW_DEALS`` deals per pairing (a percentile bootstrap over so few is too
narrow).
"""
from __future__ import annotations

import json

from tabulate import tabulate

import numpy as np

from arena.game.player_text import for_terminal, markdown_code_block
from arena.ratings.elo import deal_table, default_anchor, fit_elo_deals
from arena.ratings.rate import _number, rate_outcomes
from arena.ratings.stats import wilson_interval

FAULT_LINES = 20
COLLAPSED = "interval collapsed to a point"  # how elo_note's notes begin (the report keys on them)
FEW = "only "
FEW_DEALS = 10  # fewer deals per pairing than this: the bootstrap interval is too narrow (by ~1/3 at 5)
NOT_IN_JSON = ("config",)  # config.yaml is beside leaderboard.json; its output and workers vary by run


def build_leaderboard(cfg, games, scheduled: int, warm: dict | None = None) -> tuple:
    """``(board, messages)``: the board of ``cfg``'s players from ``games``, the tally of the
    config's pairings (``arena.store.tally.TallyView``; ``scheduled``: how many games the
    schedule holds), and TrueSkill's messages, from which the next board's solve starts
    (``warm``: those of an earlier board of the same log)."""
    names = [p.name for p in cfg.players]
    totals = {name: sum(_number(value) * n for value, n in sorted(c.items(), key=repr))
              for name, c in games.scores().items()}
    deals = games.deals()
    ratings = rate_outcomes(games.outcomes(), names, totals, warm=warm)
    for name, count in games.per_player("faults").items():
        if name in ratings.players:
            ratings.players[name].faults = count
    anchor = getattr(cfg, "elo_anchor", None) or default_anchor(names, {p.name: p.spec for p in cfg.players})
    table = deal_table(deals, sorted(set(names)))
    elo = fit_elo_deals(deals, names, anchor, table=table)
    rows = sorted(ratings.players.values(), key=lambda s: (-_r(s.conservative), s.name))  # as shown, then by name
    spread = deal_spread(table)
    entries = {p.name: p for p in cfg.players}
    players = []
    for place, s in enumerate(rows, start=1):
        low, high = wilson_interval(s.wins, s.games)
        below = elo.los(s.name, rows[place].name) if place < len(rows) else None
        players.append({"place": place, "name": s.name, "class": entries[s.name].spec,
                        "params": dict(entries[s.name].params), "conservative": _r(s.conservative), "mu": _r(s.mu),
                        "sigma": _r(s.sigma), "elo": _r_or_none(elo.elo.get(s.name)),
                        "elo_low": _r_or_none(elo.low.get(s.name)), "elo_high": _r_or_none(elo.high.get(s.name)),
                        "los_next": _r_or_none(below), "games": s.games, "wins": _r(s.wins),
                        "win_rate": _r(s.wins / s.games) if s.games else None,
                        "win_low": _r(low), "win_high": _r(high),
                        "mean_score": None if s.mean_score is None else _r(s.mean_score), "faults": s.faults})
        players[-1]["elo_deals"] = spread["fewest"].get(s.name)
        players[-1]["elo_note"] = elo_note(players[-1], anchor, spread)
    h2h = {a: {b: {"points": _r(v[0]), "games": v[1]} for (x, b), v in sorted(ratings.head_to_head.items())
               if x == a} for a in sorted(names)}
    faults = [{"game": g["id"], "index": g["index"], "player": g["players"][f["seat"]] if f.get("seat") is not None
               else None, "seat": f.get("seat"), "kind": f["kind"], "detail": f.get("detail", "")}
              for _, g in games.faulted() for f in g["faults"]]
    return {"tournament": cfg.name, "game": cfg.game, "seats": cfg.seats, "games_scheduled": scheduled,
            "games_recorded": games.recorded, "games_rated": ratings.rated, "games_failed": games.failed,
            "draw_probability": _r(ratings.draw_probability), "elo_anchor": anchor, "players": players,
            "head_to_head": h2h, "faults": faults, "config": cfg.to_yaml()}, ratings.messages


def deal_spread(table) -> dict:
    """What the Elo bootstrap has to draw from (``table``: the deal kinds, ``arena.ratings.elo.
    deal_table``): per player the fewest rated deals in any of its pairings (``fewest``), and over
    the whole tournament whether every pairing played one deal (``one_deal``) and whether every
    deal of each pairing ended alike (``alike``)."""
    fewest: dict = {}
    for kinds in table.pairings:
        total = int(kinds.counts.sum())
        for name in kinds.pairing:
            fewest[name] = min(fewest.get(name, total), total)
    return {"fewest": fewest, "one_deal": all(kinds.counts.sum() == 1 for kinds in table.pairings),
            "alike": all(all(np.array_equal(p, kinds.points[0]) for p in kinds.points) for kinds in table.pairings)}


def elo_note(p: dict, anchor: str, spread: dict) -> str | None:
    """Why this player's Elo interval means little, in words (None when it is fine)."""
    if p["elo"] is None or p["name"] == anchor:
        return None
    low, high = p["elo_low"], p["elo_high"]
    if low is not None and high is not None and f"{low:+.0f}" == f"{high:+.0f}":
        if spread["one_deal"]:
            why = "each pairing played one deal, and the bootstrap over deals can only redraw that deal"
        elif spread["alike"]:
            why = "every deal of each pairing ended the same way, so each bootstrap redraw is the same games"
        else:
            why = "every bootstrap redraw of the deals gave the same rating"
        return f"{COLLAPSED}: {why}; it says nothing about the uncertainty"
    deals = p.get("elo_deals")
    if deals is not None and deals < FEW_DEALS:
        return (f"{FEW}{deals} {'deal' if deals == 1 else 'deals'} in a pairing: a bootstrap over so few deals "
                f"gives too narrow an interval (by about a third at 5); read it as a rough guide")
    return None


def elo_notes(board: dict) -> list:
    """One line per distinct note, naming the players it is about: ``Elo of b, c: interval collapsed ...``."""
    grouped: dict = {}
    for p in board["players"]:
        if p.get("elo_note"):
            grouped.setdefault(p["elo_note"], []).append(p["name"])
    return [f"Elo of {', '.join(names)}: {note}" for note, names in grouped.items()]


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
                     elo_text(p, board.get("elo_anchor")), los, p["games"], _wins(p["wins"]), rate,
                     "-" if p["mean_score"] is None else f"{p['mean_score']:.2f}", p["faults"]])
    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True,
                    colalign=("right", "left") + ("right",) * (len(headers) - 2))


def elo_text(p: dict, anchor: str | None = None) -> str:
    """``+120 [+80, +160]``; the anchor ``0 (anchor)``; an unbounded end ``±∞``.  Without the
    ``anchor``'s name, a player at 0 with the interval [0, 0] is taken for it."""
    if p.get("elo") is None:
        return "-"
    if p["name"] == anchor if anchor is not None else (p["elo"] == 0 and p.get("elo_low") == 0
                                                       and p.get("elo_high") == 0):
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
    lines.append("faults: " + ", ".join(f"{for_terminal(str(k))} {n}" for k, n in sorted(kinds.items())))
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
    parts = [head, "", standings_table(board, "simple")]
    parts += [f"note: {line}" for line in elo_notes(board)]
    parts += ["", "head to head (row's points vs column):",
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
             standings_table(board, "github"), ""]
    notes = elo_notes(board)
    if notes:
        parts += ["Note: " + "; ".join(notes) + ".", ""]
    parts += ["## Head to head", "",
             "Row player's share of points against the column player (better place 1, shared place ½; games).", "",
             head_to_head_table(board, "github")]
    faults = fault_lines(board, limit=10**9)
    if faults:
        parts += ["", "## Faults", ""] + markdown_code_block(faults)
    return "\n".join(parts) + "\n"


def render_json(board: dict) -> str:
    """``leaderboard.json``: the board without the config (``config.yaml`` is beside it), a key a
    line, and a list of objects (players, faults) an object a line.  Written by ``json``'s C
    encoder a value at a time: ``indent=2`` takes its pure-Python encoder, 0.2 s for the 5,000
    faults of a million games (a fifth of what ``arena leaderboard`` may take then)."""
    def value(v) -> str:
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            return "[\n" + ",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in v) + "\n  ]"
        return json.dumps(v, ensure_ascii=False)
    shown = {k: v for k, v in board.items() if k not in NOT_IN_JSON}
    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {value(v)}" for k, v in shown.items()) + "\n}\n"


def _wins(wins: float) -> str:
    return str(int(wins)) if wins == int(wins) else f"{wins:.1f}"
