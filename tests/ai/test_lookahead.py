"""The lookahead agent: greedy play that tries each option one turn ahead (grimoire.ai.lookahead)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grimoire.ai.lookahead import LookaheadAgent, LookaheadConfig
from grimoire.ai.registry import make_agent
from grimoire.balance import balance
from grimoire.core.decision import Decision
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.hidden import KnownDecks
from grimoire.core.play import play
from grimoire.core.registry import load_game, plugin
from grimoire.core.rng import Chance


class Contrary:
    """Toy Race's search hooks with the evaluation turned round: the greedy answer (largest step) scores worst."""

    def __init__(self) -> None:
        hooks = plugin("toy").search_hooks()
        assert hooks is not None
        self.inner = hooks
        self.turns = hooks.turns

    def determinize(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
                    decks: KnownDecks) -> Any:
        return self.inner.determinize(game, view, decision, chance, decks)

    def evaluate(self, game: Game[Any], state: Any, seat: int) -> float:
        return 1.0 - self.inner.evaluate(game, state, seat)

    def playout(self, game: Game[Any], state: Any, decision: Decision, chance: Chance) -> str:
        return self.inner.playout(game, state, decision, chance)


def toy_decisions(agent: LookaheadAgent, seed: int) -> list[tuple[str, str, dict[str, float]]]:
    """(greedy answer, agent answer, option scores) at every decision with more than one option of a toy game
    the agent plays against itself."""
    game = load_game("toy")
    deck = game.cards.starter_deck("steady")
    state = game.new_state(Setup((deck, deck), game.options(), seed))
    greedy = make_agent("greedy", "toy")
    chance = Chance.seeded(seed)
    seen = []
    while (d := game.decision(state)) is not None:
        view = game.view(state, d.player)
        answer = agent.choose(game, view, d, chance)
        if len(d.options) > 1:
            seen.append((greedy.choose(game, view, d, Chance.seeded(0)), answer, dict(agent.scores)))
        game.apply(state, answer)
    return seen


def test_an_option_scoring_better_than_the_greedy_answer_by_more_than_the_margin_is_chosen() -> None:
    seen = toy_decisions(LookaheadAgent(LookaheadConfig(horizon=0, margin=0.0), hooks=Contrary()), 3)
    overturned = [(g, a, s) for g, a, s in seen if a != g]
    assert overturned, "the contrary evaluation never overturned the greedy answer"
    for g, a, s in seen:
        assert s[a] == max(s.values())
        assert a == g or s[a] > s[g]


def test_the_greedy_answer_stands_within_the_margin() -> None:
    for g, a, s in toy_decisions(LookaheadAgent(LookaheadConfig(horizon=0, margin=0.99), hooks=Contrary()), 3):
        assert a == g
        assert s  # every option was scored


@pytest.mark.parametrize("game_name", ["chant", "destiny"])
def test_lookahead_plays_whole_games_with_listed_answers_and_is_reproducible(game_name: str) -> None:
    game = load_game(game_name)
    names = list(game.cards.starter_decks())
    decks = (game.cards.starter_deck(names[0]), game.cards.starter_deck(names[1]))

    def one() -> list[str]:
        agents = [make_agent("lookahead", game_name, decks), make_agent("lookahead", game_name, decks[::-1])]
        done = play(game, Setup(decks, game.options(), seed=11), agents, [Chance.seeded(1), Chance.seeded(2)])
        assert game.outcome(done.state) is not None
        return done.answers

    assert one() == one()


def test_bad_lookahead_settings_are_refused() -> None:
    with pytest.raises(GrimoireError, match="samples"):
        LookaheadConfig(samples=0)
    with pytest.raises(GrimoireError, match="horizon"):
        LookaheadConfig(horizon=-1)
    with pytest.raises(GrimoireError, match="margin"):
        LookaheadConfig(margin=1.0)


def test_the_balance_lab_plays_a_level_with_the_lookahead_agent(tmp_path: Path) -> None:
    data = balance("toy", ["bold", "steady"], ["lookahead"], 4, tmp_path, seed=1, plots_enabled=False)
    level = data["levels"]["lookahead"]
    assert level["games"] == 12
    assert data["agents"] == ["lookahead"]
