"""Origin of Species observations as vectors, and the fixed action space (``engine.tensor``).

Seats are relative (block 0 = the observing seat).  ``A`` = ``MAX_ANIMALS`` = 12 animal
slots per seat (the first 12 of the row; ``row_lengths`` gives the true length).  The
fields, in order (``layout(n).describe()`` prints offsets):

==================  =========  ===================================================================
field               length     meaning
==================  =========  ===================================================================
phase               7          one-hot ``board.PHASE_NAMES`` (development .. free actions)
to_move             n          one-hot relative seat to act (all 0 once the game is over)
terminal            1          1 when the game is over
turn                1          turn number
last_turn           1          1 in the last turn (the deck is out)
food_bank           1          red food tokens in the bank
deck_size           1          cards left in the deck
first_player        n          one-hot relative seat of the first player this turn
actor               n          one-hot relative seat whose feeding turn it is (0 if none)
acted               1          that seat has taken its feeding action
passed              n          per relative seat: has passed this phase
hand_sizes          n          per relative seat: cards in hand
discard_sizes       n          per relative seat: cards in its discard pile
hand                20         own hand: cards per kind (``cards.KIND_NAMES``)
own_discard         20         own discard pile: cards per kind
unseen              20         cards per kind this seat has not seen (the re-dealt pool)
attack              2n + 4     attack being resolved: present, attacker's relative seat (n, one-hot),
                               its position, target's relative seat (n), target position, Running tried
chain               1          a paired-trait chain waits for its owner's choice
row_lengths         n          per relative seat: animals in its row (all of them, beyond ``A`` too)
animals             n*A*56     per relative seat, per animal slot: present; its card kind (20,
                               one-hot; own animals only: others lie face down); food, need, fat,
                               fat capacity; single trait cards per trait (19, counts); flags
                               (attacked, hibernating, hibernated last turn, poisoned, mimicry
                               used, grazed, pirated); paired links: Communication, Cooperation,
                               as symbiont, as host, links used this round
==================  =========  ===================================================================

Rule options are not in the vector (they are fixed for a game: the environment's settings).

The action space is ``codec.action_codec`` with every animal position (``pos``,
``first``, ``second``, ``target``, ``partner``) below ``MAX_ANIMALS``.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.origin.animal import CARD, FAT, FAT_SLOTS, FIRST_TRAIT, FLAGS, FOOD, NEED
from engine.origin.board import ATK_POS, ATK_RAN, ATK_SEAT, ATK_TPOS, ATK_TSEAT, LINK_FIRST, LINK_SECOND, LINK_TRAIT, \
    LINK_USED, PHASE_NAMES
from engine.origin.cards import COMMUNICATION, COOPERATION, NUM_KINDS, NUM_TRAITS, SYMBIOSIS
from engine.origin.codec import action_codec
from engine.tensor import Layout, capped, begin, head

MAX_ANIMALS = 12
NUM_FLAGS = 7
ANIMAL = 1 + NUM_KINDS + 4 + NUM_TRAITS + NUM_FLAGS + 5  # values per animal slot
_LINK_SLOT = {COMMUNICATION: 0, COOPERATION: 1}


@lru_cache(maxsize=None)
def layout(n: int) -> Layout:
    return Layout("origin", n, [
        *head(len(PHASE_NAMES), n),
        ("turn", 1, "turn number"),
        ("last_turn", 1, "last turn"),
        ("food_bank", 1, "food tokens in the bank"),
        ("deck_size", 1, "cards in the deck"),
        ("first_player", n, "one-hot relative first player"),
        ("actor", n, "one-hot relative seat whose feeding turn it is"),
        ("acted", 1, "the actor has taken its feeding action"),
        ("passed", n, "per relative seat: passed"),
        ("hand_sizes", n, "per relative seat: cards in hand"),
        ("discard_sizes", n, "per relative seat: discard pile size"),
        ("hand", NUM_KINDS, "own hand per card kind"),
        ("own_discard", NUM_KINDS, "own discard pile per card kind"),
        ("unseen", NUM_KINDS, "unseen cards per kind"),
        ("attack", 2 * n + 4, "present, attacker seat (one-hot), attacker pos, target seat (one-hot), target pos, ran"),
        ("chain", 1, "a paired-trait chain waits"),
        ("row_lengths", n, "per relative seat: animals in the row"),
        ("animals", n * MAX_ANIMALS * ANIMAL, f"per relative seat, {MAX_ANIMALS} slots of {ANIMAL} values"),
    ])


def encode(obs) -> np.ndarray:
    n = obs.num_players
    me = obs.seat
    lay = layout(n)
    off = lay.offset
    v, order = begin(lay, obs)
    v[off["turn"]] = obs.turn
    v[off["last_turn"]] = obs.last_turn
    v[off["food_bank"]] = obs.food_bank
    v[off["deck_size"]] = obs.deck_size
    v[off["first_player"] + (obs.first_player - me) % n] = 1
    if obs.actor is not None and obs.actor >= 0:
        v[off["actor"] + (obs.actor - me) % n] = 1
    v[off["acted"]] = bool(obs.acted)
    v[lay.slice("passed")] = [obs.passed[s] for s in order]
    v[lay.slice("hand_sizes")] = [obs.hand_sizes[s] for s in order]
    v[lay.slice("discard_sizes")] = [obs.discard_sizes[s] for s in order]
    v[lay.slice("hand")] = obs.hand_counts
    v[lay.slice("own_discard")] = obs.own_discard
    v[lay.slice("unseen")] = obs.unseen
    atk = obs.attack_row
    if atk is not None:
        o = off["attack"]
        v[o] = 1
        v[o + 1 + (atk[ATK_SEAT] - me) % n] = 1
        v[o + 1 + n] = atk[ATK_POS]
        v[o + 2 + n + (atk[ATK_TSEAT] - me) % n] = 1
        v[o + 2 + 2 * n] = atk[ATK_TPOS]
        v[o + 3 + 2 * n] = bool(atk[ATK_RAN])
    v[off["chain"]] = obs.chain is not None
    base = off["animals"]
    lengths = off["row_lengths"]
    for k, s in enumerate(order):
        row = obs.animal_rows[s]
        v[lengths + k] = len(row)
        seat_base = base + k * MAX_ANIMALS * ANIMAL
        for pos, a in enumerate(row[:MAX_ANIMALS]):
            o = seat_base + pos * ANIMAL
            v[o] = 1
            if a[CARD] >= 0:
                v[o + 1 + a[CARD]] = 1
            o += 1 + NUM_KINDS
            v[o] = a[FOOD]
            v[o + 1] = a[NEED]
            v[o + 2] = a[FAT]
            v[o + 3] = a[FAT_SLOTS]
            o += 4
            for e in a[FIRST_TRAIT:]:
                v[o + (e >> 5)] += 1
            o += NUM_TRAITS
            flags = a[FLAGS]
            for b in range(NUM_FLAGS):
                if flags >> b & 1:
                    v[o + b] = 1
        links = seat_base + 1 + NUM_KINDS + 4 + NUM_TRAITS + NUM_FLAGS
        for link in obs.link_rows[s]:
            trait, first, second = link[LINK_TRAIT], link[LINK_FIRST], link[LINK_SECOND]
            for pos, slot in ((first, 2), (second, 3)):
                if pos >= MAX_ANIMALS:
                    continue
                o = links + pos * ANIMAL
                v[o + (slot if trait == SYMBIOSIS else _LINK_SLOT[trait])] += 1
                if link[LINK_USED]:
                    v[o + 4] += 1
    return v


@lru_cache(maxsize=None)
def action_space(n: int):
    below = (lambda p: p < MAX_ANIMALS)
    return capped(action_codec(n), {"pos": below, "first": below, "second": below, "target": below,
                                    "partner": below})
