"""Card faces in a real Chromium (issue 9, item 3): no text overflows its box; a few faces match reviewed images.

Needs Playwright for Python, Debian's ``chromium`` and a Japanese font (``make browser``
installs ``fonts-ipafont-gothic``). Locally the tests skip with the reason when one is
missing; in CI (``CI`` set) they fail. The reference images are
``tests/golden/faces/*.png``; after an intended change of the faces, regenerate them,
look at them, and review the diff::

    GRIMOIRE_REGEN_GOLDEN=1 .venv/bin/pytest tests/cards/test_faces_browser.py
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from card_helpers import GAMES, GOLDEN, LANGS, REGEN, game
from test_faces import hostile_card

from browser_helpers import ARGS as BROWSER_ARGS
from browser_helpers import CHROMIUM, require_browser
from grimoire.core.cardtools import face_svg
from grimoire.games.chant.cards import load_pool
from grimoire.games.chant.face import face as chant_face

ARGS = [*BROWSER_ARGS, "--font-render-hinting=none"]
FONTS = (Path("/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"), Path("/usr/share/fonts/opentype/noto"))
REFERENCES = GOLDEN / "faces"
REFERENCE_FACES = [("chant", "heavenly_conflagration"), ("chant", "fireball"), ("destiny", "oni_mask_champion")]
# a pixel differs when a channel moves by more than this; at most this share of pixels may differ
PIXEL_TOLERANCE = 48
SHARE_TOLERANCE = 0.01


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    require_browser("face tests", FONTS)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 700, "height": 900}, device_scale_factor=1)
            yield context.new_page()
        finally:
            browser.close()


MEASURE = """() => {
  const bad = [];
  for (const svg of document.querySelectorAll("svg")) {
    for (const box of svg.querySelectorAll("g[data-box]")) {
      const x = +box.dataset.x, y = +box.dataset.y, w = +box.dataset.w, h = +box.dataset.h;
      for (const text of box.querySelectorAll("text")) {
        const b = text.getBBox();
        if (!text.textContent) continue;
        const inside = b.x >= x - 1 && b.x + b.width <= x + w + 1 && b.y >= y - 2 && b.y + b.height <= y + h + 2
          && b.x >= 0 && b.x + b.width <= 630 && b.y >= 0 && b.y + b.height <= 880;
        if (!inside) bad.push(`${svg.dataset.card}/${svg.getAttribute("lang")} ${box.dataset.box}: `
          + `${JSON.stringify(text.textContent)} at ${b.x.toFixed(1)},${b.y.toFixed(1)} `
          + `${b.width.toFixed(1)}x${b.height.toFixed(1)} outside ${x},${y} ${w}x${h}`);
      }
    }
  }
  return bad;
}"""


def _show(page: Any, svgs: list[str]) -> None:
    page.set_content("<!doctype html><html><body style='margin:0'>" + "".join(svgs) + "</body></html>")


def test_no_text_of_any_shipped_face_overflows_its_box_in_chromium(page: Any) -> None:
    for name in GAMES:
        for lang in LANGS:
            _show(page, [face_svg(game(name), cid, lang) for cid in sorted(game(name).pool.by_id)])
            assert page.evaluate(MEASURE) == [], (name, lang)


def test_long_and_hostile_text_stays_inside_the_frame_in_chromium(page: Any) -> None:
    pool = load_pool()
    _show(page, [chant_face(hostile_card(), lang, pool) for lang in LANGS])
    assert page.evaluate(MEASURE) == []
    assert page.evaluate("() => document.querySelectorAll('script').length") == 0


def _screenshot(page: Any, svg: str) -> bytes:
    _show(page, [svg])
    shot: bytes = page.locator("svg").screenshot()
    return shot


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "cid"), REFERENCE_FACES)
def test_faces_look_like_the_reviewed_reference_images(page: Any, name: str, cid: str, lang: str) -> None:
    image = pytest.importorskip("PIL.Image")
    chops = pytest.importorskip("PIL.ImageChops")
    shot = _screenshot(page, face_svg(game(name), cid, lang))
    path = REFERENCES / f"{name}-{cid}-{lang}.png"
    if REGEN:
        REFERENCES.mkdir(parents=True, exist_ok=True)
        path.write_bytes(shot)
        return
    assert path.exists(), f"{path} is missing: regenerate with GRIMOIRE_REGEN_GOLDEN=1 and review it"
    got = image.open(io.BytesIO(shot)).convert("RGB")
    want = image.open(path).convert("RGB")
    assert got.size == want.size == (630, 880)
    diff = chops.difference(got, want).convert("L").point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    share = sum(1 for v in diff.getdata() if v) / (got.size[0] * got.size[1])
    assert share <= SHARE_TOLERANCE, f"{path.name}: {share:.2%} of the pixels differ"
