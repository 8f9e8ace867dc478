"""Dominant Species observations as vectors, and the fixed action space (``engine.tensor``).

Everything but the order of the dominance deck and of the wanderlust stacks is public
(``observation``), so the vector is the board.  Seats are relative (block 0 = the
observing seat); ``H`` = 35 hexes, ``K`` = 92 corners, ``E`` = 6 elements.  The fields,
in order (``layout(n).describe()`` prints offsets):

==================  =========  ===================================================================
field               length     meaning
==================  =========  ===================================================================
phase               4          one-hot ``board.PHASE_NAMES`` (planning, execution, reset, over)
to_move             n          one-hot relative seat to act (all 0 once the game is over)
terminal            1          1 when the game is over
decision            50         one-hot pending decision kind (``decisions.KIND_NAMES``)
decider             n          one-hot relative seat deciding
counters            6          turn, cursor (execution step), plan position, last hex scored,
                               tundra tiles left, Ice Age played
scored              H          per hex: scored by Domination this turn
survival            n          one-hot relative seat holding the Survival card (0 if none)
animal              n*6        per relative seat: one-hot animal (``board.ANIMAL_NAMES``)
order               n*n        per initiative slot: one-hot relative seat
per_seat            5n         per relative seat: gene pool, eliminated, action pawns in supply,
                               action pawns, VPs (5 blocks of n)
display             n*E        per relative seat: element discs on its animal display
terrain             H*8        per hex: one-hot terrain (``board.TERRAIN_NAMES``; none: no tile)
tile                H          per hex: a tile lies there
tundra              H          per hex: tundra
species             H*n        per hex, per relative seat: species cubes
hibernation         H*n        per hex, per relative seat: Hibernation immunity this turn
corners             K*7        per corner: live, element disc one-hot (6; 0 if vacant)
spaces              44*n       per action space: one-hot relative seat of the pawn on it
boxes               36         element discs in the six boxes of the display (6 x 6)
bag                 E          discs per element in the bag
gone                E          discs per element out of the game
cards               2*26       face-up dominance cards (bits), cards used this turn (bits)
deck                26 + 1     cards still in the deck (bits; order hidden), deck size
wanderlust          3*8 + 3 + 7  per stack: face-up tile one-hot terrain (7, +1 none); stack sizes;
                               unseen tiles per terrain
ctx                 81         the pending decision's context: length, then 80 raw values
                               (nested pairs flattened, padded with 0;
                               seats in it are absolute)
queue               9          pending follow-up decisions (hexes or seats): length, then 8 raw values
==================  =========  ===================================================================

The action space is the game's exact ``codec.action_codec`` (2,388 ids at 2 players,
2,948 at 6).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.dominant_species.board import NUM_CORNERS, NUM_HEXES, NUM_SPACES, PHASE_NAMES, TERRAIN_NAMES
from engine.dominant_species.cards import NUM_CARDS
from engine.dominant_species.codec import action_codec
from engine.dominant_species.decisions import KIND_NAMES
from engine.tensor import Layout, begin, head

E = 6
TERRAINS = len(TERRAIN_NAMES)
CTX = 80
QUEUE = 8


@lru_cache(maxsize=None)
def layout(n: int) -> Layout:
    return Layout("dominant_species", n, [
        *head(len(PHASE_NAMES), n),
        ("decision", len(KIND_NAMES), "one-hot pending decision kind"),
        ("decider", n, "one-hot relative seat deciding"),
        ("counters", 6, "turn, cursor, plan position, last scored, tundra left, ice age"),
        ("scored", NUM_HEXES, "per hex: scored by Domination this turn"),
        ("survival", n, "one-hot relative Survival holder"),
        ("animal", n * 6, "per relative seat: one-hot animal"),
        ("order", n * n, "per initiative slot: one-hot relative seat"),
        ("per_seat", 5 * n, "gene pool, eliminated, pawns in supply, pawns, VPs (blocks of n)"),
        ("display", n * E, "per relative seat: element discs on its display"),
        ("terrain", NUM_HEXES * TERRAINS, "per hex: one-hot terrain"),
        ("tile", NUM_HEXES, "per hex: tile present"),
        ("tundra", NUM_HEXES, "per hex: tundra"),
        ("species", NUM_HEXES * n, "per hex, per relative seat: species"),
        ("hibernation", NUM_HEXES * n, "per hex, per relative seat: hibernation"),
        ("corners", NUM_CORNERS * (1 + E), "per corner: live, one-hot element"),
        ("spaces", NUM_SPACES * n, "per action space: one-hot relative seat"),
        ("boxes", 6 * E, "element boxes"),
        ("bag", E, "bag per element"),
        ("gone", E, "out of the game per element"),
        ("cards", 2 * NUM_CARDS, "face-up cards; used cards"),
        ("deck", NUM_CARDS + 1, "cards in the deck; deck size"),
        ("wanderlust", 3 * (TERRAINS) + 3 + (TERRAINS - 1), "face-up tiles; stack sizes; unseen per terrain"),
        ("ctx", 1 + CTX, "decision context: length, raw values"),
        ("queue", 1 + QUEUE, "follow-up decisions: length, raw values"),
    ])


def encode(obs) -> np.ndarray:
    n = obs.num_players
    me = obs.seat
    lay = layout(n)
    off = lay.offset
    v, order = begin(lay, obs)
    if 0 <= obs.pk < len(KIND_NAMES):
        v[off["decision"] + obs.pk] = 1
    if obs.pseat is not None and obs.pseat >= 0:
        v[off["decider"] + (obs.pseat - me) % n] = 1
    v[lay.slice("counters")] = (obs.turn, obs.cursor, obs.plan_pos, obs.last_scored, obs.tundra_left, obs.ice_age)
    o = off["scored"]
    for h in range(NUM_HEXES):
        if obs.scored >> h & 1:
            v[o + h] = 1
    if obs.survival >= 0:
        v[off["survival"] + (obs.survival - me) % n] = 1
    o = off["animal"]
    for k, s in enumerate(order):
        v[o + 6 * k + obs.animal[s]] = 1
    o = off["order"]
    for slot, s in enumerate(obs.order[:n]):
        v[o + slot * n + (s - me) % n] = 1
    o = off["per_seat"]
    for field in (obs.gene, obs.elim, obs.supply, obs.aps, obs.vp):
        v[o:o + n] = [field[s] for s in order]
        o += n
    disp = np.asarray(obs.disp, dtype=np.float32).reshape(n, E)
    v[lay.slice("display")] = disp[order].ravel()
    o = off["terrain"]
    for h, t in enumerate(obs.terrain):
        if t >= 0:
            v[o + h * TERRAINS + t] = 1
    o = off["tile"]
    for h in obs.tile_hexes:
        v[o + h] = 1
    v[lay.slice("tundra")] = obs.tundra
    v[lay.slice("species")] = np.asarray(obs.sp, dtype=np.float32).reshape(NUM_HEXES, n)[:, order].ravel()
    v[lay.slice("hibernation")] = np.asarray(obs.hib, dtype=np.float32).reshape(NUM_HEXES, n)[:, order].ravel()
    o = off["corners"]
    for c in obs.live:
        v[o + c * (1 + E)] = 1
    for c, e in enumerate(obs.elem):
        if e >= 0:
            v[o + c * (1 + E) + 1 + e] = 1
    o = off["spaces"]
    for space, s in enumerate(obs.ap):
        if s >= 0:
            v[o + space * n + (s - me) % n] = 1
    v[lay.slice("boxes")] = obs.box
    v[lay.slice("bag")] = obs.bag
    v[lay.slice("gone")] = obs.gone
    o = off["cards"]
    for c in obs.faceup:
        if c >= 0:
            v[o + c] = 1
    for c in obs.used:
        v[o + NUM_CARDS + c] = 1
    o = off["deck"]
    for c in obs.deck_cards:
        v[o + c] = 1
    v[o + NUM_CARDS] = len(obs.deck_cards)
    o = off["wanderlust"]
    for stack, t in enumerate(obs.wl_up):
        v[o + stack * TERRAINS + (t if t >= 0 else TERRAINS - 1)] = 1
    o += 3 * TERRAINS
    v[o:o + 3] = obs.wl_sizes
    o += 3
    for t in obs.wl_unseen:
        v[o + t] += 1
    for name, values, room in (("ctx", obs.ctx, CTX), ("queue", obs.queue, QUEUE)):
        o = off[name]
        values = _flat(values)
        v[o] = len(values)
        values = values[:room]
        v[o + 1:o + 1 + len(values)] = values
    return v


def _flat(values) -> list:
    """Nested tuples of ints (a context may hold pairs) as one list, in order."""
    out = []
    for x in values:
        if isinstance(x, (tuple, list)):
            out.extend(_flat(x))
        else:
            out.append(int(x))
    return out


def action_space(n: int):
    return action_codec(n)
