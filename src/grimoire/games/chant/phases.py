"""Turn flow of 詠唱 Chant: D → C → A (runaway check) → E (1.7), and the main actions.

:func:`run` advances a state until it waits on a decision or the game is over. With an
empty effect stack the :class:`~grimoire.games.chant.state.Phase` says what happens next:

* ``C`` / ``A`` — the turn player's main decision of that phase (skipped when its only
  option would be ``end``);
* ``R`` — the runaway check has resolved: the E phase begins (7.1);
* ``E`` — the end-phase effects have resolved: the turn player may activate end-phase
  cards (7.2, 3.4; skipped when there is none), then the turn ends (7.3, 7.4).

The main decision's answers are applied through the table :data:`MAIN_ANSWERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Final

from grimoire.core.decision import DRAWN, Event, Termination
from grimoire.core.effects import Frame
from grimoire.core.game import GameEnded

from . import decisions, effects, procedures, rules
from .kinds import ChantDecision, ChantEvent
from .state import ChantState, FrameKind, Phase, Trigger

# module constants are Final: the compiled build reads them without a dictionary look-up
_C: Final = Phase.C  # C < A < R < E
_A: Final = Phase.A
_R: Final = Phase.R
_E: Final = Phase.E
_ACTIVATION: Final = FrameKind.ACTIVATION


def begin_turn(s: ChantState, ev: list[ChantEvent]) -> None:
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
    if s.turn != 1 or s.variant[rules.V_FIRST_DRAW]:
        rules.draw(s, p, 1, ev)
    ev.append(Event("phase", p, ("C",)))
    s.phase = Phase.C
    for u in list(s.players[p].area):
        rules.advance(s, u, 1, ev)


def _end_main(s: ChantState, ev: list[ChantEvent]) -> None:
    phase = s.phase
    if phase == _C:
        s.phase = _A
        ev.append(Event("phase", s.active, ("A",)))
    elif phase == _A:
        s.phase = Phase.R
        s.stack.append(Frame(FrameKind.RUNAWAY, -1, s.active, ""))
    else:
        _end_turn(s, ev)


def _end_turn(s: ChantState, ev: list[ChantEvent]) -> None:
    """The turn-limit check (9.5), then the next turn (7.4)."""
    if s.turn_limit and s.turn >= 2 * s.turn_limit:
        rules.end_game(s, DRAWN, Termination.TURN_LIMIT, ev)
    begin_turn(s, ev)


def _end_phase_cards(s: ChantState) -> bool:
    """Whether the turn player has a ready card activated at the end phase (3.4)."""
    defs = s.defs
    return any(defs[u].in_end for u in s.players[s.active].area)


def run(s: ChantState, ev: list[ChantEvent]) -> None:
    """Advance until a decision is pending (cached in ``s.cache`` when cheap); raises
    :class:`~grimoire.core.game.GameEnded` when the game ends."""
    stack = s.stack
    while True:
        if stack:
            if effects.step(s, stack[-1], ev):
                return
            continue
        phase = s.phase
        if phase <= _A:  # the C or the A phase
            d = decisions.main_decision(s)
            if len(d.options) > 1:
                s.cache = d
                return
            _end_main(s, ev)
        elif phase == _R:
            s.phase = Phase.E
            ev.append(Event("phase", s.active, ("E",)))
            rules.push_groups(s, [u for u in s.players[s.active].area if s.defs[u].on_end], Trigger.END)
        else:
            if _end_phase_cards(s):
                d = decisions.e_main(s)
                if len(d.options) > 1:
                    s.cache = d
                    return
            _end_turn(s, ev)


# ----------------------------------------------------------------- the main decision's answers (3.2, 5.1)

def _end(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    _end_main(s, ev)


def _place(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    s.players[s.active].hand.remove(u)
    s.placed = True
    rules.enter_area(s, u, ev)
    rules.push_group(s, u, s.active, Trigger.START)


def _activate(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    s.used.append(u)
    s.stack.append(Frame(_ACTIVATION, u, s.active, s.ids[u], 0, 0, procedures.activation_registers()))


def _advance(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    s.advanced = True
    rules.advance(s, u, 1, ev)


def _discard(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    s.discarded = True
    effects.discard_card(s, s.active, u, ev)
    s.stack.append(Frame(FrameKind.DISCARD, u, s.active, s.ids[u]))


def _book(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    s.stack.append(Frame(FrameKind.BOOK, u, s.active, s.ids[u]))


def _ability(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    p = s.active
    s.abil.append(u)
    cost = s.defs[u].cost
    ev.append(Event("ability", p, (s.ids[u], u, cost)))
    if cost:
        rules.pay_life(s, p, cost, ev)
    rules.push_group(s, u, p, Trigger.C_PHASE)


#: The main decision's option keys (``<key>:<uid>``, or ``end``) and what each does.
MAIN_ANSWERS: Final[dict[str, Callable[[ChantState, int, list[ChantEvent]], None]]] = {
    "end": _end, "place": _place, "activate": _activate, "advance": _advance, "discard": _discard,
    "book": _book, "ability": _ability,
}


def main_answer(s: ChantState, option_id: str, ev: list[ChantEvent]) -> None:
    """Apply an answer to the C- or A-phase main decision."""
    key, _, arg = option_id.partition(":")  # split_option, inlined on this hot path
    MAIN_ANSWERS[key](s, int(arg) if arg else -1, ev)


def pending(state: ChantState) -> ChantDecision | None:
    """:meth:`ChantGame.decision`: the pending decision, built once and cached in the state until the
    next answer (here rather than in the game class so the compiled build runs it natively)."""
    d = state.cache
    if d is None:
        d = decisions.build(state)
        state.cache = d
    return d


def apply(state: ChantState, option_id: str, events: list[ChantEvent]) -> None:
    """Apply a legal answer and run on to the next decision (the game may end on the way);
    :meth:`ChantGame.apply_unchecked`."""
    state.cache = None
    try:
        if state.stack:
            effects.answer(state, state.stack[-1], option_id, events)
        else:
            main_answer(state, option_id, events)
        run(state, events)
    except GameEnded:
        pass


def settle(s: ChantState, ev: list[ChantEvent]) -> None:
    """Run a hand-built state's automatic steps up to its next decision (or the end)."""
    if s.over:
        return
    s.cache = None
    with suppress(GameEnded):
        run(s, ev)
