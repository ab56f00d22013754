"""The uniform random agent.

>>> from grimoire.core.decision import Decision, Option
>>> d = Decision(0, "main", (Option("a", "k"), Option("b", "k")))
>>> RandomAgent().choose(None, {}, d, Chance.seeded(5)) in ("a", "b")  # type: ignore[arg-type]
True
"""

from __future__ import annotations

from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.game import Game
from grimoire.core.rng import Chance


class RandomAgent:
    """Picks uniformly among the options with the given chance source."""

    name = "random"

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        return decision.options[chance.below(len(decision.options))].id
