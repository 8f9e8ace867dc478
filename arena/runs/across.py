"""Several results folders at once: ``arena results`` lists them, ``arena leaderboard A B``
rates the players of comparable tournaments over all their games.

Tournaments are comparable when their games are games of one kind: the same game, seats and
rule options.  A player is the same player in two folders when it has the same name there and
the same class and parameters; the same name for two different players is an error that names
both (rename one in its config: a tournament keeps its names).  The ratings over the folders
are computed as one tournament's are, from the counts of every folder's games together
(:mod:`arena.ratings.counts`); nothing is written to the folders.
"""
from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

from arena.game.player_text import for_terminal, plural
from arena.store.results import CONFIG, GAMES, ResultsError, ResultsStore
from arena.store.log_files import segments_on_disk


class AcrossError(ValueError):
    """Folders that cannot be read or rated together; the message says which and why."""


def result_folders(paths: list) -> list:
    """The results folders among ``paths`` (default ``results/``): each path that is one (it has
    a config.yaml), else the folders inside it that are, sorted by name."""
    found = []
    for path in [Path(p) for p in paths] or [Path("results")]:
        if not path.is_dir():
            raise AcrossError(f"{path}: no such folder")
        if (path / CONFIG).is_file():
            found.append(path)
            continue
        inside = sorted(p for p in path.iterdir() if p.is_dir() and (p / CONFIG).is_file())
        if not inside:
            raise AcrossError(f"{path}: no results folder here (none with a config.yaml)")
        found += inside
    return found


def summary_row(folder: Path) -> dict:
    """What ``arena results`` shows of one folder, from its config and its last leaderboard.json
    (written by every run and ``arena leaderboard``): nothing of its log is read."""
    from arena.runs.tournament import stored_config

    try:
        cfg = stored_config(folder)
    except Exception as exc:  # noqa: BLE001 - a folder's bad config is shown on its row
        return {"folder": str(folder), "game": "?", "seats": "?", "players": "?", "games": "?",
                "leader": f"(config.yaml unreadable: {for_terminal(str(exc))[:60]})", "updated": "?"}
    board_path = folder / "leaderboard.json"
    board = None
    if board_path.is_file():
        try:
            board = json.loads(board_path.read_text())
        except ValueError:
            board = None
    games = "no games yet"
    leader = "-"
    if board:
        games = f"{board.get('games_recorded', '?')}/{board.get('games_scheduled', '?')}"
        players = board.get("players") or []
        if players and board.get("games_rated"):
            leader = for_terminal(str(players[0].get("name")))
    elif (folder / GAMES).is_file() or segments_on_disk(folder):
        games = "games, no leaderboard yet (arena leaderboard)"
    changed = [p.stat().st_mtime for p in (folder / GAMES, board_path, folder / CONFIG) if p.exists()]
    return {"folder": str(folder), "game": cfg.game, "seats": cfg.seats, "players": len(cfg.players),
            "games": games, "leader": leader,
            "updated": time.strftime("%Y-%m-%d %H:%M", time.localtime(max(changed))) if changed else "?"}


def kind_of(cfg) -> tuple:
    """What makes two tournaments' games comparable: game, seats and rule options (as resolved)."""
    from engine.registry import get_game

    return cfg.game, cfg.seats, tuple(sorted(get_game(cfg.game).resolve_options(cfg.options).items()))


def leaderboard_across(folders: list, warn=None) -> dict:
    """The board of the players of ``folders`` (comparable tournaments) over all their games."""
    from arena.reports.leaderboard import build_leaderboard
    from arena.runs.schedule import pairings, scheduled_count
    from arena.runs.tournament import stored_config
    from arena.store.tally import TallyView

    configs, tallies, order, scheduled = [], [], {}, 0
    for folder in folders:
        cfg = stored_config(folder)
        if cfg is None:
            raise AcrossError(f"{folder}: no config.yaml here; is it a tournament's results folder?")
        if configs and kind_of(cfg) != kind_of(configs[0][1]):
            first_folder, first = configs[0]
            raise AcrossError(f"{folder} and {first_folder} are not games of one kind ({_kind_text(cfg)} against "
                              f"{_kind_text(first)}): only tournaments of the same game, seats and options rate "
                              "together")
        configs.append((folder, cfg))
        store = ResultsStore(folder)
        try:
            store.open(warn=warn, repair=False)
        except ResultsError as exc:
            raise AcrossError(str(exc)) from None
        view = store.tally.view(pairings([p.name for p in cfg.players], cfg.seats))
        tallies += view.tallies
        for pairing, index in view.order.items():
            order.setdefault(pairing, len(order) + index)
        scheduled += scheduled_count(cfg)
    combined = dataclasses.replace(configs[0][1], name=" + ".join(cfg.name for _, cfg in configs),
                                   players=_players(configs), elo_anchor=None)
    board, _ = build_leaderboard(combined, TallyView(tallies, order), scheduled)
    board["folders"] = [str(folder) for folder, _ in configs]
    return board


def _players(configs: list) -> list:
    """Every folder's players, each once; one name for two players is an error (parameters
    compared with the game's defaults for search players filled in: ``ismcts`` with none is
    ``ismcts`` with the game's own)."""
    from players.loading import with_game_defaults

    seen: dict = {}
    for folder, cfg in configs:
        for entry in cfg.players:
            known = seen.get(entry.name)
            if known is None:
                seen[entry.name] = (folder, entry)
            elif (known[1].spec, with_game_defaults(known[1].spec, known[1].params, cfg.game)) != \
                    (entry.spec, with_game_defaults(entry.spec, entry.params, cfg.game)):
                raise AcrossError(f"player {entry.name!r} is {_entry_text(known[1])} in {known[0]} and "
                                  f"{_entry_text(entry)} in {folder}: two players under one name; rename one in "
                                  "its tournament to rate them together")
    return [entry for _, entry in seen.values()]


def _entry_text(entry) -> str:
    return f"{entry.spec}" + (f" {entry.params}" if entry.params else "")


def _kind_text(cfg) -> str:
    options = ", ".join(f"{k}={v}" for k, v in sorted(cfg.options.items()))
    return f"{cfg.game}, {plural(cfg.seats, 'seat')}" + (f", {options}" if options else "")
