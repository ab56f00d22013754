"""Balance metrics from many games: matchups, first player, length, card impact.

A game's own metrics come from its plugin (:class:`~grimoire.core.plugin.GameMetrics`).

Every rate comes with a 95 % Wilson interval; paired differences (the same seeds
played with two card pools) come with a normal interval of the mean per-game
difference.

>>> rate(3, 4)["rate"], [round(x, 3) for x in rate(3, 4)["ci95"]]
(0.75, [0.301, 0.954])
>>> paired([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])["diff"], paired([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])["ci95"]
(0.0, [0.0, 0.0])
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from grimoire.core.stats import Z95, rate

from .collect import GameStats


def paired(old: Sequence[float], new: Sequence[float]) -> dict[str, Any]:
    """Mean of ``new − old`` over paired games, with a 95 % normal interval of that mean."""
    n = len(old)
    if n == 0:
        return {"old": 0.0, "new": 0.0, "diff": 0.0, "ci95": [0.0, 0.0], "pairs": 0}
    diffs = [b - a for a, b in zip(old, new, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return {"old": sum(old) / n, "new": sum(new) / n, "diff": mean, "ci95": [mean - half, mean + half], "pairs": n}


def won(g: GameStats, seat: int) -> float:
    """1 for a win of ``seat``, 0.5 for a draw, 0 for a loss."""
    return 0.5 if g.winner is None else (1.0 if g.winner == seat else 0.0)


def matchups(games: Iterable[GameStats], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Deck A against deck B (A ≠ B, each unordered pair once): A's wins with an interval."""
    table: dict[tuple[str, str], list[int]] = {}
    for g in games:
        a, b = g.decks
        if a == b:
            continue
        key = (a, b) if labels.index(a) < labels.index(b) else (b, a)
        row = table.setdefault(key, [0, 0, 0])
        if g.winner is None:
            row[2] += 1
        else:
            row[0 if g.decks[g.winner] == key[0] else 1] += 1
    out = []
    for (a, b), (wa, wb, dr) in sorted(table.items(), key=lambda kv: (labels.index(kv[0][0]), labels.index(kv[0][1]))):
        n = wa + wb + dr
        r = rate(wa, n)
        out.append({"deck_a": a, "deck_b": b, "games": n, "wins_a": wa, "wins_b": wb, "draws": dr,
                    "win_rate_a": r["rate"], "ci95": r["ci95"]})
    return out


def deck_rates(games: Iterable[GameStats], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Each deck's win rate over all its non-mirror games."""
    wins = Counter[str]()
    played = Counter[str]()
    for g in games:
        if g.decks[0] == g.decks[1]:
            continue
        for seat in (0, 1):
            played[g.decks[seat]] += 1
            if g.winner == seat:
                wins[g.decks[seat]] += 1
    return [{"deck": d, **rate(wins[d], played[d])} for d in labels if played[d]]


def first_player(games: Iterable[GameStats]) -> dict[str, Any]:
    """How often the first player wins (draws count as not won)."""
    known = [g for g in games if g.first is not None]
    return rate(sum(1 for g in known if g.winner == g.first), len(known))


def lengths(games: Sequence[GameStats]) -> dict[str, Any]:
    """Turns per game: mean, quartiles and the histogram."""
    turns = sorted(g.turns for g in games)
    if not turns:
        return {"mean_turns": 0.0, "quartiles": [0, 0, 0], "histogram": {}, "mean_decisions": 0.0}
    q = [turns[int(p * (len(turns) - 1))] for p in (0.25, 0.5, 0.75)]
    return {"mean_turns": sum(turns) / len(turns), "quartiles": q,
            "histogram": {str(k): v for k, v in sorted(Counter(turns).items())},
            "mean_decisions": sum(g.decisions for g in games) / len(games)}


def card_impact(games: Sequence[GameStats], deck_cards: dict[str, set[str]], min_games: int = 1
                ) -> list[dict[str, Any]]:
    """Per card: win rate of a seat whose deck holds it when drawn vs not drawn, and of a seat
    whose opponent played it vs did not; each with its interval and the difference."""
    cards = sorted({c for cs in deck_cards.values() for c in cs})
    acc: dict[str, list[list[float]]] = {c: [[], [], [], []] for c in cards}
    for g in games:
        for seat in (0, 1):
            mine = deck_cards.get(g.decks[seat], set())
            theirs = deck_cards.get(g.decks[1 - seat], set())
            w = 1.0 if g.winner == seat else 0.0
            drawn = set(g.drawn[seat])
            against = set(g.played[1 - seat])
            for c in mine:
                acc[c][0 if c in drawn else 1].append(w)
            for c in theirs:
                acc[c][2 if c in against else 3].append(w)
    out = []
    for c in cards:
        d, nd, pa, npa = acc[c]
        if len(d) + len(nd) < min_games:
            continue
        rd, rnd = rate(int(sum(d)), len(d)), rate(int(sum(nd)), len(nd))
        rpa, rnpa = rate(int(sum(pa)), len(pa)), rate(int(sum(npa)), len(npa))
        out.append({"card": c, "deck_games": len(d) + len(nd), "drawn": rd, "not_drawn": rnd,
                    "drawn_delta": rd["rate"] - rnd["rate"] if d and nd else None,
                    "played_against": rpa, "not_played_against": rnpa,
                    "against_delta": rpa["rate"] - rnpa["rate"] if pa and npa else None})
    return out


# ----- findings whose sign changes with AI strength -----------------------------------
def _z_rate(r: dict[str, Any]) -> float:
    n = r["games"]
    return (r["rate"] - 0.5) / math.sqrt(0.25 / n) if n else 0.0


def _z_delta(a: dict[str, Any], b: dict[str, Any]) -> float:
    n1, n2 = a["games"], b["games"]
    if not n1 or not n2:
        return 0.0
    pooled = (a["wins"] + b["wins"]) / (n1 + n2)
    se = math.sqrt(max(pooled * (1 - pooled), 1e-9) * (1 / n1 + 1 / n2))
    return float((a["rate"] - b["rate"]) / se)


def sign_flags(levels: dict[str, dict[str, Any]], threshold: float = 0.05, z: float = Z95) -> list[dict[str, Any]]:
    """Findings that favour one side under one AI level and the other side under another.

    Checked: each matchup's A win rate − ½, the first player's win rate − ½, each card's
    drawn − not-drawn win rate. A flag needs the finding to be significant (95 %) under
    at least one level and to go the other way by at least ``threshold`` under another.
    """
    if len(levels) < 2:
        return []
    found: dict[tuple[str, str], dict[str, tuple[float, float]]] = {}
    for level, data in levels.items():
        for m in data["matchups"]:
            r = {"rate": m["win_rate_a"], "games": m["games"]}
            found.setdefault(("matchup", f"{m['deck_a']} vs {m['deck_b']}"), {})[level] = (
                m["win_rate_a"] - 0.5, _z_rate(r))
        fp = data["first_player"]
        found.setdefault(("first_player", "first player"), {})[level] = (fp["rate"] - 0.5, _z_rate(fp))
        for c in data["cards"]:
            if c["drawn_delta"] is not None:
                found.setdefault(("card_drawn", c["card"]), {})[level] = (
                    c["drawn_delta"], _z_delta(c["drawn"], c["not_drawn"]))
    flags = []
    for (metric, subject), values in sorted(found.items()):
        strong_up = any(v >= threshold and zz >= z for v, zz in values.values())
        strong_down = any(v <= -threshold and zz <= -z for v, zz in values.values())
        up = any(v >= threshold for v, _ in values.values())
        down = any(v <= -threshold for v, _ in values.values())
        if (strong_up and down) or (strong_down and up):
            flags.append({"metric": metric, "subject": subject, "values": {k: v for k, (v, _) in values.items()},
                          "z": {k: zz for k, (_, zz) in values.items()},
                          "note": "the sign of this finding changes with AI strength"})
    return flags
