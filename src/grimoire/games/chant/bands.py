"""詠唱 Chant: the seed's power guideline (rule 8.5) as numbers — the band of each chant value, the power
ratio, and what counts as a drawback. Read by the balance metrics (:mod:`.metrics`) and the designer
guidelines (:mod:`.guidelines`).

>>> guideline_band(3), guideline_band(12)
(('2-4', 1, 2), ('10+', 1, 10))
"""

from __future__ import annotations

from typing import Any

#: The seed's ratio rule (8.5): power about 50–70 % of the chant value; with a drawback 100–120 %.
RATIO_NORM = (0.5, 0.7)
RATIO_DRAWBACK = 1.2


def ratio_limit(chant: int, share: float) -> int:
    """The largest power within ``share`` of ``chant``, rounded half up ("about").

    >>> ratio_limit(10, 0.7), ratio_limit(2, 0.7), ratio_limit(5, 0.7), ratio_limit(10, 1.2)
    (7, 1, 4, 12)
    """
    return int(chant * share + 0.5 + 1e-9)


def band_findings(chant: int, power: int, drawback: bool, has_effects: bool) -> list[tuple[str, dict[str, Any]]]:
    """How a library card of ``chant`` and ``power`` breaks rule 8.5, as ``(kind, values)`` (empty: it does not).

    Kinds: ``above_band`` / ``below_band`` (``band``, ``limit``), ``needs_drawback`` (chant 0–1 with power),
    ``above_drawback`` / ``above_norm`` / ``below_norm`` (``share`` in per cent, ``limit``). Worded by
    :func:`guideline_reasons` (English, the balance report) and :mod:`.guidelines` (both languages).

    >>> band_findings(1, 9, False, False)[0]
    ('above_band', {'power': 9, 'chant': 1, 'band': '0-1', 'limit': 1})
    """
    band, lo, hi = guideline_band(chant)
    out: list[tuple[str, dict[str, Any]]] = []
    base: dict[str, Any] = {"power": power, "chant": chant, "band": band}
    if power > hi:
        out.append(("above_band", {**base, "limit": hi}))
    elif power < lo:
        out.append(("below_band", {**base, "limit": lo}))
    if band == "0-1":
        if not drawback:
            out.append(("needs_drawback", dict(base)))
        return out
    share = round(100 * power / chant)
    top = ratio_limit(chant, RATIO_DRAWBACK if drawback else RATIO_NORM[1])
    if power > top:
        out.append(("above_drawback" if drawback else "above_norm", {**base, "share": share, "limit": top}))
    bottom = ratio_limit(chant, RATIO_NORM[0])
    if power < bottom and not has_effects:
        out.append(("below_norm", {**base, "share": share, "limit": bottom}))
    return out


#: The English of each :func:`band_findings` kind.
BAND_EN = {
    "above_band": "power {power} above the {band} band's {limit}",
    "below_band": "power {power} below the {band} band's {limit}",
    "needs_drawback": "power {power} at chant 0–1 needs a drawback",
    "above_drawback": "power {power} is {share} % of chant {chant}, above the 120 % allowed with a drawback ({limit})",
    "above_norm": "power {power} is {share} % of chant {chant}, above the 70 % norm ({limit}) for a card without a "
                  "drawback",
    "below_norm": "power {power} is {share} % of chant {chant}, below the 50 % norm ({limit}) and no effect makes up "
                  "for it",
}


def guideline_reasons(chant: int, power: int, drawback: bool, has_effects: bool) -> list[str]:
    """Why a library card of ``chant`` and ``power`` breaks rule 8.5 (empty: it does not).

    >>> guideline_reasons(10, 8, False, True)
    ['power 8 is 80 % of chant 10, above the 70 % norm (7) for a card without a drawback']
    >>> guideline_reasons(10, 8, True, True), guideline_reasons(2, 1, False, False)
    ([], [])
    >>> [r[:28] for r in guideline_reasons(6, 2, False, False)]
    ["power 2 below the 5-9 band's", 'power 2 is 33 % of chant 6, ']
    """
    return [BAND_EN[kind].format(**values) for kind, values in band_findings(chant, power, drawback, has_effects)]


#: Effects that always cost their owner (8.5): life paid, hand cards discarded.
DRAWBACK_OPS = {"pay_life", "discard"}


def has_drawback(card: Any) -> bool:
    """Whether a card has an effect that always costs its owner something (8.5; see :func:`drawback_effect`)."""
    return drawback_effect(card) is not None


def drawback_effect(card: Any) -> Any:
    """The effect of a card that always costs its owner something (8.5), or None.

    A drawback happens whenever the effect does, whatever the owner chooses: paying life,
    discarding, damage to self or both, rewinding the owner's own cards (this card, cards
    only of the owner, or every card of both sides), advancing the opponent's cards (cards
    only of the opponent, or every card of both sides), and a life cost of an effect that
    is not optional. Not drawbacks: what the owner may decline — a C-phase ability (its
    ``cost_life`` included), ``pay_life_advance_self`` (pay 0) — and a chosen target the
    owner may pick on either side (``choose`` with ``owner = any``).

    Returns the first such effect (None: the card has no drawback).
    """
    for e in card.effects:
        if e.on == "c_phase":  # used only if the owner wants to, cost and all
            continue
        if e.op in DRAWBACK_OPS or e.cost:
            return e
        if e.op == "damage" and e.params.get("to") in ("self", "both"):
            return e
        owner = e.params.get("filter", {}).get("owner", "own")
        target = e.params.get("target")
        if e.op == "rewind" and (target == "self" or owner == "own" or (owner == "any" and target == "all")):
            return e
        if e.op == "advance" and target != "self" and (
                owner == "opponent" or (owner == "any" and target == "all")):
            return e
    return None


def guideline_band(chant: int) -> tuple[str, int, int]:
    """The band of a chant value and the power range it allows (rule 8.5)."""
    if chant <= 1:
        return ("0-1", 1, 1)
    if chant <= 4:
        return ("2-4", 1, 2)
    if chant <= 9:
        return ("5-9", 3, 6)
    return ("10+", 1, 10)
