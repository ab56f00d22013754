"""The live games of one server process: created, loaded lazily from the database, answered with rollback.

A game is loaded on first use by reading its set-up and answers from the store and
replaying them, in a worker thread (the event loop keeps serving the other games
meanwhile). :meth:`LiveGames.commit` stores an answer before applying it: when the
database refuses it (full disk, read-only file, lost connection) nothing is applied
and the client gets the typed error ``unavailable``; when another process stored that
answer first (a shared PostgreSQL database), the answer is stale and the game catches
up with the database (:meth:`LiveGames.catch_up`); when the engine fails to apply it, the stored answer is
taken back and the game is reloaded from the database. The calls to a remote database
run in worker threads (:meth:`LiveGames.db`).

>>> import asyncio
>>> from grimoire.web.storage import Store
>>> games = LiveGames(Store(":memory:"), ("toy",))
>>> deck = games.rules("toy").cards.starter_deck("steady")
>>> live, tokens = games.create("toy", (deck, deck), ["human", "human"], seed=3)
>>> games.live.clear()  # forget it: the next get loads it from the database
>>> loaded = asyncio.run(games.get(live.id))
>>> loaded is not live, loaded.seq, loaded.seat_of(tokens[1])
(True, 0, 1)
>>> asyncio.run(games.get("nothing")) is None
True
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from grimoire.core.boardcoin import apply_stored, stored_answer
from grimoire.core.branch import Branch
from grimoire.core.clock import Clock, TimeControl
from grimoire.core.decks import Deck
from grimoire.core.errors import ContentError, GrimoireError
from grimoire.core.forfeit import Forfeit
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.registry import game_names, load_game, user_card_dir

from .errors import ClientError
from .live import HUMAN, LiveGame, hash_token, stored_branch, stored_setup
from .ownership import check_owner
from .storage import SavedCard, StaleWrite, Storage, StorageError, StoredGame, Taken
from .versions import next_id, rules_tables

log = logging.getLogger("grimoire.web")
T = TypeVar("T")
TOUCH_EVERY = 3600.0  # seconds between marks that a game someone joined is in use (it then does not expire)


class AnswerFailed(Exception):
    """The engine could not apply a stored answer; it was taken back and the game reloaded as ``fresh``."""

    def __init__(self, option: str, error: Exception, fresh: LiveGame | None) -> None:
        super().__init__(f"the server could not apply {option!r}: {error}")
        self.fresh = fresh


class Flagged(Exception):
    """The seat that answered had no time left: the answer is refused and the game is lost on time."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} has no time left")
        self.seat = seat


def running_for(live: LiveGame) -> None:
    """Point a timed game's clock at the seat that must answer the pending decision (none when it is over)."""
    if live.clock is not None:
        decision = live.match.decision
        live.clock.running = None if decision is None else decision.player


class LiveGames:
    """The rules of each served game and the games in memory (least recently used first).

    A game's rules hold its built-in cards, the server's card files (``card_paths``, by
    game; ``user_cards``: also the user's card folder) and the cards saved in the
    database (:meth:`add_card`); a saved card another process stored is picked up by
    :meth:`refresh`.
    """

    def __init__(self, store: Storage, names: Sequence[str] | None = None, max_live: int = 2000,
                 card_paths: Mapping[str, Sequence[str | Path]] | None = None, user_cards: bool = False) -> None:
        self.store = store
        self.names = tuple(game_names() if names is None else names)
        self.max_live = max_live
        self.card_paths: dict[str, list[Path]] = {}
        for name in self.names:
            paths = [Path(p) for p in (card_paths or {}).get(name, ())]
            if user_cards and user_card_dir(name).is_dir():
                paths.insert(0, user_card_dir(name))
            self.card_paths[name] = paths
        self._saved: dict[str, tuple[int, float]] = {}
        #: The saved cards withdrawn by their owners, by game: in the rules (old games replay), not in new decks.
        self._withdrawn: dict[str, frozenset[str]] = {}
        #: The saved cards not approved yet (proposed or sent back), by game: id -> its owner's hash. Only its
        #: author uses such a card, against the computer (:mod:`grimoire.web.review`).
        self._proposed: dict[str, dict[str, str]] = {}
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        #: Called with each game loaded from the database (the computer's seats start from here).
        self.on_load: list[Callable[[LiveGame], None]] = []
        self._rules: dict[str, Game[Any]] = {}
        self._rules_lock = threading.Lock()
        self._loading: dict[str, asyncio.Task[LiveGame | None]] = {}

    async def db(self, func: Callable[..., T], *args: Any) -> T:
        """Call a store method: at once for SQLite, in a worker thread for a database over the network."""
        if self.store.remote:
            return await asyncio.to_thread(func, *args)
        return func(*args)

    def rules(self, name: str) -> Game[Any]:
        """The rule module ``name`` (loaded once and shared: rules are immutable)."""
        if name not in self.names:
            raise GrimoireError(f"unknown game {name!r}; games: {', '.join(self.names)}")
        with self._rules_lock:
            game = self._rules.get(name)
            if game is None:
                game = self._rules[name] = self._load_rules(name)
        return game

    def _load_rules(self, name: str) -> Game[Any]:
        """The rules with every card of this server; a saved card the rules no longer accept is left out."""
        self._saved[name] = self.store.cards_mark(name)  # first: a card saved meanwhile is read at the next refresh
        saved = self.store.saved_cards(name)
        tables = rules_tables(saved)
        # withdrawn, or superseded by a newer version: in the rules (old games replay), not in new decks
        self._withdrawn[name] = frozenset(c.id for c in saved if c.withdrawn is not None or c.superseded)
        self._proposed[name] = {c.id: c.owner for c in saved
                                if c.withdrawn is None and not c.superseded and c.status != "approved"}
        while True:
            try:
                return load_game(name, card_paths=self.card_paths.get(name, []), tables=tables)
            except ContentError as exc:
                if exc.card not in tables:
                    raise
                log.warning("saved %s card %r is left out: %s", name, exc.card, exc)
                del tables[exc.card]

    def refresh(self, name: str) -> Game[Any]:
        """The rules ``name``, read again if another process saved cards since they were loaded."""
        game = self.rules(name)
        if self.store.shared and self.store.cards_mark(name) != self._saved.get(name):
            with self._rules_lock:
                game = self._rules[name] = self._load_rules(name)
        return game

    def with_card(self, name: str, table: Mapping[str, Any], superseding: str = "") -> Game[Any]:
        """The rules ``name`` with one more card (not stored; ``superseding``: the card it is a new version of);
        ContentError if the card is not valid."""
        tables = rules_tables(self.store.saved_cards(name), superseding)
        tables[str(table["id"])] = dict(table)
        return load_game(name, card_paths=self.card_paths.get(name, []), tables=tables)

    def withdrawn(self, name: str) -> frozenset[str]:
        """The ids of ``name``'s saved cards their owners withdrew (no new deck may use them)."""
        self.rules(name)
        return self._withdrawn.get(name, frozenset())

    def proposed(self, name: str) -> dict[str, str]:
        """The ids of ``name``'s saved cards not approved yet, each with its owner's hash."""
        self.rules(name)
        return self._proposed.get(name, {})

    def review(self, name: str, card_id: str, status: str, note: str) -> None:
        """Record the server owner's decision on a saved card (ClientError if there is no such card)."""
        if not self.store.review_card(name, card_id, status, note):
            raise ClientError("not_found", "no_card", id=card_id[:60])
        with self._rules_lock:
            waiting = dict(self._proposed.get(name, {}))
            if status == "approved":
                waiting.pop(card_id, None)
            else:
                found = self.store.saved_card(name, card_id)
                waiting[card_id] = found.owner if found is not None else ""
            self._proposed[name] = waiting
            self._saved.pop(name, None)  # read again when shared

    def add_card(self, name: str, table: Mapping[str, Any], author: str, owner: str = "",
                 replace: bool = False, status: str = "approved") -> tuple[Game[Any], str]:
        """Validate and store a new card of this server (``owner``: its owner's hash); the rules with it, and the
        id it was saved under.

        With ``replace``, a saved card with that id is replaced instead, by its owner only
        (:func:`grimoire.web.ownership.check_owner`; ClientError otherwise): in place while no stored game used
        it, else as a new version with a new id that supersedes it (:mod:`grimoire.web.versions`).
        :class:`~grimoire.web.storage.Taken` if a card has its id already (and ``replace`` is false),
        ContentError if it is not valid; nothing is stored then.
        """
        card_id, previous = str(table["id"]), ""
        if replace:
            if self.replaceable(name, card_id, owner).used:  # stored games replay with it: a new version
                previous, card_id = card_id, next_id(card_id, self.refresh(name).pool)
                table = {**table, "id": card_id}
        elif card_id in self.refresh(name).pool:
            raise Taken(f"card id {card_id!r} is taken")
        game = self.with_card(name, table, superseding=previous)
        now = time.time()
        card = SavedCard(name, card_id, author, dict(table), now, owner, status=status, previous=previous)
        if previous:
            if not self.store.save_version(card):  # another process withdrew or superseded it meanwhile
                raise ClientError("taken", "card_used", id=previous[:60])
        elif replace:
            if not self.store.replace_card(card):  # another process used, withdrew or replaced it meanwhile
                raise ClientError("taken", "card_used", id=card_id[:60])
        else:
            self.store.save_card(card)
        with self._rules_lock:
            self._rules[name] = game
            waiting = {k: v for k, v in self._proposed.get(name, {}).items() if k != previous}
            if status != "approved":
                waiting[card_id] = owner
            self._proposed[name] = waiting
            if previous:
                self._withdrawn[name] = self._withdrawn.get(name, frozenset()) | {previous}
            count, _ = self._saved.get(name, (0, 0.0))
            self._saved[name] = (count + (0 if replace and not previous else 1), now)
        return game, card_id

    def replaceable(self, name: str, card_id: str, owner: str) -> SavedCard:
        """The saved card ``owner`` may replace (ClientError unless ``owner`` owns it and it is current)."""
        found = self.store.saved_card(name, card_id)
        if found is None:
            raise ClientError("not_found", "no_card", id=card_id[:60])
        check_owner(found.owner, owner, "card")
        if found.withdrawn is not None or found.superseded:
            raise ClientError("taken", "card_used", id=card_id[:60])
        return found

    def without_card(self, name: str, card_id: str) -> Game[Any]:
        """The rules ``name`` without one saved card (what its replacement is checked against)."""
        tables = rules_tables(c for c in self.store.saved_cards(name) if c.id != card_id)
        return load_game(name, card_paths=self.card_paths.get(name, []), tables=tables)

    def withdraw_card(self, name: str, card_id: str, owner: str) -> None:
        """Withdraw a saved card, by its owner only: out of the pool and the lists, refused in new decks; the
        stored games that used it still load (it stays in the rules)."""
        found = self.store.saved_card(name, card_id)
        if found is None or found.withdrawn is not None:
            raise ClientError("not_found", "no_card", id=card_id[:60])
        check_owner(found.owner, owner, "card")
        if not self.store.withdraw_card(name, card_id, owner):
            raise ClientError("not_found", "no_card", id=card_id[:60])
        gone = self.withdrawn(name) | {card_id}
        with self._rules_lock:
            self._withdrawn[name] = gone
            self._saved.pop(name, None)  # read again when shared

    # ----- creating and finding ------------------------------------------------
    def prepare(self, game_name: str, decks: tuple[Deck, Deck], seats: Sequence[str],
                options: dict[str, Any] | None = None, seed: int | None = None,
                creator: str = "", branch: Branch | None = None,
                control: TimeControl | None = None, posts: tuple[str, ...] | None = None) -> tuple[LiveGame, list[str]]:
        """A new game, not yet stored; and the seat tokens (empty for the computer). ``control``: the time
        control of its clock (None: untimed).

        With ``branch`` it starts at that position of the game ``seed`` and ``decks`` set up
        (:mod:`grimoire.core.branch`); GrimoireError if there is nothing to play from there.
        """
        game = self.rules(game_name)
        setup = Setup(decks, game.options(options), secrets.randbits(63) if seed is None else seed,
                      *(() if posts is None else ("post", posts)))  # posts: the board coin asked at the toss
        match: Match[Any] = Match(game, setup, branch)
        tokens = [secrets.token_urlsafe(24) if kind == HUMAN else "" for kind in seats]
        now = time.time()
        stored = StoredGame(
            id=secrets.token_urlsafe(9), game=game_name, ruleset_version=game.version, options=dict(setup.options),
            decks=[d.to_json() for d in decks], seed=setup.seed, chance=setup.chance,
            chance_script=list(setup.chance_script), seats=list(seats),
            token_hashes=[hash_token(t) if t else "" for t in tokens], created=now, creator=creator,
            last_active=now, branch=None if branch is None else branch.to_json())
        live = LiveGame(stored, game, match, asked=now)
        if control is not None:
            live.clock = Clock.start(control, None, now)
            running_for(live)
            stored.clock = live.clock.to_json()
        return live, tokens

    def create(self, game_name: str, decks: tuple[Deck, Deck], seats: Sequence[str],
               options: dict[str, Any] | None = None, seed: int | None = None) -> tuple[LiveGame, list[str]]:
        """Store a new game and keep it in memory; returns it and the seat tokens (empty for the computer)."""
        live, tokens = self.prepare(game_name, decks, seats, options, seed)
        self.store.create_game(live.stored)
        self.remember(live)
        return live, tokens

    def loaded(self, game_id: str) -> LiveGame | None:
        """A game if it is in memory (never reads the database)."""
        live = self.live.get(game_id)
        if live is not None:
            self.live.move_to_end(game_id)
        return live

    async def get(self, game_id: str) -> LiveGame | None:
        """A game by id, loaded from the database in a worker thread if needed; None if there is none."""
        live = self.loaded(game_id)
        if live is not None:
            return live
        task = self._loading.get(game_id)
        if task is None:  # one load per game, however many ask at once
            task = self._loading[game_id] = asyncio.ensure_future(self._load(game_id))
        return await asyncio.shield(task)

    async def _load(self, game_id: str) -> LiveGame | None:
        try:
            live = await asyncio.to_thread(self._build, game_id)
        finally:
            del self._loading[game_id]  # from now on the game is in memory, or not to be found
        if live is None:
            return None
        self.remember(live)
        for hook in self.on_load:
            hook(live)
        return live

    def _build(self, game_id: str) -> LiveGame | None:
        """Read a stored game and replay its answers (runs in a worker thread)."""
        stored = self.store.load_game(game_id)
        if stored is None or stored.game not in self.names:
            return None
        current = self.refresh(stored.game)  # another process may have saved the cards it uses
        game = current.at_version(stored.ruleset_version)  # a game stored under older rules replays under them
        if game is None:
            log.warning("game %s is for %s rules %s, this server has %s", game_id, stored.game,
                        stored.ruleset_version, current.version)
            return None
        try:
            match = Match(game, stored_setup(game, stored), stored_branch(stored))
            for answer in stored.answers:
                apply_stored(match, answer)  # a board-coin answer carries its post times
            if stored.held is not None and stored.held[0] == len(stored.answers):
                match.answer(stored.held[1])  # an answer waiting for a post time: the post question again
                if match.held is None:
                    raise GrimoireError(f"the held answer {stored.held[1]!r} does not wait for a post time")
            if stored.forfeit is not None:
                ended = Forfeit.from_json(stored.forfeit)
                match.forfeit(ended.seat, ended.reason)
            clock = None if stored.clock is None else Clock.from_json(stored.clock)
        except GrimoireError as exc:
            log.error("game %s does not replay under %s rules %s: %s", game_id, stored.game, game.version, exc)
            return None
        now = time.time()
        live = LiveGame(stored, game, match, clock=clock, asked=now, away={0: now, 1: now})
        running_for(live)  # the clock goes on from its last answer: the time the server was down counts
        return live

    def remember(self, live: LiveGame) -> None:
        """Keep a game in memory (forgetting the least recently used idle ones beyond ``max_live``)."""
        self.live[live.id] = live
        self.live.move_to_end(live.id)
        if len(self.live) > self.max_live:
            for gid, other in list(self.live.items()):
                if len(self.live) <= self.max_live:
                    break
                if other is not live and not other.conns and other.ai_task is None:
                    del self.live[gid]

    # ----- answers ---------------------------------------------------------------
    async def commit(self, live: LiveGame, seat: int, option: str, seq: int | None = None) -> int:
        """Store ``option`` as answer ``seq`` (default: the next), then apply it; returns the log length before it.

        Raises ClientError ``stale`` if that answer is stored already (by another
        process: see :meth:`catch_up`) and ``unavailable`` if the database refused it
        (nothing changed). If the engine fails to apply it, the stored answer is removed,
        the game is reloaded from the database and :class:`AnswerFailed` carries it.
        """
        async with live.lock:
            if seq is None:
                seq = live.seq
            if seq != live.seq:
                raise ClientError("stale", "pending", seq=seq, pending=live.seq)
            if live.match.decision is None:
                raise ClientError("stale", "over")
            if live.match.setup.chance == "post":
                return await self._commit_board(live, seat, option, seq)
            now = time.time()
            clock = None
            if live.clock is not None:  # charge the answering seat; stored with the answer, in one transaction
                clock = Clock(live.clock.control, list(live.clock.left_ms), seat, live.clock.since)
                try:
                    clock.answer(now, None)
                except GrimoireError:
                    raise Flagged(seat) from None
            try:
                if clock is None:
                    await self.db(self.store.append_answer, live.id, seat, seq, option)
                else:
                    await self.db(partial(self.store.append_answer, clock=clock.to_json()), live.id, seat, seq,
                                  option)
            except StaleWrite:  # another process stored it first: the caller catches up (Hub.follow)
                raise ClientError("stale", "answered", seq=seq) from None
            except StorageError as exc:
                log.error("game %s: answer %d not stored: %s", live.id, seq, exc)
                raise ClientError("unavailable") from None
            before = len(live.match.log)
            try:
                live.match.answer(option)
            except Exception as exc:  # an engine failure: undo the stored answer, rebuild from the database
                log.exception("game %s: answer %r at step %d failed", live.id, option, seq)
                await self.db(self.store.remove_answer, live.id, seq)
                failed = exc
            else:
                live.asked = now
                if clock is not None:
                    live.clock = clock
                    running_for(live)
                await self._note_outcome(live)
                return before
        raise AnswerFailed(option, failed, await self.reload(live))

    async def _commit_board(self, live: LiveGame, seat: int, option: str, seq: int) -> int:
        """An answer to a board-coin game (the lock held): applied first. An answer whose toss waits on a
        post time stays in memory while the tossing seat is asked; once it applies it is stored with the
        post times it read (:func:`~grimoire.core.boardcoin.stored_answer`), and a clock charges ``seat``
        (the seat answering last: a post is part of the move it completes)."""
        now = time.time()
        clock = None
        if live.clock is not None:
            clock = Clock(live.clock.control, list(live.clock.left_ms), seat, live.clock.since)
            try:
                clock.answer(now, None)
            except GrimoireError:
                raise Flagged(seat) from None
        before = len(live.match.log)
        try:
            events = live.match.answer(option)
        except GrimoireError as exc:
            raise ClientError("illegal", option=repr(option[:60]), seq=seq, kind=str(exc)[:60]) from None
        live.asked = now
        if live.match.held is not None:  # kept in the database: a restart or another process asks the same
            try:
                await self.db(self.store.hold_answer, live.id, seat, seq, option)
            except StaleWrite:  # another process stored or held an answer first
                await self.reload(live)
                raise ClientError("stale", "answered", seq=seq) from None
            except StorageError as exc:
                log.error("game %s: held answer %d not stored: %s", live.id, seq, exc)
                await self.reload(live)
                raise ClientError("unavailable") from None
            return before
        stored = stored_answer(live.match.answers[-1], events)
        try:
            if clock is None:
                await self.db(self.store.append_answer, live.id, live.match.deciders[-1], seq, stored)
            else:
                await self.db(partial(self.store.append_answer, clock=clock.to_json()), live.id,
                              live.match.deciders[-1], seq, stored)
                live.clock = clock
                running_for(live)
        except (StaleWrite, StorageError) as exc:
            log.error("game %s: answer %d not stored: %s", live.id, seq, exc)
            raise AnswerFailed(option, exc, await self.reload(live)) from None
        await self._note_outcome(live)
        return before

    async def _note_outcome(self, live: LiveGame) -> None:
        outcome = live.match.outcome
        if outcome is not None:
            try:
                await self.db(self.store.set_outcome, live.id, outcome.to_json())
            except StorageError as exc:  # a summary only: the answers are stored, the outcome replays from them
                log.warning("game %s: outcome not noted: %s", live.id, exc)

    async def catch_up(self, live: LiveGame, stored: int = -1, last: str | None = None) -> int | None:
        """Apply the answers another process stored; the log length before them, or None if there were none.

        ``stored``: how many answers the database is known to hold (-1: unknown); a game that
        has them all already is not read again (a process hears of its own answers too), and
        one that lacks only the last, given as ``last``, applies it without reading.
        """
        async with live.lock:
            if 0 <= stored <= live.seq:
                return None
            if live.match.held is not None:  # the answer held here is among those stored (with its post time)
                live.match.truncate(live.seq)
            if last is not None and stored == live.seq + 1:
                before = len(live.match.log)
                try:
                    apply_stored(live.match, last)
                except Exception:  # what another process stored does not apply here: read the database instead
                    log.exception("game %s: the answer another process stored does not apply", live.id)
                else:
                    return before
            return await self._catch_up_locked(live)

    async def _catch_up_locked(self, live: LiveGame) -> int | None:
        missing = await self.db(self.store.answers_from, live.id, live.seq)
        if not missing:
            return None
        if live.match.held is not None:
            live.match.truncate(live.seq)
        before = len(live.match.log)
        for option in missing:
            apply_stored(live.match, option)
        await self._note_outcome(live)
        return before

    async def take_held(self, live: LiveGame) -> int | None:
        """Hold the answer another process holds for a post time (the same post question is asked here); the log
        length before it, or None if there is none to take."""
        async with live.lock:
            if live.match.held is not None or live.match.decision is None:
                return None
            found = await self.db(self.store.held_answer, live.id)
            if found is None or found[0] != live.seq:
                return None
            before = len(live.match.log)
            try:
                live.match.answer(found[1])
            except GrimoireError:
                log.exception("game %s: the answer another process holds does not apply", live.id)
                return None
            return before

    async def touch(self, live: LiveGame) -> None:
        """Mark a game someone joined as in use (at most hourly): it then does not expire."""
        now = time.time()
        if now - live.touched < TOUCH_EVERY:
            return
        live.touched = now
        try:
            await self.db(self.store.touch, live.id, now)
        except StorageError as exc:
            log.warning("game %s: cannot mark it in use: %s", live.id, exc)

    async def reload(self, live: LiveGame) -> LiveGame | None:
        """Forget the in-memory game and load it again from the database."""
        if self.live.get(live.id) is live:
            del self.live[live.id]
        return await self.get(live.id)

    async def close(self) -> None:
        """Wait for the loads under way (they read the database)."""
        for task in list(self._loading.values()):
            try:
                await task
            except Exception:  # a failed load has nothing left to wait for
                log.exception("a game load failed during shutdown")
