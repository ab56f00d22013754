"""A greedy agent that looks one decision ahead: an affordable stronger opponent for the balance lab.

At a decision with more than one option the agent deals ``samples`` determinizations of its view
(the game's search hooks, as the search agent does), tries every option on each, lets both seats
play on with the greedy agent until ``horizon`` more decisions have passed or the turn changes, and
scores the position with the game's evaluation (the search's leaf score). The greedy answer is kept
unless another option scores better by more than ``margin`` (a wrong guess about hidden cards should
not overturn the heuristic for nothing). With ``samples`` determinizations and ``k`` options a
decision costs about ``samples × k × (1 + horizon)`` greedy answers — a few times greedy play,
a fraction of a search.

>>> LookaheadConfig().samples
1
>>> LookaheadConfig(samples=0)
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: lookahead samples must be at least 1, got 0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grimoire.core.decision import Decision, Event
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.hidden import KnownDecks
from grimoire.core.play import Agent
from grimoire.core.plugin import HasDeterminizer, HasPolicyView, SearchHooks
from grimoire.core.registry import plugin
from grimoire.core.rng import Chance


@dataclass(frozen=True)
class LookaheadConfig:
    """Lookahead settings: ``samples`` determinizations a decision, ``horizon`` greedy decisions played
    after each option (stopping early when the turn changes), and the ``margin`` by which an option must
    beat the greedy answer's score to be chosen instead."""

    samples: int = 1
    horizon: int = 20
    margin: float = 0.15

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise GrimoireError(f"lookahead samples must be at least 1, got {self.samples}")
        if self.horizon < 0:
            raise GrimoireError(f"lookahead horizon must be at least 0, got {self.horizon}")
        if not 0.0 <= self.margin < 1.0:
            raise GrimoireError(f"lookahead margin must be in [0, 1), got {self.margin}")


class LookaheadAgent:
    """Greedy play with a one-decision lookahead over the game's evaluation (see the module docstring).

    ``decks`` are ``(own, opponent)`` deck lists, as for :class:`~grimoire.ai.search.SearchAgent`;
    ``hooks`` overrides the search hooks of the game's plugin (their determinizer and evaluation).
    """

    def __init__(self, config: LookaheadConfig | None = None, decks: Sequence[Deck | None] | None = None,
                 name: str = "lookahead", hooks: SearchHooks | None = None) -> None:
        self.config = config or LookaheadConfig()
        own, opp = (*tuple(decks), None, None)[:2] if decks is not None else (None, None)
        self._own: Deck | None = own
        self._opp: Deck | None = opp
        self.name = name
        self._greedy: Agent | None = None
        self._game = ""
        self._hooks: SearchHooks | None = hooks
        self._given = hooks is not None
        #: the last decision's mean score per option (for tests and benchmarks)
        self.scores: dict[str, float] = {}

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        """The greedy answer, unless an option scores better after the lookahead by more than the margin."""
        greedy, hooks = self._setup(game)
        answer = greedy.choose(game, view, decision, chance)
        self.scores = {}
        if len(decision.options) == 1:
            return answer
        seat = decision.player
        lists: list[Deck | None] = [None, None]
        lists[seat], lists[1 - seat] = self._own, self._opp
        decks = KnownDecks.from_view(view, KnownDecks((lists[0], lists[1])))
        sample = _sampler(hooks, game, view, decision, decks)
        fast = hooks if isinstance(hooks, HasPolicyView) else None

        def answer_of(state: Any, d: Decision) -> str:
            v = fast.policy_view(game, state, d.player) if fast is not None else game.view(state, d.player)
            return greedy.choose(game, v, d, chance)

        ids = decision.ids()
        totals = dict.fromkeys(ids, 0.0)
        events: list[Event] = []
        cfg = self.config
        for _ in range(cfg.samples):
            base = sample(chance)
            for oid in ids:
                state = game.clone(base)
                totals[oid] += _score(game, hooks, state, oid, seat, cfg.horizon, answer_of, events)
        self.scores = {oid: t / cfg.samples for oid, t in totals.items()}
        best = answer
        for oid in ids:
            if self.scores[oid] > self.scores[best] + (cfg.margin if best == answer else 0.0):
                best = oid
        return best

    def _setup(self, game: Game[Any]) -> tuple[Agent, SearchHooks]:
        if self._greedy is None or self._hooks is None or self._game != game.name:
            greedy = plugin(game.name).greedy_agent()
            hooks = self._hooks if self._given else plugin(game.name).search_hooks()
            if greedy is None or hooks is None:
                raise GrimoireError(f"game {game.name!r} has no greedy agent or search hooks for lookahead")
            self._greedy, self._hooks, self._game = greedy, hooks, game.name
        return self._greedy, self._hooks


def _score(game: Game[Any], hooks: SearchHooks, state: Any, oid: str, seat: int, horizon: int,
           answer_of: Callable[[Any, Decision], str], events: list[Event]) -> float:
    """``seat``'s score after ``oid`` and up to ``horizon`` greedy answers within the same turn (forced
    answers are free); a finished game scores 1, ½ or 0."""
    turn = game.turn_number(state)
    events.clear()
    game.apply_unchecked(state, oid, events)
    steps = 0
    while (d := game.decision(state)) is not None:
        if len(d.options) == 1:
            nxt = d.options[0].id
        else:
            if steps >= horizon or game.turn_number(state) != turn:
                break
            nxt = answer_of(state, d)
            steps += 1
        events.clear()
        game.apply_unchecked(state, nxt, events)
    outcome = game.outcome(state)
    if outcome is not None:
        if outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == seat else 0.0
    return hooks.evaluate(game, state, seat)


def _sampler(hooks: SearchHooks, game: Game[Any], view: dict[str, Any], decision: Decision,
             decks: KnownDecks) -> Callable[[Chance], Any]:
    if isinstance(hooks, HasDeterminizer):
        return hooks.determinizer(game, view, decision, decks)

    def each(chance: Chance) -> Any:
        return hooks.determinize(game, view, decision, chance, decks)

    return each
