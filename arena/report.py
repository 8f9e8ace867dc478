"""The HTML report of a tournament: ``results/<name>/report.html``.

One self-contained file that works offline: the charts are drawn by matplotlib
as SVG and written into the page, with no script, font, style sheet or image
fetched from anywhere.  It shows the leaderboard, the ratings with their
intervals (Elo with its 95% bootstrap interval; TrueSkill μ ± 3σ), the head-to-head
heat map, the score distribution per player, the win rate by seat (the first
player's advantage), the game length and the faults.  ``arena report
results/<name>`` rebuilds it from the game log.
"""
from __future__ import annotations

import html
import io
import re

from arena.leaderboard import elo_text
from arena.player_text import for_html
from arena.ratings import _number
from arena.stats import wilson_interval

FAULT_ROWS = 50
COLOURS = ("#3b6ea8", "#d9822b", "#4f9a5a", "#b2453c", "#7a5ea8", "#8a6d3b", "#c061a3", "#707070")


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "arena", "font.size": 9,
                                "axes.spines.top": False, "axes.spines.right": False})
    import matplotlib.pyplot as plt

    return plt


def _svg(fig) -> str:
    """The figure as an inline ``<svg>`` element (no XML header, no metadata)."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Creator": None, "Date": None,
                                                                      "Format": None, "Type": None})
    _pyplot().close(fig)
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    return re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)


def ratings_chart(board: dict) -> str:
    plt = _pyplot()
    players = board["players"][::-1]  # best at the top
    names = [p["name"] for p in players]
    fig, (elo_ax, ts_ax) = plt.subplots(1, 2, figsize=(9, 0.45 * len(names) + 1.2), sharey=True)
    for y, p in enumerate(players):
        if p["elo"] is None:
            continue
        low = p["elo_low"] if p["elo_low"] is not None else p["elo"]
        high = p["elo_high"] if p["elo_high"] is not None else p["elo"]
        elo_ax.errorbar(p["elo"], y, xerr=[[p["elo"] - low], [high - p["elo"]]], fmt="o", color=COLOURS[0],
                        capsize=4)
    elo_ax.axvline(0, color="#999999", linewidth=0.8)
    elo_ax.set_yticks(range(len(names)), names)
    elo_ax.set_xlabel(f"Elo ({board.get('elo_anchor')} = 0), 95% interval")
    for y, p in enumerate(players):
        ts_ax.errorbar(p["mu"], y, xerr=3 * p["sigma"], fmt="o", color=COLOURS[1], capsize=4)
        ts_ax.plot(p["conservative"], y, "|", color="black", markersize=12)
    ts_ax.set_xlabel("TrueSkill μ ± 3σ (bar: μ − 3σ, the leaderboard's order)")
    fig.tight_layout()
    return _svg(fig)


def head_to_head_chart(board: dict) -> str:
    plt = _pyplot()
    names = [p["name"] for p in board["players"]]
    n = len(names)
    share = [[None] * n for _ in range(n)]
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            cell = board["head_to_head"].get(a, {}).get(b)
            if i != j and cell and cell["games"]:
                share[i][j] = cell["points"] / cell["games"]
    fig, ax = plt.subplots(figsize=(0.8 * n + 2.5, 0.6 * n + 1.5))
    masked = [[float("nan") if v is None else v for v in row] for row in share]
    image = ax.imshow(masked, cmap="RdBu", vmin=0, vmax=1)
    for i in range(n):
        for j in range(n):
            if share[i][j] is not None:
                ax.text(j, i, f"{share[i][j]:.0%}", ha="center", va="center",
                        color="white" if abs(share[i][j] - 0.5) > 0.3 else "black")
    ax.set_xticks(range(n), names, rotation=30, ha="right")
    ax.set_yticks(range(n), names)
    ax.set_xlabel("against")
    fig.colorbar(image, ax=ax, label="row player's share of points")
    fig.tight_layout()
    return _svg(fig)


def score_chart(board: dict, records: list) -> str:
    plt = _pyplot()
    names = [p["name"] for p in board["players"]]
    scores = {name: [] for name in names}
    for record in records:
        for seat, name in enumerate(record["players"]):
            if name in scores and seat < len(record.get("scores") or ()):
                scores[name].append(_number(record["scores"][seat]))
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(names) + 1.5), 3.2))
    data = [scores[n] or [float("nan")] for n in names]
    ax.boxplot(data, showmeans=True, medianprops={"color": COLOURS[1]})
    ax.set_xticks(range(1, len(names) + 1), names, rotation=20, ha="right")
    ax.set_ylabel("final score per game")
    fig.tight_layout()
    return _svg(fig)


def seat_chart(records: list, seats: int) -> str:
    plt = _pyplot()
    wins = [0.0] * seats
    games = 0
    for record in records:
        ranks = record.get("ranks")
        if not ranks or len(ranks) != seats:
            continue
        games += 1
        firsts = sum(1 for r in ranks if r == 1)
        for seat, rank in enumerate(ranks):
            wins[seat] += 1 / firsts if rank == 1 else 0.0
    rates = [w / games if games else 0.0 for w in wins]
    intervals = [wilson_interval(w, games) for w in wins]
    fig, ax = plt.subplots(figsize=(max(3.5, 1.0 * seats + 2), 3.0))
    ax.bar(range(seats), rates, color=COLOURS[2],
           yerr=[[r - lo for r, (lo, _) in zip(rates, intervals)], [hi - r for r, (_, hi) in zip(rates, intervals)]],
           capsize=4)
    ax.axhline(1 / seats, color="#999999", linestyle="--", linewidth=0.8, label="no advantage")
    ax.set_xticks(range(seats), [f"seat {s}" for s in range(seats)])
    ax.set_ylim(0, 1)
    ax.set_ylabel(f"win rate (95% interval), {games} games")
    ax.legend(loc="upper right", frameon=False)
    fig.tight_layout()
    return _svg(fig)


def length_chart(records: list) -> str:
    plt = _pyplot()
    lengths = [len(r.get("actions") or ()) for r in records if r.get("ranks")]
    fig, ax = plt.subplots(figsize=(5.5, 3.0))
    ax.hist(lengths or [0], bins=min(30, max(5, len(set(lengths)))), color=COLOURS[4])
    ax.set_xlabel("moves per game (every seat's decisions)")
    ax.set_ylabel("games")
    fig.tight_layout()
    return _svg(fig)


def fault_chart(board: dict) -> str:
    plt = _pyplot()
    kinds = sorted({f["kind"] for f in board["faults"]})
    names = [p["name"] for p in board["players"]]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(names) + 1.5), 2.8))
    bottom = [0] * len(names)
    for k, kind in enumerate(kinds):
        counts = [sum(1 for f in board["faults"] if f["kind"] == kind and f["player"] == n) for n in names]
        ax.bar(range(len(names)), counts, bottom=bottom, label=kind, color=COLOURS[(k + 3) % len(COLOURS)])
        bottom = [b + c for b, c in zip(bottom, counts)]
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right")
    ax.set_ylabel("faults")
    ax.legend(frameon=False)
    fig.tight_layout()
    return _svg(fig)


def build_report(board: dict, records: list) -> str:
    """The whole page: a string of HTML with every chart inline."""
    rated = [r for r in records if r.get("ranks")]
    sections = [
        ("Leaderboard", _standings_html(board)),
        ("Ratings with their intervals", ratings_chart(board)),
        ("Head to head", "<p>Row player's share of points against the column player (a better place 1, a shared "
                         "place ½).</p>" + head_to_head_chart(board)),
        ("Score distribution per player", score_chart(board, rated)),
        ("Win rate by seat", "<p>Share of first places by seat over every rated game (a shared first place split): "
                             "the first player's advantage, if any.</p>" + seat_chart(rated, board["seats"])),
        ("Game length", length_chart(rated)),
        ("Faults", _faults_html(board)),
    ]
    body = "\n".join(f"<section><h2>{html.escape(title)}</h2>\n{content}</section>" for title, content in sections)
    title = f"{board['tournament']}: {board['game']}, {board['seats']} seats"
    summary = (f"{board['games_recorded']} of {board['games_scheduled']} scheduled games played, "
               f"{board['games_rated']} rated" + (f", {board['games_failed']} failed" if board["games_failed"] else ""))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: sans-serif; max-width: 1000px; margin: 1.5em auto; padding: 0 1em; color: #222; }}
table {{ border-collapse: collapse; font-size: 0.9em; }}
th, td {{ padding: 0.25em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }}
th {{ background: #f3f3f3; }}
td.name {{ text-align: left; font-weight: bold; }}
section {{ margin-bottom: 2em; }}
svg {{ max-width: 100%; height: auto; }}
</style>
</head>
<body>
<h1>{html.escape(title)}</h1>
<p>{html.escape(summary)}. TrueSkill from all games at once, sorted by μ − 3σ; Elo: Bradley–Terry over every
pair of seats, {html.escape(str(board.get('elo_anchor')))} = 0, 95% bootstrap interval over deals; LOS: likelihood
that the player is stronger than the next one down.</p>
{body}
</body>
</html>
"""


def _standings_html(board: dict) -> str:
    headers = ["#", "player", "μ−3σ", "μ", "σ", "Elo [95%]", "LOS", "games", "wins", "win rate (95%)",
               "mean score", "faults"]
    rows = []
    for p in board["players"]:
        rate = "-" if p["win_rate"] is None else f"{p['win_rate']:.1%} ({p['win_low']:.1%}–{p['win_high']:.1%})"
        cells = [p["place"], p["name"], f"{p['conservative']:.2f}", f"{p['mu']:.2f}", f"{p['sigma']:.2f}",
                 elo_text(p), "" if p.get("los_next") is None else f"{p['los_next']:.1%}", p["games"],
                 f"{p['wins']:g}", rate, "-" if p["mean_score"] is None else f"{p['mean_score']:.2f}", p["faults"]]
        rows.append("<tr>" + "".join(f'<td{" class=name" if i == 1 else ""}>{html.escape(str(c))}</td>'
                                     for i, c in enumerate(cells)) + "</tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _faults_html(board: dict) -> str:
    faults = board["faults"]
    if not faults:
        return "<p>No faults: every game ended without an exception, illegal move, overrun, hang or crash.</p>"
    rows = "".join(f"<tr><td>{html.escape(f['game'])}</td><td class=name>{html.escape(str(f['player']))}</td>"
                   f"<td>{html.escape(f['kind'])}</td><td style='text-align:left'>{for_html(f['detail'])}</td></tr>"
                   for f in faults[:FAULT_ROWS])
    more = f"<p>… and {len(faults) - FAULT_ROWS} more in leaderboard.json.</p>" if len(faults) > FAULT_ROWS else ""
    return (fault_chart(board) + "<table><thead><tr><th>game</th><th>player</th><th>kind</th><th>detail</th></tr>"
            f"</thead><tbody>{rows}</tbody></table>{more}")
