"""Card instance numbers tell a seat nothing it could not otherwise know (RULINGS: instance numbers; protocol 5.5).

The attack: in Chant 1.0 the uids followed the shuffled library, so an opponent could date
a card leaving a hand to the exact draw from its uid alone; in Destiny 1 they followed
the deck list, so a uid named its card. Both games now number each seat's cards at
random, apart from the game's own chance, and the conformance checker watches for both
leaks (:mod:`grimoire.core.idcheck`).
"""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core.conformance import ConformanceError, check_games
from grimoire.core.game import Game, Setup
from grimoire.core.registry import load_game

OLD = {"chant": "1.0", "destiny": "1"}


def _setups(game: Game[Any], count: int) -> list[Setup]:
    names = sorted(game.cards.starter_decks())
    decks = [game.cards.starter_deck(n) for n in names]
    return [Setup((decks[i % len(decks)], decks[(i + 1) % len(decks)]), game.options(), seed=i) for i in range(count)]


def _draw_order(game: Game[Any], state: Any) -> list[int]:
    """Seat 0's uids in the order it will draw them (its library, top first), hand first."""
    if game.name == "chant":
        p = state.players[0]
        return list(p.hand) + p.library[::-1]
    return list(reversed(state.players[0].deck))


def _dated(game: Game[Any], count: int = 30) -> float:
    """How often "the n-th card drawn has the n-th smallest number" names a card's draw exactly."""
    hits = total = 0
    for setup in _setups(game, count):
        state = game.new_state(setup)
        if game.name == "destiny":  # the deck is shuffled once both abilities are chosen
            game.apply(state, "none")
            game.apply(state, "none")
            order = list(state.players[0].hand) + list(reversed(state.players[0].deck))
        else:
            order = _draw_order(game, state)
        ranked = sorted(order)
        hits += sum(1 for n, uid in enumerate(order) if ranked[n] == uid)
        total += len(order)
    return hits / total


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_instance_ids_do_not_date_when_a_card_is_drawn(name):
    game = load_game(name)
    assert _dated(game) < 0.1  # chance: about one card in a deck's size
    if name == "chant":
        assert _dated(game.at_version(OLD[name])) == 1.0  # type: ignore[arg-type]  # the attack on rules 1.0


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_instance_ids_do_not_name_a_card_across_games_with_the_same_decks(name):
    game = load_game(name)
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])

    def cards_by_uid(g: Game[Any]) -> list[tuple[str, ...]]:
        states = [g.new_state(Setup((deck, deck), g.options(), seed=s)) for s in range(12)]
        return [tuple(st.ids[u] for st in states) for u in range(len(states[0].ids))]

    fixed = sum(1 for cards in cards_by_uid(game) if len(set(cards)) == 1)
    assert fixed < 0.1 * len(cards_by_uid(game))
    if name == "destiny":
        old = cards_by_uid(game.at_version(OLD[name]))  # type: ignore[arg-type]
        assert all(len(set(cards)) == 1 for cards in old)  # rules 1: a uid named its card


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_the_conformance_checker_catches_numbers_that_date_or_name_cards(name):
    game = load_game(name)
    check_games(game, _setups(game, 16), deep_every=7)
    with pytest.raises(ConformanceError, match="uids date cards|uids name cards"):
        check_games(game.at_version(OLD[name]), _setups(game, 16), deep_every=7)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_numbering_draws_nothing_from_the_games_chance(name):
    """Only the numbers moved: the same seed deals the same cards in the same order under the old and new rules."""
    game = load_game(name)
    old = game.at_version(OLD[name])
    assert old is not None and old.version == OLD[name] and game.at_version("0.1") is None
    for setup in _setups(game, 5):
        new_state, old_state = game.new_state(setup), old.new_state(setup)
        if name == "destiny":
            for g, st in ((game, new_state), (old, old_state)):
                g.apply(st, "none")
                g.apply(st, "none")
        assert [new_state.ids[u] for u in _draw_order(game, new_state)] == \
            [old_state.ids[u] for u in _draw_order(old, old_state)]
