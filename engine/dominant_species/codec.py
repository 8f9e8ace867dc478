"""The fixed integer encoding of Dominant Species actions (``GAME.action_codec``).

An action is a plain tuple ``(kind, a, b)`` (``actions.py``); each kind owns one
block, its fields ranging over these bounds, each a true one:

* a hex (tile) is one of the 35 positions of the map (``board.NUM_HEXES``), a
  corner one of the 92 corners of the whole map (``board.NUM_CORNERS``: the ids
  are the same under both values of ``rim_corners``, which only leaves some out);
* a space is one of the 44 spaces of the action display, an element one of the
  six, a card one of the 26 (Ice Age included), a wanderlust stack one of three;
* a seat is below the player count;
* ``add <n>``: Speciation adds 0 up to the tile type's limit (``SPECIATION_LIMIT``,
  at most 4), Aquatic 0..4, Fecundity 1, Hibernation 1..5 (``dominance``), so
  ``n`` is in 0..5;
* ``move <from> -> <to>`` takes any ordered pair of hexes (a Bird's two-step
  move included; no move goes farther than the map).
"""
from __future__ import annotations

from functools import lru_cache

from engine.action_codec import Block, BlockCodec
from engine.dominant_species.actions import (ADD, CARD, CHOOSE, DOMINATE, ELIMINATE, EVOLVE, GLACIATE, INITIATIVE,
                                             KEEP, KEEP_DISC, LAY, LOSE, LOSE_AP, MOVE, PASS, PLACE, PUT, REDUCE,
                                             REMOVE, SAVE, SEND, SPARE, SPECIATE, SPECIATE_AT, STACK, TAKE)
from engine.dominant_species.board import NUM_CORNERS, NUM_HEXES, NUM_SPACES
from engine.dominant_species.cards import NUM_CARDS

MOST_ADDED = 5  # Hibernation: 1-5 cubes; every other "add" is at most 4


def _verb_of(action):
    return action[0] if type(action) is tuple and action else None


def _block(kind, name, fields):
    return Block(kind, name, fields, lambda *values: (kind,) + values, lambda action: action[1:])


@lru_cache(maxsize=None)
def action_codec(num_players: int) -> BlockCodec:
    hexes = ("hex", range(NUM_HEXES))
    corner = ("corner", range(NUM_CORNERS))
    element = ("element", range(6))
    seat = ("seat", range(num_players))
    return BlockCodec([
        _block(PASS, "pass", ()),
        _block(PLACE, "place", (("space", range(NUM_SPACES)),)),
        _block(INITIATIVE, "advance initiative", ()),
        _block(TAKE, "take", (element,)),
        _block(KEEP, "keep", (element,)),
        _block(LOSE, "lose", (element,)),
        _block(PUT, "put", (corner,)),
        _block(SPECIATE_AT, "speciate at", (corner,)),
        _block(REMOVE, "remove", (corner,)),
        _block(KEEP_DISC, "keep disc", (corner,)),
        _block(ADD, "add", (("count", range(MOST_ADDED + 1)), hexes)),
        _block(GLACIATE, "glaciate", (hexes,)),
        _block(DOMINATE, "dominate", (hexes,)),
        _block(CARD, "card", (("card", range(NUM_CARDS)),)),
        _block(STACK, "stack", (("stack", range(3)),)),
        _block(LAY, "lay", (hexes,)),
        _block(MOVE, "move", (("from", range(NUM_HEXES)), ("to", range(NUM_HEXES)))),
        _block(ELIMINATE, "eliminate", (seat, hexes)),
        _block(SPARE, "spare", (seat, hexes)),
        _block(EVOLVE, "evolve", (seat, hexes)),
        _block(SEND, "send", (seat, hexes)),
        _block(CHOOSE, "choose", (hexes,)),
        _block(LOSE_AP, "lose ap", ()),
        _block(REDUCE, "reduce", ()),
        _block(SAVE, "save", (hexes,)),
        _block(SPECIATE, "speciate", (hexes,)),
    ], verb_of=_verb_of)
