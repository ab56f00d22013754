"""Simulation at scale: the one parallel runner, on many cores or a Ray cluster.

:func:`run_jobs` runs picklable jobs through a module-level function in worker
processes (``backend="process"``, all cores by default) or as Ray tasks
(``backend="ray"``, a local Ray instance or the cluster at ``address``), with a
progress bar, and returns the results in job order. Batch simulation and the balance
lab both run on it.

Game ``i`` of a run is a pure function of ``(seed, i)`` (see :mod:`grimoire.sim.runner`),
so :func:`simulate_parallel` cuts the index range into chunks, runs them with
:func:`run_jobs` and merges the per-game results in index order: the results equal a
single process's for the same seed, whatever the number of workers.

Agents are built by :func:`grimoire.ai.registry.make_agent`: ``random``, ``greedy``,
the levels ``easy``/``normal``/``hard`` and ``search[-budget]``; search agents are told
both deck lists (open decklists).

>>> from grimoire.core.registry import load_game
>>> d = load_game("chant").cards.starter_deck("fire")
>>> one = simulate_parallel("chant", (d, d), ("random", "random"), 6, seed=3, workers=1, progress=False)
>>> two = simulate_parallel("chant", (d, d), ("random", "random"), 6, seed=3, workers=2, progress=False)
>>> one.results == two.results
True
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from grimoire.core import registry
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.extras import MissingExtra

from .runner import make_players, play_one, record_name
from .stats import GameResult, SimResult

BACKENDS = ("process", "ray")
J = TypeVar("J")
R = TypeVar("R")


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
    ai_setup: bool = False


_GAMES: dict[tuple[str, tuple[str, ...], str], Game[Any]] = {}


def cached_game(game_name: str, card_paths: Sequence[str] = (),
                tables: Mapping[str, Mapping[str, Any]] | None = None) -> Game[Any]:
    """A game with extra card files and record ``tables``, loaded once per worker process."""
    key = (game_name, tuple(card_paths), repr(sorted((tables or {}).items())))
    if key not in _GAMES:
        _GAMES[key] = registry.load_game(game_name, card_paths=list(card_paths), tables=tables)
    return _GAMES[key]


def run_chunk(chunk: Chunk) -> list[GameResult]:
    """Play one chunk of games (the per-job function of :func:`simulate_parallel`).

    >>> from grimoire.core.registry import load_game
    >>> d = load_game("chant").cards.starter_deck("fire")
    >>> [r.index for r in run_chunk(Chunk("chant", (d, d), ("random", "random"), {}, 1, 5, 3))]
    [5, 6, 7]
    """
    game = cached_game(chunk.game_name, chunk.card_paths)
    options = game.options(chunk.options)
    players, swapped = make_players(chunk.agents, chunk.game_name, chunk.decks, chunk.ai_setup)
    out: list[GameResult] = []
    for index in range(chunk.start, chunk.start + chunk.count):
        path = None
        if chunk.records_dir is not None:
            path = Path(chunk.records_dir) / record_name(chunk.game_name, chunk.seed, index)
        swap = chunk.alternate and index % 2 == 1
        out.append(play_one(game, chunk.decks, swapped if swap else players, options, chunk.seed, index, path, swap))
    return out


def chunks(game_name: str, decks: tuple[Deck, Deck], agents: tuple[str, str], games: int, seed: int,  # noqa: PLR0913 — the simulation's settings, as simulate_parallel passes them on
           options: Mapping[str, Any] | None, *, alternate: bool = False, card_paths: Sequence[str | Path] = (),
           records_dir: Path | None = None, size: int = 10, start: int = 0, ai_setup: bool = False) -> list[Chunk]:
    """The run cut into chunks of at most ``size`` games, in index order."""
    out = []
    for first in range(start, start + games, max(1, size)):
        count = min(size, start + games - first)
        out.append(Chunk(game_name, decks, agents, dict(options or {}), seed, first, count, alternate,
                         tuple(str(p) for p in card_paths), None if records_dir is None else str(records_dir),
                         ai_setup))
    return out


@contextmanager
def progress_bar(enabled: bool, total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar on stderr counting ``total`` units; yields ``advance(n)``."""
    if not enabled:
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _run_processes(fn: Callable[[J], R], jobs: list[J], sizes: list[int], workers: int,
                   advance: Callable[[int], None]) -> list[R]:
    if workers <= 1 or len(jobs) <= 1:
        done = []
        for job, size in zip(jobs, sizes, strict=True):
            done.append(fn(job))
            advance(size)
        return done
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    results: dict[int, R] = {}
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures: dict[Future[R], int] = {pool.submit(fn, job): i for i, job in enumerate(jobs)}
        for fut in as_completed(futures):
            results[futures[fut]] = fut.result()
            advance(sizes[futures[fut]])
    return [results[i] for i in range(len(jobs))]


def _run_ray(fn: Callable[[J], R], jobs: list[J], sizes: list[int], workers: int | None, address: str | None,
             advance: Callable[[int], None]) -> list[R]:
    try:
        import ray
    except ImportError:
        raise MissingExtra("ray", "the ray backend needs Ray") from None
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(fn)
    refs = [remote.remote(job) for job in jobs]
    index = {ref: i for i, ref in enumerate(refs)}
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            advance(sizes[index[ref]])
    out: list[R] = ray.get(refs)
    return out


def check_backend(backend: str, workers: int | None = None) -> None:
    """Refuse an unknown backend or a bad number of workers with a one-line error."""
    if backend not in BACKENDS:
        raise GrimoireError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise GrimoireError(f"workers must be at least 1, got {workers}")


def run_jobs(fn: Callable[[J], R], jobs: Sequence[J], sizes: Sequence[int] | None = None, *,
             workers: int | None = None, backend: str = "process", address: str | None = None,
             progress: bool = False, label: str = "games") -> list[R]:
    """``[fn(job) for job in jobs]`` on ``workers`` processes (default: every core) or Ray tasks.

    ``fn`` must be a module-level function and the jobs picklable; ``sizes`` (units of
    work per job, default 1) drive the progress bar. Results come back in job order.

    >>> run_jobs(abs, [-3, 2, -1], workers=2)
    [3, 2, 1]
    """
    check_backend(backend, workers)
    job_list = list(jobs)
    units = list(sizes) if sizes is not None else [1] * len(job_list)
    cores = workers or os.cpu_count() or 1
    with progress_bar(progress, sum(units), label) as advance:
        if backend == "ray":
            return _run_ray(fn, job_list, units, workers, address, advance)
        return _run_processes(fn, job_list, units, cores, advance)


def simulate_parallel(game_name: str, decks: tuple[Deck, Deck], agents: tuple[str, str], games: int, seed: int = 0,  # noqa: PLR0913 — the public simulation call: one keyword per `grimoire sim` option
                      options: Mapping[str, Any] | None = None, records_dir: Path | None = None,
                      card_paths: Sequence[str | Path] = (), *, start: int = 0, alternate: bool = False,
                      workers: int | None = None,
                      progress: bool = True, backend: str = "process", address: str | None = None,
                      chunk_size: int | None = None, ai_setup: bool = False) -> SimResult:
    """Play games ``start`` … ``start + games - 1`` of the run seeded ``seed`` on ``workers`` cores (default: all).

    Same arguments and same per-game results as :func:`grimoire.sim.runner.simulate`
    (agents by :func:`~grimoire.ai.registry.make_agent`, each playing its deck's declared set-up
    choices unless ``ai_setup``); ``backend`` is ``process``
    (local processes) or ``ray`` (Ray tasks; ``address=None`` starts a local instance
    with ``workers`` CPUs unless Ray is already initialised).
    """
    check_backend(backend, workers)
    if games < 0:
        raise GrimoireError(f"number of games must be at least 0, got {games}")
    if start < 0:
        raise GrimoireError(f"start index must be at least 0, got {start}")
    cores = workers or os.cpu_count() or 1
    size = chunk_size if chunk_size else max(1, min(25, -(-games // (cores * 4))))
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    jobs = chunks(game_name, decks, agents, games, seed, options, alternate=alternate, card_paths=card_paths,
                  records_dir=records_dir, size=size, start=start, ai_setup=ai_setup)
    if jobs:  # fail early (unknown game, bad cards or options) here; warms the fork
        cached_game(game_name, jobs[0].card_paths).options(options)
    began = time.perf_counter()
    parts = run_jobs(run_chunk, jobs, [j.count for j in jobs], workers=cores, backend=backend, address=address,
                     progress=progress, label=f"{game_name} {agents[0]} vs {agents[1]}")
    results = sorted((r for part in parts for r in part), key=lambda r: r.index)
    return SimResult(game_name, (agents[0], agents[1]), seed, results, time.perf_counter() - began)
