"""Random Mutations observations as vectors, and the fixed action space (``engine.tensor``).

No seat sees any face-down card (``observation``): the vector is the public table.
Seats are relative (block 0 = the observing seat).  ``S`` = ``MAX_SPECIES`` = 12 species
slots per seat, ``A`` = ``MAX_ANIMALS`` = 8 animal slots per species (the first ones;
``row_lengths`` and ``population`` give the true counts); ``T`` = 20 traits
(``cards.TRAIT_NAMES``).  The fields, in order (``layout(n).describe()`` prints offsets):

==================  =========  ===================================================================
field               length     meaning
==================  =========  ===================================================================
phase               8          one-hot ``phases.PHASE_NAMES`` (development .. over)
to_move             n          one-hot relative seat to act (all 0 once the game is over)
terminal            1          1 when the game is over
counters            5          turn number, last turn, passes in a row, budded, restarts
first_player        n          one-hot relative first player
actor               n          one-hot relative seat acting in the phase
passed              n          per relative seat: has passed
deck_size           1          cards in the main deck
personal_decks      n          per relative seat: cards in its personal deck
discard_sizes       n          per relative seat: cards in its discard pile
centre              3          red, green, black tokens in the centre
dice                7          dice rolled this turn: how many, then per face 1..6 how many show it
seen                T          trait cards ever revealed, per trait
unseen              T          trait cards never revealed, per trait (the re-dealt pool)
buried              1          face-down cards on the table
attack              2n + 5 + T attack waiting for its victim: present, predator's relative seat (one-hot),
                               predator species, predator animal, target's relative seat (one-hot),
                               target species, ignored trait (one-hot, 0 if none), mimicked
ctx                 17         the phase's context: length, then 16 raw values (nested tuples
                               flattened; seats in it are absolute)
row_lengths         n          per relative seat: species in its row
species             n*S*127    per relative seat, per species slot: present; traits it has (T bits);
                               inherited traits (T bits); its top trait card (T, one-hot); food
                               need; trait cards; population; per animal slot (A x 8): red, blue,
                               green, black tokens, flags (attacked, fed by own attack, poisoned,
                               pirated)
==================  =========  ===================================================================

The action space is ``codec.RMCodec`` with positions bounded by ``ACTION_CARDS`` = 16
cards instead of every card of the game.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.random_mutations.cards import NUM_TRAITS
from engine.random_mutations.codec import RMCodec
from engine.random_mutations.phases import PHASE_NAMES, VICTIM
from engine.random_mutations.species import STRIDE
from engine.tensor import Layout, begin, head

MAX_SPECIES = 12
MAX_ANIMALS = 8
ACTION_CARDS = 16
T = NUM_TRAITS
ANIMAL = 8
SPECIES = 1 + 3 * T + 3 + MAX_ANIMALS * ANIMAL
CTX = 16


@lru_cache(maxsize=None)
def layout(n: int) -> Layout:
    return Layout("random_mutations", n, [
        *head(len(PHASE_NAMES), n),
        ("counters", 5, "turn, last turn, passes, budded, restarts"),
        ("first_player", n, "one-hot relative first player"),
        ("actor", n, "one-hot relative actor"),
        ("passed", n, "per relative seat: passed"),
        ("deck_size", 1, "main deck size"),
        ("personal_decks", n, "per relative seat: personal deck size"),
        ("discard_sizes", n, "per relative seat: discard pile size"),
        ("centre", 3, "red, green, black in the centre"),
        ("dice", 7, "dice count, per face count"),
        ("seen", T, "revealed trait cards per trait"),
        ("unseen", T, "never revealed per trait"),
        ("buried", 1, "face-down cards on the table"),
        ("attack", 2 * n + 5 + T, "attack waiting for its victim"),
        ("ctx", 1 + CTX, "phase context: length, raw values"),
        ("row_lengths", n, "per relative seat: species in the row"),
        ("species", n * MAX_SPECIES * SPECIES, f"per relative seat, {MAX_SPECIES} slots of {SPECIES} values"),
    ])


def _flat(values) -> list:
    out = []
    for x in values:
        if isinstance(x, (tuple, list)):
            out.extend(_flat(x))
        else:
            out.append(int(x))
    return out


def encode(obs) -> np.ndarray:
    n = obs.num_players
    me = obs.seat
    lay = layout(n)
    off = lay.offset
    v, order = begin(lay, obs)
    v[lay.slice("counters")] = (obs.turn, obs.last_turn, obs.passes, obs.budded, obs.restarts)
    v[off["first_player"] + (obs.first_player - me) % n] = 1
    if obs.actor is not None and obs.actor >= 0:
        v[off["actor"] + (obs.actor - me) % n] = 1
    v[lay.slice("passed")] = [obs.passed[s] for s in order]
    v[off["deck_size"]] = obs.deck_size
    v[lay.slice("personal_decks")] = [obs.personal_deck_sizes[s] for s in order]
    v[lay.slice("discard_sizes")] = [obs.discard_sizes[s] for s in order]
    v[lay.slice("centre")] = obs.centre
    o = off["dice"]
    dice = obs.dice or ()
    v[o] = len(dice)
    for face in dice:
        if 1 <= face <= 6:
            v[o + face] += 1
    v[lay.slice("seen")] = obs.seen
    v[lay.slice("unseen")] = obs.unseen
    v[off["buried"]] = obs.buried_total
    if obs.phase == VICTIM and obs.ctx is not None:
        p, ti, ign, si, i, mimicked = obs.ctx
        o = off["attack"]
        v[o] = 1
        v[o + 1 + (obs.actor - me) % n] = 1
        v[o + 1 + n] = si
        v[o + 2 + n] = i // STRIDE
        v[o + 3 + n + (p - me) % n] = 1
        v[o + 3 + 2 * n] = ti
        if ign >= 0:
            v[o + 4 + 2 * n + ign] = 1
        v[o + 4 + 2 * n + T] = bool(mimicked)
    if obs.ctx is not None:
        ctx = _flat(obs.ctx if isinstance(obs.ctx, (tuple, list)) else (obs.ctx,))
        o = off["ctx"]
        v[o] = len(ctx)
        ctx = ctx[:CTX]
        v[o + 1:o + 1 + len(ctx)] = ctx
    base = off["species"]
    for k, s in enumerate(order):
        row = obs.rows[s]
        v[off["row_lengths"] + k] = len(row)
        for pos, (mask, need, traits, inherited, animals) in enumerate(row[:MAX_SPECIES]):
            o = base + (k * MAX_SPECIES + pos) * SPECIES
            v[o] = 1
            for t in range(T):
                if mask >> t & 1:
                    v[o + 1 + t] = 1
            for t in inherited:
                v[o + 1 + T + t] = 1
            if traits:
                v[o + 1 + 2 * T + traits[-1]] = 1
            o += 1 + 3 * T
            v[o:o + 3] = (need, len(traits), len(animals) // STRIDE)
            o += 3
            for a in range(min(MAX_ANIMALS, len(animals) // STRIDE)):
                red, blue, green, black, flags = animals[a * STRIDE:(a + 1) * STRIDE]
                v[o:o + ANIMAL] = (red, blue, green, black, flags & 1, flags >> 1 & 1, flags >> 2 & 1, flags >> 3 & 1)
                o += ANIMAL
    return v


@lru_cache(maxsize=None)
def action_space(n: int) -> RMCodec:
    return RMCodec(n, cards=ACTION_CARDS)
