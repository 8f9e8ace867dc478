"""Scoring, every round (seed "Очки"; rules ref. §F, A10).

Each surviving creature 1 point, +1 if it has two or three traits (F2); each
tile where a player has a creature and no opponent does: 1 control point, a
city 2 (F3); the unblocked Merchant 1 point if at least one of his creatures
survives (A10; option ``merchant_point_per_survivor``: 1 per survivor instead).
"""
from __future__ import annotations

from engine.citadels.board import CREATURES_PER_PLAYER
from engine.citadels.roles import MERCHANT
from engine.citadels.tiles import IS_CITY
from engine.citadels.traits import TRAIT_COUNT


# (A seat's creatures are the tokens first .. first + CREATURES_PER_PLAYER - 1: s.creatures_of(seat)
# as a plain range, which the compiled build loops over in C.)
def survivors(s, seat: int) -> int:
    first = seat * CREATURES_PER_PLAYER
    return CREATURES_PER_PLAYER - s.cr_pos[first:first + CREATURES_PER_PLAYER].count(None)


def controlled_tiles(s, seat: int) -> list:
    """F3: tiles with a creature of ``seat`` and none of another player."""
    first = seat * CREATURES_PER_PLAYER
    where = s.cr_pos
    cells = [where[c] for c in range(first, first + CREATURES_PER_PLAYER) if where[c] is not None]
    if not cells:
        return []
    others = [pos for c, pos in enumerate(where) if pos is not None and not first <= c < first + CREATURES_PER_PLAYER]
    return [cell for cell in cells if cell not in others]


def creature_points(s, seat: int) -> int:
    first = seat * CREATURES_PER_PLAYER
    where, traits = s.cr_pos, s.cr_traits
    points = 0
    for c in range(first, first + CREATURES_PER_PLAYER):
        if where[c] is not None:
            points += 2 if TRAIT_COUNT[traits[c]] >= 2 else 1
    return points


def control_points(s, seat: int) -> int:
    board = s.board
    points = 0
    for cell in controlled_tiles(s, seat):
        points += 2 if IS_CITY[board[cell][0]] else 1
    return points


def merchant_points(s, seat: int) -> int:
    if not s.has_active(seat, MERCHANT):
        return 0
    alive = survivors(s, seat)
    if s.options.merchant_point_per_survivor:
        return alive
    return 1 if alive else 0


def round_points(s, seat: int) -> int:
    return creature_points(s, seat) + control_points(s, seat) + merchant_points(s, seat)


def score_round(s) -> None:
    for seat in range(s.num_players):
        points = round_points(s, seat)
        s.score[seat] += points
        s.log.append((seat, f"scores {points} in round {s.round}"))


def rescore(s) -> list:
    """The points of every round summed again from the public log (``GameSpec.rescore``).
    Scoring is per round from the position at that moment, so the round rule itself is
    checked round by round in ``tests/citadels``."""
    totals = [0] * s.num_players
    for seat, event in s.log:
        if isinstance(event, str) and event.startswith("scores "):
            totals[seat] += int(event.split()[1])
    return totals
