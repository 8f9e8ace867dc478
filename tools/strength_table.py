"""The rows of docs/strength.md's tables, written from results folders (never by hand).

    python tools/strength_table.py results/match-origin-ismcts-vs-rules results/strength-origin-3p-rules

One row per results folder: the game, the seats, the subject player's parameters (the
config's first player, or ``--player NAME``), its games against the others (``--against
NAME ...``: every other player by default), its share of the points against them (a
better place 1, a shared place ½) with a 95% Wilson interval, its thinking time per move
(from the records' ``timings``), the date of the last game (the log's modification time,
UTC) and the command that plays those games again (``arena match ...`` for a match's
folder, ``arena tournament CONFIG`` for a tournament whose config is found in
``configs/``).  ``--machine TEXT`` fills the machine column (default: this machine's
cores and processor).  Read-only: nothing in the folders is written.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
from datetime import datetime, timezone
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arena.ratings.stats import wilson_interval  # noqa: E402 - after the path
from arena.runs.tournament import stored_config  # noqa: E402
from arena.store.results import ResultsStore  # noqa: E402

HEADERS = ["game", "players", "parameters", "games", "points", "95% interval", "s a move", "measured", "machine",
           "command"]


def this_machine() -> str:
    return f"{os.cpu_count()}-core {platform.machine() or 'machine'}, {platform.system()}"


def points_against(records: list, subject: str, others: set) -> tuple:
    """(points, games, think seconds, moves) of ``subject`` in the rated games it played with one of ``others``."""
    points = games = 0.0
    think = moves = 0.0
    for r in records:
        if not r.get("ranks") or subject not in r["players"]:
            continue
        seat = r["players"].index(subject)
        rivals = [s for s, name in enumerate(r["players"]) if name in others]
        if not rivals:
            continue
        games += 1
        mine = r["ranks"][seat]
        points += sum(1.0 if mine < r["ranks"][s] else 0.5 if mine == r["ranks"][s] else 0.0
                      for s in rivals) / len(rivals)
        timings = r.get("timings") or {}
        if timings.get("think_seconds") and r.get("moves"):
            think += timings["think_seconds"][seat]
            moves += r["moves"][seat]
    return points, int(games), think, int(moves)


def command_for(cfg, subject, configs: Path) -> str:
    """The command that plays the folder's games again."""
    if cfg.name.startswith("match-") and len(cfg.players) == 2:
        a, b = cfg.players
        args = ["arena", "match", a.spec, b.spec, "--game", cfg.game]
        for flag, entry in (("--a-param", a), ("--b-param", b)):
            args += [x for k, v in played_params(entry, cfg.game).items() for x in (flag, f"{k}={_value(v)}")]
        for flag, entry in (("--a-name", a), ("--b-name", b)):
            if entry.name != entry.spec:
                args += [flag, entry.name]
        args += ["--deals", str(cfg.games_per_pairing), "--seed", str(cfg.seed)]
        return shlex.join(args)
    for path in sorted(configs.rglob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text())
        except yaml.YAMLError:
            continue
        if isinstance(data, dict) and data.get("name") == cfg.name and plays_as(data, cfg, path):
            return f"arena tournament {path.relative_to(configs.parent).as_posix()}"
    return f"arena tournament <the config of {cfg.name} with the players of its results folder>"


def played_params(entry, game: str) -> dict:
    """The parameters ``entry`` of a results folder's config played its games with: those the
    folder stores and, for a parameter the game's defaults now set but the folder lacks, the
    class's own value (see :func:`unstated_defaults`)."""
    return {**entry.params, **unstated_defaults(entry.spec, entry.params, game)}


def plays_as(data: dict, cfg, where: Path) -> bool:
    """Whether the config ``data`` (read as ``arena tournament`` reads it, with the game's
    current defaults) seats the players of the results folder's ``cfg`` with the parameters
    its games were played with: a config whose players' defaults changed since plays others."""
    from arena.runs.config import ConfigError, config_from_dict

    try:
        now = config_from_dict(data, str(where))
    except ConfigError:
        return False
    return [(p.name, p.spec, p.params) for p in now.players] == \
        [(p.name, p.spec, played_params(p, cfg.game)) for p in cfg.players]


def unstated_defaults(spec: str, params: dict, game: str) -> dict:
    """The constructor's own values of what ``params`` leaves out but the game's defaults
    (``GameSpec.search_defaults``) would now fill in: a folder's config stores every parameter
    its games were played with, so a key it lacks was played at the class's default, and the
    command must say so for ``arena match`` to play the same games."""
    from players.loading import BUDGET, class_defaults, game_defaults, make_player

    missing = [k for k in game_defaults(spec, game) if k not in params
               and not (k in BUDGET and any(b in params for b in BUDGET))]
    if not missing:
        return {}
    defaults = class_defaults(type(make_player(spec)))
    return {k: defaults[k] for k in missing if k in defaults}


def _value(v) -> str:
    return json.dumps(v) if not isinstance(v, str) else v


def row(folder: Path, subject: str | None = None, against: list | None = None, machine: str | None = None,
        configs: Path = ROOT / "configs") -> dict:
    cfg = stored_config(folder)  # as its games were played: not completed by today's game defaults
    store = ResultsStore(folder)
    records = store.load_games(repair=False)
    names = [p.name for p in cfg.players]
    subject = subject or names[0]
    if subject not in names:
        raise SystemExit(f"error: {folder}: no player {subject!r} (players: {', '.join(names)})")
    others = set(against or [n for n in names if n != subject])
    points, games, think, moves = points_against(records, subject, others)
    low, high = wilson_interval(points, games) if games else (0.0, 1.0)
    entry = next(p for p in cfg.players if p.name == subject)
    params = "{" + ", ".join(f"{k}: {_value(v)}" for k, v in played_params(entry, cfg.game).items()) + "}"
    last = datetime.fromtimestamp(store.games_path.stat().st_mtime, timezone.utc) if store.games_path.exists() \
        else None
    return {"game": cfg.game, "players": str(cfg.seats), "parameters": f"`{params}`", "games": str(games),
            "points": f"{points / games:.3f}" if games else "-", "95% interval": f"[{low:.3f}, {high:.3f}]",
            "s a move": f"{think / moves:.3f}" if moves else "-",
            "measured": f"{last:%Y-%m-%d}" if last else "-", "machine": machine or this_machine(),
            "command": f"`{command_for(cfg, subject, configs)}`"}


def table(rows: list) -> str:
    lines = ["| " + " | ".join(HEADERS) + " |", "| " + " | ".join("---" for _ in HEADERS) + " |"]
    lines += ["| " + " | ".join(r[h] for h in HEADERS) + " |" for r in rows]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="results folders (results/<name>)")
    parser.add_argument("--player", help="the subject player (default: the config's first)")
    parser.add_argument("--against", nargs="*", help="the players counted against (default: every other)")
    parser.add_argument("--machine", help="what the machine column says (default: this machine)")
    args = parser.parse_args(argv)
    rows = []
    for folder in args.folders:
        if not (folder / "config.yaml").is_file():
            print(f"error: {folder}: no config.yaml: not a results folder", file=sys.stderr)
            return 2
        rows.append(row(folder, args.player, args.against, args.machine))
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
