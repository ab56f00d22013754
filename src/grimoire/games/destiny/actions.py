"""Primitive actions shared by the turn flow and the effect interpreter.

Threads (gain, loss, payment, the Lucky! check of §8.2), draws, users leaving the field
and the end of the game. Ending the game sets the outcome and raises
:class:`~grimoire.core.game.GameEnded`, which :meth:`DestinyGame.apply_unchecked`
catches: nothing runs after a forecaster loses.
"""

from __future__ import annotations

from typing import NoReturn

from grimoire.core.decision import DRAWN, Event, Termination
from grimoire.core.game import GameEnded

from .cards import HAKO, ZENNO
from .kinds import DestinyEvent, EventKind
from .state import OVER, V_HAKO, V_HAKO_LIMIT, V_HAKO_TURN, DestinyState, User


def end_game(state: DestinyState, loser: int, reason: Termination, events: list[DestinyEvent]) -> NoReturn:
    """``loser`` loses (or, with -1, the game is drawn); raises :class:`~grimoire.core.game.GameEnded`."""
    state.winner = DRAWN if loser < 0 else 1 - loser
    state.reason = reason
    state.phase = OVER
    if loser < 0:
        events.append(Event("game_drawn", state.active, (reason,)))
    else:
        events.append(Event("game_won", 1 - loser, (reason,)))
    raise GameEnded


def draw(state: DestinyState, seat: int, n: int, events: list[DestinyEvent]) -> int:
    """``seat`` draws up to ``n`` cards (never loses); returns how many were drawn."""
    p = state.players[seat]
    got = 0
    while got < n and p.deck:
        uid = p.deck.pop()
        p.hand.append(uid)
        events.append(Event("draw", seat, (state.ids[uid], uid), seat))
        got += 1
    return got


def gain(state: DestinyState, seat: int, n: int, events: list[DestinyEvent], kind: EventKind = "gain") -> None:
    """``seat`` gains ``n`` threads (no maximum)."""
    p = state.players[seat]
    p.threads += n
    events.append(Event(kind, seat, (n, p.threads)))


def lose(state: DestinyState, seat: int, n: int, events: list[DestinyEvent]) -> None:
    """``seat`` loses ``n`` threads (clamped at 0); reaching 0 runs the Lucky! check."""
    if n <= 0:
        return
    p = state.players[seat]
    before = p.threads
    p.threads = p.threads - n if p.threads > n else 0
    events.append(Event("lose", seat, (n, p.threads)))
    if p.threads == 0:
        reach_zero(state, seat, events, before, n)


def pay(state: DestinyState, seat: int, n: int, events: list[DestinyEvent]) -> None:
    """``seat`` pays a cost of ``n`` threads (the caller checked it is payable, §8.1)."""
    if n <= 0:
        return
    p = state.players[seat]
    p.threads -= n
    events.append(Event("pay", seat, (n, p.threads)))
    if p.threads == 0:
        reach_zero(state, seat, events, n, n)


def reach_zero(state: DestinyState, seat: int, events: list[DestinyEvent], before: int = 0, loss: int = 0) -> None:
    """§8.2: reveal the top card; Lucky! saves once per cycle, anything else loses. ``before`` and
    ``loss`` (the threads before the loss or payment that reached 0, and its size) explain the reveal."""
    p = state.players[seat]
    if p.saved:
        end_game(state, seat, Termination.SECOND_ZERO, events)
    p.saved = True
    if not p.deck:
        end_game(state, seat, Termination.EMPTY_REVEAL, events)
    uid = p.deck[-1]
    card = state.ids[uid]
    if not state.defs[uid].lucky:
        events.append(Event("reveal", seat, (card, uid, before, loss)))
        end_game(state, seat, Termination.NO_LUCKY, events)
    p.deck.pop()
    p.field.append(User(uid))
    events.append(Event("lucky", seat, (card, uid, before, loss)))


def remove_user(state: DestinyState, uid: int, events: list[DestinyEvent], kind: EventKind = "leave") -> bool:
    """The user ``uid`` leaves the field to its owner's discard pile (False if not there)."""
    seat = state.owner[uid]
    p = state.players[seat]
    for i, u in enumerate(p.field):
        if u.uid == uid:
            del p.field[i]
            p.discard.append(uid)
            events.append(Event(kind, seat, (state.ids[uid], uid)))
            return True
    return False


def take_from_hand(state: DestinyState, seat: int, uid: int) -> None:
    """Remove a card from hand or crisis zone (used "as if in hand", §9.4.1)."""
    p = state.players[seat]
    if uid in p.hand:
        p.hand.remove(uid)
    else:
        p.crisis.remove(uid)


def hako_check(state: DestinyState, seat: int, uid: int, events: list[DestinyEvent], summon: bool = False) -> None:
    """§9.4: every 全能 summon or use fills the crisis zone with 4 cards (under ``hako_limit=first_per_turn``
    only the first in each turn; under ``hako_trigger=summon`` only a summon counts; under ``hako_turn=own``
    only in its owner's turn)."""
    if (state.variant[V_HAKO] == 1 and not summon) or (state.variant[V_HAKO_TURN] and seat != state.active):
        return
    p = state.players[seat]
    if p.ability != HAKO or state.defs[uid].attribute != ZENNO:
        return
    if p.hako == state.turn and state.variant[V_HAKO_LIMIT]:
        return
    p.hako = state.turn
    events.append(Event("hako", seat, (state.ids[uid],)))
    for _ in range(4):
        if not p.deck:
            break
        got = p.deck.pop()
        p.crisis.append(got)
        events.append(Event("crisis", seat, (state.ids[got], got)))
