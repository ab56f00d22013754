"""The search's fast paths give what the plain paths give: dealt determinizations, cached greedy figures."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from grimoire.ai.search import SearchAgent, SearchConfig, hooks_for
from grimoire.core.game import Game, Setup
from grimoire.core.hidden import KnownDecks
from grimoire.core.registry import load_game, plugin
from grimoire.core.rng import Chance


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def start(name: str, seed: int) -> tuple[Game[Any], tuple[Any, Any], Any]:
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(starters[seed % len(starters)]),
             game.cards.starter_deck(starters[(seed + 1) % len(starters)]))
    return game, decks, game.new_state(Setup(decks, game.options(), seed=seed))


def opponent_hand(game: Game[Any], det: Any, seat: int) -> list[str]:
    return sorted(c["card"] for c in game.view(det, 1 - seat)["players"][1 - seat]["hand"])


def play_until_the_opponent_holds_cards(game: Game[Any], state: Any, chance: Chance) -> Any:
    while (d := game.decision(state)) is not None and (
            game.turn_number(state) < 3 or game.view(state, None)["players"][1 - d.player]["hand_count"] < 2):
        game.apply(state, d.options[chance.below(len(d.options))].id)
    return d


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_dealt_determinizations_agree_with_the_view_and_the_options(name: str) -> None:
    """Every sample of a dealer (the first built from the view, the rest dealt from a copy) is consistent."""
    hooks = hooks_for(name)
    chance = Chance.seeded(23)
    steps = 0
    for seed in range(3):
        game, decks, state = start(name, seed)
        while (d := game.decision(state)) is not None:
            view = game.view(state, d.player)
            dealer = hooks.determinizer(game, view, d, KnownDecks(decks))  # type: ignore[attr-defined]
            for _ in range(3):
                det = dealer(chance)
                assert canon(game.view(det, d.player)) == canon(view), (name, seed, steps)
                assert game.decision(det) == d
                assert game.card_total(det) == game.card_total(state)
                game.apply_unchecked(det, d.options[chance.below(len(d.options))].id, [])  # samples are independent
            game.apply(state, d.options[chance.below(len(d.options))].id)
            steps += 1
    assert steps > 100


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_dealt_determinizations_are_distributed_like_built_ones(name: str) -> None:
    """How often each card is in the opponent's hand: dealt and built samples agree within sampling noise."""
    hooks = hooks_for(name)
    game, decks, state = start(name, 2)
    chance = Chance.seeded(8)
    d = play_until_the_opponent_holds_cards(game, state, chance)
    assert d is not None
    view = game.view(state, d.player)
    known = KnownDecks(decks)
    dealer = hooks.determinizer(game, view, d, known)  # type: ignore[attr-defined]
    n = 600
    built: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    for _ in range(n):
        built.update(opponent_hand(game, hooks.determinize(game, view, d, chance, known), d.player))
        dealt.update(opponent_hand(game, dealer(chance), d.player))
    assert len(dealt) > 2  # the hand really is redrawn
    cards = set(built) | set(dealt)
    assert max(abs(built[c] - dealt[c]) / n for c in cards) < 0.1


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_dealing_keeps_the_search_deterministic(name: str) -> None:
    game, decks, state = start(name, 3)
    chance = Chance.seeded(3)
    d = play_until_the_opponent_holds_cards(game, state, chance)
    while d is not None and len(d.options) < 2:
        game.apply(state, d.options[0].id)
        d = game.decision(state)
    assert d is not None
    view = game.view(state, d.player)
    mine = decks if d.player == 0 else decks[::-1]
    runs = []
    for _ in range(2):
        agent = SearchAgent(SearchConfig(iterations=40), decks=mine)
        answer = agent.choose(game, view, d, Chance.seeded(41))
        runs.append((answer, agent.stats.visits))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_a_greedy_agent_answers_the_same_after_many_decisions(name: str) -> None:
    """Figures a greedy agent keeps between decisions never change its answers: a reused agent answers like
    a fresh one at every step of seeded games."""
    reused = plugin(name).greedy_agent()
    assert reused is not None
    chance = Chance.seeded(5)
    checked = 0
    for seed in range(3):
        game, _, state = start(name, seed)
        while (d := game.decision(state)) is not None:
            view = game.view(state, d.player)
            fresh = plugin(name).greedy_agent()
            assert fresh is not None
            answer = reused.choose(game, view, d, chance.clone())
            assert answer == fresh.choose(game, view, d, chance.clone())
            checked += len(d.options) > 1
            game.apply(state, answer if seed % 2 == 0 else d.options[chance.below(len(d.options))].id)
    assert checked > 100


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_the_playout_view_gives_the_greedy_agent_the_same_answers(name: str) -> None:
    """Playouts hand the greedy agent the hooks' ``policy_view``: its answers equal those from the full view at
    every step of seeded games (greedy and random play, so many kinds of positions)."""
    hooks = hooks_for(name)
    fast = hooks.policy_view  # type: ignore[attr-defined]
    greedy = plugin(name).greedy_agent()
    assert greedy is not None
    chance = Chance.seeded(12)
    checked = 0
    for seed in range(4):
        game, _, state = start(name, seed)
        while (d := game.decision(state)) is not None:
            answer = greedy.choose(game, game.view(state, d.player), d, chance.clone())
            assert greedy.choose(game, fast(game, state, d.player), d, chance.clone()) == answer, (seed, d.kind)
            checked += len(d.options) > 1
            game.apply(state, answer if seed % 2 == 0 else d.options[chance.below(len(d.options))].id)
    assert checked > 150
