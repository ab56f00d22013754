"""Make the toy game (tests/toy_game.py) importable and loadable by name; a fresh user folder per test."""

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


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user data folder (records, user cards) for each test."""
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
