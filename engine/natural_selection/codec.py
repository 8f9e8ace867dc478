"""The fixed integer encoding of Natural Selection actions (``GAME.action_codec``).

A card is one of the card codes of any food table (so one encoding serves every
``food_values`` option).  A species position is below ``POSITIONS``: a seat starts
with one species and each new one costs a card from its hand; over a game the
cards that reach the hands are at most the deck and its discard pile reshuffled
twice (the round after the first reshuffle is the last, §5), 3 x 129 = 387, so no
row holds 388 species.  An attack by an Intelligent carnivore carries the
negated trait (one of ``PROTECTING_TRAITS`` or Horns) and the card it discards; a plain
attack carries neither.
"""
from __future__ import annotations

from functools import lru_cache

from engine.action_codec import Block, BlockCodec
from engine.natural_selection.actions import (ATTACK, BODY, DONE, DROP, EAT, FOOD, INTELLECT, NEW_LEFT, NEW_RIGHT,
                                              PASS, POP, TRAIT, Move)
from engine.natural_selection.cards import FOOD_TABLES, HORNS, PROTECTING_TRAITS, TRAIT_NAMES, build_deck

POSITIONS = 400
# what an Intelligent carnivore may negate: a protecting trait, or Horns (§4)
NEGATABLE = PROTECTING_TRAITS + (HORNS,)
CARDS = tuple(sorted({code for table in FOOD_TABLES for code in build_deck(table)}))


@lru_cache(maxsize=None)
def action_codec(num_players: int) -> BlockCodec:
    species = range(POSITIONS)
    seats = range(num_players)
    negate = ((-1, -1),) + tuple((t, c) for t in NEGATABLE for c in CARDS)

    def card_on(verb):
        return Block(verb, f"verb {verb}", (("card", CARDS), ("species", species)),
                     lambda card, sp: Move(verb, card, sp))

    def card_only(verb):
        return Block(verb, f"verb {verb}", (("card", CARDS),), lambda card: Move(verb, card))

    return BlockCodec([
        card_only(FOOD),
        card_on(TRAIT),
        card_only(NEW_LEFT),
        card_only(NEW_RIGHT),
        card_on(BODY),
        card_on(POP),
        Block(DROP, "drop", (("species", species), ("trait", range(len(TRAIT_NAMES)))),
              lambda sp, trait: Move(DROP, -1, sp, trait=trait)),
        Block(DONE, "done", (), lambda: Move(DONE)),
        Block(EAT, "eat", (("species", species),), lambda sp: Move(EAT, -1, sp)),
        card_on(INTELLECT),
        Block(ATTACK, "attack", (("species", species), ("seat", seats), ("target", species), ("negate", negate)),
              lambda sp, seat, target, neg: Move(ATTACK, neg[1], sp, seat, target, neg[0]),
              lambda a: (a.species, a.seat, a.target, (a.trait, a.card))),
        Block(PASS, "pass", (), lambda: Move(PASS)),
    ])
