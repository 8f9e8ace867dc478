"""The fixed integer encoding of Origin of Species actions (``GAME.action_codec``).

Bounds, all true ones: every animal is a card played from a hand and the deck is
never reshuffled (§3 phase 4: the game ends after the deck runs out), so no seat
ever has more animals than the deck has cards, 84 with one box (2-4 players) and
168 with two (5-8); an animal position is below that.  A Fat Tissue burn spends at
most one token per Fat Tissue card on the animal, so at most the number of cards
with a Fat Tissue side.  A (card kind, trait) pair lists only the traits printed on
that kind, paired traits (Communication, Cooperation, Symbiosis) in ``PlayPair``,
the others in ``PlayTrait``; ``Trigger`` (option ``paired_trait_order``) names a
paired trait between two own animals.
"""
from __future__ import annotations

from functools import lru_cache

from engine.action_codec import Block, BlockCodec
from engine.origin.actions import (Accept, Attack, BurnFat, DropTail, Graze, Hibernate, Mimic, Pass, Pirate,
                                   PlayAnimal, PlayPair, PlayTrait, Run, Scavenge, TakeFood, Trigger)
from engine.origin.cards import CARD_KINDS, FAT_TISSUE, NUM_KINDS, NUM_TRAITS, PAIRED, deck_counts


@lru_cache(maxsize=None)
def action_codec(num_players: int) -> BlockCodec:
    counts = deck_counts(num_players)
    positions = range(sum(counts))  # an animal position is below the number of cards
    seats = range(num_players)
    fat = range(1, 1 + sum(c for k, c in enumerate(counts) if FAT_TISSUE in CARD_KINDS[k]))
    single = [(k, t) for k, traits in enumerate(CARD_KINDS) for t in traits if t not in PAIRED]
    paired = [(k, t) for k, traits in enumerate(CARD_KINDS) for t in traits if t in PAIRED]
    return BlockCodec([
        Block(0, "pass", (), Pass),
        Block(1, "animal", (("kind", range(NUM_KINDS)),), PlayAnimal),
        Block(2, "trait", (("card", single), ("seat", seats), ("pos", positions)),
              lambda card, seat, pos: PlayTrait(card[0], card[1], seat, pos),
              lambda a: ((a.kind, a.trait), a.seat, a.pos)),
        Block(3, "pair", (("card", paired), ("first", positions), ("second", positions)),
              lambda card, first, second: PlayPair(card[0], card[1], first, second),
              lambda a: ((a.kind, a.trait), a.first, a.second)),
        Block(4, "food", (("pos", positions),), TakeFood),
        Block(5, "attack", (("pos", positions), ("seat", seats), ("target", positions)), Attack),
        Block(6, "fat", (("pos", positions), ("amount", fat)), BurnFat),
        Block(7, "graze", (("pos", positions),), Graze),
        Block(8, "piracy", (("pos", positions), ("seat", seats), ("target", positions)), Pirate),
        Block(9, "hibernate", (("pos", positions),), Hibernate),
        Block(10, "run", (), Run),
        Block(11, "mimic", (("pos", positions),), Mimic),
        Block(12, "tail", (("trait", range(NUM_TRAITS)), ("partner", range(-1, len(positions)))), DropTail),
        Block(13, "accept", (), Accept),
        Block(14, "scavenge", (("pos", positions),), Scavenge),
        Block(15, "trigger", (("trait", sorted(PAIRED)), ("pos", positions), ("partner", positions)), Trigger),
    ])
