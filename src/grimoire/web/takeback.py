"""Taking answers back at the web table (:mod:`grimoire.core.undo`).

A seat may take back its own last answer, one at a time, back to the last new information
(a card it drew, a coin, a reveal, the opponent's answer). Against the computer it is done at
once; between people it is a request (``takeback``) the other seat accepts
(``takeback_yes``) or refuses (``takeback_no``). The stored answers are cut to those that
stand, so the record and the replay show only them, and every connection of the game is
sent the whole state again. The ``table`` message carries ``takeback``: how many answers
each seat may take back now (``limit``), the seat whose request waits (``asked``) and the
seat whose last request was refused (``refused``).

A server whose processes share one database does not offer it (another process would keep
the answers taken back).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from grimoire.core.undo import TakeBackError, take_back, takeback_limit

from .errors import ClientError
from .games import running_for
from .live import Conn, LiveGame
from .storage import StorageError

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("grimoire.web")


def limits(live: LiveGame) -> list[int]:
    """How many answers each seat may take back now (a computer seat: none); computed once per position,
    step by step (:class:`grimoire.core.undo.TakeBackCounter`: never a replay of the whole game per answer)."""
    if live.match.decision is None:  # over (a concession or a flag leaves the answers as they were)
        return [0, 0]
    cached = live.takeback_limits
    if cached is not None and cached[0] == live.seq:
        return list(cached[1])
    found = [0 if live.ai_seat(seat) else live.takeback_counters[seat].limit(live.match) for seat in (0, 1)]
    live.takeback_limits = (live.seq, found)
    return list(found)


def payload(live: LiveGame) -> dict[str, Any]:
    """The ``takeback`` part of the ``table`` message."""
    return {"limit": limits(live), "asked": live.takeback_asked, "refused": live.takeback_refused}


class TakeBacks:
    """Requests, answers and the taking back itself (see the module docstring)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def _check(self, live: LiveGame, seat: int | None) -> int:
        """The seat's answers may be taken back now: ``seat`` as an int; ClientError otherwise."""
        if seat is None:
            raise ClientError("not_your_turn", "spectator")
        if live.match.decision is None:
            raise ClientError("stale", "over")
        if self.hub.shared is not None:
            raise ClientError("not_yet", "takeback_shared")
        if takeback_limit(live.match, seat) == 0:
            raise ClientError("not_yet", "takeback_none")
        return seat

    async def request(self, live: LiveGame, conn: Conn) -> None:
        """``conn``'s seat asks to take back its last answer: done at once against the computer, else the
        other seat is asked."""
        seat = self._check(live, conn.seat)
        if live.ai_seat(1 - seat):
            await self.apply(live, seat)
            return
        live.takeback_asked = seat
        live.takeback_refused = None
        self.hub.table.send(live)

    async def answer(self, live: LiveGame, conn: Conn, accept: bool) -> None:
        """The other seat accepts or refuses the waiting request."""
        asked = live.takeback_asked
        if conn.seat is None:
            raise ClientError("not_your_turn", "spectator")
        if asked is None or asked == conn.seat:
            raise ClientError("not_yet", "takeback_no_request")
        live.takeback_asked = None
        if not accept:
            live.takeback_refused = asked
            self.hub.table.send(live)
            return
        self._check(live, asked)
        await self.apply(live, asked)

    async def apply(self, live: LiveGame, seat: int) -> None:
        """Take back ``seat``'s last answer: the stored answers are cut first, then the game, then everyone
        is sent the whole state."""
        async with live.lock:
            steps = len(live.match.answers) - 1
            try:
                await self.hub.games.db(self.hub.store.remove_answer, live.id, steps)
            except StorageError as exc:
                log.error("game %s: answers from %d not removed: %s", live.id, steps, exc)
                raise ClientError("unavailable") from None
            try:
                take_back(live.match, seat)
            except TakeBackError:  # checked just before: the game cannot have moved under the lock
                log.exception("game %s: a take-back checked a moment ago was refused", live.id)
                raise ClientError("not_yet", "takeback_none") from None
            live.takeback_asked = None
            live.takeback_refused = None
            live.takeback_limits = None  # the same number of answers may now be followed by others
            for counter in live.takeback_counters:
                counter.reset()
            running_for(live)
        self.hub.replays.forget(live.id)
        for conn in list(live.conns):
            self.hub.out.send_full(live, conn)
        self.hub.table.arm(live)
        self.hub.table.send(live)
        self.hub.kick(live)

    def stepped(self, live: LiveGame) -> None:
        """An answer was applied: a waiting request or a refusal no longer applies."""
        live.takeback_asked = None
        live.takeback_refused = None
