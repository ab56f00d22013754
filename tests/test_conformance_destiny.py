"""The engine's conformance checker over thousands of seeded random Destiny games.

Random answers cover every decision, the forecast abilities included (each seat picks
one at random). The ability runs pin one ability for both seats, so that each is
exercised in every game of its run.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grimoire.core.conformance import check_games
from grimoire.core.decision import Event
from grimoire.core.game import Setup
from grimoire.games.destiny import DestinyGame
from grimoire.games.destiny.cards import ABILITIES
from grimoire.games.destiny.state import DestinyState

GAME = DestinyGame()
DECKS = [GAME.cards.starter_deck(name) for name in sorted(GAME.cards.starter_decks())]


def setups(n: int, start: int = 0, **options: str) -> Iterator[Setup]:
    for seed in range(start, start + n):
        yield Setup((DECKS[seed % 4], DECKS[(seed // 4) % 4]), GAME.options(options), seed=seed)


class PinnedAbility(DestinyGame):
    """Destiny where both seats' ability answers are given before the first decision."""

    def __init__(self, ability: str) -> None:
        super().__init__()
        self.answer = f"ability:{ability}"

    def new_state(self, setup: Setup, events: list[Event] | None = None) -> DestinyState:
        state = super().new_state(setup, events)
        for _ in range(2):
            got = self.apply(state, self.answer)
            if events is not None:
                events.extend(got)
        return state


def test_conformance_many_random_games() -> None:
    report = check_games(GAME, setups(2000), deep_every=40)
    assert report.games == 2000
    assert set(report.outcomes) <= {"deck_out", "no_lucky", "second_zero", "empty_deck_at_reveal"}
    assert report.max_steps_seen < GAME.max_steps


def test_conformance_deep_every_step() -> None:
    report = check_games(GAME, setups(50, start=5000), deep_every=1)
    assert report.games == 50


def test_conformance_with_the_first_player_option() -> None:
    report = check_games(GAME, setups(100, start=7000, first_player="1"), deep_every=3)
    assert report.games == 100


@pytest.mark.parametrize("ability", ABILITIES)
def test_conformance_with_each_forecast_ability(ability: str) -> None:
    game = PinnedAbility(ability)
    report = check_games(game, setups(60, start=9000), deep_every=2)
    assert report.games == 60


@pytest.mark.parametrize("options", [{"hako_limit": "first_per_turn"}, {"omni_direct": "true"},
                                     {"user_effects": "any"}])
def test_conformance_with_the_rule_9_4_6_5_4_7_5_options(options: dict[str, str]) -> None:
    game = PinnedAbility("chimyaku_no_hako")
    report = check_games(game, setups(60, start=11000, **options), deep_every=2)
    assert report.games == 60
