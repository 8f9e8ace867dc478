"""Elo with error bars: Bradley–Terry maximum likelihood over every pair of seats.

Every game is read as the results between each pair of its seats (a better
place scores 1, a shared place ½ each): the leaderboard's head-to-head points.
The Bradley–Terry model ``P(i beats j) = γᵢ / (γᵢ + γⱼ)`` is fitted to those
points by maximum likelihood (Hunter's MM iteration; a draw is half a win each
way, as in Ordo and cutechess) and shown on the Elo scale,
``Elo(i) = 400·log10(γᵢ / γ_anchor)``, so the anchor player is 0.  With two
seats this is the Bradley–Terry fit of the games; with more seats it is the
pairwise (rank-broken) likelihood of the places, not the full Plackett–Luce one.

``PRIOR_DRAWS`` virtual draws are added between every two players who met, so
that a player who never scored still gets a finite rating (BayesElo adds such
draws too); the fits in tests are checked with ``prior_draws=0``.

Intervals: 95% percentile bootstrap over *deals*: every deal of a pairing (all
its seat rotations together, so the luck of the cards stays paired) is drawn
with replacement within its pairing, ``BOOTSTRAP`` times, with a fixed seed, so
the same games give the same intervals.  The fit reads deal kinds, not deals
(:mod:`arena.ratings.counts`: deals that ended alike are one kind, counted), so
a redraw of a pairing's D deals is a multinomial draw of D over its kinds, each
with the share of deals it has (the same distribution as drawing deals one by
one), in a canonical order of the kinds: its cost follows the kinds, not the deals.

Likelihood of superiority (LOS) of one player over another: the normal
approximation ``Φ((θᵢ − θⱼ) / sd)`` on the natural scale θ = ln γ, the standard
deviation from the inverse Fisher information of the fit with the anchor fixed.

>>> games = [{"players": ["a", "b"], "ranks": [1, 2]}] * 3 + [{"players": ["a", "b"], "ranks": [2, 1]}]
>>> fit = fit_elo(games, ["a", "b"], anchor="b", prior_draws=0)
>>> round(fit.elo["a"], 1), round(fit.los("a", "b"), 3)
(190.8, 0.829)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from arena.ratings.counts import count_deals, pair_results, pairing_of
from arena.ratings.stats import normal_cdf

PRIOR_DRAWS = 1.0
BOOTSTRAP = 1000
SEED = 20261130
ELO_PER_NAT = 400 / math.log(10)
DIVERGED = 30.0  # |θ| beyond this (13,000 Elo) is a player who scored nothing or everything


class EloError(ValueError):
    """An Elo fit that cannot be made as asked (e.g. an anchor who is not a player)."""


@dataclass
class EloFit:
    names: list  # sorted
    anchor: str
    elo: dict  # name -> Elo relative to the anchor (None: not connected to the anchor by games)
    low: dict = field(default_factory=dict)  # name -> 2.5% bootstrap percentile
    high: dict = field(default_factory=dict)  # name -> 97.5%
    covariance: np.ndarray | None = None  # of θ = ln γ, anchor's row and column zero

    def los(self, a: str, b: str) -> float | None:
        """Likelihood that ``a`` is stronger than ``b`` (normal approximation of the fit)."""
        if self.elo.get(a) is None or self.elo.get(b) is None or self.covariance is None:
            return None
        i, j = self.names.index(a), self.names.index(b)
        c = self.covariance
        variance = c[i, i] + c[j, j] - 2 * c[i, j]
        difference = (self.elo[a] - self.elo[b]) / ELO_PER_NAT
        if variance <= 0:
            return 0.5 if difference == 0 else float(difference > 0)
        return normal_cdf(difference / math.sqrt(variance))


def default_anchor(names: list, specs: dict | None = None) -> str:
    """The player Elo is measured from when the config names none: a ``random`` player
    (by name, then by class; the first in alphabetical order), else the first name."""
    specs = specs or {}
    candidates = [n for n in names if n == "random"] or [n for n in names if specs.get(n) == "random"]
    return sorted(candidates or names)[0]


class PairingKinds(NamedTuple):
    """The deal kinds of one pairing, those with the same matrices as one, in a canonical order
    (by their matrices' bytes): how many deals ended so, and each kind's matrices over the
    pairing's players alone (``members``: their indices among the sorted names, ascending; points
    of row against column, games between them)."""
    pairing: tuple
    members: np.ndarray
    counts: np.ndarray  # (kinds,)
    points: np.ndarray  # (kinds, k, k)
    games: np.ndarray


class DealTable(NamedTuple):
    """Every pairing's :class:`PairingKinds`, by pairing.  A kind touches only its pairing's
    players, so the table's size follows the kinds times the seats squared, not times the
    players squared."""
    pairings: list

    def totals(self, size: int) -> tuple:
        """``(points, games)``: the ``size`` × ``size`` sums over every deal."""
        points, games = np.zeros((size, size)), np.zeros((size, size))
        for kinds in self.pairings:
            at = np.ix_(kinds.members, kinds.members)
            points[at] += np.einsum("d,dij->ij", kinds.counts, kinds.points)
            games[at] += np.einsum("d,dij->ij", kinds.counts, kinds.games)
        return points, games


def deal_table(deals, names: list) -> DealTable:
    """The :class:`DealTable` of ``deals`` (kind -> how many deals) over ``names`` (sorted)."""
    index = {name: i for i, name in enumerate(names)}
    by_pairing: dict = {}
    for kind, n in deals.items():
        if n > 0 and kind:
            by_pairing.setdefault(pairing_of(kind), []).append(kind)
    table = []
    for pairing in sorted(by_pairing):
        kinds = sorted(by_pairing[pairing])
        members = sorted({index[name] for kind in kinds for outcome in kind for _, name in outcome})
        local = {names[i]: k for k, i in enumerate(members)}
        outcomes: dict = {}  # each distinct outcome's matrices: points, games
        for kind in kinds:
            for outcome in kind:
                if outcome not in outcomes:
                    points, games = np.zeros((len(members),) * 2), np.zeros((len(members),) * 2)
                    for a, b, score in pair_results(outcome):
                        points[local[a], local[b]] += score
                        games[local[a], local[b]] += 1.0
                    outcomes[outcome] = (points, games)
        # kinds with the same matrices are the same to the fit and its bootstrap: one row, in the
        # order of the matrices' bytes
        merged: dict = {}
        for kind in kinds:
            points = sum(outcomes[outcome][0] for outcome in kind)
            games = sum(outcomes[outcome][1] for outcome in kind)
            row = merged.setdefault((points.tobytes(), games.tobytes()), [points, games, 0])
            row[2] += deals[kind]
        rows = [merged[key] for key in sorted(merged)]
        table.append(PairingKinds(pairing, np.array(members, dtype=int), np.array([n for *_, n in rows], dtype=float),
                                  np.array([p for p, _, _ in rows]), np.array([g for _, g, _ in rows])))
    return DealTable(table)


def fit_elo(records: list, names: list, anchor: str, prior_draws: float = PRIOR_DRAWS,
            bootstrap: int = BOOTSTRAP, seed: int = SEED) -> EloFit:
    """Bradley–Terry Elo of ``names`` from rated records, with bootstrap intervals."""
    return fit_elo_deals(count_deals(records), names, anchor, prior_draws, bootstrap, seed)


def fit_elo_deals(deals, names: list, anchor: str, prior_draws: float = PRIOR_DRAWS,
                  bootstrap: int = BOOTSTRAP, seed: int = SEED, table: DealTable | None = None) -> EloFit:
    """:func:`fit_elo` from a tally of deal kinds (kind -> how many deals ended so), or from
    their ``table`` (:func:`deal_table` of the sorted names) made already."""
    names = sorted(set(names))
    if anchor not in names:
        raise EloError(f"Elo anchor {anchor!r} is not one of the players {names}")
    table = table if table is not None else deal_table(deals, names)
    a = names.index(anchor)
    if not table.pairings:
        return EloFit(names, anchor, {n: (0.0 if n == anchor else None) for n in names})
    total_points, total_games = table.totals(len(names))
    met = total_games > 0
    theta = _bradley_terry(total_points[None], total_games[None], met, prior_draws, a)[0]
    connected = np.isfinite(theta)  # not connected to the anchor, or no finite maximum (prior_draws=0)
    elo = {n: (float(theta[i] * ELO_PER_NAT) if connected[i] else None) for i, n in enumerate(names)}
    fit = EloFit(names, anchor, elo, covariance=_covariance(theta, total_points, total_games, met, prior_draws, a))
    if bootstrap:
        replicas = _bradley_terry(*_resampled(table, len(names), bootstrap, seed), met, prior_draws, a)
        for i, n in enumerate(names):
            if connected[i]:
                low, high = np.percentile(replicas[:, i] * ELO_PER_NAT, [2.5, 97.5], method="inverted_cdf")
                fit.low[n] = float(low) if np.isfinite(low) else None
                fit.high[n] = float(high) if np.isfinite(high) else None
    return fit


def _resampled(table: DealTable, size: int, replicas: int, seed: int) -> tuple:
    """``(points, games)`` of each replica (``replicas`` × ``size`` × ``size``): within each
    pairing, its deals drawn with replacement, as a multinomial over the pairing's kinds (a
    matrix product per pairing over its players alone: the points are halves and the draws
    whole numbers, so every sum is exact whatever its order)."""
    rng = np.random.default_rng(seed)
    points, games = np.zeros((replicas, size, size)), np.zeros((replicas, size, size))
    for kinds in table.pairings:
        total = kinds.counts.sum()
        weights = rng.multinomial(int(total), kinds.counts / total, size=replicas).astype(float)
        at = (slice(None), kinds.members[:, None], kinds.members[None, :])
        k = len(kinds.members)
        points[at] += (weights @ kinds.points.reshape(len(kinds.counts), -1)).reshape(replicas, k, k)
        games[at] += (weights @ kinds.games.reshape(len(kinds.counts), -1)).reshape(replicas, k, k)
    return points, games


def _bradley_terry(points: np.ndarray, games: np.ndarray, met: np.ndarray, prior_draws: float, anchor: int,
                   tolerance: float = 1e-12, max_steps: int = 200) -> np.ndarray:
    """θ = ln γ per replica (rows), the anchor's 0; not connected to the anchor: nan;
    a player who scored nothing (or everything) in a replica: -inf (+inf).

    Newton's method on the concave log-likelihood, every replica at once, each step
    at most one natural unit (434 Elo) per player, so that it never overshoots."""
    points = points + prior_draws / 2 * met
    games = games + prior_draws * met
    reach = _reachable(games.sum(axis=0) > 0, anchor)
    free = np.array([i for i in range(points.shape[1]) if reach[i] and i != anchor], dtype=int)
    wins = points.sum(axis=2)
    theta = np.zeros(points.shape[:2])
    for _ in range(max_steps):
        p = 1 / (1 + np.exp(np.clip(theta[:, None, :] - theta[:, :, None], -700, 700)))  # P(row beats column)
        gradient = wins - (games * p).sum(axis=2)
        weight = games * p * (1 - p)
        information = np.einsum("bij->bi", weight)[:, :, None] * np.eye(points.shape[1]) - weight
        reduced = information[:, free][:, :, free] + 1e-12 * np.eye(len(free))
        step = np.clip(np.linalg.solve(reduced, gradient[:, free, None])[:, :, 0], -1.0, 1.0)
        theta[:, free] += step
        if np.max(np.abs(step), initial=0.0) < tolerance:
            break
    theta[np.abs(theta) > DIVERGED] = np.sign(theta[np.abs(theta) > DIVERGED]) * np.inf
    theta[:, ~reach] = np.nan
    return theta


def _reachable(edges: np.ndarray, start: int) -> np.ndarray:
    seen = np.zeros(len(edges), dtype=bool)
    seen[start] = True
    frontier = [start]
    while frontier:
        i = frontier.pop()
        for j in np.nonzero(edges[i] & ~seen)[0]:
            seen[j] = True
            frontier.append(int(j))
    return seen


def _covariance(theta, points, games, met, prior_draws, anchor) -> np.ndarray | None:
    """Inverse Fisher information of θ with the anchor fixed (None where it is singular)."""
    games = games + prior_draws * met
    finite = np.isfinite(theta)
    if not finite.all():
        return None
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # P(row beats column)
    weight = games * p * p.T
    information = np.diag(weight.sum(axis=1)) - weight
    keep = [i for i in range(len(theta)) if i != anchor]
    covariance = np.zeros_like(information)
    try:
        covariance[np.ix_(keep, keep)] = np.linalg.inv(information[np.ix_(keep, keep)])
    except np.linalg.LinAlgError:
        return None
    return covariance
