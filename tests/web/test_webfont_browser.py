"""In Chromium with every font but DejaVu hidden (no Japanese font on the machine, as far as it can
tell), Japanese is drawn with the shipped web font: the lobby's text, every character of every
shipped card, a custom card's name in the editor's inputs and text areas, and its face as shown
and as downloaded. A page fetches only the slices of the font its text needs (bytes measured)."""

from __future__ import annotations

import base64
import io
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import Server
from test_card_store import SPARK_POST
from test_cards_browser import CardServer

from browser_helpers import ARGS, CHROMIUM, require_browser
from font_helpers import latin_only_fontconfig
from grimoire.core.cardtools import face_svg
from grimoire.core.registry import load_game
from grimoire.web.facefonts import text_of

FIRST_PAGE_FONT_BYTES = 250 * 1024
CUSTOM_NAMES = ("煌めく氷雫", "麒麟の薔薇", "禍")

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

# Each character drawn on a canvas in a font stack (the element's, at 32px) is compared, pixel by
# pixel, with the character drawn in the web font alone and with the missing-glyph box: the characters
# that are drawn as the box, or not as the web font draws them, are returned.
MISSING = """async ([selector, text]) => {
  const style = getComputedStyle(document.querySelector(selector));
  const stack = `32px ${style.fontFamily}`, web = '32px "Grimoire JA"';
  await document.fonts.load(stack, text);
  await document.fonts.load(web, text);
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const ctx = canvas.getContext("2d", {willReadFrequently: true});
  const draw = (font, ch) => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = font;
    ctx.textBaseline = "top";
    ctx.fillText(ch, 4, 4);
    const data = ctx.getImageData(0, 0, 48, 48).data;
    let bits = "";
    for (let i = 3; i < data.length; i += 4) bits += data[i] > 127 ? "1" : "0";
    return bits;
  };
  const box = draw(stack, "\\u{F0000}");
  const bad = [];
  for (const ch of text) {
    const got = draw(stack, ch);
    if (got === box || got !== draw(web, ch)) bad.push(ch);
  }
  return {bad, stack: style.fontFamily};
}"""


def japanese(text: str) -> str:
    """The characters of ``text`` the web font serves (from U+2000 on; Latin is the system's), once each."""
    return "".join(sorted({c for c in text if ord(c) >= 0x2000 and not c.isspace()}))


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


@pytest.fixture
def card_server(tmp_path: Path) -> Iterator[CardServer]:
    server = CardServer(tmp_path)
    try:
        yield server
    finally:
        server.stop()


def font_bytes(browser: Any, url: str) -> tuple[int, list[str]]:
    """The bytes of font files a fresh Japanese page at ``url`` fetches, and their names."""
    context = browser.new_context(locale="ja-JP", bypass_csp=True)
    try:
        page = context.new_page()
        fetched: list[tuple[str, int]] = []
        page.on("requestfinished", lambda r: fetched.append((r.url.rsplit("/", 1)[1], r.sizes()["responseBodySize"]))
                if r.url.endswith(".woff2") else None)
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        page.wait_for_load_state("networkidle")
        return sum(size for _, size in fetched), sorted(name for name, _ in fetched)
    finally:
        context.close()


def test_without_system_japanese_fonts_the_lobby_uses_the_shipped_font(latin_only_browser: Any,
                                                                         tmp_path: Path) -> None:
    server = Server(tmp_path / "g.db")
    server.start()
    try:
        page = latin_only_browser.new_page(locale="ja-JP", bypass_csp=True)
        page.goto(server.url + "/")
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        page.evaluate("document.fonts.load('32px \"Grimoire JA\"', '詠唱')")
        page.wait_for_function("() => document.fonts.check('32px \"Grimoire JA\"', '詠唱')")
        loaded = page.evaluate("[...new Set([...document.fonts].filter(f => f.family.includes('Grimoire JA'))"
                               ".map(f => f.status))]")
        assert "loaded" in loaded
        widths = page.evaluate(MEASURE)
        assert abs(widths["page"] - widths["web"]) < 0.5, widths  # the page's stack falls through to the web font
        assert abs(widths["page"] - widths["latin"]) > 5, widths  # and it is not the boxes of a Latin font
        page.screenshot(path=str(tmp_path / "lobby-latin-only.png"))
    finally:
        server.stop()


def test_a_page_fetches_only_the_font_slices_its_text_needs(latin_only_browser: Any, card_server: CardServer) -> None:
    measured = {path: font_bytes(latin_only_browser, card_server.url + path)
                for path in ("/", "/?game=destiny", "/editor", "/decks", "/history")}
    lobby, files = measured["/"]
    assert 0 < lobby <= FIRST_PAGE_FONT_BYTES, measured
    assert len(files) <= 12, measured  # a few of the 63 slices
    assert all(0 < size <= 3 * FIRST_PAGE_FONT_BYTES for size, _ in measured.values()), measured


def test_every_character_of_every_shipped_card_is_drawn_in_the_web_font(latin_only_browser: Any,
                                                                        card_server: CardServer) -> None:
    text = ""
    for name in ("chant", "destiny"):
        game = load_game(name)
        for card in game.pool.by_id.values():
            text += card.name.ja + card.name.en + card.text.ja + card.text.en
            text += "".join(text_of(face_svg(game, card.id, lang)) for lang in ("ja", "en"))
    chars = japanese(text)
    assert len(chars) > 400
    page = latin_only_browser.new_page(locale="ja-JP", bypass_csp=True)
    page.goto(card_server.url + "/")
    found = page.evaluate(MISSING, ["body", chars])
    assert "Grimoire JA" in found["stack"] and found["bad"] == [], found


def _pixels(png: bytes) -> Any:
    image = pytest.importorskip("PIL.Image")
    return image.open(io.BytesIO(png)).convert("L")


def _differing(a: bytes, b: bytes) -> int:
    chops = pytest.importorskip("PIL.ImageChops")
    first, second = _pixels(a), _pixels(b)
    assert first.size == second.size
    return sum(1 for v in chops.difference(first, second).getdata() if v > 48)


def test_a_custom_card_in_the_editor_and_its_downloaded_face_show_every_glyph(latin_only_browser: Any,
                                                                              card_server: CardServer) -> None:
    page = latin_only_browser.new_page(locale="ja-JP", bypass_csp=True, viewport={"width": 1000, "height": 1400})
    page.goto(card_server.url + "/editor")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#forum", SPARK_POST.replace("小さな火花", CUSTOM_NAMES[0]).replace("ぱちっ。", "・".join(CUSTOM_NAMES)))
    page.click("#read")
    page.wait_for_selector("body[data-valid='1']")
    assert page.input_value("#f-name") == CUSTOM_NAMES[0]
    # the inputs and text areas draw every character in the web font
    for selector in ("#forum", "#f-name", "#f-flavor", "[data-section='『発動効果』']"):
        found = page.evaluate(MISSING, [selector, japanese(SPARK_POST + "".join(CUSTOM_NAMES))])
        assert "Grimoire JA" in found["stack"] and found["bad"] == [], (selector, found)
    page.wait_for_function("() => document.getElementById('face').complete"
                           " && document.getElementById('face').naturalWidth > 0")
    page.fill("#f-author", "Aki")
    page.click("#save")
    page.wait_for_selector("body[data-saved='little_spark']")
    svg = card_server.get("/cards/chant/little_spark.svg?lang=ja")
    assert CUSTOM_NAMES[0] in svg and "@font-face" in svg and "data:font/woff2;base64," in svg
    plain = re.sub(r"<style>.*?</style>", "", svg)
    boxes = re.sub(r"(?<=>)([^<]*)(?=<)", lambda m: re.sub(r"[^\x00-\u1fff\s]", "\U000F0000", m[1]), plain)

    def data_url(text: str) -> str:
        return "data:image/svg+xml;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")

    # the downloaded face (an image: it can use only the fonts it carries), the face drawn inside the page
    # (with the page's web font) and the face with its Japanese as missing-glyph boxes
    page.goto(card_server.url + "/")
    page.evaluate("""([a, b, c]) => {
      document.body.innerHTML = "";
      for (const [id, html] of [["downloaded", `<img src="${a}" width="630" height="880">`], ["inline", b],
                                ["boxes", `<img src="${c}" width="630" height="880">`]]) {
        const div = document.createElement("div");
        div.id = id; div.style.cssText = "width:630px;height:880px;line-height:0";
        div.innerHTML = html;
        document.body.appendChild(div);
      }
    }""", [data_url(svg), plain, data_url(boxes)])
    page.evaluate("(text) => document.fonts.load('32px \"Grimoire JA\"', text)", japanese(plain))
    page.wait_for_function("() => document.fonts.status === 'loaded' && [...document.images].every(i => i.complete)")
    shots = {name: page.locator(f"#{name}").screenshot() for name in ("downloaded", "inline", "boxes")}
    same, boxed = _differing(shots["downloaded"], shots["inline"]), _differing(shots["downloaded"], shots["boxes"])
    assert same * 20 < boxed, (same, boxed)
