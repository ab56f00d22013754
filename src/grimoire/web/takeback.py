"""Taking answers back at the web table (:mod:`grimoire.core.undo`).

A seat may take back its own last answer, one at a time, back to the last new information
(a card it drew, a coin, a reveal, the opponent's answer). Against the computer it is done at
once; between people it is a request (``takeback``) the other seat accepts
(``takeback_yes``) or refuses (``takeback_no``). The stored answers are cut to those that
stand, so the record and the replay show only them, and every connection of the game is
sent the whole state again. The ``table`` message carries ``takeback``: how many answers
each seat may take back now (``limit``), the seat whose request waits (``asked``) and the
seat whose last request was refused (``refused``).

A seat's limit costs a replay of its last answer from positions it cannot tell apart
(:func:`grimoire.core.undo.reveals`), so it is computed only when it can matter: for a seat
played by a person, that gave the last answer, and that has a page of its own on this
server that asked for the ``table`` messages (the page that shows its take-back button);
every other seat's ``limit`` is 0 without computing anything. A request computes it
(once per position) whatever a page asked for.

A server whose processes share one database does not offer it (another process would keep
the answers taken back): every ``limit`` is 0 there.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from grimoire.core.undo import TakeBackError, take_back

from .errors import ClientError
from .games import running_for
from .live import Conn, LiveGame
from .storage import StorageError

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("grimoire.web")


def watched(live: LiveGame, seat: int) -> bool:
    """Whether ``seat`` has a page on this server that asked for the ``table`` messages (one that shows its
    take-back button)."""
    return any(c.seat == seat and c.table for c in live.conns)


def limit(live: LiveGame, seat: int) -> int:
    """How many answers ``seat`` may take back now, computed once per position (step by step:
    :class:`grimoire.core.undo.TakeBackCounter`, never a replay of the whole game per answer)."""
    match = live.match
    if match.decision is None or live.ai_seat(seat) or not match.deciders or match.deciders[-1] != seat:
        return 0  # over, the computer's seat, or the other seat answered last: nothing to compute
    cached = live.takeback_limits
    if cached is None or cached[0] != live.seq:
        cached = live.takeback_limits = (live.seq, [None, None])
    found = cached[1][seat]
    if found is None:
        found = cached[1][seat] = live.takeback_counters[seat].limit(match)
    return found


def limits(live: LiveGame, shared: bool = False) -> list[int]:
    """The ``limit`` of the ``table`` message: per seat, how many answers it may take back now where that can
    matter (see the module docstring), else 0. ``shared``: processes share the database (no take-backs)."""
    if shared:
        return [0, 0]
    return [limit(live, seat) if watched(live, seat) else 0 for seat in (0, 1)]


def payload(live: LiveGame, shared: bool = False) -> dict[str, Any]:
    """The ``takeback`` part of the ``table`` message."""
    return {"limit": limits(live, shared), "asked": live.takeback_asked, "refused": live.takeback_refused}


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
        if limit(live, seat) == 0:
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
