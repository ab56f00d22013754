"""Analysis of a position: every option of the decision there with the search's estimate of its win
rate and visits, and the line the search expects, from the deciding seat's view only.

The search is the ISMCTS of :mod:`grimoire.ai.search`: it is handed the seat's view and the two deck
lists, never the state itself, so the hidden cards (the opponent's hand, both libraries' order) cannot
change the answer: the same view, budget and seed give the same analysis whatever is hidden. With an
iteration budget it is reproducible; with a time budget it spends that long.

>>> from grimoire.core.registry import load_game
>>> from grimoire.core.branch import position
>>> from grimoire.core.game import Setup
>>> game = load_game("chant")
>>> decks = (game.cards.starter_deck("fire"), game.cards.starter_deck("science"))
>>> state = position(game, Setup(decks, game.options(), seed=7), [])
>>> a = analyse(game, state, decks, iterations=40, seed=1)
>>> a.iterations, sum(e.visits for e in a.estimates) <= 40, a.best in {e.option for e in a.estimates}
(40, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.rng import Chance

from .search import SearchAgent, SearchConfig, SearchStats, best_option


@dataclass(frozen=True)
class Estimate:
    """One option: how often the search tried it and the mean score it found (None: never tried)."""

    option: str
    visits: int
    win_rate: float | None


@dataclass(frozen=True)
class Analysis:
    """What the search thinks of a decision (the suggested answer first, then the most visited)."""

    seat: int
    iterations: int
    seconds: float
    estimates: tuple[Estimate, ...]
    best: str
    #: (seat that chooses, option id) along the most visited edges from the decision
    line: tuple[tuple[int, str], ...]

    def to_json(self, timed: bool = True) -> dict[str, Any]:
        """Plain data for ``--json`` and the web (``timed=False``: without the seconds spent, which vary)."""
        head: dict[str, Any] = {"seat": self.seat, "iterations": self.iterations}
        if timed:
            head["seconds"] = round(self.seconds, 3)
        return {**head, "best": self.best,
                "options": [{"id": e.option, "visits": e.visits,
                             "win_rate": None if e.win_rate is None else round(e.win_rate, 4)}
                            for e in self.estimates],
                "line": [{"seat": seat, "id": oid} for seat, oid in self.line]}


def analyse(game: Game[Any], state: Any, decks: Sequence[Deck | None], *, iterations: int | None = None,
            seconds: float | None = None, seed: int = 0,
            progress: Callable[[Analysis], None] | None = None, every: int = 100) -> Analysis:
    """Search the decision pending in ``state`` from its deciding seat's view.

    ``decks`` are both seats' deck lists (by seat); ``progress`` is called with the analysis so far
    every ``every`` iterations. A finished game is a GrimoireError.
    """
    decision = game.decision(state)
    if decision is None:
        raise GrimoireError("the game is over at this position: there is nothing to analyse")
    if iterations is None and seconds is None:
        iterations = 1000
    seat = decision.player
    view = game.view(state, seat)
    agent = SearchAgent(SearchConfig(iterations=iterations, seconds=seconds), decks=(decks[seat], decks[1 - seat]))
    ids = decision.ids()

    def summary(stats: SearchStats) -> Analysis:
        order = {oid: i for i, oid in enumerate(ids)}
        best = best_option(ids, stats, Chance.seeded(seed))
        estimates = tuple(sorted(
            (Estimate(oid, stats.visits.get(oid, 0),
                      stats.totals[oid] / stats.visits[oid] if stats.visits.get(oid, 0) > 0 else None)
             for oid in ids),
            key=lambda e: (e.option != best, -e.visits, order[e.option])))  # the suggested answer first
        return Analysis(seat, stats.iterations, stats.seconds, estimates, best, tuple(stats.line))

    if len(ids) == 1:
        return Analysis(seat, 0, 0.0, (Estimate(ids[0], 0, None),), ids[0], ())
    report = None if progress is None else (lambda stats: progress(summary(stats)))
    return summary(agent.search(game, view, decision, Chance.seeded(seed), progress=report, every=every))
