"""Citadels of Evolution observations as vectors, and the fixed action space (``engine.tensor``).

Seats are relative (block 0 = the observing seat).  The map holds at most 37 tiles
(``tiles.TILES_IN_GAME``), listed in laying order; every seat has 4 creature tokens
(``board.CREATURES_PER_PLAYER``).  Roles are ``roles.ROLES`` (king, mage, shaman,
merchant, architect); traits ``traits.TRAITS`` (predator, camouflage, aquatic, fat).
The fields, in order (``layout(n).describe()`` prints offsets):

==================  =========  ===================================================================
field               length     meaning
==================  =========  ===================================================================
phase               7          one-hot ``board.PHASE_NAME`` (discard, draft, map, actions, feeding x2, over)
to_move             n          one-hot relative seat to act (all 0 once the game is over)
terminal            1          1 when the game is over
round               1          round number
crown               n          one-hot relative seat holding the crown
draft_order         n*n        per draft slot: one-hot relative seat
order               n*n        per turn-order slot (after the reveal): one-hot relative seat
revealed            1          roles have been revealed this round
turn_state          6          turn index, lays left, settled, traited, shaman used, common food pool
score               n          per relative seat: score
hand                4          own hand: cards per trait
hand_sizes          n          per relative seat: cards in hand
deck_size           1          cards in the trait deck
discard             4          discard pile (face up) per trait
unseen_cards        4          trait cards per trait this seat has not seen
picks_made          1          roles picked so far this round
my_picks            5          roles this seat has picked (bits)
my_views            2*7        the seat's first two draft views: present, pick index, roles still
                               available then (5 bits)
roles               n*6        per relative seat: its roles are known to this seat; its roles (bits)
blocked             6          the Mage's target is known; one-hot role blocked (0 if none)
bottom              12         tiles put to the bottom of the stack, per kind
stack_size          1          tiles in the stack
unseen_tiles        12         tiles per kind this seat has not seen
drawn_tile          12         own drawn tile, one-hot kind (0 if none or another seat's)
drawer              n          one-hot relative seat holding a drawn tile
personal_food       n          per relative seat: personal food
eating              n          per relative seat: is eating
tiles               37*19      per tile in laying order: present, x, y, kind (12, one-hot),
                               rotation (4, one-hot)
creatures           n*4*15     per relative seat, per token: on the map, x, y, traits (4 bits),
                               trait cards (4 bits), wounded, fat, food, has attacked
==================  =========  ===================================================================

Rule options are not in the vector.  The action space is the game's exact
``codec.action_codec`` (122,588 ids at 2 players, 143,909 at 3).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.citadels.board import CREATURES_PER_PLAYER, PHASE_NAME
from engine.citadels.codec import action_codec
from engine.citadels.roles import ROLE_BIT, ROLES
from engine.citadels.tiles import NUM_KINDS, TILES_IN_GAME
from engine.citadels.traits import TRAIT_BIT, TRAITS
from engine.tensor import Layout, begin, head

TILE = 1 + 2 + NUM_KINDS + 4
CREATURE = 3 + 4 + 4 + 4
ROLE_INDEX = {r: i for i, r in enumerate(ROLES)}


@lru_cache(maxsize=None)
def layout(n: int) -> Layout:
    return Layout("citadels", n, [
        *head(len(PHASE_NAME), n),
        ("round", 1, "round number"),
        ("crown", n, "one-hot relative crown holder"),
        ("draft_order", n * n, "per draft slot: one-hot relative seat"),
        ("order", n * n, "per turn slot: one-hot relative seat"),
        ("revealed", 1, "roles revealed"),
        ("turn_state", 6, "turn, lays left, settled, traited, shaman used, pool"),
        ("score", n, "per relative seat: score"),
        ("hand", len(TRAITS), "own hand per trait"),
        ("hand_sizes", n, "per relative seat: cards in hand"),
        ("deck_size", 1, "trait deck size"),
        ("discard", len(TRAITS), "discard pile per trait"),
        ("unseen_cards", len(TRAITS), "unseen trait cards per trait"),
        ("picks_made", 1, "role picks made this round"),
        ("my_picks", len(ROLES), "own picked roles (bits)"),
        ("my_views", 2 * (2 + len(ROLES)), "own first two draft views: present, index, available roles"),
        ("roles", n * (1 + len(ROLES)), "per relative seat: known, role bits"),
        ("blocked", 1 + len(ROLES), "known; one-hot blocked role"),
        ("bottom", NUM_KINDS, "tiles at the stack's bottom per kind"),
        ("stack_size", 1, "tiles in the stack"),
        ("unseen_tiles", NUM_KINDS, "unseen tiles per kind"),
        ("drawn_tile", NUM_KINDS, "own drawn tile, one-hot kind"),
        ("drawer", n, "one-hot relative seat holding a drawn tile"),
        ("personal_food", n, "per relative seat: personal food"),
        ("eating", n, "per relative seat: eating"),
        ("tiles", TILES_IN_GAME * TILE, f"{TILES_IN_GAME} tiles in laying order, {TILE} values each"),
        ("creatures", n * CREATURES_PER_PLAYER * CREATURE,
         f"per relative seat, {CREATURES_PER_PLAYER} tokens of {CREATURE} values"),
    ])


def _role_bits(mask: int) -> list:
    return [1 if mask & ROLE_BIT[r] else 0 for r in ROLES]


def encode(obs) -> np.ndarray:
    n = obs.num_players
    me = obs.seat
    lay = layout(n)
    off = lay.offset
    v, order = begin(lay, obs)
    v[off["round"]] = obs.round
    v[off["crown"] + (obs.crown - me) % n] = 1
    for name in ("draft_order", "order"):
        o = off[name]
        for slot, seat in enumerate(getattr(obs, name)[:n]):
            v[o + slot * n + (seat - me) % n] = 1
    v[off["revealed"]] = obs.revealed
    v[lay.slice("turn_state")] = (obs.turn, obs.lays_left, obs.settled, obs.traited, obs.shaman_used, obs.pool)
    v[lay.slice("score")] = [obs.score[s] for s in order]
    v[lay.slice("hand")] = obs.hand_counts
    v[lay.slice("hand_sizes")] = [obs.hand_sizes[s] for s in order]
    v[off["deck_size"]] = obs.deck_size
    v[lay.slice("discard")] = obs.discard
    v[lay.slice("unseen_cards")] = obs.unseen_cards
    v[off["picks_made"]] = obs.picks_made
    o = off["my_picks"]
    for _, role in obs.my_picks:
        v[o + ROLE_INDEX[role]] = 1
    o = off["my_views"]
    for index, available in obs.my_views[:2]:
        v[o] = 1
        v[o + 1] = index
        for role in available:
            v[o + 2 + ROLE_INDEX[role]] = 1
        o += 2 + len(ROLES)
    o = off["roles"]
    for k, s in enumerate(order):
        mask = obs.roles[s]
        if mask is not None:
            v[o] = 1
            v[o + 1:o + 1 + len(ROLES)] = _role_bits(mask)
        o += 1 + len(ROLES)
    if obs.blocked is not None:
        o = off["blocked"]
        v[o] = 1
        if obs.blocked in ROLE_INDEX:
            v[o + 1 + ROLE_INDEX[obs.blocked]] = 1
    o = off["bottom"]
    for kind in obs.bottom:
        v[o + kind] += 1
    v[off["stack_size"]] = obs.stack_size
    v[lay.slice("unseen_tiles")] = obs.unseen_tiles
    if obs.drawn_tile >= 0:
        v[off["drawn_tile"] + obs.drawn_tile] = 1
    if obs.drawer >= 0:
        v[off["drawer"] + (obs.drawer - me) % n] = 1
    v[lay.slice("personal_food")] = [obs.personal_food[s] for s in order]
    v[lay.slice("eating")] = [obs.eating[s] for s in order]
    o = off["tiles"]
    for (x, y), (kind, rotation) in obs.board[:TILES_IN_GAME]:
        v[o:o + 3] = (1, x, y)
        v[o + 3 + kind] = 1
        v[o + 3 + NUM_KINDS + rotation] = 1
        o += TILE
    base = off["creatures"]
    rows = obs.creature_rows
    for k, s in enumerate(order):
        for t in range(CREATURES_PER_PLAYER):
            pos, traits, cards, wound, fat, food, attacked = rows[s * CREATURES_PER_PLAYER + t]
            if pos is None:
                continue
            o = base + (k * CREATURES_PER_PLAYER + t) * CREATURE
            v[o:o + 3] = (1, pos[0], pos[1])
            for i, trait in enumerate(TRAITS):
                if traits & TRAIT_BIT[trait]:
                    v[o + 3 + i] = 1
                if cards & TRAIT_BIT[trait]:
                    v[o + 7 + i] = 1
            v[o + 11:o + 15] = (bool(wound), fat, food, bool(attacked))
    return v


def action_space(n: int):
    return action_codec(n)
