"""Toy Race's greedy agent: plays its biggest step, trips whenever it can."""

from __future__ import annotations

from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.game import Game
from grimoire.core.rng import Chance


class ToyGreedy:
    """Plays the hand card with the largest value; trips whenever it can; draws otherwise."""

    name = "greedy"

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        if decision.kind == "trip":
            return decision.options[0].id
        plays = [o for o in decision.options if o.id.startswith("play:")]
        if not plays:
            return decision.options[-1].id
        return max(plays, key=lambda o: game.pool[o.args[0]].value).id
