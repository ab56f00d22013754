"""Announcing the moves of a game to a URL: a forum's or a chat's bot posts "your move" for play by post.

A game may be created with ``"webhook": "https://…"``. After each answer stored by this server (and
when the game ends) the process that stored it — never the others that only catch up — POSTs one JSON
object there, off the event loop, once, with a short timeout; a failure is logged and changes nothing::

    {"game": "<id>", "name": "chant", "step": 12, "to_move": 1, "finished": false, "outcome": null,
     "url": "<public url of the game>", "post": "<what happened, as a spectator sees it>"}

``to_move`` is the seat whose decision is pending (null once the game is over); ``post`` is the public
account of the moves since the previous announcement, one line each, in the game's first language
(Japanese), never anything hidden from a spectator. A server that should send nothing runs with the
limit ``webhooks=0``; the URL must be ``http`` or ``https`` with a host.
"""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from .errors import ClientError
from .live import LiveGame
from .protocol import outcome_payload, render_events

log = logging.getLogger("grimoire.web")

MAX_URL = 500
TIMEOUT_S = 5.0
#: lines of the log an announcement carries at most (the newest)
MAX_LINES = 40


def webhook_url(raw: Any, allowed: bool) -> str | None:
    """The webhook a creation request names (None, ``""``: none); a bad one is a one-line ClientError.

    >>> webhook_url("https://bot.example/grimoire", True)
    'https://bot.example/grimoire'
    >>> webhook_url(None, True) is None
    True
    >>> webhook_url("ftp://x", True)
    Traceback (most recent call last):
    ...
    grimoire.web.errors.ClientError: bad_message: 'webhook' must be an http(s) URL of at most 500 characters
    """
    if raw is None or raw == "":
        return None
    bad = ClientError("bad_message", "field", field="webhook", what="an http(s) URL of at most {n} characters",
                      n=MAX_URL)
    if not isinstance(raw, str) or len(raw) > MAX_URL or any(c.isspace() or ord(c) < 32 for c in raw):
        raise bad
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise bad
    if not allowed:
        raise ClientError("bad_message", "webhooks_off")
    return raw


class Announcer:
    """Sends a game's announcements (see the module docstring); ``base_url`` makes the game's link."""

    def __init__(self, base_url: str = "") -> None:
        self.base_url = base_url
        self._sent: dict[str, int] = {}  # per game: log length already announced by this process
        self.tasks: set[asyncio.Task[None]] = set()

    def payload(self, live: LiveGame) -> dict[str, Any]:
        """The announcement of ``live`` now, marking its log as announced."""
        log_events = live.match.log
        start = self._sent.get(live.id, max(0, len(log_events) - MAX_LINES))
        self._sent[live.id] = len(log_events)
        lines = [e["t"] for e in render_events(live.game, log_events[start:], None, "ja")][-MAX_LINES:]
        decision = live.match.decision
        outcome = live.match.outcome
        return {"game": live.id, "name": live.game.name, "step": live.seq,
                "to_move": None if decision is None else decision.player, "finished": outcome is not None,
                "outcome": None if outcome is None else outcome_payload(live.game, outcome, "ja", live.match.log),
                "url": f"{self.base_url}/g/{live.id}", "post": "\n".join(lines)}

    def stepped(self, live: LiveGame) -> None:
        """After an answer or an ending stored by this process: announce it, if the game has a webhook."""
        url = live.stored.webhook
        if not url:
            return
        body = json.dumps(self.payload(live), ensure_ascii=False).encode("utf-8")
        task = asyncio.get_running_loop().create_task(asyncio.to_thread(send, url, body))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        if live.match.outcome is not None:
            self._sent.pop(live.id, None)


def send(url: str, body: bytes) -> None:
    """POST ``body`` (JSON) to ``url``; any failure is logged, never raised."""
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json; charset=utf-8",
                                              "User-Agent": "grimoire-webhook"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
            response.read(1024)
    except (OSError, ValueError) as exc:
        log.warning("webhook %s not delivered: %s", url, exc)
