"""Root parallelism for the search agent: several independent trees at once, one per process.

With ``SearchConfig(workers=N)`` a decision is searched by ``N`` trees at the same time: one
in the calling process and ``N - 1`` in worker processes, each with its own chance (drawn
from the caller's, so a seeded search stays reproducible) and its own determinizations. The
root visits and scores of the trees are added up and the most visited option is the answer
(root parallelization, Chaslot, Winands & van den Herik 2008; for determinized search,
Cazenave & Jouandeau's "ensemble" form). An iteration budget is shared out between the
trees; a time budget applies to each of them, so ``N`` cores search about ``N`` times the
iterations in the same time.

The worker processes are started (``spawn``: no thread or socket of the caller is copied)
on the first parallel decision and kept for the life of the program; a worker gets the game
as its name and the tables of its cards that are not built in, and keeps the games and agents
it built, so a decision costs one small message each way. A worker that died is started again on the next decision.

>>> from grimoire.core.registry import load_game
>>> from grimoire.core.game import Setup
>>> from grimoire.core.match import Match
>>> from grimoire.ai.search import SearchConfig
>>> game = load_game("toy"); deck = game.cards.starter_deck("steady")
>>> m = Match(game, Setup((deck, deck), seed=1))
>>> agent = ParallelSearchAgent(SearchConfig(iterations=40, workers=2), decks=(deck, deck))
>>> agent.choose(game, game.view(m.state, m.decision.player), m.decision, Chance.seeded(3)) in m.decision.ids()
True
>>> agent.stats.iterations
40
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import multiprocessing
import os
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.plugin import SearchHooks
from grimoire.core.registry import game_in_process, own_cards
from grimoire.core.rng import Chance

from .search import SearchAgent, SearchConfig, SearchStats, best_option

#: most worker processes a search may use (more trees than cores only slow each of them)
MAX_WORKERS = 16


def default_workers() -> int:
    """Trees for an interactive search: one per core of this machine, at most :data:`MAX_WORKERS`."""
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True, name="grimoire-search")
        self.process.start()
        child.close()

    def alive(self) -> bool:
        return self.process.is_alive()

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.process.join(timeout=1)
        if self.process.is_alive():
            self.process.kill()
        self.conn.close()


_WORKERS: list[_Worker] = []


def _workers(count: int) -> list[_Worker]:
    """``count`` live worker processes (started or restarted as needed)."""
    for i, worker in enumerate(_WORKERS):
        if not worker.alive():
            worker.conn.close()
            _WORKERS[i] = _Worker()
    while len(_WORKERS) < count:
        _WORKERS.append(_Worker())
    return _WORKERS[:count]


@atexit.register
def shutdown() -> None:
    """Stop every worker process (also done at exit)."""
    while _WORKERS:
        _WORKERS.pop().stop()


def _serve(conn: Connection) -> None:
    """A worker's loop: receive a share of a search, answer with its root statistics."""
    agents: dict[str, SearchAgent] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        except Exception as exc:  # an unreadable message: said to the caller, which raises it
            conn.send(GrimoireError(f"search worker failed: {type(exc).__name__}: {exc}"))
            continue
        if message is None:
            return
        try:
            (name, cards), settings, decks, hooks, view, decision, seed, iterations = message
            game = game_in_process(name, cards)
            agent_key = repr((name, cards, settings, decks))
            agent = agents.get(agent_key)
            if agent is None:
                agent = agents[agent_key] = SearchAgent(SearchConfig(**settings), decks=decks, hooks=hooks)
                if len(agents) > 64:
                    agents.pop(next(iter(agents)))
            conn.send(_pack(agent.search(game, view, decision, Chance.seeded(seed), iterations)))
        except Exception as exc:  # reported to the caller, which raises it
            conn.send(GrimoireError(f"search worker failed: {type(exc).__name__}: {exc}"))


def _pack(stats: SearchStats) -> tuple[Any, ...]:
    """Search statistics as plain values (the compiled build's classes do not cross processes)."""
    return (stats.iterations, stats.seconds, stats.nodes, stats.visits, stats.totals, stats.prior, stats.shares)


class ParallelSearchAgent:
    """A search agent whose decisions are searched by ``config.workers`` trees at once.

    It wraps a :class:`SearchAgent` (whose tree the calling process grows) and has its
    ``config``, ``name`` and ``stats``; with ``workers == 1`` it is that agent.
    """

    def __init__(self, config: SearchConfig | None = None, decks: Sequence[Deck | None] | None = None,
                 hooks: SearchHooks | None = None, name: str | None = None) -> None:
        self.local = SearchAgent(config, decks=decks, hooks=hooks, name=name)
        self.name = self.local.name
        own, opp = (*tuple(decks), None, None)[:2] if decks is not None else (None, None)
        self._decks: tuple[Deck | None, Deck | None] = (own, opp)
        self._hooks = hooks
        self._settings = {f.name: getattr(self.config, f.name) for f in dataclasses.fields(SearchConfig)}
        self._spec: tuple[int, tuple[str, str]] | None = None  # (id of the game, (name, own cards))

    @property
    def config(self) -> SearchConfig:
        return self.local.config

    @property
    def stats(self) -> SearchStats:
        return self.local.stats

    def _game_spec(self, game: Game[Any]) -> tuple[str, str]:
        if self._spec is None or self._spec[0] != id(game):
            self._spec = (id(game), (game.name, own_cards(game)))
        return self._spec[1]

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        """The most visited root option over every tree's visits."""
        trees = self.config.workers
        if trees == 1 or len(decision.options) == 1:
            return self.local.choose(game, view, decision, chance)
        began = time.perf_counter()
        seeds = [chance.next64() for _ in range(trees)]
        total = self.config.iterations
        shares: list[int | None] = [None] * trees
        if total is not None:
            shares = [total // trees + (1 if i < total % trees else 0) for i in range(trees)]
        spec = self._game_spec(game)
        workers = _workers(trees - 1)
        sent: list[_Worker] = []
        for i, worker in enumerate(workers, start=1):
            if shares[i] == 0:
                continue
            worker.conn.send((spec, self._settings, self._decks, self._hooks, view, decision, seeds[i], shares[i]))
            sent.append(worker)
        failure: Exception | None = None
        results: list[SearchStats] = []
        try:
            results.append(self.local.search(game, view, decision, Chance.seeded(seeds[0]), shares[0]))
        except Exception as exc:  # raised once the workers' answers are read
            failure = exc
        for worker in sent:  # every answer is read, so that no pipe keeps one for the next decision
            try:
                answer = worker.conn.recv()
            except (EOFError, OSError):
                failure = failure or GrimoireError("a search worker process stopped during a search")
                continue
            if isinstance(answer, GrimoireError):
                failure = failure or answer
            else:
                results.append(SearchStats(*answer))
        if failure is not None:
            raise failure
        self.local.stats = merge(results, time.perf_counter() - began)
        return best_option(decision.ids(), self.local.stats, chance)


def merge(results: list[SearchStats], seconds: float) -> SearchStats:
    """The statistics of several trees searched at once: iterations, nodes, root visits and scores added up.

    >>> a = SearchStats(3, 0.1, 4, {"x": 2, "y": 1}, {"x": 1.5, "y": 0.0}, "x")
    >>> b = SearchStats(2, 0.1, 3, {"y": 2}, {"y": 2.0}, "x")
    >>> a.shares, b.shares = [3], [2]
    >>> m = merge([a, b], 0.2); (m.iterations, m.nodes, m.visits, m.totals, m.prior, m.shares)
    (5, 7, {'x': 2, 'y': 3}, {'x': 1.5, 'y': 2.0}, 'x', [3, 2])
    """
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    for r in results:
        for oid, n in r.visits.items():
            visits[oid] = visits.get(oid, 0) + n
            totals[oid] = totals.get(oid, 0.0) + r.totals.get(oid, 0.0)
    return SearchStats(sum(r.iterations for r in results), seconds, sum(r.nodes for r in results), visits, totals,
                       results[0].prior if results else None, [n for r in results for n in r.shares])
