"""Computer thinking off the event loop: searching levels think in a pool of worker processes.

A search holds the interpreter for up to a second a move; in a thread of the server
process it would fight the event loop for the interpreter lock and slow every other
table. A :class:`Thinker` sends each move to a process pool (started on first use,
``spawn``\\ ed so that no server thread or socket is copied) through a bounded queue: at
most ``queue`` moves are submitted at once and the other computer seats wait their
turn, asleep, costing nothing. A worker sees what an agent sees: the game's name, the
seat's view, the decision, the seat's deck list and a seed — never the state.

With ``workers=0`` the moves are computed in a thread of the server process instead
(an embedded server, or tests that patch agents).

>>> from grimoire.core.registry import load_game
>>> from grimoire.core.game import Setup
>>> from grimoire.core.match import Match
>>> game = load_game("toy"); deck = game.cards.starter_deck("steady")
>>> m = Match(game, Setup((deck, deck), seed=1))
>>> job = Job("toy", "search-20", (deck, deck), game.view(m.state, m.decision.player), m.decision, 7)
>>> think(job) in m.decision.ids()
True
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from grimoire.ai.registry import LEVELS, make_agent, make_level_agent
from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.play import Agent, AgentError
from grimoire.core.registry import game_in_process
from grimoire.core.rng import Chance


@dataclass(frozen=True)
class Job:
    """One computer move: what the seat's agent may know, and a seed for its chance."""

    game_name: str
    level: str
    decks: tuple[Deck, Deck]  # (own, opponent) deck lists
    view: dict[str, Any]
    decision: Decision
    seed: int
    #: Card tables of the server's own cards (card files, saved cards), as JSON: "" for none.
    cards: str = ""


_AGENTS: dict[tuple[str, str, str], Agent] = {}


def _agent(job: Job) -> Agent:
    key = (job.game_name, job.level, repr([d.to_json() for d in job.decks]) + job.cards)
    agent = _AGENTS.get(key)
    if agent is None:
        make = make_level_agent if job.level in LEVELS else make_agent
        agent = _AGENTS[key] = make(job.level, job.game_name, job.decks)
        if len(_AGENTS) > 256:
            _AGENTS.pop(next(iter(_AGENTS)))
    return agent


def think(job: Job) -> str:
    """The agent's answer to one job (runs in a worker process); AgentError for an unlisted answer."""
    game = game_in_process(job.game_name, job.cards)
    agent = _agent(job)
    answer = agent.choose(game, job.view, job.decision, Chance.seeded(job.seed))
    if job.decision.find(answer) is None:
        raise AgentError(f"agent {agent.name!r} gave the unlisted answer {answer!r} to {job.decision.kind!r}")
    return answer


def default_workers() -> int:
    """Thinking processes by default: every core but one (the event loop's), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class Thinker:
    """Runs :class:`Job`\\ s in ``workers`` processes (0: a thread), at most ``queue`` at once."""

    def __init__(self, workers: int | None = None, queue: int = 64) -> None:
        self.workers = default_workers() if workers is None else workers
        self.queue = queue
        self._pool: Executor | None = None
        self._slots: asyncio.Semaphore | None = None
        self.waiting = 0  # computer seats waiting for a slot (for tests and monitoring)

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def think(self, job: Job) -> str:
        """The answer to ``job``, computed off the event loop; waits for a free slot first."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.queue)
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        try:
            loop = asyncio.get_running_loop()
            pool = self._executor()
            if pool is None:
                return await asyncio.to_thread(think, job)
            try:
                return await loop.run_in_executor(pool, think, job)
            except BrokenProcessPool:  # a worker died (killed, out of memory): start a new pool once
                self._pool = None
                return await loop.run_in_executor(self._executor(), think, job)
        finally:
            self._slots.release()

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
