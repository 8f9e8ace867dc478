"""The fixed integer encoding of Citadels of Evolution actions (``GAME.action_codec``).

Bounds, all true ones: the map is the start tile at (0, 0) plus at most the 36
tiles of the stack, each laid next to one already there (B3), so every cell that
is or can become a tile is within 36 steps of the origin: both coordinates lie in
-36..36.  An attack targets a creature on an orthogonally adjacent tile (E1), so it
is encoded as the predator's cell, the direction to the target's tile (N, E, S, W)
and the victim's seat.
"""
from __future__ import annotations

from functools import lru_cache

from engine.action_codec import Block, BlockCodec
from engine.citadels.actions import (Attack, Discard, EndTurn, Feed, Lay, PickRole, PlayTrait, Settle, ShamanGift,
                                   ShamanHeal, StopFeeding, V_ATTACK, V_DISCARD, V_END, V_FEED, V_GIFT, V_HEAL,
                                   V_LAY, V_ROLE, V_SETTLE, V_STOP, V_TRAIT)
from engine.citadels.roles import ROLES
from engine.citadels.tiles import STEP, TILES_IN_GAME
from engine.citadels.traits import TRAITS

REACH = TILES_IN_GAME - 1  # the farthest a tile can lie from (0, 0), in each coordinate


@lru_cache(maxsize=None)
def action_codec(num_players: int) -> BlockCodec:
    coordinate = range(-REACH, REACH + 1)
    seats = range(num_players)
    cell = (("x", coordinate), ("y", coordinate))
    direction = {step: d for d, step in enumerate(STEP)}

    def attack(x, y, d, victim):
        dx, dy = STEP[d]
        return Attack(x, y, x + dx, y + dy, victim)

    return BlockCodec([
        Block(V_DISCARD, "discard", (("trait", TRAITS),), Discard),
        Block(V_ROLE, "role", (("role", ROLES), ("target", range(-1, num_players))), PickRole),
        Block(V_LAY, "lay", cell + (("rotation", range(4)),), Lay),
        Block(V_SETTLE, "settle", cell, Settle),
        Block(V_TRAIT, "trait", (("trait", TRAITS),) + cell, PlayTrait),
        Block(V_GIFT, "shaman", (("trait", TRAITS),) + cell, ShamanGift),
        Block(V_HEAL, "heal", cell, ShamanHeal),
        Block(V_ATTACK, "attack", cell + (("direction", range(4)), ("victim", seats)), attack,
              lambda a: (a.x, a.y, direction.get((a.tx - a.x, a.ty - a.y)), a.victim)),
        Block(V_END, "end", (), EndTurn),
        Block(V_FEED, "feed", cell, Feed),
        Block(V_STOP, "stop", (), StopFeeding),
    ])
