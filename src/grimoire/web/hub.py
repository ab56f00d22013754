"""Live games: the authoritative state of every game being played, and its connections.

A :class:`Hub` is the one object the application talks to. It ties together the live
games (:mod:`~grimoire.web.games`: creation, lazy loading, commit with rollback), the
per-connection updates (:mod:`~grimoire.web.broadcast`), the computer's seats
(:mod:`~grimoire.web.computer`) and the replay view (:mod:`~grimoire.web.replays`).
An answer is checked against the pending decision, committed to the database and only
then applied and broadcast. With a database shared by several server processes, an
answer stored by another process is heard of (:meth:`Hub.start`), read and broadcast
to this process's sockets. Abandoned unfinished games expire (limit ``expire_days``).

>>> hub = Hub(Store(":memory:"), games=("chant",))
>>> deck = hub.rules("chant").cards.starter_deck("fire")
>>> game, tokens = hub.create("chant", (deck, deck), ["human", "ai:easy"], seed=7)
>>> game.seq, game.seats, bool(tokens[0]), tokens[1]
(0, ['human', 'ai:easy'], True, '')
>>> game.seat_of(tokens[0]), game.seat_of("forged")
(0, None)
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from grimoire.core.boardcoin import is_post_answer
from grimoire.core.branch import Branch
from grimoire.core.clock import Clock, TimeControl
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game

from .broadcast import Broadcaster
from .computer import ComputerSeats, levels
from .errors import ClientError
from .games import AnswerFailed, Flagged, LiveGames, running_for
from .limits import Limits, Rates
from .live import HUMAN, Conn, LiveGame
from .replays import ReplayCache
from .review import Reviewer
from .storage import Shared, Storage, StorageError, Store
from .table import Table
from .takeback import TakeBacks
from .thinking import Thinker
from .webhooks import Announcer

__all__ = ["HUMAN", "Conn", "Hub", "LiveGame", "Store", "client_key"]
log = logging.getLogger("grimoire.web")
DAY = 86400.0
HEARTBEAT = 5.0  # seconds between a process's heartbeats of the seats it has sockets of (a shared database)


def client_key(address: str | None) -> str:
    """What the database keeps of a client address for the per-client limits (a hash, never the address)."""
    return hashlib.sha256((address or "?").encode()).hexdigest()[:16]


class Hub:
    """Every game of one server process: creation, loading, answers, broadcasts, computer seats, replays."""

    def __init__(self, store: Storage, games: Sequence[str] | None = None, ai_delay: float = 0.3,
                 max_live: int = 2000, limits: Limits | None = None, thinker: Thinker | None = None,
                 card_paths: Mapping[str, Sequence[str | Path]] | None = None, user_cards: bool = False) -> None:
        self.limits = limits or Limits()
        self.games = LiveGames(store, games, max_live, card_paths, user_cards)
        #: The server owner's review of saved cards (off unless the application is given an owner token).
        self.reviewer = Reviewer()
        self.out = Broadcaster()
        self.computer = ComputerSeats(self._commit, self._current, ai_delay,
                                      thinker or Thinker(0, self.limits.think_queue))
        self.replays = ReplayCache()
        self.computes = Rates(self.limits.computes_per_minute)
        self.sockets = Rates(self.limits.sockets_per_minute)
        self.table = Table(self)
        self.takebacks = TakeBacks(self)
        self.games.on_load.append(self.kick)
        self.games.on_load.append(self.table.arm)
        #: Called with the game after each applied answer.
        self.on_step: list[Callable[[LiveGame], None]] = []
        #: announces the answers and endings this process stores to a game's webhook (grimoire.web.webhooks)
        self.announcer = Announcer()
        self._tasks: set[asyncio.Task[Any]] = set()
        #: the presence and rematch tables of a database shared by several processes (None: one process)
        self.shared: Shared | None = cast("Shared", store) if store.shared else None
        #: this process's name in the presence table, and how often it writes its seats' heartbeats (seconds);
        #: a seat whose last heartbeat is older than ``3 * heartbeat`` is away
        self.process = secrets.token_hex(8)
        self.heartbeat = HEARTBEAT
        self._gone: set[tuple[str, int]] = set()

    def may_compute(self, address: str | None) -> None:
        """Spend one of the client's requests that compute (``computes_per_minute``); ClientError ``rate``
        when it has none left."""
        if not self.computes.take(client_key(address)):
            raise ClientError("rate", "computes", limit=self.limits.computes_per_minute)

    async def saved_texts(self, game: str, specs: Sequence[Any]) -> dict[str, str]:
        """The texts of the saved decks that ``specs`` name (``{"saved": name}``), by name: one indexed read
        each, never the whole list."""
        out: dict[str, str] = {}
        for spec in specs:
            name = spec.get("saved") if isinstance(spec, dict) else None
            if isinstance(name, str) and name not in out and len(name) <= 200:
                found = await self.games.db(self.store.saved_deck, game, name)
                if found is not None:
                    out[name] = found.text
        return out

    @property
    def store(self) -> Storage:
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

    def _current(self, live: LiveGame) -> bool:
        return self.games.live.get(live.id) is live

    def kick(self, live: LiveGame) -> None:
        """Let the computer answer if it must. With a shared database only a process that has one of the
        game's seats connected plays its computer seat (two processes would think twice)."""
        if self.store.shared and any(kind == HUMAN for kind in live.seats) \
                and not any(c.seat is not None for c in live.conns):
            return
        self.computer.kick(live)

    # ----- running -------------------------------------------------------------------
    def start(self) -> None:
        """Start hearing other processes' answers and expiring abandoned games (needs the running loop)."""
        self.store.listen(self._heard, asyncio.get_running_loop())
        self._spawn(self._expire_loop())
        if self.shared is not None:
            self._spawn(self._presence_loop())

    def spawn(self, coro: Any) -> None:
        """Run a coroutine as a task of this hub (cancelled at :meth:`close`)."""
        self._spawn(coro)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _heard(self, game_id: str, count: int, last: str | None = None) -> None:
        """Another process stored answers (``*``: perhaps several games; check every one in memory)."""
        games = list(self.live.values()) if game_id == "*" else [g for g in (self.live.get(game_id),) if g]
        if count == -2:  # a rematch offer (or the rematch) was stored
            for live in games:
                self._spawn(self.table.read_rematch(live))
            return
        if count == -3:  # an answer waits for a post time (the board coin): ask the same post question here
            for live in games:
                self._spawn(self.follow_held(live))
            return
        for live in games:
            if count < 0 or live.seq < count:
                self._spawn(self.follow(live, count, last))

    async def follow(self, live: LiveGame, stored: int = -1, last: str | None = None) -> None:
        """Catch up with answers stored by another process (``stored`` answers in all, -1: unknown; ``last``
        the last of them, if known) and update this process's sockets."""
        try:
            before = await self.games.catch_up(live, stored, last)
        except StorageError as exc:
            log.warning("game %s: cannot read the answers of other processes: %s", live.id, exc)
            return
        if before is None and stored < 0 and live.match.decision is not None:
            await self.table.read_forfeit(live)  # another process may have ended the game (a concession, a flag)
            if live.match.decision is not None and live.match.setup.chance == "post":
                await self.follow_held(live)  # a notice of a held answer may have been missed
        if before is not None:
            if live.clock is not None:  # the clock another process stored with its answers
                await self._read_clock(live)
            self.out.broadcast(live, before, None, -1)
            for hook in self.on_step:
                hook(live)
            self.kick(live)

    async def follow_held(self, live: LiveGame) -> None:
        """Hold the answer another process holds for a post time, and show this process's sockets the post
        question."""
        try:
            before = await self.games.take_held(live)
        except StorageError as exc:
            log.warning("game %s: cannot read the answer held by another process: %s", live.id, exc)
            return
        if before is not None:
            self.out.broadcast(live, before, None, -1)
            self.kick(live)

    async def _read_clock(self, live: LiveGame) -> None:
        try:
            stored = await self.games.db(self.store.load_game, live.id)
        except StorageError as exc:
            log.warning("game %s: cannot read its clock: %s", live.id, exc)
            return
        if stored is not None and stored.clock is not None:
            live.clock = Clock.from_json(stored.clock)
            running_for(live)
            live.asked = time.time()
            self.table.arm(live)
            self.table.send(live)

    # ----- presence with a shared database -----------------------------------------------
    async def _presence_loop(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            await self.presence_round()

    async def presence_round(self, games: Sequence[LiveGame] | None = None) -> None:
        """Write this process's heartbeats (every seat it has a socket of in an unfinished game, and the seats
        it no longer has) and read every process's for ``games`` (default: the unfinished games in memory with
        a socket here); a game whose present seats changed gets the ``table`` message."""
        shared = self.shared
        if shared is None:
            return
        now = time.time()
        playing = [g for g in self.live.values() if g.match.decision is not None]
        here = sorted({(g.id, c.seat) for g in playing for c in g.conns if c.seat is not None and c.away_since is None})
        gone, self._gone = sorted(self._gone - set(here)), set()
        watched = list(games) if games is not None else [g for g in playing if g.conns]
        try:
            await self.games.db(shared.heartbeat, self.process, now, here, gone)
            seen = await self.games.db(shared.presence, [g.id for g in watched], now - 3 * self.heartbeat)
        except StorageError as exc:
            log.warning("presence not shared: %s", exc)
            self._gone.update(gone)
            return
        for live in watched:
            before = [live.present(0), live.present(1)]
            live.seen = {seat: seen[live.id, seat] for seat in (0, 1) if (live.id, seat) in seen}
            if [live.present(0), live.present(1)] != before:
                self.table.send(live)

    def seat_changed(self, live: LiveGame, seat: int | None) -> None:
        """A seat's sockets on this process came or went: tell the other processes now, not at the next beat."""
        if self.shared is None or seat is None or live.match.decision is None:
            return
        if not live.here(seat):
            self._gone.add((live.id, seat))
        self._spawn(self.presence_round([]))

    async def _expire_loop(self) -> None:
        period = min(3600.0, min(self.limits.expire_days, self.limits.finished_ai_days) * DAY / 4)
        while True:
            await self.expire()
            await asyncio.sleep(period)

    async def expire(self, now: float | None = None) -> list[str]:
        """Delete the unfinished games nobody answered for ``expire_days`` and the finished games against the
        computer older than ``finished_ai_days``; their ids."""
        now = time.time() if now is None else now
        cutoff = now - self.limits.expire_days * DAY
        ai_cutoff = now - self.limits.finished_ai_days * DAY
        try:
            gone = await self.games.db(self.store.expire, cutoff, ai_cutoff)
        except StorageError as exc:
            log.warning("abandoned games not expired: %s", exc)
            return []
        for gid in gone:
            live = self.live.pop(gid, None)
            if live is not None:
                for conn in list(live.conns):
                    conn.send(ClientError("not_found").payload(conn.lang))
        if gone:
            log.info("expired %d abandoned games", len(gone))
        return gone

    # ----- creating and finding ------------------------------------------------
    def _check_seats(self, game_name: str, seats: Sequence[str]) -> None:
        self.rules(game_name)
        for kind in seats:
            if kind != HUMAN and not (kind.startswith("ai:") and kind[3:] in self.levels(game_name)):
                raise GrimoireError(f"unknown seat kind {kind!r}")

    def create(self, game_name: str, decks: tuple[Deck, Deck], seats: Sequence[str],
               options: dict[str, Any] | None = None, seed: int | None = None) -> tuple[LiveGame, list[str]]:
        """Start a new game; returns it and the seat tokens (empty for computer seats).

        ``seats`` are ``"human"`` or ``"ai:LEVEL"``. Raises GrimoireError for bad input.
        """
        self._check_seats(game_name, seats)
        live, tokens = self.games.create(game_name, decks, seats, options, seed)
        self.kick(live)
        return live, tokens

    async def create_for(self, client: str, game_name: str, decks: tuple[Deck, Deck], seats: Sequence[str],
                         options: dict[str, Any] | None = None, seed: int | None = None,
                         branch: Branch | None = None,
                         control: TimeControl | None = None,
                         webhook: str | None = None,
                         posts: tuple[str, ...] | None = None) -> tuple[LiveGame, list[str]]:
        """:meth:`create` for a web client (``client``: its :func:`client_key`), within the per-client limits;
        ``seed`` and ``branch``: a game branched from another (:meth:`LiveGames.prepare`); ``control``: the time
        control of its clock (None: untimed); ``webhook``: where its moves are announced (None: nowhere);
        ``posts``: the board coin asked at each toss (chance source ``post``), with the post times given
        ahead (the first player's coin).

        Raises ClientError ``too_many_games`` over a limit and ``unavailable`` when the
        database cannot take the game.
        """
        self._check_seats(game_name, seats)
        db = self.games.db
        try:
            await self.may_create(client)
            live, tokens = self.games.prepare(game_name, decks, seats, options, seed, creator=client, branch=branch,
                                              control=control, posts=posts)
            live.stored.webhook = webhook
            await db(self.store.create_game, live.stored)
        except StorageError as exc:
            log.error("a game was not created: %s", exc)
            raise ClientError("unavailable") from None
        self.games.remember(live)
        self.kick(live)
        self.table.arm(live)
        return live, tokens

    async def may_create(self, client: str, opening: bool = True) -> None:
        """The one check of every path that creates a game (lobby, API, branch, rematch, a friend's
        invitation): ClientError ``too_many_games`` when ``client`` (a :func:`client_key`) created
        ``creates_per_minute`` games in the last minute or, when ``opening``, has ``open_games_per_client``
        unfinished games; StorageError when the database cannot be read."""
        now, lim, db = time.time(), self.limits, self.games.db
        if await db(self.store.count_created, client, now - 60) >= lim.creates_per_minute:
            raise ClientError("too_many_games", "creates", limit=lim.creates_per_minute)
        if opening and await db(self.store.count_open, client, now - lim.expire_days * DAY) \
                >= lim.open_games_per_client:
            raise ClientError("too_many_games", "open_games", limit=lim.open_games_per_client)

    async def get(self, game_id: str) -> LiveGame | None:
        """A game by id, loaded from the database (set-up + answers → replay, off the event loop) if needed."""
        try:
            return await self.games.get(game_id)
        except StorageError as exc:
            log.error("game %s not loaded: %s", game_id, exc)
            raise ClientError("unavailable") from None

    # ----- connections -----------------------------------------------------------
    def join(self, live: LiveGame, token: str | None, lang: str, conn: Conn | None, table: bool = False,
             away: bool = False, idle: float = 0.0) -> Conn:
        """Attach (or re-attach) a connection as the seat its token opens; sends the state if it lacks it.
        A page that says hello ``away`` (hidden or unused for ``idle`` s) joins away: its seat is never shown
        present for a moment."""
        seat = None
        if token is not None:
            seat = live.seat_of(token)
            if seat is None:
                raise ClientError("bad_token")
        if conn is None:
            conn = Conn(seat, lang)
        before = conn.seat if conn in live.conns else None
        conn.seat, conn.lang, conn.table = seat, lang, table or conn.table
        conn.away_since = self.table.away_since(away, idle)
        live.conns.add(conn)
        self.out.refresh(live, conn)
        self.table.joined(live, conn, before)
        if seat != before:
            self.seat_changed(live, seat)
            self.seat_changed(live, before)
        self.kick(live)
        if live.match.outcome is None:
            self._spawn(self.games.touch(live))
        return conn

    def leave(self, live: LiveGame, conn: Conn) -> None:
        if conn in live.conns:
            live.conns.discard(conn)
            self.table.left(live, conn)
            self.seat_changed(live, conn.seat)

    def send_full(self, live: LiveGame, conn: Conn) -> None:
        """Send a connection the whole state and the whole log."""
        self.out.send_full(live, conn)

    def refresh(self, live: LiveGame, conn: Conn) -> None:
        """Send a connection the whole state if it lacks it, else the small ``same``."""
        self.out.refresh(live, conn)

    # ----- answers -----------------------------------------------------------------
    async def answer(self, live: LiveGame, conn: Conn, seq: int, option: str) -> None:
        """A seat's answer: checked, committed, applied, broadcast. Raises ClientError."""
        decision = live.match.decision
        if conn.seat is None:
            raise ClientError("not_your_turn", "spectator")
        if decision is None:
            raise ClientError("stale", "over")
        if seq != live.seq:
            raise ClientError("stale", "pending", seq=seq, pending=live.seq)
        if decision.player != conn.seat or live.ai_seat(conn.seat):
            raise ClientError("not_your_turn", seat=decision.player + 1, mine=conn.seat + 1)
        if decision.find(option) is None and not is_post_answer(decision, option):
            raise ClientError("illegal", option=repr(option[:60]), seq=seq, kind=decision.kind)
        await self._commit(live, conn.seat, option, conn, seq)
        self.kick(live)

    async def _commit(self, live: LiveGame, seat: int, option: str, by: Conn | None, seq: int | None = None) -> None:
        seq = live.seq if seq is None else seq
        try:
            before = await self.games.commit(live, seat, option, seq)
        except Flagged as flagged:  # the answer came after the flag fell: the game is lost on time
            await self.table.forfeit(live, flagged.seat, "timeout")
            raise ClientError("stale", "over") from None
        except AnswerFailed as failed:  # the game was reloaded from the database: resend it to everyone
            if failed.fresh is not None:
                for conn in live.conns:
                    failed.fresh.conns.add(conn)
                    self.out.send_full(failed.fresh, conn)
            raise ClientError("internal", detail=str(failed)) from None
        except ClientError as exc:
            if exc.code == "stale":  # another process answered first: everyone here gets its update
                self._spawn(self.follow(live))
            raise
        self.out.broadcast(live, before, by, seq)
        self.takebacks.stepped(live)
        self.table.arm(live)
        self.table.send(live)
        for hook in self.on_step:
            hook(live)
        self.announcer.stepped(live)

    # ----- replay and shutdown -------------------------------------------------------
    def replay(self, live: LiveGame, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        """The view after ``step`` answers, recomputed from the stored answers (see :class:`ReplayCache`)."""
        return self.replays.view(live, step, seat, lang)

    async def close(self) -> None:
        """Finish the loads under way, stop the computer tasks and close the database."""
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.games.close()
        await self.computer.close()
        self.store.close()

