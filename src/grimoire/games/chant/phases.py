"""Turn flow of 詠唱 Chant: D → C → A (runaway check) → E (1.7), and the main actions.

:func:`run` advances a state until it waits on a decision or the game is over. With an
empty effect stack the phase says what happens next:

* ``C`` / ``A`` — the turn player's main decision of that phase (skipped when its only
  option would be ``end``);
* ``R`` — the runaway check has resolved: the E phase begins (7.1);
* ``E`` — the end-phase effects have resolved: the turn ends (7.2, 7.3).
"""

from __future__ import annotations

from ...core.decision import Event
from ...core.effects import Frame
from . import decisions, effects, rules
from .rules import G_CPHASE, G_END, G_START, P_ACTIVATE, P_BOOK, P_DISCARD, P_RUNAWAY
from .state import DRAWN, ONGOING, ChantState


def begin_turn(s: ChantState, ev: list[Event]) -> None:
    """Start the next turn: its D phase (2) and the automatic advance of the C phase (3.1)."""
    if s.turn > 0:
        s.active = 1 - s.active
    s.turn += 1
    p = s.active
    s.placed = s.book_placed = s.advanced = s.discarded = False
    s.cancels = 0
    s.used.clear()
    s.abil.clear()
    ev.append(Event("turn", p, (s.turn,)))
    ev.append(Event("phase", p, ("D",)))
    if s.turn != 1 and rules.draw(s, p, 1, ev):
        return
    ev.append(Event("phase", p, ("C",)))
    s.phase = "C"
    for u in list(s.players[p].area):
        rules.advance(s, u, 1, ev)


def _end_main(s: ChantState, ev: list[Event]) -> None:
    if s.phase == "C":
        s.phase = "A"
        ev.append(Event("phase", s.active, ("A",)))
    else:
        s.phase = "R"
        s.stack.append(Frame(-1, s.active, "", P_RUNAWAY))


def run(s: ChantState, ev: list[Event]) -> None:
    """Advance until a decision is pending (cached in ``s.cache`` when cheap) or the game ends."""
    stack = s.stack
    while s.result == ONGOING:
        if stack:
            if effects.step(s, stack[-1], ev):
                return
            continue
        phase = s.phase
        if phase == "C" or phase == "A":
            d = decisions.main_decision(s)
            if len(d.options) > 1:
                s.cache = d
                return
            _end_main(s, ev)
        elif phase == "R":
            s.phase = "E"
            ev.append(Event("phase", s.active, ("E",)))
            rules.push_groups(s, [u for u in s.players[s.active].area if s.defs[u].on_end], G_END)
        else:
            if s.turn_limit and s.turn >= 2 * s.turn_limit:
                rules.end_game(s, DRAWN, "turn_limit", ev)
                return
            begin_turn(s, ev)


def main_answer(s: ChantState, option_id: str, ev: list[Event]) -> None:
    """Apply an answer to the C- or A-phase main decision."""
    key, _, arg = option_id.partition(":")
    p = s.active
    if key == "end":
        _end_main(s, ev)
        return
    u = int(arg)
    pl = s.players[p]
    if key == "place":
        pl.hand.remove(u)
        s.placed = True
        rules.enter_area(s, u, ev)
        rules.push_group(s, u, p, G_START)
    elif key == "activate":
        s.used.append(u)
        s.stack.append(Frame(u, p, s.ids[u], P_ACTIVATE, 0, [0, 0, -1, 0]))
    elif key == "advance":
        s.advanced = True
        rules.advance(s, u, 1, ev)
    elif key == "discard":
        s.discarded = True
        effects.discard_card(s, p, u, ev)
        s.stack.append(Frame(u, p, s.ids[u], P_DISCARD))
    elif key == "book":
        s.stack.append(Frame(u, p, s.ids[u], P_BOOK))
    elif key == "ability":
        s.abil.append(u)
        cost = s.defs[u].cost
        ev.append(Event("ability", p, (s.ids[u], u, cost)))
        if cost and rules.pay_life(s, p, cost, ev):
            return
        rules.push_group(s, u, p, G_CPHASE)


def apply(s: ChantState, option_id: str, ev: list[Event]) -> None:
    """Apply a legal answer and run on to the next decision."""
    s.cache = None
    if s.stack:
        effects.answer(s, s.stack[-1], option_id, ev)
    else:
        main_answer(s, option_id, ev)
    run(s, ev)
