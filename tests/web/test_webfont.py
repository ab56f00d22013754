"""The Japanese web font: shipped, served, and covering every character of the interface and the cards."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from web_helpers import client

from grimoire.core.registry import load_game

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "src" / "grimoire" / "web" / "static" / "fonts"


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("webfont", ROOT / "tools" / "webfont.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def covered() -> set[str]:
    return set((FONTS / "grimoire-ja.chars.txt").read_text(encoding="utf-8").strip())


def test_the_font_covers_every_character_of_the_sources_catalogs_and_cards() -> None:
    """Run tools/webfont.py again when this fails: something gained characters the font lacks."""
    tool = _tool()
    needed = {c for c in tool.wanted() - tool.fixed() if not c.isspace() and ord(c) > 0x7F}
    missing = needed - covered() - set("␀␇␛␟␡")  # control pictures: shown only when escaping hostile names
    assert not missing, "".join(sorted(missing))


def test_every_shipped_card_name_and_generated_text_renders_in_the_font() -> None:
    font = covered()
    for name in ("chant", "destiny"):
        game = load_game(name)
        for card in game.pool.by_id.values():
            for text in (card.name.ja, card.name.en, card.text.ja, card.text.en):
                assert set(text) - {" ", "\n"} <= font, (name, card.id, sorted(set(text) - font))


def test_the_font_is_a_small_woff2_with_its_licence() -> None:
    data = (FONTS / "grimoire-ja.woff2").read_bytes()
    assert data[:4] == b"wOF2" and len(data) < 600 * 1024
    licence = (FONTS / "LICENSE-grimoire-ja.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK JP" in licence


def test_the_server_serves_the_font_and_the_stylesheet_uses_it(tmp_path: Path) -> None:
    with client(tmp_path / "g.db") as c:
        css = c.get("/static/style.css")
        assert css.status_code == 200 and 'url("fonts/grimoire-ja.woff2")' in css.text
        assert '"Grimoire JA", system-ui' in css.text
        font = c.get("/static/fonts/grimoire-ja.woff2")
        assert font.status_code == 200 and font.headers["content-type"] == "font/woff2"
        assert font.content == (FONTS / "grimoire-ja.woff2").read_bytes()
