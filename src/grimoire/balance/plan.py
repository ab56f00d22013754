"""What the balance lab is asked to do: one :class:`LabPlan`, checked when it is made.

The command line (``grimoire balance``) builds a plan from its options and runs it with
:func:`grimoire.balance.report.run_lab`; :func:`grimoire.balance.report.balance` builds
one from keyword arguments. A plan that cannot run is refused, with a one-line
:class:`~grimoire.core.errors.GrimoireError`, before anything is loaded or played; what
needs the game (decks, card names, rules options, agent names) is checked when the lab
opens it, still before any game.

>>> plan = LabPlan("chant", ["fire", "matter"], ["random"], 2, Path("out"), suggest_steps=1, suggest_first=True)
>>> plan.games, plan.suggest_first
(2, True)
>>> LabPlan("chant", ["fire"], ["random"], 2, Path("out"), suggest_first=True)
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: --suggest-first-player needs --suggest STEPS
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimoire.core.errors import GrimoireError
from grimoire.sim.parallel import check_backend

from . import analysis
from .cache import BlockCache
from .swaps import SwapPlan

CORRECTIONS = ("holm", "bh")
"""The multiple-comparison corrections of per-card p-values (``--correction``)."""


@dataclass(frozen=True)
class LabPlan:
    """One run of the balance lab: the field, how it is played, and the lab features asked for.

    The field: ``game``, ``decks`` (files or starter names), ``agents`` (AI levels or agent
    names; each plays itself), ``games`` per deck pairing and level, ``seed``, ``card_paths``,
    ``options`` (rules options). Where the games run: ``workers``, ``backend``, ``address``,
    ``progress``, ``cache`` (a folder or a :class:`~grimoire.balance.cache.BlockCache`). The
    report: ``out``, ``plots_enabled``, ``correction``, ``min_sample``, ``sample_records``.
    The features, each optional: ``compare`` (old and new card files), ``variants`` (rules
    options), ``swap`` (a :class:`~grimoire.balance.swaps.SwapPlan`), ``choose`` and
    ``choice_table`` (set-up choices), ``suggest_steps`` with ``search_width``,
    ``suggest_first``, ``suggest_every_level`` and ``band``, ``optimize`` (a deck label),
    ``pilots`` and ``pilot_table`` (stronger or weaker players of a deck), ``meta_weights``.
    See :func:`grimoire.balance.report.balance` for what each measures.
    """

    game: str
    decks: Sequence[str | Path]
    agents: Sequence[str]
    games: int
    out: Path
    seed: int = 0
    compare: tuple[str | Path, str | Path] | None = None
    workers: int | None = 1
    card_paths: Sequence[str | Path] = ()
    progress: bool = False
    plots_enabled: bool = True
    backend: str = "process"
    address: str | None = None
    correction: str = "holm"
    min_sample: int = analysis.MIN_SAMPLE
    options: Mapping[str, Any] | None = None
    variants: Sequence[Mapping[str, Any]] = ()
    swap: SwapPlan | None = None
    choose: Mapping[str, Mapping[str, str]] | None = None
    choice_table: tuple[str, Sequence[str]] | None = None
    suggest_steps: int = 0
    optimize: str | None = None
    search_width: int = 4
    suggest_first: bool = False
    suggest_every_level: bool = False
    band: tuple[float, float] | None = None
    cache: BlockCache | str | Path | None = None
    pilots: Mapping[str, str] | None = None
    pilot_table: str | None = None
    sample_records: int = 24
    meta_weights: Sequence[str] = ()

    def __post_init__(self) -> None:
        self._check_field()
        self._check_features()

    def _check_field(self) -> None:
        if self.games < 1:
            raise GrimoireError(f"the balance lab needs at least 1 game per pairing, got {self.games}")
        if not self.agents:
            raise GrimoireError("the balance lab needs at least one agent level")
        check_backend(self.backend, self.workers)
        if self.correction not in CORRECTIONS:
            raise GrimoireError(f"unknown correction {self.correction!r}: use holm or bh")
        if self.min_sample < 1:
            raise GrimoireError(f"the minimum sample must be at least 1, got {self.min_sample}")

    def _check_features(self) -> None:
        if self.compare and (self.swap or self.variants or self.suggest_steps or self.optimize):
            raise GrimoireError("--compare cannot be combined with --swap, --variant, --suggest or --optimize-deck")
        if self.suggest_steps < 0:
            raise GrimoireError(f"--suggest needs a number of steps of at least 1, got {self.suggest_steps}")
        if self.suggest_first and not self.suggest_steps:
            raise GrimoireError("--suggest-first-player needs --suggest STEPS")
        if self.suggest_every_level and not self.suggest_steps:
            raise GrimoireError("--suggest-every-level needs --suggest STEPS")
        if self.pilots and self.pilot_table is not None:
            raise GrimoireError("--pilot-table plays every deck with its level: it cannot be combined with --pilot")

    @property
    def store(self) -> BlockCache | None:
        """The block cache to read and fill (a folder given by name is opened here), or None."""
        if self.cache is None or isinstance(self.cache, BlockCache):
            return self.cache
        return BlockCache(self.cache)
