"""The live games of one server: created, loaded lazily from the database, answered with rollback.

A game is loaded on first use by reading its set-up and answers from the
:class:`~grimoire.web.storage.Store` and replaying them, in a worker thread (the event
loop keeps serving the other games meanwhile). :meth:`LiveGames.commit` stores an
answer before applying it; when the engine fails to apply it, the stored answer is
taken back and the game is reloaded from the database.

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
from collections.abc import Callable, Sequence
from typing import Any

from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.registry import game_names, load_game

from .live import HUMAN, LiveGame, hash_token, stored_setup
from .protocol import ClientError
from .storage import StaleWrite, Store, StoredGame

log = logging.getLogger("grimoire.web")


class AnswerFailed(Exception):
    """The engine could not apply a stored answer; it was taken back and the game reloaded as ``fresh``."""

    def __init__(self, option: str, error: Exception, fresh: LiveGame | None) -> None:
        super().__init__(f"the server could not apply {option!r}: {error}")
        self.fresh = fresh


class LiveGames:
    """The rules of each served game and the games in memory (least recently used first)."""

    def __init__(self, store: Store, names: Sequence[str] | None = None, max_live: int = 2000) -> None:
        self.store = store
        self.names = tuple(game_names() if names is None else names)
        self.max_live = max_live
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        #: Called with each game loaded from the database (the computer's seats start from here).
        self.on_load: list[Callable[[LiveGame], None]] = []
        self._rules: dict[str, Game[Any]] = {}
        self._rules_lock = threading.Lock()
        self._loading: dict[str, asyncio.Task[LiveGame | None]] = {}

    def rules(self, name: str) -> Game[Any]:
        """The rule module ``name`` (loaded once and shared: rules are immutable)."""
        if name not in self.names:
            raise GrimoireError(f"unknown game {name!r}; games: {', '.join(self.names)}")
        with self._rules_lock:
            game = self._rules.get(name)
            if game is None:
                game = self._rules[name] = load_game(name)
        return game

    # ----- creating and finding ------------------------------------------------
    def create(self, game_name: str, decks: tuple[Deck, Deck], seats: Sequence[str],
               options: dict[str, Any] | None = None, seed: int | None = None) -> tuple[LiveGame, list[str]]:
        """Store a new game and keep it in memory; returns it and the seat tokens (empty for the computer)."""
        game = self.rules(game_name)
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
        self._remember(live)
        for hook in self.on_load:
            hook(live)
        return live

    def _build(self, game_id: str) -> LiveGame | None:
        """Read a stored game and replay its answers (runs in a worker thread)."""
        stored = self.store.load_game(game_id)
        if stored is None or stored.game not in self.names:
            return None
        game = self.rules(stored.game)
        if stored.ruleset_version != game.version:
            log.warning("game %s is for %s rules %s, this server has %s", game_id, stored.game,
                        stored.ruleset_version, game.version)
            return None
        try:
            match = Match(game, stored_setup(game, stored))
            for answer in stored.answers:
                match.answer(answer)
        except GrimoireError as exc:
            log.error("game %s does not replay under %s rules %s: %s", game_id, stored.game, game.version, exc)
            return None
        return LiveGame(stored, game, match)

    def _remember(self, live: LiveGame) -> None:
        self.live[live.id] = live
        self.live.move_to_end(live.id)
        if len(self.live) > self.max_live:
            for gid, other in list(self.live.items()):
                if len(self.live) <= self.max_live:
                    break
                if other is not live and not other.conns and other.ai_task is None:
                    del self.live[gid]

    # ----- answers ---------------------------------------------------------------
    async def commit(self, live: LiveGame, seat: int, option: str) -> int:
        """Store ``option`` as the next answer, then apply it; returns the log length before it.

        Raises ClientError ``stale`` if that answer is stored already. If the engine fails
        to apply it, the stored answer is removed, the game is reloaded from the database
        and :class:`AnswerFailed` carries the reloaded game.
        """
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
            raise AnswerFailed(option, exc, await self.reload(live)) from None
        outcome = live.match.outcome
        if outcome is not None:
            self.store.set_outcome(live.id, outcome.to_json())
        return before

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
