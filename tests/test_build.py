"""Which build of the engine the suite runs: pure Python, or the compiled one when asked to.

``make pytest-compiled`` runs the whole suite with ``GRIMOIRE_EXPECT_COMPILED=1`` against
``build/compiled``; these checks make sure that run really exercised the compiled modules,
and that the ordinary run never picks up a stray extension module beside a source file.
"""

import importlib
import os
from pathlib import Path

import pytest

COMPILED_MODULES = [
    "grimoire.core.decision", "grimoire.core.rng", "grimoire.ai.search",
    "grimoire.games.chant.rules", "grimoire.games.chant.state", "grimoire.games.chant.decisions",
    "grimoire.games.destiny.turn", "grimoire.games.destiny.state", "grimoire.games.destiny.decisions",
]
SOURCES = Path(__file__).resolve().parent.parent / "src"
EXPECT_COMPILED = os.environ.get("GRIMOIRE_EXPECT_COMPILED") == "1"


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_engine_module_comes_from_the_expected_build(name: str) -> None:
    path = Path(str(importlib.import_module(name).__file__))
    if EXPECT_COMPILED:
        assert path.suffix == ".so", path
        assert SOURCES not in path.parents, f"{path}: built beside the sources instead of build/compiled"
    else:
        assert path.suffix == ".py", f"{path}: an extension module shadows the source (make clean?)"



def test_version_reports_the_engine_build_that_runs() -> None:
    from grimoire.extras import engine_build, version_line

    if EXPECT_COMPILED:
        assert engine_build() == "compiled" and f"(engine: compiled from {SOURCES.parent / 'build'}" in version_line()
    else:
        assert engine_build() == "pure Python" and "(engine: pure Python;" in version_line()
