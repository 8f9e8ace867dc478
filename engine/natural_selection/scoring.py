"""Scoring and tie-breaks (rules reference §5).

Score: 1 per food token in the bag, + Population of each surviving species,
+ 1 per trait card on surviving species.  Food on Fat Tissue does not score.
Mid-game, food already eaten this round (still on the species board) is
counted as if bagged, so ``scores()`` is a fair estimate at any time; at the
end of the game every species board is empty of food.

Ties ([seed000]): most points, then most traits in play, then the greatest
total Population, then by lot (option ``final_tiebreak``, see ``draw_lots``).
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


def _plain_keys(state) -> list:
    """(points, traits in play, total Population) per seat: §5's first three steps."""
    keys = []
    points = scores(state)
    for seat, row in enumerate(state.rows):
        traits = sum(len(sp) - FIRST_CARD for sp in row)
        population = sum(sp[POP] for sp in row)
        keys.append((points[seat], traits, population))
    return keys


def rank_keys(state) -> list:
    """(points, traits, Population, lot) per seat.  The lot is 0 until the game ends
    (and always with ``final_tiebreak='shared'``), so before the end and under 'shared'
    a full tie shares the place."""
    lots = state.tiebreak or (0,) * state.num_players
    return [key + (lot,) for key, lot in zip(_plain_keys(state), lots)]


def draw_lots(state) -> None:
    """§5, the last tie-break: [seed000] «Победитель определяется последовательным
    сравнением: 1. суммарным числом победных очков; 2. общим числом свойств; 3. общим
    числом популяции. 4. жребий» (4.: by lot).

    Option ``final_tiebreak``: 'lot' (default): called once when the game ends, it
    orders every group of seats tied on all three keys at random, from the state's own
    RNG (so ``(seed, actions)`` still replays the same game), and stores the result in
    ``state.tiebreak`` (per seat; larger is better; 0 for a seat tied with nobody).
    ``ranking()`` reads it, so it stays a pure function of the state, and ``clone()``
    and the observations carry it.  'shared': nothing is drawn; a full tie shares the
    place."""
    n = state.num_players
    lots = [0] * n
    if state.rules.tiebreak_by_lot:
        groups = {}
        for seat, key in enumerate(_plain_keys(state)):
            groups.setdefault(key, []).append(seat)
        for key in sorted(groups):  # a fixed order of draws
            seats = groups[key]
            if len(seats) < 2:
                continue
            state.rng.shuffle(seats)
            for place, seat in enumerate(seats):
                lots[seat] = place + 1
    state.tiebreak = tuple(lots)


def rescore(state) -> list:
    """§5 counted again (``GameSpec.rescore``): the bag, then per surviving species its
    Population and one point per trait card (meant for a finished game, whose boards
    hold no food)."""
    return [state.bags[seat] + sum(sp[1] + len(sp[5:]) for sp in row) for seat, row in enumerate(state.rows)]
