"""Simulation on many cores: identical results to one process, whatever the backend."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.registry import load_game
from grimoire.sim.parallel import chunks, run_chunk, simulate_parallel
from grimoire.sim.runner import simulate
from grimoire.sim.stats import TIMING_KEYS


def toy_decks() -> tuple[Deck, Deck]:
    game = load_game("toy")
    return game.cards.starter_deck("steady"), game.cards.starter_deck("bold")


def test_parallel_equals_a_single_process_for_the_same_seed() -> None:
    decks = toy_decks()
    single = simulate("toy", decks, ("random", "random"), 40, seed=21, alternate=True)
    for workers in (1, 2):
        par = simulate_parallel("toy", decks, ("random", "random"), 40, seed=21, alternate=True,
                                workers=workers, progress=False, chunk_size=7)
        assert par.results == single.results
        summary = {k: v for k, v in par.to_json().items() if k not in TIMING_KEYS}
        assert summary == {k: v for k, v in single.to_json().items() if k not in TIMING_KEYS}


def test_chunks_cover_every_index_once_in_order() -> None:
    decks = toy_decks()
    parts = chunks("toy", decks, ("random", "random"), 23, 1, None, size=5)
    assert [(c.start, c.count) for c in parts] == [(0, 5), (5, 5), (10, 5), (15, 5), (20, 3)]
    assert [r.index for c in parts for r in run_chunk(c)] == list(range(23))


def test_parallel_records_every_game(tmp_path: Path) -> None:
    decks = toy_decks()
    simulate_parallel("toy", decks, ("random", "random"), 6, seed=2, records_dir=tmp_path, workers=2, progress=False)
    assert len(list(tmp_path.glob("toy-2-*.json"))) == 6


def test_bad_backend_and_workers_are_refused() -> None:
    decks = toy_decks()
    with pytest.raises(GrimoireError, match="backend"):
        simulate_parallel("toy", decks, ("random", "random"), 2, backend="spark", progress=False)
    with pytest.raises(GrimoireError, match="workers"):
        simulate_parallel("toy", decks, ("random", "random"), 2, workers=0, progress=False)


def test_ray_backend_equals_local_processes() -> None:
    ray = pytest.importorskip("ray")
    decks = toy_decks()
    local = simulate_parallel("toy", decks, ("random", "random"), 24, seed=8, alternate=True, workers=2,
                              progress=False)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = simulate_parallel("toy", decks, ("random", "random"), 24, seed=8, alternate=True,
                                   backend="ray", progress=False, chunk_size=5)
    finally:
        ray.shutdown()
    assert remote.results == local.results
