"""The table around a game: conceding, clocks, the idle policy and rematches.

A game ends other than by its rules in three ways (``grimoire.core.forfeit``): a seat
concedes, its clock runs out (``timeout``), or — in an untimed game — it has been away
from its pending decision for the server limit ``idle_claim`` and the other player
claims the win (``abandoned``). Each is stored (:meth:`Storage.set_forfeit`) before it is
applied and broadcast, so a restarted server and a downloaded record end the same way.

Each connection also gets small ``table`` messages: the clock (seconds left per seat and
the seat it runs for), which seats are present, when the win may be claimed and who
offered a rematch. A rematch needs both players (the computer always accepts): the new
game has the same decks and time control with the seats swapped, and each client gets
its own new link.

>>> control_of(None), control_of(""), control_of("5+10")
(None, None, TimeControl(base_s=300.0, increment_s=10.0, per_move=False))
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from grimoire.core.clock import Clock, TimeControl
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.forfeit import Forfeit

from . import takeback
from .errors import ClientError
from .live import Conn, LiveGame
from .protocol import dumps
from .storage import StaleWrite, StorageError

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("grimoire.web")


def control_of(raw: Any) -> TimeControl | None:
    """The time control a request names (``"5+10"``; None, ``""`` or ``"none"``: untimed).

    Raises GrimoireError for anything else.
    """
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("", "none")):
        return None
    if not isinstance(raw, str) or len(raw) > 20:
        raise GrimoireError("a time control is MINUTES+SECONDS (e.g. 5+10) or DAYSd (e.g. 3d)")
    return TimeControl.parse(raw)


def stopped(clock: Clock, now: float) -> Clock:
    """A copy of ``clock`` stopped at ``now`` (the running seat charged up to then)."""
    left = [round(clock.left(seat, now) * 1000) for seat in (0, 1)]
    return Clock(clock.control, left, None, now)


class Table:
    """What a :class:`~grimoire.web.hub.Hub` does around its games' answers (see the module docstring)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    # ----- messages -----------------------------------------------------------------
    def payload(self, live: LiveGame, now: float | None = None) -> dict[str, Any]:
        """The ``table`` message of a game at ``now``."""
        now = time.time() if now is None else now
        clock = None
        if live.clock is not None:
            c = live.clock
            clock = {"control": c.control.label(), "left": [c.left(0, now), c.left(1, now)], "running": c.running}
        return {"type": "table", "seq": live.seq, "clock": clock, "present": [live.present(0), live.present(1)],
                "idle": [live.idle(0), live.idle(1)],
                "claim_in": self.claim_in(live, now), "rematch": sorted(live.rematch_offers),
                "idle_claim": self.hub.limits.idle_claim,
                "takeback": takeback.payload(live, self.hub.shared is not None)}

    def send(self, live: LiveGame, only: Conn | None = None) -> None:
        """Send the ``table`` message to every connection of the game (or to ``only``) that asked for it; with
        none that did, it is not even made."""
        targets = [c for c in ([only] if only is not None else list(live.conns)) if c.table]
        if targets:
            text = dumps(self.payload(live))
            for conn in targets:
                conn.send(text)
        if only is not None and live.rematch_links is not None:
            link = live.rematch_links.get(only.seat)
            if link:
                only.send({"type": "rematch", "url": link})

    # ----- presence and the idle policy ----------------------------------------------
    def joined(self, live: LiveGame, conn: Conn, before: int | None = None) -> None:
        """``conn`` said hello (as ``before``'s seat until now, if it had one): it gets the ``table`` message;
        the others get it only when a seat's presence changed (a seat nobody had open is now open, or the
        seat ``conn`` left is now empty), never for a spectator or a repeated hello."""
        if conn.seat is not None and conn.away_since is None:
            live.away.pop(conn.seat, None)
        elif conn.seat is not None and not live.here(conn.seat):  # a hidden page's hello: away as it says
            live.away[conn.seat] = max(c.away_since or 0.0 for c in live.conns if c.seat == conn.seat)
        self.send(live, conn)
        came = conn.seat is not None and conn.seat != before and conn.away_since is None \
            and not any(c is not conn and c.seat == conn.seat and c.away_since is None for c in live.conns)
        went = before is not None and before != conn.seat and not live.present(before)
        if went and before is not None:
            live.away[before] = time.time()
        idle = conn.seat is not None and conn.seat != before and conn.away_since is not None \
            and not any(c is not conn and c.seat == conn.seat for c in live.conns)  # absent → connected but away
        if came or went or idle:
            self._others(live, conn)

    def left(self, live: LiveGame, conn: Conn) -> None:
        seat = conn.seat
        if seat is not None and not live.here(seat):
            if conn.away_since is None:  # the seat's last page in use: away from now on
                live.away[seat] = time.time()
            self.send(live)

    def away(self, live: LiveGame, conn: Conn, away: bool, idle: float) -> None:
        """``conn``'s page says it is hidden or idle (``away``, unused for ``idle`` seconds) or in use again.
        A seat whose every page is away is absent for the idle policy since the latest of them was last used;
        everybody gets the ``table`` message when the seat's presence changed. A spectator's page changes
        nothing."""
        seat = conn.seat
        if seat is None:
            return
        before = live.present(seat)
        conn.away_since = self.away_since(away, idle)
        if live.here(seat):
            live.away.pop(seat, None)
        else:
            live.away[seat] = max(c.away_since or 0.0 for c in live.conns if c.seat == seat)
        if live.present(seat) != before:
            self.send(live)
            self.hub.seat_changed(live, seat)

    def away_since(self, away: bool, idle: float) -> float | None:
        """Since when a page that says it is ``away``, unused for ``idle`` seconds, counts as away (None: in use)."""
        return time.time() - min(max(idle, 0.0), self.hub.limits.idle_claim) if away else None

    def _others(self, live: LiveGame, conn: Conn) -> None:
        others = [other for other in list(live.conns) if other is not conn and other.table]
        if others:
            text = dumps(self.payload(live))
            for other in others:
                other.send(text)

    def claim_in(self, live: LiveGame, now: float) -> float | None:
        """Seconds until the player not to move may claim the win from the seat to move (0: now); None when
        the policy does not apply (a timed or finished game, the computer or a present player to move)."""
        decision = live.match.decision
        if decision is None or live.clock is not None:
            return None
        seat = decision.player
        if live.ai_seat(seat) or live.ai_seat(1 - seat) or live.present(seat):
            return None
        since = max(live.asked, live.away.get(seat, live.asked), live.seen.get(seat, (False, 0.0))[1])
        return max(0.0, since + self.hub.limits.idle_claim - now)

    async def claim(self, live: LiveGame, conn: Conn) -> None:
        """``conn``'s seat claims the win from the seat that left its decision (reason ``abandoned``)."""
        decision = live.match.decision
        if conn.seat is None:
            raise ClientError("not_your_turn", "spectator")
        if decision is None:
            raise ClientError("stale", "over")
        if self.hub.shared is not None:  # the seat to move may be connected to another process
            await self.hub.presence_round([live])
        wait = self.claim_in(live, time.time())
        if decision.player == conn.seat or wait is None or wait > 0:
            raise ClientError("not_yet", "claim_early", limit=f"{self.hub.limits.idle_claim:g}")
        await self.forfeit(live, decision.player, "abandoned")

    # ----- ending a game ----------------------------------------------------------------
    async def concede(self, live: LiveGame, conn: Conn) -> None:
        """``conn``'s seat gives up the game."""
        if conn.seat is None:
            raise ClientError("not_your_turn", "spectator")
        if live.match.decision is None:
            raise ClientError("stale", "over")
        await self.forfeit(live, conn.seat, "concession")

    async def forfeit(self, live: LiveGame, seat: int, reason: str) -> bool:
        """End the game as lost by ``seat`` for ``reason``: stored, applied, broadcast. False if it was over."""
        async with live.lock:
            if live.match.decision is None:
                return False
            now = time.time()
            ended = Forfeit(seat, reason)
            clock = None if live.clock is None else stopped(live.clock, now)
            try:
                await self.hub.games.db(self.hub.store.set_forfeit, live.id, ended.to_json(),
                                        ended.outcome().to_json(), None if clock is None else clock.to_json())
            except StaleWrite:  # another process ended the game first: its ending stands
                stale = True
            except StorageError as exc:
                log.error("game %s: %s of seat %d not stored: %s", live.id, reason, seat, exc)
                raise ClientError("unavailable") from None
            else:
                stale = False
            if not stale:
                live.match.forfeit(seat, reason)
                live.clock = clock
        if stale:
            await self.read_forfeit(live)
            return False
        self.disarm(live)
        self.hub.out.broadcast(live, len(live.match.log), None, -1)
        self.send(live)
        for hook in self.hub.on_step:
            hook(live)
        self.hub.announcer.stepped(live)
        return True

    async def read_forfeit(self, live: LiveGame) -> None:
        """Apply a forfeit another process stored (it announces it with an unknown answer count)."""
        try:
            stored = await self.hub.games.db(self.hub.store.load_game, live.id)
        except StorageError as exc:
            log.warning("game %s: cannot read how it ended: %s", live.id, exc)
            return
        if stored is None or stored.forfeit is None:
            return
        ended = Forfeit.from_json(stored.forfeit)
        async with live.lock:
            if live.match.decision is None:
                return
            live.match.forfeit(ended.seat, ended.reason)
            if stored.clock is not None:
                live.clock = Clock.from_json(stored.clock)
        self.disarm(live)
        self.hub.out.broadcast(live, len(live.match.log), None, -1)
        self.send(live)

    # ----- clocks ---------------------------------------------------------------------------
    def disarm(self, live: LiveGame) -> None:
        if live.flag_timer is not None:
            live.flag_timer.cancel()
            live.flag_timer = None

    def arm(self, live: LiveGame) -> None:
        """Watch a timed game's running clock: when it runs out the game is lost on time."""
        self.disarm(live)
        clock = live.clock
        if clock is None or clock.running is None or live.match.decision is None:
            return
        delay = clock.left(clock.running, time.time())
        live.flag_timer = asyncio.get_running_loop().call_later(delay + 0.02, self._check, live)

    def _check(self, live: LiveGame) -> None:
        live.flag_timer = None
        if self.hub.live.get(live.id) is not live or live.clock is None:
            return
        seat = live.clock.flagged(time.time())
        if seat is None:
            self.arm(live)
        else:
            self.hub.spawn(self.flag(live, seat))

    async def flag(self, live: LiveGame, seat: int) -> None:
        """``seat``'s time ran out: the game is lost on time (a storage failure is retried by the next check)."""
        try:
            await self.forfeit(live, seat, "timeout")
        except ClientError:
            await asyncio.sleep(1.0)
            self.arm(live)

    # ----- rematch ------------------------------------------------------------------------
    async def rematch(self, live: LiveGame, conn: Conn) -> None:
        """``conn``'s seat offers (or accepts) a rematch; when both seats have, the new game is created."""
        if conn.seat is None:
            raise ClientError("not_your_turn", "spectator")
        if live.match.outcome is None:
            raise ClientError("not_yet", "rematch_early")
        if live.rematch_links is not None:
            self.send(live, conn)
            return
        if self.hub.shared is not None:
            await self._shared_rematch(live, conn.seat)
            return
        live.rematch_offers.add(conn.seat)
        live.rematch_offers.update(s for s in (0, 1) if live.ai_seat(s))  # the computer always accepts
        if live.rematch_offers != {0, 1}:
            self.send(live)
            return
        try:
            new, tokens = await self._prepare_rematch(live)
            await self.hub.games.db(self.hub.store.create_game, new.stored)
        except StorageError as exc:
            log.error("a rematch of %s was not created: %s", live.id, exc)
            live.rematch_offers.discard(conn.seat)
            raise ClientError("unavailable") from None
        except ClientError:
            live.rematch_offers.discard(conn.seat)
            raise
        self._started(new)
        self._links(live, _links(new, tokens))

    async def _prepare_rematch(self, live: LiveGame) -> tuple[LiveGame, list[str]]:
        """The rematch of a finished game (seats and decks swapped), not yet stored; ClientError over a limit."""
        stored = live.stored
        decks = (Deck.from_json(stored.decks[1]), Deck.from_json(stored.decks[0]))
        seats = [stored.seats[1], stored.seats[0]]
        control = None if stored.clock is None else Clock.from_json(stored.clock).control
        await self.hub.may_create(stored.creator)  # the limits of every game created, counted for its creator
        return self.hub.games.prepare(stored.game, decks, seats, stored.options, creator=stored.creator,
                                      control=control)

    def _started(self, new: LiveGame) -> None:
        self.hub.games.remember(new)
        self.hub.kick(new)
        self.arm(new)

    def _links(self, live: LiveGame, links: dict[int | None, str]) -> None:
        """The rematch exists: each connection gets its own link."""
        live.rematch_offers = {0, 1}
        live.rematch_links = links
        for other in list(live.conns):
            other.send({"type": "rematch", "url": links.get(other.seat, links[None])})
        self.send(live)

    async def _shared_rematch(self, live: LiveGame, seat: int) -> None:
        """The rematch with a shared database: the offer is stored; the process that sees both offers creates
        the one new game (:meth:`PgStore.create_rematch`)."""
        shared, db = self.hub.shared, self.hub.games.db
        assert shared is not None
        bits = (1 << seat) | sum(1 << s for s in (0, 1) if live.ai_seat(s))  # the computer always accepts
        try:
            offers, links = await db(shared.offer_rematch, live.id, bits)
            if links is None and offers == 3:
                new, tokens = await self._prepare_rematch(live)
                mine = _links(new, tokens)
                links = await db(shared.create_rematch, live.id, new.stored, _stored_links(mine))
                if links == _stored_links(mine):
                    self._started(new)
        except StorageError as exc:
            log.error("a rematch of %s was not created: %s", live.id, exc)
            raise ClientError("unavailable") from None
        self._apply_rematch(live, offers, links)

    def _apply_rematch(self, live: LiveGame, offers: int, links: dict[str, str] | None) -> None:
        if links is not None:
            self._links(live, {None if k == "-" else int(k): v for k, v in links.items()})
        else:
            live.rematch_offers = {s for s in (0, 1) if offers >> s & 1}
            self.send(live)

    async def read_rematch(self, live: LiveGame) -> None:
        """Another process stored a rematch offer (or the rematch) of ``live``: show it here."""
        if self.hub.shared is None or live.rematch_links is not None:
            return
        try:
            offers, links = await self.hub.games.db(self.hub.shared.offer_rematch, live.id, 0)
        except StorageError as exc:
            log.warning("game %s: cannot read its rematch offers: %s", live.id, exc)
            return
        self._apply_rematch(live, offers, links)


def _links(new: LiveGame, tokens: list[str]) -> dict[int | None, str]:
    """Each old seat's link to the rematch ``new`` (its seat swapped; None: a spectator's)."""
    links: dict[int | None, str] = {None: f"/g/{new.id}"}
    for old_seat in (0, 1):
        token = tokens[1 - old_seat]
        links[old_seat] = f"/g/{new.id}#seat={token}" if token else f"/g/{new.id}"
    return links


def _stored_links(links: dict[int | None, str]) -> dict[str, str]:
    return {"-" if k is None else str(k): v for k, v in links.items()}
