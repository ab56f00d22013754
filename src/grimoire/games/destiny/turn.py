"""The flow of a game: set-up, turns, steps and battles (rules §2, §4–§6).

:func:`answer` applies an answer to the pending phase decision (or hands it to the
effect interpreter when a frame waits on the stack); :func:`proceed` then runs every
automatic step until the next decision. Phases are those of
:data:`~grimoire.games.destiny.state.PHASES`.

The effect window of a battle (§6.2) is two loops: ``window_attacker`` — the
attacking forecaster uses ``battle`` groups from hand / crisis zone or the attacker's
own ``attack`` group (once per battle), one at a time, each followed by the
defender's response step, until they pass; then ``window_defender`` — the defender
uses ``battle`` groups, each followed by the attacker's response step, until they
pass; then the damage step. If the attacker or the blocker has left the field once
the stack is empty, the battle ends without damage (§6.2.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from grimoire.core.decision import Event, Termination, option_uid, split_option
from grimoire.core.game import GameEnded

from . import effects
from .actions import draw, end_game, gain, hako_check, lose, pay, remove_user, take_from_hand
from .battle import clash, modifiers
from .cards import ATTACK, BATTLE, HOUKI, JUTSUSHIKI, KIJUTSU, KIRYOKU, MAIN, TIMINGS, ZENNO
from .kinds import DestinyEvent
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
    V_BLOCKER,
    V_EXPIRY,
    V_KIJUTSU,
    V_OMNI_DIRECT,
    V_WHEEL,
    WINDOW_ATK,
    WINDOW_DEF,
    DestinyState,
    User,
)

HAND_SIZE: Final = 7
MAX_SUMMONS: Final = 2
RECOVERY: Final = 2


# ----- set-up -----------------------------------------------------------------
def start(state: DestinyState, events: list[DestinyEvent]) -> None:
    """After both abilities are chosen: reveal them, toss for the first player (unless the
    ``first_player`` option already set it), shuffle, draw 7."""
    for seat in (0, 1):
        events.append(Event("ability", seat, (state.players[seat].ability,)))
    if state.first < 0:
        state.first = 0 if state.chance.coin(0) else 1
        events.append(Event("coin", state.first))
    events.append(Event("first", state.first))
    for seat in (0, 1):
        state.chance.shuffle(state.players[seat].deck)
        events.append(Event("shuffle", seat))
        draw(state, seat, HAND_SIZE, events)
    state.phase = MULLIGAN
    state.sub = 0


def mulligan_seat(state: DestinyState) -> int:
    """Who decides the mulligan now: the first player, then the second (§2.6)."""
    return state.first if state.sub == 0 else 1 - state.first


# ----- turns ------------------------------------------------------------------
def begin_turn(state: DestinyState, seat: int, events: list[DestinyEvent]) -> None:
    """§4: save reset, draw step, recovery step, then upkeep."""
    state.turn += 1
    state.active = seat
    state.summons = 0
    p = state.players[seat]
    p.turns += 1
    p.saved = False
    events.append(Event("turn", seat, (state.turn,)))
    if not p.deck:
        end_game(state, seat, Termination.DECK_OUT, events)
    draw(state, seat, 1, events)
    if p.turns > 1:
        gain(state, seat, RECOVERY, events, "recover")
    state.queue = [u.uid for u in p.field]
    state.qi = 0
    state.phase = UPKEEP


def end_turn(state: DestinyState, events: list[DestinyEvent]) -> None:
    """§5.7: modifiers end, crisis zones go under the decks, the turn limit, next turn."""
    for p in state.players:
        for u in p.field:
            u.mod = 0
    for seat in (0, 1):
        p = state.players[seat]
        if p.crisis and state.variant[V_EXPIRY]:
            events.append(Event("crisis_back", seat, (len(p.crisis),)))
            p.deck[0:0] = p.crisis[::-1]
            p.crisis = []
    state.queue = []
    state.qi = 0
    if state.turn >= state.turn_limit:
        end_game(state, -1, Termination.TURN_LIMIT, events)
    begin_turn(state, 1 - state.active, events)


def _summon(state: DestinyState, uid: int, events: list[DestinyEvent]) -> None:
    seat = state.active
    p = state.players[seat]
    take_from_hand(state, seat, uid)
    p.field.append(User(uid))
    state.summons += 1
    events.append(Event("summon", seat, (state.ids[uid], uid)))
    d = state.defs[uid]
    if p.ability == HOUKI and (p.hand or houki_cards(state, seat)):  # asked on public grounds only (§1.3)
        state.pending = uid
        state.phase = HOUKI_PICK
        return
    if p.ability == KIJUTSU and d.attribute == JUTSUSHIKI and kijutsu_groups(state, uid):
        state.pending = uid
        state.phase = KIJUTSU_PICK
        return
    hako_check(state, seat, uid, events, summon=True)


def houki_cards(state: DestinyState, seat: int) -> list[int]:
    """気魄 cards of printed power ≥ 2 in hand or crisis zone (地脈蜂起, §9.1)."""
    p = state.players[seat]
    defs = state.defs
    return [uid for uid in p.hand + p.crisis if defs[uid].attribute == KIRYOKU and defs[uid].power >= 2]


#: The groups 地脈記述 may use, by the ``kijutsu_timing`` variant parameter (§9.2).
_KIJUTSU_TIMINGS = ((MAIN, BATTLE), (MAIN,), (MAIN, BATTLE, ATTACK))


def kijutsu_groups(state: DestinyState, uid: int) -> list[int]:
    """The groups with a user-targeting effect usable via 地脈記述 (§9.2): ``main`` and ``battle``
    (``kijutsu_timing=main``: ``main`` only; ``any``: ``attack`` too)."""
    d = state.defs[uid]
    seat = state.owner[uid]
    return [t for t in _KIJUTSU_TIMINGS[state.variant[V_KIJUTSU]]
            if d.choices[t] and effects.usable(state, seat, uid, t)]


def _attack_step(state: DestinyState, events: list[DestinyEvent]) -> None:
    p = state.players[state.active]
    if p.turns <= 1 or not p.field:
        if p.turns <= 1:
            events.append(Event("no_attack", state.active))
        state.phase = FATE
        return
    state.queue = []
    state.qi = 0
    state.phase = DECLARE


def _next_attack(state: DestinyState, events: list[DestinyEvent]) -> None:
    """Start the next declared attack (§5.5.2–5.5.3) or go on to fate selection."""
    state.attacker = state.blocker = -1
    state.ja = state.used = False
    state.ca = 0
    defender = 1 - state.active
    while state.qi < len(state.queue):
        uid = state.queue[state.qi]
        state.qi += 1
        if state.user(uid) is None:
            events.append(Event("attack_skipped", state.active, (state.ids[uid], uid)))
            continue
        state.attacker = uid
        events.append(Event("battle", state.active, (state.ids[uid], uid)))
        if state.players[defender].field:
            state.phase = BLOCK
        else:
            events.append(Event("unblocked", defender))
            state.phase = WINDOW_ATK
        return
    state.queue = []
    state.qi = 0
    state.phase = FATE


def _finish_battle(state: DestinyState, events: list[DestinyEvent]) -> None:
    """§6.6: modifiers of the attacker and blocker end; JA and CA end; next attack."""
    for uid in (state.attacker, state.blocker):
        if uid >= 0:
            u = state.user(uid)
            if u is not None:
                u.mod = 0
    _next_attack(state, events)


def _damage(state: DestinyState, events: list[DestinyEvent]) -> None:
    """§6.3–6.5: the damage step."""
    seat = state.active
    att = state.user(state.attacker)
    assert att is not None
    a_card = state.ids[att.uid]
    if state.blocker < 0:
        a = state.power(att)
        if state.variant[V_OMNI_DIRECT] and state.variant[V_WHEEL] != 2 and state.defs[att.uid].attribute == ZENNO:
            a += 1  # the omni_direct variant: 全能's "strong when attacking" with no defender too (§6.5.4)
        events.append(Event("direct", seat, (a_card, att.uid, a, state.ca)))
        lose(state, 1 - seat, a + state.ca, events)
        return
    blk = state.user(state.blocker)
    assert blk is not None
    a_power = state.power(att)
    d_power = state.power(blk)
    a_attr = state.defs[att.uid].attribute
    d_attr = state.defs[blk.uid].attribute
    result = clash(a_power, a_attr, d_power, d_attr, state.ja, state.ca, state.variant[V_WHEEL])
    a_mod, d_mod = modifiers(a_attr, d_attr, state.ja, state.variant[V_WHEEL])
    events.append(Event("clash", seat, (a_card, att.uid, result.a, state.ids[blk.uid], blk.uid, result.d,
                                        a_power, a_attr, a_mod, d_power, d_attr, d_mod)))
    if result.attacker_leaves:
        remove_user(state, att.uid, events)
    if result.blocker_leaves:
        remove_user(state, blk.uid, events)
    lose(state, 1 - seat, result.loss, events)


# ----- answers ----------------------------------------------------------------
def _answer_summon(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    kind, arg = split_option(option)
    if kind == "summon":
        _summon(state, int(arg), events)
    elif kind == "effect":
        effects.begin(state, state.active, int(arg), MAIN, events)
    else:
        _attack_step(state, events)


def _answer_upkeep(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    kind, arg = split_option(option)
    seat = state.active
    uid = int(arg)
    state.qi += 1
    if kind != "pay":
        remove_user(state, uid, events, "release")
        return
    u = state.user(uid)
    assert u is not None
    events.append(Event("upkeep", seat, (state.ids[uid], uid, state.defs[uid].power)))
    pay(state, seat, state.defs[uid].power, events)
    if not u.veteran:
        u.veteran = True
        events.append(Event("veteran", seat, (state.ids[uid], uid)))


def _answer_window(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    seat = state.active
    attacking = state.phase == WINDOW_ATK
    who = seat if attacking else 1 - seat
    if option == "pass":
        events.append(Event("pass", who))
        if attacking:
            state.phase = WINDOW_DEF
        else:
            _damage(state, events)
            _finish_battle(state, events)
        return
    uid = option_uid(option)  # effect:<uid>
    if uid == state.attacker:
        timing = effects.user_group(state, uid)
        state.used = True
        effects.begin(state, seat, uid, timing, events, field=True, free=effects.user_effect_free(state, uid))
    else:
        effects.begin(state, who, uid, BATTLE, events)


def _answer_block(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    uid = option_uid(option)  # block:<uid>
    state.blocker = uid
    events.append(Event("block", 1 - state.active, (state.ids[uid], uid)))
    state.phase = WINDOW_ATK


def _answer_declare(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    seat = state.active
    if option == "done":
        events.append(Event("attackers_done", seat, (len(state.queue),)))
        state.qi = 0
        _next_attack(state, events)
        return
    uid = option_uid(option)  # attack:<uid>
    state.queue.append(uid)
    events.append(Event("attack", seat, (state.ids[uid], uid)))


def _answer_fate(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    seat = state.active
    if option != "skip":
        uid = option_uid(option)  # select:<uid>
        take_from_hand(state, seat, uid)
        state.players[seat].discard.append(uid)
        events.append(Event("fate", seat, (state.ids[uid], uid)))
        gain(state, seat, state.defs[uid].power, events)
    else:
        events.append(Event("fate_skip", seat))
    end_turn(state, events)


def _answer_houki(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    seat = state.active
    uid = state.pending
    if option != "skip":
        extra = option_uid(option)  # select:<uid>
        take_from_hand(state, seat, extra)
        state.players[seat].discard.append(extra)
        u = state.user(uid)
        assert u is not None
        u.ready = True
        events.append(Event("houki", seat, (state.ids[extra], extra, state.ids[uid], uid)))
    state.pending = -1
    state.phase = SUMMON
    hako_check(state, seat, uid, events, summon=True)


def _answer_kijutsu(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    seat = state.active
    uid = state.pending
    state.pending = -1
    state.phase = SUMMON
    if option != "skip":
        timing = TIMINGS.index(split_option(option)[1])  # use:<timing>
        events.append(Event("kijutsu", seat, (state.ids[uid], uid)))
        effects.begin(state, seat, uid, timing, events, field=True, no_response=True)


def _answer_mulligan(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    who = mulligan_seat(state)
    p = state.players[who]
    if option == "mulligan":
        p.deck.extend(p.hand)
        p.hand = []
        state.chance.shuffle(p.deck)
        events.append(Event("mulligan", who))
        draw(state, who, HAND_SIZE, events)
    else:
        events.append(Event("keep", who))
    state.sub += 1
    if state.sub == 2:
        begin_turn(state, state.first, events)


def _answer_ability(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    state.players[state.sub].ability = "none" if option == "none" else split_option(option)[1]  # ability:<id>
    state.sub += 1
    if state.sub == 2:
        start(state, events)


#: How an answer to each phase's decision is applied.
ANSWERS: Final[dict[int, Callable[[DestinyState, str, list[DestinyEvent]], None]]] = {
    ABILITY: _answer_ability, MULLIGAN: _answer_mulligan, UPKEEP: _answer_upkeep, SUMMON: _answer_summon,
    HOUKI_PICK: _answer_houki, KIJUTSU_PICK: _answer_kijutsu, DECLARE: _answer_declare, BLOCK: _answer_block,
    WINDOW_ATK: _answer_window, WINDOW_DEF: _answer_window, FATE: _answer_fate,
}


def answer(state: DestinyState, option: str, events: list[DestinyEvent]) -> None:
    """Apply a (legal) answer to the pending decision, then run automatic steps."""
    if state.stack:
        effects.answer(state, option, events)
    else:
        ANSWERS[state.phase](state, option, events)
    proceed(state, events)


def apply_unchecked(state: DestinyState, option_id: str, events: list[DestinyEvent]) -> None:
    """:meth:`DestinyGame.apply_unchecked`: clear the cached decision, apply the answer and run on; the
    end of the game (:class:`~grimoire.core.game.GameEnded`) stops the run. Here rather than in the game
    class so the compiled build runs it natively."""
    state.cache = None
    try:  # noqa: SIM105 — contextlib.suppress costs a context manager per answer on the hottest call
        answer(state, option_id, events)
    except GameEnded:
        pass


def proceed(state: DestinyState, events: list[DestinyEvent]) -> None:
    """Run automatic steps until a decision is pending (or the game is over)."""
    while not state.stack:
        phase = state.phase
        if phase == UPKEEP:
            p = state.players[state.active]
            while state.qi < len(state.queue) and p.user(state.queue[state.qi]) is None:
                state.qi += 1
            if state.qi < len(state.queue):
                return
            state.queue = []
            state.qi = 0
            state.phase = SUMMON
            return
        if (phase in (WINDOW_ATK, WINDOW_DEF) and state.variant[V_BLOCKER] and state.blocker >= 0
                and state.user(state.blocker) is None and state.user(state.attacker) is not None):
            state.blocker = -1  # blocker_leaves=unblocked: the attack goes on as if unblocked
            events.append(Event("blocker_left", state.active, (state.ids[state.attacker], state.attacker)))
        if phase in (WINDOW_ATK, WINDOW_DEF) and (
                state.user(state.attacker) is None or (state.blocker >= 0 and state.user(state.blocker) is None)):
            events.append(Event("battle_void", state.active, (state.ids[state.attacker], state.attacker)))
            _finish_battle(state, events)
            continue
        return
