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

The input is a tally, not the games (:func:`rate_outcomes`: each distinct outcome and how often
it happened, :mod:`arena.ratings.counts`), so the cost of a solve follows the number of
distinct outcomes, not of games.  A solve may be warm-started from the messages of an earlier
one (``warm``: after a batch of new games, the fixed point has hardly moved): it ends at the
same fixed point, to within the tolerance: no μ or σ differs from a cold solve's by more than
``AGREEMENT`` (``tests/arena/ratings/test_counts.py`` checks it on random logs).

>>> games = [(("a", 1), ("b", 2))] * 3 + [(("a", 2), ("b", 1))]
>>> r = rate_batch(games, ["a", "b"], draw_probability=0.001)
>>> r["a"].mu > 25 > r["b"].mu, round(r["a"].mu + r["b"].mu, 6)
(True, 50.0)
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import trueskill

from arena.ratings.trueskill_game import rate_game

TOLERANCE = 1e-9  # a sweep is about ten times closer than the one before: then ~1e-10 from the fixed point
AGREEMENT = 1e-8  # a warm-started solve's μ and σ are within this of a cold one's
MAX_SWEEPS = 1000
FLOOR = 1e-8  # below this, a solve that stops gaining ... (its sums' rounding: ~3e-10 at a million games)
STALLED = 3  # ... for this many sweeps has reached the rounding of its sums
MEMORY = 5  # sweeps Anderson mixing remembers


def rate_batch(games: list, names: list, draw_probability: float, tolerance: float = TOLERANCE) -> dict:
    """Name -> ``trueskill.Rating`` from ``games``, each a sequence of ``(name, place)``
    (1 = first; equal places are a tie).  Players without games keep the prior."""
    outcomes = Counter(tuple(sorted((place, name) for name, place in game)) for game in games)
    return rate_outcomes(outcomes, names, draw_probability, tolerance=tolerance)[0]


def rate_outcomes(outcomes, names: list, draw_probability: float, warm: dict | None = None,
                  tolerance: float = TOLERANCE) -> tuple:
    """``(ratings, messages)`` from a tally of outcomes (``((place, name), ...)`` sorted -> how many
    games ended so): name -> ``trueskill.Rating``, and each outcome's message per seat
    (``((π, τ), ...)``), which warm-starts a later solve (``warm``)."""
    graph = _FactorGraph(outcomes, names, trueskill.TrueSkill(draw_probability=draw_probability, tau=0.0))
    x = graph.solve(tolerance, graph.start(warm or {}))
    pi, tau = graph.marginals(x)
    ratings = {name: trueskill.Rating(mu=float(tau[i] / pi[i]), sigma=float(pi[i] ** -0.5))
               for i, name in enumerate(graph.names)}
    return ratings, graph.messages(x)


class _FactorGraph:
    """Distinct games and their messages: ``x`` holds (precision, precision·mean) per seat."""

    def __init__(self, outcomes, names, env):
        self.env = env
        self.factors = sorted((outcome, n) for outcome, n in outcomes.items() if n > 0)
        self.names = sorted(set(names) | {name for game, _ in self.factors for _, name in game})
        index = {name: i for i, name in enumerate(self.names)}
        prior = env.create_rating()
        self.prior = (prior.sigma ** -2, prior.mu * prior.sigma ** -2)
        # one row per seat of each distinct game: player index and how many times it was played
        self.player = np.array([index[name] for game, _ in self.factors for _, name in game], dtype=int)
        self.count = np.array([n for game, n in self.factors for _ in game], dtype=float)

    def start(self, warm: dict) -> np.ndarray:
        """The messages to start from: ``warm``'s where it has the outcome, else none (zero);
        none at all if that start is not a valid state (a precision that is not positive)."""
        rows = []
        for game, _ in self.factors:
            known = warm.get(game)
            rows.extend(known if known is not None and len(known) == len(game) else [(0.0, 0.0)] * len(game))
        x = np.array(rows, dtype=float).reshape(-1)
        return x if self._valid(x, messages_positive=False) else np.zeros(2 * len(self.player))

    def messages(self, x: np.ndarray) -> dict:
        out, row = {}, 0
        for game, _ in self.factors:
            out[game] = tuple((float(x[2 * r]), float(x[2 * r + 1])) for r in range(row, row + len(game)))
            row += len(game)
        return out

    def marginals(self, x: np.ndarray) -> tuple:
        pi = np.full(len(self.names), self.prior[0])
        tau = np.full(len(self.names), self.prior[1])
        np.add.at(pi, self.player, self.count * x[0::2])
        np.add.at(tau, self.player, self.count * x[1::2])
        return pi, tau

    def sweep(self, x: np.ndarray) -> np.ndarray:
        """Every distinct game's message replaced once, in canonical order, then the whole set
        of messages moved along the one direction sweeps hardly move (:meth:`centred`)."""
        pi, tau = (v.tolist() for v in self.marginals(x))
        x = x.tolist()
        player, row = self.player.tolist(), 0
        for game, n in self.factors:
            rows = range(row, row + len(game))
            row += len(game)
            cavity = [(pi[player[r]] - x[2 * r], tau[player[r]] - x[2 * r + 1]) for r in rows]
            posterior = rate_game(self.env, [(t / p, p ** -0.5) for p, t in cavity], [place for place, _ in game])
            for r, (c_pi, c_tau), (mu, sigma) in zip(rows, cavity, posterior):
                m_pi, m_tau = sigma ** -2 - c_pi, mu * sigma ** -2 - c_tau
                p = player[r]
                pi[p] += n * (m_pi - x[2 * r])
                tau[p] += n * (m_tau - x[2 * r + 1])
                x[2 * r], x[2 * r + 1] = m_pi, m_tau
        return self.centred(np.array(x))

    def centred(self, x: np.ndarray) -> np.ndarray:
        """``x`` with every message's mean moved by one amount, so that the players' mean μ is the
        prior's.  A game's outcome depends only on differences of skill, so at the fixed point of
        expectation propagation the skills' precision-weighted mean is the prior's (each update
        leaves the cavity-weighted sum of its players' means as it was); a sweep moves that mean
        only as fast as the prior's share of the precision, a millionth with a million games."""
        if not len(x):
            return x
        pi, tau = self.marginals(x)
        shift = (len(pi) * self.prior[1] / self.prior[0] - np.sum(tau / pi)) / np.sum(1 - self.prior[0] / pi)
        x = x.copy()
        x[1::2] += x[0::2] * shift
        return x

    def change(self, x: np.ndarray, y: np.ndarray) -> float:
        pi, tau = self.marginals(x)
        pi2, tau2 = self.marginals(y)
        return float(max(np.max(np.abs(tau2 / pi2 - tau / pi), initial=0.0),
                         np.max(np.abs(pi2 ** -0.5 - pi ** -0.5), initial=0.0)))

    def solve(self, tolerance: float, x: np.ndarray) -> np.ndarray:
        """Sweeps from ``x`` with Anderson mixing until no μ or σ moves by more than ``tolerance``,
        or, below ``FLOOR``, until ``STALLED`` sweeps in a row move them no less than before: the
        rounding of the sums alone moves a μ by some 3·10⁻¹⁰ a sweep at a million games, and by
        more with more games."""
        xs, fs, changes = [], [], []
        for _ in range(MAX_SWEEPS):
            swept = self.sweep(x)
            changes.append(self.change(x, swept))
            if changes[-1] < tolerance or (changes[-1] < FLOOR and len(changes) > STALLED
                                           and changes[-1] >= min(changes[-STALLED - 1:-1])):
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
        return x if self._valid(x) else None

    def _valid(self, x: np.ndarray, messages_positive: bool = True) -> bool:
        """Every marginal's and cavity's precision positive, and every message's (or, for a
        start, none negative: a zero message is a game not yet seen)."""
        pi, _ = self.marginals(x)
        messages = np.all(x[0::2] > 0) if messages_positive else np.all(x[0::2] >= 0)
        return bool(messages and np.all(pi > 0) and np.all(pi[self.player] - x[0::2] > 0))


def messages_to_data(messages: dict) -> list:
    """:func:`rate_outcomes`' messages as JSON data (and back: :func:`messages_from_data`)."""
    return [[[list(seat) for seat in outcome], [list(m) for m in message]]
            for outcome, message in sorted(messages.items())]


def messages_from_data(data) -> dict:
    """The messages of :func:`messages_to_data`; none from anything else."""
    try:
        return {tuple((int(place), str(name)) for place, name in outcome): tuple((float(p), float(t)) for p, t in m)
                for outcome, m in data or ()}
    except (TypeError, ValueError):
        return {}
