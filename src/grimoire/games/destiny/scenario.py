"""Scenarios: 運命予報祭 Destiny Saga positions built from readable sides, for rule tests and designers.

:func:`position` writes the position notation (:mod:`.notation`) from two sides given
as mappings of zone lists; :func:`scenario` decodes it; :func:`settle` runs the
automatic steps (upkeep of users that left, a battle whose attacker or blocker left)
up to the next real decision. Cards are tokens of the notation: ``card``,
``card#uid``, ``card*N`` (N copies); users on the field add ``:v`` (veteran), ``:r``
(effect-ready), ``:+N``/``:-N`` (power modifier). By default it is turn 3, seat 0's
summon step, both players have had their first turn, threads 15, no ability.

>>> s = scenario(p0={"hand": ["lion_dancer"], "field": ["war_cry:v"]})
>>> from grimoire.games.destiny.game import DestinyGame
>>> DestinyGame().decision(s).kind
'summon'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .game import DestinyGame
from .kinds import DestinyEvent
from .notation import TAG
from .state import DestinyState

#: The deck of a side that names none: no Lucky! cards, so draws and reveals are harmless.
FILLER = ("fire_festival_giant*5",)

_DEFAULT_GAME: list[DestinyGame] = []


def _side(seat: int, spec: Mapping[str, Any], default_turns: int) -> str:
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
             header: str = "", tail: str = "", seed: int = 1) -> str:
    """The position notation of a scenario (see the module docstring).

    A side maps ``threads``, ``ability``, ``turns``, ``saved``, ``hako`` and the zones
    ``deck`` (top card first), ``hand``, ``field``, ``discard``, ``crisis``; ``header`` and
    ``tail`` add raw ``key=value`` tokens of the notation.
    """
    turns = [0, 0]
    turns[first] = (turn + 1) // 2
    turns[1 - first] = turn // 2
    head = f"{TAG} turn={turn} active={active} first={first} phase={phase} limit=120 {header}".strip()
    return " | ".join([head, _side(0, p0 or {}, turns[0]), _side(1, p1 or {}, turns[1]),
                       f"{tail} chance=prng,{seed},0".strip()])


def scenario(*, game: DestinyGame | None = None, **kwargs: Any) -> DestinyState:
    """A state decoded from :func:`position` (same keyword arguments) with ``game``'s cards."""
    if game is None:
        if not _DEFAULT_GAME:
            _DEFAULT_GAME.append(DestinyGame())
        game = _DEFAULT_GAME[0]
    return game.decode_position(position(**kwargs))


def settle(state: DestinyState) -> list[DestinyEvent]:
    """Run a hand-built state's automatic steps up to its next real decision; their events."""
    if not _DEFAULT_GAME:
        _DEFAULT_GAME.append(DestinyGame())
    return _DEFAULT_GAME[0].settle(state)
