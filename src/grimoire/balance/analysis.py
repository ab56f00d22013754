"""Balance metrics from many games: matchups, first player, length, card impact.

A game's own metrics come from its plugin (:class:`~grimoire.core.plugin.GameMetrics`).

Every rate comes with a 95 % Wilson interval; paired differences (the same seeds
played with two card pools) come with a Student t interval of the mean per-game
difference. A draw counts ½ everywhere (win 1, draw ½, loss 0).

>>> rate(3, 4)["rate"], [round(x, 3) for x in rate(3, 4)["ci95"]]
(0.75, [0.301, 0.954])
>>> paired([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])["diff"], paired([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])["ci95"]
(0.0, [0.0, 0.0])
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from grimoire.core.stats import (
    Z95,
    benjamini_hochberg,
    holm,
    newcombe,
    p_two_sided,
    rate,
    score,
    t95,
    two_proportion_z,
    wilson,
)

from .collect import GameStats


def paired(old: Sequence[float], new: Sequence[float]) -> dict[str, Any]:
    """Mean of ``new − old`` over paired games, with the 95 % Student t interval of that mean
    (n − 1 degrees of freedom: right at small n too) and its standard error ``se``.

    >>> r = paired([0.0] * 10, [1.0, 0.0] * 5)
    >>> r["diff"], [round(x, 3) for x in r["ci95"]]
    (0.5, [0.123, 0.877])
    """
    n = len(old)
    if n == 0:
        return {"old": 0.0, "new": 0.0, "diff": 0.0, "ci95": [0.0, 0.0], "pairs": 0, "se": 0.0}
    diffs = [b - a for a, b in zip(old, new, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    half = t95(n - 1) * se if n > 1 else 0.0
    return {"old": sum(old) / n, "new": sum(new) / n, "diff": mean, "ci95": [mean - half, mean + half], "pairs": n,
            "se": se}


def won(g: GameStats, seat: int) -> float:
    """1 for a win of ``seat``, 0.5 for a draw, 0 for a loss."""
    return 0.5 if g.winner is None else (1.0 if g.winner == seat else 0.0)


def points(total: float, games: int) -> dict[str, Any]:
    """A seat-game score (win 1, draw ½, loss 0) summed to ``total`` over ``games``, as a rate with
    its Wilson interval (``wins`` holds the points, halves included).

    >>> points(2.5, 4)["rate"]
    0.625
    """
    whole = int(total)
    return {**rate(whole, games), "wins": whole if whole == total else total, "rate": total / games if games else 0.0,
            "ci95": list(wilson(total, games))}


def matchups(games: Iterable[GameStats], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Deck A against deck B (A ≠ B, each unordered pair once): A's win rate (a draw counts ½) with
    an interval."""
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
        r = score(wa, dr, n)
        out.append({"deck_a": a, "deck_b": b, "games": n, "wins_a": wa, "wins_b": wb, "draws": dr,
                    "win_rate_a": r["rate"], "ci95": r["ci95"]})
    return out


def deck_rates(games: Iterable[GameStats], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Each deck's win rate over all its non-mirror games (a draw counts ½)."""
    wins = Counter[str]()
    draws = Counter[str]()
    played = Counter[str]()
    for g in games:
        if g.decks[0] == g.decks[1]:
            continue
        for seat in (0, 1):
            played[g.decks[seat]] += 1
            if g.winner == seat:
                wins[g.decks[seat]] += 1
            elif g.winner is None:
                draws[g.decks[seat]] += 1
    return [{"deck": d, **score(wins[d], draws[d], played[d])} for d in labels if played[d]]


def results(games: Iterable[GameStats], seat_of: Callable[[GameStats], int | None]) -> dict[str, Any]:
    """The win rate (a draw counts ½) of the seat ``seat_of`` names in each game (None: left out)."""
    wins = draws = n = 0
    for g in games:
        seat = seat_of(g)
        if seat is None:
            continue
        n += 1
        wins += 1 if g.winner == seat else 0
        draws += 1 if g.winner is None else 0
    return score(wins, draws, n)


def first_player(games: Iterable[GameStats]) -> dict[str, Any]:
    """How often the first player wins (a draw counts ½), with the drawn games counted (``draws``)."""
    return results(games, lambda g: g.first)


#: The first player's win rate the lab calls even: 47–53 % (a game's seat order worth at most 3 points).
FIRST_PLAYER_BAND = (0.47, 0.53)


def first_player_effect(levels: Mapping[str, Mapping[str, Any]],
                        band: tuple[float, float] = FIRST_PLAYER_BAND) -> list[dict[str, Any]]:
    """How large the first player's advantage is at each AI level: the first player's win rate with its
    interval, the second player's wins, the draws, ``effect`` (rate − ½) and where the rate lies
    against ``band`` (``below``, ``inside``, ``above``).

    >>> fp = {"wins": 45, "games": 100, "rate": 0.45, "ci95": [0.356, 0.548], "draws": 2}
    >>> row = first_player_effect({"greedy": {"first_player": fp}})[0]
    >>> row["level"], row["second_wins"], round(row["effect"], 3), row["position"]
    ('greedy', 53, -0.05, 'below')
    """
    rows = []
    for level, d in levels.items():
        fp = d["first_player"]
        r = float(fp["rate"])
        draws = int(fp.get("draws", 0))
        position = "below" if r < band[0] else "above" if r > band[1] else "inside"
        rows.append({"level": level, "games": fp["games"], "wins": fp["wins"],
                     "second_wins": fp["games"] - fp["wins"] - draws, "draws": draws, "rate": r,
                     "ci95": fp["ci95"], "effect": r - 0.5, "band": list(band), "position": position})
    return rows


#: How the balance lab counts a game's length.
TURNS_COUNTED = "turns of both players (each player's turn counts 1; the game's turn number when it ended)"


def lengths(games: Sequence[GameStats]) -> dict[str, Any]:
    """Turns per game (both players' turns counted): mean, quartiles and the histogram."""
    turns = sorted(g.turns for g in games)
    if not turns:
        return {"mean_turns": 0.0, "quartiles": [0, 0, 0], "histogram": {}, "mean_decisions": 0.0,
                "counted": TURNS_COUNTED}
    q = [turns[int(p * (len(turns) - 1))] for p in (0.25, 0.5, 0.75)]
    return {"mean_turns": sum(turns) / len(turns), "quartiles": q, "counted": TURNS_COUNTED,
            "histogram": {str(k): v for k, v in sorted(Counter(turns).items())},
            "mean_decisions": sum(g.decisions for g in games) / len(games)}


#: The fewest seat-games on each side of a comparison for a difference to be reported.
MIN_SAMPLE = 20
#: A card drawn in at least ``MIN_SAMPLE`` seat-games and played in fewer than this share is "rarely played".
RARELY_PLAYED = 0.1


def difference(a: dict[str, Any], b: dict[str, Any], min_sample: int = MIN_SAMPLE) -> dict[str, Any]:
    """``a − b`` of two rates (``wins``/``games``) with Newcombe's 95 % interval and the
    two-sided p-value; ``delta`` is None when either side has fewer than ``min_sample`` games.

    >>> d = difference({"wins": 30, "games": 50}, {"wins": 20, "games": 50})
    >>> round(d["delta"], 3), [round(x, 4) for x in d["ci95"]], round(d["p"], 4)
    (0.2, [0.0046, 0.3752], 0.0455)
    >>> difference({"wins": 1, "games": 1}, {"wins": 20, "games": 50})["delta"] is None
    True
    """
    n1, n2 = int(a["games"]), int(b["games"])
    s1, s2 = float(a["wins"]), float(b["wins"])
    if n1 < min_sample or n2 < min_sample:
        return {"delta": None, "ci95": None, "p": None, "enough": False}
    lo, hi = newcombe(s1, n1, s2, n2)
    return {"delta": s1 / n1 - s2 / n2, "ci95": [lo, hi], "p": p_two_sided(two_proportion_z(s1, n1, s2, n2)),
            "enough": True}


def adjust(pvalues: list[float], method: str = "holm") -> list[float]:
    """Multiple-comparison adjusted p-values: ``holm`` (family-wise) or ``bh`` (Benjamini–Hochberg).

    >>> adjust([0.01, 0.04, 0.03]), adjust([0.01, 0.04, 0.03], "bh")
    ([0.03, 0.06, 0.06], [0.03, 0.04, 0.04])
    """
    if method == "holm":
        return holm(pvalues)
    if method == "bh":
        return benjamini_hochberg(pvalues)
    raise ValueError(f"unknown correction {method!r} (holm or bh)")


def card_impact(games: Sequence[GameStats], deck_cards: dict[str, set[str]], min_sample: int = MIN_SAMPLE,
                correction: str = "holm") -> list[dict[str, Any]]:
    """Per card: win rate of a seat whose deck holds it when drawn vs not drawn, and of a seat
    whose opponent played it vs did not; each rate with its interval, each difference with
    Newcombe's interval, its p-value and the p-value adjusted over all cards (``correction``),
    reported only when both sides have ``min_sample`` seat-games; and the play rate (share
    of the seat-games in which the card was drawn that its holder also played it).
    These are associations, not causes."""
    cards = sorted({c for cs in deck_cards.values() for c in cs})
    acc: dict[str, list[float]] = {c: [0.0] * 10 for c in cards}
    for g in games:
        for seat in (0, 1):
            mine = deck_cards.get(g.decks[seat], set())
            theirs = deck_cards.get(g.decks[1 - seat], set())
            w = won(g, seat)
            drawn = set(g.drawn[seat])
            own_played = set(g.played[seat])
            against = set(g.played[1 - seat])
            for c in mine:
                k = 0 if c in drawn else 2
                acc[c][k] += w
                acc[c][k + 1] += 1
                if c in drawn:
                    acc[c][8] += 1 if c in own_played else 0
                    acc[c][9] += 1
            for c in theirs:
                k = 4 if c in against else 6
                acc[c][k] += w
                acc[c][k + 1] += 1
    out: list[dict[str, Any]] = []
    for c in cards:
        a = acc[c]
        rd, rnd, rpa, rnpa = (points(a[0], int(a[1])), points(a[2], int(a[3])), points(a[4], int(a[5])),
                              points(a[6], int(a[7])))
        dd, da = difference(rd, rnd, min_sample), difference(rpa, rnpa, min_sample)
        out.append({"card": c, "deck_games": int(a[1] + a[3]), "drawn": rd, "not_drawn": rnd,
                    "drawn_delta": dd["delta"], "drawn_delta_ci95": dd["ci95"], "drawn_p": dd["p"],
                    "played_against": rpa, "not_played_against": rnpa,
                    "against_delta": da["delta"], "against_delta_ci95": da["ci95"], "against_p": da["p"],
                    "play_rate": rate(int(a[8]), int(a[9]))})
    for key in ("drawn", "against"):
        tested = [row for row in out if row[f"{key}_p"] is not None]
        for row, adj in zip(tested, adjust([row[f"{key}_p"] for row in tested], correction), strict=True):
            row[f"{key}_p_adjusted"] = adj
        for row in out:
            row.setdefault(f"{key}_p_adjusted", None)
    return out


#: The smallest drawn − not-drawn difference an association flag needs (5 points), however small its p-value.
MIN_EFFECT = 0.05


def card_flags(cards: Sequence[dict[str, Any]], correction: str = "holm", alpha: float = 0.05,
               min_sample: int = MIN_SAMPLE, min_effect: float = MIN_EFFECT) -> list[dict[str, Any]]:
    """Cards worth a designer's look, each with its reason: a drawn − not-drawn difference of at
    least ``min_effect`` significant after the ``correction`` over all cards (an association), and
    cards the agents never or rarely play when they hold them (drawn in ``min_sample`` seat-games or more).

    >>> row = {"card": "x", "drawn_delta": 0.02, "drawn_delta_ci95": [0.01, 0.03], "drawn_p_adjusted": 1e-9,
    ...        "play_rate": {"wins": 0, "games": 0, "rate": 0.0, "ci95": [0.0, 1.0]}}
    >>> card_flags([row]), len(card_flags([{**row, "drawn_delta": 0.08}]))
    ([], 1)
    """
    flags = []
    for c in cards:
        adj = c.get("drawn_p_adjusted")
        if adj is not None and adj < alpha and abs(c["drawn_delta"]) >= min_effect:
            side = "higher" if c["drawn_delta"] > 0 else "lower"
            flags.append({"card": c["card"], "kind": "drawn_association", "value": c["drawn_delta"],
                          "ci95": c["drawn_delta_ci95"], "p_adjusted": adj,
                          "reason": f"win rate {side} when drawn ({correction}-adjusted p {adj:.3g} < {alpha})"})
        pr = c["play_rate"]
        if pr["games"] >= min_sample and pr["rate"] < RARELY_PLAYED:
            kind = "never_played" if pr["wins"] == 0 else "rarely_played"
            flags.append({"card": c["card"], "kind": kind, "value": pr["rate"], "ci95": pr["ci95"],
                          "p_adjusted": None,
                          "reason": f"played in {pr['wins']} of {pr['games']} seat-games where it was drawn"})
    return flags


# ----- findings whose sign changes with AI strength -----------------------------------
def _z_rate(r: dict[str, Any]) -> float:
    n = r["games"]
    return (r["rate"] - 0.5) / math.sqrt(0.25 / n) if n else 0.0


def sign_flags(levels: dict[str, dict[str, Any]], threshold: float = 0.05, z: float = Z95,
               alpha: float = 0.05) -> list[dict[str, Any]]:
    """Findings that favour one side under one AI level and the other side under another.

    Checked: each matchup's A win rate − ½, the first player's win rate − ½, each card's
    drawn − not-drawn win rate (only cards with the minimum sample on both sides). A flag
    needs the finding to be significant under at least one level (matchups and the first
    player: |z| ≥ ``z``; cards: the multiple-comparison adjusted p-value below ``alpha``)
    and to go the other way by at least ``threshold`` under another.
    """
    if len(levels) < 2:
        return []
    found: dict[tuple[str, str], dict[str, tuple[float, float, bool]]] = {}
    for level, data in levels.items():
        for m in data["matchups"]:
            zz = _z_rate({"rate": m["win_rate_a"], "games": m["games"]})
            found.setdefault(("matchup", f"{m['deck_a']} vs {m['deck_b']}"), {})[level] = (
                m["win_rate_a"] - 0.5, zz, abs(zz) >= z)
        fp = data["first_player"]
        zz = _z_rate(fp)
        found.setdefault(("first_player", "first player"), {})[level] = (fp["rate"] - 0.5, zz, abs(zz) >= z)
        for c in data["cards"]:
            if c["drawn_delta"] is not None:
                d, nd = c["drawn"], c["not_drawn"]
                zz = two_proportion_z(d["wins"], d["games"], nd["wins"], nd["games"])
                adj = c.get("drawn_p_adjusted")
                found.setdefault(("card_drawn", c["card"]), {})[level] = (
                    c["drawn_delta"], zz, adj is not None and adj < alpha)
    flags = []
    for (metric, subject), values in sorted(found.items()):
        strong_up = any(v >= threshold and sig for v, _, sig in values.values())
        strong_down = any(v <= -threshold and sig for v, _, sig in values.values())
        up = any(v >= threshold for v, _, _ in values.values())
        down = any(v <= -threshold for v, _, _ in values.values())
        if (strong_up and down) or (strong_down and up):
            flags.append({"metric": metric, "subject": subject, "values": {k: v for k, (v, _, _) in values.items()},
                          "z": {k: zz for k, (_, zz, _) in values.items()},
                          "note": "the sign of this finding changes with AI strength"})
    return flags


def coverage(games: Sequence[GameStats], spec: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """How often each watched mechanic fired: events in all, games with at least one (with an
    interval), and a warning when it never fired, naming what could exercise it.

    >>> g = GameStats(0, "greedy", ("a", "b"), 0, "life", 0, 3, 9, kinds={"counter": 2})
    >>> spec = [{"key": "counter", "label": {"ja": "反撃", "en": "counters"}, "events": ["counter"], "hint": "x"},
    ...         {"key": "runaway", "label": {"ja": "暴走", "en": "runaway"}, "events": ["runaway"], "hint": "y"}]
    >>> [(c["key"], c["events"], c["warning"] is None) for c in coverage([g], spec)]
    [('counter', 2, True), ('runaway', 0, False)]
    """
    out = []
    for m in spec:
        per_game = [sum(g.kinds.get(ev, 0) for ev in m["events"]) for g in games]
        total = sum(per_game)
        warning = None
        if total == 0:
            warning = (f"{m['label']['en']} never happened in {len(games)} games"
                       + (f"; {m['hint']}" if m.get("hint") else ""))
        out.append({"key": m["key"], "label": m["label"], "events": total,
                    "per_game": total / len(games) if games else 0.0,
                    "games_with": rate(sum(1 for n in per_game if n), len(games)), "warning": warning})
    return out
