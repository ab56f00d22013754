"""The effect interpreter: card effects as frames on the state's effect stack.

A card effect on the stack is a :class:`~grimoire.core.effects.Frame` of kind
``EFFECT`` (``index`` is the effect's position in its card's ``effects``); a ``TRIGGER``
frame resolves one trigger's effects of a card in printed order; the other kinds are
rule procedures (:mod:`.procedures`). The runner steps the top frame: :func:`step`
either finishes it (popping it, maybe pushing others) and returns False, or returns
True when the frame waits for a decision, which :mod:`.decisions` reads from the frame.
:func:`answer` applies the chosen option to the waiting frame. Dispatch is by table:
operations in :data:`STEPS` / :data:`ANSWERS`, procedures in the tables of
:mod:`.procedures`.

Registers and program counters per operation: ``discard`` — :data:`DISCARD_LEFT`
(cards still to discard); ``reveal_pick`` — no registers (shown cards sit in the
owner's ``shown`` zone; ``pc`` :data:`REVEAL_SHOW` the owner choosing,
:data:`REVEAL_PICK` the opponent picking); ``tutor_chant`` — no registers (``pc``
:data:`TUTOR_SHUFFLE` shuffles after the placed card's chant-start effects).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from grimoire.core.decision import Event
from grimoire.core.effects import Effect, Frame

from . import procedures, rules
from .kinds import ChantEvent
from .rules import push_group
from .state import TRIGGER_FIELDS, ChantState, FrameKind, Trigger

_EFFECT: Final = FrameKind.EFFECT
_TRIGGER: Final = FrameKind.TRIGGER
_ACTIVATION: Final = FrameKind.ACTIVATION

DISCARD_LEFT: Final = 0
REVEAL_SHOW: Final = 0
REVEAL_PICK: Final = 1
TUTOR_SEARCH: Final = 0
TUTOR_SHUFFLE: Final = 1
DISCARD_START: Final = 0
DISCARD_CHOOSING: Final = 1

Step = Callable[[ChantState, Frame, Effect, list[ChantEvent]], bool]
Answer = Callable[[ChantState, Frame, Effect, str, str, list[ChantEvent]], None]


# ----------------------------------------------------------------- simple operations

def _draw(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    s.stack.pop()
    rules.draw(s, f.controller, int(eff.params["n"]), ev)
    return False


def _damage(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    s.stack.pop()
    n = int(eff.params["n"])
    to = eff.params["to"]
    c = f.controller
    amounts = [0, 0]
    if to in ("opponent", "both"):
        amounts[1 - c] = n
    if to in ("self", "both"):
        amounts[c] = n
    rules.damage(s, (amounts[0], amounts[1]), ev)
    return False


def _gain_life(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    s.stack.pop()
    rules.gain_life(s, f.controller, int(eff.params["n"]), ev)
    return False


def _pay_life(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    s.stack.pop()
    rules.pay_life(s, f.controller, int(eff.params["n"]), ev)
    return False


def _static(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    s.stack.pop()
    return False


# ----------------------------------------------------------------- advance / rewind

def move_targets(s: ChantState, f: Frame, eff: Effect) -> list[int]:
    """The cards an ``advance``/``rewind`` may affect now (for ``choose``: the candidates)."""
    forward = eff.op == "advance"
    flt = eff.params["filter"] or {}
    if eff.params["target"] == "self":
        u = f.source
        if not rules.in_area(s, u) or (forward and rules.is_ready(s, u)):
            return []
        return [u] if rules.matches(s, u, f.controller, flt, "chanting" if forward else "any") else []
    return rules.targets(s, f, flt, forward)


def _apply_move(s: ChantState, eff: Effect, u: int, ev: list[ChantEvent]) -> None:
    if eff.op == "advance":
        rules.advance(s, u, int(eff.params["n"]), ev)
    else:
        rules.rewind(s, u, int(eff.params["n"]), ev)


def _move(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    cands = move_targets(s, f, eff)
    if eff.params["target"] == "choose" and len(cands) > 1:
        return True
    s.stack.pop()
    for u in cands:
        _apply_move(s, eff, u, ev)
    return False


def _move_answer(s: ChantState, f: Frame, eff: Effect, key: str, arg: str, ev: list[ChantEvent]) -> None:
    s.stack.pop()
    _apply_move(s, eff, int(arg), ev)


# ----------------------------------------------------------------- pay life, advance self (天上の劫火)

def pay_max(s: ChantState, f: Frame, eff: Effect) -> int:
    """The most life the owner may pay: min(max, life − 1) (8.3.1)."""
    return min(int(eff.params["max"]), s.players[f.controller].life - 1)


def _pay_advance(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    if pay_max(s, f, eff) > 0:
        return True
    s.stack.pop()
    return False


def _pay_advance_answer(s: ChantState, f: Frame, eff: Effect, key: str, arg: str, ev: list[ChantEvent]) -> None:
    s.stack.pop()
    k = int(arg)
    if k <= 0:
        return
    rules.pay_life(s, f.controller, k, ev)
    if rules.in_area(s, f.source):
        rules.advance(s, f.source, k, ev)


# ----------------------------------------------------------------- reveal and pick (書きかけの魔術研究論文)

def reveal_choices(s: ChantState, c: int) -> list[str]:
    """Card ids the owner may still show: distinct names in the library, not yet shown (sorted)."""
    shown = {s.ids[u] for u in s.players[c].shown}
    return sorted({s.ids[u] for u in s.players[c].library} - shown)


def _reveal(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    pl = s.players[f.controller]
    if f.pc == REVEAL_SHOW:
        if len(pl.shown) < int(eff.params["n"]) and reveal_choices(s, f.controller):
            return True
        f.pc = REVEAL_PICK
    if len(pl.shown) >= 2:
        return True
    if pl.shown:
        _take(s, f, pl.shown[0], ev)
    else:
        _finish_reveal(s, f, ev)
    return False


def _take(s: ChantState, f: Frame, u: int, ev: list[ChantEvent]) -> None:
    pl = s.players[f.controller]
    pl.shown.remove(u)
    pl.hand.append(u)
    ev.append(Event("pick", 1 - f.controller, (s.ids[u], u)))
    _finish_reveal(s, f, ev)


def _finish_reveal(s: ChantState, f: Frame, ev: list[ChantEvent]) -> None:
    s.stack.pop()
    pl = s.players[f.controller]
    pl.library[0:0] = pl.shown[::-1]  # under the library, in the order shown, then shuffled
    pl.shown.clear()
    rules.shuffle_library(s, f.controller)
    ev.append(Event("shuffle", f.controller))


def _reveal_answer(s: ChantState, f: Frame, eff: Effect, key: str, arg: str, ev: list[ChantEvent]) -> None:
    pl = s.players[f.controller]
    if key == "done":
        f.pc = REVEAL_PICK
    elif key == "reveal":
        u = next(x for x in reversed(pl.library) if s.ids[x] == arg)
        pl.library.remove(u)
        pl.shown.append(u)
        ev.append(Event("reveal", f.controller, (arg, u)))
    else:  # pick
        _take(s, f, int(arg), ev)


# ----------------------------------------------------------------- tutor (火球術入門)

def _tutor(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    c = f.controller
    pl = s.players[c]
    if f.pc == TUTOR_SHUFFLE:
        s.stack.pop()
        rules.shuffle_library(s, c)
        ev.append(Event("shuffle", c))
        return False
    f.pc = TUTOR_SHUFFLE
    card = str(eff.params["card"])
    found = next((u for u in reversed(pl.library) if s.ids[u] == card), -1)
    if found < 0:
        ev.append(Event("tutor_miss", c, (card,)))
        return False
    pl.library.remove(found)
    if rules.chanting_count(s, c) < s.variant[rules.V_CAP]:
        rules.enter_area(s, found, ev, "tutor_place")
        push_group(s, found, c, Trigger.START)
    else:
        pl.hand.append(found)
        ev.append(Event("tutor_hand", c, (card,)))
    return False


# ----------------------------------------------------------------- power bonus (天上の劫火)

def blank_name_bonus(s: ChantState, c: int, names: tuple[str, ...], n: int) -> int:
    """``n`` per distinct Japanese card name in ``c``'s blank pile containing any of ``names`` (8.3.2)."""
    found = {s.defs[u].name.ja for u in s.players[c].blank}
    return n * sum(1 for name in found if any(x in name for x in names))


def _power_bonus(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    s.stack.pop()
    bonus = blank_name_bonus(s, f.controller, tuple(eff.params["names"]), int(eff.params["n"]))
    for fr in reversed(s.stack):
        if fr.kind == _ACTIVATION:
            if fr.source == f.source:
                fr.regs[procedures.ACT_BONUS] += bonus
            elif fr.regs[procedures.ACT_COUNTER] == f.source:
                fr.regs[procedures.ACT_COUNTER_BONUS] += bonus
            else:
                continue
            ev.append(Event("power_bonus", f.controller, (f.card, bonus)))
            break
    return False


# ----------------------------------------------------------------- discard from hand

def _discard(s: ChantState, f: Frame, eff: Effect, ev: list[ChantEvent]) -> bool:
    if f.pc == DISCARD_START:
        f.pc = DISCARD_CHOOSING
        f.regs = [int(eff.params["n"])]
    hand = s.players[f.controller].hand
    left = f.regs[DISCARD_LEFT]
    if left > 0 and len(hand) > left:
        return True
    s.stack.pop()
    if left > 0:
        for u in hand[:]:
            discard_card(s, f.controller, u, ev)
    return False


def discard_card(s: ChantState, p: int, u: int, ev: list[ChantEvent]) -> None:
    """Put a hand card into the blank pile."""
    pl = s.players[p]
    pl.hand.remove(u)
    pl.blank.append(u)
    ev.append(Event("discard", p, (s.ids[u], u)))


def _discard_answer(s: ChantState, f: Frame, eff: Effect, key: str, arg: str, ev: list[ChantEvent]) -> None:
    discard_card(s, f.controller, int(arg), ev)
    f.regs[DISCARD_LEFT] -= 1


# ----------------------------------------------------------------- dispatch

STEPS: Final[dict[str, Step]] = {
    "draw": _draw, "damage": _damage, "gain_life": _gain_life, "pay_life": _pay_life,
    "advance": _move, "rewind": _move, "pay_life_advance_self": _pay_advance, "reveal_pick": _reveal,
    "tutor_chant": _tutor, "power_per_blank_name": _power_bonus, "power_mod": _static, "discard": _discard,
}
ANSWERS: Final[dict[str, Answer]] = {
    "advance": _move_answer, "rewind": _move_answer, "pay_life_advance_self": _pay_advance_answer,
    "reveal_pick": _reveal_answer, "discard": _discard_answer,
}


def _trigger(s: ChantState, f: Frame, ev: list[ChantEvent]) -> bool:
    indices: tuple[int, ...] = getattr(s.defs[f.source], TRIGGER_FIELDS[f.index])
    if f.pc < len(indices):
        i = indices[f.pc]
        f.pc += 1
        s.stack.append(Frame(_EFFECT, f.source, f.controller, f.card, i))
    else:
        s.stack.pop()
    return False


def step(s: ChantState, f: Frame, ev: list[ChantEvent]) -> bool:
    """Step the top frame ``f``; True if it now waits for a decision."""
    kind = f.kind
    if kind == _EFFECT:
        eff = s.defs[f.source].effects[f.index]
        return STEPS[eff.op](s, f, eff, ev)
    if kind == _TRIGGER:
        return _trigger(s, f, ev)
    return procedures.STEPS[kind](s, f, ev)


def answer(s: ChantState, f: Frame, option_id: str, ev: list[ChantEvent]) -> None:
    """Apply the answer ``option_id`` to the waiting top frame ``f``."""
    key, _, arg = option_id.partition(":")  # split_option, inlined on this hot path
    if f.kind == _EFFECT:
        eff = s.defs[f.source].effects[f.index]
        ANSWERS[eff.op](s, f, eff, key, arg, ev)
    else:
        procedures.ANSWERS[f.kind](s, f, key, arg, ev)
