"""Sending each connection of a game its own update: the whole state, or what changed.

Views are computed once per seat and language; the connection whose answer caused the
update gets the same payload with ``"ack"``: the sequence number of that answer. A
connection is sent the whole state (view and whole log) only when it has not got the
current one in its language: a repeated ``hello`` or ``lang`` that changes nothing gets
the small ``{"type": "same"}`` instead (see :meth:`Broadcaster.refresh`).
"""

from __future__ import annotations

from typing import Any

from grimoire.core.decision import Event

from .live import Conn, LiveGame
from .protocol import dumps, state_payload

Key = tuple[int | None, str]


class Broadcaster:
    """Per-connection updates of the live games (a connection too far behind is dropped)."""

    def send_full(self, live: LiveGame, conn: Conn) -> None:
        """Send a connection the whole state and the whole log."""
        m = live.match
        conn.seen = len(m.log)
        conn.sent = (live.seq, conn.seat, conn.lang)
        conn.send(state_payload(live.game, m.state, m.decision, live.seq, conn.seat, conn.lang, m.log, full_log=True,
                                outcome=m.outcome))

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
                                                        outcome=m.outcome)
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
