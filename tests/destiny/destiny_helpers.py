"""Shared helpers for the Destiny rule tests: a position builder over the position notation.

>>> s = position(p0={"field": ["lion_dancer#0:v"]})
>>> GAME.decision(s).kind
'summon'
"""

from __future__ import annotations

from typing import Any

from grimoire.core.decision import Event
from grimoire.core.game import Setup
from grimoire.games.destiny.game import DestinyGame
from grimoire.games.destiny.scenario import scenario
from grimoire.games.destiny.state import DestinyState

GAME = DestinyGame()

#: cards that only tests use (loaded through ``tables``, as a game record would carry them)
def _card(card_id: str, ja: str, en: str, attribute: str, power: int, text: tuple[str, str],
          *effects: dict[str, Any]) -> dict[str, Any]:
    return {"id": card_id, "name": {"ja": ja, "en": en}, "attribute": attribute, "power": power,
            "text": {"ja": text[0], "en": text[1]}, "effects": list(effects)}


TEST_CARDS: dict[str, dict[str, Any]] = {
    "trial_smite": _card("trial_smite", "試しの一撃", "Trial Smite", "jutsushiki", 1,
                         ("【バトル】能力者１体を捨て札にする。", "[Battle] Destroy a user."),
                         {"on": "battle", "op": "destroy", "target": "any_user", "n": 6}),
    "trial_spark": _card("trial_spark", "試しの火花", "Trial Spark", "shinpi", 2,
                         ("【メイン】能力者１体のパワー－１。", "[Main] A user gets -1 power."),
                         {"on": "main", "op": "weaken", "target": "any_user", "n": 1}),
    "trial_combo": _card("trial_combo", "試しの連撃", "Trial Combo", "kiryoku", 1,
                         ("【メイン】パワー＋２、そしてパワー３以下を破壊。",
                          "[Main] A user gets +2 power; then destroy a user with power 3 or less."),
                         {"on": "main", "op": "strengthen", "target": "any_user", "n": 2},
                         {"on": "main", "op": "destroy", "target": "any_user", "n": 3}),
}
TEST_GAME = DestinyGame(tables=TEST_CARDS)


def position(*, game: DestinyGame = GAME, **kwargs: Any) -> DestinyState:
    """A state from zone lists (the public scenario API, :mod:`grimoire.games.destiny.scenario`)."""
    return scenario(game=game, **kwargs)


def play(state: DestinyState, *answers: str) -> list[Event]:
    """Apply answers through the checked path; all events."""
    events: list[Event] = []
    for a in answers:
        events.extend(GAME.apply(state, a))
    return events


def options(state: DestinyState) -> list[str]:
    d = GAME.decision(state)
    assert d is not None
    return d.ids()


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def field(state: DestinyState, seat: int) -> list[str]:
    return [state.ids[u.uid] for u in state.players[seat].field]


def new_game(deck0: str = "spirit_festival", deck1: str = "formula_festival", seed: int = 1,
             **options: Any) -> DestinyState:
    a, b = GAME.cards.starter_deck(deck0), GAME.cards.starter_deck(deck1)
    return GAME.new_state(Setup((a, b), GAME.options(options), seed=seed))


def setup_to_turn(state: DestinyState, abilities: tuple[str, str] = ("none", "none")) -> list[Event]:
    """Answer the ability and mulligan decisions (keep both hands)."""
    return play(state, abilities[0], abilities[1], "keep", "keep")
