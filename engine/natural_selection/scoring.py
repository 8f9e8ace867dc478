"""Scoring and tie-breaks (rules reference §5).

Score: 1 per food token in the bag, + Population of each surviving species,
+ 1 per trait card on surviving species.  Food on Fat Tissue does not score.
Mid-game, food already eaten this round (still on the species board) is
counted as if bagged, so ``scores()`` is a fair estimate at any time; at the
end of the game every species board is empty of food.

Ties ([seed000]): most points, then most traits in play, then the greatest
total Population; a tie on all three shares the place (the rules' final
"random" step is left to the arena, which seats each deal in every order).
"""
from __future__ import annotations

from engine.natural_selection.board import FIRST_CARD, FOOD, POP


def scores(state) -> list:
    out = []
    for seat, row in enumerate(state.rows):
        total = state.bags[seat]
        for sp in row:
            total += sp[POP] + sp[FOOD] + len(sp) - FIRST_CARD
        out.append(total)
    return out


def rank_keys(state) -> list:
    keys = []
    points = scores(state)
    for seat, row in enumerate(state.rows):
        traits = sum(len(sp) - FIRST_CARD for sp in row)
        population = sum(sp[POP] for sp in row)
        keys.append((points[seat], traits, population))
    return keys


def rescore(state) -> list:
    """§5 counted again (``GameSpec.rescore``): the bag, then per surviving species its
    Population and one point per trait card (meant for a finished game, whose boards
    hold no food)."""
    return [state.bags[seat] + sum(sp[1] + len(sp[5:]) for sp in row) for seat, row in enumerate(state.rows)]
