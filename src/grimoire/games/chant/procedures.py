"""Rule procedures that may wait for decisions, kept as frames on the effect stack.

* ``P_ACTIVATE`` — an activation (5.1.3): activate effects, attack, counter, put away.
  Registers: [own power bonus, attack power, counter card uid or −1, counter power bonus].
  ``pc`` 0 effects, 1 attack, 2 counter offered (waits), 3 compare, 4/5 put away, 6 done.
* ``P_PUTAWAY`` — put an activated card away (5.6); waits when a book's owner must
  choose which underlay card to spend.
* ``P_BOOK`` — placing a forbidden book (3.2.2); registers: the underlay picked so far.
* ``P_DISCARD`` — the discard action's choice of boost or hinder (3.2.4).
* ``P_RUNAWAY`` — the runaway check (6); registers: [noted depth 0, noted depth 1,
  cards blanked 0, cards blanked 1, stage (0 turn player, 1 opponent), advances left].
"""

from __future__ import annotations

from ...core.decision import Event
from ...core.effects import Frame
from . import rules
from .rules import G_ACTIVATE, G_LEAVE, G_START, P_ACTIVATE, P_BOOK, P_DISCARD, P_PUTAWAY, P_RUNAWAY
from .state import ChantState

CANCEL_LIMIT = 3  # book placements a player may cancel per turn (bounds the C phase)


# ----------------------------------------------------------------- activation (5.1–5.6)

def counter_possible(s: ChantState, opponent: int) -> bool:
    """The counter is offered only to a player at depth 0 with a ready card (5.3.2)."""
    return rules.depth(s, opponent) == 0 and bool(rules.ready_cards(s, opponent))


def _activate(s: ChantState, f: Frame, ev: list[Event]) -> bool:
    x = f.source
    p = f.controller
    o = 1 - p
    regs = f.regs
    pc = f.pc
    if pc == 0:
        ev.append(Event("activate", p, (f.card, x)))
        f.pc = 1
        rules.push_group(s, x, p, G_ACTIVATE)
        return False
    if pc == 1:
        if s.defs[x].power is None:
            f.pc = 4
            return False
        regs[1] = (rules.power_of(s, x) or 0) + regs[0]
        ev.append(Event("attack", p, (f.card, x, regs[1])))
        f.pc = pc = 2
    if pc == 2:
        if counter_possible(s, o):
            return True
        amounts = (regs[1], 0) if o == 0 else (0, regs[1])
        f.pc = 4
        rules.damage(s, amounts, ev)
        return False
    if pc == 3:
        y = regs[2]
        pa = regs[1]
        pb = (rules.power_of(s, y) or 0) + regs[3]
        ev.append(Event("clash", p, (f.card, pa, s.ids[y], pb)))
        f.pc = 4
        if pa != pb:
            loser = o if pa > pb else p
            amounts = (abs(pa - pb), 0) if loser == 0 else (0, abs(pa - pb))
            rules.damage(s, amounts, ev)
        return False
    if pc == 4:
        f.pc = 5
        s.stack.append(Frame(x, p, f.card, P_PUTAWAY))
        return False
    if pc == 5:
        f.pc = 6
        y = regs[2]
        if y >= 0:
            s.stack.append(Frame(y, o, s.ids[y], P_PUTAWAY))
        return False
    s.stack.pop()
    return False


def _activate_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[Event]) -> None:
    p = f.controller
    o = 1 - p
    if key == "nocounter":
        ev.append(Event("nocounter", o))
        f.pc = 4
        rules.damage(s, (f.regs[1], 0) if o == 0 else (0, f.regs[1]), ev)
        return
    y = int(arg)
    f.regs[2] = y
    f.pc = 3
    ev.append(Event("counter", o, (s.ids[y], y)))
    rules.push_group(s, y, o, G_ACTIVATE)


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


def _putaway(s: ChantState, f: Frame, ev: list[Event]) -> bool:
    x = f.source
    if not rules.in_area(s, x):
        s.stack.pop()
        return False
    if s.defs[x].is_book and s.under.get(x):
        choices = spend_choices(s, x)
        if len(choices) > 1:
            f.pc = 1
            return True
        s.stack.pop()
        rules.spend_underlay(s, x, choices[0], ev)
        return False
    s.stack.pop()
    rules.leave_area(s, x, ev)
    rules.push_group(s, x, s.owner[x], G_LEAVE)
    return False


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


def _book_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[Event]) -> None:
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
    rules.push_group(s, b, p, G_START)


# ----------------------------------------------------------------- discard: boost or hinder (3.2.4)

def _discard_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[Event]) -> None:
    s.stack.pop()
    p = f.controller
    attribute = s.defs[f.source].attribute
    ev.append(Event(key, p, (attribute,)))
    if key == "boost":
        for u in list(s.players[p].area):
            if s.defs[u].attribute == attribute:
                rules.advance(s, u, 1, ev)
    else:
        for u in list(s.players[1 - p].area):
            if s.defs[u].attribute == attribute:
                rules.rewind(s, u, 1, ev)


# ----------------------------------------------------------------- runaway (6)

def spread_player(s: ChantState, f: Frame) -> int:
    """Who spreads advances now (6.3.3): the turn player first."""
    return s.active if f.regs[4] == 0 else 1 - s.active


def _runaway(s: ChantState, f: Frame, ev: list[Event]) -> bool:
    a = s.active
    if f.pc == 0:
        total = rules.ready_total(s)
        if total <= 10:
            s.stack.pop()
            return False
        heads = s.chance.coin()
        ev.append(Event("runaway", a, (total, "heads" if heads else "tails")))
        if heads:
            s.stack.pop()
            return False
        f.regs = [rules.depth(s, 0), rules.depth(s, 1), 0, 0, 0, 0]
        leaving: list[int] = []
        for p in (a, 1 - a):
            ready = rules.ready_cards(s, p)
            f.regs[2 + p] = sum(1 + len(s.under.get(u, ())) for u in ready)
            for u in ready:
                rules.leave_area(s, u, ev)
            leaving.extend(ready)
        f.pc = 1
        rules.push_groups(s, leaving, G_LEAVE)
        return False
    regs = f.regs
    if f.pc == 1:
        f.pc = 2
        regs[4] = 0
        regs[5] = regs[2 + a]
        ev.append(Event("runaway_damage", a, (regs[2], regs[3])))
        if rules.damage(s, (regs[2], regs[3]), ev, (regs[0], regs[1])):
            return False
    while True:
        p = spread_player(s, f)
        if regs[5] > 0 and rules.chanting_count(s, p) > 0:
            return True
        if regs[4] == 0:
            regs[4] = 1
            regs[5] = regs[2 + 1 - a]
            continue
        s.stack.pop()
        return False


def _runaway_answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[Event]) -> None:
    if key == "done":
        f.regs[5] = 0
    else:
        rules.advance(s, int(arg), 1, ev)
        f.regs[5] -= 1


# ----------------------------------------------------------------- dispatch

def step(s: ChantState, f: Frame, ev: list[Event]) -> bool:
    """Step a procedure frame; True if it waits for a decision."""
    i = f.index
    if i == P_ACTIVATE:
        return _activate(s, f, ev)
    if i == P_PUTAWAY:
        return _putaway(s, f, ev)
    if i == P_RUNAWAY:
        return _runaway(s, f, ev)
    return True  # P_BOOK and P_DISCARD always wait


def answer(s: ChantState, f: Frame, key: str, arg: str, ev: list[Event]) -> None:
    """Apply an answer to a waiting procedure frame."""
    i = f.index
    if i == P_ACTIVATE:
        _activate_answer(s, f, key, arg, ev)
    elif i == P_PUTAWAY:
        s.stack.pop()
        rules.spend_underlay(s, f.source, int(arg), ev)
    elif i == P_BOOK:
        _book_answer(s, f, key, arg, ev)
    elif i == P_DISCARD:
        _discard_answer(s, f, key, arg, ev)
    elif i == P_RUNAWAY:
        _runaway_answer(s, f, key, arg, ev)
