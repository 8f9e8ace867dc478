"""Small statistics shared by the leaderboard and matches.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 3), round(high, 3)
(0.49, 0.943)
>>> round(normal_cdf(1.959963984540054), 4)
0.975
"""
from __future__ import annotations

import math

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple:
    """The Wilson score interval of a proportion (95% by default); a draw may count ½."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denominator
    # the interval holds p (exactly, where rounding would leave 0 or n successes just outside)
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))
