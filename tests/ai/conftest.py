"""Make the toy game (tests/toy_game.py) importable, and loadable by name during each test."""

import sys
from pathlib import Path

import pytest

from grimoire.ai import registry as agents
from grimoire.core import registry

TESTS = str(Path(__file__).resolve().parents[1])
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game for one test; the registries are restored afterwards."""
    monkeypatch.setitem(registry.GAMES, "toy", "toy_game:ToyGame")
    monkeypatch.setitem(agents.GREEDY, "toy", "toy_game:ToyGreedy")
