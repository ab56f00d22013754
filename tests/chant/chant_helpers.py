"""Position builder and small helpers for the 詠唱 Chant rule tests.

:func:`position` writes the position notation (``grimoire.games.chant.notation``) from
readable per-player specs; :func:`build` decodes it into a state. Uids are given in
order: player 0's library, hand, forbidden deck, chant area (each entry, then its
underlay), blank pile, shown cards; then player 1's the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from grimoire.core.decision import Event
from grimoire.games.chant import ChantGame, phases
from grimoire.games.chant.notation import code
from grimoire.games.chant.state import ChantState

GAME = ChantGame()

AreaEntry = str | tuple[str, int] | tuple[str, int, Sequence[str]]
FILLER = ["deep_breath"] * 3  # the library of a spec that names none, so turns can pass


def position(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, *, turn: int = 3,
             active: int = 0, first: int = 0, phase: str = "C", flags: str = "----", cancels: int = 0,
             exclusive: bool = False, turn_limit: int = 60, used: Iterable[int] = (), abil: Iterable[int] = (),
             stack: str = "-", chance: str = "prng,7,0,[]", result: str = "-") -> str:
    """The notation of a position built from player specs.

    A spec has ``life`` (20) and zone lists of card ids: ``library`` (top first; default
    :data:`FILLER`), ``hand``,
    ``forbidden``, ``blank``, ``shown``, and ``area`` entries ``"id"`` (progress 0),
    ``("id", progress)`` or ``("id", progress, [underlay ids])``.
    """
    specs = [{"library": FILLER, **(p0 or {})}, {"library": FILLER, **(p1 or {})}]
    ids: list[str] = []
    for spec in specs:
        for zone in ("library", "hand", "forbidden"):
            ids.extend(spec.get(zone, []))
        for entry in spec.get("area", []):
            e = (entry, 0) if isinstance(entry, str) else entry
            ids.append(e[0])
            ids.extend(e[2] if len(e) > 2 else [])  # type: ignore[misc]
        for zone in ("blank", "shown"):
            ids.extend(spec.get(zone, []))
    legend = sorted(set(ids))
    codes = {cid: code(i) for i, cid in enumerate(legend)}
    counter = iter(range(len(ids)))

    def tok(cid: str) -> str:
        return f"{codes[cid]}{next(counter)}"

    players = []
    for spec in specs:
        parts = [str(spec.get("life", 20))]
        for letter, zone in (("L", "library"), ("H", "hand"), ("F", "forbidden")):
            parts.append(f"{letter}:" + ",".join(tok(c) for c in spec.get(zone, [])))
        items = []
        for entry in spec.get("area", []):
            e = (entry, 0) if isinstance(entry, str) else entry
            item = f"{tok(e[0])}@{e[1]}"
            if len(e) > 2 and e[2]:  # type: ignore[misc]
                item += "[" + "+".join(tok(c) for c in e[2]) + "]"  # type: ignore[misc]
            items.append(item)
        parts.append("Z:" + ",".join(items))
        for letter, zone in (("B", "blank"), ("S", "shown")):
            parts.append(f"{letter}:" + ",".join(tok(c) for c in spec.get(zone, [])))
        players.append(" ".join(parts))
    header = (f"chant1 T{turn} A{active} F{first} P{phase} {flags} {cancels} "
              f"{'x' if exclusive else '-'}{turn_limit} {result}")
    turn_lists = "U:" + ",".join(map(str, used)) + " X:" + ",".join(map(str, abil))
    return " | ".join([header, ",".join(f"{codes[c]}={c}" for c in legend), players[0], players[1],
                       turn_lists, stack, chance])


def build(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, **kw: Any) -> ChantState:
    """A state decoded from :func:`position`."""
    return GAME.decode_position(position(p0, p1, **kw))


def settle(s: ChantState) -> list[Event]:
    """Run a hand-built state on to its next decision (automatic steps only)."""
    s.cache = None
    ev: list[Event] = []
    phases.run(s, ev)
    return ev


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
