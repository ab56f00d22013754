"""Sequential measurement: keep playing until every figure of the report is answered or a budget ends.

The report is measured at planned looks of ``start``, ``2·start``, ``4·start`` … games per deck
pairing (game ``i`` is seeded from ``(seed, i)``, so each look holds the games of the one before:
the same paired seeds, more of them). At every look each figure — a rate with its interval
(``rate`` + ``ci95``) or an effect (``diff`` / ``value`` + ``ci95``) — is checked against the
question:

* ``half-width=P``: its interval is at most P points either side (``precise``);
* ``band``: its interval lies on one side of every band edge — 45 % and 55 % for a rate, 0 for an
  effect (``decided``).

A figure stops at the first look that answers it; the run stops when all have stopped or the
budget (games per pairing, or seconds) is spent, and the rest are ``budget``. Looking repeatedly
and stopping when an interval clears a threshold inflates the error rate, so every interval is
widened by a Bonferroni correction over the planned looks: each look uses level 0.05 / K, the
report's 95 % interval scaled by ``z(1 − 0.025 / K) / z(0.975)``.

>>> goal = parse_until("half-width=5")
>>> check({"rate": 0.5, "ci95": [0.47, 0.53]}, "rate", goal, looks=1)
'precise'
>>> check({"rate": 0.5, "ci95": [0.47, 0.53]}, "rate", parse_until("band"), looks=1)
'decided'
>>> check({"diff": 0.02, "ci95": [-0.01, 0.05]}, "diff", parse_until("band"), looks=1) is None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from grimoire.core.errors import GrimoireError

#: a deck's win rate is in band between these (the seed's 45–55 %)
RATE_BAND = (0.45, 0.55)
#: the most looks a seconds budget plans for
MAX_LOOKS = 8
#: a card's conditional win rates (drawn, played against …): associations, not questions of their own
#: (they are read only beside the swap that confirms them), so the stopping rule leaves them out
ASSOCIATIONS = frozenset({"drawn", "not_drawn", "played_against", "not_played_against", "play_rate"})


@dataclass(frozen=True)
class Goal:
    """What the question needs: a half-width (a fraction, e.g. 0.02 for 2 points) or a band decision."""

    half_width: float | None = None


@dataclass(frozen=True)
class Budget:
    """Games per deck pairing, or wall-clock seconds (whichever is given)."""

    games: int | None = None
    seconds: float | None = None


def parse_until(text: str) -> Goal:
    """``--until`` as a goal: ``band`` or ``half-width=P`` (P in points).

    >>> parse_until("half-width=2").half_width
    0.02
    >>> parse_until("band").half_width is None
    True
    """
    text = text.strip()
    if text == "band":
        return Goal()
    key, sep, value = text.partition("=")
    if key.strip() == "half-width" and sep:
        try:
            points = float(value)
        except ValueError:
            points = 0.0
        if points > 0:
            return Goal(half_width=points / 100)
    raise GrimoireError(f"--until {text!r} is not 'band' or 'half-width=P' with P > 0 points")


def parse_budget(text: str) -> Budget:
    """``--budget`` as games per pairing (``4000``) or seconds (``600s``).

    >>> parse_budget("400").games, parse_budget("90s").seconds
    (400, 90.0)
    """
    text = text.strip()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds > 0:
                return Budget(seconds=seconds)
        else:
            games = int(text)
            if games > 0:
                return Budget(games=games)
    except ValueError:
        pass
    raise GrimoireError(f"--budget {text!r} is not a number of games (400) or of seconds (600s) above 0")


def planned_looks(start: int, budget: Budget) -> list[int]:
    """The games per pairing of each planned look: ``start`` doubled up to the budget (the last look is
    the budget itself when it is not a doubling).

    >>> planned_looks(50, Budget(games=400)), planned_looks(50, Budget(games=300))
    ([50, 100, 200, 400], [50, 100, 200, 300])
    >>> len(planned_looks(10, Budget(seconds=60.0))) == MAX_LOOKS
    True
    """
    if budget.games is None:
        return [start * 2 ** i for i in range(MAX_LOOKS)]
    looks: list[int] = []
    n = start
    while n < budget.games:
        looks.append(n)
        n *= 2
    return [*looks, budget.games]


def widened(value: float, ci: list[float], looks: int, rate: bool = False) -> tuple[float, float]:
    """A 95 % interval widened for ``looks`` planned looks (Bonferroni: level 0.05 / looks per look);
    a ``rate``'s stays within 0–1.

    >>> widened(0.5, [0.45, 0.55], 1)
    (0.45, 0.55)
    >>> [round(x, 3) for x in widened(0.5, [0.45, 0.55], 4)]
    [0.436, 0.564]
    """
    if looks <= 1:
        return ci[0], ci[1]
    scale = NormalDist().inv_cdf(1 - 0.025 / looks) / NormalDist().inv_cdf(0.975)
    lo, hi = value - (value - ci[0]) * scale, value + (ci[1] - value) * scale
    return (max(0.0, lo), min(1.0, hi)) if rate else (lo, hi)


def check(fig: dict[str, Any], key: str, goal: Goal, looks: int) -> str | None:
    """``precise`` or ``decided`` when the figure's widened interval answers the goal, else None."""
    value = float(fig[key])
    lo, hi = widened(value, fig["ci95"], looks, key == "rate")
    if goal.half_width is not None:
        return "precise" if max(value - lo, hi - value) <= goal.half_width + 1e-12 else None
    edges = RATE_BAND if key == "rate" else (0.0,)
    return "decided" if all(hi < e or lo > e for e in edges) else None


def figures(data: Any, path: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every figure of a report: ``(path, value key, figure)`` for each dict with a ``ci95`` beside a
    ``rate``, ``diff`` or ``value``."""
    if isinstance(data, dict):
        if isinstance(data.get("ci95"), list) and len(data["ci95"]) == 2:
            for key in ("rate", "diff", "value"):
                if isinstance(data.get(key), (int, float)):
                    yield path, key, data
                    break
        for k, v in data.items():
            if k != "sequential" and k not in ASSOCIATIONS:
                yield from figures(v, f"{path}.{k}" if path else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from figures(v, f"{path}[{_name(v) or i}]")


def _name(item: Any) -> str:
    """A list item's own name in a figure's path (its deck, card, metric …), or empty.

    >>> _name({"metric": "win_rate", "level": "greedy", "subject": "fire"})
    'greedy metric=win_rate fire'
    """
    if not isinstance(item, dict):
        return ""
    parts = [str(item[k]) for k in ("level", "deck", "card", "answer") if isinstance(item.get(k), str)]
    if isinstance(item.get("metric"), str):
        parts.append(f"metric={item['metric']}")
    if isinstance(item.get("subject"), str):
        parts.append(str(item["subject"]))
    return " ".join(parts)


def _size(fig: dict[str, Any]) -> int:
    for key in ("pairs", "games", "n"):
        if isinstance(fig.get(key), int):
            return int(fig[key])
    return 0


def _row(path: str, key: str, fig: dict[str, Any], stop: str, games: int, looks: int) -> dict[str, Any]:
    return {"figure": path, "stop": stop, "games": games, "sample": _size(fig), "value": fig[key],
            "ci95": list(widened(float(fig[key]), fig["ci95"], looks, key == "rate"))}


def measure(run: Callable[[int], dict[str, Any]], start: int, goal: Goal, budget: Budget,
            clock: Callable[[], float] = time.monotonic) -> dict[str, Any]:
    """Run the report at each planned look until every figure is answered or the budget is spent.

    ``run(games)`` plays (or reads back) the report at ``games`` per pairing. The last report is
    returned with a ``sequential`` section: per figure, why it stopped (``precise`` / ``decided`` /
    ``budget``), at which games per pairing, and its sample there.
    """
    looks = planned_looks(start, budget)
    began = clock()
    stopped: dict[str, dict[str, Any]] = {}
    data: dict[str, Any] = {}
    games = start
    for games in looks:
        data = run(games)
        open_ = 0
        for path, key, fig in figures(data):
            if path in stopped:
                continue
            why = check(fig, key, goal, len(looks))
            if why is None:
                open_ += 1
                continue
            stopped[path] = _row(path, key, fig, why, games, len(looks))
        if not open_ or (budget.seconds is not None and clock() - began >= budget.seconds):
            break
    rows = []
    for path, key, fig in figures(data):
        rows.append(stopped.get(path) or _row(path, key, fig, "budget", games, len(looks)))
    data["sequential"] = {
        "goal": {"half_width": goal.half_width} if goal.half_width is not None else {"band": list(RATE_BAND)},
        "budget": {"games": budget.games, "seconds": budget.seconds}, "looks": looks, "games": games,
        "correction": "bonferroni", "figures": rows,
        "stopped": {s: sum(1 for r in rows if r["stop"] == s) for s in ("precise", "decided", "budget")},
    }
    return data
