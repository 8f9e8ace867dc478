"""Finding one game in a results folder by its id (``arena replay results/<name> --game ID``).

A game's id is ``games.jsonl``'s ``"id"`` (16 hex digits, the ones the leaderboard's
faults list shows); any prefix that only one game's id starts with names it, and so
does ``#N``, the game's index in the schedule (the faults list shows it too).

Reading a log to watch a game asks for no authentication: ``.secret`` stays with the
tournament, and a copy of the folder without it (a shared ``games.jsonl``) replays as
well.  Lines that are not game records are skipped (a torn last line); nothing is
written.  Where one id was logged twice (a game played again), the first is the game,
as for the leaderboard.

>>> games = [{"id": "ab12", "index": 0, "players": ["a", "b"]}, {"id": "ab34", "index": 1, "players": ["b", "a"]}]
>>> find_game(games, "ab3", "log")["index"]
1
>>> find_game(games, "#0", "log")["id"]
'ab12'
"""
from __future__ import annotations

import json
from pathlib import Path

from arena.store.log_files import read_segment, segments_on_disk
from arena.store.results import CONFIG, GAMES, ResultsError

SHOWN = 12  # candidates listed in a message


def games_file(path) -> Path | None:
    """The game log a path names: a results folder's ``games.jsonl``, or the path itself
    when it is one; None when it is neither."""
    path = Path(path)
    if path.is_dir():
        return path / GAMES
    if path.name == GAMES:
        return path
    return None


def read_games(path) -> list:
    """Every game record in a log (``games.jsonl``, or a results folder: its closed segments
    first, :mod:`arena.store.log_files`), in file order, first record per id."""
    log = games_file(path) or Path(path)
    if not log.is_file():
        folder = log.parent
        raise ResultsError(f"{folder}: no {GAMES} here" + ("" if (folder / CONFIG).is_file() else
                                                          "; is it a tournament's results folder?"))
    games, seen = [], set()
    closed = segments_on_disk(log.parent) if log.name == GAMES else []
    for line in b"".join([read_segment(p) for p in closed] + [log.read_bytes()]).split(b"\n"):
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and isinstance(record.get("id"), str) and record["id"] not in seen:
            seen.add(record["id"])
            record.pop("tag", None)
            games.append(record)
    return games


def describe(record: dict) -> str:
    """One line for a game: its id, index, seating and outcome."""
    players = " vs ".join(str(p) for p in record.get("players") or ())
    faults = record.get("faults") or ()
    if record.get("failed") or not record.get("ranks"):
        outcome = "no result"
    else:
        outcome = "places " + ", ".join(str(r) for r in record["ranks"])
    if faults:
        outcome += "; fault: " + ", ".join(str(f.get("kind")) for f in faults if isinstance(f, dict))
    return f"{record['id']} (#{record.get('index', '?')}) {players}: {outcome}"


def listing(games: list, limit: int = SHOWN) -> str:
    lines = [f"  {describe(g)}" for g in games[:limit]]
    if len(games) > limit:
        lines.append(f"  ... and {len(games) - limit} more")
    return "\n".join(lines)


def find_game(games: list, wanted: str, where: str) -> dict:
    """The one game whose id starts with ``wanted`` (case-insensitive), or whose index is
    ``#N``.  None or several: :class:`ResultsError` listing the candidates."""
    text = wanted.strip()
    if text.startswith("#"):
        found = [g for g in games if str(g.get("index")) == text[1:]]
    else:
        found = [g for g in games if g["id"].lower() == text.lower()] or \
            [g for g in games if g["id"].lower().startswith(text.lower())]
    if len(found) == 1:
        return found[0]
    if not games:
        raise ResultsError(f"{where}: no games recorded yet")
    if not found:
        raise ResultsError(f"{where}: no game's id starts with {text!r} ({len(games)} games); the games are:\n"
                           f"{listing(games)}")
    raise ResultsError(f"{where}: {len(found)} games' ids start with {text!r}; give more of the id:\n"
                       f"{listing(found)}")


def which_game_message(path, games: list) -> str:
    """What to say for a results folder (or its games.jsonl) named without ``--game``."""
    folder = games_file(path).parent if games_file(path) else Path(path)
    example = games[0]["id"][:8] if games else "ID"
    return (f"{path} holds {len(games)} {'game' if len(games) == 1 else 'games'}: name one with --game ID "
            f"(a prefix of its id that no other id starts with is enough, or #N, its index), e.g.\n"
            f"  arena replay {folder} --game {example}\n"
            f"The ids are games.jsonl's \"id\"; the leaderboard's faults list (arena leaderboard {folder}) names "
            f"each game with a fault by its id and index. The games:\n{listing(games)}")
