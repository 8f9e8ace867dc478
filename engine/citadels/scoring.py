"""Scoring, every round (seed "Очки"; rules ref. §F, A10).

Each surviving creature 1 point, +1 if it has two or three traits (F2); each
tile where a player has a creature and no opponent does: 1 control point, a
city 2 (F3); the unblocked Merchant 1 point if at least one of his creatures
survives (A10; option ``merchant_point_per_survivor``: 1 per survivor instead).
"""
from __future__ import annotations

from engine.citadels.roles import MERCHANT
from engine.citadels.tiles import IS_CITY
from engine.citadels.traits import TRAIT_COUNT


def survivors(s, seat: int) -> int:
    return sum(1 for c in s.creatures_of(seat) if s.cr_pos[c] is not None)


def controlled_tiles(s, seat: int) -> list:
    """F3: tiles with a creature of ``seat`` and none of another player."""
    cells = [s.cr_pos[c] for c in s.creatures_of(seat) if s.cr_pos[c] is not None]
    if not cells:
        return []
    others = {pos for c, pos in enumerate(s.cr_pos) if pos is not None and c // 4 != seat}
    return [cell for cell in cells if cell not in others]


def creature_points(s, seat: int) -> int:
    points = 0
    for c in s.creatures_of(seat):
        if s.cr_pos[c] is not None:
            points += 2 if TRAIT_COUNT[s.cr_traits[c]] >= 2 else 1
    return points


def control_points(s, seat: int) -> int:
    return sum(2 if IS_CITY[s.board[cell][0]] else 1 for cell in controlled_tiles(s, seat))


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
