"""TrueSkill ratings and the simple statistics beside them.

Ratings are computed from scratch over the finished games taken in schedule
order, with a TrueSkill environment made for the tournament, so the same log
always gives the same ratings whatever order the games finished in.  Each seat
is a team of one; places with ties go to ``rate(..., ranks=...)``.

The draw probability is the share of pairs of seats that shared a place in the
games being rated (a game with many shared places, such as a low-scoring card
game, gets a larger draw margin), kept within ``[0.001, 0.9]``.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 3), round(high, 3)
(0.49, 0.943)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import trueskill

Z95 = 1.959963984540054


@dataclass
class PlayerStats:
    name: str
    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    wins: float = 0.0  # a first place shared by k players counts 1/k
    score_total: float = 0.0
    faults: int = 0

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def mean_score(self) -> float | None:
        return self.score_total / self.games if self.games else None


@dataclass
class Ratings:
    players: dict  # name -> PlayerStats
    head_to_head: dict = field(default_factory=dict)  # (a, b) -> [a's points against b, games]
    draw_probability: float = 0.0
    rated: int = 0


def estimate_draw_probability(records: list) -> float:
    shared = pairs = 0
    for record in records:
        ranks = record["ranks"]
        for i in range(len(ranks)):
            for j in range(i + 1, len(ranks)):
                pairs += 1
                shared += ranks[i] == ranks[j]
    share = shared / pairs if pairs else 0.1
    return min(0.9, max(0.001, share))


def rate_games(records: list, names: list) -> Ratings:
    """Ratings and statistics from rated records, already in schedule order."""
    records = [r for r in records if r.get("ranks")]
    draw = estimate_draw_probability(records)
    env = trueskill.TrueSkill(draw_probability=draw)
    ratings = {name: env.create_rating() for name in names}
    stats = {name: PlayerStats(name) for name in names}
    h2h: dict = {}
    for record in records:
        seating, ranks = record["players"], record["ranks"]
        groups = env.rate([(ratings[name],) for name in seating], ranks=[r - 1 for r in ranks])
        for name, (rating,) in zip(seating, groups):
            ratings[name] = rating
        _count(record, stats, h2h)
    for name in names:
        stats[name].mu, stats[name].sigma = ratings[name].mu, ratings[name].sigma
    return Ratings(stats, h2h, draw, len(records))


def _count(record: dict, stats: dict, h2h: dict) -> None:
    seating, ranks, scores = record["players"], record["ranks"], record["scores"]
    firsts = sum(1 for r in ranks if r == 1)
    for seat, name in enumerate(seating):
        s = stats[name]
        s.games += 1
        s.wins += 1 / firsts if ranks[seat] == 1 else 0
        s.score_total += _number(scores[seat]) if seat < len(scores) else 0
        for other, other_name in enumerate(seating):
            if other != seat:
                cell = h2h.setdefault((name, other_name), [0.0, 0])
                cell[0] += 1.0 if ranks[seat] < ranks[other] else 0.5 if ranks[seat] == ranks[other] else 0.0
                cell[1] += 1


def count_faults(records: list, stats: dict) -> None:
    """Faults per player (those blamed on a seat), over every record given."""
    for record in records:
        for fault in record.get("faults") or ():
            seat = fault.get("seat")
            if seat is not None and record["players"][seat] in stats:
                stats[record["players"][seat]].faults += 1


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _number(value) -> float:
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], (int, float)):
        return float(value[0])
    return 0.0
