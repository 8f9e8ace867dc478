"""Scoring (§2.10): per surviving species 2 VP per animal and, per trait card, 1 VP plus
its '+N' food mark (once per card, not per animal [R]).  Ranking: VP, then the larger
own discard pile, then the final die roll (``State.tiebreak``)."""
from __future__ import annotations

from engine.random_mutations.cards import BIG, CARNIVORE, METABOLIC, OBLIGATE
from engine.random_mutations.species import ANIMALS, INHERITED, STRIDE, TRAITS


def scores(s) -> list:
    bonus = s.opts.bonus
    inherited_score = s.opts.divergence_inherited == "score"
    out = []
    for row in s.rows:
        total = 0
        for sp in row:
            total += 2 * (len(sp[ANIMALS]) // STRIDE)
            for t in sp[TRAITS]:
                total += 1 + bonus[t]
            if inherited_score:
                for t in sp[INHERITED]:
                    total += 1 + bonus[t]
        out.append(total)
    return out


def rank_keys(s) -> list:
    tb = s.tiebreak or [0] * s.num_players
    return [(sc, d, t) for sc, d, t in zip(scores(s), s.discards, tb)]


def rescore(s) -> list:
    """The contract hook: the same rule computed a second way, from the trait names'
    food marks and population counts (independent of ``scores``' loops)."""
    o = s.opts
    marks = {BIG: 1, CARNIVORE: o.carnivore_food_bonus, OBLIGATE: o.obligate_food_bonus,
             METABOLIC: o.metabolic_food_bonus}
    result = []
    for seat in range(s.num_players):
        animals = sum(len(sp[ANIMALS]) for sp in s.rows[seat]) // STRIDE
        cards = [t for sp in s.rows[seat] for t in sp[TRAITS]]
        if o.divergence_inherited == "score":
            cards += [t for sp in s.rows[seat] for t in sp[INHERITED]]
        result.append(2 * animals + len(cards) + sum(marks.get(t, 0) for t in cards))
    return result
