"""The contract hook ``invariants(state)``: what must hold after every move."""
from __future__ import annotations

from engine.random_mutations.cards import BIT, CARNIVORE_TRIPLE, GREEN_SUPPLY, NUM_TRAITS, BLACK_SUPPLY, OBLIGATE
from engine.random_mutations.species import ANIMALS, INHERITED, MASK, NEED, OFED, STRIDE, TRAITS
from engine.contract import TERMINAL


def check(s) -> None:
    o = s.opts
    boxes = 2 if s.num_players > 4 else 1
    total = [c * boxes for c in o.box]
    # every card in exactly one place, per trait
    where = list(s.buried)
    for k in s.deck:
        where[k] += 1
    for d in s.pdecks:
        for k in d:
            where[k] += 1
    for k in range(NUM_TRAITS):
        assert where[k] + s.seen[k] == total[k], f"card conservation: trait {k} counted {where[k] + s.seen[k]}, " \
                                                  f"box has {total[k]}"
    # face-down + face-up table and discard cards = animals + trait cards + discard piles
    animals = sum(len(sp[ANIMALS]) // STRIDE for row in s.rows for sp in row)
    cards = sum(len(sp[TRAITS]) for row in s.rows for sp in row)
    assert sum(s.buried) + sum(s.seen) == animals + cards + sum(s.discards), \
        "table conservation: buried + seen != animals + trait cards + discard piles"
    black_on = 0
    for seat, row in enumerate(s.rows):
        for si, sp in enumerate(row):
            an = sp[ANIMALS]
            assert an and len(an) % STRIDE == 0, f"species p{seat}.s{si}: no animals or a broken animal list"
            traits = sp[TRAITS] + sp[INHERITED]
            assert len(set(traits)) == len(traits), f"species p{seat}.s{si}: a trait twice"
            mask = 0
            for t in traits:
                mask |= 1 << t
            assert sp[MASK] == mask, f"species p{seat}.s{si}: mask out of date"
            assert sp[NEED] == 1 + sum(o.bonus[t] for t in traits), f"species p{seat}.s{si}: food need wrong"
            assert bin(mask & CARNIVORE_TRIPLE).count("1") <= 1, \
                f"species p{seat}.s{si}: more than one of Carnivore / Obligate / Scavenger"
            for t in traits:
                assert not mask & o.exclusions[t], f"species p{seat}.s{si}: excluded traits together"
            for i in range(0, len(an), STRIDE):
                assert min(an[i:i + STRIDE]) >= 0, f"p{seat}.s{si}.a{i // STRIDE}: negative tokens"
                assert an[i + 2] <= 1, f"p{seat}.s{si}.a{i // STRIDE}: more than one shelter"
                black_on += an[i + 3]
                if mask & BIT[OBLIGATE]:
                    assert an[i] == 0 and an[i + 1] == (1 if an[i + 4] & OFED else 0), \
                        f"p{seat}.s{si}.a{i // STRIDE}: an Obligate Carnivore holding food tokens"
                if s.phase == 0:
                    assert an[i] == an[i + 1] == an[i + 2] == an[i + 4] == 0, \
                        f"p{seat}.s{si}.a{i // STRIDE}: tokens left from the last turn"
    red, green, black = s.centre
    assert 0 <= red <= 22 * boxes and 0 <= green <= GREEN_SUPPLY * boxes and 0 <= black, "centre out of range"
    assert black + black_on <= BLACK_SUPPLY * boxes, "more black tokens than the supply"
    assert (s.current_player == TERMINAL) == (s.phase == 7), "terminal iff the game is over"
    if s.current_player != TERMINAL:
        assert 0 <= s.current_player < s.num_players, "current player out of range"
        assert s.legal_actions(), "no legal action before the end"
