"""The effect interpreter: uses of effect groups as frames on the state's stack.

One use follows destiny-cards.md "One use, step by step". It is a
:class:`~grimoire.core.effects.Frame` of kind ``USE`` whose ``index`` is the timing
(``MAIN`` … ``ATTACK``), ``source`` the card instance, ``controller`` the user of the
effect. Its registers are read and written through the accessors below:

* :func:`has` / :func:`mark` — flags (:data:`F_ALL` 地脈感知, :data:`F_FREE`,
  :data:`F_CANCELLED`, :data:`F_NO_RESPONSE` 地脈記述 and responses, :data:`F_FIELD` a
  user's own effect);
* :func:`sensed` — the extra 神秘 card discarded for 地脈感知 (-1: none);
* :func:`choosing` — the group effect whose target is being chosen;
* :func:`target_of` / :func:`targets` — the chosen target of each effect (-1: none).

``pc`` is the step waiting for an answer: :data:`PC_SENSE` (the controller may discard
a 神秘 card), :data:`PC_TARGET` (the controller picks the target of effect
:func:`choosing`) or :data:`PC_RESPONSE` (the opponent may respond). A hand card goes to the discard pile
as soon as it is picked (nothing can happen between the pick and the payment but
target choices); threads are paid after the targets. A response is a frame pushed on
top of the frame it answers; it resolves at once, then the answered frame resolves
(unless cancelled).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from grimoire.core.decision import Event, option_uid
from grimoire.core.effects import Effect, Frame

from . import actions
from .cards import ATTACK, BATTLE, KANCHI, MAIN, RESPONSE, SHINPI, TIMINGS
from .kinds import DestinyEvent
from .state import V_SCOPE, V_SENSE, V_USER_EFFECTS, DestinyState, FrameKind

# module constants are Final: the compiled build reads them without a dictionary look-up
F_ALL: Final = 1
F_FREE: Final = 2
F_CANCELLED: Final = 4
F_NO_RESPONSE: Final = 8
F_FIELD: Final = 16
PC_NEW: Final = 0
PC_SENSE: Final = 1
PC_RESPONSE: Final = 2
PC_TARGET: Final = 3
_FLAGS: Final = 0
_SENSED: Final = 1
_CHOOSING: Final = 2
_TARGETS: Final = 3


def use_frame(uid: int, seat: int, card: str, timing: int, flags: int, effects: int) -> Frame:
    """A fresh use of ``card``'s ``timing`` group (``effects`` effects, no target chosen yet)."""
    return Frame(FrameKind.USE, uid, seat, card, timing, PC_NEW, [flags, -1, -1] + [-1] * effects)


def has(frame: Frame, flag: int) -> bool:
    """Whether the use carries ``flag`` (:data:`F_ALL` …)."""
    return bool(frame.regs[_FLAGS] & flag)


def mark(frame: Frame, flag: int) -> None:
    """Set ``flag`` on the use."""
    frame.regs[_FLAGS] |= flag


def sensed(frame: Frame) -> int:
    """The 神秘 card discarded for 地脈感知 (-1: none)."""
    return frame.regs[_SENSED]


def choosing(frame: Frame) -> int:
    """The index (in the group) of the effect whose target is being chosen."""
    return frame.regs[_CHOOSING]


def target_of(frame: Frame, i: int) -> int:
    """The target chosen for the group's effect ``i`` (-1: none)."""
    return frame.regs[_TARGETS + i]


def targets(frame: Frame) -> list[int]:
    """The targets chosen so far, in effect order."""
    return [t for t in frame.regs[_TARGETS:] if t >= 0]


def use_registers(flags: int, sensed_uid: int, chosen: list[int], choosing_now: int = -1) -> list[int]:
    """The registers of a use rebuilt from its parts (determinization)."""
    return [flags, sensed_uid, choosing_now, *chosen]


def candidates(state: DestinyState, seat: int, eff: Effect, everywhere: bool = False) -> list[int]:
    """Users that ``eff`` (used by ``seat``) may target now: own field first, then the opponent's
    (``everywhere``: on both sides whatever the effect's target, for ``sense_scope=field``)."""
    target = eff.params["target"]
    sides: tuple[int, ...]
    if everywhere:
        sides = (seat, 1 - seat)
    elif target == "own_user":
        sides = (seat,)
    elif target == "opponent_user":
        sides = (1 - seat,)
    else:
        sides = (seat, 1 - seat)
    attribute = eff.params.get("attribute")
    limit = eff.params["n"] if eff.op == "destroy" else 99
    defs = state.defs
    out = []
    for side in sides:
        for u in state.players[side].field:
            d = defs[u.uid]
            if attribute is not None and d.attribute != attribute:
                continue
            if limit < 99:
                value = d.power + u.mod
                if value > limit:
                    continue
            out.append(u.uid)
    return out


def usable(state: DestinyState, seat: int, uid: int, timing: int, free: bool = False) -> bool:
    """Whether ``seat`` can use the ``timing`` group of card ``uid`` now (cost and targets)."""
    d = state.defs[uid]
    group = d.groups[timing]
    if not group:
        return False
    if not free and state.players[seat].threads < d.power:
        return False
    return all(candidates(state, seat, group[i]) for i in d.choices[timing])


def sense_cards(state: DestinyState, seat: int) -> list[int]:
    """神秘 cards in hand or crisis zone that 地脈感知 can discard."""
    p = state.players[seat]
    defs = state.defs
    return [uid for uid in p.hand + p.crisis if defs[uid].attribute == SHINPI]


def response_cards(state: DestinyState, seat: int) -> list[int]:
    """Cards in hand or crisis zone whose ``response`` group ``seat`` can use now."""
    p = state.players[seat]
    defs = state.defs
    return [uid for uid in p.hand + p.crisis if defs[uid].groups[RESPONSE] and p.threads >= defs[uid].power]


def may_respond(state: DestinyState, seat: int) -> bool:
    """Whether ``seat`` gets a response step, judged only on what both players can see
    (threads, hand size, the face-up crisis zone), so that the step itself reveals nothing
    about the hidden hand (§1.3): with a hand card and a thread the step opens, even if
    the only answer turns out to be ``pass``."""
    p = state.players[seat]
    return bool(p.hand and p.threads >= 1) or bool(response_cards(state, seat))


def begin(state: DestinyState, seat: int, uid: int, timing: int, events: list[DestinyEvent],
          field: bool = False, free: bool = False, no_response: bool = False) -> None:
    """Step 1 of a use: pick the card (or user) and group; continue until an answer is needed."""
    card = state.ids[uid]
    if field:
        events.append(Event("use_user", seat, (card, uid, TIMINGS[timing])))
    else:
        actions.take_from_hand(state, seat, uid)
        state.players[seat].discard.append(uid)
        events.append(Event("use", seat, (card, uid, TIMINGS[timing])))
    d = state.defs[uid]
    flags = (F_FIELD if field else 0) | (F_FREE if free else 0) | (F_NO_RESPONSE if no_response else 0)
    frame = use_frame(uid, seat, card, timing, flags, len(d.groups[timing]))
    state.stack.append(frame)
    # 地脈感知 is asked on public grounds only (§1.3): a hand card or a 神秘 card in the crisis zone
    if ((timing == MAIN or state.variant[V_SENSE]) and not field and state.players[seat].ability == KANCHI
            and d.choices[timing] and (state.players[seat].hand or sense_cards(state, seat))):
        frame.pc = PC_SENSE
        return
    _targets_from(state, frame, 0, events)


def _targets_from(state: DestinyState, frame: Frame, start: int, events: list[DestinyEvent]) -> None:
    """Step 2: ask for the next target, or go on to the payment."""
    if not has(frame, F_ALL):
        for i in state.defs[frame.source].choices[frame.index]:
            if i >= start:
                frame.pc = PC_TARGET
                frame.regs[_CHOOSING] = i
                return
    frame.regs[_CHOOSING] = -1
    _pay(state, frame, events)


def _pay(state: DestinyState, frame: Frame, events: list[DestinyEvent]) -> None:
    """Steps 3–4: pay the cost, then open the response step or resolve."""
    seat = frame.controller
    if not has(frame, F_FREE):
        actions.pay(state, seat, state.defs[frame.source].power, events)
    if not has(frame, F_NO_RESPONSE) and may_respond(state, 1 - seat):
        frame.pc = PC_RESPONSE
        return
    resolve_top(state, events)


def answer(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    """Apply an answer to the decision of the top frame."""
    frame = state.stack[-1]
    pc = frame.pc
    if pc == PC_SENSE:
        if option != "skip":
            uid = option_uid(option)  # select:<uid>
            actions.take_from_hand(state, frame.controller, uid)
            state.players[frame.controller].discard.append(uid)
            mark(frame, F_ALL)
            frame.regs[_SENSED] = uid
            events.append(Event("sense", frame.controller, (state.ids[uid], uid)))
        _targets_from(state, frame, 0, events)
    elif pc == PC_RESPONSE:
        if option == "pass":
            events.append(Event("no_response", 1 - frame.controller))
            resolve_top(state, events)
        else:
            begin(state, 1 - frame.controller, option_uid(option), RESPONSE, events, no_response=True)  # effect:<uid>
    else:
        i = choosing(frame)
        uid = option_uid(option)  # target:<uid>
        frame.regs[_TARGETS + i] = uid
        events.append(Event("target", frame.controller, (state.ids[uid], uid)))
        _targets_from(state, frame, i + 1, events)


def resolve_top(state: DestinyState, events: list[DestinyEvent]) -> None:
    """Step 5–6: resolve the top frame (unless cancelled) and pop it; a response then lets
    the frame it answered resolve in turn."""
    while state.stack:
        frame = state.stack.pop()
        if not has(frame, F_CANCELLED):
            _run(state, frame, events)
        actions.hako_check(state, frame.controller, frame.source, events)
        if frame.index != RESPONSE or not state.stack or state.stack[-1].pc != PC_RESPONSE:
            return


def _affected(state: DestinyState, frame: Frame, i: int, eff: Effect) -> list[int]:
    """Users an effect acts on at resolution: the chosen target if still legal, all matching
    users under 地脈感知, or the source itself for ``self``."""
    if eff.params.get("target") == "self":
        return [frame.source] if state.user(frame.source) is not None else []
    if has(frame, F_ALL):
        return candidates(state, frame.controller, eff, everywhere=bool(state.variant[V_SCOPE]))
    legal = candidates(state, frame.controller, eff)
    chosen = target_of(frame, i)
    return [chosen] if chosen in legal else []


def _power(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    op = eff.op
    n = eff.params["n"] if op != "weaken" else -eff.params["n"]
    if op == "onslaught":
        chosen = [frame.source] if state.user(frame.source) is not None else []
    else:
        chosen = _affected(state, frame, i, eff)
    for uid in chosen:
        u = state.user(uid)
        assert u is not None
        u.mod += n
        events.append(Event("power", state.owner[uid], (state.ids[uid], uid, n, state.power(u))))


def _destroy(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    for uid in _affected(state, frame, i, eff):
        actions.remove_user(state, uid, events, "destroyed")


def _ready(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    for uid in _affected(state, frame, i, eff):
        u = state.user(uid)
        assert u is not None
        u.ready = True
        events.append(Event("ready", state.owner[uid], (state.ids[uid], uid)))


def _ja(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    if state.attacker < 0:  # an attack group used by 地脈記述 at summoning (kijutsu_timing=any): no battle
        return
    state.ja = True
    events.append(Event("ja", frame.controller, (frame.card, frame.source)))


def _ca(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    if state.attacker < 0:  # as for JA: no battle to add damage to
        return
    state.ca += eff.params["n"]
    events.append(Event("ca", frame.controller, (frame.card, frame.source, eff.params["n"])))


def _cancel(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    if state.stack:
        below = state.stack[-1]
        mark(below, F_CANCELLED)
        events.append(Event("cancel", frame.controller, (below.card, below.source)))


def _gain_threads(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    actions.gain(state, frame.controller, eff.params["n"], events)


def _lose_threads(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    actions.lose(state, 1 - frame.controller, eff.params["n"], events)


def _draw(state: DestinyState, frame: Frame, i: int, eff: Effect, events: list[DestinyEvent]) -> None:
    actions.draw(state, frame.controller, eff.params["n"], events)


Operation = Callable[[DestinyState, Frame, int, Effect, list[DestinyEvent]], None]

#: What each operation of the vocabulary does when its group resolves.
OPERATIONS: Final[dict[str, Operation]] = {
    "onslaught": _power, "strengthen": _power, "weaken": _power, "destroy": _destroy, "ready": _ready,
    "ja": _ja, "ca": _ca, "cancel": _cancel, "gain_threads": _gain_threads, "lose_threads": _lose_threads,
    "draw": _draw,
}


def _run(state: DestinyState, frame: Frame, events: list[DestinyEvent]) -> None:
    for i, eff in enumerate(state.defs[frame.source].groups[frame.index]):
        OPERATIONS[eff.op](state, frame, i, eff, events)


#: The groups a user may use in its own attack, by the ``user_effects`` variant parameter (§7.5): its
#: ``attack`` group; or also its ``battle`` and ``main`` groups, the first usable in this order.
USER_GROUPS: Final = ((ATTACK,), (ATTACK, BATTLE, MAIN))


def user_group(state: DestinyState, uid: int) -> int:
    """The group (timing) the attacking user ``uid`` would use as its own effect now, or -1 (§7.5).

    A user has one own-effect use a battle; under ``user_effects=any`` a card without a usable
    ``attack`` group uses its ``battle`` or else its ``main`` group (no shipped card has two of them).
    """
    free = user_effect_free(state, uid)
    for timing in USER_GROUPS[state.variant[V_USER_EFFECTS]]:
        if usable(state, state.owner[uid], uid, timing, free):
            return timing
    return -1


def user_effect_free(state: DestinyState, uid: int) -> bool:
    """A user's own effect is free for a veteran or an effect-ready user (§7.5)."""
    u = state.user(uid)
    return u is not None and (u.veteran or u.ready)

