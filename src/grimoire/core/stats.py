"""Small statistics shared by simulation, the balance lab and games' own metrics (stdlib only).

>>> lo, hi = wilson(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
>>> wilson(0, 0)
(0.0, 1.0)
>>> rate(3, 4)["rate"], [round(x, 3) for x in rate(3, 4)["ci95"]]
(0.75, [0.301, 0.954])
"""

from __future__ import annotations

import math
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    With no trials the interval is the whole of [0, 1].
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: int, trials: int) -> dict[str, Any]:
    """A proportion with its 95 % Wilson interval."""
    lo, hi = wilson(successes, trials)
    return {"wins": successes, "games": trials, "rate": successes / trials if trials else 0.0, "ci95": [lo, hi]}


def p_two_sided(z: float) -> float:
    """The two-sided normal p-value of a z statistic.

    >>> round(p_two_sided(1.959963984540054), 4)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2.0))


def two_proportion_z(s1: int, n1: int, s2: int, n2: int) -> float:
    """The pooled two-proportion z statistic of ``s1/n1 − s2/n2`` (0 when either side is empty).

    >>> round(two_proportion_z(30, 50, 20, 50), 4)
    2.0
    """
    if n1 <= 0 or n2 <= 0:
        return 0.0
    pooled = (s1 + s2) / (n1 + n2)
    var = pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)
    if var <= 0.0:
        return 0.0
    return (s1 / n1 - s2 / n2) / math.sqrt(var)


def newcombe(s1: int, n1: int, s2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval (method 10) of the difference ``s1/n1 − s2/n2``,
    built from the two Wilson intervals; ``(-1, 1)`` when either side is empty.

    >>> [round(x, 4) for x in newcombe(30, 50, 20, 50)]
    [0.0046, 0.3752]
    """
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, lo), min(1.0, hi))


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error control), in the input order.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def benjamini_hochberg(pvalues: list[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (false-discovery-rate control), in the input order.

    >>> benjamini_hochberg([0.01, 0.04, 0.03])
    [0.03, 0.04, 0.04]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i], reverse=True)
    out = [0.0] * m
    running = 1.0
    for k, i in enumerate(order):
        rank = m - k
        running = min(running, pvalues[i] * m / rank)
        out[i] = min(1.0, running)
    return out
