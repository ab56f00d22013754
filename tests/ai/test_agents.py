"""The agent protocol: honest by construction, answers always listed."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from game_helpers import REPO_GAMES
from grimoire.ai.registry import AGENTS, make_agent
from grimoire.core.decision import Decision
from grimoire.core.errors import GameOver, GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.play import Agent, RandomAgent, act
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance


def toy_start(seed: int) -> tuple[Game[Any], Any]:
    game = load_game("toy")
    deck = game.cards.starter_deck("steady")
    return game, game.new_state(Setup((deck, deck), game.options(), seed))


def test_the_protocol_never_receives_the_state() -> None:
    params = list(inspect.signature(Agent.choose).parameters)
    assert params == ["self", "game", "view", "decision", "chance"]
    classes = [RandomAgent] + [type(make_agent("greedy", name)) for name in REPO_GAMES]
    for cls in classes:
        assert list(inspect.signature(cls.choose).parameters) == params, cls
        assert isinstance(cls(), Agent)


class Spy:
    name = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[Any, ...]] = []

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        self.seen.append((game, view, decision))
        return decision.options[0].id


def test_act_gives_the_agent_its_seats_view_only() -> None:
    game, state = toy_start(4)
    spy = Spy()
    for _ in range(12):
        decision = game.decision(state)
        if decision is None:
            break
        answer = act(game, state, spy, Chance.seeded(1))
        _, view, given = spy.seen[-1]
        assert given == decision
        assert view == game.view(state, decision.player)
        assert view["players"][1 - decision.player]["hand"] is None
        game.apply(state, answer)


def test_act_on_a_finished_game_raises() -> None:
    game, state = toy_start(2)
    while game.decision(state) is not None:
        game.apply(state, act(game, state, RandomAgent(), Chance.seeded(3)))
    with pytest.raises(GameOver):
        act(game, state, RandomAgent(), Chance.seeded(3))


@pytest.mark.parametrize("name", AGENTS)
def test_agents_answer_only_listed_options(name: str) -> None:
    agent = make_agent(name, "toy")
    for seed in range(30):
        game, state = toy_start(seed)
        chance = Chance.seeded(seed)
        while (decision := game.decision(state)) is not None:
            answer = act(game, state, agent, chance)
            assert answer in decision.ids()
            game.apply(state, answer)


def test_random_agent_uses_its_chance_and_covers_the_options() -> None:
    game, state = toy_start(1)
    decision = game.decision(state)
    assert decision is not None
    picks = {RandomAgent().choose(game, {}, decision, Chance.seeded(s)) for s in range(60)}
    assert picks == set(decision.ids())
    a = [RandomAgent().choose(game, {}, decision, Chance.seeded(7)) for _ in range(5)]
    assert len(set(a)) == 1


def test_unknown_agents_and_games_are_refused() -> None:
    with pytest.raises(GrimoireError, match="unknown agent"):
        make_agent("wizard", "toy")
    with pytest.raises(GrimoireError, match="unknown game"):
        make_agent("greedy", "nosuchgame")
