"""Shared regression oracles for the games Grimoire ships: golden playthroughs and perft counts.

Each game's golden files (``tests/golden/<game>-<seed>.txt``) list every decision, answer,
event line and each seat's view changes of a seeded random game (a hidden card that
leaks into a view shows up as a diff); ``tests/golden/perft.json`` holds answer-sequence
counts from positions of each game. The checks are those of ``grimoire check GAME``
(:mod:`grimoire.core.gamecheck`); an installed plugin runs them on its own golden folder,
so only the shipped games are checked here. After an intended change of a game's
behaviour or views, regenerate and review the diff::

    GRIMOIRE_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_oracles.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grimoire.core.gamecheck import SEEDS, check_perft, check_playthrough
from grimoire.core.registry import load_game, shipped_games

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("GRIMOIRE_REGEN_GOLDEN") == "1"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", shipped_games())
def test_golden_playthrough(name: str, seed: int) -> None:
    found = check_playthrough(load_game(name), GOLDEN, seed, regen=REGEN)
    assert found.passed, f"{found.check} {found.status}: {found.detail} (regenerate with GRIMOIRE_REGEN_GOLDEN=1)"


@pytest.mark.parametrize("name", shipped_games())
def test_perft_counts_from_encoded_positions(name: str) -> None:
    found = check_perft(load_game(name), GOLDEN, regen=REGEN)
    assert found.passed, f"{name} perft {found.status}: {found.detail} (regenerate with GRIMOIRE_REGEN_GOLDEN=1)"
