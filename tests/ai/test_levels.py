"""Named AI levels for people, and agents by name (search budgets)."""

from __future__ import annotations

import pytest

from grimoire.ai.registry import LEVELS, hard_config, make_agent, make_level_agent, search_config
from grimoire.ai.search import SearchAgent
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Setup
from grimoire.core.play import Agent
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance


@pytest.mark.parametrize("game_name", ["chant", "destiny"])
def test_levels_are_random_greedy_and_search(game_name: str) -> None:
    assert list(LEVELS) == ["easy", "normal", "hard"]
    assert make_level_agent("easy", game_name).name == "random"
    assert make_level_agent("normal", game_name).name == "greedy"
    hard = make_level_agent("hard", game_name)
    assert isinstance(hard, SearchAgent) and isinstance(hard, Agent)
    assert hard.config == hard_config(game_name)
    assert hard.config.seconds is not None and hard.config.seconds <= 1.0


def test_search_budgets_by_name() -> None:
    assert search_config("search-300", "chant").iterations == 300
    cfg = search_config("search-0.25s", "destiny")
    assert cfg.seconds == 0.25 and cfg.iterations is None
    with pytest.raises(GrimoireError, match="bad search budget"):
        search_config("search-lots", "chant")
    with pytest.raises(GrimoireError, match="unknown level"):
        make_level_agent("expert", "chant")
    assert make_agent("greedy", "chant").name == "greedy"


def test_the_hard_level_answers_within_its_budget() -> None:
    game = load_game("chant")
    deck = game.cards.starter_deck("fire")
    state = game.new_state(Setup((deck, deck), game.options({"first_player": "0"}), seed=2))
    agent = make_level_agent("hard", "chant", (deck, deck))
    assert isinstance(agent, SearchAgent)
    d = game.decision(state)
    assert d is not None and len(d.options) > 1
    answer = agent.choose(game, game.view(state, 0), d, Chance.seeded(1))
    assert answer in d.ids()
    cfg = agent.config
    assert cfg.iterations is not None and 1 <= agent.stats.iterations <= cfg.iterations
