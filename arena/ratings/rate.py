"""TrueSkill ratings and the simple statistics beside them.

Ratings are computed from all rated games at once (:mod:`arena.ratings.trueskill_batch`:
expectation propagation over the whole game set), so they depend neither on the
order of the games, nor on the order of the players in the config, nor on when
a player was submitted.  Each seat is a team of one; places with ties as played.

The draw probability is the share of pairs of seats that shared a place in the
games being rated (a game with many shared places, such as a low-scoring card
game, gets a larger draw margin), kept within ``[0.001, 0.9]``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from arena.ratings.trueskill_batch import rate_batch


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
    """Ratings and statistics from records (in any order; unrated ones are skipped)."""
    records = [r for r in records if r.get("ranks")]
    draw = estimate_draw_probability(records)
    ratings = rate_batch([list(zip(r["players"], r["ranks"])) for r in records], names, draw)
    stats = {name: PlayerStats(name) for name in names}
    h2h: dict = {}
    for record in records:
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


def _number(value) -> float:
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], (int, float)):
        return float(value[0])
    return 0.0
