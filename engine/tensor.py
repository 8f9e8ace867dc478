"""Observations as fixed-length numeric vectors, and a fixed action space with a
legal-action mask: what reinforcement-learning code needs (issue 33; ``docs/rl.md``).

Each game has a module ``engine/<game>/tensor.py`` with three functions:

* ``layout(num_players) -> Layout``: the named fields of its vector, each with its
  offset, length and meaning (``Layout.describe()`` prints the table, and the module's
  docstring lists the same fields);
* ``encode(observation) -> numpy.ndarray`` (float32, ``layout(n).size`` long): built
  from the observation alone, so it holds only what that seat may know: re-dealing the
  hidden cards (``observation.sample(rng)``) and observing the same seat again gives
  the same vector (``tests/test_tensors.py``);
* ``action_space(num_players)``: an action codec (``size``, ``encode(action) -> int``,
  ``decode(int) -> action``) numbering every action it can hold in ``0 .. size-1``.

Seats are relative in every vector: seat block 0 is the observing seat, block 1 the
seat after it, and so on, so one policy serves every seat.

The action space is the game's own ``action_codec`` (the one behind the OpenSpiel
adapter) where that is small enough to be a mask (Citadels, Dominant Species).  Where
the exact codec proves bounds that no game comes near (Origin and Natural Selection
allow a row of hundreds of animals or species, Random Mutations a species of 180
cards) and so counts millions of ids, ``action_space`` is the same codec with
those position fields cut to a bound that the vector also uses (``capped``).
An action beyond that bound (never met in the random games of the tests) has no index:
:func:`legal_mask` leaves it out of the mask and reports it, and the RL environments
count it (``info["unencodable"]``).

``for_game(name)`` finds a game's module; ``register(name, module)`` adds one for a
game outside the engine package.
"""
from __future__ import annotations

import importlib

import numpy as np

from engine.action_codec import Block, BlockCodec

_modules: dict = {}


class Layout:
    """The fields of one game's vector for one player count: ``(name, length, meaning)``
    in order, each starting where the previous one ends."""

    __slots__ = ("game", "num_players", "fields", "offset", "length", "size")

    def __init__(self, game: str, num_players: int, fields):
        self.game = game
        self.num_players = num_players
        self.fields = tuple((name, int(length), meaning) for name, length, meaning in fields)
        self.offset = {}
        self.length = {}
        at = 0
        for name, length, _ in self.fields:
            if name in self.offset:
                raise ValueError(f"tensor layout of {game}: field {name!r} twice")
            if length <= 0:
                raise ValueError(f"tensor layout of {game}: field {name!r} has length {length}")
            self.offset[name] = at
            self.length[name] = length
            at += length
        self.size = at

    def slice(self, name: str) -> slice:
        start = self.offset[name]
        return slice(start, start + self.length[name])

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def describe(self) -> str:
        """The table of fields: offset, length, name, meaning."""
        lines = [f"{self.game}, {self.num_players} players: {self.size} values",
                 f"{'offset':>7} {'length':>6}  field: meaning"]
        for name, length, meaning in self.fields:
            lines.append(f"{self.offset[name]:>7} {length:>6}  {name}: {meaning}")
        return "\n".join(lines)


def head(phases: int, num_players: int) -> list:
    """The fields every game's vector starts with: its phase, the seat to act, game over."""
    return [("phase", phases, "one-hot phase"), ("to_move", num_players, "one-hot relative seat to act"),
            ("terminal", 1, "game over")]


def begin(lay: Layout, obs) -> tuple:
    """``(vector, order)``: a vector of ``lay`` with its :func:`head` fields set from ``obs``,
    and the seats in relative order (``order[k]``: the seat ``k`` places after the observer)."""
    n, me = obs.num_players, obs.seat
    off = lay.offset
    v = lay.zeros()
    v[off["phase"] + obs.phase] = 1
    if not obs.is_terminal:
        v[off["to_move"] + (obs.current_player - me) % n] = 1
    v[off["terminal"]] = obs.is_terminal
    return v, [(me + k) % n for k in range(n)]


def capped(codec: BlockCodec, caps: dict) -> BlockCodec:
    """The same blocks, verbs, makers and packers as ``codec``, with every field whose name
    is in ``caps`` keeping only its values allowed by ``caps[name]`` (a predicate): a
    smaller codec that numbers a subset of the same actions."""
    blocks = []
    for block in codec.blocks:
        fields = tuple((name, tuple(v for v in values if caps[name](v)) if name in caps else values)
                       for (name, _), values in zip(block.fields, block.values))
        blocks.append(Block(block.verb, block.name, fields, block.make, block.pack))
    return BlockCodec(blocks, verb_of=codec._verb_of)


def legal_mask(space, legal) -> tuple:
    """``(mask, ids, unencodable)`` for the legal actions ``legal``: ``mask`` an int8 array of
    ``space.size`` with 1 at each legal index, ``ids[i]`` the index of ``legal[i]`` (None where
    it has none), ``unencodable`` how many have none."""
    mask = np.zeros(space.size, dtype=np.int8)
    ids = []
    missing = 0
    encode = space.encode
    for action in legal:
        try:
            i = encode(action)
        except ValueError:
            i = None
            missing += 1
        else:
            mask[i] = 1
        ids.append(i)
    return mask, ids, missing


def register(name: str, module) -> None:
    """Give the game ``name`` (of the registry) a tensor module (with ``layout``, ``encode``,
    ``action_space``): for games outside the engine package."""
    _modules[name] = module


def for_game(name: str):
    """The tensor module of game ``name``: registered, or ``engine.<name>.tensor``."""
    module = _modules.get(name)
    if module is None:
        try:
            module = importlib.import_module(f"engine.{name}.tensor")
        except ModuleNotFoundError as exc:
            raise ValueError(f"game {name!r} has no tensor encoding (engine/{name}/tensor.py)") from exc
        _modules[name] = module
    return module


def layout(name: str, num_players: int) -> Layout:
    return for_game(name).layout(num_players)


def encode(observation) -> np.ndarray:
    return for_game(observation.game).encode(observation)


def action_space(name: str, num_players: int):
    return for_game(name).action_space(num_players)
