"""Toy Race checks itself as any plugin does: ``grimoire check toy`` against its own golden folder
(the conformance checker, the golden playthroughs ``golden/toy-<seed>.txt`` and the perft counts
``golden/perft.json``). After an intended change of the game, regenerate and review the diff::

    GRIMOIRE_REGEN_GOLDEN=1 pytest examples/toy-race/tests     (or: grimoire check toy --golden DIR --regen)
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grimoire.cli.main import run

GOLDEN = Path(__file__).resolve().parent / "golden"


def test_grimoire_check_passes_on_the_plugins_own_golden_folder(capsys: pytest.CaptureFixture[str]) -> None:
    regen = ["--regen"] if os.environ.get("GRIMOIRE_REGEN_GOLDEN") == "1" else []
    code = run(["check", "toy", "--golden", str(GOLDEN), "--lang", "en", *regen])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "toy: all 4 checks passed." in out
    assert "toy: conformance — ok" in out and "toy: perft — " in out
