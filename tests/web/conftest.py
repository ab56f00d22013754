"""Web tests: apps on a temporary database (the example plugin ``toy`` is installed)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "grimoire.db"
