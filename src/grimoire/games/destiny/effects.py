"""The effect interpreter: uses of effect groups as frames on the state's stack.

One use follows destiny-cards.md "One use, step by step". It is a
:class:`~grimoire.core.effects.Frame` whose ``index`` is the timing (``MAIN`` …
``ATTACK``), ``source`` the card instance, ``controller`` the user of the effect and

* ``regs[0]`` flags (:data:`F_ALL` 地脈感知, :data:`F_FREE`, :data:`F_CANCELLED`,
  :data:`F_NO_RESPONSE` 地脈記述 and responses, :data:`F_FIELD` a user's own effect),
* ``regs[1]`` the extra 神秘 card discarded for 地脈感知 (-1: none),
* ``regs[2 + i]`` the chosen target of the group's effect ``i`` (-1: none);

``pc`` is the step waiting for an answer: :data:`PC_SENSE` (the controller may discard
a 神秘 card), ``PC_TARGET + i`` (the controller picks the target of effect ``i``) or
:data:`PC_RESPONSE` (the opponent may respond). A hand card goes to the discard pile
as soon as it is picked (nothing can happen between the pick and the payment but
target choices); threads are paid after the targets. A response is a frame pushed on
top of the frame it answers; it resolves at once, then the answered frame resolves
(unless cancelled).
"""

from __future__ import annotations

from grimoire.core.decision import Event
from grimoire.core.effects import Effect, Frame

from . import actions
from .cards import KANCHI, MAIN, RESPONSE, SHINPI, TIMINGS
from .state import State

F_ALL, F_FREE, F_CANCELLED, F_NO_RESPONSE, F_FIELD = 1, 2, 4, 8, 16
PC_NEW, PC_SENSE, PC_RESPONSE, PC_TARGET = 0, 1, 2, 16


def candidates(state: State, seat: int, eff: Effect) -> list[int]:
    """Users that ``eff`` (used by ``seat``) may target now: own field first, then the opponent's."""
    target = eff.params["target"]
    if target == "own_user":
        sides: tuple[int, ...] = (seat,)
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


def usable(state: State, seat: int, uid: int, timing: int, free: bool = False) -> bool:
    """Whether ``seat`` can use the ``timing`` group of card ``uid`` now (cost and targets)."""
    d = state.defs[uid]
    group = d.groups[timing]
    if not group:
        return False
    if not free and state.players[seat].threads < d.power:
        return False
    return all(candidates(state, seat, group[i]) for i in d.choices[timing])


def sense_cards(state: State, seat: int) -> list[int]:
    """神秘 cards in hand or crisis zone that 地脈感知 can discard."""
    p = state.players[seat]
    defs = state.defs
    return [uid for uid in p.hand + p.crisis if defs[uid].attribute == SHINPI]


def response_cards(state: State, seat: int) -> list[int]:
    """Cards in hand or crisis zone whose ``response`` group ``seat`` can use now."""
    p = state.players[seat]
    defs = state.defs
    return [uid for uid in p.hand + p.crisis if defs[uid].groups[RESPONSE] and p.threads >= defs[uid].power]


def may_respond(state: State, seat: int) -> bool:
    """Whether ``seat`` gets a response step, judged only on what both players can see
    (threads, hand size, the face-up crisis zone), so that the step itself reveals nothing
    about the hidden hand (§1.3): with a hand card and a thread the step opens, even if
    the only answer turns out to be ``pass``."""
    p = state.players[seat]
    return bool(p.hand and p.threads >= 1) or bool(response_cards(state, seat))


def begin(state: State, seat: int, uid: int, timing: int, events: list[Event],
          field: bool = False, free: bool = False, no_response: bool = False) -> None:
    """Step 1 of a use: pick the card (or user) and group; continue until an answer is needed."""
    card = state.cards[uid]
    if field:
        events.append(Event("use_user", seat, (uid, card, TIMINGS[timing])))
    else:
        actions.take_from_hand(state, seat, uid)
        state.players[seat].discard.append(uid)
        events.append(Event("use", seat, (uid, card, TIMINGS[timing])))
    d = state.defs[uid]
    flags = (F_FIELD if field else 0) | (F_FREE if free else 0) | (F_NO_RESPONSE if no_response else 0)
    frame = Frame(uid, seat, card, timing, PC_NEW, [flags, -1] + [-1] * len(d.groups[timing]))
    state.stack.append(frame)
    if (timing == MAIN and not field and state.players[seat].ability == KANCHI and d.choices[MAIN]
            and (state.players[seat].hand or sense_cards(state, seat))):  # public grounds only (§1.3)
        frame.pc = PC_SENSE
        return
    _targets_from(state, frame, 0, events)


def _targets_from(state: State, frame: Frame, start: int, events: list[Event]) -> None:
    """Step 2: ask for the next target, or go on to the payment."""
    if not frame.regs[0] & F_ALL:
        for i in state.defs[frame.source].choices[frame.index]:
            if i >= start:
                frame.pc = PC_TARGET + i
                return
    _pay(state, frame, events)


def _pay(state: State, frame: Frame, events: list[Event]) -> None:
    """Steps 3–4: pay the cost, then open the response step or resolve."""
    seat = frame.controller
    if not frame.regs[0] & F_FREE:
        actions.pay(state, seat, state.defs[frame.source].power, events)
    if not frame.regs[0] & F_NO_RESPONSE and may_respond(state, 1 - seat):
        frame.pc = PC_RESPONSE
        return
    resolve_top(state, events)


def answer(state: State, option: str, events: list[Event]) -> None:
    """Apply an answer to the decision of the top frame."""
    frame = state.stack[-1]
    pc = frame.pc
    if pc == PC_SENSE:
        if option != "skip":
            uid = int(option[7:])  # select:<uid>
            actions.take_from_hand(state, frame.controller, uid)
            state.players[frame.controller].discard.append(uid)
            frame.regs[0] |= F_ALL
            frame.regs[1] = uid
            events.append(Event("sense", frame.controller, (uid, state.cards[uid])))
        _targets_from(state, frame, 0, events)
    elif pc == PC_RESPONSE:
        if option == "pass":
            events.append(Event("no_response", 1 - frame.controller))
            resolve_top(state, events)
        else:
            begin(state, 1 - frame.controller, int(option[7:]), RESPONSE, events, no_response=True)  # effect:<uid>
    else:
        i = pc - PC_TARGET
        uid = int(option[7:])  # target:<uid>
        frame.regs[2 + i] = uid
        events.append(Event("target", frame.controller, (uid, state.cards[uid])))
        _targets_from(state, frame, i + 1, events)


def resolve_top(state: State, events: list[Event]) -> None:
    """Step 5–6: resolve the top frame (unless cancelled) and pop it; a response then lets
    the frame it answered resolve in turn."""
    while state.stack:
        frame = state.stack.pop()
        if not frame.regs[0] & F_CANCELLED:
            _run(state, frame, events)
        actions.hako_check(state, frame.controller, frame.source, events)
        if frame.index != RESPONSE or not state.stack or state.stack[-1].pc != PC_RESPONSE:
            return


def _affected(state: State, frame: Frame, i: int, eff: Effect) -> list[int]:
    """Users an effect acts on at resolution: the chosen target if still legal, all matching
    users under 地脈感知, or the source itself for ``self``."""
    if eff.params.get("target") == "self":
        return [frame.source] if state.user(frame.source) is not None else []
    legal = candidates(state, frame.controller, eff)
    if frame.regs[0] & F_ALL:
        return legal
    chosen = frame.regs[2 + i]
    return [chosen] if chosen in legal else []


def _run(state: State, frame: Frame, events: list[Event]) -> None:
    seat = frame.controller
    for i, eff in enumerate(state.defs[frame.source].groups[frame.index]):
        op = eff.op
        if op in ("onslaught", "strengthen", "weaken"):
            n = eff.params["n"] if op != "weaken" else -eff.params["n"]
            if op == "onslaught":
                targets = [frame.source] if state.user(frame.source) is not None else []
            else:
                targets = _affected(state, frame, i, eff)
            for uid in targets:
                u = state.user(uid)
                assert u is not None
                u.mod += n
                events.append(Event("power", state.owner[uid], (uid, state.cards[uid], n, state.power(u))))
        elif op == "destroy":
            for uid in _affected(state, frame, i, eff):
                actions.remove_user(state, uid, events, "destroyed")
        elif op == "ready":
            for uid in _affected(state, frame, i, eff):
                u = state.user(uid)
                assert u is not None
                u.ready = True
                events.append(Event("ready", state.owner[uid], (uid, state.cards[uid])))
        elif op == "ja":
            state.ja = True
            events.append(Event("ja", seat, (frame.source, frame.card)))
        elif op == "ca":
            state.ca += eff.params["n"]
            events.append(Event("ca", seat, (frame.source, frame.card, eff.params["n"])))
        elif op == "cancel":
            if state.stack:
                below = state.stack[-1]
                below.regs[0] |= F_CANCELLED
                events.append(Event("cancel", seat, (below.source, below.card)))
        elif op == "gain_threads":
            actions.gain(state, seat, eff.params["n"], events)
        elif op == "lose_threads":
            actions.lose(state, 1 - seat, eff.params["n"], events)
        elif op == "draw":
            actions.draw(state, seat, eff.params["n"], events)


def user_effect_free(state: State, uid: int) -> bool:
    """A user's own effect is free for a veteran or an effect-ready user (§7.5)."""
    u = state.user(uid)
    return u is not None and (u.veteran or u.ready)

