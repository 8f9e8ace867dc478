"""Which players are arena's own code, and the config's plugins imported (modules that may
register games).  Used by the game master, the jail's host and the tournament alike."""
from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

HUMAN = "human"  # the person at the terminal (players/human.py): arena's own code, run in the game's process
BUILTIN_SPECS = frozenset({"random", "rules", "ismcts", "pimc", HUMAN})


NESTED_ROLLOUTS = 4  # rollout players within rollout players that can still count as arena's own


def is_builtin(spec: str, params: dict | None = None) -> bool:
    """Whether a player is arena's own code only: a built-in name, and no parameter
    that names a player spec of someone else's: an ISMCTS or PIMC ``rollout`` is the
    search's own (``players.search_player.OWN_ROLLOUTS``) or a built-in player whose own
    ``rollout_params`` are built-in in turn (a rollout ``ismcts`` could name a file of
    someone else's one level down).  Nested deeper than ``NESTED_ROLLOUTS`` (a YAML alias
    can even make ``rollout_params`` contain itself) is not taken for arena's own: such a
    player is built in its jail, where what its building raises is charged to it."""
    from players.search_player import OWN_ROLLOUTS

    for _ in range(NESTED_ROLLOUTS + 1):
        if spec not in BUILTIN_SPECS:
            return False
        params = params or {}
        rollout = params.get("rollout", "random")
        if not isinstance(rollout, str) or rollout in OWN_ROLLOUTS:  # a non-text one is refused when built
            return True
        if rollout == HUMAN:
            return False
        try:
            params = dict(params.get("rollout_params") or {})  # as the search player reads it
        except (TypeError, ValueError):
            return False
        spec = rollout
    return False


def human_refusal(spec: str, params: dict | None = None) -> str | None:
    """Why a player cannot be entered where nobody sits at a terminal (a tournament, a match,
    a check), or None: ``human`` is the person at the terminal, for ``arena play`` only."""
    rollout = (params or {}).get("rollout")
    if spec == HUMAN or rollout == HUMAN:
        what = "'human'" if spec == HUMAN else "rollout 'human'"
        return (f"{what} is the person at the terminal, and a tournament, match or check has no terminal; "
                f"play a game against a bot with `arena play GAME --players human,BOT`")
    return None


def import_plugins(plugins) -> None:
    """Import each plugin (a module name or a .py path); plugins may register games."""
    for plugin in plugins:
        if plugin.endswith(".py"):
            path = Path(plugin).resolve()
            mod_name = f"arena_plugin_{path.stem}"
            if mod_name in sys.modules:
                continue
            if not path.is_file():
                raise ImportError(f"no file {plugin}")
            spec = importlib.util.spec_from_file_location(mod_name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[mod_name] = module
            spec.loader.exec_module(module)
        else:
            try:
                importlib.import_module(plugin)
            except ImportError as exc:
                raise ImportError(f"cannot import {plugin!r}: {exc}") from None
