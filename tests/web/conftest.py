"""Web tests: make the toy game loadable by name; apps on a temporary database."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import toy_game

toy_game.register()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "grimoire.db"
