"""詠唱 Chant's balance metrics: counters, overload depth, runaway, and the power guideline.

Read from each balance game's events (by argument name, :data:`~.events.EVENTS`) and
the state after each step; summarized over many games for the balance report.

>>> m = ChantMetrics()
>>> extra = m.start()
>>> from grimoire.core.decision import Event
>>> m.draws(Event("draw", 1, ("fireball",), 1)), m.plays(Event("place", 0, ("fireball", 3)))
((1, 'fireball'), (0, 'fireball'))
>>> guideline_band(3), guideline_band(12)
(('2-4', 1, 2), ('10+', 1, 10))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core.decision import Event
from grimoire.core.game import Game
from grimoire.core.plugin import PlayedGame
from grimoire.core.stats import rate

from . import rules
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

    def guideline(self, game: Game[Any]) -> list[dict[str, Any]]:
        """Library cards outside the power guideline for their chant value (rule 8.5;
        forbidden books have no fixed guideline)."""
        out = []
        for card in game.pool:
            if card.kind != "library" or card.power is None:
                continue
            band, lo, hi = guideline_band(card.chant)
            problem = ""
            if card.power > hi:
                problem = f"power {card.power} above the {band} band's {hi}"
            elif card.power < lo:
                problem = f"power {card.power} below the {band} band's {lo}"
            elif band == "0-1" and not has_drawback(card):
                problem = "power 1 at chant 0–1 needs a drawback"
            if problem:
                out.append({"card": card.id, "name": card.name.ja, "chant": card.chant, "power": card.power,
                            "band": band, "allowed": [lo, hi], "problem": problem,
                            "source": game.pool.sources.get(card.id, "")})
        return sorted(out, key=lambda r: (r["chant"], r["card"]))


DRAWBACK_OPS = {"pay_life", "discard", "pay_life_advance_self"}


def has_drawback(card: Any) -> bool:
    """Whether a card has an effect that costs its owner something (8.5)."""
    for e in card.effects:
        if e.op in DRAWBACK_OPS:
            return True
        if e.op == "damage" and e.params.get("to") in ("self", "both"):
            return True
        if e.op == "rewind" and e.params.get("filter", {}).get("owner", "any") in ("own", "any"):
            return True
        if e.cost:
            return True
    return False


def guideline_band(chant: int) -> tuple[str, int, int]:
    """The band of a chant value and the power range it allows (rule 8.5)."""
    if chant <= 1:
        return ("0-1", 1, 1)
    if chant <= 4:
        return ("2-4", 1, 2)
    if chant <= 9:
        return ("5-9", 3, 6)
    return ("10+", 1, 10)
