"""``grimoire check GAME``: the conformance checker, golden playthroughs and perft counts of one game.

>>> import tempfile
>>> from pathlib import Path
>>> from grimoire.cli.render import make_console
>>> folder = Path(tempfile.mkdtemp())
>>> check_command("toy", folder, True, 2, "en", make_console(width=100))  # doctest: +ELLIPSIS
toy: conformance — ok (2 games, ...)
toy: golden toy-1.txt — written
toy: golden toy-2.txt — written
toy: perft — written
toy: all 4 checks passed.
0
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from grimoire.core.gamecheck import check_game
from grimoire.core.registry import load_game

from .text import t


def check_command(name: str, golden: Path, regen: bool, games: int, lang: str, console: Console) -> int:
    """Run every check of game ``name`` against ``golden`` and print one line per check; 0 when all
    pass (or were written), 1 when one fails."""
    game = load_game(name)
    findings = check_game(game, golden, regen, games)
    for found in findings:
        detail = f" ({found.detail})" if found.detail else ""
        status = t(f"check_{found.status}", lang)
        console.print(Text(t("check_line", lang, game=name, check=found.check, status=status, detail=detail)))
    bad = sum(1 for found in findings if not found.passed)
    summary = t("check_summary_bad", lang, game=name, n=len(findings), bad=bad) if bad else \
        t("check_summary_ok", lang, game=name, n=len(findings))
    console.print(Text(summary))
    return 1 if bad else 0
