"""Turning a player spec from a config or the command line into a Player.

Specs: a built-in name (``random``, ``rules``, ``ismcts``, ``pimc``),
``package.module:Class`` or ``path/to/file.py:Class``; keyword parameters come
from the config.
"""
from __future__ import annotations

import importlib
import importlib.util
import inspect
from pathlib import Path

# name -> "module:Class"; "rules" is looked up per game (players/rules/<game>.py)
BUILTIN = {
    "random": "players.random_player:RandomPlayer",
    "ismcts": "players.ismcts:ISMCTSPlayer",
    "pimc": "players.pimc:PIMCPlayer",
}


class PlayerSpecError(ValueError):
    """A player spec that cannot be loaded or constructed; the message says why."""


def resolve_class(spec: str, game: str | None = None):
    """The class named by ``spec``."""
    if spec == "rules":
        if game is None:
            raise PlayerSpecError("player 'rules' needs a game (rule-based players are per game)")
        spec = f"players.rules.{game}:RuleBasedPlayer"
    spec = BUILTIN.get(spec, spec)
    if ":" not in spec:
        raise PlayerSpecError(
            f"player {spec!r}: expected a built-in name ({', '.join(sorted(BUILTIN))}, rules), "
            "'package.module:Class' or 'path/to/file.py:Class'")
    where, _, cls_name = spec.rpartition(":")
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise PlayerSpecError(f"player {spec!r}: no file {where}")
        mod_name = f"arena_user_{path.stem}_{abs(hash(str(path.resolve())))}"
        module_spec = importlib.util.spec_from_file_location(mod_name, path)
        module = importlib.util.module_from_spec(module_spec)
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:  # noqa: BLE001
            raise PlayerSpecError(f"player {spec!r}: importing {where} failed: {type(exc).__name__}: {exc}") from exc
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise PlayerSpecError(f"player {spec!r}: no module named {where!r} ({exc})") from exc
    cls = getattr(module, cls_name, None)
    if cls is None:
        raise PlayerSpecError(f"player {spec!r}: module {where!r} has no {cls_name!r}")
    if not inspect.isclass(cls):
        raise PlayerSpecError(f"player {spec!r}: {cls_name!r} is not a class")
    return cls


def make_player(spec: str, params: dict | None = None, game: str | None = None):
    cls = resolve_class(spec, game)
    try:
        player = cls(**(params or {}))
    except TypeError as exc:
        raise PlayerSpecError(f"player {spec!r}: cannot construct {cls.__name__}(**{params or {}}): {exc}") from exc
    for method in ("start", "act"):
        if not callable(getattr(player, method, None)):
            raise PlayerSpecError(f"player {spec!r}: {cls.__name__} has no {method}() method")
    return player
