"""Live games: the authoritative state of every game being played, and its connections.

A :class:`Hub` owns the database and the games in memory. A game is loaded lazily on
first use (its set-up and stored answers are replayed), answers are checked against the
pending decision, committed to the database and only then applied and broadcast, and
the computer's seats are answered server-side by agents that see only their view.

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
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.ai.registry import LEVELS, make_level_agent
from grimoire.core.decision import Event
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.play import Agent, RandomAgent
from grimoire.core.registry import game_names, load_game
from grimoire.core.rng import Chance

from .protocol import ClientError, dumps, state_payload
from .storage import StaleWrite, Store, StoredGame

log = logging.getLogger("grimoire.web")

HUMAN = "human"
MAX_QUEUE = 256


def computer(level: str, game_name: str, decks: Sequence[Deck | None] | None = None) -> Agent:
    """The agent that plays a computer level (``easy``, ``normal``, ``hard``… of :mod:`grimoire.ai.levels`).

    ``decks`` are ``(own, opponent)`` deck lists, as in simulation: the search level
    knows both lists (never their order, nor any hand).
    """
    return make_level_agent(level, game_name, decks)


def hash_token(token: str) -> str:
    """The stored form of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(eq=False)
class Conn:
    """One WebSocket connection to a game: its seat (None: spectator), language and outbox."""

    seat: int | None
    lang: str
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    seen: int = 0  # how many events of the game's log this connection has been sent

    def send(self, payload: dict[str, Any] | str) -> bool:
        """Queue a message; False if the client is too far behind (the caller drops it)."""
        if self.outbox.qsize() >= MAX_QUEUE:
            return False
        self.outbox.put_nowait(payload if isinstance(payload, str) else dumps(payload))
        return True


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

    def ai_seat(self, seat: int) -> bool:
        return self.seats[seat].startswith("ai:")

    def summary(self) -> dict[str, Any]:
        """Public facts about the game."""
        out = self.match.outcome
        return {"id": self.id, "game": self.game.name, "seats": list(self.seats), "steps": self.seq,
                "finished": out is not None, "outcome": None if out is None else out.to_json(),
                "created": self.stored.created}


class Hub:
    """Every game of one server: creation, lazy loading, answers, broadcasts, computer seats."""

    def __init__(self, store: Store, games: Sequence[str] | None = None, ai_delay: float = 0.3,
                 max_live: int = 2000) -> None:
        self.store = store
        self.game_names = tuple(game_names() if games is None else games)
        self.ai_delay = ai_delay
        self.max_live = max_live
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        self._rules: dict[str, Game[Any]] = {}
        self._replays: OrderedDict[tuple[str, int | None], tuple[Match[Any], list[int]]] = OrderedDict()
        self.on_step: list[Callable[[LiveGame], None]] = []

    # ----- rules and levels --------------------------------------------------
    def rules(self, name: str) -> Game[Any]:
        """The rule module ``name`` (loaded once and shared: rules are immutable)."""
        if name not in self.game_names:
            raise GrimoireError(f"unknown game {name!r}; games: {', '.join(self.game_names)}")
        game = self._rules.get(name)
        if game is None:
            game = self._rules[name] = load_game(name)
        return game

    def levels(self, game_name: str) -> list[str]:
        """The computer levels for a game, easiest first: every level the agent registry names."""
        found = []
        for level in LEVELS:
            try:
                computer(level, game_name)
            except (GrimoireError, ImportError, AttributeError):
                continue
            found.append(level)
        return found

    # ----- creating and loading ----------------------------------------------
    def create(self, game_name: str, decks: tuple[Deck, Deck], seats: Sequence[str],
               options: dict[str, Any] | None = None, seed: int | None = None) -> tuple[LiveGame, list[str]]:
        """Start a new game; returns it and the seat tokens (empty for computer seats).

        ``seats`` are ``"human"`` or ``"ai:LEVEL"``. Raises GrimoireError for bad input.
        """
        game = self.rules(game_name)
        for kind in seats:
            if kind != HUMAN and not (kind.startswith("ai:") and kind[3:] in self.levels(game_name)):
                raise GrimoireError(f"unknown seat kind {kind!r}")
        setup = Setup(decks, game.options(options), secrets.randbits(63) if seed is None else seed)
        match: Match[Any] = Match(game, setup)
        tokens = [secrets.token_urlsafe(24) if kind == HUMAN else "" for kind in seats]
        stored = StoredGame(
            id=secrets.token_urlsafe(9), game=game_name, ruleset_version=game.version, options=dict(setup.options),
            decks=[d.to_json() for d in decks], seed=setup.seed, chance=setup.chance,
            chance_script=list(setup.chance_script), seats=list(seats),
            token_hashes=[hash_token(t) if t else "" for t in tokens], created=time.time())
        self.store.create_game(stored)
        live = LiveGame(stored, game, match)
        self._remember(live)
        self.kick(live)
        return live, tokens

    def get(self, game_id: str) -> LiveGame | None:
        """A game by id, loaded from the database (set-up + answers → replay) if needed."""
        live = self.live.get(game_id)
        if live is not None:
            self.live.move_to_end(game_id)
            return live
        stored = self.store.load_game(game_id)
        if stored is None or stored.game not in self.game_names:
            return None
        game = self.rules(stored.game)
        if stored.ruleset_version != game.version:
            log.warning("game %s is for %s rules %s, this server has %s", game_id, stored.game,
                        stored.ruleset_version, game.version)
            return None
        try:
            match = Match(game, self._setup(game, stored))
            for answer in stored.answers:
                match.answer(answer)
        except GrimoireError as exc:
            log.error("game %s does not replay under %s rules %s: %s", game_id, stored.game, game.version, exc)
            return None
        live = LiveGame(stored, game, match)
        self._remember(live)
        self.kick(live)
        return live

    def _setup(self, game: Game[Any], stored: StoredGame) -> Setup:
        decks = (Deck.from_json(stored.decks[0]), Deck.from_json(stored.decks[1]))
        return Setup(decks, game.options(stored.options), stored.seed, stored.chance, tuple(stored.chance_script))

    def _remember(self, live: LiveGame) -> None:
        self.live[live.id] = live
        self.live.move_to_end(live.id)
        if len(self.live) > self.max_live:
            for gid, other in list(self.live.items()):
                if len(self.live) <= self.max_live:
                    break
                if other is not live and not other.conns and other.ai_task is None:
                    del self.live[gid]

    # ----- connections -------------------------------------------------------
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
        self.send_full(live, conn)
        self.kick(live)
        return conn

    def leave(self, live: LiveGame, conn: Conn) -> None:
        live.conns.discard(conn)

    def send_full(self, live: LiveGame, conn: Conn) -> None:
        """Send a connection the whole state and the whole log."""
        m = live.match
        conn.seen = len(m.log)
        conn.send(state_payload(live.game, m.state, m.decision, live.seq, conn.seat, conn.lang, m.log, full_log=True))

    # ----- answers -----------------------------------------------------------
    def answer(self, live: LiveGame, conn: Conn, seq: int, option: str) -> None:
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
        self._commit(live, conn.seat, option, conn)
        self.kick(live)

    def _commit(self, live: LiveGame, seat: int, option: str, by: Conn | None) -> None:
        seq = live.seq
        try:
            self.store.append_answer(live.id, seat, seq, option)
        except StaleWrite:
            raise ClientError("stale", f"decision {seq} was already answered") from None
        before = len(live.match.log)
        try:
            live.match.answer(option)
        except Exception as exc:  # an engine failure: undo the stored answer, rebuild from the database
            log.exception("game %s: answer %r at step %d failed", live.id, option, seq)
            self.store.remove_answer(live.id, seq)
            self.live.pop(live.id, None)
            fresh = self.get(live.id)
            if fresh is not None:
                for conn in live.conns:
                    fresh.conns.add(conn)
                    self.send_full(fresh, conn)
            raise ClientError("internal", f"the server could not apply {option!r}: {exc}") from None
        outcome = live.match.outcome
        if outcome is not None:
            self.store.set_outcome(live.id, outcome.to_json())
        self.broadcast(live, before, by, seq)
        for hook in self.on_step:
            hook(live)

    def broadcast(self, live: LiveGame, before: int, by: Conn | None, acked: int) -> None:
        """Send every connection its own update (views are computed once per seat and language)."""
        m = live.match
        new_events: list[Event] = m.log[before:]
        cache: dict[tuple[int | None, str], str] = {}
        dropped = []
        for conn in live.conns:
            if conn.seen != before:  # fell out of step (cannot normally happen): resend everything
                self.send_full(live, conn)
                continue
            key = (conn.seat, conn.lang)
            text = cache.get(key)
            if text is None:
                text = cache[key] = dumps(state_payload(live.game, m.state, m.decision, live.seq, conn.seat,
                                                        conn.lang, new_events, log=m.log))
            conn.seen = len(m.log)
            # the answering connection's copy carries "ack": the seq of the answer it acknowledges
            ok = conn.send(f'{text[:-1]},"ack":{acked}}}' if conn is by else text)
            if not ok:
                dropped.append(conn)
        for conn in dropped:
            live.conns.discard(conn)
            conn.outbox.put_nowait(None)

    # ----- computer seats ----------------------------------------------------
    def kick(self, live: LiveGame) -> None:
        """Start the computer's answering task if a computer seat must answer."""
        decision = live.match.decision
        if decision is None or not live.ai_seat(decision.player) or live.ai_task is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (creation outside the server): the first connection kicks it
        live.ai_task = loop.create_task(self._run_ai(live))

    async def _run_ai(self, live: LiveGame) -> None:
        try:
            while True:
                decision = live.match.decision
                if decision is None or not live.ai_seat(decision.player):
                    return
                await asyncio.sleep(self.ai_delay)
                if self.live.get(live.id) is not live:
                    return
                seat = decision.player
                agent = live.agents.get(seat)
                if agent is None:
                    decks = live.match.setup.decks
                    agent = live.agents[seat] = computer(live.seats[seat][3:], live.game.name,
                                                         (decks[seat], decks[1 - seat]))
                view = live.game.view(live.match.state, seat)
                try:
                    if isinstance(agent, RandomAgent):
                        option = agent.choose(live.game, view, decision, live.ai_chance)
                    else:  # thinking takes a while: keep the other games going meanwhile
                        option = await asyncio.to_thread(agent.choose, live.game, view, decision, live.ai_chance)
                except Exception:
                    log.exception("game %s: the computer (%s) failed; it answers at random", live.id, agent.name)
                    option = RandomAgent().choose(live.game, view, decision, live.ai_chance)
                if live.match.decision is not decision:
                    continue
                if decision.find(option) is None:
                    log.error("game %s: agent %s gave unlisted answer %r", live.id, agent.name, option)
                    option = decision.options[0].id
                self._commit(live, seat, option, None)
        except ClientError as exc:
            log.error("game %s: computer answer failed: %s", live.id, exc)
        finally:
            live.ai_task = None

    async def close(self) -> None:
        """Stop the computer tasks and close the database."""
        for live in list(self.live.values()):
            if live.ai_task is not None:
                live.ai_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await live.ai_task
        self.store.close()

    # ----- replay ------------------------------------------------------------
    def replay(self, live: LiveGame, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        """The view after ``step`` answers, recomputed from the stored answers.

        Returns the step, the number of steps, the view, the events of this step and the
        whole log up to it (redacted for ``seat``), and who answered this step.
        """
        from .protocol import outcome_payload, render_events

        answers = list(live.match.answers)
        step = max(0, min(step, len(answers)))
        key = (live.id, seat)
        cursor = self._replays.pop(key, None)
        if cursor is None or len(cursor[0].answers) > step:
            match: Match[Any] = Match(live.game, self._setup(live.game, live.stored))
            cursor = (match, [len(match.log)])
        match, bounds = cursor
        while len(match.answers) < step:
            match.answer(answers[len(match.answers)])
            bounds.append(len(match.log))
        self._replays[key] = cursor
        while len(self._replays) > 32:
            self._replays.popitem(last=False)
        game = live.game
        start = bounds[step - 1] if step > 0 else 0
        decision = match.decision
        actor = None
        chosen = None
        if step < len(answers) and decision is not None:
            actor = decision.player
            if seat == actor:
                found = decision.find(answers[step])
                chosen = None if found is None else game.text.label(found, lang)
        return {
            "type": "replay", "game": game.name, "step": step, "steps": len(answers), "seat": seat,
            "view": game.view(match.state, seat),
            "events": render_events(game, match.log[start:bounds[step]], seat, lang),
            "log": render_events(game, match.log[:bounds[step]], seat, lang),
            "next_actor": actor, "next_answer": chosen,
            "outcome": outcome_payload(game, match.outcome, lang, match.log),
        }
