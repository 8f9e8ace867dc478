"""The HTML report of a tournament: ``results/<name>/report.html``.

One self-contained file that works offline: the charts are drawn by matplotlib
as SVG and written into the page, with no script, font, style sheet or image
fetched from anywhere.  It shows the leaderboard, the ratings with their
intervals (Elo with its 95% bootstrap interval, and a word beside any interval
too narrow to mean anything; TrueSkill μ ± 3σ), the players (class and
parameters) with how they were isolated and where the seeds came from, the Ray
nodes that played (games, seconds and the isolation probed on each), the
head-to-head heat map, the score distribution per player, the win rate by seat
(the first player's advantage), the game length, the faults (every kind
explained) and the whole config, all drawn from the tally of the games (counts of scores,
first places by seat and lengths), not the games themselves; when it was written (UTC) and by which version
of arena.  Every chart is a figure whose caption, and legend, say what its marks
are.  Text a player controls (a fault's detail) and the config's text are shown
escaped (:mod:`arena.game.player_text`).  ``arena report results/<name>`` rebuilds it
from the game log.
"""
from __future__ import annotations

import html
import io
import json
import re
from datetime import datetime, timezone

from arena.reports.leaderboard import COLLAPSED, FEW, elo_notes, elo_text
from arena.game.player_text import for_html, for_terminal, plural
from arena.ratings.rate import _number
from arena.ratings.stats import wilson_interval

FAULT_ROWS = 50
# every kind of fault a seat can be charged with (arena.game.match, arena.jail), and what it means
FAULT_KINDS = {
    "exception": "the player raised (anything: SystemExit and KeyboardInterrupt included), or failed as it was built",
    "illegal": "it returned an action that is not legal, or an answer that is not the protocol",
    "overrun": "it took longer than move_seconds for a move",
    "hang": "it was still thinking when game_seconds ran out",
    "crash": "its process died (os._exit, a signal)",
    "memory": "it ran out of memory (its processes over player_memory_mb, or a MemoryError)",
}
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


def _legend_beside(fig, ax, **options) -> None:
    """The axes laid out first, then the legend to their right: the saved picture grows to hold it
    (``bbox_inches="tight"``) instead of the axes shrinking."""
    fig.tight_layout()
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, **options)


def ratings_chart(board: dict) -> str:
    plt = _pyplot()
    players = board["players"][::-1]  # best at the top
    names = [p["name"] for p in players]
    fig, (elo_ax, ts_ax) = plt.subplots(1, 2, figsize=(9, 0.45 * len(names) + 1.2), sharey=True)
    label = "Elo (dot) and its 95% bootstrap interval (bar)"
    for y, p in enumerate(players):
        if p["elo"] is None:
            continue
        low = p["elo_low"] if p["elo_low"] is not None else p["elo"]
        high = p["elo_high"] if p["elo_high"] is not None else p["elo"]
        elo_ax.errorbar(p["elo"], y, xerr=[[p["elo"] - low], [high - p["elo"]]], fmt="o", color=COLOURS[0],
                        capsize=4, label=label)
        label = None
    elo_ax.axvline(0, color="#999999", linewidth=0.8, label=f"the anchor, {board.get('elo_anchor')}: 0")
    elo_ax.set_yticks(range(len(names)), names)
    elo_ax.set_xlabel(f"Elo ({board.get('elo_anchor')} = 0), 95% interval")
    for y, p in enumerate(players):
        ts_ax.errorbar(p["mu"], y, xerr=3 * p["sigma"], fmt="o", color=COLOURS[1], capsize=4,
                       label="μ (dot) ± 3σ (bar)" if y == 0 else None)
        ts_ax.plot(p["conservative"], y, "|", color="black", markersize=12,
                   label="μ − 3σ (the leaderboard's order)" if y == 0 else None)
    ts_ax.set_xlabel("TrueSkill μ ± 3σ")
    fig.tight_layout()
    handles, labels = [], []
    for ax in (elo_ax, ts_ax):
        h, l = ax.get_legend_handles_labels()
        handles += h
        labels += l
    # below the whole figure, laid out after the axes: the saved picture grows to hold it
    fig.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=2, frameon=False)
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
    fig.colorbar(image, ax=ax, label="row player's share of points (legend of the colours)")
    fig.tight_layout()
    return _svg(fig)


def score_chart(board: dict, scores: dict) -> str:
    """``scores``: name -> Counter of its scores in rated games (score as recorded -> games)."""
    import numpy as np

    plt = _pyplot()
    names = [p["name"] for p in board["players"]]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(names) + 1.5), 3.2))
    data = []
    for name in names:
        counted = sorted((_number(value), n) for value, n in (scores.get(name) or {}).items())
        data.append(np.repeat([v for v, _ in counted], [n for _, n in counted]) if counted else [float("nan")])
    mean = {"marker": "^", "markerfacecolor": COLOURS[2], "markeredgecolor": COLOURS[2], "linestyle": "none"}
    flier = {"marker": "o", "markerfacecolor": "none", "markeredgecolor": "black", "linestyle": "none"}
    ax.boxplot(data, showmeans=True, medianprops={"color": COLOURS[1]}, meanprops=mean, flierprops=flier)
    ax.set_xticks(range(1, len(names) + 1), names, rotation=20, ha="right")
    ax.set_ylabel("final score per game")
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles = [Line2D([], [], color=COLOURS[1], label="line: median"),
               Line2D([], [], **mean, label="triangle: mean"),
               Patch(facecolor="none", edgecolor="black", label="box: middle half (25th to 75th percentile)"),
               Line2D([], [], color="black", label="whiskers: furthest score within 1.5 box heights"),
               Line2D([], [], **flier, label="circle: a score beyond the whiskers")]
    _legend_beside(fig, ax, handles=handles)
    return _svg(fig)


def seat_chart(wins: list, games: int) -> str:
    """``wins``: first places per seat (a shared one split) over ``games`` rated games."""
    plt = _pyplot()
    seats = len(wins)
    rates = [w / games if games else 0.0 for w in wins]
    intervals = [wilson_interval(w, games) for w in wins]
    fig, ax = plt.subplots(figsize=(max(3.5, 1.0 * seats + 2), 3.0))
    ax.bar(range(seats), rates, color=COLOURS[2], label="bar: the seat's share of first places")
    ax.errorbar(range(seats), rates, fmt="none", ecolor="black", capsize=4, label="its 95% (Wilson) interval",
                yerr=[[r - lo for r, (lo, _) in zip(rates, intervals)], [hi - r for r, (_, hi) in zip(rates, intervals)]])
    ax.axhline(1 / seats, color="#999999", linestyle="--", linewidth=0.8, label=f"no advantage (1/{seats})")
    ax.set_xticks(range(seats), [f"seat {s}" for s in range(seats)])
    ax.set_ylim(0, 1)
    ax.set_ylabel(f"win rate (95% interval), {games} games")
    _legend_beside(fig, ax)
    return _svg(fig)


def length_chart(lengths: dict) -> str:
    """``lengths``: moves -> rated games that long."""
    plt = _pyplot()
    values = sorted(lengths)
    counts = [lengths[v] for v in values]
    games = sum(counts)
    fig, ax = plt.subplots(figsize=(5.5, 3.0))
    ax.hist(values or [0], weights=counts or None, bins=min(30, max(5, len(values))), color=COLOURS[4],
            label="bar: games of that many moves")
    if games:
        average = sum(v * n for v, n in zip(values, counts)) / games
        ax.axvline(average, color="black", linestyle="--", linewidth=0.8, label=f"dashed line: mean, {average:.1f}")
    ax.set_xlabel("moves per game (every seat's decisions)")
    ax.set_ylabel("games")
    _legend_beside(fig, ax)
    return _svg(fig)


def fault_chart(board: dict) -> str:
    plt = _pyplot()
    kinds = sorted({f["kind"] for f in board["faults"] if f["player"] is not None})
    names = [p["name"] for p in board["players"]]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(names) + 1.5), 2.8))
    bottom = [0] * len(names)
    for k, kind in enumerate(kinds):
        counts = [sum(1 for f in board["faults"] if f["kind"] == kind and f["player"] == n) for n in names]
        ax.bar(range(len(names)), counts, bottom=bottom, label=kind, color=COLOURS[(k + 3) % len(COLOURS)])
        bottom = [b + c for b, c in zip(bottom, counts)]
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right")
    ax.set_ylabel("faults")
    _legend_beside(fig, ax, title="kind of fault")
    return _svg(fig)


def build_report(board: dict, games, written: datetime | None = None, watch: dict | None = None,
                 nodes: dict | None = None) -> str:
    """The whole page: a string of HTML with every chart inline (``written``: when, UTC; now by default).
    ``games``: the tally of the board's games (``arena.store.tally.TallyView``: scores, first places
    by seat, lengths).  ``watch``: the games given a replay viewer, as
    :func:`arena.reports.viewer.write_viewers` returns them (listed under "Games to watch", and
    linked from the faults); None: none were written.  ``nodes``: the Ray nodes that played
    (name -> [games, seconds]; a run on a cluster), shown with each one's isolation."""
    links = {e["record"].get("id"): e["link"] for e in (watch or {}).get("games", ()) if e.get("link")}
    sections = [
        ("Leaderboard", _standings_html(board)),
        ("Players", _players_html(board)),
        *([("Nodes", _nodes_html(board, nodes))] if nodes else []),
        ("Ratings with their intervals", _figure(ratings_chart(board), _ratings_caption(board))),
        ("Head to head", _figure(head_to_head_chart(board),
                                 "Row player's share of points against the column player (a better place 1, a shared "
                                 "place ½), as a number and as a colour (the bar beside the map is the colours' "
                                 "legend: red below ½, blue above); blank: the same player, or no games.")),
        ("Score distribution per player", _figure(score_chart(board, games.scores()),
                                                  "The final score of each rated game, per player. Box: the middle "
                                                  "half of the scores (25th to 75th percentile); line: the median; "
                                                  "triangle: the mean; whiskers: the furthest score within 1.5 box "
                                                  "heights of the box; circles: the scores beyond.")),
        ("Win rate by seat", _figure(seat_chart(*games.seat_firsts(board["seats"])),
                                     "Share of first places by seat over every rated game (a shared first place "
                                     "split): the first player's advantage, if any. Bar: the share; black line: its "
                                     "95% Wilson interval; dashed line: the share of a seat with no advantage.")),
        ("Game length", _figure(length_chart(games.lengths()), "Moves per rated game (every seat's decisions). Bar: how many "
                                                     "games had that many moves; dashed line: the mean.")),
        ("Games to watch", _watch_html(watch)),
        ("Faults", _faults_html(board, links)),
        ("Config", _config_html(board)),
    ]
    body = "\n".join(f"<section><h2>{html.escape(title)}</h2>\n{content}</section>" for title, content in sections)
    title = f"{board['tournament']}: {board['game']}, {board['seats']} seats"
    summary = (f"{board['games_recorded']} of {board['games_scheduled']} scheduled games played, "
               f"{board['games_rated']} rated" + (f", {board['games_failed']} failed" if board["games_failed"] else ""))
    written = (written or datetime.now(timezone.utc)).astimezone(timezone.utc)
    stamp = f"Written {written:%Y-%m-%d %H:%M:%S} UTC by arena {arena_version()}."
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{for_html(title)}</title>
<style>
body {{ font-family: sans-serif; max-width: 1000px; margin: 1.5em auto; padding: 0 1em; color: #222; }}
table {{ border-collapse: collapse; font-size: 0.9em; }}
th, td {{ padding: 0.25em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }}
th {{ background: #f3f3f3; }}
td.name {{ text-align: left; font-weight: bold; }}
td.text {{ text-align: left; }}
.note {{ color: #8a4b00; font-size: 0.85em; }}
section {{ margin-bottom: 2em; }}
figure {{ margin: 0; }}
figcaption {{ font-size: 0.9em; color: #444; margin-top: 0.3em; }}
pre {{ background: #f6f6f6; padding: 0.6em; overflow-x: auto; }}
svg {{ max-width: 100%; height: auto; }}
</style>
</head>
<body>
<h1>{for_html(title)}</h1>
<p>{for_html(summary)}. TrueSkill from all games at once, sorted by μ − 3σ; Elo: Bradley–Terry over every
pair of seats, {for_html(board.get('elo_anchor'))} = 0, 95% bootstrap interval over deals; LOS: likelihood
that the player is stronger than the next one down.</p>
<p class=written>{for_html(stamp)}</p>
{body}
</body>
</html>
"""


def arena_version() -> str:
    """arena's version as installed, or a word saying it is not."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("arena")
    except PackageNotFoundError:
        return "(version unknown: not installed as a package)"


def _figure(svg: str, caption: str) -> str:
    return f"<figure>\n{svg}\n<figcaption>{for_html(caption)}</figcaption>\n</figure>"


def _ratings_caption(board: dict) -> str:
    caption = (f"Left: Elo, {board.get('elo_anchor')} = 0 (the anchor, the grey line): the dot is the rating, the "
               "bar its 95% bootstrap interval over deals (an end at ±∞ is drawn at the rating). Right: TrueSkill: "
               "the dot is μ, the bar μ ± 3σ, the black tick μ − 3σ, by which the leaderboard is sorted.")
    if any((p.get("elo_note") or "").startswith(COLLAPSED) for p in board["players"]):
        caption += " A dot with no bar is an interval that collapsed to a point: see the note under the leaderboard."
    return caption


def _elo_cell(p: dict, anchor) -> str:
    """The Elo and its interval, with a word beside it when the interval means little."""
    text = for_html(elo_text(p, anchor))
    note = p.get("elo_note") or ""
    if p["name"] == anchor and p.get("elo") is not None:
        word = "0 by definition"
    elif note.startswith(COLLAPSED):
        word = "collapsed to a point: means nothing"
    elif note.startswith(FEW):
        word = f"from {plural(p.get('elo_deals') or 0, 'deal')}: too narrow"
    else:
        return text
    return f"{text}<br><span class=note>{for_html(word)}*</span>"


def _standings_html(board: dict) -> str:
    headers = ["#", "player", "μ−3σ", "μ", "σ", "Elo [95%]", "LOS", "games", "wins", "win rate (95%)",
               "mean score", "faults"]
    anchor = board.get("elo_anchor")
    rows = []
    for p in board["players"]:
        rate = "-" if p["win_rate"] is None else f"{p['win_rate']:.1%} ({p['win_low']:.1%}–{p['win_high']:.1%})"
        cells = [p["place"], p["name"], f"{p['conservative']:.2f}", f"{p['mu']:.2f}", f"{p['sigma']:.2f}",
                 None, "" if p.get("los_next") is None else f"{p['los_next']:.1%}", p["games"],
                 f"{p['wins']:g}", rate, "-" if p["mean_score"] is None else f"{p['mean_score']:.2f}", p["faults"]]
        rows.append("<tr>" + "".join(f'<td{" class=name" if i == 1 else ""}>'
                                     f'{_elo_cell(p, anchor) if i == 5 else for_html(c)}</td>'
                                     for i, c in enumerate(cells)) + "</tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    notes = [f"{line}." for line in elo_notes(board)]
    if any(p["name"] == anchor and p.get("elo") is not None for p in board["players"]):
        notes.append(f"Elo of {anchor}: the anchor, 0 by definition with no interval of its own; the others' "
                     "intervals are measured from it and hold its uncertainty too.")
    if not notes:
        return table
    items = "".join(f"<li>{for_html(n)}</li>" for n in notes)
    return f"{table}<div class=note><p>* Notes on the Elo intervals:</p><ul>{items}</ul></div>"


def _params_text(params: dict) -> str:
    if not params:
        return "(none: the class's defaults)"
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in params.items())


def _players_html(board: dict) -> str:
    rows = "".join(f"<tr><td class=name>{for_html(p['name'])}</td><td class=text><code>{for_html(p.get('class', '?'))}"
                   f"</code></td><td class=text><code>{for_html(_params_text(p.get('params') or {}))}</code></td></tr>"
                   for p in board["players"])
    table = (f"<table><thead><tr><th>player</th><th>class</th><th>parameters</th></tr></thead>"
             f"<tbody>{rows}</tbody></table>")
    return table + _isolation_html(board) + _seeds_html(board)


ISOLATION_FIELDS = ("jail", "filesystem", "processes", "memory", "network", "privileges", "clocks")


def _isolation_html(board: dict) -> str:
    note = board.get("isolation")
    if not isinstance(note, dict):
        setting = _config_setting(board, "isolation", "process")
        return (f"<p><b>Isolation:</b> not recorded with this report (the config asks for "
                f"<code>isolation: {for_html(setting)}</code>); <code>arena leaderboard</code> on the results "
                "folder records what this machine provides.</p>")
    head = f"<p><b>Isolation:</b> {for_html(note.get('isolation', '?'))}"
    if isinstance(note.get("nodes"), dict) and not note.get("note"):
        head += f" (probed on each of the {len(note['nodes'])} Ray nodes that played: the least confined; see Nodes)"
    if note.get("note"):
        return f"{head}: {for_html(note['note'])}.</p>"
    items = "".join(f"<li>{for_html(key)}: {for_html(note[key])}</li>" for key in ISOLATION_FIELDS if note.get(key))
    warning = ""
    if not note.get("sandboxed"):
        missing = ", ".join(str(m) for m in note.get("missing") or []) or "(not said)"
        warning = f"<p class=note><b>Warning:</b> missing on this machine: {for_html(missing)}.</p>"
    return f"{head}: each player in a jail of its own.</p>{warning}<ul>{items}</ul>"


def _nodes_html(board: dict, nodes: dict) -> str:
    """Games and seconds per Ray node, and what confined a player on each (its jail probe)."""
    isolation = board.get("isolation") if isinstance(board.get("isolation"), dict) else {}
    notes = isolation.get("nodes") or {}
    in_process = bool(isolation.get("note"))  # built-in players only, or isolation: none
    rows = []
    for name, (count, seconds) in sorted(nodes.items()):
        note = notes.get(name)
        if in_process:
            confined = "in the game's process (see Isolation above)"
        elif not isinstance(note, dict):
            confined = "not probed"
        elif note.get("sandboxed"):
            confined = f"{note.get('isolation', '?')}: every layer"
        else:
            confined = f"{note.get('isolation', '?')}: missing {', '.join(map(str, note.get('missing') or []))}"
        per_game = f"{seconds / count:.3f}" if count else ""
        rows.append(f"<tr><td class=name>{for_html(name)}</td><td>{count}</td><td>{seconds:.1f}</td>"
                    f"<td>{per_game}</td><td class=text>{for_html(confined)}</td></tr>")
    return ("<p>The Ray nodes that played the recorded games (a node is named as Ray names it: its address "
            "unless <code>ray start --node-name</code> said otherwise); seconds: the games' wall time there.</p>"
            "<table><thead><tr><th>node</th><th>games</th><th>seconds</th><th>seconds per game</th>"
            f"<th>isolation probed there</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _seeds_html(board: dict) -> str:
    seeds = board.get("seeds")
    if not isinstance(seeds, dict) or not seeds.get("note"):
        return ""
    origin = f" (from the {seeds['from']})" if seeds.get("from") else ""
    return f"<p><b>Seeds{for_html(origin)}:</b> {for_html(seeds['note'])}</p>"


def _config_setting(board: dict, key: str, default):
    import yaml

    try:
        data = yaml.safe_load(board.get("config") or "") or {}
    except yaml.YAMLError:
        return default
    return data.get(key, default) if isinstance(data, dict) else default


def _config_html(board: dict) -> str:
    text = board.get("config")
    if not text:
        return "<p>The config was not given to this report; it is <code>config.yaml</code> in the results folder.</p>"
    # newlines kept, every other control or format character shown as an escape, then HTML-escaped
    shown = html.escape(for_terminal(text, keep_newlines=True), quote=True)
    return f"<p>As stored in the results folder's <code>config.yaml</code>:</p><pre>{shown}</pre>"


def _kinds_html() -> str:
    items = "".join(f"<li><b>{html.escape(kind)}</b>: {html.escape(meaning)}</li>" for kind, meaning in FAULT_KINDS.items())
    return (f"<p>The kinds of fault, each charged to a seat, which loses that game:</p><ul>{items}</ul>"
            "<p>A fault with no player is a game that failed for no player's reason arena could pin on a seat "
            "(<b>error</b>: an engine error; <b>lost</b>: its worker was lost; or a crash or hang whose seat "
            "cannot be told): that game is not rated.</p>")


def _game_cell(game_id, links: dict) -> str:
    """A game's id, linked to its viewer where it has one."""
    link = links.get(game_id)
    shown = for_html(game_id)
    return f'<a href="{for_html(link)}">{shown}</a>' if link else shown


def _watch_html(watch: dict | None) -> str:
    from arena.reports.viewer import FAULT_VIEWERS, UPSET_VIEWERS

    other = ("Any game of the log opens the same way by command: <code>arena replay &lt;results folder&gt; "
             "--game ID --html game.html</code>.")
    if watch is None:
        return f"<p>No replay viewers were written with this report. {other}</p>"
    intro = ("<p>Each game below has a replay viewer, a page of its own beside this report (in <code>games/</code>, "
             "working offline): the position after every move, in full or as one seat saw it, the moves, and the "
             "scores; step with the arrow keys. Chosen: every game with a fault (the first "
             f"{FAULT_VIEWERS}), every upset (the sole winner had a lower μ − 3σ on the final leaderboard than "
             f"another player of that game; the {UPSET_VIEWERS} largest gaps) and the longest game. "
             f"In all: {plural(watch['faulted'], 'game')} with a fault, {plural(watch['upsets'], 'upset')}. {other}</p>")
    if not watch["games"]:
        return intro + "<p>No games were played.</p>"
    rows = []
    for entry in watch["games"]:
        record = entry["record"]
        game = for_html(record.get("id"))
        if entry.get("link"):
            game = f'<a href="{for_html(entry["link"])}">{game}</a>'
        why = "<br>".join(for_html(r) for r in entry["reasons"])
        if entry.get("error"):
            why += f"<br><span class=note>no viewer: {for_html(entry['error'])}</span>"
        players = ", ".join(for_html(n) for n in record.get("players") or ())
        rows.append(f"<tr><td>{game}</td><td class=text>{players}</td><td>{len(record.get('actions') or ())}</td>"
                    f"<td class=text>{why}</td></tr>")
    return (intro + "<table><thead><tr><th>game</th><th>players (by seat)</th><th>moves</th><th>why it matters</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _faults_html(board: dict, links: dict | None = None) -> str:
    links = links or {}
    faults = board["faults"]
    if not faults:
        return ("<p>No faults: every game ended without an exception, illegal move, overrun, hang, crash or "
                "running out of memory.</p>" + _kinds_html())
    rows = "".join(f"<tr><td>{_game_cell(f['game'], links)}</td><td class=name>{for_html(f['player'])}</td>"
                   f"<td>{for_html(f['kind'])}</td><td style='text-align:left'>{for_html(f['detail'])}</td></tr>"
                   for f in faults[:FAULT_ROWS])
    more = f"<p>… and {len(faults) - FAULT_ROWS} more in leaderboard.json.</p>" if len(faults) > FAULT_ROWS else ""
    chart = ""
    if any(f["player"] is not None for f in faults):
        chart = _figure(fault_chart(board), "Faults per player, stacked by kind (the legend names the kinds' "
                                            "colours); each kind is explained below.")
    return (chart + _kinds_html() + "<table><thead><tr><th>game</th><th>player</th><th>kind</th><th>detail</th></tr>"
            f"</thead><tbody>{rows}</tbody></table>{more}")
