"""What a game record in ``games.jsonl`` must hold for the leaderboard to read it.

A line can be valid JSON and still not be a game record the ratings can use
(``"ranks": "first"``, a seat number past the players, a name that is not a
string).  :func:`record_problem` names the first such problem, so that the
results store can report it with the file and line instead of a traceback
deep in the ratings.

>>> record_problem({"id": "g1", "players": ["a", "b"], "ranks": "first", "scores": [1, 2]})
"ranks: expected a list of places (1 = first) or null, not 'first'"
"""
from __future__ import annotations


def record_problem(record: dict) -> str | None:
    """The first thing wrong with a parsed record, or None."""
    if not isinstance(record.get("id"), str):
        return f"id: expected a text id, not {record.get('id')!r}"
    players = record.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        return f"players: expected a list of player names, not {players!r}"
    for key in ("index", "deal", "rotation", "seed"):
        if key in record and not _whole(record[key]):
            return f"{key}: expected a whole number, not {record[key]!r}"
    ranks = record.get("ranks")
    if ranks is not None:
        if not isinstance(ranks, list) or not all(_whole(r) and r >= 1 for r in ranks):
            return f"ranks: expected a list of places (1 = first) or null, not {ranks!r}"
        if len(ranks) != len(players):
            return f"ranks: {len(ranks)} places for {len(players)} players"
    scores = record.get("scores", [])
    if not isinstance(scores, list) or (ranks is not None and len(scores) != len(players)):
        return f"scores: expected one score per player, not {scores!r}"
    if record.get("node") is not None and not isinstance(record["node"], str):  # older logs have none
        return f"node: expected the name of the Ray node that played the game, not {record['node']!r}"
    return _faults_problem(record.get("faults"), len(players))


def _faults_problem(faults, seats: int) -> str | None:
    if faults is None:
        return None
    if not isinstance(faults, list):
        return f"faults: expected a list, not {faults!r}"
    for i, fault in enumerate(faults):
        if not isinstance(fault, dict) or not isinstance(fault.get("kind"), str):
            return f"faults[{i}]: expected {{seat, kind, detail}}, not {fault!r}"
        seat = fault.get("seat")
        if seat is not None and not (_whole(seat) and 0 <= seat < seats):
            return f"faults[{i}].seat: expected a seat from 0 to {seats - 1} or null, not {seat!r}"
        if not isinstance(fault.get("detail", ""), str):
            return f"faults[{i}].detail: expected text, not {fault['detail']!r}"
    return None


def _whole(value) -> bool:
    return type(value) is int  # JSON's numbers: int, float (a bool is not an int here)
