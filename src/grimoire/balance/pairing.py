"""Blocks of seeded games between two decks: the unit every balance run is scheduled in.

Game ``i`` of a pairing at a level gets its seeds from ``(seed, level, deck labels, i)``
only, so two arms that differ in one thing (a swapped card, a rules option) but keep
the labels meet the same shuffles and agent chances: common random numbers.

>>> from grimoire.core.decks import Deck
>>> d = Deck("d", {"library": ["a"]})
>>> [(b.start, b.count) for b in pair_blocks("chant", None, (), "random", ("x", d), ("y", d), 25, 1)]
[(0, 10), (10, 10), (20, 5)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.decks import Deck
from grimoire.sim.runner import derive_seed

from .collect import Block

BLOCK_SIZE = 10
Hints = tuple[tuple[str, str], ...]


def pair_blocks(game_name: str, tables: Mapping[str, Mapping[str, Any]] | None, paths: Sequence[str], level: str,  # noqa: PLR0913 — a block's inputs, each part of its cache key
                a: tuple[str, Deck], b: tuple[str, Deck], games: int, seed: int,
                options: tuple[tuple[str, Any], ...] = (), hints: Mapping[str, Hints] | None = None,
                block_size: int = BLOCK_SIZE, seat_hints: tuple[Hints, Hints] | None = None) -> list[Block]:
    """``games`` games of deck ``a`` against deck ``b`` at ``level`` (seats alternate by game index);
    ``hints`` are the set-up choices of each deck label, ``seat_hints`` those of ``a`` and ``b`` when
    they differ though the labels do not (a deck against itself with a forced answer)."""
    block_seed = derive_seed(seed, "balance", level, a[0], b[0])
    h = hints or {}
    both = seat_hints if seat_hints is not None else (h.get(a[0], ()), h.get(b[0], ()))
    return [Block(game_name, tables, tuple(paths), level, (a[1], b[1]), (a[0], b[0]), block_seed, start,
                  min(block_size, games - start), options, both)
            for start in range(0, games, block_size)]
