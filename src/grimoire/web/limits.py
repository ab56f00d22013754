"""The server's limits: what one client may ask of it, as configuration with sane defaults.

Every limit has a name, a default, a unit and what it protects; ``grimoire serve
--limit NAME=VALUE`` overrides one (``grimoire serve --help`` and ``docs/server.md``
list them all). :class:`Limits` holds the values in force.

>>> Limits().max_body
65536
>>> Limits.parse(["ws_rate=5", "expire_days=0.5"]).ws_rate, Limits.parse(["expire_days=0.5"]).expire_days
(5.0, 0.5)
>>> Limits.parse(["max_body=-1"])
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: --limit max_body must be at least 1024, got -1
>>> Limits.parse(["nosuch=1"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: unknown limit 'nosuch'; limits: max_body, ...
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from grimoire.core.errors import GrimoireError


@dataclass(frozen=True)
class LimitSpec:
    """One limit: its default, least allowed value, unit and what it protects."""

    name: str
    default: float
    minimum: float
    unit: str
    protects: str


SPECS = (
    LimitSpec("max_body", 65536, 1024, "bytes", "request body of a POST (a deck list is a few KB): memory and "
              "event-loop time"),
    LimitSpec("body_timeout", 10, 0.1, "s", "time to send a whole request body (slow uploads hold a connection)"),
    LimitSpec("json_depth", 16, 2, "levels", "nesting of JSON in bodies and messages (deep nesting crashes parsers)"),
    LimitSpec("json_digits", 15, 1, "digits", "digits of a JSON number; Infinity and NaN are always refused "
              "(huge numbers cost CPU and overflow)"),
    LimitSpec("json_items", 2000, 16, "items", "members and elements of one JSON body or message, counted before "
              "parsing (a request of many keys costs the parser and every check after it)"),
    LimitSpec("ws_message", 4096, 256, "bytes", "one WebSocket message from a client"),
    LimitSpec("ws_rate", 20, 0.1, "messages/s", "messages a socket may send, sustained; over it the socket is "
              "closed with the error 'rate'"),
    LimitSpec("ws_burst", 60, 1, "messages", "messages a socket may send at once before the rate applies"),
    LimitSpec("ws_queue", 64, 4, "messages", "updates queued for a socket that does not read; over it the socket is "
              "closed (memory)"),
    LimitSpec("ws_queue_bytes", 2 * 1024 * 1024, 65536, "bytes", "bytes queued for a socket that does not read"),
    LimitSpec("conns_per_client", 32, 1, "connections", "open connections (HTTP and WebSocket) from one client "
              "address: file descriptors"),
    LimitSpec("sockets_per_minute", 120, 1, "sockets", "game sockets one client address may open per minute (each "
              "is a handshake, the whole state and a database write on the event loop)"),
    LimitSpec("header_timeout", 10, 0.1, "s", "time to send a request's headers, and idle time of a connection "
              "between requests (half-sent requests hold file descriptors)"),
    LimitSpec("creates_per_minute", 10, 1, "games", "games one client address may create per minute"),
    LimitSpec("open_games_per_client", 20, 1, "games", "unfinished games one client address may have"),
    LimitSpec("expire_days", 7, 0.0001, "days", "an unfinished game nobody answered for this long is deleted, "
              "and so is an invitation nobody accepted (finished games stay)"),
    LimitSpec("finished_ai_days", 7, 0.0001, "days", "a finished game against the computer is deleted this long "
              "after its end (games between people stay): database growth"),
    LimitSpec("think_queue", 64, 1, "jobs", "computer moves waiting for a thinking process; the others wait their "
              "turn"),
    LimitSpec("saves_per_minute", 20, 1, "saves", "cards and decks one client address may save per minute "
              "(database growth)"),
    LimitSpec("computes_per_minute", 60, 1, "requests", "requests one client address may make per minute of the "
              "endpoints that compute (deck check, card preview, history pages, records, branches, saved-deck "
              "lists): the event loop's time"),
    LimitSpec("idle_claim", 300, 1, "s", "in an untimed game, how long the player to move may be away (no "
              "connection, no answer) before the other may claim the win: no game waits for ever"),
    LimitSpec("webhooks", 1, 0, "(1 on, 0 off)", "whether a game may name a URL the server POSTs each move to "
              "(play by post): 0 for a server that must not make requests of its own"),
    LimitSpec("verdicts", 1, 0, "verdicts", "card verdicts (the editor's \"Is it too strong?\": hundreds of games "
              "each) running on the server at once; each client runs at most one; 0 turns them off: CPU"),
    LimitSpec("verdict_workers", 2, 1, "processes", "worker processes playing one card verdict's games (1: in a "
              "thread of the server): CPU"),
    LimitSpec("verdict_games", 32, 1, "games", "games of a card verdict per (deck, opponent) pairing and arm "
              "(fewer: a quicker, wider verdict): CPU"),
    LimitSpec("verdict_seconds", 300, 1, "s", "longest a card verdict runs; it ends with the games played by then: "
              "CPU"),
)
_BY_NAME = {s.name: s for s in SPECS}
_INTS = {"max_body", "json_depth", "json_digits", "json_items", "ws_message", "ws_burst", "ws_queue", "ws_queue_bytes",
         "conns_per_client", "sockets_per_minute", "creates_per_minute", "open_games_per_client", "think_queue",
         "saves_per_minute",
         "computes_per_minute", "webhooks", "verdicts", "verdict_workers", "verdict_games"}


@dataclass(frozen=True)
class Limits:
    """The limits in force (see :data:`SPECS` for what each protects)."""

    max_body: int = 65536
    body_timeout: float = 10.0
    json_depth: int = 16
    json_digits: int = 15
    json_items: int = 2000
    ws_message: int = 4096
    ws_rate: float = 20.0
    ws_burst: int = 60
    ws_queue: int = 64
    ws_queue_bytes: int = 2 * 1024 * 1024
    conns_per_client: int = 32
    sockets_per_minute: int = 120
    header_timeout: float = 10.0
    creates_per_minute: int = 10
    open_games_per_client: int = 20
    expire_days: float = 7.0
    finished_ai_days: float = 7.0
    think_queue: int = 64
    saves_per_minute: int = 20
    computes_per_minute: int = 60
    idle_claim: float = 300.0
    webhooks: int = 1
    verdicts: int = 1
    verdict_workers: int = 2
    verdict_games: int = 32
    verdict_seconds: float = 300.0

    @classmethod
    def parse(cls, pairs: Iterable[str]) -> Limits:
        """Limits from ``NAME=VALUE`` strings (the rest stay at their defaults); GrimoireError if bad."""
        values: dict[str, Any] = {}
        for pair in pairs:
            name, sep, raw = pair.partition("=")
            name = name.strip().replace("-", "_")
            spec = _BY_NAME.get(name)
            if spec is None:
                raise GrimoireError(f"unknown limit {name!r}; limits: {', '.join(_BY_NAME)}")
            if not sep:
                raise GrimoireError(f"--limit {name} needs a value: {name}=VALUE")
            try:
                value = float(raw)
            except ValueError:
                raise GrimoireError(f"--limit {name} must be a number, got {raw!r}") from None
            if not math.isfinite(value) or value < spec.minimum:
                raise GrimoireError(f"--limit {name} must be at least {spec.minimum:g}, got {raw.strip()}")
            values[name] = int(value) if name in _INTS else value
        return cls(**values)

    def replace(self, **changes: Any) -> Limits:
        """A copy with some limits changed."""
        return dataclasses.replace(self, **changes)


def help_text() -> str:
    """Every limit with its default, for ``grimoire serve --help``."""
    return "; ".join(f"{s.name} ({s.default:g} {s.unit})" for s in SPECS)


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved.

    >>> b = Bucket(1.0, 2, now=0.0)
    >>> b.take(now=0.0), b.take(now=0.0), b.take(now=0.0), b.take(now=1.0)
    (True, True, False, True)
    """

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, now: float | None = None) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Spend one token; False when none is left."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Rates:
    """A token bucket per client key: ``per_minute`` requests a minute, as many at once.

    >>> r = Rates(2)
    >>> r.take("a", now=0.0), r.take("a", now=0.0), r.take("a", now=0.0), r.take("b", now=0.0)
    (True, True, False, True)
    """

    def __init__(self, per_minute: float, most_clients: int = 100_000) -> None:
        self.per_minute = per_minute
        self.most_clients = most_clients
        self.buckets: dict[str, Bucket] = {}

    def take(self, key: str, now: float | None = None) -> bool:
        """Spend one request of ``key``'s; False when it has none left."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.most_clients:  # memory: forget the fullest (longest idle) buckets
                stamp = time.monotonic() if now is None else now
                self.buckets = {k: b for k, b in self.buckets.items() if stamp - b.stamp < 60.0}
            bucket = self.buckets[key] = Bucket(self.per_minute / 60.0, self.per_minute, now)
        return bucket.take(now)
