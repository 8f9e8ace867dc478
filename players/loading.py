"""Turning a player spec from a config or the command line into a Player.

Specs: a built-in name (``random``, ``rules``, ``ismcts``, ``pimc``, ``human`` (the person at
the terminal, for ``arena play`` only: :mod:`players.human`), and with the
``openspiel`` extra ``openspiel-ismcts``, ``openspiel-mcts``),
``package.module:Class`` or ``path/to/file.py:Class``; keyword parameters come
from the config; ``ismcts`` and ``pimc`` take the game's own defaults for what the
config leaves out (:func:`with_game_defaults`).  Checking a player by playing games is arena's
(``arena.runs.checks.check_player``); nothing here imports ``arena``.  Every problem
is a :class:`PlayerSpecError` whose message names the spec and what is wrong.
"""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
import zlib
from pathlib import Path

# name -> "module:Class"; "rules" is looked up per game (players/rules/<game>.py).
# The OpenSpiel players live with the OpenSpiel adapter (arena/interop/openspiel.py, the
# `openspiel` extra); as every built-in, their module is imported only when the spec
# is used, so nothing here imports arena or OpenSpiel.
BUILTIN = {
    "random": "players.random_player:RandomPlayer",
    "ismcts": "players.ismcts:ISMCTSPlayer",
    "pimc": "players.pimc:PIMCPlayer",
    "human": "players.human:HumanPlayer",
    "openspiel-ismcts": "arena.interop.openspiel:OpenSpielISMCTSPlayer",
    "openspiel-mcts": "arena.interop.openspiel:OpenSpielMCTSPlayer",
}


class PlayerSpecError(ValueError):
    """A player spec that cannot be loaded or constructed; the message says why."""


class UnknownParameter(PlayerSpecError):
    """A parameter the player's class does not take (``key``: its name)."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


def accepted_parameters(cls):
    """The keyword parameters ``cls`` takes (its ``__init__`` and those its bases' take through
    ``**params``), sorted; None where any name would do (the chain ends in ``**kwargs``)."""
    names, open_ended = set(), False
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is None or klass is object:
            continue
        try:
            parameters = list(inspect.signature(init).parameters.values())
        except (TypeError, ValueError):
            return None
        names.update(p.name for p in parameters[1:] if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
        open_ended = any(p.kind is p.VAR_KEYWORD for p in parameters)
        if not open_ended:
            break  # this __init__ takes no more: its bases get only what it passes on
    return None if open_ended else sorted(names)


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
        module = _load_file(spec, path)
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise PlayerSpecError(f"player {spec!r}: no module named {where!r} ({exc})") from exc
        except Exception as exc:  # noqa: BLE001 - a broken user module
            raise PlayerSpecError(f"player {spec!r}: importing {where} failed: {type(exc).__name__}: {exc}") from exc
    cls = getattr(module, cls_name, None)
    if cls is None:
        raise PlayerSpecError(f"player {spec!r}: module {where!r} has no {cls_name!r}")
    if not inspect.isclass(cls):
        raise PlayerSpecError(f"player {spec!r}: {cls_name!r} is not a class")
    return cls


def _load_file(spec: str, path: Path):
    """Import a player file once per process, under a name stable for its path."""
    resolved = str(path.resolve())
    mod_name = f"arena_user_{path.stem}_{zlib.crc32(resolved.encode()):08x}"
    if mod_name in sys.modules:
        return sys.modules[mod_name]
    module_spec = importlib.util.spec_from_file_location(mod_name, path)
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[mod_name] = module  # dataclasses and pickling look a class's module up here
    try:
        module_spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - a broken user file
        del sys.modules[mod_name]
        raise PlayerSpecError(f"player {spec!r}: importing {path} failed: {type(exc).__name__}: {exc}") from exc
    return module


SEARCH_PLAYERS = ("ismcts", "pimc")  # the built-ins a game may give defaults (GameSpec.search_defaults)
BUDGET = ("iterations", "seconds")  # one budget: either given, the game's budget is not used


def game_defaults(spec: str, game: str | None) -> dict:
    """The game's own parameters for the built-in search player ``spec`` (its
    ``GameSpec.search_defaults``); ``{}`` for any other player or game."""
    if spec not in SEARCH_PLAYERS or game is None:
        return {}
    from engine.registry import get_game

    try:
        defaults = get_game(game).search_defaults or {}
    except Exception:  # noqa: BLE001 - an unknown game is named where the game is checked
        return {}
    return dict(defaults.get(spec) or {})


def class_defaults(cls) -> dict:
    """Every keyword parameter of ``cls`` with a default, as its constructor takes it: a
    subclass's ``__init__`` over its bases' (whose parameters it passes on as ``**params``)."""
    defaults = {}
    for klass in reversed(cls.__mro__):
        init = klass.__dict__.get("__init__")
        if init is None:
            continue
        try:
            parameters = inspect.signature(init).parameters.values()
        except (TypeError, ValueError):
            continue
        defaults.update((p.name, p.default) for p in parameters if p.default is not inspect.Parameter.empty)
    return defaults


def with_game_defaults(spec: str, params: dict | None, game: str | None) -> dict:
    """``params`` over the game's defaults for ``spec``: each parameter given overrides its
    default, and a budget given (``iterations`` or ``seconds``, ``null`` included) replaces
    the game's budget whole, so ``{seconds: 0.2, iterations: null}`` is a time budget only.
    The same params again give the same result."""
    given = dict(params or {})
    defaults = game_defaults(spec, game)
    if any(key in given for key in BUDGET):
        defaults = {k: v for k, v in defaults.items() if k not in BUDGET}
    return {**defaults, **given}


def make_player(spec: str, params: dict | None = None, game: str | None = None):
    """The player ``spec`` with ``params`` (over the game's defaults for ``ismcts`` and ``pimc``)."""
    cls = resolve_class(spec, game)
    if params is not None and not isinstance(params, dict):
        raise PlayerSpecError(f"player {spec!r}: params must be a mapping of keyword parameters, not {params!r}")
    known = accepted_parameters(cls)
    for key in params or {}:
        if known is not None and key not in known:
            raise UnknownParameter(f"player {spec!r}: {cls.__name__} takes no parameter {key!r} (it takes: "
                                   f"{', '.join(known) or 'none'})", key)
    params = with_game_defaults(spec, params, game)
    try:
        player = cls(**(params or {}))
    except Exception as exc:  # noqa: BLE001 - a user's constructor may raise anything
        raise PlayerSpecError(f"player {spec!r}: cannot construct {cls.__name__}(**{params or {}}): "
                              f"{type(exc).__name__}: {exc}") from exc
    for method in ("start", "act"):
        if not callable(getattr(player, method, None)):
            raise PlayerSpecError(f"player {spec!r}: {cls.__name__} has no {method}() method")
    return player
