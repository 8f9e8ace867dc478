"""TrueSkill ratings and the simple statistics beside them.

Ratings are computed from all rated games at once (:mod:`arena.ratings.trueskill_batch`:
expectation propagation over the whole game set), so they depend neither on the
order of the games, nor on the order of the players in the config, nor on when
a player was submitted.  Each seat is a team of one; places with ties as played.

Everything here is a sum over distinct outcomes (:mod:`arena.ratings.counts`), each weighted by
how often it happened (:func:`rate_outcomes`); :func:`rate_games` counts a list of records first.

The draw probability is the share of pairs of seats that shared a place in the
games being rated (a game with many shared places, such as a low-scoring card
game, gets a larger draw margin), kept within ``[0.001, 0.9]``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from arena.ratings.counts import count_outcomes, pair_results
from arena.ratings.trueskill_batch import rate_outcomes as trueskill_outcomes


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
    messages: dict = field(default_factory=dict)  # TrueSkill's, per outcome: a later solve starts from them


def estimate_draw_probability(records: list) -> float:
    return draw_probability(count_outcomes(records))


def draw_probability(outcomes) -> float:
    """The share of pairs of seats that shared a place, within ``[0.001, 0.9]`` (0.1 without games)."""
    shared = pairs = 0
    for outcome, n in outcomes.items():
        for i in range(len(outcome)):
            for j in range(i + 1, len(outcome)):
                pairs += n
                shared += n * (outcome[i][0] == outcome[j][0])
    share = shared / pairs if pairs else 0.1
    return min(0.9, max(0.001, share))


def rate_games(records: list, names: list) -> Ratings:
    """Ratings and statistics from records (in any order; unrated ones are skipped)."""
    records = [r for r in records if r.get("ranks")]
    scores: dict = {}
    for record in records:
        for seat, name in enumerate(record["players"]):
            value = _number(record["scores"][seat]) if seat < len(record["scores"]) else 0
            scores[name] = scores.get(name, 0.0) + value
    return rate_outcomes(count_outcomes(records), names, scores)


def rate_outcomes(outcomes, names: list, score_totals: dict | None = None, warm: dict | None = None) -> Ratings:
    """Ratings and statistics from a tally of outcomes (:mod:`arena.ratings.counts`) and each
    player's total score; ``warm``: TrueSkill messages of an earlier solve to start from."""
    outcomes = {outcome: n for outcome, n in outcomes.items() if n > 0}
    draw = draw_probability(outcomes)
    ratings, messages = trueskill_outcomes(outcomes, names, draw, warm=warm)
    stats = {name: PlayerStats(name) for name in names}
    h2h: dict = {}
    for outcome, n in sorted(outcomes.items()):
        firsts = sum(1 for place, _ in outcome if place == 1)
        for place, name in outcome:
            stats[name].games += n
            stats[name].wins += n / firsts if place == 1 else 0
        for name, other, points in pair_results(outcome):
            cell = h2h.setdefault((name, other), [0.0, 0])
            cell[0] += n * points
            cell[1] += n
    for name in names:
        stats[name].mu, stats[name].sigma = ratings[name].mu, ratings[name].sigma
        stats[name].score_total = (score_totals or {}).get(name, 0.0)
    return Ratings(stats, h2h, draw, sum(outcomes.values()), messages)


def _number(value) -> float:
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], (int, float)):
        return float(value[0])
    return 0.0
