"""The engine conformance checker over thousands of seeded random games of 詠唱 Chant."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grimoire.core.conformance import check_games
from grimoire.core.game import Setup
from grimoire.games.chant import ChantGame

GAME = ChantGame()
DECKS = [GAME.cards.starter_deck(name) for name in sorted(GAME.cards.starter_decks())]


def setups(count: int, start: int = 0, chance: str = "prng", **options: object) -> Iterator[Setup]:
    for seed in range(start, start + count):
        decks = (DECKS[seed % len(DECKS)], DECKS[(seed // len(DECKS)) % len(DECKS)])
        script: tuple[str, ...] = ()
        if chance == "board":
            script = tuple(f"20:{i % 60:02d}:{(seed * 7 + i * 13) % 60:02d}" for i in range(40))
        yield Setup(decks, GAME.options(options), seed=seed, chance=chance, chance_script=script)


def test_conformance_many_games() -> None:
    report = check_games(GAME, setups(2000), deep_every=97)
    assert report.games == 2000
    assert set(report.outcomes) <= {"life", "runaway", "deck_out", "turn_limit"}


def test_conformance_deep_every_step() -> None:
    report = check_games(GAME, setups(50, start=5000), deep_every=1)
    assert report.games == 50


@pytest.mark.parametrize("options", [{"exclusive_placement": True}, {"first_player": "1", "starting_life": 8},
                                     {"depth_damage": "all"}])
def test_conformance_with_options(options: dict[str, object]) -> None:
    report = check_games(GAME, setups(200, start=9000, **options), deep_every=13)
    assert report.games == 200


def test_conformance_board_coin_source() -> None:
    report = check_games(GAME, setups(200, start=7000, chance="board"), deep_every=13)
    assert report.games == 200
