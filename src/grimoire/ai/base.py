"""The agent protocol.

An agent is honest by construction: :meth:`Agent.choose` receives the rules object,
the view of the deciding seat (all that seat may know) and the pending decision, plus
a :class:`~grimoire.core.rng.Chance` for its own randomness. It never receives the
state. :func:`act` is the one bridge from a state to an agent.

>>> from grimoire.core.decision import Decision, Option
>>> class First:
...     name = "first"
...     def choose(self, game, view, decision, chance):
...         return decision.options[0].id
>>> First().choose(None, {}, Decision(0, "main", (Option("end", "opt.end"),)), Chance.seeded(1))
'end'
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from grimoire.core.decision import Decision
from grimoire.core.errors import GameOver
from grimoire.core.game import Game
from grimoire.core.rng import Chance


@runtime_checkable
class Agent(Protocol):
    """Answers decisions from a seat's view."""

    name: str

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        """The id of one of ``decision.options``."""
        ...


def act(game: Game[Any], state: Any, agent: Agent, chance: Chance) -> str:
    """Ask ``agent`` to answer the pending decision of ``state`` from its seat's view.

    The agent gets ``game.view(state, decision.player)``, never the state itself.
    Raises :class:`GameOver` when the game is finished.
    """
    decision = game.decision(state)
    if decision is None:
        raise GameOver("the game is over; no decision to answer")
    return agent.choose(game, game.view(state, decision.player), decision, chance)
