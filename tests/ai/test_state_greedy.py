"""The greedy agent reading the state (the search's playout policy) answers as the greedy agent on the view.

Sameness over random positions of both games (seeded: greedy and random play, starter decks in every
pairing, rules variants), and so the search with a fixed seed grows the same tree with either policy.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from grimoire.ai.search import SearchAgent, SearchConfig, hooks_for
from grimoire.core.decision import Decision
from grimoire.core.game import Game, Setup
from grimoire.core.plugin import HasGreedyAnswer
from grimoire.core.registry import load_game, plugin
from grimoire.core.rng import Chance

GAMES = ("chant", "destiny")
#: rules variants played besides the rulings (options whose reading the greedy agent's answers depend on)
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "chant": [{"exclusive_placement": True}],
    "destiny": [{"user_effects": "any"}, {"attribute_wheel": "off"}],
}


def positions(name: str, games: int, seed: int) -> Iterator[tuple[Game[Any], Any, Decision]]:
    """Every decision of seeded games: moves by the greedy agent or at random, one game in three with a variant."""
    greedy = plugin(name).greedy_agent()
    assert greedy is not None
    chance = Chance.seeded(seed)
    for g in range(games):
        game = load_game(name)
        starters = sorted(game.cards.starter_decks())
        decks = (game.cards.starter_deck(starters[g % len(starters)]),
                 game.cards.starter_deck(starters[(g // len(starters) + g) % len(starters)]))
        variants = VARIANTS[name]
        options = game.options(variants[g // 3 % len(variants)]) if g % 3 == 2 else game.options()
        state = game.new_state(Setup(decks, options, seed=seed * 100 + g))
        greedy_share = chance.below(4)  # how often this game follows the greedy agent (0 to 3 in 4)
        while (d := game.decision(state)) is not None:
            yield game, state, d
            if chance.below(4) < greedy_share:
                answer = greedy.choose(game, game.view(state, d.player), d, chance.clone())
            else:
                answer = d.options[chance.below(len(d.options))].id
            game.apply(state, answer)


@pytest.mark.parametrize("name", GAMES)
def test_the_state_greedy_answers_as_the_greedy_agent_on_the_view(name: str) -> None:
    hooks = hooks_for(name)
    assert isinstance(hooks, HasGreedyAnswer)
    greedy = plugin(name).greedy_agent()
    assert greedy is not None
    checked = 0
    kinds: set[str] = set()
    for game, state, d in positions(name, 24, 7):
        expected = greedy.choose(game, game.view(state, d.player), d, Chance.seeded(checked))
        assert hooks.greedy_answer(game, state, d, Chance.seeded(checked)) == expected, (d.kind, checked)
        checked += len(d.options) > 1
        kinds.add(d.kind)
    assert checked > 1500
    assert len(kinds) >= 8


@pytest.mark.parametrize("name", GAMES)
def test_the_search_grows_the_same_tree_with_the_state_greedy(name: str) -> None:
    """The search with the state-reading playout policy and with the greedy agent on views: same answer,
    same visits of every root option, same expected line, for seeded positions."""
    hooks = hooks_for(name)
    greedy = plugin(name).greedy_agent()
    assert greedy is not None

    class ViewOnly:
        """The game's hooks without ``greedy_answer``: playouts ask the greedy agent on a view."""

        def __init__(self) -> None:
            self.turns = hooks.turns

        def __getattr__(self, attr: str) -> Any:
            if attr == "greedy_answer":
                raise AttributeError(attr)
            return getattr(hooks, attr)

    compared = 0
    for i, (game, state, d) in enumerate(positions(name, 4, 11)):
        if len(d.options) < 2 or i % 7:
            continue
        view = game.view(state, d.player)
        runs = []
        for h in (hooks, ViewOnly()):
            agent = SearchAgent(SearchConfig(iterations=60), hooks=h)  # type: ignore[arg-type]
            answer = agent.choose(game, view, d, Chance.seeded(i))
            runs.append((answer, agent.stats.visits, agent.stats.totals, agent.stats.line, agent.stats.nodes))
        assert runs[0] == runs[1], (d.kind, i)
        compared += 1
    assert compared >= 12
