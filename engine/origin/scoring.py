"""Scoring (§5): 2 per surviving animal, 1 per trait card on it (a paired card
counts once), plus the food bonus printed on each of those cards."""
from __future__ import annotations

from engine.origin.animal import FIRST_TRAIT, NEED
from engine.origin.cards import FOOD_BONUS


def score_of(animals: list, links: list) -> int:
    # NEED - 1 is exactly the sum of the animal's food bonuses (Carnivorous, Big, Parasite)
    score = len(links)
    for a in animals:
        score += len(a) - FIRST_TRAIT + a[NEED] + 1
    return score


def scores(s) -> list:
    return [score_of(animals, links) for animals, links in zip(s.animals, s.links)]


def rescore(s) -> list:
    """§5 counted again card by card (``GameSpec.rescore``; ``scores`` uses NEED instead):
    2 per animal, 1 per trait card (a paired card once) plus its printed food bonus."""
    result = []
    for seat in range(s.num_players):
        total = len(s.links[seat])
        for a in s.animals[seat]:
            traits = [e >> 5 for e in a[FIRST_TRAIT:]]
            total += 2 + len(traits) + sum(FOOD_BONUS[t] for t in traits)
        result.append(total)
    return result
