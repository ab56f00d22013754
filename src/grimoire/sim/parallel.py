"""Simulation at scale: the same games as :func:`~grimoire.sim.runner.simulate`, on many cores.

Game ``i`` of a run is a pure function of ``(seed, i)`` (see :mod:`grimoire.sim.runner`),
so :func:`simulate_parallel` cuts the index range into chunks, plays them in worker
processes (``backend="process"``, all cores by default) or as Ray tasks
(``backend="ray"``, a local Ray instance or the cluster at ``address``) and merges the
per-game results in index order: the results equal a single process's for the same
seed, whatever the number of workers. A progress bar (rich) shows games done.

Agents are built by :func:`grimoire.ai.levels.make_any_agent`: the registry's names,
the levels ``easy``/``normal``/``hard`` and ``search[-budget]``; search agents are told
both deck lists (open decklists).

>>> import sys; sys.path.insert(0, "tests"); import toy_game; toy_game.register()
>>> from grimoire.core.registry import load_game
>>> d = load_game("toy").starter_deck("steady")
>>> one = simulate_parallel("toy", (d, d), ("random", "random"), 12, seed=3, workers=1, progress=False)
>>> two = simulate_parallel("toy", (d, d), ("random", "random"), 12, seed=3, workers=2, progress=False)
>>> one.results == two.results
True
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimoire.core import registry
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game

from .runner import make_players, play_one
from .stats import GameResult, SimResult

BACKENDS = ("process", "ray")


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` … ``start + count - 1`` of one run: everything a worker needs."""

    game_name: str
    decks: tuple[Deck, Deck]
    agents: tuple[str, str]
    options: Mapping[str, Any]
    seed: int
    start: int
    count: int
    alternate: bool = False
    card_paths: tuple[str, ...] = ()
    records_dir: str | None = None
    game_target: str | None = None
    paths: tuple[str, ...] = ()


_GAMES: dict[tuple[str, tuple[str, ...]], Game[Any]] = {}


def _game(chunk: Chunk) -> Game[Any]:
    """The chunk's game, loaded once per worker process (custom games registered first)."""
    for p in chunk.paths:
        if p not in sys.path:
            sys.path.append(p)
    if chunk.game_target is not None:
        registry.GAMES.setdefault(chunk.game_name, chunk.game_target)
    key = (chunk.game_name, chunk.card_paths)
    if key not in _GAMES:
        _GAMES[key] = registry.load_game(chunk.game_name, card_paths=chunk.card_paths)
    return _GAMES[key]


def run_chunk(chunk: Chunk) -> list[GameResult]:
    """Play one chunk of games (the per-game function of every backend).

    >>> import sys; sys.path.insert(0, "tests"); import toy_game; toy_game.register()
    >>> from grimoire.core.registry import load_game
    >>> d = load_game("toy").starter_deck("bold")
    >>> [r.index for r in run_chunk(Chunk("toy", (d, d), ("random", "random"), {}, 1, 5, 3))]
    [5, 6, 7]
    """
    game = _game(chunk)
    options = game.options(chunk.options)
    players, swapped = make_players(chunk.agents, chunk.game_name, chunk.decks)
    out: list[GameResult] = []
    for index in range(chunk.start, chunk.start + chunk.count):
        path = None
        if chunk.records_dir is not None:
            path = Path(chunk.records_dir) / f"{chunk.game_name}-{chunk.seed}-{index:05d}.json"
        swap = chunk.alternate and index % 2 == 1
        out.append(play_one(game, chunk.decks, swapped if swap else players, options, chunk.seed, index, path, swap))
    return out


def chunks(game_name: str, decks: tuple[Deck, Deck], agents: tuple[str, str], games: int, seed: int,
           options: Mapping[str, Any] | None, *, alternate: bool = False, card_paths: Sequence[str | Path] = (),
           records_dir: Path | None = None, size: int = 10, start: int = 0) -> list[Chunk]:
    """The run cut into chunks of at most ``size`` games, in index order."""
    target = registry.GAMES.get(game_name)
    paths = tuple(sys.path)
    out = []
    for first in range(start, start + games, max(1, size)):
        count = min(size, start + games - first)
        out.append(Chunk(game_name, decks, agents, dict(options or {}), seed, first, count, alternate,
                         tuple(str(p) for p in card_paths), None if records_dir is None else str(records_dir),
                         target, paths))
    return out


@contextmanager
def _progress(enabled: bool, total: int, label: str) -> Iterator[Callable[[int], None]]:
    if not enabled:
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _run_processes(jobs: list[Chunk], workers: int, advance: Callable[[int], None]) -> list[list[GameResult]]:
    if workers <= 1 or len(jobs) <= 1:
        done = []
        for job in jobs:
            done.append(run_chunk(job))
            advance(job.count)
        return done
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    results: dict[int, list[GameResult]] = {}
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures: dict[Future[list[GameResult]], int] = {pool.submit(run_chunk, job): i for i, job in enumerate(jobs)}
        for fut in as_completed(futures):
            results[futures[fut]] = fut.result()
            advance(jobs[futures[fut]].count)
    return [results[i] for i in range(len(jobs))]


def _run_ray(jobs: list[Chunk], workers: int | None, address: str | None,
             advance: Callable[[int], None]) -> list[list[GameResult]]:
    try:
        import ray
    except ImportError:
        raise GrimoireError("the ray backend needs Ray: pip install 'grimoire[ray]'") from None
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(run_chunk)
    refs = [remote.remote(job) for job in jobs]
    index = {ref: i for i, ref in enumerate(refs)}
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            advance(jobs[index[ref]].count)
    out: list[list[GameResult]] = ray.get(refs)
    return out


def simulate_parallel(game_name: str, decks: tuple[Deck, Deck], agents: tuple[str, str], games: int, seed: int = 0,
                      options: Mapping[str, Any] | None = None, records_dir: Path | None = None,
                      card_paths: Sequence[str | Path] = (), *, start: int = 0, alternate: bool = False,
                      workers: int | None = None,
                      progress: bool = True, backend: str = "process", address: str | None = None,
                      chunk_size: int | None = None) -> SimResult:
    """Play games ``start`` … ``start + games - 1`` of the run seeded ``seed`` on ``workers`` cores (default: all).

    Same arguments and same per-game results as :func:`grimoire.sim.runner.simulate`
    (agents by :func:`~grimoire.ai.levels.make_any_agent`); ``backend`` is ``process``
    (local processes) or ``ray`` (Ray tasks; ``address=None`` starts a local instance
    with ``workers`` CPUs unless Ray is already initialised).
    """
    if backend not in BACKENDS:
        raise GrimoireError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if games < 0:
        raise GrimoireError(f"number of games must be at least 0, got {games}")
    if start < 0:
        raise GrimoireError(f"start index must be at least 0, got {start}")
    if workers is not None and workers < 1:
        raise GrimoireError(f"workers must be at least 1, got {workers}")
    cores = workers or os.cpu_count() or 1
    size = chunk_size if chunk_size else max(1, min(25, -(-games // (cores * 4))))
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    jobs = chunks(game_name, decks, agents, games, seed, options, alternate=alternate, card_paths=card_paths,
                  records_dir=records_dir, size=size, start=start)
    if jobs:
        _game(jobs[0]).options(options)  # fail early (unknown game, bad cards or options) here; warms the fork
    began = time.perf_counter()
    with _progress(progress, games, f"{game_name} {agents[0]} vs {agents[1]}") as advance:
        ray = backend == "ray"
        parts = _run_ray(jobs, workers, address, advance) if ray else _run_processes(jobs, cores, advance)
    results = sorted((r for part in parts for r in part), key=lambda r: r.index)
    return SimResult(game_name, (agents[0], agents[1]), seed, results, time.perf_counter() - began)
