"""運命予報祭 Destiny Saga's balance metrics: Lucky! saves, threads per turn, upkeep, cancels.

Read from each balance game's events (by argument name, :data:`~.events.EVENTS`).

>>> from grimoire.core.decision import Event
>>> m = DestinyMetrics()
>>> m.draws(Event("draw", 0, ("war_cry", 4), 0)), m.plays(Event("summon", 1, ("lion_dancer", 9)))
((0, 'war_cry'), (1, 'lion_dancer'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core.decision import Event
from grimoire.core.game import Game
from grimoire.core.plugin import PlayedGame
from grimoire.core.stats import rate

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
                "threads": [[], []], "cancels": [0, 0]}

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

    def guideline(self, game: Game[Any]) -> list[dict[str, Any]]:
        """Destiny's seed gives no card-design guideline: nothing to flag."""
        return []
