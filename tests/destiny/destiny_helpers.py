"""Shared helpers for the Destiny rule tests: a position builder over the position notation.

>>> s = position(p0={"field": ["lion_dancer#0:v"]})
>>> GAME.decision(s).kind
'summon'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.decision import Event
from grimoire.core.game import Setup
from grimoire.games.destiny.game import DestinyGame
from grimoire.games.destiny.state import State

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
FILLER = ["fire_festival_giant*5"]  # a non-Lucky deck so that draws and reveals are harmless by default


def player_section(seat: int, spec: Mapping[str, Any], default_turns: int) -> str:
    toks = [f"P{seat}", f"threads={spec.get('threads', 15)}", f"ability={spec.get('ability', 'none')}",
            f"turns={spec.get('turns', default_turns)}"]
    if spec.get("saved"):
        toks.append("saved=1")
    if spec.get("hako"):
        toks.append(f"hako={spec['hako']}")
    zones = dict(spec)
    zones.setdefault("deck", FILLER)
    for zone in ("deck", "hand", "field", "discard", "crisis"):
        cards: Sequence[str] = zones.get(zone, [])
        if cards:
            toks.append(f"{zone}=" + ",".join(cards))
    return " ".join(toks)


def position(*, phase: str = "summon", turn: int = 3, active: int = 0, first: int = 0,
             p0: Mapping[str, Any] | None = None, p1: Mapping[str, Any] | None = None,
             header: str = "", tail: str = "", seed: int = 1, game: DestinyGame = GAME) -> State:
    """A state from zone lists (tokens of the position notation: ``card``, ``card#uid``,
    ``card*N``, users with ``:v``, ``:r``, ``:+N``). By default it is turn 3, seat 0's
    summon step, both players have had their first turn, threads 15, no ability."""
    turns = [0, 0]
    turns[first] = (turn + 1) // 2
    turns[1 - first] = turn // 2
    head = f"destiny:1 turn={turn} active={active} first={first} phase={phase} limit=120 {header}".strip()
    text = " | ".join([head, player_section(0, p0 or {}, turns[0]), player_section(1, p1 or {}, turns[1]),
                       f"{tail} chance=prng,{seed},0".strip()])
    return game.decode_position(text)


def play(state: State, *answers: str) -> list[Event]:
    """Apply answers through the checked path; all events."""
    events: list[Event] = []
    for a in answers:
        events.extend(GAME.apply(state, a))
    return events


def options(state: State) -> list[str]:
    d = GAME.decision(state)
    assert d is not None
    return d.ids()


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def field(state: State, seat: int) -> list[str]:
    return [state.cards[u.uid] for u in state.players[seat].field]


def new_game(deck0: str = "spirit_festival", deck1: str = "formula_festival", seed: int = 1,
             **options: Any) -> State:
    a, b = GAME.starter_deck(deck0), GAME.starter_deck(deck1)
    return GAME.new_state(Setup((a, b), GAME.options(options), seed=seed))


def setup_to_turn(state: State, abilities: tuple[str, str] = ("none", "none")) -> list[Event]:
    """Answer the ability and mulligan decisions (keep both hands)."""
    return play(state, abilities[0], abilities[1], "keep", "keep")
