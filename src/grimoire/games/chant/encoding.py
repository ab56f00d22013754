"""詠唱 Chant for learning agents: the action catalogue and the observation of a seat.

Every option id maps to one action number (:class:`~grimoire.core.encoding.ActionCatalogue`):
the plain ids, then one slot per card instance uid (``0 … 89``: 40 library cards and up to
5 forbidden books a seat) for each uid-taking key, then ``pay:0 … pay:30``, then
``reveal:<card id>`` for every card of the pool.

The observation holds only what the seat may know: :meth:`observe` encodes the seat's view
(what is hidden never enters it) and :meth:`observe_state` reads the same fields straight
from the state, without the view, into an ``array("f")`` (the RL environments' fast path;
``tests/rl`` checks that the two agree at every step and that nothing hidden leaks):

* global slots — turn, whose turn, who went first, the phase, this turn's flags, the
  runaway count, the kind of decision the seat must answer (none when it waits), the
  effect stack's height;
* ``me.*`` / ``opp.*`` — life, depth, chanting count, library, hand, forbidden deck and
  blank pile sizes of the seat and of its opponent;
* ``uid.<n>.*`` — for every card instance the seat can see: whose it is, where (hand,
  chant area, underlay, blank pile, shown, forbidden deck), its card (chant value, power,
  attribute, book, required number) and, in a chant area, its progress, readiness,
  current power and whether it was activated this turn. A card the seat cannot see is
  all zeros.

>>> from grimoire.games.chant.game import ChantGame
>>> from grimoire.core.game import Setup
>>> game = ChantGame(); deck = game.cards.starter_deck("fire")
>>> state = game.new_state(Setup((deck, deck), game.options(), seed=1))
>>> d = game.decision(state)
>>> obs = ENCODING.observe(game, game.view(state, d.player), d)
>>> len(obs) == ENCODING.layout(game).size, sum(ENCODING.catalogue(game).mask(d)) == len(d.options)
(True, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.encoding import (
    COUNT,
    ActionCatalogue,
    CompactObserver,
    CompactRows,
    Layout,
    StaticRows,
    bounded,
    compact_rows,
    static_rows,
)
from grimoire.core.game import Game

from . import rules
from .cards import ATTRIBUTES
from .state import ChantState, Phase

MAX_UIDS = 2 * (40 + 5)
MAX_PAY = 31
PLAIN = ("end", "done", "cancel", "nocounter", "boost", "hinder")
BY_UID = ("place", "book", "advance", "discard", "ability", "activate", "under", "counter", "target", "pick")
KINDS = ("chant", "underlay", "discard_mode", "activate", "counter", "spend_underlay", "spread", "pay_life",
         "target", "reveal", "pick", "discard_cards", "end_activate")
ZONES = ("hand", "area", "underlay", "blank", "shown", "forbidden")
PHASES = ("C", "A", "R", "E")
FLAGS = ("placed", "book_placed", "advanced", "discarded")
SIDE = ("life", "depth", "chanting", "library", "hand", "forbidden", "blank")
SIDE_SCALE = (20, 5, 5, 40, 10, 5, 40)
ROW = ("seen", "mine", *(f"zone={z}" for z in ZONES), "chant", "power", "has_power",
       *(f"attribute={a}" for a in ATTRIBUTES), "book", "required", "progress", "ready", "activated", "current_power")
_DYNAMIC = ROW.index("progress")  # the slots after this one describe a card in a chant area

LAYOUT = Layout()
_TURN = LAYOUT.slot("turn")
_MY_TURN = LAYOUT.slot("my_turn")
_FIRST = LAYOUT.slot("went_first")
_PHASE = LAYOUT.one_hot("phase", PHASES)
_FLAGS = LAYOUT.one_hot("flag", FLAGS)
_CANCELS = LAYOUT.slot("flag.cancels")
_READY = LAYOUT.slot("ready_total")
_KIND = LAYOUT.one_hot("decision", KINDS)
_STACK = LAYOUT.slot("stack")
_ME = LAYOUT.group("me", SIDE)
_OPP = LAYOUT.group("opp", SIDE)
_UIDS = LAYOUT.rows("uid", ROW, MAX_UIDS)
_PHASE_AT = {p: _PHASE + i for i, p in enumerate(PHASES)}
_KIND_AT = {k: _KIND + i for i, k in enumerate(KINDS)}
_PHASE_OF = {int(Phase[p]): _PHASE + i for i, p in enumerate(PHASES)}
_HAND, _AREA, _UNDER, _BLANK, _SHOWN, _FORBIDDEN = range(len(ZONES))  # a static row: card, owner, zone
_ZEROS = array("f", bytes(4 * LAYOUT.size))
SCALARS = tuple(LAYOUT.names[:_UIDS])
#: the zones of the compact observation's counts (the opponent's hand and forbidden deck are hidden)
COMPACT_ZONES = (*(f"me.{z}" for z in ("hand", "chanting", "ready", "underlay", "blank", "shown", "forbidden")),
                 *(f"opp.{z}" for z in ("chanting", "ready", "underlay", "blank", "shown")))


class ChantEncoding:
    """:class:`~grimoire.core.encoding.Encoding` of 詠唱 Chant (see the module docstring)."""

    def __init__(self) -> None:
        self._rows: dict[tuple[int, str, bool, str], tuple[float, ...]] = {}
        self._static: dict[int, tuple[Game[Any], StaticRows]] = {}
        self._compact: dict[tuple[int, int], tuple[Game[Any], CompactRows]] = {}

    def catalogue(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> ActionCatalogue:
        return ActionCatalogue(PLAIN, BY_UID, MAX_UIDS, {"pay": MAX_PAY}, ("reveal",), sorted(game.pool.by_id))

    def layout(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> Layout:
        return LAYOUT

    def _row(self, game: Game[Any], card_id: str, mine: bool, zone: str) -> tuple[float, ...]:
        key = (id(game), card_id, mine, zone)
        row = self._rows.get(key)
        if row is None:
            d = game.pool[card_id]
            row = (1.0, float(mine), *(float(zone == z) for z in ZONES), d.chant / 10, (d.power or 0) / 10,
                   float(d.power is not None), *(float(d.attribute == a) for a in ATTRIBUTES), float(d.is_book),
                   (d.required or 0) / 5)
            self._rows[key] = row
        return row

    def observe(self, game: Game[Any], view: dict[str, Any], decision: Decision | None,
                options: Mapping[str, Any] | None = None) -> list[float]:
        out = [0.0] * LAYOUT.size
        seat = view["seat"]
        out[_TURN] = view["turn"] / 60
        out[_MY_TURN] = float(view["active"] == seat)
        out[_FIRST] = float(view["first"] == seat)
        out[_PHASE_AT[view["phase"]]] = 1.0
        flags = view["turn_flags"]
        for i, flag in enumerate(FLAGS):
            out[_FLAGS + i] = float(flags[flag])
        out[_CANCELS] = flags["cancels"] / 3
        out[_READY] = view["ready_total"] / 20
        if decision is not None and decision.player == seat:
            out[_KIND_AT[decision.kind]] = 1.0
        out[_STACK] = len(view["stack"]) / 5
        players = view["players"]
        for base, p in ((_ME, players[seat]), (_OPP, players[1 - seat])):
            values = (p["life"], p["depth"], p["chanting"], p["library"], p["hand_count"], p["forbidden_count"],
                      len(p["blank"]))
            for i, (v, scale) in enumerate(zip(values, SIDE_SCALE, strict=True)):
                out[base + i] = v / scale
        width = len(ROW)
        for p in players:
            mine = p["seat"] == seat
            for zone in ("hand", "blank", "shown", "forbidden"):
                for c in p[zone] or ():
                    at = _UIDS + c["uid"] * width
                    row = self._row(game, c["card"], mine, zone)
                    out[at:at + _DYNAMIC] = row
            for e in p["area"]:
                at = _UIDS + e["uid"] * width
                row = self._row(game, e["card"], mine, "area")
                out[at:at + _DYNAMIC] = row
                dyn = at + _DYNAMIC
                out[dyn] = min(1.0, e["progress"] / e["chant"]) if e["chant"] else 1.0
                out[dyn + 1] = float(e["ready"])
                out[dyn + 2] = float(e["activated"])
                out[dyn + 3] = (e["power"] or 0) / 10
                for c in e["underlay"]:
                    at = _UIDS + c["uid"] * width
                    row = self._row(game, c["card"], mine, "underlay")
                    out[at:at + _DYNAMIC] = row
        return out

    def _rows_of(self, game: Game[Any]) -> StaticRows:
        return static_rows(self._static, game, ZONES, _DYNAMIC, self._row)

    def _scalars(self, s: ChantState, seat: int, decision: Decision | None, out: array[float]) -> None:
        """Write the slots before the uid rows (the same in the full and the compact observation), each
        within ±BOUND."""
        out[_TURN] = bounded(s.turn / 60)
        if s.active == seat:
            out[_MY_TURN] = 1.0
        if s.first == seat:
            out[_FIRST] = 1.0
        out[_PHASE_OF[int(s.phase)]] = 1.0
        if s.placed:
            out[_FLAGS] = 1.0
        if s.book_placed:
            out[_FLAGS + 1] = 1.0
        if s.advanced:
            out[_FLAGS + 2] = 1.0
        if s.discarded:
            out[_FLAGS + 3] = 1.0
        out[_CANCELS] = bounded(s.cancels / 3)
        if decision is not None and decision.player == seat:
            out[_KIND_AT[decision.kind]] = 1.0
        out[_STACK] = bounded(len(s.stack) / 5)
        progress, defs, under = s.progress, s.defs, s.under
        ready_total = 0
        for p in (0, 1):
            pl = s.players[p]
            size = len(pl.area)  # cards in the area, underlay included (rules.depth)
            chanting = 0  # rules.chanting_count
            for u in pl.area:
                below = under.get(u)
                n = len(below) if below else 0
                size += n
                if progress[u] >= defs[u].chant:
                    ready_total += 1 + n  # rules.ready_total
                else:
                    chanting += 1
            side = _ME if p == seat else _OPP
            out[side] = bounded(pl.life / 20)
            out[side + 1] = bounded((size - 5 if size > 5 else 0) / 5)
            out[side + 2] = bounded(chanting / 5)
            out[side + 3] = bounded(len(pl.library) / 40)
            out[side + 4] = bounded(len(pl.hand) / 10)
            out[side + 5] = bounded(len(pl.forbidden) / 5)
            out[side + 6] = bounded(len(pl.blank) / 40)
        out[_READY] = bounded(ready_total / 20)

    def observe_state(self, game: Game[Any], state: Any, seat: int, decision: Decision | None,
                      options: Mapping[str, Any] | None = None) -> array[float]:
        """:meth:`observe` of the seat's view (in single precision), read straight from the state."""
        s: ChantState = state
        static = self._rows_of(game)
        base, table = static.base, static.rows
        out = _ZEROS[:]
        self._scalars(s, seat, decision, out)
        ids, progress, defs, under, used, players = s.ids, s.progress, s.defs, s.under, s.used, s.players
        width = len(ROW)
        # power_of's static modifiers exist only while a card with one is in a chant area
        modded = False
        for pl in players:
            for u in pl.area:
                if defs[u].mods:
                    modded = True
        for p in (0, 1):
            pl = players[p]
            mine = p == seat
            offset = len(ZONES) if mine else 0
            zones = ((pl.hand, _HAND), (pl.blank, _BLANK), (pl.shown, _SHOWN), (pl.forbidden, _FORBIDDEN)) \
                if mine else ((pl.blank, _BLANK), (pl.shown, _SHOWN))
            for zone, z in zones:
                for u in zone:
                    row = table[base[ids[u]] + offset + z]
                    at = _UIDS + u * width
                    out[at:at + _DYNAMIC] = row
            for u in pl.area:
                row = table[base[ids[u]] + offset + _AREA]
                at = _UIDS + u * width
                out[at:at + _DYNAMIC] = row
                d = defs[u]
                chant = d.chant
                done = progress[u]
                below = under.get(u)
                if below:
                    for c in below:
                        row = table[base[ids[c]] + offset + _UNDER]
                        under_at = _UIDS + c * width
                        out[under_at:under_at + _DYNAMIC] = row
                power = rules.power_of(s, u) if modded else d.power
                dyn = at + _DYNAMIC
                out[dyn] = min(1.0, done / chant) if chant else 1.0
                if done >= chant:
                    out[dyn + 1] = 1.0
                if u in used:
                    out[dyn + 2] = 1.0
                out[dyn + 3] = (power if power is not None and power > 0 else 0) / 10
        return out

    def _compact_of(self, game: Game[Any]) -> CompactRows:
        return compact_rows(self._compact, game, SCALARS, COMPACT_ZONES, MAX_UIDS)

    def compact_layout(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> Layout:
        return self._compact_of(game).layout

    def observe_compact(self, game: Game[Any], state: Any, seat: int, decision: Decision | None,
                        options: Mapping[str, Any] | None = None) -> array[float]:
        """The compact observation of ``seat`` (module docstring), read straight from the state."""
        s: ChantState = state
        rows = self._compact_of(game)
        kind, code, zone_at, card_at = rows.kind, rows.code, rows.zone_at, rows.card_at
        out = rows.zeros[:]
        self._scalars(s, seat, decision, out)
        ids, progress, defs, under = s.ids, s.progress, s.defs, s.under
        for p in (0, 1):
            pl = s.players[p]
            zones: tuple[tuple[list[int], int], ...]
            if p == seat:
                zones = ((pl.hand, zone_at[0]), (pl.blank, zone_at[4]), (pl.shown, zone_at[5]),
                         (pl.forbidden, zone_at[6]))
                chanting_at, ready_at, under_at = zone_at[1], zone_at[2], zone_at[3]
            else:
                zones = ((pl.blank, zone_at[10]), (pl.shown, zone_at[11]))
                chanting_at, ready_at, under_at = zone_at[7], zone_at[8], zone_at[9]
            for zone, at in zones:
                for u in zone:
                    card = ids[u]
                    out[at + kind[card]] += COUNT
                    out[card_at + u] = code[card]
            for u in pl.area:
                card = ids[u]
                out[(ready_at if progress[u] >= defs[u].chant else chanting_at) + kind[card]] += COUNT
                out[card_at + u] = code[card]
                below = under.get(u)
                if below:
                    for c in below:
                        card = ids[c]
                        out[under_at + kind[card]] += COUNT
                        out[card_at + c] = code[card]
        return out

    def compact_observer(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> CompactObserver:
        """A :class:`~grimoire.core.encoding.CompactObserver` of ``game``: :meth:`observe_compact`, clipped,
        built from the previous observation (the environments keep one a seat)."""
        return CompactObserver(self, game, options)

    def compact_rows_for(self, game: Game[Any], state: Any, options: Mapping[str, Any] | None) -> CompactRows:
        return self._compact_of(game)

    def compact_ids(self, state: Any) -> Sequence[str]:
        s: ChantState = state
        return s.ids

    def compact_scalars(self, state: Any, seat: int, decision: Decision | None, out: array[float]) -> None:
        self._scalars(state, seat, decision, out)

    def compact_zones(self, state: Any, seat: int) -> list[list[int]]:
        """The uids of :data:`COMPACT_ZONES`, in that order (a chant area split into chanting and ready)."""
        s: ChantState = state
        progress, defs, under = s.progress, s.defs, s.under
        out: list[list[int]] = []
        for p in (seat, 1 - seat):
            pl = s.players[p]
            chanting: list[int] = []
            ready: list[int] = []
            below: list[int] = []
            for u in pl.area:
                if progress[u] >= defs[u].chant:
                    ready.append(u)
                else:
                    chanting.append(u)
                cards = under.get(u)
                if cards:
                    below.extend(cards)
            if p == seat:
                out += [pl.hand, chanting, ready, below, pl.blank, pl.shown, pl.forbidden]
            else:
                out += [chanting, ready, below, pl.blank, pl.shown]
        return out


ENCODING = ChantEncoding()
