"""運命予報祭 Destiny Saga's balance metrics: Lucky! saves, threads per turn, upkeep, cancels.

Read from each balance game's events (by argument name, :data:`~.events.EVENTS`).

>>> from grimoire.core.decision import Decision, Event
>>> m = DestinyMetrics()
>>> m.draws(Event("draw", 0, ("war_cry", 4), 0)), m.plays(Event("summon", 1, ("lion_dancer", 9)))
((0, 'war_cry'), (1, 'lion_dancer'))
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

from .battle import modifiers
from .events import EVENTS


class DestinyMetrics:
    """:class:`~grimoire.core.plugin.GameMetrics` of 運命予報祭 Destiny Saga."""

    def draws(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("draw", "crisis") and event.args:
            return event.player, str(EVENTS.arg(event, "card"))
        return None

    def plays(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("summon", "use") and event.args:
            return event.player, str(EVENTS.arg(event, "card"))
        return None

    def start(self) -> dict[str, Any]:
        return {"lucky_saves": [0, 0], "failed_reveals": [0, 0], "releases": [0, 0], "upkeeps": [0, 0],
                "threads": [[], []], "cancels": [0, 0], "clashes": {}}

    def step(self, game: Game[Any], state: Any, events: list[Event], extra: dict[str, Any]) -> None:
        for e in events:
            kind = e.kind
            if kind == "lucky":
                extra["lucky_saves"][e.player] += 1
            elif kind == "reveal":
                extra["failed_reveals"][e.player] += 1
            elif kind == "release":
                extra["releases"][e.player] += 1
            elif kind == "upkeep":
                extra["upkeeps"][e.player] += 1
            elif kind == "cancel":  # the seat that cancelled (相殺)
                extra["cancels"][e.player] += 1
            elif kind == "clash":
                _clash(state, e, extra["clashes"])
            elif kind == "turn":
                for p in (0, 1):
                    extra["threads"][p].append(int(state.players[p].threads))

    def summarize(self, games: Sequence[PlayedGame], horizon: int = 30) -> dict[str, Any]:
        """Lucky! saves, threads per turn and upkeep releases over Destiny games."""
        n = len(games) or 1
        saves = sum(sum(g.extra["lucky_saves"]) for g in games)
        saved_games = sum(1 for g in games if sum(g.extra["lucky_saves"]))
        saved_and_won = sum(1 for g in games for p in (0, 1) if g.extra["lucky_saves"][p] and g.winner == p)
        saved_seats = sum(1 for g in games for p in (0, 1) if g.extra["lucky_saves"][p])
        releases = sum(sum(g.extra["releases"]) for g in games)
        upkeeps = sum(sum(g.extra["upkeeps"]) for g in games)
        winners: list[list[float]] = [[] for _ in range(horizon)]
        losers: list[list[float]] = [[] for _ in range(horizon)]
        for g in games:
            if g.winner is None:
                continue
            for p in (0, 1):
                series = g.extra["threads"][p]
                for t, v in enumerate(series[:horizon]):
                    (winners if p == g.winner else losers)[t].append(float(v))
        return {
            "lucky_saves_per_game": saves / n,
            "games_with_a_save": rate(saved_games, len(games)),
            "saved_seat_wins": rate(saved_and_won, saved_seats),
            "releases_per_game": releases / n,
            "release_share": rate(releases, releases + upkeeps),
            "cancels_per_game": sum(sum(g.extra["cancels"]) for g in games) / n,
            "wheel": wheel_summary(games),
            "threads_by_turn": {
                "winner": [sum(v) / len(v) if v else None for v in winners],
                "loser": [sum(v) / len(v) if v else None for v in losers],
            },
        }

    def plot(self, data: dict[str, Any], ax: Any) -> bool:
        """Mean threads by turn, winners against losers, per AI level."""
        for level, d in data["levels"].items():
            series = d["game_metrics"]["threads_by_turn"]
            for side, style in (("winner", "-"), ("loser", "--")):
                ys = series[side]
                xs = [i + 1 for i, y in enumerate(ys) if y is not None]
                ax.plot(xs, [y for y in ys if y is not None], style, label=f"{level} {side}")
        ax.set_xlabel("turn (of the game)")
        ax.set_ylabel("mean fate threads")
        ax.set_title("thread trajectories")
        return True

    def styles(self) -> dict[str, Any]:
        """Play styles for the balance lab (``--agent aggressive``, ``--agent defensive``)."""
        return STYLES

    def coverage(self) -> list[dict[str, Any]]:
        """The mechanics the balance report's coverage section watches (rules 5.3, 7, 8, 9)."""
        return COVERAGE

    def card_events(self) -> dict[str, Any]:
        """Which events mean what for a card, for the balance report's per-card statistics: summons
        (5.4.1), uses (7.1, 7.5) and the effects that follow them, attacks and their damage (6.5.4)."""
        return CARD_EVENTS

    def vanilla(self, game: Game[Any], card_id: str, power_delta: int = 0) -> dict[str, Any] | None:
        """The vanilla stand-in of a card for the balance lab's swaps: same attribute, power
        (shifted by ``power_delta``, kept in 1–6) and Lucky! mark, no effects.

        >>> from grimoire.core.registry import load_game
        >>> DestinyMetrics().vanilla(load_game("destiny"), "paper_shikigami", 1)["id"]
        'vanilla_jutsushiki_2_lucky'
        """
        card = game.pool[card_id]
        power = min(6, max(1, card.power + power_delta))
        lucky = "_lucky" if card.lucky else ""
        return {"id": f"vanilla_{card.attribute}_{power}{lucky}",
                "name": {"ja": f"無地の札（{card.attribute}・{power}{'・Lucky!' if lucky else ''}）",
                         "en": f"Plain card ({card.attribute}, {power}{', Lucky!' if lucky else ''})"},
                "attribute": card.attribute, "power": power, "lucky": card.lucky}

    def guideline(self, game: Game[Any]) -> list[dict[str, Any]]:
        """Destiny's seed gives no card-design guideline: nothing to flag."""
        return []


#: Destiny's card events (:meth:`DestinyMetrics.card_events`; the fields of the balance lab's ``CardEvents``).
CARD_EVENTS: dict[str, Any] = {
    "placed": ("summon",), "activated": ("use", "use_user"), "sources": ("use", "use_user"),
    "effects": ("power", "draw", "gain", "lose", "destroyed", "ready", "ja", "ca", "cancel"),
    "attacks": ("direct",), "counters": {}, "damage": {"lose": "amount"},
    "ends": ("turn", "summon", "attack", "battle", "block", "unblocked", "clash", "pass", "attackers_done", "fate"),
    "triggers": ("main", "battle", "attack", "response"),
}


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _clash(state: Any, e: Event, clashes: dict[str, list[int]]) -> None:
    """Count a blocked battle by attribute pair, and whether the attribute modifiers (the wheel
    and 全能's ±1) changed its outcome: who leaves is decided by the sign of A − D (§6.5)."""
    a_uid, a_val = int(EVENTS.arg(e, "uid")), int(EVENTS.arg(e, "value"))
    d_uid, d_val = int(EVENTS.arg(e, "blocker_uid")), int(EVENTS.arg(e, "blocker_value"))
    a_attr, d_attr = state.defs[a_uid].attribute, state.defs[d_uid].attribute
    ma, md = modifiers(a_attr, d_attr, wheel=int(getattr(state, "variant", (0,))[0]))
    row = clashes.setdefault(f"{a_attr}>{d_attr}", [0, 0])
    row[0] += 1
    if _sign(a_val - d_val) != _sign((a_val - ma) - (d_val - md)):
        row[1] += 1


def wheel_summary(games: Sequence[PlayedGame]) -> dict[str, Any]:
    """Blocked battles by attacker > blocker attribute, and the share whose outcome the
    attribute modifiers decided (the JA flag is not read: modifiers are taken as printed in §6.4)."""
    pairs: dict[str, list[int]] = {}
    for g in games:
        for pair, (n, decided) in g.extra.get("clashes", {}).items():
            row = pairs.setdefault(pair, [0, 0])
            row[0] += n
            row[1] += decided
    total = sum(n for n, _ in pairs.values())
    decided = sum(d for _, d in pairs.values())
    return {"battles": total, "decided": rate(decided, total),
            "by_pair": {p: {"battles": n, "decided": rate(d, n)} for p, (n, d) in sorted(pairs.items())}}


#: What the coverage section watches in Destiny Saga, with what could exercise a mechanic that never fired.
COVERAGE = [
    _m("lucky", "Lucky!", "Lucky! saves (8)", ["lucky"], "decks with Lucky! cards and games that run threads low"),
    _m("cancel", "相殺", "cancels (7.3)", ["cancel"], "decks with 相殺 cards and an agent that keeps them"),
    _m("fate", "運命選択", "fate selections (8)", ["fate"], "an agent that discards for threads at the turn's end"),
    _m("release", "解放", "upkeep releases", ["release"], "a defensive agent: --agent defensive"),
    _m("houki_chosen", "地脈蜂起を選択", "地脈蜂起 chosen", ["ability:chimyaku_houki"],
       "a deck whose `# ability:` line names it (or a forced ability)"),
    _m("houki", "地脈蜂起", "地脈蜂起 used (9.1)", ["houki"], "地脈蜂起 with 気魄 cards of power 2+ in hand"),
    _m("kijutsu_chosen", "地脈記述を選択", "地脈記述 chosen", ["ability:chimyaku_kijutsu"],
       "a deck whose `# ability:` line names it (or a forced ability)"),
    _m("kijutsu", "地脈記述", "地脈記述 used (9.2)", ["kijutsu"], "地脈記述 with 術式 cards that target users"),
    _m("kanchi_chosen", "地脈感知を選択", "地脈感知 chosen", ["ability:chimyaku_kanchi"],
       "a deck whose `# ability:` line names it (or a forced ability)"),
    _m("kanchi", "地脈感知", "地脈感知 used (9.3)", ["sense"],
       "地脈感知 with spare 神秘 cards and main-timing effects"),
    _m("hako_chosen", "地脈の函を選択", "地脈の函 chosen", ["ability:chimyaku_no_hako"],
       "a deck whose `# ability:` line names it (or a forced ability)"),
    _m("hako", "地脈の函", "地脈の函 fired (9.4)", ["hako"], "地脈の函 with 全能 cards"),
]


# ----- play styles for the balance lab ---------------------------------------------------
class Aggressive(StyledAgent):
    """Attacks with every user it can and keeps its users at upkeep."""

    def style(self, view: dict[str, Any], decision: Decision) -> str | None:
        if decision.kind == "attackers":
            return next((o.id for o in decision.options if o.id.startswith("attack:")), None)
        if decision.kind == "upkeep":
            return next((o.id for o in decision.options if o.id.startswith("pay:")), None)
        return None


class Defensive(StyledAgent):
    """Keeps two users home as blockers, releases users rather than pay for them, and takes
    threads at every fate selection."""

    def style(self, view: dict[str, Any], decision: Decision) -> str | None:
        if decision.kind == "attackers":
            attacks = [o.id for o in decision.options if o.id.startswith("attack:")]
            return attacks[0] if len(attacks) > 2 else "done"
        if decision.kind == "upkeep":
            return next((o.id for o in decision.options if o.id.startswith("release:")), None)
        if decision.kind == "fate":
            return next((o.id for o in decision.options if o.id.startswith("select:")), None)
        return None


#: The balance lab's Destiny play styles (each wraps the greedy agent).
STYLES: dict[str, Any] = {"aggressive": Aggressive, "defensive": Defensive}
