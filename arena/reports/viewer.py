"""A replay viewer: one game as one self-contained HTML page.

``write_viewer(record, path)`` replays a game (an ``engine.record.GameRecord``, or a
line of ``games.jsonl`` as a dict) and writes a page with the rendered position after
every move: the full position (``state.render()``) or what one seat saw
(``state.observation(seat).render()``), switchable in the page; the list of moves
(seat, player and the action's text, ``spec.action_to_text``); the scores after each
move (the game's scoring applied to that position) and the game's result; stepping by
buttons and the arrow keys (Home/End: the first and last position), a jump to any
move, and ``page.html#N`` opens at the position after move N.

The page fetches nothing: its style and script are inline and a Content-Security-Policy
(``default-src 'none'``, the script and the style allowed by their hashes) keeps it so.
Every text a player controls (its name, a fault's detail) is escaped as
:mod:`arena.game.player_text` shows it, and the game's data goes into the page as JSON
inside ``<script type="application/json">`` with ``<``, ``>`` and ``&`` written as
``\\u003c``, ``\\u003e``, ``\\u0026`` (nothing in it can close the element), read with
``JSON.parse`` and shown with ``textContent``: nothing in it is ever HTML.

Size: the renders are computed here, once, and stored as a table of distinct lines plus,
for each view and step, what changed from the step before (the lines kept at the start
and at the end, the new lines between), so a long game stays small: a 180-move Origin
game of 2 seats is about 120 kB (8 seats, 450 moves: 0.5 MB), a 1350-move Dominant
Species game of 2 seats about 0.9 MB (6 seats, 2000 moves: 2.7 MB).

The report (:mod:`arena.reports.report`) links to the games that matter, chosen by
:func:`games_to_watch`; :func:`write_viewers` writes their pages next to ``report.html``.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path

from arena.game.player_text import for_html, for_terminal
from engine.contract import TERMINAL
from engine.registry import get_game

GAMES_DIR = "games"  # the viewers' folder, beside report.html
FAULT_VIEWERS = 30  # games with a fault given a viewer by the report (the first, in schedule order)
UPSET_VIEWERS = 20  # upsets given a viewer (the largest rating gaps first)
FORMAT = "arena-viewer-1"  # changes when the page changes: a stored page of another format is written again
_SAFE_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")


# --- the game's data ---------------------------------------------------------------------------

def _record_fields(record) -> dict:
    """A GameRecord or a games.jsonl dict as one dict of the fields the viewer uses."""
    if not isinstance(record, dict):
        record = {"game": record.game, "num_players": record.num_players, "seed": record.seed,
                  "options": record.options, "actions": record.actions, "players": record.players}
    return record


def _score(value):
    """A score as JSON: a number as it is, a tuple (a score with its tie-breaks) as text."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        if isinstance(value, (list, tuple)) and value:
            return f"{value[0]} ({', '.join(str(v) for v in value[1:])})" if len(value) > 1 else _score(value[0])
        return str(value)
    return value


class _Lines:
    """Distinct lines by number, and each render as what changed from the one before."""

    def __init__(self):
        self.lines: list = []
        self.ids: dict = {}

    def encode(self, text: str, previous: list) -> tuple:
        ids = []
        for line in text.split("\n"):
            number = self.ids.get(line)
            if number is None:
                number = self.ids[line] = len(self.lines)
                self.lines.append(line)
            ids.append(number)
        head = 0
        while head < min(len(ids), len(previous)) and ids[head] == previous[head]:
            head += 1
        tail = 0
        while tail < min(len(ids), len(previous)) - head and ids[-1 - tail] == previous[-1 - tail]:
            tail += 1
        return ids, [head, tail, *ids[head:len(ids) - tail]]


def viewer_data(record, names=None) -> dict:
    """Everything the page shows, replayed from ``record``: a dict ready for JSON."""
    fields = _record_fields(record)
    spec = get_game(fields["game"])
    seats = int(fields["num_players"])
    names = list(names or fields.get("players") or [])
    names = [for_terminal(n) for n in names] + [f"seat{s}" for s in range(len(names), seats)]
    state = spec.new_game(seats, fields["seed"], fields.get("options") or {})
    table = _Lines()
    views = [{"label": "the full position (everything)", "deltas": []}]
    views += [{"label": f"what seat {s} ({names[s]}) saw", "deltas": []} for s in range(seats)]
    previous = [[] for _ in views]
    steps, stopped = [], None

    def snapshot(move):
        renders = [state.render()] + [state.observation(s).render() for s in range(seats)]
        for v, text in enumerate(renders):
            previous[v], delta = table.encode(text, previous[v])
            views[v]["deltas"].append(delta)
        phase = getattr(state, "phase_name", None)
        phase = phase() if callable(phase) else None
        steps.append({"move": move, "phase": None if phase is None else str(phase),
                      "to_move": None if state.current_player == TERMINAL else state.current_player,
                      "scores": [_score(s) for s in state.scores()]})

    snapshot(None)
    for number, text in enumerate(fields.get("actions") or ()):
        try:
            action = spec.action_from_text(text)
            if action not in state.legal_actions():
                raise ValueError("not a legal action here")
        except Exception as exc:  # a record that does not replay: show it up to there, and say so
            stopped = f"the record's move {number + 1} ({for_terminal(text)}) does not replay: {for_terminal(exc)}"
            break
        seat = state.current_player
        state.apply(action)
        snapshot({"seat": seat, "text": for_terminal(spec.action_to_text(action))})
    faults = [{"seat": f.get("seat"), "kind": for_terminal(f.get("kind")), "detail": for_terminal(f.get("detail"))}
              for f in fields.get("faults") or ()]
    result = None
    if fields.get("ranks") is not None or fields.get("scores") is not None:
        result = {"scores": [_score(s) for s in fields.get("scores") or ()], "ranks": fields.get("ranks")}
    elif state.is_terminal() and stopped is None:
        result = {"scores": [_score(s) for s in state.scores()], "ranks": state.ranking()}
    return {"format": FORMAT, "game": fields["game"], "title": spec.title, "seed": fields["seed"],
            "options": fields.get("options") or {}, "id": for_terminal(fields.get("id") or ""),
            "names": names, "steps": steps, "lines": table.lines, "views": views, "faults": faults,
            "result": result, "stopped": stopped}


# --- the page ----------------------------------------------------------------------------------

def _json_for_script(data) -> str:
    """JSON that cannot end the <script> element it sits in, nor start markup."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _hash(source: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()


STYLE = """
body { font-family: sans-serif; margin: 1em; color: #222; }
h1 { font-size: 1.3em; margin: 0 0 0.3em 0; }
#meta, #result, #faults, #stopped { margin: 0.2em 0; font-size: 0.9em; }
#faults, #stopped { color: #a0301f; }
#main { display: flex; gap: 1em; align-items: flex-start; }
#moves { flex: 0 0 24em; max-height: 85vh; overflow-y: auto; border: 1px solid #ccc; font-size: 0.85em; }
#moves ol { list-style: none; margin: 0; padding: 0; }
#moves li { padding: 0.15em 0.5em; cursor: pointer; border-bottom: 1px solid #eee; white-space: nowrap;
            overflow: hidden; text-overflow: ellipsis; }
#moves li:hover { background: #eef3fa; }
#moves li.current { background: #3b6ea8; color: white; }
#moves .phase { color: #777; font-size: 0.9em; cursor: default; background: #f6f6f6; }
#board { flex: 1 1 auto; min-width: 0; }
#controls { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; margin-bottom: 0.5em; }
#controls button { min-width: 2.5em; }
#jump { width: 5em; }
#status { margin: 0.3em 0; font-size: 0.95em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.3em 0; }
th, td { padding: 0.15em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }
th { background: #f3f3f3; }
td.name { text-align: left; }
tr.mover td { font-weight: bold; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; font-size: 0.85em; line-height: 1.3; margin: 0; }
.hint { color: #666; font-size: 0.8em; }
"""

SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var steps = data.steps, last = steps.length - 1, lines = data.lines;
  function decode(deltas) {
    var out = [], prev = [];
    for (var i = 0; i < deltas.length; i++) {
      var d = deltas[i];
      var cur = prev.slice(0, d[0]).concat(d.slice(2), prev.slice(prev.length - d[1]));
      out.push(cur);
      prev = cur;
    }
    return out;
  }
  var views = data.views.map(function (v) { return decode(v.deltas); });
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function who(seat) { return "seat " + seat + " (" + data.names[seat] + ")"; }
  function moveText(k) { var m = steps[k].move; return k + ". " + who(m.seat) + ": " + m.text; }

  var list = document.getElementById("move-list"), items = [], phase = null;
  for (var k = 0; k <= last; k++) {
    var item = el("li", k === 0 ? "0. the start (no move yet)" : moveText(k));
    item.setAttribute("data-step", String(k));
    item.title = item.textContent;
    item.addEventListener("click", function (e) { go(Number(e.currentTarget.getAttribute("data-step"))); });
    list.appendChild(item);
    items.push(item);
    if (k < last && steps[k].phase !== null && steps[k].phase !== phase) {  // the phase move k + 1 is played in
      phase = steps[k].phase;
      list.appendChild(el("li", phase, "phase"));
    }
  }
  var select = document.getElementById("view");
  data.views.forEach(function (v, i) { var o = el("option", v.label); o.value = String(i); select.appendChild(o); });
  select.addEventListener("change", function () { show(); });

  var jump = document.getElementById("jump");
  jump.max = String(last);
  document.getElementById("total").textContent = String(last);
  var step = 0;
  function go(k) {
    if (isNaN(k)) return;
    step = Math.max(0, Math.min(last, Math.round(k)));
    show();
  }
  function show() {
    var s = steps[step], view = views[Number(select.value) || 0];
    document.getElementById("position").textContent = view[step].map(function (i) { return lines[i]; }).join("\n");
    jump.value = String(step);
    items.forEach(function (item, k) { item.className = k === step ? "current" : ""; });
    var current = items[step];
    if (current.scrollIntoView) current.scrollIntoView({block: "nearest"});
    var status = step === 0 ? "The start, before any move." : "After move " + step + " of " + last + ": " +
        who(s.move.seat) + " played " + s.move.text + ".";
    status += s.to_move === null ? " The game is over." : " To move: " + who(s.to_move) + ".";
    if (s.phase !== null) status += " Phase: " + s.phase + ".";
    document.getElementById("status").textContent = status;
    var body = document.getElementById("score-rows");
    body.textContent = "";
    var final = step === last && data.result;
    document.getElementById("final-head").style.display = final ? "" : "none";
    document.getElementById("place-head").style.display = final ? "" : "none";
    data.names.forEach(function (name, seat) {
      var row = el("tr");
      if (s.move && s.move.seat === seat) row.className = "mover";
      row.appendChild(el("td", seat));
      row.appendChild(el("td", name, "name"));
      row.appendChild(el("td", s.scores[seat]));
      if (final) {
        row.appendChild(el("td", data.result.scores[seat]));
        row.appendChild(el("td", data.result.ranks ? data.result.ranks[seat] : "-"));
      }
      body.appendChild(row);
    });
    document.getElementById("prev").disabled = step === 0;
    document.getElementById("first").disabled = step === 0;
    document.getElementById("next").disabled = step === last;
    document.getElementById("end").disabled = step === last;
  }
  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("prev").addEventListener("click", function () { go(step - 1); });
  document.getElementById("next").addEventListener("click", function () { go(step + 1); });
  document.getElementById("end").addEventListener("click", function () { go(last); });
  document.getElementById("go").addEventListener("click", function () { go(Number(jump.value)); });
  jump.addEventListener("keydown", function (e) { if (e.key === "Enter") go(Number(jump.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.target === jump || e.target === select || e.altKey || e.ctrlKey || e.metaKey) return;
    var moves = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};
    if (e.key in moves) go(step + moves[e.key]);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(last);
    else return;
    e.preventDefault();
  });
  var start = /^#(\d+)$/.exec(window.location.hash);
  go(start ? Number(start[1]) : 0);
})();
"""


def _summary(data: dict) -> tuple:
    names, seats = data["names"], len(data["names"])
    moves = len(data["steps"]) - 1
    title = f"{data['title']}: " + ", ".join(f"{n} (seat {s})" for s, n in enumerate(names))
    options = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in sorted(data["options"].items()))
    meta = (f"{data['game']}, {seats} seats, seed {data['seed']}" + (f", options {options}" if options else "") +
            (f", game {data['id']}" if data["id"] else "") + f": {moves} moves.")
    result = ""
    if data["result"] and data["result"].get("ranks"):
        ranks, scores = data["result"]["ranks"], data["result"]["scores"]
        order = sorted(range(seats), key=lambda s: ranks[s])
        result = "Result: " + "; ".join(f"place {ranks[s]}: {names[s]}" + (f" ({scores[s]})" if s < len(scores) else "")
                                        for s in order) + "."
    elif data["result"] is not None:
        result = "Result: not rated (the game failed)."
    faults = "; ".join(f"fault: seat {f['seat']} ({names[f['seat']] if isinstance(f['seat'], int) and f['seat'] < seats else '?'})"
                       f" {f['kind']}: {f['detail']}" for f in data["faults"])
    return title, meta, result, faults


def build_viewer(record, names=None) -> str:
    """The whole page for one game, as a string of HTML."""
    data = viewer_data(record, names)
    title, meta, result, faults = _summary(data)
    policy = (f"default-src 'none'; script-src '{_hash(SCRIPT)}'; style-src '{_hash(STYLE)}'; "
              "img-src 'none'; base-uri 'none'; form-action 'none'")
    optional = "".join(f'<p id="{key}">{for_html(text)}</p>\n' for key, text in
                       (("result", result), ("faults", faults), ("stopped", data["stopped"] or "")) if text)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{html.escape(policy, quote=True)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="arena-viewer" content="{html.escape(_page_key(record, names), quote=True)}">
<title>{for_html(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>{for_html(title)}</h1>
<p id="meta">{for_html(meta)}</p>
{optional}<div id="main">
<nav id="moves" aria-label="moves"><ol id="move-list"></ol></nav>
<div id="board">
<div id="controls">
<button type="button" id="first" title="the start (Home)">|&#x25c0;</button>
<button type="button" id="prev" title="the move before (left arrow)">&#x25c0;</button>
<button type="button" id="next" title="the next move (right arrow)">&#x25b6;</button>
<button type="button" id="end" title="the last position (End)">&#x25b6;|</button>
<label>after move <input type="number" id="jump" min="0" value="0"> of <span id="total"></span></label>
<button type="button" id="go">go</button>
<label>show <select id="view"></select></label>
</div>
<div class="hint">Arrow keys: step; Home, End: the start, the end; click a move to jump to it.</div>
<p id="status"></p>
<table><thead><tr><th>seat</th><th>player</th><th>score now</th><th id="final-head">final score</th>
<th id="place-head">place</th></tr></thead><tbody id="score-rows"></tbody></table>
<pre id="position"></pre>
</div>
</div>
<script type="application/json" id="game-data">{_json_for_script(data)}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""


def _page_key(record, names=None) -> str:
    """What a page was written from (the viewer's format, the record and the names), as a hash:
    a stored page with the same key is the same page."""
    fields = _record_fields(record)
    shown = {k: fields.get(k) for k in ("game", "num_players", "seed", "options", "actions", "players", "id",
                                        "faults", "scores", "ranks")}
    text = json.dumps([FORMAT, shown, names], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def write_viewer(record, path, names=None) -> Path:
    """Write the page for ``record`` to ``path`` (its folder made if need be); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(build_viewer(record, names), encoding="utf-8")
    tmp.replace(path)
    return path


def _written_from(path: Path) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(2048)
    except OSError:
        return None
    found = re.search(r'<meta name="arena-viewer" content="([0-9a-f]{64})">', head)
    return found.group(1) if found else None


# --- the games that matter ---------------------------------------------------------------------

def viewer_name(game_id) -> str:
    """The page's file name in ``games/``: the game's id, or a hash of it if it is not a plain name."""
    text = str(game_id)
    return f"{text if _SAFE_ID.fullmatch(text) else hashlib.sha256(text.encode()).hexdigest()[:16]}.html"


def games_to_watch(board: dict, records: list) -> dict:
    """The games the report gives a viewer, and why: ``{"games": [...], "faulted": n, "upsets": n}``.

    ``records`` in schedule order.  A game is chosen when
    - a seat of it has a fault (any kind, the games that failed with no player to blame too):
      the first ``FAULT_VIEWERS`` such games in schedule order;
    - it is an upset: its ranks are known, one seat alone has place 1, and that seat's player has a
      lower conservative rating (TrueSkill μ − 3σ, the final leaderboard's order) than the player of
      another seat in the same game (a different player; the gap: the highest such rating minus the
      winner's).  The ``UPSET_VIEWERS`` upsets with the largest gaps (ties: schedule order);
    - it is the longest game (the most moves; the first in schedule order of those).
    Each game is listed once, in schedule order, as ``{"record", "reasons", "open_at"}`` (``open_at``:
    the step the page opens at: the last for a faulted game, else the start); ``faulted`` and
    ``upsets`` count every such game, with a viewer or not.  :func:`games_to_watch_in` chooses the
    same games from the tally of a log."""
    faulted = [(i, r) for i, r in enumerate(records) if r.get("faults")]
    upsets = [(tuple(zip(r["ranks"], r["players"])), i, r) for i, r in enumerate(records)
              if r.get("ranks") and len(r["ranks"]) == len(r.get("players") or ())]
    longest = max(enumerate(records), key=lambda e: (len(e[1].get("actions") or ()), -e[0]), default=None)
    return _choose(board, faulted, upsets, lambda found: len(found), longest)


def games_to_watch_in(board: dict, games, fetch) -> dict:
    """:func:`games_to_watch` from the tally of a log (``arena.store.tally.TallyView``): its
    faulted games, the earliest games of each outcome with one winner (enough for the largest
    ``UPSET_VIEWERS`` upsets) and its longest game; ``fetch(lines)`` gives the chosen games'
    records from the log by their line numbers."""
    outcomes = games.outcomes()
    upsets = [(outcome, order, dict(g, players=[name for _, name in outcome]))
              for outcome, order, g in games.upset_candidates()]
    watch = _choose(board, games.faulted(), upsets,
                    lambda found: sum(outcomes[o] for o in {tuple(sorted(u[2])) for u in found}), games.longest())
    records = fetch([entry["record"]["line"] for entry in watch["games"]])
    for entry in watch["games"]:
        entry["record"] = records.get(entry["record"]["line"], entry["record"])
    return watch


def _choose(board: dict, faulted: list, upsets: list, count_upsets, longest) -> dict:
    """The games to watch from candidates, each ``(order, game)`` with ``order`` its place in the
    schedule: ``faulted`` (in schedule order), ``upsets`` ``(outcome, order, game)`` (``outcome``:
    (place, name) per seat), ``count_upsets(found)``: how many games are upsets, from the upsets
    found among the candidates as ``(gap, order, outcome, game, winner, best)``, and ``longest``;
    a game is a record, or a summary of one with its ``moves``."""
    rating = {p["name"]: p["conservative"] for p in board.get("players") or ()}
    chosen: dict = {}

    def moves(record):
        return record["moves"] if "moves" in record else len(record.get("actions") or ())

    def add(order, record, reason, open_at=None):
        entry = chosen.setdefault(order, {"record": record, "reasons": [], "open_at": None})
        entry["reasons"].append(reason)
        if open_at is not None:
            entry["open_at"] = open_at

    for order, record in faulted[:FAULT_VIEWERS]:
        names = record.get("players") or []
        what = "; ".join(f"{f.get('kind')} by " + (f"seat {f['seat']} ({names[f['seat']]})"
                                                  if isinstance(f.get("seat"), int) and f["seat"] < len(names)
                                                  else "no seat (not rated)") for f in record["faults"])
        add(order, record, f"fault: {what}", moves(record))
    found = [(upset[0], order, outcome, record) + upset[1:] for outcome, order, record in upsets
             for upset in [_upset(outcome, rating)] if upset is not None]
    found.sort(key=lambda u: (-u[0], u[1]))
    for gap, order, _, record, winner, best in found[:UPSET_VIEWERS]:
        add(order, record, f"upset: {winner} (μ−3σ {rating[winner]:.2f}) won against {best} "
                           f"(μ−3σ {rating[best]:.2f}), a gap of {gap:.2f}")
    if longest is not None:
        add(longest[0], longest[1], f"the longest game: {moves(longest[1])} moves")
    return {"games": [chosen[order] for order in sorted(chosen)], "faulted": len(faulted),
            "upsets": count_upsets(found)}


def _upset(outcome, rating: dict):
    """``(gap, winner, best)`` where the one winner of ``outcome`` ((place, name) per seat) had a
    lower μ − 3σ than another player of the game; None otherwise."""
    firsts = [name for place, name in outcome if place == 1]
    if len(firsts) != 1 or firsts[0] not in rating:
        return None
    winner = firsts[0]
    above = [n for _, n in outcome if n != winner and n in rating and rating[n] > rating[winner]]
    if not above:
        return None
    best = max(above, key=lambda n: rating[n])
    return rating[best] - rating[winner], winner, best


def write_viewers(folder, board: dict, games, fetch=None) -> dict:
    """Write a viewer for each game to watch as ``folder/games/<id>.html`` (``games``: records in
    schedule order, :func:`games_to_watch`; or the tally of a log with ``fetch``,
    :func:`games_to_watch_in`; a page already there from the same record, names and viewer
    format is kept as it is, and a viewer page there of a game no longer chosen is removed);
    returns that dict with, on each game, ``link`` (relative to ``folder``, ``#N`` where it opens
    at a move) or ``error`` (why its page could not be written: a record that does not load, a
    game that is not registered here)."""
    folder = Path(folder)
    watch = games_to_watch(board, games) if fetch is None else games_to_watch_in(board, games, fetch)
    names = {viewer_name(entry["record"].get("id")) for entry in watch["games"]}
    for old in sorted((folder / GAMES_DIR).glob("*.html")):  # pages of games no longer chosen go
        if old.name not in names and _written_from(old) is not None:
            old.unlink(missing_ok=True)
    for entry in watch["games"]:
        record = entry["record"]
        name = f"{GAMES_DIR}/{viewer_name(record.get('id'))}"
        path = folder / name
        try:
            if _written_from(path) != _page_key(record):
                write_viewer(record, path)
        except Exception as exc:  # one game that cannot be shown never stops the report
            entry["error"] = f"{type(exc).__name__}: {exc}"
            continue
        entry["link"] = name + (f"#{entry['open_at']}" if entry["open_at"] else "")
    return watch
