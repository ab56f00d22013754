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

from grimoire.core.decision import Decision, Option
from grimoire.core.effects import Effect, Frame
from grimoire.core.errors import GrimoireError

from . import effects, procedures, rules
from .kinds import ChantDecision
from .state import ChantState, FrameKind, Phase

_C, _A, _E = Phase.C, Phase.A, Phase.E

END = Option("end", "opt.end")
DONE = Option("done", "opt.done")
CANCEL = Option("cancel", "opt.cancel")
NOCOUNTER = Option("nocounter", "opt.nocounter")


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


@cache
def opt(prefix: str, uid: int, key: str, *args: object) -> Option:
    """The option ``<prefix>:<uid>`` with label ``key`` (cached: options are immutable, and a uid
    with the same card and arguments always makes the same option)."""
    return Option(f"{prefix}:{uid}", key, args)


def c_main(s: ChantState) -> ChantDecision:
    """The C-phase decision (3.2)."""
    p = s.active
    pl = s.players[p]
    ids = s.ids
    opts: list[Option] = []
    placing = can_place(s)
    hand_ids = _first_per_id(s, pl.hand) if pl.hand else []
    if placing and not (s.exclusive and s.book_placed):
        opts.extend(opt("place", u, "opt.place", ids[u]) for u in hand_ids)
    if placing and pl.forbidden and not s.book_placed and not (s.exclusive and s.placed):
        ready = ready_library(s, p)
        if ready[0]:
            opts.extend(opt("book", b, "opt.book", ids[b]) for b in pl.forbidden if book_ok(s, b, ready))
    if not (s.placed or s.book_placed or s.advanced):
        prog = s.progress
        opts.extend(_area_option(s, "advance", u) for u in pl.area if prog[u] < s.defs[u].chant)
    if not s.discarded:
        defs = s.defs
        opts.extend(opt("discard", u, "opt.discard", ids[u], defs[u].attribute) for u in hand_ids)
    for u in pl.area:
        d = s.defs[u]
        if d.on_cphase and u not in s.abil and (d.cost == 0 or pl.life > d.cost):
            opts.append(opt("ability", u, "opt.ability", ids[u], d.cost))
        if d.in_c and u not in s.used and s.progress[u] >= d.chant:
            opts.append(opt("activate", u, "opt.activate", ids[u]))
    opts.append(END)
    return Decision(p, "chant", tuple(opts))


def a_main(s: ChantState) -> ChantDecision:
    """The A-phase decision (5.1): ready cards whose timing allows the A phase (3.4)."""
    p = s.active
    ids = s.ids
    used = s.used
    defs = s.defs
    opts = [opt("activate", u, "opt.activate", ids[u]) for u in rules.ready_cards(s, p)
            if u not in used and defs[u].in_a]
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


def _area_option(s: ChantState, key: str, u: int) -> Option:
    return Option(f"{key}:{u}", f"opt.{key}", (s.ids[u], s.owner[u] + 1, s.progress[u], s.defs[u].chant))


# ----- decisions of waiting frames (one function per operation and per procedure)

def _move_target(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    opts = tuple(_area_option(s, "target", u) for u in effects.move_targets(s, f, eff))
    return Decision(f.controller, "target", opts, (f.card, eff.op, int(eff.params["n"])))


def _pay_life(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    top = effects.pay_max(s, f, eff)
    return Decision(f.controller, "pay_life", tuple(Option(f"pay:{k}", "opt.pay", (k,)) for k in range(top + 1)),
                    (f.card, top))


def _reveal(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    c = f.controller
    pl = s.players[c]
    if f.pc == effects.REVEAL_SHOW:
        left = int(eff.params["n"]) - len(pl.shown)
        opts = tuple(Option(f"reveal:{cid}", "opt.reveal", (cid,)) for cid in effects.reveal_choices(s, c))
        return Decision(c, "reveal", (*opts, DONE), (f.card, left))
    return Decision(1 - c, "pick", tuple(Option(f"pick:{u}", "opt.pick", (s.ids[u],)) for u in pl.shown), (f.card,))


def _discard_cards(s: ChantState, f: Frame, eff: Effect) -> ChantDecision:
    hand = _first_per_id(s, s.players[f.controller].hand)
    return Decision(f.controller, "discard_cards", tuple(Option(f"pick:{u}", "opt.discard_card", (s.ids[u],))
                                                         for u in hand), (f.card, f.regs[effects.DISCARD_LEFT]))


#: The decision a waiting card effect asks for, by operation.
EFFECT_DECISIONS: dict[str, Callable[[ChantState, Frame, Effect], ChantDecision]] = {
    "advance": _move_target, "rewind": _move_target, "pay_life_advance_self": _pay_life,
    "reveal_pick": _reveal, "discard": _discard_cards,
}


def _counter(s: ChantState, f: Frame) -> ChantDecision:
    o = 1 - f.controller
    opts = tuple(Option(f"counter:{u}", "opt.counter", (s.ids[u], rules.power_of(s, u) or 0))
                 for u in rules.ready_cards(s, o))
    return Decision(o, "counter", (*opts, NOCOUNTER), (f.card, f.regs[procedures.ACT_POWER]))


def _spend(s: ChantState, f: Frame) -> ChantDecision:
    opts = tuple(Option(f"under:{u}", "opt.spend", (s.ids[u],)) for u in procedures.spend_choices(s, f.source))
    return Decision(f.controller, "spend_underlay", opts, (f.card,))


def _underlay(s: ChantState, f: Frame) -> ChantDecision:
    d = s.defs[f.source]
    opts = tuple(Option(f"under:{u}", "opt.under", (s.ids[u], s.defs[u].chant))
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
PROCEDURE_DECISIONS: dict[int, Callable[[ChantState, Frame], ChantDecision]] = {
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
