"""Games by name.  Each game module is imported only when first asked for."""
from __future__ import annotations

import importlib

from engine.contract import GameSpec, OptionError

# name -> "module:attribute" of its GameSpec
_BUILTIN = {
    "origin": "engine.origin:GAME",
    "citadels": "engine.citadels:GAME",
    "natural_selection": "engine.natural_selection:GAME",
    "dominant_species": "engine.dominant_species:GAME",
    "random_mutations": "engine.random_mutations:GAME",
}
_loaded: dict[str, GameSpec] = {}


class UnknownGameError(OptionError):
    pass


def register(spec: GameSpec) -> GameSpec:
    """Add a game (used by tests and by third-party games)."""
    _loaded[spec.name] = spec
    return spec


def get_game(name: str) -> GameSpec:
    if name in _loaded:
        return _loaded[name]
    target = _BUILTIN.get(name)
    if target is None:
        raise UnknownGameError(f"no game named {name!r} (games: {', '.join(game_names())})")
    module, attr = target.split(":")
    spec = getattr(importlib.import_module(module), attr)
    _loaded[name] = spec
    return spec


def game_names() -> list[str]:
    """Every game that can be loaded (built-ins whose module exists, plus registered ones)."""
    names = set(_loaded)
    for name, target in _BUILTIN.items():
        if importlib.util.find_spec(target.split(":")[0]) is not None:
            names.add(name)
    return sorted(names)


def new_game(name: str, num_players: int, seed: int, options: dict | None = None):
    return get_game(name).new_game(num_players, seed, options)
