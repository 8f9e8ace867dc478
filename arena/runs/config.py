"""Tournament configs: reading, checking and writing the YAML file.

A config names the game, its rule options, the number of seats, the players
(each a spec for :func:`players.loading.make_player` with keyword parameters),
how many deals each pairing plays, the tournament seed, the time limits and
where the results go.  Every problem is reported as ``file: key: problem``.

"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from arena.game.player_text import for_terminal
from arena.game.plugins import human_refusal, import_plugins

DEFAULTS = {
    "options": {},
    "games_per_pairing": 10,
    "seed": 0,
    "workers": 0,
    "output": "results",
    "ray_address": None,
    "games_per_task": None,
    "plugins": [],
    "isolation": "process",
    "player_memory_mb": 2048,
    "player_disk_mb": 64,
    "seeds": None,
    "elo_anchor": None,
}
KEYS = ("name", "game", "options", "seats", "players", "games_per_pairing", "seed", "time_limits",
        "workers", "output", "ray_address", "games_per_task", "plugins", "isolation",
        "player_memory_mb", "player_disk_mb", "seeds", "elo_anchor")
ISOLATION = ("process", "none")
SEEDS = ("public", "secret")
PLAYER_KEYS = ("name", "class", "params")
TIME_KEYS = ("move_seconds", "game_seconds")
DEFAULT_GAME_SECONDS = 300.0
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")


class ConfigError(ValueError):
    """A config problem; the message names the file and the key."""


@dataclass
class PlayerEntry:
    name: str
    spec: str  # the ``class`` key
    params: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        out = {"name": self.name, "class": self.spec}
        if self.params:
            out["params"] = dict(self.params)
        return out


@dataclass
class TournamentConfig:
    name: str
    game: str
    seats: int
    players: list  # of PlayerEntry
    options: dict = field(default_factory=dict)
    games_per_pairing: int = 10
    seed: int = 0
    move_seconds: float | None = None
    game_seconds: float = DEFAULT_GAME_SECONDS
    workers: int = 0
    output: str = "results"
    ray_address: str | None = None
    games_per_task: int | None = None
    plugins: list = field(default_factory=list)
    isolation: str = "process"  # "none": every player in the game's process (trusted players only)
    player_memory_mb: int = 2048  # a jailed player's whole process tree (and each process's address space)
    player_disk_mb: int = 64  # a jailed player's scratch (a private tmpfs, counted in its memory too)
    seeds: str | None = None  # "public": from `seed` alone; "secret": keyed by .secret; None: see seeds_public
    elo_anchor: str | None = None  # the player at Elo 0 (default: arena.ratings.elo.default_anchor)
    source: str = "<config>"  # the file it was read from, for messages

    @property
    def folder(self) -> Path:
        return Path(self.output) / self.name

    def player(self, name: str) -> PlayerEntry:
        return next(p for p in self.players if p.name == name)

    def to_dict(self) -> dict:
        out = {"name": self.name, "game": self.game}
        if self.options:
            out["options"] = dict(self.options)
        out.update(seats=self.seats, players=[p.to_dict() for p in self.players],
                   games_per_pairing=self.games_per_pairing, seed=self.seed)
        limits = {"game_seconds": self.game_seconds}
        if self.move_seconds is not None:
            limits["move_seconds"] = self.move_seconds
        out["time_limits"] = limits
        out["workers"] = self.workers
        out["output"] = self.output
        for key in ("ray_address", "games_per_task", "elo_anchor"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.plugins:
            out["plugins"] = list(self.plugins)
        if self.isolation != "process":
            out["isolation"] = self.isolation
        for key in ("player_memory_mb", "player_disk_mb", "seeds"):
            if getattr(self, key) != DEFAULTS[key]:
                out[key] = getattr(self, key)
        return out

    def all_trusted(self) -> bool:
        """Whether every player is arena's own code, or runs in the game's process by choice."""
        from arena.game.plugins import is_builtin

        return self.isolation == "none" or all(is_builtin(p.spec, p.params) for p in self.players)

    def seeds_public(self) -> bool:
        """Whether the game seeds come from ``seed`` alone (the same config gives the same games
        on any machine) rather than keyed by the tournament's secret: ``seeds: public`` or
        ``secret`` says so; unset, they are public exactly when every player is trusted, for a
        submitted player could rebuild a deal from public seeds and the config."""
        if self.seeds is not None:
            return self.seeds == "public"
        return self.all_trusted()

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_dict(), sort_keys=False)


def load_config(path, check_players: bool = True) -> TournamentConfig:
    """Read and check a config file; with ``check_players`` every player is built once."""
    path = Path(path)
    where = str(path)
    if not path.is_file():
        raise ConfigError(f"{where}: no such file")
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" (line {mark.line + 1})" if mark is not None else ""
        raise ConfigError(f"{where}: not valid YAML{line}: {getattr(exc, 'problem', exc)}") from None
    cfg = config_from_dict(data, where)
    if check_players:
        check_config_players(cfg)
    return cfg


def config_from_dict(data, where: str, game_defaults: bool = True) -> TournamentConfig:
    """Check the structure and values of a parsed config (no players built).  With
    ``game_defaults`` each ``ismcts`` / ``pimc`` player's params are completed with the
    game's defaults (:func:`players.loading.with_game_defaults`), so that the config a
    results folder stores names every parameter its games were played with."""
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: expected a mapping of keys (name, game, seats, players, ...)")
    _no_unknown(data, KEYS, where, "")
    for key in ("name", "game", "seats", "players"):
        if key not in data:
            raise ConfigError(f"{where}: {key}: missing (required)")
    values = dict(DEFAULTS)
    values.update({k: v for k, v in data.items() if v is not None})
    name = _text(values["name"], where, "name")
    if not _NAME.match(name):
        raise ConfigError(f"{where}: name: {name!r} must be letters, digits, '_', '-', '.', '+' (it names a folder)")
    cfg = TournamentConfig(
        name=name, game=_text(values["game"], where, "game"),
        seats=_whole(values["seats"], where, "seats", 1), players=[],
        options=_mapping(values["options"], where, "options"),
        games_per_pairing=_whole(values["games_per_pairing"], where, "games_per_pairing", 1),
        seed=_whole(values["seed"], where, "seed", 0),
        workers=_whole(values["workers"], where, "workers", 0),
        output=_text(values["output"], where, "output"),
        ray_address=None if values["ray_address"] is None else _text(values["ray_address"], where, "ray_address"),
        games_per_task=None if values["games_per_task"] is None
        else _whole(values["games_per_task"], where, "games_per_task", 1),
        plugins=_plugin_list(values["plugins"], where), isolation=_isolation(values["isolation"], where),
        player_memory_mb=_whole(values["player_memory_mb"], where, "player_memory_mb", 64),
        player_disk_mb=_whole(values["player_disk_mb"], where, "player_disk_mb", 1),
        seeds=_seeds(values["seeds"], where), source=where)
    _read_time_limits(cfg, data.get("time_limits") or {}, where)
    cfg.players = _read_players(values["players"], where)
    if values["elo_anchor"] is not None:
        cfg.elo_anchor = _text(values["elo_anchor"], where, "elo_anchor")
        if cfg.elo_anchor not in {p.name for p in cfg.players}:
            raise ConfigError(f"{where}: elo_anchor: {cfg.elo_anchor!r} is not the name of a player")
    _check_game(cfg)
    if game_defaults:
        from players.loading import with_game_defaults

        for entry in cfg.players:
            entry.params = with_game_defaults(entry.spec, entry.params, cfg.game)
    return cfg


def _read_time_limits(cfg, limits, where):
    if not isinstance(limits, dict):
        raise ConfigError(f"{where}: time_limits: expected a mapping (move_seconds, game_seconds)")
    _no_unknown(limits, TIME_KEYS, where, "time_limits.")
    if limits.get("move_seconds") is not None:
        cfg.move_seconds = _positive(limits["move_seconds"], where, "time_limits.move_seconds")
    if limits.get("game_seconds") is not None:
        cfg.game_seconds = _positive(limits["game_seconds"], where, "time_limits.game_seconds")


def _read_players(players, where) -> list:
    if not isinstance(players, list) or not players:
        raise ConfigError(f"{where}: players: expected a list of players ({{name, class, params}})")
    entries, seen = [], set()
    for i, item in enumerate(players):
        key = f"players[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(f"{where}: {key}: expected a mapping with name, class and (optional) params")
        _no_unknown(item, PLAYER_KEYS, where, f"{key}.")
        for required in ("name", "class"):
            if required not in item:
                raise ConfigError(f"{where}: {key}.{required}: missing (required)")
        name = _text(item["name"], where, f"{key}.name")
        if not _NAME.match(name):
            raise ConfigError(f"{where}: {key}.name: {name!r} must be letters, digits, '_', '-', '.', '+'")
        if name in seen:
            raise ConfigError(f"{where}: {key}.name: {name!r} is used by an earlier player")
        seen.add(name)
        params = _mapping(item.get("params") or {}, where, f"{key}.params")
        problem = params_problem(params)
        if problem:
            raise ConfigError(f"{where}: {key}.params: {problem}")
        refusal = human_refusal(_text(item["class"], where, f"{key}.class"), params)
        if refusal:
            raise ConfigError(f"{where}: {key}.class: {refusal}")
        entries.append(PlayerEntry(name, _text(item["class"], where, f"{key}.class"), params))
    return entries


def _check_game(cfg: TournamentConfig) -> None:
    from engine.contract import OptionError
    from engine.registry import get_game

    where = cfg.source
    try:
        import_plugins(cfg.plugins)
    except ImportError as exc:
        raise ConfigError(f"{where}: plugins: {exc}") from None
    try:
        spec = get_game(cfg.game)
    except OptionError as exc:
        raise ConfigError(f"{where}: game: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a broken game module is a config-time error too
        raise ConfigError(f"{where}: game: cannot load {cfg.game!r}: {type(exc).__name__}: {exc}") from None
    if not spec.min_players <= cfg.seats <= spec.max_players:
        raise ConfigError(f"{where}: seats: {cfg.game} is for {spec.min_players}-{spec.max_players} players, "
                          f"not {cfg.seats}")
    if len(cfg.players) < cfg.seats:
        raise ConfigError(f"{where}: players: {len(cfg.players)} {'player' if len(cfg.players) == 1 else 'players'} "
                          f"cannot fill {cfg.seats} seats")
    try:
        spec.resolve_options(cfg.options)
    except OptionError as exc:
        raise ConfigError(f"{where}: options: {exc}") from None


def check_config_players(cfg: TournamentConfig) -> None:
    """Build every player once, so a bad class or parameter stops the run before any game.
    A submitted player is built in a player process (its module's code never runs here)."""
    for i, entry in enumerate(cfg.players):
        check_player_entry(entry, cfg.game, f"{cfg.source}: players[{i}]", cfg)


def check_player_entry(entry: PlayerEntry, game: str, where: str, cfg: TournamentConfig | None = None) -> None:
    from arena.game.plugins import is_builtin
    from players.loading import PlayerSpecError, UnknownParameter, make_player

    if not is_builtin(entry.spec, entry.params) and (cfg is None or cfg.isolation != "none"):
        from arena.runs.checks import build_in_process_of_its_own

        message = build_in_process_of_its_own(entry.spec, entry.params, game, cfg)
        if message:
            raise ConfigError(f"{where}.class: {message}")
        return
    # the player's own text (its import or constructor error) goes into the message: one line, no escape sequence
    try:
        make_player(entry.spec, entry.params, game)
    except UnknownParameter as exc:
        raise ConfigError(f"{where}.params.{exc.key}: {for_terminal(exc)}") from None
    except PlayerSpecError as exc:
        raise ConfigError(f"{where}.class: {for_terminal(exc)}") from None
    except Exception as exc:  # noqa: BLE001 - a constructor's own error, reported with the key
        raise ConfigError(f"{where}.params: {entry.spec} raised {type(exc).__name__}: {for_terminal(exc)}") from None




def params_problem(params: dict) -> str | None:
    """What makes a player's parameters unfit for a config, a log and leaderboard.json: text
    that UTF-8 cannot hold (a lone surrogate such as ``"\\ud800"``: every later write of the
    config or the leaderboard would fail) or a number JSON has not (NaN, Infinity).  None where
    there is nothing."""
    import json

    try:
        json.dumps(params, allow_nan=False, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:  # a ValueError too: first
        return f"text UTF-8 cannot hold ({exc.reason}: {exc.object[exc.start:exc.end]!r})"
    except (TypeError, ValueError) as exc:
        return f"{exc} (NaN and Infinity have no JSON form)" if "Out of range float" in str(exc) else str(exc)
    return None


def _no_unknown(mapping, known, where, prefix):
    for key in mapping:
        if key not in known:
            raise ConfigError(f"{where}: {prefix}{key}: unknown key (known: {', '.join(known)})")


def _text(value, where, key) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where}: {key}: expected a non-empty string, got {value!r}")
    return value.strip()


def _whole(value, where, key, minimum) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ConfigError(f"{where}: {key}: expected a whole number >= {minimum}, got {value!r}")
    return value


def _positive(value, where, key) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ConfigError(f"{where}: {key}: expected a positive number of seconds, got {value!r}")
    return float(value)


def _mapping(value, where, key) -> dict:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: {key}: expected a mapping, got {value!r}")
    return dict(value)


def _isolation(value, where) -> str:
    if value not in ISOLATION:
        raise ConfigError(f"{where}: isolation: expected 'process' (every submitted player in a jail "
                          f"of its own, the default) or 'none' (trusted players only), got {value!r}")
    return value


def _seeds(value, where) -> str | None:
    if value is not None and value not in SEEDS:
        raise ConfigError(f"{where}: seeds: expected 'public' (the games from `seed` alone: reproducible from "
                          f"the config, trusted players only) or 'secret' (keyed by the tournament's secret), "
                          f"got {value!r}")
    return value


def _plugin_list(value, where) -> list:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: plugins: expected a list of module names or .py paths")
    return list(value)
