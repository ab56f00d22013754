"""Live games: the authoritative state of every game being played, and its connections.

A :class:`Hub` is the one object the application talks to. It ties together the live
games (:mod:`~grimoire.web.games`: creation, lazy loading, commit with rollback), the
per-connection updates (:mod:`~grimoire.web.broadcast`), the computer's seats
(:mod:`~grimoire.web.computer`) and the replay view (:mod:`~grimoire.web.replays`).
An answer is checked against the pending decision, committed to the database and only
then applied and broadcast.

>>> hub = Hub(Store(":memory:"), games=("chant",))
>>> deck = hub.rules("chant").cards.starter_deck("fire")
>>> game, tokens = hub.create("chant", (deck, deck), ["human", "ai:easy"], seed=7)
>>> game.seq, game.seats, bool(tokens[0]), tokens[1]
(0, ['human', 'ai:easy'], True, '')
>>> game.seat_of(tokens[0]), game.seat_of("forged")
(0, None)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game

from .broadcast import Broadcaster
from .computer import ComputerSeats, levels
from .games import AnswerFailed, LiveGames
from .live import HUMAN, Conn, LiveGame
from .protocol import ClientError
from .replays import ReplayCache
from .storage import Store

__all__ = ["HUMAN", "Conn", "Hub", "LiveGame"]


class Hub:
    """Every game of one server: creation, lazy loading, answers, broadcasts, computer seats, replays."""

    def __init__(self, store: Store, games: Sequence[str] | None = None, ai_delay: float = 0.3,
                 max_live: int = 2000) -> None:
        self.games = LiveGames(store, games, max_live)
        self.out = Broadcaster()
        self.computer = ComputerSeats(self._commit, lambda live: self.games.live.get(live.id) is live, ai_delay)
        self.replays = ReplayCache()
        self.games.on_load.append(self.computer.kick)
        #: Called with the game after each applied answer.
        self.on_step: list[Callable[[LiveGame], None]] = []

    @property
    def store(self) -> Store:
        return self.games.store

    @property
    def game_names(self) -> tuple[str, ...]:
        return self.games.names

    @property
    def live(self) -> OrderedDict[str, LiveGame]:
        """The games in memory by id."""
        return self.games.live

    def rules(self, name: str) -> Game[Any]:
        """The rule module ``name`` (loaded once and shared: rules are immutable)."""
        return self.games.rules(name)

    def levels(self, game_name: str) -> list[str]:
        """The computer levels for a game, easiest first."""
        return levels(game_name)

    # ----- creating and finding ------------------------------------------------
    def create(self, game_name: str, decks: tuple[Deck, Deck], seats: Sequence[str],
               options: dict[str, Any] | None = None, seed: int | None = None) -> tuple[LiveGame, list[str]]:
        """Start a new game; returns it and the seat tokens (empty for computer seats).

        ``seats`` are ``"human"`` or ``"ai:LEVEL"``. Raises GrimoireError for bad input.
        """
        self.rules(game_name)
        for kind in seats:
            if kind != HUMAN and not (kind.startswith("ai:") and kind[3:] in self.levels(game_name)):
                raise GrimoireError(f"unknown seat kind {kind!r}")
        live, tokens = self.games.create(game_name, decks, seats, options, seed)
        self.computer.kick(live)
        return live, tokens

    async def get(self, game_id: str) -> LiveGame | None:
        """A game by id, loaded from the database (set-up + answers → replay, off the event loop) if needed."""
        return await self.games.get(game_id)

    # ----- connections -----------------------------------------------------------
    def join(self, live: LiveGame, token: str | None, lang: str, conn: Conn | None) -> Conn:
        """Attach (or re-attach) a connection as the seat its token opens; sends the full state."""
        seat = None
        if token is not None:
            seat = live.seat_of(token)
            if seat is None:
                raise ClientError("bad_token", "this link does not open a seat of this game")
        if conn is None:
            conn = Conn(seat, lang)
        conn.seat, conn.lang = seat, lang
        live.conns.add(conn)
        self.out.send_full(live, conn)
        self.computer.kick(live)
        return conn

    def leave(self, live: LiveGame, conn: Conn) -> None:
        live.conns.discard(conn)

    def send_full(self, live: LiveGame, conn: Conn) -> None:
        """Send a connection the whole state and the whole log."""
        self.out.send_full(live, conn)

    # ----- answers -----------------------------------------------------------------
    async def answer(self, live: LiveGame, conn: Conn, seq: int, option: str) -> None:
        """A seat's answer: checked, committed, applied, broadcast. Raises ClientError."""
        decision = live.match.decision
        if conn.seat is None:
            raise ClientError("not_your_turn", "spectators cannot answer")
        if decision is None:
            raise ClientError("stale", "the game is over")
        if seq != live.seq:
            raise ClientError("stale", f"decision {seq} is no longer pending; the pending decision is {live.seq}")
        if decision.player != conn.seat or live.ai_seat(conn.seat):
            raise ClientError("not_your_turn", f"seat {decision.player + 1} must answer, not seat {conn.seat + 1}")
        if decision.find(option) is None:
            raise ClientError("illegal", f"{option!r} is not an option of decision {seq} ({decision.kind})")
        await self._commit(live, conn.seat, option, conn)
        self.computer.kick(live)

    async def _commit(self, live: LiveGame, seat: int, option: str, by: Conn | None) -> None:
        seq = live.seq
        try:
            before = await self.games.commit(live, seat, option)
        except AnswerFailed as failed:  # the game was reloaded from the database: resend it to everyone
            if failed.fresh is not None:
                for conn in live.conns:
                    failed.fresh.conns.add(conn)
                    self.out.send_full(failed.fresh, conn)
            raise ClientError("internal", str(failed)) from None
        self.out.broadcast(live, before, by, seq)
        for hook in self.on_step:
            hook(live)

    # ----- replay and shutdown -------------------------------------------------------
    def replay(self, live: LiveGame, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        """The view after ``step`` answers, recomputed from the stored answers (see :class:`ReplayCache`)."""
        return self.replays.view(live, step, seat, lang)

    async def close(self) -> None:
        """Finish the loads under way, stop the computer tasks and close the database."""
        await self.games.close()
        await self.computer.close()
        self.store.close()
