"""The computer's seats: answered on the server by agents that see only their seat's view.

Each game with a computer seat to answer gets one task that waits ``delay`` seconds,
asks the seat's agent with :func:`grimoire.core.play.ask` and commits the answer like a
player's. The quick levels (random, greedy) answer on the event loop; a searching level
thinks in a worker process of the :class:`~grimoire.web.thinking.Thinker`, whose
bounded queue makes computer seats wait their turn rather than slow the other tables.
A computer seat plays its deck's declared set-up choices (a Destiny deck's ``# ability:``
line; :func:`grimoire.core.setup_choices.declared_answer`), as in simulation and at the
terminal; a game created with the lobby's "the computer picks its own set-up" stores the
computer's deck without them. When the database cannot take the answer (full disk, read-only file, lost connection)
the seat tries again later, with a growing pause: nothing is applied until it is stored.

>>> computer("easy", "toy").name
'random'
>>> levels("toy")[0]
'easy'
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from grimoire.ai.registry import LEVELS, make_level_agent
from grimoire.ai.search import SearchAgent
from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.play import Agent, AgentError, RandomAgent, ask
from grimoire.core.registry import own_cards
from grimoire.core.setup_choices import declared_answer

from .errors import ClientError
from .live import Conn, LiveGame
from .thinking import Job, Thinker

RETRY_FIRST, RETRY_MAX = 0.5, 30.0  # seconds between tries to store an answer the database refused

log = logging.getLogger("grimoire.web")

#: Commits an answer: ``(game, seat, option, answering connection or None)``.
Commit = Callable[[LiveGame, int, str, Conn | None], Awaitable[None]]


def computer(level: str, game_name: str, decks: Sequence[Deck | None] | None = None) -> Agent:
    """The agent that plays a computer level (``easy``, ``normal``, ``hard``… of :mod:`grimoire.ai.registry`).

    ``decks`` are ``(own, opponent)`` deck lists, as in simulation: the search level
    knows both lists (never their order, nor any hand).
    """
    return make_level_agent(level, game_name, decks)


def levels(game_name: str) -> list[str]:
    """The computer levels for a game, easiest first: every level the agent registry names."""
    found = []
    for level in LEVELS:
        try:
            computer(level, game_name)
        except (GrimoireError, ImportError, AttributeError):
            continue
        found.append(level)
    return found


class ComputerSeats:
    """Starts and stops the computer's answering tasks.

    ``current(game)`` tells whether a game is still the one in memory (a reloaded or
    forgotten game is left alone); ``commit`` stores, applies and broadcasts an answer.
    """

    def __init__(self, commit: Commit, current: Callable[[LiveGame], bool], delay: float = 0.3,
                 thinker: Thinker | None = None) -> None:
        self.commit = commit
        self.current = current
        self.delay = delay
        self.thinker = thinker or Thinker(0)
        self.games: set[LiveGame] = set()

    def kick(self, live: LiveGame) -> None:
        """Start the computer's answering task if a computer seat must answer."""
        decision = live.match.decision
        if decision is None or not live.ai_seat(decision.player) or live.ai_task is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (creation outside the server): the first connection kicks it
        live.ai_task = loop.create_task(self._run(live))
        self.games.add(live)

    async def _run(self, live: LiveGame) -> None:
        try:
            while True:
                decision = live.match.decision
                if decision is None or not live.ai_seat(decision.player):
                    return
                await asyncio.sleep(self.delay)
                if not self.current(live):
                    return
                option = await self._think(live, decision)
                if live.match.decision is not decision:
                    continue
                await self._store(live, decision, option)
        finally:
            live.ai_task = None
            self.games.discard(live)

    async def _store(self, live: LiveGame, decision: Decision, option: str) -> None:
        """Commit the computer's answer; while the database refuses it, wait and try again."""
        pause = RETRY_FIRST
        while self.current(live) and live.match.decision is decision:
            try:
                await self.commit(live, decision.player, option, None)
                return
            except ClientError as exc:
                if exc.code != "unavailable":
                    log.info("game %s: the computer's answer was refused: %s", live.id, exc)
                    return  # stale: another process answered; the loop looks at the new decision
                log.warning("game %s: the database refused the computer's answer; trying again in %.1f s",
                            live.id, pause)
            await asyncio.sleep(pause)
            pause = min(RETRY_MAX, pause * 2)

    def _agent(self, live: LiveGame, seat: int) -> Agent:
        agent = live.agents.get(seat)
        if agent is None:
            decks = live.match.setup.decks
            agent = live.agents[seat] = computer(live.seats[seat][3:], live.game.name, (decks[seat], decks[1 - seat]))
        return agent

    async def _think(self, live: LiveGame, decision: Decision) -> str:
        """The seat's answer; a failing agent's turn is answered at random, an unlisted answer by the first option."""
        declared = declared_answer(live.match.setup.decks[decision.player].choices, decision)
        if declared is not None:  # the deck's own set-up choice: the same answer on every surface
            return declared
        agent = self._agent(live, decision.player)
        game, state = live.game, live.match.state
        try:
            if not isinstance(agent, SearchAgent):  # quick: answered at once, on the event loop
                return ask(game, state, decision, agent, live.ai_chance)
            seat = decision.player
            decks = live.match.setup.decks
            job = Job(game.name, live.seats[seat][3:], (decks[seat], decks[1 - seat]), game.view(state, seat),
                      decision, live.ai_chance.next64(), own_cards(game))
            return await self.thinker.think(job)
        except AgentError as exc:
            log.error("game %s: %s", live.id, exc)
            return decision.options[0].id
        except Exception:
            log.exception("game %s: the computer (%s) failed; it answers at random", live.id, agent.name)
            return ask(game, state, decision, RandomAgent(), live.ai_chance)

    async def close(self) -> None:
        """Stop every answering task and the thinking processes."""
        for live in list(self.games):
            task = live.ai_task
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self.thinker.close()
