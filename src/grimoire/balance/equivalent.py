"""A card's equivalent power: the power of the vanilla card of the same cost that plays like it.

The swap of a card (:mod:`grimoire.balance.swaps`) is measured against the game's vanilla card
of the same cost at a sweep of powers (``--swap-power`` −3 … +3). The swap's value, *as built −
swapped*, falls as the vanilla card's power rises; where it crosses 0 the vanilla card plays like
the card: its **equivalent power** ("plays like a chant-5 power-7.5 card"). Its interval is where
the value's 95 % interval bounds cross 0 (linear between swept powers; open-ended when a bound
never crosses inside the sweep). The verdict compares that interval with the power the seed's
guideline allows for the card's cost (the game's ``power_band`` when its metrics reader has one):
``too strong`` when it lies above, ``too weak`` below, ``in band`` inside, else ``undecided``.

>>> pts = [(5, 0.10, [0.05, 0.15]), (6, 0.02, [-0.03, 0.07]), (7, -0.06, [-0.11, -0.01])]
>>> r = equivalent(pts)
>>> round(r["power"], 2), [None if x is None else round(x, 2) for x in r["ci"]]
(6.25, [5.62, 6.88])
>>> verdict(r["ci"], (3, 6))
'undecided'
>>> verdict([7.0, 8.0], (3, 6))
'too strong'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from grimoire.core.game import Game
from grimoire.core.plugin import HasPowerBand, note_missing
from grimoire.core.registry import plugins

from .collect import metrics_for
from .swaps import vanilla_card_tables

#: the fresh seeds a verdict is re-checked on: the run's seed plus this
FRESH_SEED = 1_000_003
#: the vanilla powers swept around the guideline's middle (``--swap-power``)
SWEEP = (-3, -2, -1, 0, 1, 2, 3)


def crossing(points: Sequence[tuple[float, float]]) -> float | None:
    """The power where a falling value first reaches 0 (linear between points); None if it never does.

    >>> crossing([(1, 0.2), (2, 0.1), (3, -0.1)])
    2.5
    >>> crossing([(1, 0.2), (2, 0.1)]) is None
    True
    """
    if points and points[0][1] <= 0:
        return float(points[0][0])
    for (p0, v0), (p1, v1) in pairwise(points):
        if v0 > 0 >= v1:
            return p0 + (p1 - p0) * v0 / (v0 - v1)
    return None


def equivalent(points: Sequence[tuple[float, float, Sequence[float]]]) -> dict[str, Any]:
    """The equivalent power and its interval from ``(vanilla power, swap value, ci95)`` points.

    The interval's low end is where the value's lower bound crosses 0, its high end where the upper
    bound does; None for an end beyond the sweep. ``power`` is None when the value never crosses.
    """
    pts = sorted(points, key=lambda p: p[0])
    lo = crossing([(p, ci[0]) for p, _, ci in pts])
    hi = crossing([(p, ci[1]) for p, _, ci in pts])
    if lo is not None and pts and lo == pts[0][0] and pts[0][2][0] <= 0:
        lo = None  # already at or below 0 at the weakest vanilla: the low end is beyond the sweep
    return {"power": crossing([(p, v) for p, v, _ in pts]), "ci": [lo, hi]}


def verdict(ci: Sequence[float | None], band: tuple[int, int] | None) -> str:
    """The equivalent power's interval against the seed's allowed power for the card's cost."""
    if band is None:
        return "no band"
    lo, hi = ci[0], ci[1]
    if lo is not None and lo > band[1]:
        return "too strong"
    if hi is not None and hi < band[0]:
        return "too weak"
    if lo is not None and hi is not None and band[0] <= lo and hi <= band[1]:
        return "in band"
    return "undecided"


def rows(sweep: Sequence[tuple[int, dict[str, Any]]], powers: dict[int, float], band: tuple[int, int] | None,
         printed: float | None) -> list[dict[str, Any]]:
    """One row per (card, deck, level) of the swap rows of each swept report: the points, the equivalent
    power, its interval and the verdict.

    ``sweep`` holds ``(power delta, report)``; ``powers`` maps a delta to the vanilla card's power.
    """
    by_key: dict[tuple[str, str, str], list[tuple[float, float, Sequence[float]]]] = {}
    for delta, data in sweep:
        for r in (data.get("swaps") or {}).get("rows", []):
            by_key.setdefault((r["card"], r["deck"], r["level"]), []).append(
                (powers[delta], float(r["value"]), list(r["ci95"])))
    out = []
    for (card, deck, level), pts in sorted(by_key.items()):
        eq = equivalent(pts)
        out.append({"card": card, "deck": deck, "level": level, "printed": printed,
                    "band": list(band) if band else None,
                    "power": eq["power"], "ci": eq["ci"], "verdict": verdict(eq["ci"], band),
                    "points": [{"power": p, "value": v, "ci95": list(ci)} for p, v, ci in sorted(pts)]})
    return out


def power_band(game: Game[Any], card: str) -> tuple[int, int] | None:
    """The seed's allowed power for ``card``'s cost, when the game's metrics reader says (``power_band``)."""
    metrics = metrics_for(game.name)
    if not isinstance(metrics, HasPowerBand):
        note_missing(game.name, "metrics.power_band", "no equivalent power is judged against a band")
        return None
    band = metrics.power_band(game, card)
    return None if band is None else (int(band[0]), int(band[1]))


def measure_equivalent(game: Game[Any], card: str, run: Callable[[int], dict[str, Any]],
                       deltas: Sequence[int] = SWEEP,
                       recheck: Callable[[int], dict[str, Any]] | None = None) -> dict[str, Any]:
    """Sweep the vanilla stand-in's power (``run(delta)``: the report of ``--swap CARD --swap-power
    delta``) and read ``card``'s equivalent power in each deck and level. With ``recheck`` (the same
    sweep on fresh seeds) a verdict stands only when the fresh sweep gives the same one
    (:func:`confirmed`)."""
    found = game.pool.find(card)
    card = found.id if found is not None else card
    power_field, cost_fields = card_numbers(game)
    powers: dict[int, float] = {}
    for d in deltas:
        tables = vanilla_card_tables(game, [card], d)
        power = float(next(iter(tables.values())).get(power_field) or 0) if tables else None
        if power is not None and power not in powers.values():  # a power clipped at 0 is swept once
            powers[d] = power
    if not powers:
        return {"card": card, "rows": [], "note": "the game has no vanilla card for this card"}
    sweep = [(d, run(d)) for d in powers]
    pc = game.pool[card]
    band = power_band(game, card)
    printed = getattr(pc, power_field, None)
    found = rows(sweep, powers, band, printed)
    if recheck is not None:
        fresh = rows([(d, recheck(d)) for d in powers], powers, band, printed)
        found = confirmed(found, fresh)
    # the card's costs by their field names (Chant: "chant"), as the plugin's card_numbers name them
    return {"card": card, **{f: getattr(pc, f, None) for f in cost_fields}, "cost_fields": list(cost_fields),
            "power_field": power_field, "printed": printed, "band": band, "deltas": list(powers), "rows": found}


def card_numbers(game: Game[Any]) -> tuple[str, tuple[str, ...]]:
    """The field of a card's power (its plugin's first number that makes a card stronger; ``power`` if it
    names none) and those of its costs (the numbers that make it weaker).

    >>> from grimoire.core.registry import load_game
    >>> card_numbers(load_game("chant")), card_numbers(load_game("destiny"))
    (('power', ('chant',)), ('power', ()))
    """
    numbers = plugins()[game.name].card_numbers if game.name in plugins() else ()
    power = next((n.field for n in numbers if n.stronger > 0), "power")
    return power, tuple(n.field for n in numbers if n.stronger < 0)


def confirmed(found: list[dict[str, Any]], fresh: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row with its fresh-seed re-check (``fresh``: ``power``, ``ci``, ``verdict``); a verdict the fresh
    seeds do not repeat becomes ``undecided``.

    >>> a = [{"card": "c", "deck": "d", "level": "greedy", "power": 7.0, "ci": [6.5, 7.5], "verdict": "too strong"}]
    >>> b = [{"card": "c", "deck": "d", "level": "greedy", "power": 6.0, "ci": [5.0, 7.0], "verdict": "undecided"}]
    >>> confirmed(a, b)[0]["verdict"], confirmed(a, a)[0]["verdict"]
    ('undecided', 'too strong')
    """
    by_key = {(r["card"], r["deck"], r["level"]): r for r in fresh}
    out = []
    for r in found:
        f = by_key.get((r["card"], r["deck"], r["level"]))
        again = {"power": f["power"], "ci": f["ci"], "verdict": f["verdict"]} if f else None
        same = again is not None and again["verdict"] == r["verdict"]
        out.append({**r, "fresh": again, "verdict": r["verdict"] if same else "undecided",
                    "first_verdict": r["verdict"]})
    return out
