"""Turning per-seat numbers into per-seat values in [0, 1], for the games'
``GameSpec.heuristic`` hooks and the search players' cut-off evaluations."""
from __future__ import annotations


def margin_values(values) -> list:
    """The smooth margin: against each other seat ``1/2 + 1/2 * (mine - theirs) /
    (|mine| + |theirs| + 1)``, averaged; so a lead counts in proportion to its
    size, and equal numbers give 1/2.

    >>> margin_values([3, 3])
    [0.5, 0.5]
    >>> [round(v, 6) for v in margin_values([4, 0])]
    [0.9, 0.1]
    """
    n = len(values)
    if n == 1:
        return [1.0]
    out = []
    for i, mine in enumerate(values):
        total = 0.0
        for j, theirs in enumerate(values):
            if j != i:
                total += 0.5 + 0.5 * (mine - theirs) / (abs(mine) + abs(theirs) + 1)
        out.append(total / (n - 1))
    return out
