"""詠唱 Chant's balance metrics: counters, overload depth, runaway, and the power guideline.

Read from each balance game's events (by argument name, :data:`~.events.EVENTS`) and
the state after each step; summarized over many games for the balance report.

>>> m = ChantMetrics()
>>> extra = m.start()
>>> from grimoire.core.decision import Decision, Event
>>> m.draws(Event("draw", 1, ("fireball",), 1)), m.plays(Event("place", 0, ("fireball", 3)))
((1, 'fireball'), (0, 'fireball'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core.decision import Decision, Event
from grimoire.core.game import Game
from grimoire.core.play import StyledAgent
from grimoire.core.plugin import PlayedGame
from grimoire.core.plugin import coverage_item as _m
from grimoire.core.stats import rate

from . import rules
from .bands import guideline_band, guideline_reasons, has_drawback, ratio_limit
from .events import EVENTS


class ChantMetrics:
    """:class:`~grimoire.core.plugin.GameMetrics` of 詠唱 Chant (rules 4–6, 8.5)."""

    def draws(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("draw", "tutor_hand") and event.args:
            return event.player, str(EVENTS.arg(event, "card"))
        if event.kind == "pick" and event.args:
            return 1 - event.player, str(EVENTS.arg(event, "card"))
        return None

    def plays(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("place", "book", "tutor_place") and event.args:
            return event.player, str(EVENTS.arg(event, "card"))
        return None

    def start(self) -> dict[str, Any]:
        return {"counters": [0, 0], "counters_offered": [0, 0], "max_depth": [0, 0],
                "depth_turns": [[0] * 6, [0] * 6], "runaway_checks": 0, "runaways": 0,
                "runaway_cards": [0, 0], "runaway_damage": [0, 0], "damage": [0, 0]}

    def step(self, game: Game[Any], state: Any, events: list[Event], extra: dict[str, Any]) -> None:
        after_runaway = False
        for e in events:
            kind = e.kind
            if kind == "counter":
                extra["counters"][e.player] += 1
                extra["counters_offered"][e.player] += 1
            elif kind == "nocounter":
                extra["counters_offered"][e.player] += 1
            elif kind == "runaway":
                extra["runaway_checks"] += 1
            elif kind == "runaway_damage":
                extra["runaways"] += 1
                extra["runaway_cards"][0] += int(EVENTS.arg(e, "seat0_cards"))
                extra["runaway_cards"][1] += int(EVENTS.arg(e, "seat1_cards"))
                after_runaway = True
                continue
            elif kind == "damage":
                total = int(EVENTS.arg(e, "total"))
                extra["damage"][e.player] += total
                if after_runaway:
                    extra["runaway_damage"][e.player] += total
                    continue
            after_runaway = False
        for p in (0, 1):
            d = rules.depth(state, p)
            if d > extra["max_depth"][p]:
                extra["max_depth"][p] = d
        if any(e.kind == "turn" for e in events):
            p = state.active
            extra["depth_turns"][p][min(5, rules.depth(state, p))] += 1

    def summarize(self, games: Sequence[PlayedGame]) -> dict[str, Any]:
        """Counters, overload depth and runaway over Chant games."""
        n = len(games) or 1
        offered = sum(sum(g.extra["counters_offered"]) for g in games)
        countered = sum(sum(g.extra["counters"]) for g in games)
        depth_hist = [0] * 6
        for g in games:
            for p in (0, 1):
                depth_hist[min(5, g.extra["max_depth"][p])] += 1
        turn_depth = [0] * 6
        for g in games:
            for p in (0, 1):
                for k, v in enumerate(g.extra["depth_turns"][p]):
                    turn_depth[k] += v
        turns_total = sum(turn_depth) or 1
        checks = sum(g.extra["runaway_checks"] for g in games)
        runaways = sum(g.extra["runaways"] for g in games)
        with_runaway = sum(1 for g in games if g.extra["runaways"])
        run_damage = sum(sum(g.extra["runaway_damage"]) for g in games)
        run_cards = sum(sum(g.extra["runaway_cards"]) for g in games)
        return {
            "counters_per_game": countered / n,
            "counter_rate": rate(countered, offered),
            "max_depth_histogram": {str(k) if k < 5 else "5+": v for k, v in enumerate(depth_hist)},
            "overloaded_turn_share": 1 - turn_depth[0] / turns_total,
            "mean_max_depth": sum(max(g.extra["max_depth"]) for g in games) / n,
            "runaway_checks_per_game": checks / n,
            "runaways_per_game": runaways / n,
            "games_with_runaway": rate(with_runaway, len(games)),
            "runaway_damage_per_runaway": run_damage / runaways if runaways else 0.0,
            "runaway_cards_per_runaway": run_cards / runaways if runaways else 0.0,
            "damage_per_game": sum(sum(g.extra["damage"]) for g in games) / n,
        }

    def plot(self, data: dict[str, Any], ax: Any) -> bool:
        """The largest overload depth reached per seat, one line per AI level."""
        for level, d in data["levels"].items():
            hist = d["game_metrics"]["max_depth_histogram"]
            total = sum(hist.values()) or 1
            ax.plot(list(hist), [v / total for v in hist.values()], marker="o", label=level)
        ax.set_xlabel("largest overload depth reached in a game (per seat)")
        ax.set_ylabel("share of seats")
        ax.set_title("overload depth")
        return True

    def fixed_cards(self) -> tuple[str, ...]:
        """Cards the balance lab's suggestions never change: the seed's printed cards."""
        return PRINTED

    def styles(self) -> dict[str, Any]:
        """Play styles for the balance lab (``--agent hoarder`` …): wrappers of a base agent."""
        return STYLES

    def coverage(self) -> list[dict[str, Any]]:
        """The mechanics the balance report's coverage section watches (rules 4–6, 3.2.2, 10)."""
        return COVERAGE

    def card_events(self) -> dict[str, Any]:
        """Which events mean what for a card, for the balance report's per-card statistics: placing
        (3.2.1, 10.8) and forbidden books (3.2.2), activation (5.1.1) and the effects that follow it,
        a card's chant-start, leaving and C-phase ability (3.2.5) effects, attacks (5.2.1), counters
        (5.3.1), clashes (5.4.2) and damage (5.5.1)."""
        return CARD_EVENTS

    def vanilla(self, game: Game[Any], card_id: str, power_delta: int = 0) -> dict[str, Any] | None:
        """The vanilla stand-in of a card for the balance lab's swaps (:func:`vanilla_card`)."""
        return vanilla_card(game, card_id, power_delta)

    def power_band(self, game: Game[Any], card_id: str) -> tuple[int, int] | None:
        """The power rule 8.5 allows a library card of this card's chant value (None for a forbidden book),
        the band a card's equivalent power is judged against."""
        card = game.pool[card_id]
        if card.kind != "library":
            return None
        _, lo, hi = guideline_band(card.chant)
        return (lo, hi)

    def guideline(self, game: Game[Any]) -> list[dict[str, Any]]:
        """Library cards outside the power guideline for their chant value (rule 8.5; forbidden
        books have no fixed guideline), each with every reason: the band, and the ratio rule
        (power about 50–70 % of the chant value; with a drawback up to 120 %)."""
        out = []
        for card in game.pool:
            if card.kind != "library" or card.power is None:
                continue
            drawback = has_drawback(card)
            reasons = guideline_reasons(card.chant, card.power, drawback, bool(card.effects))
            if reasons:
                band, lo, hi = guideline_band(card.chant)
                out.append({"card": card.id, "name": card.name.ja, "chant": card.chant, "power": card.power,
                            "band": band, "allowed": [lo, hi],
                            "ratio": round(card.power / card.chant, 3) if card.chant else None,
                            "drawback": drawback, "problem": "; ".join(reasons), "reasons": reasons,
                            "source": game.pool.sources.get(card.id, "")})
        return sorted(out, key=lambda r: (r["chant"], r["card"]))

    def card_guidelines(self, game: Game[Any], card_id: str) -> list[Any]:
        """The seed's designer guidelines applied to one card (:func:`.guidelines.card_guidelines`)."""
        from .guidelines import card_guidelines
        return card_guidelines(game.pool[card_id], game.pool)


#: Chant's card events (:meth:`ChantMetrics.card_events`; the fields of the balance lab's ``CardEvents``).
CARD_EVENTS: dict[str, Any] = {
    "placed": ("place", "tutor_place"), "books": ("book",), "activated": ("activate", "ability"),
    "sources": ("place", "book", "activate", "leave", "ability"),
    "effects": ("advance", "rewind", "draw", "gain_life", "pay_life", "damage", "power_bonus",
                "tutor_place", "tutor_hand", "reveal", "pick"),
    "attacks": ("attack",), "counters": {"clash": "counter_card"}, "damage": {"damage": "total"},
    "ends": ("turn", "phase", "runaway", "runaway_damage", "discard", "boost", "hinder"),
    "triggers": ("activate", "chant_start", "leave", "c_phase"), "placing": ("chant_start",),
    "responses": ("counter",),
}


def vanilla_card(game: Game[Any], card_id: str, power_delta: int = 0) -> dict[str, Any] | None:
    """The card table of the vanilla library card standing in for ``card_id`` in a swap: same
    attribute and chant value, no effects, power at 60 % of the chant value (the middle of
    the 8.5 norm) kept inside the band, shifted by ``power_delta`` (at least 0); chant 0–1
    gets no power. None for forbidden books (no fixed guideline).

    >>> from grimoire.core.registry import load_game
    >>> t = vanilla_card(load_game("chant"), "orbital_cannon")
    >>> t["id"], t["chant"], t["power"]
    ('vanilla_science_10_6', 10, 6)
    """
    card = game.pool[card_id]
    if card.kind != "library":
        return None
    band, lo, hi = guideline_band(card.chant)
    power: int | None = None if band == "0-1" else min(hi, max(lo, ratio_limit(card.chant, 0.6)))
    if power is not None or power_delta > 0:
        power = max(0, (power or 0) + power_delta)
    suffix = "" if power is None else f"_{power}"
    return {"id": f"vanilla_{card.attribute}_{card.chant}{suffix}", "kind": "library",
            "name": {"ja": f"無地の書（{card.attribute}・{card.chant}{'' if power is None else f'・威力{power}'}）",
                     "en": f"Plain tome ({card.attribute}, {card.chant}{'' if power is None else f', power {power}'})"},
            "attribute": card.attribute, "chant": card.chant, **({} if power is None else {"power": power})}


# ----- play styles for the balance lab (coverage of mechanics greedy play avoids) -----------
def _first(decision: Decision, prefix: str) -> str | None:
    return next((o.id for o in decision.options if o.id.startswith(prefix)), None)


class Hoarder(StyledAgent):
    """Builds toward depth 2–3 and runaway on purpose: places whatever it can, never counters,
    and activates only once the ready total passes the runaway threshold (or at 5 life or less)."""

    def style(self, view: dict[str, Any], decision: Decision) -> str | None:
        if decision.kind == "chant":
            return _first(decision, "place:")
        if decision.kind == "counter":
            return "nocounter"
        if decision.kind == "activate":
            me: dict[str, Any] = next((p for p in view.get("players", []) if p.get("seat") == decision.player), {})
            threshold = int(view.get("rules", {}).get("runaway_threshold", 10))
            if int(view.get("ready_total", 0)) > threshold or int(me.get("life", 20)) <= 5:
                return None
            return "end"
        return None


class BookRusher(StyledAgent):
    """Places a forbidden book whenever it may (3.2.2)."""

    def style(self, view: dict[str, Any], decision: Decision) -> str | None:
        return _first(decision, "book:") if decision.kind == "chant" else None


class Attacker(StyledAgent):
    """Activates a ready card whenever it can and counters whenever it can."""

    def style(self, view: dict[str, Any], decision: Decision) -> str | None:
        if decision.kind in ("activate", "end_activate"):
            return _first(decision, "activate:")
        if decision.kind == "counter":
            return _first(decision, "counter:")
        return None


#: The balance lab's Chant play styles (each wraps the greedy agent).
STYLES: dict[str, Any] = {"hoarder": Hoarder, "rusher": BookRusher, "attacker": Attacker}


#: The seed's printed cards (火球, 書きかけの魔術研究論文, 天上の劫火): they stay exactly as printed.
PRINTED = ("fireball", "unfinished_thesis", "heavenly_conflagration")


#: What the coverage section watches in Chant, with what could exercise a mechanic that never fired.
COVERAGE = [
    _m("counter", "反撃", "counters (5.3)", ["counter"], "an agent that counters whenever it can: --agent attacker"),
    _m("book", "禁書の詠唱開始", "forbidden books placed (3.2.2)", ["book"],
       "decks with forbidden books and an agent that places them: --agent rusher"),
    _m("overload", "詠唱過負荷", "overloaded damage (depth 2+, 5.5.1)", ["damage:x1.5", "damage:x2"],
       "an agent that builds toward depth 2–3 on purpose: --agent hoarder"),
    _m("runaway_check", "暴走判定", "runaway checks (6.2)", ["runaway"],
       "an agent that hoards ready cards past the runaway threshold: --agent hoarder (or --variant "
       "runaway_threshold=…)"),
    _m("runaway", "暴走", "runaways (tails, 6.3)", ["runaway_damage"],
       "an agent that hoards ready cards past the runaway threshold: --agent hoarder"),
    _m("tutor", "サーチ", "tutors (10)", ["tutor_place", "tutor_hand"], "decks with tutor cards"),
    _m("discard", "捨て札", "discards", ["discard"], "decks with discard costs"),
]
