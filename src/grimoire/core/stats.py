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


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default); ``successes`` may
    hold halves (a score with draws counted ½).

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


def score(wins: int, draws: int, games: int) -> dict[str, Any]:
    """A win rate with each draw counted ½ (the one way the balance lab counts a draw): ``rate`` is
    ``(wins + draws / 2) / games`` with the Wilson interval of that score; ``wins`` and ``draws``
    are the counts.

    >>> s = score(3, 2, 8)
    >>> s["rate"], s["wins"], s["draws"], [round(x, 3) for x in s["ci95"]]
    (0.5, 3, 2, [0.215, 0.785])
    """
    points = wins + draws / 2
    lo, hi = wilson(points, games)
    return {"wins": wins, "draws": draws, "games": games, "rate": points / games if games else 0.0,
            "ci95": [lo, hi]}


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
                    -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b).

    >>> round(incomplete_beta(2.0, 3.0, 0.4), 6)  # 1 − (0.6⁴ + 4·0.4·0.6³)
    0.5248
    """
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: int) -> float:
    """Student's t distribution function with ``df`` degrees of freedom.

    >>> round(t_cdf(2.093024, 19), 5), t_cdf(0.0, 5)
    (0.975, 0.5)
    """
    tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


_T975: dict[int, float] = {}


def t95(df: int) -> float:
    """The two-sided 95 % quantile of Student's t (``t_{0.975, df}``), by bisection of :func:`t_cdf`;
    the normal 1.96 from 10**6 degrees of freedom on.

    >>> round(t95(1), 3), round(t95(19), 4), round(t95(1000), 3)
    (12.706, 2.093, 1.962)
    """
    if df >= 1_000_000:
        return Z95
    found = _T975.get(df)
    if found is None:
        lo, hi = 0.0, 1000.0
        for _ in range(100):
            mid = (lo + hi) / 2.0
            if t_cdf(mid, df) < 0.975:
                lo = mid
            else:
                hi = mid
        found = _T975[df] = (lo + hi) / 2.0
    return found


def p_t_two_sided(t: float, df: int) -> float:
    """The two-sided p-value of a t statistic with ``df`` degrees of freedom.

    >>> round(p_t_two_sided(2.093024, 19), 4)
    0.05
    """
    return 2.0 * (1.0 - t_cdf(abs(t), df))


def p_two_sided(z: float) -> float:
    """The two-sided normal p-value of a z statistic.

    >>> round(p_two_sided(1.959963984540054), 4)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2.0))


def two_proportion_z(s1: float, n1: int, s2: float, n2: int) -> float:
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


def newcombe(s1: float, n1: int, s2: float, n2: int, z: float = Z95) -> tuple[float, float]:
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
