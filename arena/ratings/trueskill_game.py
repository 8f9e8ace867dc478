"""One game's TrueSkill update for seats of one player each: ``trueskill``'s own, without its objects.

``trueskill.TrueSkill.rate`` builds a factor graph of Python objects for every call (variables,
prior, likelihood, sum and truncation factors, a dict of messages on each variable): 0.25 ms for
two seats and 0.75 ms for four on the development machine, and the leaderboard's expectation
propagation (:mod:`arena.ratings.trueskill_batch`) calls it for every distinct outcome in every
sweep.  :func:`rate_game` sends the same messages in the same order with the same floating-point
operations, on plain floats, for the case arena has (every team one player, weights 1, no skill
dynamics), and calls the package's own ``v``/``w`` functions and draw margin; its results equal
``rate``'s bit for bit (``tests/arena/ratings/test_counts.py`` compares them on random games of
2 to 6 seats, ties included).  The schedule is the package's ``run_schedule``: the priors and
performances down, then the chain of team differences and truncations, forward and back, until no
truncation moves by more than ``min_delta`` (at most 10 passes), then everything back up.

>>> import trueskill
>>> env = trueskill.TrueSkill(draw_probability=0.1, tau=0.0)
>>> mine = rate_game(env, [(30.0, 4.0), (25.0, 8.0), (20.0, 2.0)], [1, 2, 2])
>>> theirs = env.rate([(trueskill.Rating(30.0, 4.0),), (trueskill.Rating(25.0, 8.0),), (trueskill.Rating(20.0, 2.0),)],
...                   ranks=[1, 2, 2])
>>> mine == [(r.mu, r.sigma) for (r,) in theirs]
True
"""
from __future__ import annotations

import math

import trueskill

MIN_DELTA = trueskill.DELTA  # rate()'s default
PASSES = 10  # run_schedule's most passes over the chain of differences


class _Var:
    """A variable of the graph: its value (π, τ) and the message each factor last sent it."""
    __slots__ = ("pi", "tau", "messages")

    def __init__(self):
        self.pi, self.tau, self.messages = 0, 0, {}

    def message(self, factor) -> tuple:
        return self.messages.get(factor, (0, 0))

    def set(self, pi, tau) -> float:
        """``Variable.set``: the new value, and how far it moved."""
        pi_delta = abs(self.pi - pi)
        delta = 0.0 if pi_delta == math.inf else max(abs(self.tau - tau), math.sqrt(pi_delta))
        self.pi, self.tau = pi, tau
        return delta

    def update_message(self, factor, pi, tau) -> float:
        old_pi, old_tau = self.message(factor)
        self.messages[factor] = (pi, tau)
        return self.set(self.pi - old_pi + pi, self.tau - old_tau + tau)

    def update_value(self, factor, pi, tau) -> float:
        old_pi, old_tau = self.message(factor)
        self.messages[factor] = (pi + old_pi - self.pi, tau + old_tau - self.tau)
        return self.set(pi, tau)


def _mu(pi, tau):
    return pi and tau / pi


def _sum_update(var, factor, terms, coeffs) -> float:
    """``SumFactor.update``: ``var`` from ``terms`` (each a variable without this factor's message)."""
    pi_inv, mu = 0, 0
    for term, coeff in zip(terms, coeffs):
        m_pi, m_tau = term.message(factor)
        d_pi, d_tau = term.pi - m_pi, term.tau - m_tau
        mu += coeff * _mu(d_pi, d_tau)
        if pi_inv == math.inf:
            continue
        try:
            pi_inv += coeff ** 2 / float(d_pi)
        except ZeroDivisionError:
            pi_inv = math.inf
    pi = 1. / pi_inv
    return var.update_message(factor, pi, pi * mu)


def rate_game(env, ratings, places, min_delta: float = MIN_DELTA) -> list:
    """``env.rate([(Rating(mu, sigma),) ...], ranks=places)`` for ``ratings`` of ``(mu, sigma)``
    already in the order of ``places``: ``[(mu, sigma), ...]`` after the game."""
    k = len(ratings)
    variance = env.beta ** 2
    rating = [_Var() for _ in range(k)]
    perf = [_Var() for _ in range(k)]
    team = [_Var() for _ in range(k)]
    diff = [_Var() for _ in range(k - 1)]
    for i, (mu, sigma) in enumerate(ratings):  # PriorFactor.down (a Rating's π, τ; no dynamics)
        prior_pi = sigma ** -2
        prior = (math.sqrt(math.sqrt(1 / prior_pi) ** 2 + env.tau ** 2), _mu(prior_pi, prior_pi * mu))
        pi = prior[0] ** -2
        rating[i].update_value(("prior", i), pi, pi * prior[1])
    for i in range(k):  # LikelihoodFactor.down, then the team's SumFactor.down
        m_pi, m_tau = rating[i].message(("like", i))
        d_pi, d_tau = rating[i].pi - m_pi, rating[i].tau - m_tau
        a = 1. / (1. + variance * d_pi)
        perf[i].update_message(("like", i), a * d_pi, a * d_tau)
        _sum_update(team[i], ("team", i), [perf[i]], [1])
    margin = trueskill.calc_draw_margin(env.draw_probability, 2, env)
    tied = [places[x] == places[x + 1] for x in range(k - 1)]

    def down(x):
        return _sum_update(diff[x], ("diff", x), [team[x], team[x + 1]], [+1, -1])

    def up(x, index):
        if index == 1:
            return _sum_update(team[x + 1], ("diff", x), [team[x], diff[x]], [1.0, -1.0])
        return _sum_update(team[x], ("diff", x), [diff[x], team[x + 1]], [1.0, 1.0])

    def truncate(x):
        var = diff[x]
        m_pi, m_tau = var.message(("trunc", x))
        d_pi, d_tau = var.pi - m_pi, var.tau - m_tau
        sqrt_pi = math.sqrt(d_pi)
        args = (d_tau / sqrt_pi, margin * sqrt_pi)
        v = (env.v_draw if tied[x] else env.v_win)(*args)
        w = (env.w_draw if tied[x] else env.w_win)(*args)
        denom = (1. - w)
        return var.update_value(("trunc", x), d_pi / denom, (d_tau + sqrt_pi * v) / denom)

    for _ in range(PASSES):
        if k == 2:
            down(0)
            delta = truncate(0)
        else:
            delta = 0
            for x in range(k - 2):
                down(x)
                delta = max(delta, truncate(x))
                up(x, 1)
            for x in range(k - 2, 0, -1):
                down(x)
                delta = max(delta, truncate(x))
                up(x, 0)
        if delta <= min_delta:
            break
    up(0, 0)
    up(k - 2, 1)
    for i in range(k):  # the team's SumFactor.up, then LikelihoodFactor.up
        _sum_update(perf[i], ("team", i), [team[i]], [1.0])
        m_pi, m_tau = perf[i].message(("like", i))
        d_pi, d_tau = perf[i].pi - m_pi, perf[i].tau - m_tau
        a = 1. / (1. + variance * d_pi)
        rating[i].update_message(("like", i), a * d_pi, a * d_tau)
    return [_as_rating(float(_mu(r.pi, r.tau)), float(math.sqrt(1 / r.pi) if r.pi else math.inf)) for r in rating]


def _as_rating(mu, sigma) -> tuple:
    """``(mu, sigma)`` as ``Rating(mu, sigma)`` reads them back (it keeps π and τ)."""
    pi = sigma ** -2
    return _mu(pi, pi * mu), math.sqrt(1 / pi) if pi else math.inf
