"""Sending each connection of a game its own update: the whole state, or what changed.

Views are computed once per seat and language; the connection whose answer caused the
update gets the same payload with ``"ack"``: the sequence number of that answer. A
connection is sent the whole state (view and whole log) only when it has not got the
current one in its language: a repeated ``hello`` or ``lang`` that changes nothing gets
the small ``{"type": "same"}`` instead (see :meth:`Broadcaster.refresh`).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from grimoire.core.decision import Event
from grimoire.core.setup_choices import declared_answer

from .live import Conn, LiveGame
from .protocol import dumps, state_payload

Key = tuple[int | None, str]


def declared(live: LiveGame) -> str | None:
    """The answer the deciding seat's deck declares to the pending decision (a person's default)."""
    decision = live.match.decision
    return None if decision is None else declared_answer(live.match.setup.decks[decision.player].choices, decision)


class Broadcaster:
    """Per-connection updates of the live games (a connection too far behind is dropped).

    The whole state with the whole log (tens of KB in a long game) is rendered once per game position,
    seat and language and kept in a small cache (:data:`FULL_CACHE` texts, least recently used
    dropped): sockets switching language back and forth, or many spectators joining, cost a
    look-up each, not a rendering.
    """

    FULL_CACHE = 64

    def __init__(self) -> None:
        self.full: OrderedDict[tuple[str, int, int, bool, bool, int | None, str], str] = OrderedDict()

    def full_text(self, live: LiveGame, seat: int | None, lang: str) -> str:
        """The whole state and log of ``live`` for ``seat`` in ``lang``, as sent (cached)."""
        m = live.match
        # held: a board coin's answer waiting on its post time (the same seq and log, another decision)
        key = (live.id, live.seq, len(m.log), m.outcome is None, m.held is not None, seat, lang)
        text = self.full.get(key)
        if text is None:
            text = dumps(state_payload(live.game, m.state, m.decision, live.seq, seat, lang, m.log, full_log=True,
                                       outcome=m.outcome, default=declared(live)))
            self.full[key] = text
            while len(self.full) > self.FULL_CACHE:
                self.full.popitem(last=False)
        else:
            self.full.move_to_end(key)
        return text

    def send_full(self, live: LiveGame, conn: Conn) -> None:
        """Send a connection the whole state and the whole log."""
        m = live.match
        conn.seen = len(m.log)
        conn.sent = (live.seq, conn.seat, conn.lang)
        conn.send(self.full_text(live, conn.seat, conn.lang))

    def refresh(self, live: LiveGame, conn: Conn) -> None:
        """The whole state if the connection lacks the current one (seat and language included), else ``same``."""
        if conn.sent == (live.seq, conn.seat, conn.lang) and conn.seen == len(live.match.log):
            conn.send({"type": "same", "seq": live.seq})
        else:
            self.send_full(live, conn)

    def broadcast(self, live: LiveGame, before: int, by: Conn | None, acked: int) -> None:
        """Send every connection the events after the first ``before`` of the log; ``by`` gets ``ack``."""
        m = live.match
        new_events: list[Event] = m.log[before:]
        payloads: dict[Key, dict[str, Any]] = {}
        texts: dict[Key, str] = {}
        dropped = []
        for conn in list(live.conns):
            if conn.seen != before:  # fell out of step (cannot normally happen): resend everything
                self.send_full(live, conn)
                continue
            key = (conn.seat, conn.lang)
            payload = payloads.get(key)
            if payload is None:
                payload = payloads[key] = state_payload(live.game, m.state, m.decision, live.seq, conn.seat,
                                                        conn.lang, new_events, log=m.log,
                                                        outcome=m.outcome, default=declared(live))
            conn.seen = len(m.log)
            conn.sent = (live.seq, conn.seat, conn.lang)
            if conn is by:
                text = dumps({**payload, "ack": acked})
            else:
                text = texts.get(key) or dumps(payload)
                texts[key] = text
            if not conn.send(text):
                dropped.append(conn)
        for conn in dropped:  # overflowed: its socket is closed by its handler
            live.conns.discard(conn)
