"""The pending decision of a state: who answers, what kind, which options, in a fixed order.

Option ids (the answer notation; ``<uid>`` is a card instance id):

=============  ===================================================================
kind           options
=============  ===================================================================
``ability``    ``ability:<id>`` for each forecast ability, ``none``
``mulligan``   ``keep``, ``mulligan``
``upkeep``     ``pay:<uid>`` (if payable), ``release:<uid>``
``summon``     ``summon:<uid>`` (hand, then crisis zone; while under 2 summons),
               ``effect:<uid>`` (usable ``main`` groups), ``done``
``houki``      ``select:<uid>`` (気魄 power ≥ 2 to discard), ``skip``
``kijutsu``    ``use:main`` / ``use:battle`` (usable groups), ``skip``
``sense``      ``select:<uid>`` (神秘 card to discard), ``skip``
``target``     ``target:<uid>`` (legal targets: own field first)
``response``   ``effect:<uid>`` (usable ``response`` groups), ``pass``
``attackers``  ``attack:<uid>`` (users not yet declared), ``done``
``block``      ``block:<uid>`` (the defender's users)
``window``     ``effect:<uid>`` (the attacker's own effect first, then ``battle``
               groups from hand / crisis zone), ``pass``
``fate``       ``select:<uid>`` (hand, then crisis zone), ``skip``
=============  ===================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final, cast

from grimoire.core.decision import Decision, Option
from grimoire.core.kinds import OptionMaker

from . import effects
from .cards import ABILITIES, BATTLE, MAIN, TIMINGS
from .kinds import DestinyDecision, OptionPrefix
from .state import (
    ABILITY,
    BLOCK,
    DECLARE,
    FATE,
    HOUKI_PICK,
    KIJUTSU_PICK,
    MULLIGAN,
    SUMMON,
    UPKEEP,
    WINDOW_ATK,
    WINDOW_DEF,
    DestinyState,
)
from .turn import houki_cards, kijutsu_groups, mulligan_seat


def option_id(prefix: OptionPrefix, arg: object) -> str:
    """The option id ``<prefix>:<arg>``, for options made without :func:`opt`.

    >>> option_id("use", "main")
    'use:main'
    """
    return f"{prefix}:{arg}"


ABILITY_OPTIONS = (*(Option(option_id("ability", a), "opt.ability", (a,)) for a in ABILITIES),
                   Option("none", "opt.none"))
KEEP = (Option("keep", "opt.keep"), Option("mulligan", "opt.mulligan"))
DONE: Final = Option("done", "opt.done")
PASS: Final = Option("pass", "opt.pass")
SKIP: Final = Option("skip", "opt.skip")
END_ATTACKS: Final = Option("done", "opt.done_attackers")
END_SUMMON: Final = Option("done", "opt.done_summon")


def _option(prefix: str, uid: int, key: str, *args: object) -> Option:
    return Option(f"{prefix}:{uid}", key, args)


opt: Final = cast("OptionMaker[OptionPrefix]", cache(_option))
"""The option ``<prefix>:<uid>`` with label ``key`` (cached: options are immutable). The prefix is
one of :data:`.kinds.OptionPrefix`: mypy refuses another."""


#: The summon and fate decisions' options by card id, then uid (made once: options are immutable).
#: Cheaper than :func:`opt` on the hottest paths: two lookups of a str and an int, no argument tuple
#: hashed per offer.
_SUMMON: Final[dict[str, dict[int, Option]]] = {}
_FATE: Final[dict[str, dict[int, Option]]] = {}


def _by_card(table: dict[str, dict[int, Option]], cid: str, uid: int, prefix: OptionPrefix, key: str,
             args: tuple[object, ...]) -> Option:
    """The option ``<prefix>:<uid>`` for card ``cid`` from ``table``, made on first use (or when the card's
    arguments differ: a card file edited under the same id)."""
    by_uid = table.get(cid)
    if by_uid is None:
        by_uid = table[cid] = {}
    o = by_uid.get(uid)
    if o is None or o.args != args:
        o = by_uid[uid] = Option(f"{prefix}:{uid}", key, args)
    return o


def _summon(state: DestinyState) -> DestinyDecision:
    seat = state.active
    p = state.players[seat]
    ids = state.ids
    defs = state.defs
    zone = p.hand + p.crisis
    options: list[Option] = []
    if state.summons < 2:
        for uid in zone:
            cid = ids[uid]
            by_uid = _SUMMON.get(cid)
            o = by_uid.get(uid) if by_uid is not None else None
            options.append(o if o is not None else _by_card(_SUMMON, cid, uid, "summon", "opt.summon", (cid,)))
    for uid in zone:
        d = defs[uid]
        if d.groups[MAIN] and effects.usable(state, seat, uid, MAIN):
            options.append(opt("effect", uid, "opt.effect", ids[uid], d.power))
    options.append(END_SUMMON)
    return Decision(seat, "summon", tuple(options), (state.summons,))


def _window(state: DestinyState) -> DestinyDecision:
    seat = state.active
    who = seat if state.phase == WINDOW_ATK else 1 - seat
    q = state.players[who]
    ids = state.ids
    defs = state.defs
    options = []
    att = state.attacker
    if who == seat and not state.used and effects.user_group(state, att) >= 0:
        free = effects.user_effect_free(state, att)
        options.append(opt("effect", att, "opt.user_effect", ids[att], 0 if free else defs[att].power))
    for uid in q.hand + q.crisis:
        d = defs[uid]
        if d.groups[BATTLE] and effects.usable(state, who, uid, BATTLE):
            options.append(opt("effect", uid, "opt.effect", ids[uid], d.power))
    options.append(PASS)
    return Decision(who, "window", tuple(options), (ids[att], -1 if state.blocker < 0 else 1))


def _upkeep(state: DestinyState) -> DestinyDecision:
    seat = state.active
    ids = state.ids
    uid = state.queue[state.qi]
    power = state.defs[uid].power
    release = opt("release", uid, "opt.release", ids[uid])
    if state.players[seat].threads >= power:
        pay = opt("pay", uid, "opt.pay", ids[uid], power)
        return Decision(seat, "upkeep", (pay, release), (ids[uid], power))
    return Decision(seat, "upkeep", (release,), (ids[uid], power))


def _declare(state: DestinyState) -> DestinyDecision:
    seat = state.active
    ids = state.ids
    options = [opt("attack", u.uid, "opt.attack", ids[u.uid]) for u in state.players[seat].field
               if u.uid not in state.queue]
    options.append(END_ATTACKS)
    return Decision(seat, "attackers", tuple(options), (len(state.queue),))


def _block(state: DestinyState) -> DestinyDecision:
    seat = state.active
    ids = state.ids
    d_field = state.players[1 - seat].field
    return Decision(1 - seat, "block", tuple(opt("block", u.uid, "opt.block", ids[u.uid]) for u in d_field),
                    (ids[state.attacker],))


def _fate(state: DestinyState) -> DestinyDecision:
    seat = state.active
    p = state.players[seat]
    ids, defs = state.ids, state.defs
    options: list[Option] = []
    for zone in (p.hand, p.crisis):
        for uid in zone:
            cid = ids[uid]
            power = defs[uid].power
            by_uid = _FATE.get(cid)
            o = by_uid.get(uid) if by_uid is not None else None
            if o is None or o.args[1] != power:
                o = _by_card(_FATE, cid, uid, "select", "opt.fate", (cid, power))
            options.append(o)
    options.append(SKIP)
    return Decision(seat, "fate", tuple(options))


def _houki(state: DestinyState) -> DestinyDecision:
    seat = state.active
    options = [opt("select", uid, "opt.houki", state.ids[uid], state.defs[uid].power)
               for uid in houki_cards(state, seat)]
    options.append(SKIP)
    return Decision(seat, "houki", tuple(options), (state.ids[state.pending],))


def _kijutsu(state: DestinyState) -> DestinyDecision:
    uid = state.pending
    ids = state.ids
    power = state.defs[uid].power
    options = [Option(option_id("use", TIMINGS[t]), "opt.use_" + TIMINGS[t], (ids[uid], power))
               for t in kijutsu_groups(state, uid)]
    options.append(SKIP)
    return Decision(state.active, "kijutsu", tuple(options), (ids[uid],))


def _mulligan(state: DestinyState) -> DestinyDecision:
    return Decision(mulligan_seat(state), "mulligan", KEEP)


def _ability(state: DestinyState) -> DestinyDecision:
    return Decision(state.sub, "ability", ABILITY_OPTIONS)


#: The decision of each phase (with an empty effect stack).
PHASE_DECISIONS: Final[dict[int, Callable[[DestinyState], DestinyDecision]]] = {
    ABILITY: _ability, MULLIGAN: _mulligan, UPKEEP: _upkeep, SUMMON: _summon, HOUKI_PICK: _houki,
    KIJUTSU_PICK: _kijutsu, DECLARE: _declare, BLOCK: _block, WINDOW_ATK: _window, WINDOW_DEF: _window,
    FATE: _fate,
}


def pending(state: DestinyState) -> DestinyDecision | None:
    """:meth:`DestinyGame.decision`: the pending decision, built once and cached in the state until the
    next answer (here rather than in the game class so the compiled build runs it natively)."""
    cached = state.cache
    if cached is None:
        cached = state.cache = decision(state)
    return cached


def decision(state: DestinyState) -> DestinyDecision | None:
    """The pending decision, or None when the game is over."""
    if state.over:
        return None
    if state.stack:
        return _frame_decision(state)
    return PHASE_DECISIONS[state.phase](state)


def _frame_decision(state: DestinyState) -> DestinyDecision:
    frame = state.stack[-1]
    seat = frame.controller
    ids = state.ids
    pc = frame.pc
    if pc == effects.PC_RESPONSE:
        other = 1 - seat
        options = [opt("effect", uid, "opt.response", ids[uid], state.defs[uid].power)
                   for uid in effects.response_cards(state, other)]
        options.append(PASS)
        return Decision(other, "response", tuple(options), (frame.card,))
    if pc == effects.PC_SENSE:
        options = [opt("select", uid, "opt.sense", ids[uid], state.defs[uid].power)
                   for uid in effects.sense_cards(state, seat)]
        options.append(SKIP)
        return Decision(seat, "sense", tuple(options), (frame.card,))
    eff = state.defs[frame.source].groups[frame.index][effects.choosing(frame)]
    owner = state.owner
    options = [opt("target", uid, "opt.target", ids[uid], owner[uid] + 1)
               for uid in effects.candidates(state, seat, eff)]
    return Decision(seat, "target", tuple(options), (frame.card, eff.op))


def waiting(state: DestinyState) -> tuple[int, str] | None:
    """Who must answer and the decision kind, without listing options (public in views)."""
    if state.over:
        return None
    if state.stack:
        frame = state.stack[-1]
        if frame.pc == effects.PC_RESPONSE:
            return 1 - frame.controller, "response"
        return frame.controller, "sense" if frame.pc == effects.PC_SENSE else "target"
    phase = state.phase
    if phase == ABILITY:
        return state.sub, "ability"
    if phase == MULLIGAN:
        return mulligan_seat(state), "mulligan"
    if phase == BLOCK:
        return 1 - state.active, "block"
    if phase == WINDOW_DEF:
        return 1 - state.active, "window"
    kinds = {UPKEEP: "upkeep", SUMMON: "summon", HOUKI_PICK: "houki", KIJUTSU_PICK: "kijutsu", DECLARE: "attackers",
             WINDOW_ATK: "window", FATE: "fate"}
    return state.active, kinds[phase]
