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
