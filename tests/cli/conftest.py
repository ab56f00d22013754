"""CLI tests: the installed example plugin ``toy`` besides the two games; a fresh user folder per test."""

from pathlib import Path

import pytest

from grimoire.core.registry import game_names


@pytest.fixture(autouse=True, scope="session")
def toy_installed() -> None:
    """The example plugin must be installed (``make install-dev`` does it)."""
    assert "toy" in game_names(), "install the example plugin: pip install -e examples/toy-race"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user data folder (records, user cards) for each test."""
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
