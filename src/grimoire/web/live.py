"""A game in memory and its connections: :class:`LiveGame` and :class:`Conn`.

>>> conn = Conn(0, "ja")
>>> conn.send({"type": "pong"}), conn.take_nowait()
(True, '{"type":"pong"}')
>>> small = Conn(None, "en", max_queue=2)
>>> small.send("a"), small.send("b"), small.send("c"), small.overflowed
(True, True, False, True)
>>> hash_token("secret") == hash_token("secret") != hash_token("other")
True
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from grimoire.core.branch import Branch
from grimoire.core.clock import Clock
from grimoire.core.decks import Deck
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.play import Agent
from grimoire.core.rng import Chance
from grimoire.core.undo import TakeBackCounter

from .protocol import dumps
from .storage import StoredGame

HUMAN = "human"
MAX_QUEUE = 64
MAX_QUEUE_BYTES = 2 * 1024 * 1024


def hash_token(token: str) -> str:
    """The stored form of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def stored_setup(game: Game[Any], stored: StoredGame) -> Setup:
    """The set-up a stored game started from."""
    decks = (Deck.from_json(stored.decks[0]), Deck.from_json(stored.decks[1]))
    return Setup(decks, game.options(stored.options), stored.seed, stored.chance, tuple(stored.chance_script))


def stored_branch(stored: StoredGame) -> Branch | None:
    """Where a stored game starts if it is branched from another (None: from its set-up)."""
    return None if stored.branch is None else Branch.from_json(stored.branch)


@dataclass(eq=False)
class Conn:
    """One WebSocket connection to a game: its seat (None: spectator), language and outbox.

    The outbox holds at most ``max_queue`` messages and ``max_bytes`` of text: a client
    that does not read its updates is ``overflowed`` (the server then closes it) instead
    of making the server hold ever more for it.
    """

    seat: int | None
    lang: str
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    seen: int = 0  # how many events of the game's log this connection has been sent
    max_queue: int = MAX_QUEUE
    max_bytes: int = MAX_QUEUE_BYTES
    queued: int = 0  # bytes waiting in the outbox
    overflowed: bool = False
    #: whether it asked for the ``table`` messages (clock, presence, rematch offers: grimoire.web.table)
    table: bool = False
    #: (answers, seat, language) of the last state this connection was sent (None: none yet).
    sent: tuple[int, int | None, str] | None = None
    #: since when its page has been hidden or idle, as the page says (None: in use); a seat whose every
    #: connection is away counts as absent for the idle policy (grimoire.web.table)
    away_since: float | None = None

    def send(self, payload: dict[str, Any] | str) -> bool:
        """Queue a message; False (and ``overflowed``) if the client is too far behind."""
        if self.overflowed:
            return False
        text = payload if isinstance(payload, str) else dumps(payload)
        if self.outbox.qsize() >= self.max_queue or self.queued + len(text) > self.max_bytes:
            self.overflowed = True
            self.outbox.put_nowait(None)  # the writer stops at this mark
            return False
        self.queued += len(text)
        self.outbox.put_nowait(text)
        return True

    def take_nowait(self) -> str | None:
        """The next queued message (tests and the writer's bookkeeping)."""
        text = self.outbox.get_nowait()
        if text is not None:
            self.queued -= len(text)
        return text

    async def take(self) -> str | None:
        """Wait for the next queued message; None: stop writing."""
        text = await self.outbox.get()
        if text is not None:
            self.queued -= len(text)
        return text


@dataclass(eq=False)
class LiveGame:
    """A game in memory: its stored set-up, the match, seat kinds and connections."""

    stored: StoredGame
    game: Game[Any]
    match: Match[Any]
    conns: set[Conn] = field(default_factory=set)
    agents: dict[int, Agent] = field(default_factory=dict)
    ai_chance: Chance = field(default_factory=lambda: Chance.seeded(secrets.randbits(64)))
    ai_task: asyncio.Task[None] | None = None
    #: Serializes this process's changes to the game (answers, catching up with other processes).
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    touched: float = 0.0  # when this process last marked the game as in use in the database
    #: the game's clock (None: untimed); it runs for the seat that must answer the pending decision
    clock: Clock | None = None
    #: when the pending decision was asked (or the game loaded by this process): the idle policy counts from it
    asked: float = 0.0
    #: since when each seat has had no connection to this process (a seat with one is absent from the dict)
    away: dict[int, float] = field(default_factory=dict)
    #: with a shared database: per seat, whether some process has a socket of it and when it was last seen
    #: there (its heartbeats, read by :meth:`grimoire.web.hub.Hub.presence_round`)
    seen: dict[int, tuple[bool, float]] = field(default_factory=dict)
    #: seats that offered a rematch of the finished game, and the new game's link per seat once both have
    rematch_offers: set[int] = field(default_factory=set)
    rematch_links: dict[int | None, str] | None = None
    #: the seat whose request to take back its last answer waits for the other's reply, and the seat whose
    #: last request was refused (grimoire.web.takeback)
    takeback_asked: int | None = None
    takeback_refused: int | None = None
    #: (answers, what each seat may take back after them; None: not computed): computed once per position and
    #: only when asked for (grimoire.web.takeback.limit; a take-back clears it)
    takeback_limits: tuple[int, list[int | None]] | None = None
    #: each seat's take-back limit kept up to date answer by answer (grimoire.core.undo.TakeBackCounter)
    takeback_counters: tuple[TakeBackCounter, TakeBackCounter] = field(
        default_factory=lambda: (TakeBackCounter(0), TakeBackCounter(1)))
    #: the call that ends the game when the running seat's time runs out
    flag_timer: asyncio.TimerHandle | None = None

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def seq(self) -> int:
        """The decision sequence number: answers given so far."""
        return len(self.match.answers)

    @property
    def seats(self) -> list[str]:
        return self.stored.seats

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, or None."""
        digest = hash_token(token)
        for seat, stored in enumerate(self.stored.token_hashes):
            if stored and hmac.compare_digest(stored, digest):
                return seat
        return None

    def present(self, seat: int) -> bool:
        """Whether ``seat`` is played by the computer or has a page in use connected to this process (or, with
        a shared database, to another process whose heartbeat is recent)."""
        return self.ai_seat(seat) or self.here(seat) or self.seen.get(seat, (False, 0.0))[0]

    def here(self, seat: int) -> bool:
        """Whether ``seat`` has a connection to this process whose page is in use (not hidden or idle)."""
        return any(c.seat == seat and c.away_since is None for c in self.conns)

    def idle(self, seat: int) -> bool:
        """Whether ``seat`` has connections to this process but every one's page is hidden or idle."""
        return not self.here(seat) and any(c.seat == seat for c in self.conns)

    def ai_seat(self, seat: int) -> bool:
        """Whether the computer plays ``seat``."""
        return self.seats[seat].startswith("ai:")

    def summary(self) -> dict[str, Any]:
        """Public facts about the game."""
        out = self.match.outcome
        return {"id": self.id, "game": self.game.name, "seats": list(self.seats), "steps": self.seq,
                "finished": out is not None, "outcome": None if out is None else out.to_json(),
                "created": self.stored.created, "options": dict(self.stored.options), "chance": self.stored.chance,
                "shown": [bool(self.stored.shown & 1), bool(self.stored.shown & 2)]}
