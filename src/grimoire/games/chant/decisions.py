"""Building the pending :class:`~grimoire.core.decision.Decision` from a state.

Decision kinds (the prompt key is ``ask.<kind>``) and their option ids:

=============== ========== =========================================================
kind            who        options
=============== ========== =========================================================
chant           turn       ``place:<uid>`` ``book:<uid>`` ``advance:<uid>``
                player     ``discard:<uid>`` ``ability:<uid>`` ``activate:<uid>`` ``end`` (3.2)
underlay        turn pl.   ``under:<uid>`` ``done`` (only when valid) ``cancel`` (3.2.2)
discard_mode    turn pl.   ``boost`` ``hinder`` (3.2.4)
activate        turn pl.   ``activate:<uid>`` ``end`` (5.1)
end_activate    turn pl.   ``activate:<uid>`` ``end`` (7.1.1: end-phase cards)
counter         opponent   ``counter:<uid>`` ``nocounter`` (5.3)
spend_underlay  book owner ``under:<uid>`` (5.6.2)
spread          each pl.   ``advance:<uid>`` ``done`` (6.3.3)
pay_life        owner      ``pay:<k>`` (8.3.1)
target          owner      ``target:<uid>`` (``choose`` targets)
reveal          owner      ``reveal:<card id>`` ``done`` (``reveal_pick``)
pick            opponent   ``pick:<uid>`` (``reveal_pick``)
discard_cards   owner      ``pick:<uid>`` (``discard``)
=============== ========== =========================================================

Hand cards and underlay cards with the same card id are interchangeable, so only the
first of each id is offered. Options are ordered by zone order, ``end``/``done`` last.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final, cast

from grimoire.core.decision import Decision, Option
from grimoire.core.effects import Effect, Frame
from grimoire.core.errors import GrimoireError
from grimoire.core.kinds import OptionMaker

from . import effects, procedures, rules
from .kinds import ChantDecision, OptionPrefix
from .state import ChantState, FrameKind, Phase

_C: Final = Phase.C
_A: Final = Phase.A
_E: Final = Phase.E

END: Final = Option("end", "opt.end")
DONE: Final = Option("done", "opt.done")
CANCEL: Final = Option("cancel", "opt.cancel")
NOCOUNTER: Final = Option("nocounter", "opt.nocounter")


def _first_per_id(s: ChantState, uids: list[int]) -> list[int]:
    seen: set[str] = set()
    out = []
    ids = s.ids
    for u in uids:
        cid = ids[u]
        if cid not in seen:
            seen.add(cid)
            out.append(u)
    return out


def can_place(s: ChantState) -> bool:
    """Whether the turn player may still place cards at all this turn (3.2.1, 3.2.3)."""
    return not s.advanced and rules.chanting_count(s, s.active) < s.variant[rules.V_CAP]


def ready_library(s: ChantState, p: int) -> tuple[int, int]:
    """Count and chant-value sum of ``p``'s ready library cards: what underlay could be (3.2.2)."""
    count = total = 0
    progress, defs = s.progress, s.defs
    for u in s.players[p].area:
        e = defs[u]
        if not e.is_book and progress[u] >= e.chant:
            count += 1
            total += e.chant
    return count, total


def book_ok(s: ChantState, b: int, ready: tuple[int, int] | None = None) -> bool:
    """Whether forbidden book ``b`` could be placed now with the owner's ready library cards (3.2.2)."""
    d = s.defs[b]
    count, total = ready if ready is not None else ready_library(s, s.owner[b])
    return count >= (d.required or 0) and total >= d.chant


def _option(prefix: str, uid: int, key: str, *args: object) -> Option:
    return Option(f"{prefix}:{uid}", key, args)


opt: Final = cast("OptionMaker[OptionPrefix]", cache(_option))
"""The option ``<prefix>:<uid>`` with label ``key`` (cached: options are immutable, and a uid
with the same card and arguments always makes the same option). The prefix is one of
:data:`.kinds.OptionPrefix`: mypy refuses another."""


def option_id(prefix: OptionPrefix, arg: object) -> str:
    """The option id ``<prefix>:<arg>``, for options made without :func:`opt`.

    >>> option_id("pay", 2)
    'pay:2'
    """
    return f"{prefix}:{arg}"


#: The C-phase decision's options by card id, then uid (made once: options are immutable). Cheaper than
#: :func:`opt` on the hottest path: two lookups of a str and an int, no argument tuple hashed per offer.
_PLACE: Final[dict[str, dict[int, Option]]] = {}
_BOOK: Final[dict[str, dict[int, Option]]] = {}
_DISCARD: Final[dict[str, dict[int, Option]]] = {}
_ABILITY: Final[dict[str, dict[int, Option]]] = {}
_ACTIVATE: Final[dict[str, dict[int, Option]]] = {}


def _by_card(table: dict[str, dict[int, Option]], cid: str, u: int, prefix: OptionPrefix, key: str,
             args: tuple[object, ...]) -> Option:
    """The option ``<prefix>:<u>`` for card ``cid`` from ``table``, made on first use (or when the card's
    arguments differ: a card file edited under the same id)."""
    by_uid = table.get(cid)
    if by_uid is None:
        by_uid = table[cid] = {}
    o = by_uid.get(u)
    if o is None or o.args != args:
        o = by_uid[u] = Option(f"{prefix}:{u}", key, args)
    return o


def c_main(s: ChantState) -> ChantDecision:
    """The C-phase decision (3.2): place, book, advance and discard offers, then abilities and
    activations in chant-area order, ``end`` last."""
    p = s.active
    pl = s.players[p]
    ids, defs, prog = s.ids, s.defs, s.progress
    area = pl.area
    # one pass over the chant area: chanting entries (3.2.1) and the ready library cards (3.2.2)
    chanting = ready_count = ready_sum = 0
    for u in area:
        e = defs[u]
        if prog[u] < e.chant:
            chanting += 1
        elif not e.is_book:
            ready_count += 1
            ready_sum += e.chant
    placing = not s.advanced and chanting < s.variant[rules.V_CAP]
    # hand cards with the same card id are interchangeable: the first of each is offered
    hand: list[int] = []
    if pl.hand:
        seen: set[str] = set()
        for u in pl.hand:
            cid = ids[u]
            if cid not in seen:
                seen.add(cid)
                hand.append(u)
    opts: list[Option] = []
    if placing and not (s.exclusive and s.book_placed):
        for u in hand:
            cid = ids[u]
            by_uid = _PLACE.get(cid)
            o = by_uid.get(u) if by_uid is not None else None
            opts.append(o if o is not None else _by_card(_PLACE, cid, u, "place", "opt.place", (cid,)))
    if placing and pl.forbidden and not s.book_placed and not (s.exclusive and s.placed) and ready_count:
        for b in pl.forbidden:
            d = defs[b]
            if ready_count >= (d.required or 0) and ready_sum >= d.chant:
                opts.append(_by_card(_BOOK, ids[b], b, "book", "opt.book", (ids[b],)))
    if not (s.placed or s.book_placed or s.advanced):
        for u in area:
            if prog[u] < defs[u].chant:
                opts.append(_area_option(s, "advance", u))
    if not s.discarded:
        for u in hand:
            cid = ids[u]
            attribute = defs[u].attribute
            by_uid = _DISCARD.get(cid)
            o = by_uid.get(u) if by_uid is not None else None
            if o is None or o.args[1] != attribute:
                o = _by_card(_DISCARD, cid, u, "discard", "opt.discard", (cid, attribute))
            opts.append(o)
    abil, used, life = s.abil, s.used, pl.life
    for u in area:
        d = defs[u]
        if d.on_cphase and u not in abil and (d.cost == 0 or life > d.cost):
            opts.append(_by_card(_ABILITY, ids[u], u, "ability", "opt.ability", (ids[u], d.cost)))
        if d.in_c and u not in used and prog[u] >= d.chant:
            opts.append(_by_card(_ACTIVATE, ids[u], u, "activate", "opt.activate", (ids[u],)))
    opts.append(END)
    return Decision(p, "chant", tuple(opts))


def a_main(s: ChantState) -> ChantDecision:
    """The A-phase decision (5.1): ready cards whose timing allows the A phase (3.4)."""
    p = s.active
    ids, used, defs, prog = s.ids, s.used, s.defs, s.progress
    opts: list[Option] = []
    for u in s.players[p].area:
        d = defs[u]
        if prog[u] >= d.chant and d.in_a and u not in used:
            cid = ids[u]
            by_uid = _ACTIVATE.get(cid)
            o = by_uid.get(u) if by_uid is not None else None
            opts.append(o if o is not None else _by_card(_ACTIVATE, cid, u, "activate", "opt.activate", (cid,)))
    opts.append(END)
    return Decision(p, "activate", tuple(opts))


def e_main(s: ChantState) -> ChantDecision:
    """The E-phase decision (7.1.1): ready cards activated at the end phase (3.4), not yet this turn."""
    p = s.active
    ids = s.ids
    used = s.used
    defs = s.defs
    opts = [opt("activate", u, "opt.activate", ids[u]) for u in rules.ready_cards(s, p)
            if defs[u].in_end and u not in used]
    opts.append(END)
    return Decision(p, "end_activate", tuple(opts))


class Unsettled(GrimoireError):
    """A hand-built position between two steps: its automatic steps must run first."""


def main_decision(s: ChantState) -> ChantDecision:
    """The turn player's main decision of the current phase (C, A or E)."""
    phase = s.phase
    if phase == _C:
        return c_main(s)
    if phase == _A:
        return a_main(s)
    if phase == _E:
        d = e_main(s)
        if len(d.options) > 1:
            return d
    raise Unsettled(f"the position is between steps (phase {s.phase.name} with nothing on the stack): "
                    "settle it first (game.settle(state))")


#: Options naming an area card with its progress, by option key, then card id, then uid and progress.
_AREA: Final[dict[str, dict[str, dict[int, Option]]]] = {"advance": {}, "target": {}}


def _area_option(s: ChantState, key: OptionPrefix, u: int) -> Option:
    cid = s.ids[u]
    progress = s.progress[u]
    args = (cid, s.owner[u] + 1, progress, s.defs[u].chant)
    table = _AREA.get(key)
    if table is None:
        table = _AREA[key] = {}
    by_uid = table.get(cid)
    if by_uid is None:
        by_uid = table[cid] = {}
    slot = u * 64 + progress  # a key only: the option's arguments are checked
    o = by_uid.get(slot)
    if o is None or o.args != args:
        o = by_uid[slot] = Option(f"{key}:{u}", f"opt.{key}", args)
    return o


# ----- decisions of waiting frames (one function per operation and per procedure)

def _move_target(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    opts = tuple(_area_option(s, "target", u) for u in effects.move_targets(s, f, eff))
    return Decision(f.controller, "target", opts, (f.card, eff.op, int(eff.params["n"])))


def _pay_life(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    top = effects.pay_max(s, f, eff)
    opts = tuple(Option(option_id("pay", k), "opt.pay", (k,)) for k in range(top + 1))
    return Decision(f.controller, "pay_life", opts, (f.card, top))


def _reveal(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    c = f.controller
    pl = s.players[c]
    if f.pc == effects.REVEAL_SHOW:
        left = int(eff.params["n"]) - len(pl.shown)
        opts = tuple(Option(option_id("reveal", cid), "opt.reveal", (cid,)) for cid in effects.reveal_choices(s, c))
        return Decision(c, "reveal", (*opts, DONE), (f.card, left))
    picks = tuple(Option(option_id("pick", u), "opt.pick", (s.ids[u],)) for u in pl.shown)
    return Decision(1 - c, "pick", picks, (f.card,))


def _discard_cards(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    hand = _first_per_id(s, s.players[f.controller].hand)
    return Decision(f.controller, "discard_cards", tuple(Option(option_id("pick", u), "opt.discard_card", (s.ids[u],))
                                                         for u in hand), (f.card, f.regs[effects.DISCARD_LEFT]))


#: The decision a waiting card effect asks for, by operation.
EFFECT_DECISIONS: Final[dict[str, Callable[[ChantState, Frame, Effect], ChantDecision]]] = {
    "advance": _move_target, "rewind": _move_target, "pay_life_advance_self": _pay_life,
    "reveal_pick": _reveal, "discard": _discard_cards,
}


def _counter(s: ChantState, f: Frame) -> ChantDecision:
    o = 1 - f.controller
    opts = tuple(Option(option_id("counter", u), "opt.counter", (s.ids[u], rules.power_of(s, u) or 0))
                 for u in rules.ready_cards(s, o))
    return Decision(o, "counter", (*opts, NOCOUNTER), (f.card, f.regs[procedures.ACT_POWER]))


def _spend(s: ChantState, f: Frame) -> ChantDecision:
    opts = tuple(Option(option_id("under", u), "opt.spend", (s.ids[u],)) for u in procedures.spend_choices(s, f.source))
    return Decision(f.controller, "spend_underlay", opts, (f.card,))


def _underlay(s: ChantState, f: Frame) -> ChantDecision:
    d = s.defs[f.source]
    opts = tuple(Option(option_id("under", u), "opt.under", (s.ids[u], s.defs[u].chant))
                 for u in procedures.underlay_choices(s, f))
    if procedures.underlay_ok(s, f):
        opts = (*opts, DONE)
    if s.cancels < procedures.CANCEL_LIMIT:
        opts = (*opts, CANCEL)
    picked = sum(s.defs[u].chant for u in f.regs)
    return Decision(f.controller, "underlay", opts, (f.card, len(f.regs), picked, d.required or 0, d.chant))


def _discard_mode(s: ChantState, f: Frame) -> ChantDecision:
    attribute = s.defs[f.source].attribute
    return Decision(f.controller, "discard_mode", (Option("boost", "opt.boost", (attribute,)),
                                                   Option("hinder", "opt.hinder", (attribute,))), (f.card, attribute))


def _spread(s: ChantState, f: Frame) -> ChantDecision:
    p = procedures.spread_player(s, f)
    opts = tuple(_area_option(s, "advance", u) for u in s.players[p].area if not rules.is_ready(s, u))
    return Decision(p, "spread", (*opts, DONE), (f.regs[procedures.RUN_LEFT],))


#: The decision a waiting rule procedure asks for, by frame kind.
PROCEDURE_DECISIONS: Final[dict[int, Callable[[ChantState, Frame], ChantDecision]]] = {
    FrameKind.ACTIVATION: _counter, FrameKind.PUT_AWAY: _spend, FrameKind.BOOK: _underlay,
    FrameKind.DISCARD: _discard_mode, FrameKind.RUNAWAY: _spread,
}


def frame_decision(s: ChantState, f: Frame) -> ChantDecision:
    """The decision a waiting frame asks for."""
    if f.kind == FrameKind.EFFECT:
        eff = s.defs[f.source].effects[f.index]
        return EFFECT_DECISIONS[eff.op](s, f, eff)
    return PROCEDURE_DECISIONS[f.kind](s, f)


def build(s: ChantState) -> ChantDecision | None:
    """The pending decision, or None when the game is over."""
    if s.over:
        return None
    if s.stack:
        return frame_decision(s, s.stack[-1])
    return main_decision(s)
