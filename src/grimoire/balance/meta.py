"""A metagame view of a balance run: matchup cycles named, and decks rated against a chosen meta.

:func:`cycles` finds every rock–paper–scissors loop of the matchup table — decks
``a > b > c > a`` where each beats the next — and names it, with each edge's win rate and
interval; a cycle is ``significant`` when every edge's interval lies above 50 %.
:func:`meta_ratings` rates each deck against a meta: the decks it would meet, weighted
(``--meta fire=2,matter=1``): its expected win rate Σ wⱼ·pᵢⱼ / Σ wⱼ (a mirror counts ½),
with a 95 % interval from the matchups' binomial variances.

>>> m = [{"deck_a": "a", "deck_b": "b", "games": 100, "win_rate_a": 0.7, "ci95": [0.6, 0.78]},
...      {"deck_a": "a", "deck_b": "c", "games": 100, "win_rate_a": 0.3, "ci95": [0.22, 0.4]},
...      {"deck_a": "b", "deck_b": "c", "games": 100, "win_rate_a": 0.75, "ci95": [0.66, 0.82]}]
>>> [c["name"] for c in cycles(m, ["a", "b", "c"])]
['a > b > c > a']
>>> r = meta_ratings(m, ["a", "b", "c"], {"b": 3, "c": 1})
>>> [(x["deck"], round(x["rate"], 3)) for x in r]
[('a', 0.6), ('b', 0.562), ('c', 0.312)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.errors import GrimoireError
from grimoire.core.stats import Z95


def win_rates(matchups: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str], tuple[float, list[float], int]]:
    """``(a, b)`` → a's win rate against b, its interval and the games, both ways round."""
    out: dict[tuple[str, str], tuple[float, list[float], int]] = {}
    for m in matchups:
        a, b, r, ci, n = m["deck_a"], m["deck_b"], float(m["win_rate_a"]), list(m["ci95"]), int(m["games"])
        out[(a, b)] = (r, ci, n)
        out[(b, a)] = (1 - r, [1 - ci[1], 1 - ci[0]], n)
    return out


def cycles(matchups: Sequence[Mapping[str, Any]], labels: Sequence[str], limit: int = 20) -> list[dict[str, Any]]:
    """Every cycle of three or more decks in which each beats the next (win rate above ½), at most
    ``limit``, significant ones (every edge's interval above ½) first, then by their weakest edge."""
    rates = win_rates(matchups)
    order = {d: i for i, d in enumerate(labels)}
    beats = {a: [b for b in labels if (a, b) in rates and rates[(a, b)][0] > 0.5] for a in labels}
    found: list[list[str]] = []

    def walk(path: list[str]) -> None:
        for nxt in beats[path[-1]]:
            if nxt == path[0] and len(path) >= 3:
                found.append(list(path))
            elif nxt not in path and order[nxt] > order[path[0]]:  # each cycle once, from its first deck
                walk([*path, nxt])

    for start in labels:
        walk([start])
    out: list[dict[str, Any]] = []
    for cyc in found:
        edges: list[dict[str, Any]] = []
        for a, b in zip(cyc, [*cyc[1:], cyc[0]], strict=True):
            r, ci, n = rates[(a, b)]
            edges.append({"winner": a, "loser": b, "rate": r, "ci95": ci, "games": n})
        out.append({"decks": cyc, "name": " > ".join([*cyc, cyc[0]]), "edges": edges,
                    "weakest": min(float(e["rate"]) for e in edges),
                    "significant": all(e["ci95"][0] > 0.5 for e in edges)})
    out.sort(key=lambda c: (not c["significant"], -c["weakest"], len(c["decks"]), c["name"]))
    return out[:limit]


def parse_meta(items: Sequence[str], labels: Sequence[str]) -> dict[str, float]:
    """``--meta`` values (``DECK=WEIGHT`` pairs, comma-separated or repeated) as weights of the run's decks.

    >>> parse_meta(["fire=2,matter=1"], ["fire", "matter", "spirit"])
    {'fire': 2.0, 'matter': 1.0}
    """
    out: dict[str, float] = {}
    for item in items:
        for part in (p.strip() for p in item.split(",") if p.strip()):
            deck, sep, weight = (x.strip() for x in part.partition("="))
            try:
                w = float(weight)
            except ValueError:
                w = -1.0
            if not sep or not deck or not math.isfinite(w) or w < 0:
                raise GrimoireError(f"--meta {part!r} is not DECK=WEIGHT with a weight of 0 or more")
            if deck not in labels:
                raise GrimoireError(f"--meta names no deck of the run: {deck} (decks: {', '.join(labels)})")
            out[deck] = w
    if out and not sum(out.values()) > 0:
        raise GrimoireError("--meta needs at least one weight above 0")
    return out


def meta_ratings(matchups: Sequence[Mapping[str, Any]], labels: Sequence[str],
                 weights: Mapping[str, float]) -> list[dict[str, Any]]:
    """Each deck's expected win rate against the meta ``weights`` (deck → weight): Σ wⱼ·pᵢⱼ / Σ wⱼ, a
    mirror counting ½ exactly; the 95 % interval from Σ (wⱼ/W)²·pᵢⱼ(1 − pᵢⱼ)/nᵢⱼ; ``missing`` names
    meta decks it never met (left out of the rating)."""
    rates = win_rates(matchups)
    out = []
    for deck in labels:
        total = rated = var = 0.0
        missing = []
        for other, w in weights.items():
            if w <= 0:
                continue
            if other == deck:
                total, rated = total + w, rated + 0.5 * w
                continue
            if (deck, other) not in rates:
                missing.append(other)
                continue
            p, _, n = rates[(deck, other)]
            total += w
            rated += w * p
            var += w * w * p * (1 - p) / max(n, 1)
        if total <= 0:
            continue
        r = rated / total
        half = Z95 * math.sqrt(var) / total
        out.append({"deck": deck, "rate": r, "ci95": [max(0.0, r - half), min(1.0, r + half)], "missing": missing})
    return out


def metagame(levels: Mapping[str, Mapping[str, Any]], labels: Sequence[str],
             weights: Mapping[str, float] | None) -> dict[str, Any]:
    """The report's ``metagame`` section: per level, the cycles and (with ``weights``) the meta ratings."""
    return {"weights": dict(weights or {}),
            "levels": {lv: {"cycles": cycles(d["matchups"], labels),
                            "ratings": meta_ratings(d["matchups"], labels, weights) if weights else []}
                       for lv, d in levels.items()},
            "note": "a cycle: each deck beats the next (win rate above 50 %); significant when every edge's 95 % "
                    "interval lies above 50 %. A meta rating: the deck's expected win rate against the decks of the "
                    "meta, weighted (a mirror counts 50 %), with a 95 % normal interval from the matchups."}
