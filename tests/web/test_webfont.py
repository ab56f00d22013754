"""The Japanese web font: shipped in slices, served, and covering JIS X 0208 and every character of
the interface and the cards; card faces carry the slices their text needs."""

from __future__ import annotations

import base64
import importlib.util
import json
import re
from pathlib import Path

from web_helpers import client

from grimoire.core.cardtools import face_svg
from grimoire.core.registry import load_game
from grimoire.web.facefonts import needed, slices, text_of, with_fonts

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "src" / "grimoire" / "web" / "static" / "fonts"
NOT_IN_NOTO = set("≒")  # JIS X 0208 row 2, absent from Noto Sans CJK JP: left to the system's fonts
CONTROL_PICTURES = set("␀␇␛␟␡")  # shown only when escaping hostile names


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("webfont", ROOT / "tools" / "webfont.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def manifest() -> list[dict[str, str]]:
    found: list[dict[str, str]] = json.loads((FONTS / "grimoire-ja.json").read_text(encoding="utf-8"))
    return found


def covered() -> set[str]:
    return {c for item in manifest() for c in item["chars"]}


def png_font() -> set[str]:
    return set((FONTS / "grimoire-ja.chars.txt").read_text(encoding="utf-8").strip())


def test_the_slices_cover_jis_x_0208_levels_1_and_2_and_its_symbols() -> None:
    tool = _tool()
    level1, level2, symbols = tool.jis_x_0208(16, 47), tool.jis_x_0208(48, 84), tool.jis_x_0208(1, 8)
    assert (len(level1), len(level2)) == (2965, 3390)
    assert set(level1 + level2) <= covered()
    assert set(symbols) - covered() - NOT_IN_NOTO - {"\u3000"} == set()


def test_the_slices_cover_every_character_of_the_sources_catalogs_and_cards() -> None:
    """Run tools/webfont.py again when this fails: something gained characters the font lacks."""
    tool = _tool()
    japanese = set(tool.jis_x_0208(1, 84)) | {chr(c) for c in range(0x3000, 0x30FF + 1)}
    needed_chars = {c for c in tool.content() if c in japanese or 0x3400 <= ord(c) <= 0x9FFF
                    or 0xFF01 <= ord(c) <= 0xFF9F} - NOT_IN_NOTO - {"\u3000"}  # others: the system's fonts
    assert not needed_chars - covered() - CONTROL_PICTURES, "".join(sorted(needed_chars - covered()))
    assert not needed_chars - png_font() - CONTROL_PICTURES, "".join(sorted(needed_chars - png_font()))


def test_every_shipped_card_name_and_generated_text_is_in_the_png_font_and_the_slices() -> None:
    for name in ("chant", "destiny"):
        game = load_game(name)
        for card in game.pool.by_id.values():
            for text in (card.name.ja, card.name.en, card.text.ja, card.text.en):
                chars = set(text) - {" ", "\n"}
                assert chars <= png_font() and chars <= covered(), (name, card.id, sorted(chars - png_font()))


def test_the_slices_are_small_woff2_files_with_their_licence() -> None:
    files = sorted(FONTS.glob("grimoire-ja-*.woff2"))
    assert [f.name for f in files] == [item["file"] for item in manifest()]
    sizes = [f.stat().st_size for f in files]
    assert all(f.read_bytes()[:4] == b"wOF2" for f in files)
    assert max(sizes) < 40 * 1024 and sum(sizes) < 1500 * 1024, (max(sizes), sum(sizes))
    assert (FONTS / "grimoire-ja.woff2").read_bytes()[:4] == b"wOF2"
    licence = (FONTS / "LICENSE-grimoire-ja.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK JP" in licence


def test_each_slice_is_declared_with_its_own_characters_as_unicode_range() -> None:
    css = (FONTS / "grimoire-ja.css").read_text(encoding="utf-8")
    declared = dict(re.findall(r'src: url\("([^"]+)"\) format\("woff2"\); font-display: swap;\s+'
                               r"unicode-range: ([^;]+);", css))
    by_file = {s.file: s for s in slices()}
    assert declared and set(declared) <= set(by_file)
    for file, ranges in declared.items():
        assert ranges == by_file[file].unicode_range(), file
    assert set(by_file) - set(declared) == {"grimoire-ja-00.woff2"}  # Latin: the system's fonts draw it in pages


def test_the_server_serves_the_slices_and_the_stylesheet_uses_them(tmp_path: Path) -> None:
    with client(tmp_path / "g.db") as c:
        css = c.get("/static/style.css")
        assert css.status_code == 200 and '@import url("fonts/grimoire-ja.css");' in css.text
        assert '"Grimoire JA", system-ui' in css.text and '"Grimoire JA", monospace' in css.text
        rules = c.get("/static/fonts/grimoire-ja.css")
        assert rules.status_code == 200 and 'url("grimoire-ja-01.woff2")' in rules.text
        font = c.get("/static/fonts/grimoire-ja-01.woff2")
        assert font.status_code == 200 and font.headers["content-type"] == "font/woff2"
        assert font.content == (FONTS / "grimoire-ja-01.woff2").read_bytes()


def test_a_served_face_embeds_exactly_the_slices_its_japanese_needs(tmp_path: Path) -> None:
    game = load_game("chant")
    with client(tmp_path / "g.db") as c:
        ja = c.get("/cards/chant/fireball.svg?lang=ja").text
        en = c.get("/cards/chant/fireball.svg?lang=en").text
    parts = needed(text_of(face_svg(game, "fireball", "ja")))
    assert ja == with_fonts(face_svg(game, "fireball", "ja")) and parts
    embedded = re.findall(r"base64,([A-Za-z0-9+/=]+)\)", ja)
    assert [base64.b64decode(data) for data in embedded] == [(FONTS / s.file).read_bytes() for s in parts]
    assert "'Grimoire JA', sans-serif" in ja
    assert {c for c in text_of(ja) if ord(c) >= 0x2000} <= {c for s in parts for c in s.chars}
    assert en.count("@font-face") == len(needed(text_of(face_svg(game, "fireball", "en")))) < len(parts)
    assert with_fonts(svg := '<svg font-family="serif"><text>Fireball: 3 damage.</text></svg>') == svg
