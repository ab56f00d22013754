"""The conformance checker, messages included, over the shipped games (a plugin runs it with ``grimoire check``)."""

from __future__ import annotations

import pytest

from grimoire.core.conformance import ConformanceError, check_games, check_messages
from grimoire.core.game import Setup
from grimoire.core.gamecheck import check_conformance
from grimoire.core.registry import load_game, shipped_games


@pytest.mark.parametrize("name", shipped_games())
def test_every_shipped_game_passes_the_conformance_checker(name: str) -> None:
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    decks = [game.cards.starter_deck(s) for s in starters]
    setups = [Setup((decks[i % len(decks)], decks[(i + 1) % len(decks)]), game.options(), seed=i) for i in range(24)]
    report = check_games(game, setups, deep_every=5)
    assert report.games == 24
    assert report.event_kinds <= set(game.events) and report.decision_kinds and report.option_keys


def test_grimoire_checks_conformance_finding_names_the_broken_contract() -> None:
    game = load_game("destiny")
    del game.text.catalog.entries["ev.summon"]
    found = check_conformance(game, games=1)
    assert (found.check, found.status, found.passed) == ("conformance", "failed", False)
    assert "'summon' has no message" in found.detail


def test_a_message_naming_an_argument_the_event_lacks_is_caught() -> None:
    game = load_game("chant")
    game.text.catalog.update({"ev.draw": {"ja": "P{player}: {card} {nonsense}", "en": "P{player}: {card}"}})
    with pytest.raises(ConformanceError, match="nonsense"):
        check_messages(game)


def test_an_event_without_a_message_is_caught() -> None:
    game = load_game("destiny")
    del game.text.catalog.entries["ev.summon"]
    with pytest.raises(ConformanceError, match="'summon' has no message"):
        check_messages(game)
