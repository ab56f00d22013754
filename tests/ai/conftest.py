"""AI tests use the installed example plugin ``toy`` (examples/toy-race) besides the two games."""

import pytest

from grimoire.core.registry import game_names


@pytest.fixture(autouse=True, scope="session")
def toy_installed() -> None:
    """The example plugin must be installed (``make install-dev`` does it)."""
    assert "toy" in game_names(), "install the example plugin: pip install -e examples/toy-race"
