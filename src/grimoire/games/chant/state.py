"""The state of a game of 詠唱 Chant: plain data with a hand-written clone.

Every card instance has a uid (an int, stable for the whole game); ``ids[uid]`` is its
card id and ``defs[uid]`` the :class:`~grimoire.games.chant.cards.CardDef` it points to
(shared, never copied). Zones are lists of uids; the top of a library is its *last*
element. The chant area is an ordered list of entries (4.2): the first five are the
front slots, the rest the overflow row. ``progress[uid]`` is meaningful only for cards
in a chant area and is 0 elsewhere; ``under[book]`` is a book's underlay.

A half-resolved effect or rule procedure is a :class:`~grimoire.core.effects.Frame` on
``stack``; its ``kind`` is a :class:`FrameKind` (see :mod:`grimoire.games.chant.effects`
and :mod:`grimoire.games.chant.procedures`).

>>> Phase.C.name, FrameKind.ACTIVATION.name, Trigger.START.field
('C', 'ACTIVATION', 'on_start')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import IntEnum
from typing import Any

from grimoire.core.decision import ONGOING, Decision
from grimoire.core.effects import Frame
from grimoire.core.rng import Chance

from .cards import CardDef

#: The default rules variant (the rulings); :mod:`.rules` documents its fields.
DEFAULT_VARIANT: tuple[int, ...] = (0, 10, 5, 2, 2, 3, 4, 0)


class Phase(IntEnum):
    """Where a turn stands with an empty effect stack (1.7; the D phase never waits)."""

    #: the C (chant) phase: the turn player's main decision of placing, advancing, discarding
    C = 0
    #: the A (activate) phase: the turn player activates ready cards
    A = 1
    #: the runaway check has resolved: the E phase begins next (7.1)
    R = 2
    #: the end-phase effects have resolved: the turn ends next (7.2, 7.3)
    E = 3


class FrameKind(IntEnum):
    """What a frame on the effect stack is."""

    #: one card effect: ``index`` is its position in the card's ``effects``
    EFFECT = 0
    #: a card's effects of one trigger, in printed order: ``index`` is a :class:`Trigger`
    TRIGGER = 1
    #: an activation (5.1.3): activate effects, attack, counter, put away
    ACTIVATION = 2
    #: putting an activated card away (5.6)
    PUT_AWAY = 3
    #: placing a forbidden book: choosing its underlay (3.2.2)
    BOOK = 4
    #: the discard action's boost-or-hinder choice (3.2.4)
    DISCARD = 5
    #: the runaway check (6)
    RUNAWAY = 6


class Trigger(IntEnum):
    """The triggers a card's effects resolve under (``on`` in a card file)."""

    START = 0
    ACTIVATE = 1
    LEAVE = 2
    END = 3
    C_PHASE = 4

    @property
    def field(self) -> str:
        """The :class:`~grimoire.games.chant.cards.CardDef` field listing this trigger's effects."""
        return TRIGGER_FIELDS[self]

    @property
    def label(self) -> str:
        """The trigger's name in card files and views."""
        return _TRIGGER_LABELS[self]


#: The CardDef field of each :class:`Trigger` (by its value; a plain tuple for the hot paths).
TRIGGER_FIELDS = ("on_start", "on_activate", "on_leave", "on_end", "on_cphase")
_TRIGGER_LABELS = ("chant_start", "activate", "leave", "end_phase", "c_phase")


class Player:
    """One player's life and zones (lists of uids)."""

    __slots__ = ("area", "blank", "forbidden", "hand", "library", "life", "shown")

    def __init__(self, life: int, library: list[int], hand: list[int], forbidden: list[int], area: list[int],
                 blank: list[int], shown: list[int]) -> None:
        self.life = life
        self.library = library
        self.hand = hand
        self.forbidden = forbidden
        self.area = area
        self.blank = blank
        self.shown = shown

    @classmethod
    def new(cls, life: int = 20) -> Player:
        """A player with ``life`` and empty zones."""
        return cls(life, [], [], [], [], [], [])

    def clone(self) -> Player:
        return Player(self.life, self.library[:], self.hand[:], self.forbidden[:], self.area[:], self.blank[:],
                      self.shown[:])

    def zones(self) -> tuple[list[int], ...]:
        """All zone lists (underlay excluded)."""
        return (self.library, self.hand, self.forbidden, self.area, self.blank, self.shown)

    def to_json(self) -> dict[str, Any]:
        return {"life": self.life, "library": self.library[:], "hand": self.hand[:],
                "forbidden": self.forbidden[:], "area": self.area[:], "blank": self.blank[:],
                "shown": self.shown[:]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        p = cls.new(int(data["life"]))
        for name in ("library", "hand", "forbidden", "area", "blank", "shown"):
            setattr(p, name, [int(u) for u in data.get(name, [])])
        return p


class ChantState:
    """A whole game position (see the module docstring)."""

    __slots__ = ("abil", "active", "advanced", "book_placed", "cache", "cancels", "chance", "defs",
                 "discarded", "exclusive", "first", "ids", "owner", "phase", "placed", "players",
                 "progress", "reason", "stack", "turn", "turn_limit", "under", "used", "variant", "winner")

    def __init__(self, ids: tuple[str, ...], defs: tuple[CardDef, ...], owner: tuple[int, ...], chance: Chance,
                 progress: list[int], under: dict[int, list[int]], players: list[Player], turn: int, active: int,
                 first: int, phase: Phase, placed: bool, book_placed: bool, advanced: bool, discarded: bool,
                 cancels: int, used: list[int], abil: list[int], stack: list[Frame], winner: int, reason: str,
                 exclusive: bool, turn_limit: int, cache: Decision | None) -> None:
        self.ids = ids
        self.defs = defs
        self.owner = owner
        self.chance = chance
        self.progress = progress
        self.under = under
        self.players = players
        self.turn = turn
        self.active = active
        self.first = first
        self.phase = phase
        self.placed = placed
        self.book_placed = book_placed
        self.advanced = advanced
        self.discarded = discarded
        self.cancels = cancels
        self.used = used
        self.abil = abil
        self.stack = stack
        self.winner = winner
        self.reason = reason
        self.exclusive = exclusive
        self.turn_limit = turn_limit
        self.cache = cache
        #: rules-variant parameters (see :data:`~grimoire.games.chant.rules.DEFAULT_VARIANT`)
        self.variant: tuple[int, ...] = DEFAULT_VARIANT

    @classmethod
    def new(cls, ids: tuple[str, ...], defs: tuple[CardDef, ...], owner: tuple[int, ...], chance: Chance
            ) -> ChantState:
        """A state with these cards and chance source, before set-up: empty zones, turn 0."""
        return cls(ids, defs, owner, chance, [0] * len(ids), {}, [Player.new(), Player.new()], 0, 0, 0, Phase.C, False,
                   False, False, False, 0, [], [], [], ONGOING, "", False, 0, None)

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.winner != ONGOING

    def clone(self) -> ChantState:
        """An equal, independent copy (card definitions and ids are shared: they never change)."""
        s = ChantState(
            self.ids, self.defs, self.owner, self.chance.clone(), self.progress[:],
            {k: v[:] for k, v in self.under.items()}, [self.players[0].clone(), self.players[1].clone()],
            self.turn, self.active, self.first, self.phase, self.placed, self.book_placed, self.advanced,
            self.discarded, self.cancels, self.used[:], self.abil[:], [f.clone() for f in self.stack], self.winner,
            self.reason, self.exclusive, self.turn_limit, self.cache)
        s.variant = self.variant
        return s

    def to_json(self) -> dict[str, Any]:
        data = self._json()
        if self.variant != DEFAULT_VARIANT:
            data["variant"] = list(self.variant)
        return data

    def _json(self) -> dict[str, Any]:
        return {
            "ids": list(self.ids),
            "owner": list(self.owner),
            "progress": self.progress[:],
            "under": {str(k): v[:] for k, v in self.under.items()},
            "players": [p.to_json() for p in self.players],
            "turn": self.turn, "active": self.active, "first": self.first, "phase": self.phase.name,
            "flags": [self.placed, self.book_placed, self.advanced, self.discarded, self.cancels],
            "used": self.used[:], "abil": self.abil[:],
            "stack": [f.to_json() for f in self.stack],
            "chance": self.chance.to_json(),
            "winner": self.winner, "reason": self.reason,
            "exclusive": self.exclusive, "turn_limit": self.turn_limit,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], card: Callable[[str], CardDef]) -> ChantState:
        """Inverse of :meth:`to_json`; ``card`` looks a card id up."""
        ids = tuple(str(c) for c in data["ids"])
        s = cls.new(ids, tuple(card(c) for c in ids), tuple(int(o) for o in data["owner"]),
                Chance.from_json(data["chance"]))
        s.progress = [int(x) for x in data["progress"]]
        s.under = {int(k): [int(u) for u in v] for k, v in data.get("under", {}).items()}
        s.players = [Player.from_json(p) for p in data["players"]]
        s.turn, s.active, s.first = int(data["turn"]), int(data["active"]), int(data["first"])
        s.phase = Phase[str(data["phase"])]
        flags = data["flags"]
        s.placed, s.book_placed, s.advanced, s.discarded = (bool(x) for x in flags[:4])
        s.cancels = int(flags[4])
        s.used = [int(u) for u in data.get("used", [])]
        s.abil = [int(u) for u in data.get("abil", [])]
        s.stack = [Frame.from_json(f) for f in data.get("stack", [])]
        s.winner, s.reason = int(data["winner"]), str(data["reason"])
        s.exclusive, s.turn_limit = bool(data["exclusive"]), int(data["turn_limit"])
        if "variant" in data:
            v = tuple(int(x) for x in data["variant"])
            s.variant = v + DEFAULT_VARIANT[len(v):]  # a variant stored before a field was added
        return s
