"""TrueSkill from all finished games at once: expectation propagation to convergence.

The leaderboard's TrueSkill model (each seat a team of one, places with ties,
a draw margin from the draw probability) is one factor graph over every rated
game.  Instead of passing through the games once in some order (assumed
density filtering, where a game's weight depends on its position), the
message of every game is refined until none changes: expectation propagation
over the whole game set, which is what TrueSkill Through Time computes with
every game in one time step.  A game's update is the ``trueskill`` package's
own ``rate`` on the *cavity* of its players (their estimate without this game's
message); the game's new message is the result divided by the cavity.  There
are no skill dynamics between games (``tau = 0``): one tournament is one moment.

Identical games (the same players in the same places) send identical messages
at the fixed point, so each distinct game is one factor counted as often as it
was played: a tournament of a thousand games has a few dozen factors.  Plain
sweeps converge slowly along one direction (all players shifting together,
held only by the prior), so the sweeps are accelerated with Anderson mixing;
a mixed step that would make any precision non-positive is dropped for the
plain sweep.  Convergence: no μ or σ moves by more than ``TOLERANCE`` in a sweep.

The fixed point depends neither on the order of the games nor on the seats'
order within a game; the distinct games are also visited in a canonical order
(by players' places and names), so any permutation of the same games gives
bit-identical ratings.

>>> games = [(("a", 1), ("b", 2))] * 3 + [(("a", 2), ("b", 1))]
>>> r = rate_batch(games, ["a", "b"], draw_probability=0.001)
>>> r["a"].mu > 25 > r["b"].mu, round(r["a"].mu + r["b"].mu, 6)
(True, 50.0)
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import trueskill

TOLERANCE = 1e-10
MAX_SWEEPS = 1000
MEMORY = 5  # sweeps Anderson mixing remembers


def rate_batch(games: list, names: list, draw_probability: float, tolerance: float = TOLERANCE) -> dict:
    """Name -> ``trueskill.Rating`` from ``games``, each a sequence of ``(name, place)``
    (1 = first; equal places are a tie).  Players without games keep the prior."""
    graph = _FactorGraph(games, names, trueskill.TrueSkill(draw_probability=draw_probability, tau=0.0))
    x = graph.solve(tolerance)
    pi, tau = graph.marginals(x)
    return {name: trueskill.Rating(mu=float(tau[i] / pi[i]), sigma=float(pi[i] ** -0.5))
            for i, name in enumerate(graph.names)}


class _FactorGraph:
    """Distinct games and their messages: ``x`` holds (precision, precision·mean) per seat."""

    def __init__(self, games, names, env):
        self.env = env
        self.factors = sorted(Counter(tuple(sorted((place, name) for name, place in g)) for g in games).items())
        self.names = sorted(set(names) | {name for game, _ in self.factors for _, name in game})
        index = {name: i for i, name in enumerate(self.names)}
        prior = env.create_rating()
        self.prior = (prior.sigma ** -2, prior.mu * prior.sigma ** -2)
        # one row per seat of each distinct game: player index and how many times it was played
        self.player = np.array([index[name] for game, _ in self.factors for _, name in game], dtype=int)
        self.count = np.array([n for game, n in self.factors for _ in game], dtype=float)

    def marginals(self, x: np.ndarray) -> tuple:
        pi = np.full(len(self.names), self.prior[0])
        tau = np.full(len(self.names), self.prior[1])
        np.add.at(pi, self.player, self.count * x[0::2])
        np.add.at(tau, self.player, self.count * x[1::2])
        return pi, tau

    def sweep(self, x: np.ndarray) -> np.ndarray:
        """Every distinct game's message replaced once, in canonical order."""
        x = x.copy()
        pi, tau = self.marginals(x)
        row = 0
        for game, n in self.factors:
            rows = range(row, row + len(game))
            row += len(game)
            cavity = [(pi[self.player[r]] - x[2 * r], tau[self.player[r]] - x[2 * r + 1]) for r in rows]
            teams = [(trueskill.Rating(mu=t / p, sigma=p ** -0.5),) for p, t in cavity]
            posterior = self.env.rate(teams, ranks=[place for place, _ in game])
            for r, (c_pi, c_tau), (rating,) in zip(rows, cavity, posterior):
                m_pi, m_tau = rating.sigma ** -2 - c_pi, rating.mu * rating.sigma ** -2 - c_tau
                p = self.player[r]
                pi[p] += n * (m_pi - x[2 * r])
                tau[p] += n * (m_tau - x[2 * r + 1])
                x[2 * r], x[2 * r + 1] = m_pi, m_tau
        return x

    def change(self, x: np.ndarray, y: np.ndarray) -> float:
        pi, tau = self.marginals(x)
        pi2, tau2 = self.marginals(y)
        return float(max(np.max(np.abs(tau2 / pi2 - tau / pi), initial=0.0),
                         np.max(np.abs(pi2 ** -0.5 - pi ** -0.5), initial=0.0)))

    def solve(self, tolerance: float) -> np.ndarray:
        """Sweeps with Anderson mixing until no μ or σ moves by more than ``tolerance``."""
        x = np.zeros(2 * len(self.player))
        xs, fs = [], []
        for _ in range(MAX_SWEEPS):
            swept = self.sweep(x)
            if self.change(x, swept) < tolerance:
                return swept
            xs, fs = (xs + [x])[-MEMORY - 1:], (fs + [swept - x])[-MEMORY - 1:]
            x = self._mixed(xs, fs) if len(xs) > 1 else swept
            if x is None:
                x, xs, fs = swept, [], []
        return x

    def _mixed(self, xs: list, fs: list):
        dx = np.array([b - a for a, b in zip(xs, xs[1:])]).T
        df = np.array([b - a for a, b in zip(fs, fs[1:])]).T
        gamma = np.linalg.lstsq(df, fs[-1], rcond=None)[0]
        x = xs[-1] + fs[-1] - (dx + df) @ gamma
        pi, _ = self.marginals(x)
        if np.all(x[0::2] > 0) and np.all(pi > 0) and np.all(pi[self.player] - x[0::2] > 0):
            return x
        return None
