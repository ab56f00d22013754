"""An optional piece that is missing is named where its output would have been: PNG faces draw
with the shipped Japanese font when the machine has none, plots name the extra they need."""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import grimoire.cli.pngfaces as pngfaces
from cli_helpers import call
from font_helpers import latin_only_fontconfig
from grimoire.cli.pngfaces import SHIPPED_FAMILY, SHIPPED_FONT, FontChoice, choose_family

PROBE = """
import sys, cairosvg
from grimoire.cli.pngfaces import Fontconfig, choose_family, png_renderer
from grimoire.core.cardtools import face_svg
from grimoire.core.registry import load_game
svg = face_svg(load_game("chant"), "fireball", "ja")
fc = Fontconfig.load()
print(fc.has("IPAPGothic"), choose_family(fc).family)
draw, note = png_renderer()
print(note)
sys.stdout.flush()
boxes = cairosvg.svg2png(bytestring=svg.encode())  # as CairoSVG draws it alone: the first family, substituted
print(draw(svg) != boxes)
"""


@pytest.fixture
def latin_only(tmp_path: Path) -> dict[str, str]:
    """An environment whose fontconfig knows only DejaVu: no Japanese font, as far as Cairo can tell."""
    pytest.importorskip("cairosvg")
    config = latin_only_fontconfig(tmp_path)
    return {**os.environ, "FONTCONFIG_FILE": str(config), "PYTHONIOENCODING": "utf-8"}


def test_png_faces_use_the_shipped_font_when_the_machine_has_no_japanese_font(latin_only: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=latin_only,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"False {SHIPPED_FAMILY}", "None", "True"]


def test_cards_render_png_without_a_japanese_font_draws_and_says_nothing(latin_only: dict[str, str],
                                                                          tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "grimoire", "cards", "render", "火球", "--png", "--out",
                           str(tmp_path / "faces")], capture_output=True, text=True, env=latin_only, timeout=120,
                          check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert (tmp_path / "faces" / "fireball-ja.png").read_bytes().startswith(b"\x89PNG")


def test_a_japanese_font_of_the_machine_is_kept() -> None:
    fc = pngfaces.Fontconfig.load()
    if fc is None or not fc.has("IPAPGothic"):
        pytest.skip("no IPA P Gothic here (apt-get install fonts-ipafont-gothic)")
    assert choose_family(fc) == FontChoice("IPAPGothic")


class NoFonts:
    """A fontconfig that has no font asked for and cannot read the shipped one."""

    def __init__(self) -> None:
        self.added: list[Path] = []

    def has(self, family: str) -> bool:
        return False

    def add(self, path: Path) -> bool:
        self.added.append(path)
        return False


def test_without_any_usable_font_a_note_names_what_to_install() -> None:
    fonts = NoFonts()
    choice = choose_family(fonts)  # type: ignore[arg-type]
    assert fonts.added == [SHIPPED_FONT] and SHIPPED_FONT.is_file()
    assert choice.family is None and choice.note is not None and "fonts-noto-cjk" in choice.note


def test_without_fontconfig_the_png_is_drawn_and_a_note_says_so(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("cairosvg")
    monkeypatch.setattr(pngfaces.Fontconfig, "load", classmethod(lambda cls: None))
    code, _, err = call(capsys, monkeypatch, ["cards", "render", "火球", "--png", "--out", str(tmp_path)])
    assert code == 0
    assert err == f"grimoire: note: {pngfaces.NO_FONTCONFIG}\n"
    assert (tmp_path / "fireball-ja.png").is_file()


def test_balance_without_matplotlib_names_the_extra_in_the_report_and_the_output(capsys, monkeypatch,  # type: ignore[no-untyped-def]
                                                                                 tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out_dir = tmp_path / "report"
    code, _, err = call(capsys, monkeypatch, ["balance", "toy", "-n", "2", "--agent", "random", "--workers", "1",
                                                "--out", str(out_dir)])
    assert code == 0, err
    line = "pip install 'grimoire-cardgames[balance]'"
    data: dict[str, Any] = json.loads((out_dir / "balance.json").read_text(encoding="utf-8"))
    assert line in data["plots_missing"] and "(extra 'balance')" in data["plots_missing"]
    assert html.escape(data["plots_missing"]) in (out_dir / "report.html").read_text(encoding="utf-8")
    assert err.strip().splitlines() == [f"grimoire: note: {data['plots_missing']}"] and not list(out_dir.glob("*.png"))


def test_balance_with_matplotlib_says_nothing_of_plots(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("matplotlib")
    code, _, err = call(capsys, monkeypatch, ["balance", "toy", "-n", "2", "--agent", "random", "--workers", "1",
                                              "--out", str(tmp_path)])
    assert code == 0 and "note" not in err
    assert "plots_missing" not in json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
