"""The one play loop: agents answer decisions from their seat's view until the game ends.

An :class:`Agent` is honest by construction: :meth:`Agent.choose` receives the rules
object, the view of the deciding seat (all that seat may know) and the pending
decision, plus a :class:`~grimoire.core.rng.Chance` for its own randomness — never the
state. :func:`ask` is the one bridge from a state to an agent; :func:`play` runs a
whole game with it, and every driver of games uses it: batch simulation, the balance
lab, the conformance checker, terminal play and golden playthroughs (the web server's
computer seats answer one decision at a time with :func:`ask`).

>>> from grimoire.core.decision import Decision, Option
>>> class First:
...     name = "first"
...     def choose(self, game, view, decision, chance):
...         return decision.options[0].id
>>> First().choose(None, {}, Decision(0, "main", (Option("end", "opt.end"),)), Chance.seeded(1))
'end'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from .boardcoin import is_post_answer
from .decision import Decision, Event
from .errors import GameOver, GrimoireError
from .rng import Chance

if TYPE_CHECKING:
    from .game import Game, Setup
    from .match import Match

S = TypeVar("S")


@runtime_checkable
class Agent(Protocol):
    """Answers decisions from a seat's view."""

    name: str

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        """The id of one of ``decision.options``."""
        ...


class RandomAgent:
    """Picks uniformly among the options with the given chance source.

    >>> from grimoire.core.decision import Decision, Option
    >>> d = Decision(0, "main", (Option("a", "k"), Option("b", "k")))
    >>> RandomAgent().choose(None, {}, d, Chance.seeded(5)) in ("a", "b")  # type: ignore[arg-type]
    True
    """

    name = "random"

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        return decision.options[chance.below(len(decision.options))].id


class StyledAgent:
    """A base agent whose answers a play style overrides for some decisions (the balance lab's
    hoarders, rushers, aggressive players…): :meth:`style` returns an option id, or None to let
    the base agent answer; an id that is not an option also falls back to the base.

    >>> from grimoire.core.decision import Decision, Option
    >>> class Ender(StyledAgent):
    ...     def style(self, view, decision):
    ...         return "end"
    >>> d = Decision(0, "main", (Option("a", "k"), Option("end", "k")))
    >>> Ender(RandomAgent(), "ender").choose(None, {}, d, Chance.seeded(1))  # type: ignore[arg-type]
    'end'
    """

    def __init__(self, base: Any, name: str) -> None:
        self.base = base
        self.name = name

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        answer = self.style(view, decision)
        if answer is not None and decision.find(answer) is not None:
            return answer
        return str(self.base.choose(game, view, decision, chance))

    def style(self, view: dict[str, Any], decision: Decision) -> str | None:
        """The style's answer to ``decision``, or None to leave it to the base agent."""
        return None


class AgentError(GrimoireError):
    """An agent answered with something that is not an option."""


def ask(game: Game[Any], state: Any, decision: Decision, agent: Agent, chance: Chance) -> str:
    """Ask ``agent`` to answer ``decision`` (pending in ``state``) from its seat's view.

    The agent gets ``game.view(state, decision.player)``, never the state itself; an
    answer that is not an option (nor, to a board coin's post question, a post time) raises
    :class:`AgentError` naming the agent.
    """
    answer = agent.choose(game, game.view(state, decision.player), decision, chance)
    if decision.find(answer) is None and not is_post_answer(decision, answer):
        raise AgentError(f"agent {agent.name!r} gave the unlisted answer {answer!r} to {decision.kind!r}")
    return answer


def act(game: Game[Any], state: Any, agent: Agent, chance: Chance) -> str:
    """Ask ``agent`` to answer the pending decision of ``state``; GameOver when there is none."""
    decision = game.decision(state)
    if decision is None:
        raise GameOver("the game is over; no decision to answer")
    return ask(game, state, decision, agent, chance)


#: Called before each answer is applied: ``(state, decision, answer)``.
OnDecision = Callable[[Any, Decision, str], None]
#: Called with the events of set-up and of each applied answer: ``(state, events)``.
OnEvents = Callable[[Any, list[Event]], None]


@dataclass
class Played(Generic[S]):
    """A game played by :func:`play`: the final state, the answers, how it ended."""

    state: S
    answers: list[str] = field(default_factory=list)
    first_decider: int | None = None
    truncated: bool = False
    match: Match[S] | None = None

    @property
    def decisions(self) -> int:
        """How many decisions were answered."""
        return len(self.answers)


def play(game: Game[S], setup: Setup | None, agents: Sequence[Agent], chances: Sequence[Chance], *,
         match: Match[S] | None = None, record: bool = False, max_steps: int | None = None,
         on_decision: OnDecision | None = None, on_events: OnEvents | None = None) -> Played[S]:
    """Play a game to its end: seat ``i``'s decisions are answered by ``agents[i]`` with ``chances[i]``.

    The game starts from ``setup``, or goes on from ``match`` (then ``setup`` may be None).
    With ``record`` (or a ``match``) every answer goes through a
    :class:`~grimoire.core.match.Match`, which keeps the log and the per-step
    fingerprints a record needs; otherwise the trusted fast path is used. After
    ``max_steps`` answers (default: the game's bound) the game stops unfinished
    (``truncated``). ``on_decision`` and ``on_events`` observe every step; an exception
    raised by an agent or an observer stops the game and propagates.

    >>> from grimoire.core.registry import load_game
    >>> from grimoire.core.game import Setup
    >>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
    >>> done = play(game, Setup((deck, deck), seed=3), [RandomAgent(), RandomAgent()],
    ...             [Chance.seeded(1), Chance.seeded(2)])
    >>> game.outcome(done.state) is not None, done.decisions > 0
    (True, True)
    """
    from .match import Match

    bound = game.max_steps if max_steps is None else max_steps
    if match is None and record:
        if setup is None:
            raise GrimoireError("play needs a set-up or a match")
        match = Match(game, setup)
    if match is not None:
        state = match.state
        if on_events is not None and not match.answers:
            on_events(state, list(match.start_events))
    else:
        if setup is None:
            raise GrimoireError("play needs a set-up or a match")
        events: list[Event] = []
        state = game.new_state(setup, events)
        if on_events is not None:
            on_events(state, events)
    done: Played[S] = Played(state, match=match)
    while (decision := (match.decision if match is not None else game.decision(state))) is not None:
        if done.first_decider is None:
            done.first_decider = decision.player
        if len(done.answers) >= bound:
            done.truncated = True
            break
        answer = ask(game, state, decision, agents[decision.player], chances[decision.player])
        if on_decision is not None:
            on_decision(state, decision, answer)
        if match is not None:
            events = match.answer(answer)
        else:
            events = []
            game.apply_unchecked(state, answer, events)
        done.answers.append(answer)
        if on_events is not None:
            on_events(state, events)
    return done
