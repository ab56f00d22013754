"""Rule procedures that may wait for decisions, kept as frames on the effect stack.

Each procedure is a :class:`~grimoire.games.chant.state.FrameKind`; its registers are
read and written through the named slots below, never by bare position.

* ``ACTIVATION`` — an activation (5.1.3): activate effects, attack, counter, put away.
  Registers :data:`ACT_BONUS` (own power bonus), :data:`ACT_POWER` (attack power),
  :data:`ACT_COUNTER` (counter card uid or −1), :data:`ACT_COUNTER_BONUS`. ``pc``
  :data:`ACT_EFFECTS`, :data:`ACT_ATTACK`, :data:`ACT_OFFER` (counter offered: waits),
  :data:`ACT_COMPARE`, :data:`ACT_PUT_AWAY`, :data:`ACT_PUT_AWAY_COUNTER`, :data:`ACT_DONE`.
* ``PUT_AWAY`` — put an activated card away (5.6); waits when a book's owner must
  choose which underlay card to spend.
* ``BOOK`` — placing a forbidden book (3.2.2); registers: the underlay picked so far.
* ``DISCARD`` — the discard action's choice of boost or hinder (3.2.4).
* ``RUNAWAY`` — the runaway check (6); registers (once the coin shows tails): each
  seat's noted depth (:func:`noted_depth`), each seat's cards blanked (:func:`blanked`),
  :data:`RUN_STAGE` (0 the turn player spreads, 1 the opponent) and :data:`RUN_LEFT`
  (advances left to spread).

:data:`STEPS` and :data:`ANSWERS` are the dispatch tables by frame kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from grimoire.core.decision import Event, Termination
from grimoire.core.effects import Frame

from . import rules
from .kinds import ChantEvent
from .state import ChantState, FrameKind, Trigger

CANCEL_LIMIT: Final = 3  # book placements a player may cancel per turn (bounds the C phase)

# activation registers and program counter
ACT_BONUS: Final = 0
ACT_POWER: Final = 1
ACT_COUNTER: Final = 2
ACT_COUNTER_BONUS: Final = 3
ACT_EFFECTS: Final = 0
ACT_ATTACK: Final = 1
ACT_OFFER: Final = 2
ACT_COMPARE: Final = 3
ACT_PUT_AWAY: Final = 4
ACT_PUT_AWAY_COUNTER: Final = 5
ACT_DONE: Final = 6

# runaway registers: depth noted for seat 0 and 1, cards blanked by seat 0 and 1, stage, advances left
_RUN_DEPTH: Final = 0
_RUN_BLANKED: Final = 2
RUN_STAGE: Final = 4
RUN_LEFT: Final = 5
RUN_CHECK: Final = 0
RUN_DAMAGE: Final = 1
RUN_SPREAD: Final = 2
# put away: waiting for the book's owner to choose the underlay card to spend
PUT_AWAY_CHOOSE: Final = 1


def activation_registers() -> list[int]:
    """The registers of a fresh activation: no bonus, no power yet, no counter."""
    return [0, 0, -1, 0]


def noted_depth(f: Frame, seat: int) -> int:
    """The depth ``seat`` had when the runaway blanked its cards (6.3.1)."""
    return f.regs[_RUN_DEPTH + seat]


def blanked(f: Frame, seat: int) -> int:
    """How many cards the runaway sent from ``seat``'s chant area to the blank pile (6.3.1)."""
    return f.regs[_RUN_BLANKED + seat]


# ----------------------------------------------------------------- activation (5.1–5.6)

def counter_possible(s: ChantState, opponent: int) -> bool:
    """The counter is offered only to a player at depth 0 with a ready card (5.3.2)."""
    return rules.depth(s, opponent) == 0 and bool(rules.ready_cards(s, opponent))


def _activate(s: ChantState, f: Frame, ev: list[ChantEvent]) -> bool:
    x = f.source
    p = f.controller
    o = 1 - p
    regs = f.regs
    pc = f.pc
    if pc == ACT_EFFECTS:
        ev.append(Event("activate", p, (f.card, x)))
        f.pc = ACT_ATTACK
        rules.push_group(s, x, p, Trigger.ACTIVATE)
        return False
    if pc == ACT_ATTACK:
        if s.defs[x].power is None:
            f.pc = ACT_PUT_AWAY
            return False
        regs[ACT_POWER] = (rules.power_of(s, x) or 0) + regs[ACT_BONUS]
        ev.append(Event("attack", p, (f.card, x, regs[ACT_POWER])))
        f.pc = pc = ACT_OFFER
    if pc == ACT_OFFER:
        if counter_possible(s, o):
            return True
        f.pc = ACT_PUT_AWAY
        n = regs[ACT_POWER]
        rules.damage(s, (n, 0) if o == 0 else (0, n), ev)
        return False
    if pc == ACT_COMPARE:
        y = regs[ACT_COUNTER]
        pa = regs[ACT_POWER]
        pb = (rules.power_of(s, y) or 0) + regs[ACT_COUNTER_BONUS]
        ev.append(Event("clash", p, (f.card, pa, s.ids[y], pb)))
        f.pc = ACT_PUT_AWAY
        if pa != pb:
            rules.damage(s, _to(o if pa > pb else p, abs(pa - pb)), ev)
        return False
    if pc == ACT_PUT_AWAY:
        f.pc = ACT_PUT_AWAY_COUNTER
        s.stack.append(Frame(FrameKind.PUT_AWAY, x, p, f.card))
        return False
    if pc == ACT_PUT_AWAY_COUNTER:
        f.pc = ACT_DONE
        y = regs[ACT_COUNTER]
        if y >= 0:
            s.stack.append(Frame(FrameKind.PUT_AWAY, y, o, s.ids[y]))
        return False
    s.stack.pop()
    return False


def _to(seat: int, n: int) -> tuple[int, int]:
    """Damage amounts by seat: ``n`` to ``seat``, nothing to the other."""
    return (n, 0) if seat == 0 else (0, n)


def _activate_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[ChantEvent]) -> None:
    p = f.controller
    o = 1 - p
    if key == "nocounter":
        ev.append(Event("nocounter", o))
        f.pc = ACT_PUT_AWAY
        rules.damage(s, _to(o, f.regs[ACT_POWER]), ev)
        return
    y = int(arg)
    f.regs[ACT_COUNTER] = y
    f.pc = ACT_COMPARE
    ev.append(Event("counter", o, (s.ids[y], y)))
    rules.push_group(s, y, o, Trigger.ACTIVATE)


# ----------------------------------------------------------------- put away (5.6)

def spend_choices(s: ChantState, book: int) -> list[int]:
    """The underlay cards an activated book may spend, one per distinct card id."""
    seen: set[str] = set()
    out = []
    for c in s.under.get(book, ()):
        if s.ids[c] not in seen:
            seen.add(s.ids[c])
            out.append(c)
    return out


def _putaway(s: ChantState, f: Frame, ev: list[ChantEvent]) -> bool:
    x = f.source
    if not rules.in_area(s, x):
        s.stack.pop()
        return False
    if s.defs[x].is_book and s.under.get(x):
        choices = spend_choices(s, x)
        if len(choices) > 1:
            f.pc = PUT_AWAY_CHOOSE
            return True
        s.stack.pop()
        rules.spend_underlay(s, x, choices[0], ev)
        return False
    s.stack.pop()
    rules.leave_area(s, x, ev)
    rules.push_group(s, x, s.owner[x], Trigger.LEAVE)
    return False


def _putaway_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[ChantEvent]) -> None:
    s.stack.pop()
    rules.spend_underlay(s, f.source, int(arg), ev)


# ----------------------------------------------------------------- forbidden book placement (3.2.2)

def underlay_choices(s: ChantState, f: Frame) -> list[int]:
    """Own ready library cards not yet picked, one per distinct card id, in chant-area order."""
    seen: set[str] = set()
    out = []
    picked = f.regs
    for u in s.players[f.controller].area:
        d = s.defs[u]
        if d.is_book or u in picked or s.progress[u] < d.chant or s.ids[u] in seen:
            continue
        seen.add(s.ids[u])
        out.append(u)
    return out


def underlay_ok(s: ChantState, f: Frame) -> bool:
    """Whether the picked underlay meets the book's required number and chant value (3.2.2)."""
    d = s.defs[f.source]
    return len(f.regs) >= (d.required or 0) and sum(s.defs[u].chant for u in f.regs) >= d.chant


def _book_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[ChantEvent]) -> None:
    if key == "under":
        f.regs.append(int(arg))
        return
    s.stack.pop()
    if key == "cancel":
        s.cancels += 1
        return
    b = f.source
    p = f.controller
    pl = s.players[p]
    for u in f.regs:
        pl.area.remove(u)
        s.progress[u] = 0
        ev.append(Event("underlay", p, (s.ids[u], u, f.card)))
    s.under[b] = list(f.regs)
    pl.forbidden.remove(b)
    s.book_placed = True
    rules.enter_area(s, b, ev, "book")
    rules.push_group(s, b, p, Trigger.START)


# ----------------------------------------------------------------- discard: boost or hinder (3.2.4)

def _discard_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[ChantEvent]) -> None:
    s.stack.pop()
    p = f.controller
    attribute = s.defs[f.source].attribute
    if key == "boost":
        ev.append(Event("boost", p, (attribute,)))
        for u in list(s.players[p].area):
            if s.defs[u].attribute == attribute:
                rules.advance(s, u, 1, ev)
    else:
        ev.append(Event("hinder", p, (attribute,)))
        for u in list(s.players[1 - p].area):
            if s.defs[u].attribute == attribute:
                rules.rewind(s, u, 1, ev)


# ----------------------------------------------------------------- runaway (6)

def spread_player(s: ChantState, f: Frame) -> int:
    """Who spreads advances now (6.3.3): the turn player first."""
    return s.active if f.regs[RUN_STAGE] == 0 else 1 - s.active


def _runaway(s: ChantState, f: Frame, ev: list[ChantEvent]) -> bool:
    a = s.active
    if f.pc == RUN_CHECK:
        total = rules.ready_total(s)
        if total <= s.variant[rules.V_RUNAWAY]:
            s.stack.pop()
            return False
        heads = s.chance.coin(a)
        ev.append(Event("runaway", a, (total, "heads" if heads else "tails")))
        if heads:
            s.stack.pop()
            return False
        f.regs = [rules.depth(s, 0), rules.depth(s, 1), 0, 0, 0, 0]
        leaving: list[int] = []
        for p in (a, 1 - a):
            ready = rules.ready_cards(s, p)
            f.regs[_RUN_BLANKED + p] = sum(1 + len(s.under.get(u, ())) for u in ready)
            for u in ready:
                rules.leave_area(s, u, ev)
            leaving.extend(ready)
        f.pc = RUN_DAMAGE
        rules.push_groups(s, leaving, Trigger.LEAVE)
        return False
    regs = f.regs
    if f.pc == RUN_DAMAGE:
        f.pc = RUN_SPREAD
        regs[RUN_STAGE] = 0
        regs[RUN_LEFT] = blanked(f, a)
        cards = (blanked(f, 0), blanked(f, 1))
        ev.append(Event("runaway_damage", a, cards))
        rules.damage(s, cards, ev, (noted_depth(f, 0), noted_depth(f, 1)), Termination.RUNAWAY)
    while True:
        p = spread_player(s, f)
        if regs[RUN_LEFT] > 0 and rules.chanting_count(s, p) > 0:
            return True
        if regs[RUN_STAGE] == 0:
            regs[RUN_STAGE] = 1
            regs[RUN_LEFT] = blanked(f, 1 - a)
            continue
        s.stack.pop()
        return False


def _runaway_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[ChantEvent]) -> None:
    if key == "done":
        f.regs[RUN_LEFT] = 0
    else:
        rules.advance(s, int(arg), 1, ev)
        f.regs[RUN_LEFT] -= 1


def _waits(s: ChantState, f: Frame, ev: list[ChantEvent]) -> bool:
    return True


# ----------------------------------------------------------------- dispatch

Step = Callable[[ChantState, Frame, list[ChantEvent]], bool]
Answer = Callable[[ChantState, Frame, str, str, list[ChantEvent]], None]

#: Stepping a procedure frame: True when it waits for a decision.
STEPS: Final[dict[int, Step]] = {
    FrameKind.ACTIVATION: _activate, FrameKind.PUT_AWAY: _putaway, FrameKind.RUNAWAY: _runaway,
    FrameKind.BOOK: _waits, FrameKind.DISCARD: _waits,
}
#: Applying an answer (``key``, ``argument``) to a waiting procedure frame.
ANSWERS: Final[dict[int, Answer]] = {
    FrameKind.ACTIVATION: _activate_answer, FrameKind.PUT_AWAY: _putaway_answer, FrameKind.BOOK: _book_answer,
    FrameKind.DISCARD: _discard_answer, FrameKind.RUNAWAY: _runaway_answer,
}
