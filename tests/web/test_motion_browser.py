"""Motion at the table, end to end in Chromium: cards glide between zones and new ones fade in, a changed
life / thread count floats its difference, every animation lasts at most 300 ms, and a browser asking for
reduced motion sees none of it while the game still plays to the end.

A page script records every animation the document runs (``document.getAnimations()`` each frame and every
``Element.animate`` call) and every difference marker added to the board.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from test_browser import STEP_TIMEOUT_MS, browser, play_until_finished, server  # noqa: F401  (fixtures)
from test_table_browser import create

MAX_MS = 300

WATCH = """
(() => {
  const seen = new WeakSet();
  const m = window.__motion = { polled: 0, calls: 0, cardCalls: 0, longest: 0, deltas: [] };
  const note = (anim) => {
    if (seen.has(anim)) return;
    seen.add(anim);
    const timing = anim.effect.getComputedTiming();
    m.longest = Math.max(m.longest, (timing.activeDuration || 0) + (timing.delay || 0) + (timing.endDelay || 0));
  };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const anim = animate.apply(this, args);
    m.calls += 1;
    if (this.classList.contains("card")) m.cardCalls += 1;
    note(anim);
    return anim;
  };
  const poll = () => {
    const anims = document.getAnimations();
    m.polled = Math.max(m.polled, anims.length);
    anims.forEach(note);
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains("motion-delta")) {
        m.deltas.push({ text: n.textContent, animated: n.getAnimations().length > 0 });
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


@contextlib.contextmanager
def motion_page(browser: Any, reduced_motion: str) -> Iterator[Any]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True,
                                  reduced_motion=reduced_motion)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(WATCH)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


def play_against_the_computer(server: Any, browser: Any, game: str, reduced_motion: str) -> dict[str, Any]:  # noqa: F811
    _, links = create(server, game, friend=False)
    with motion_page(browser, reduced_motion) as page:
        page.goto(links[0])
        page.wait_for_selector(".player-zone.me")
        play_until_finished(page)
        assert page.evaluate("document.body.dataset.finished") == "1"
        page.wait_for_timeout(MAX_MS + 100)  # the last drawing's animations end
        motion: dict[str, Any] = page.evaluate("window.__motion")
        motion["left"] = page.evaluate("document.getAnimations().length")
        motion["markers_left"] = page.locator(".motion-delta, .motion-ghost").count()
        motion["reduce"] = page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    return motion


@pytest.mark.parametrize(("game", "counter"), [("chant", "life"), ("destiny", "threads")])
def test_cards_glide_and_counters_float_their_change_within_300_ms(server, browser, game, counter):  # noqa: F811
    motion = play_against_the_computer(server, browser, game, "no-preference")
    assert motion["reduce"] is False
    assert motion["cardCalls"] > 0, f"no card moved in a whole game of {game}"
    assert motion["polled"] > 0, "document.getAnimations() never held a running animation"
    assert 0 < motion["longest"] <= MAX_MS
    losses = [d for d in motion["deltas"] if d["text"].startswith("\u2212")]
    assert losses, f"no {counter} loss was shown as a number: {motion['deltas']}"
    assert all(d["animated"] for d in motion["deltas"])
    assert all(d["text"][1:].isdigit() and d["text"][0] in "+\u2212" for d in motion["deltas"])
    assert motion["left"] == 0 and motion["markers_left"] == 0  # nothing lingers after its 300 ms


def test_reduced_motion_animates_nothing_and_the_game_still_plays_to_the_end(server, browser):  # noqa: F811
    motion = play_against_the_computer(server, browser, "chant", "reduce")
    assert motion["reduce"] is True
    assert motion["calls"] == 0 and motion["polled"] == 0 and motion["longest"] == 0
    assert motion["deltas"] == []
    assert motion["left"] == 0
