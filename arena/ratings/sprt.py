"""The sequential probability ratio test of a match, from game pairs (pentanomial).

Two players play each deal twice with the seats swapped; the pair's result for
the first player is 0, ½, 1, 1½ or 2 points, counted in five bins (the
*pentanomial*, as fishtest counts game pairs): the luck of the deal is shared
by both games of a pair, so pairs vary less than single games.

The test compares H0: Elo difference = ``elo0`` with H1: = ``elo1`` (logistic
Elo: expected score ``1 / (1 + 10^(-elo/400))``).  Its statistic is the
generalized log-likelihood ratio of the pentanomial: for each hypothesis the
distribution over the five bins closest to the observed one (maximum
likelihood) among those with the hypothesis's expected score, then
``LLR = Σ nₖ · log(p1ₖ / p0ₖ)``.  Empty bins count 0.001 pairs (as fishtest
regularizes).  Wald's bounds: H1 is accepted at ``log((1-β)/α)``, H0 at
``log(β/(1-α))``.  Even a player who wins every pair needs about 104 pairs to
pass elo0=0, elo1=10: the test must rule out every pair distribution with a
score of 51.4%, including one that loses 48.6% of the pairs outright.

>>> test = Sprt(elo0=0, elo1=10, alpha=0.05, beta=0.05)
>>> round(test.lower, 3), round(test.upper, 3)
(-2.944, 2.944)
>>> test.state([0, 0, 0, 0, 50]), test.state([0, 0, 0, 0, 110]), test.state([0, 0, 110, 0, 0])
('continue', 'H1 accepted', 'H0 accepted')
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from arena.ratings.counts import count_deals, points

SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a pair's points over 2
REGULARIZE = 1e-3


class SprtError(ValueError):
    """SPRT settings that make no test (the message says which)."""


def expected_score(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class Sprt:
    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self):
        if not self.elo0 < self.elo1:
            raise SprtError(f"SPRT: elo0 ({self.elo0}) must be below elo1 ({self.elo1})")
        for key in ("alpha", "beta"):
            if not 0 < getattr(self, key) < 1:
                raise SprtError(f"SPRT: {key} must be between 0 and 1, not {getattr(self, key)}")

    @classmethod
    def parse(cls, pairs: dict) -> "Sprt":
        """From ``{"elo0": "0", "elo1": "10", ...}`` (command-line text)."""
        unknown = set(pairs) - {"elo0", "elo1", "alpha", "beta"}
        if unknown:
            raise SprtError(f"SPRT: unknown setting{'s' if len(unknown) > 1 else ''} {sorted(unknown)}; expected elo0, elo1, alpha, beta")
        values = {}
        for key, text in pairs.items():
            try:
                values[key] = float(text)
            except ValueError:
                raise SprtError(f"SPRT: {key}={text!r} is not a number") from None
        return cls(**values)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, pentanomial) -> float:
        counts = [c if c > 0 else REGULARIZE for c in pentanomial]
        total = sum(counts)
        observed = [c / total for c in counts]
        p0 = closest_with_mean(observed, expected_score(self.elo0))
        p1 = closest_with_mean(observed, expected_score(self.elo1))
        return sum(n * math.log(b / a) for n, a, b in zip(pentanomial, p0, p1) if n > 0)

    def state(self, pentanomial) -> str:
        llr = self.llr(pentanomial)
        return "H1 accepted" if llr >= self.upper else "H0 accepted" if llr <= self.lower else "continue"

    def text(self) -> str:
        return f"elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g}"


def closest_with_mean(observed: list, mean: float) -> list:
    """The distribution over ``SCORES`` with expectation ``mean`` that maximizes the
    likelihood of ``observed`` (all bins > 0): ``pₖ = oₖ / (1 + λ(aₖ − mean))`` with λ
    the root of ``Σ oₖ (aₖ − mean) / (1 + λ(aₖ − mean)) = 0`` (by bisection)."""
    d = [a - mean for a in SCORES]
    low, high = -1 / max(d) + 1e-15, 1 / -min(d) - 1e-15  # every 1 + λ·dₖ stays positive

    def slope(lam):
        return sum(o * x / (1 + lam * x) for o, x in zip(observed, d))

    for _ in range(200):
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    lam = (low + high) / 2
    p = [o / (1 + lam * x) for o, x in zip(observed, d)]
    total = sum(p)
    return [x / total for x in p]


def pentanomial(records: list, first: str) -> list:
    """Counts of ``first``'s points (0, ½, 1, 1½, 2) over the deals both of whose games are rated."""
    return pentanomial_of_deals(count_deals(records), first)


def pentanomial_of_deals(deals, first: str) -> list:
    """:func:`pentanomial` from a tally of deal kinds (:mod:`arena.ratings.counts`): the kinds of
    two rated two-seat games with ``first`` in both."""
    counts = [0] * 5
    for kind, n in deals.items():
        if len(kind) != 2 or any(len(outcome) != 2 for outcome in kind):
            continue
        mine = [[place for place, name in outcome if name == first] for outcome in kind]
        if all(len(m) == 1 for m in mine):
            total = sum(points(m[0], next(p for p, name in o if name != first)) for m, o in zip(mine, kind))
            counts[int(round(2 * total))] += n
    return counts
