"""Scenarios: 詠唱 Chant positions built from readable sides, for rule tests and card designers.

:func:`position` writes the position notation (:mod:`.notation`) from two
:class:`Side` s; :func:`scenario` decodes it into a state; :func:`settle` runs a
hand-built state's automatic steps (draws, the C phase's advance, end effects…) up to
its next real decision, as live play does. Card instance uids are given in order:
seat 0's library (top card first), hand, forbidden deck, chant area (each entry, then
its underlay), blank pile, shown cards; then seat 1's the same way.

>>> s = scenario(Side(hand=["fireball"], area=[Area("flame_sphere", 2)]),
...              Side(area=[Area("fireball", 2)]))
>>> from grimoire.games.chant.game import ChantGame
>>> game = ChantGame()
>>> game.decision(s).ids()
['place:3', 'advance:4', 'discard:3', 'end']

A position at the end of seat 1's turn, settled into seat 0's next turn (the D phase
draws, the C phase advances every chanting card):

>>> s = scenario(Side(area=[Area("flame_sphere", 2)]), turn=2, active=1, phase="E")
>>> [e.kind for e in settle(s)][:5]
['turn', 'phase', 'draw', 'phase', 'advance']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import phases
from .game import ChantGame
from .kinds import ChantEvent
from .notation import HEADER, code
from .state import ChantState

#: The library of a side that names none, so that turns can pass without decking out.
FILLER = ("deep_breath", "deep_breath", "deep_breath")


@dataclass(frozen=True)
class Area:
    """A chant-area entry: a card, its chant progress and (a forbidden book's) underlay."""

    card: str
    progress: int = 0
    underlay: Sequence[str] = ()


@dataclass(frozen=True)
class Side:
    """One seat of a scenario: life and each zone as card ids (the library top card first)."""

    life: int = 20
    library: Sequence[str] = FILLER
    hand: Sequence[str] = ()
    forbidden: Sequence[str] = ()
    area: Sequence[Area | str] = ()
    blank: Sequence[str] = ()
    shown: Sequence[str] = ()

    @classmethod
    def of(cls, spec: Side | Mapping[str, Any] | None) -> Side:
        """A side from a :class:`Side`, a mapping of the same fields (area entries may be
        ``"id"``, ``("id", progress)`` or ``("id", progress, [underlay ids])``) or None."""
        if spec is None:
            return cls()
        if isinstance(spec, Side):
            return spec
        fields = dict(spec)
        fields["area"] = [_area(e) for e in fields.get("area", ())]
        return cls(**fields)


def _area(entry: Area | str | Sequence[Any]) -> Area:
    if isinstance(entry, Area):
        return entry
    if isinstance(entry, str):
        return Area(entry)
    return Area(str(entry[0]), int(entry[1]), tuple(entry[2]) if len(entry) > 2 else ())


def position(p0: Side | Mapping[str, Any] | None = None, p1: Side | Mapping[str, Any] | None = None, *,  # noqa: PLR0913 — a position's parts as keywords, the way tests write one
             turn: int = 3, active: int = 0, first: int = 0, phase: str = "C", flags: str = "----",
             cancels: int = 0, exclusive: bool = False, turn_limit: int = 60, used: Iterable[int] = (),
             abil: Iterable[int] = (), stack: str = "-", chance: str = "prng,7,0,[]", result: str = "-") -> str:
    """The position notation of a scenario (see the module docstring and :mod:`.notation`)."""
    sides = [Side.of(p0), Side.of(p1)]
    ids: list[str] = []
    for side in sides:
        ids.extend([*side.library, *side.hand, *side.forbidden])
        for entry in side.area:
            a = _area(entry)
            ids.append(a.card)
            ids.extend(a.underlay)
        ids.extend([*side.blank, *side.shown])
    legend = sorted(set(ids))
    codes = {cid: code(i) for i, cid in enumerate(legend)}
    counter = iter(range(len(ids)))

    def tok(cid: str) -> str:
        return f"{codes[cid]}{next(counter)}"

    players = []
    for side in sides:
        parts = [str(side.life)]
        for letter, cards in (("L", side.library), ("H", side.hand), ("F", side.forbidden)):
            parts.append(f"{letter}:" + ",".join(tok(c) for c in cards))
        items = []
        for entry in side.area:
            a = _area(entry)
            item = f"{tok(a.card)}@{a.progress}"
            if a.underlay:
                item += "[" + "+".join(tok(c) for c in a.underlay) + "]"
            items.append(item)
        parts.append("Z:" + ",".join(items))
        for letter, cards in (("B", side.blank), ("S", side.shown)):
            parts.append(f"{letter}:" + ",".join(tok(c) for c in cards))
        players.append(" ".join(parts))
    header = (f"{HEADER} T{turn} A{active} F{first} P{phase} {flags} {cancels} "
              f"{'x' if exclusive else '-'}{turn_limit} {result}")
    turn_lists = "U:" + ",".join(map(str, used)) + " X:" + ",".join(map(str, abil))
    return " | ".join([header, ",".join(f"{codes[c]}={c}" for c in legend), players[0], players[1],
                       turn_lists, stack, chance])


_DEFAULT_GAME: list[ChantGame] = []


def scenario(p0: Side | Mapping[str, Any] | None = None, p1: Side | Mapping[str, Any] | None = None, *,
             game: ChantGame | None = None, **header: Any) -> ChantState:
    """A state decoded from :func:`position` (``header`` takes its keyword arguments) with the
    cards of ``game`` (default: the built-in cards)."""
    if game is None:
        if not _DEFAULT_GAME:
            _DEFAULT_GAME.append(ChantGame())
        game = _DEFAULT_GAME[0]
    return game.decode_position(position(p0, p1, **header))


def settle(state: ChantState) -> list[ChantEvent]:
    """Run a hand-built state's automatic steps up to its next real decision; their events."""
    events: list[ChantEvent] = []
    phases.settle(state, events)
    return events
