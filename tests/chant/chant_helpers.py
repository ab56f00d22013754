"""Small helpers for the 詠唱 Chant rule tests, over the public scenario API.

:func:`position` (:mod:`grimoire.games.chant.scenario`) writes the position notation
from readable per-player specs; :func:`build` decodes it into a state; :func:`settle`
runs its automatic steps. Uids are given in order: player 0's library, hand, forbidden
deck, chant area (each entry, then its underlay), blank pile, shown cards; then
player 1's the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grimoire.core.decision import Event
from grimoire.games.chant import ChantGame
from grimoire.games.chant.scenario import FILLER, position, scenario, settle
from grimoire.games.chant.state import ChantState

GAME = ChantGame()

__all__ = ["FILLER", "GAME", "area_cards", "build", "find", "ids", "kinds", "next_turn", "play", "position", "settle",
           "uid"]


def build(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, **kw: Any) -> ChantState:
    """A state decoded from :func:`position` (the public scenario API)."""
    return scenario(p0, p1, game=GAME, **kw)


def next_turn(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, *, player: int = 0,
              turn: int = 3, **kw: Any) -> tuple[ChantState, list[Event]]:
    """A state at the end of the previous turn, run into ``player``'s new turn (D and C start)."""
    s = build(p0, p1, turn=turn - 1, active=1 - player, phase="E", **kw)
    return s, settle(s)


def play(s: ChantState, *answers: str) -> list[Event]:
    """Apply answers (each checked against the listed options); all their events."""
    out: list[Event] = []
    for a in answers:
        out.extend(GAME.apply(s, a))
    return out


def uid(s: ChantState, p: int, zone: str, card: str, nth: int = 0) -> int:
    """The uid of the ``nth`` card with id ``card`` in player ``p``'s ``zone`` ("under:<book uid>" for underlay)."""
    cards = s.under[int(zone[6:])] if zone.startswith("under:") else getattr(s.players[p], zone)
    found = [u for u in cards if s.ids[u] == card]
    return found[nth]


def kinds(events: Iterable[Event]) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in events]


def find(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def ids(s: ChantState) -> list[str]:
    """The option ids of the pending decision."""
    d = GAME.decision(s)
    assert d is not None
    return d.ids()


def area_cards(s: ChantState, p: int) -> list[tuple[str, int]]:
    """(card id, progress) of ``p``'s chant area in order."""
    return [(s.ids[u], s.progress[u]) for u in s.players[p].area]
