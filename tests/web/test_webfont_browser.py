"""In Chromium with every system CJK font hidden, the lobby's Japanese is drawn with the shipped web font."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import Server

from browser_helpers import ARGS, CHROMIUM, require_browser
from font_helpers import latin_only_fontconfig

# widths of one Japanese line drawn with the page's font stack, with the web font alone, and with a
# Latin-only font (where every kanji is a missing-glyph box)
MEASURE = """() => {
  const probe = (family) => {
    const span = document.createElement("span");
    span.textContent = "詠唱の書と運命予報祭・火球（ファイアー・ボール）";
    span.style.cssText = `font-size:32px;white-space:nowrap;position:absolute;${family ? "font-family:" + family : ""}`;
    document.body.appendChild(span);
    const width = span.getBoundingClientRect().width;
    span.remove();
    return width;
  };
  return {page: probe(""), web: probe('"Grimoire JA"'), latin: probe('"DejaVu Sans"')};
}"""


@pytest.fixture
def latin_only_browser(tmp_path: Path) -> Iterator[Any]:
    """Chromium whose fontconfig knows only DejaVu (no Japanese font on the machine, as far as it can tell)."""
    require_browser("web-font tests")
    config = latin_only_fontconfig(tmp_path)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                    env={**os.environ, "FONTCONFIG_FILE": str(config)})
        try:
            yield browser
        finally:
            browser.close()


def test_without_system_japanese_fonts_the_lobby_uses_the_shipped_font(latin_only_browser: Any,
                                                                         tmp_path: Path) -> None:
    server = Server(tmp_path / "g.db")
    server.start()
    try:
        page = latin_only_browser.new_page(locale="ja-JP")
        page.goto(server.url + "/")
        page.wait_for_function("document.fonts.status === 'loaded'")
        page.evaluate("document.fonts.load('32px \"Grimoire JA\"', '詠唱')")
        page.wait_for_function("document.fonts.check('32px \"Grimoire JA\"', '詠唱')")
        loaded = page.evaluate("[...document.fonts].filter(f => f.family.includes('Grimoire JA'))"
                               ".map(f => f.status)")
        assert loaded == ["loaded"]
        widths = page.evaluate(MEASURE)
        assert abs(widths["page"] - widths["web"]) < 0.5, widths  # the page's stack falls through to the web font
        assert abs(widths["page"] - widths["latin"]) > 5, widths  # and it is not the boxes of a Latin font
        page.screenshot(path=str(tmp_path / "lobby-latin-only.png"))
    finally:
        server.stop()
