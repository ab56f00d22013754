"""In Chromium, two browsers: the board coin chosen in the lobby, the tossing player typing the post
time at the toss, the other seeing the post and the result, and the record replaying its posts
(tests/web/test_browser.py for the server and browser set-up)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_browser import READY, STEP_TIMEOUT_MS, browser, new_page, server  # noqa: F401

from grimoire.core.records import GameRecord
from grimoire.core.replay import verify

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
POST_LINE = "P1's post at 21:03:57: seconds end in 7 → tails"


def check(page: Any, selector: str) -> None:
    """Tick a box or radio button; once more if the lobby's rules panel moved it while it was clicked (the
    click then lands beside it and Playwright reports that the state did not change)."""
    for attempt in range(3):
        try:
            page.check(selector)
            return
        except Exception:
            if attempt == 2:
                raise
            page.wait_for_timeout(300)


def test_the_tossing_player_posts_and_the_other_sees_the_post_and_the_result(server, browser):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    with new_page(browser, locale="en-US") as p0, new_page(browser, locale="en-US") as p1:
        p0.goto(server.url + "/")
        p0.wait_for_selector("body[data-ready='1']")
        check(p0, "input[name=game][value=destiny]")
        check(p0, "input[name=opponent][value=friend]")
        p0.uncheck("#friend-picks")
        p0.wait_for_selector("#rules-options[data-ready='1'] #coin-kind")
        p0.select_option("#coin-kind", "board")
        assert "Agreed: P1 goes first" in (p0.text_content("#first-player") or "")
        p0.click("#create")
        p0.wait_for_selector("#created:not([hidden]) .link-row.seat1")
        links = [server.url + (p0.get_attribute(f".link-row.seat{s} .open-link", "href") or "") for s in (0, 1)]
        p0.goto(links[0])
        p1.goto(links[1])
        for page in (p0, p1):  # each chooses its forecast ability
            page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
            page.locator("#decision button.option").first.click()
        p0.wait_for_selector("#post-time", timeout=STEP_TIMEOUT_MS)  # seat 0 tosses for the first player
        assert p0.locator("#decision button.option").count() == 10  # or just the seconds' last digit
        assert "board coin" in (p0.text_content("#rules-shown") or "")
        assert p1.locator("#post-time").count() == 0
        p0.fill("#post-time", "noon")
        p0.click("#post-send")
        assert "No seconds digits" in (p0.text_content(".post-time-note") or "")
        p0.screenshot(path=str(SHOTS / "board-coin-ask.png"))
        p0.fill("#post-time", "21:03:57")
        p0.press("#post-time", "Enter")
        shown = f"() => document.getElementById('log').textContent.includes({json.dumps(POST_LINE)})"
        for page in (p0, p1):
            page.wait_for_function(shown, timeout=STEP_TIMEOUT_MS)
        assert "Coin toss: P2 goes first" in (p1.text_content("#log") or "")
        p1.screenshot(path=str(SHOTS / "board-coin-seen.png"))
        p1.click("#forum-copy")  # P2's post for the thread: the public account, never P2's own hand
        p1.wait_for_selector("#forum-text[data-ready]")
        post = p1.input_value("#forum-text")
        assert post.startswith("[Destiny Saga] P2 — post") and POST_LINE in post and "\nBoard:\n" in post
        assert all(line == "・P2 draws a card ×7" or not line.startswith("・P2 draws") for line in post.splitlines())
        p1.click("#forum-copy")  # the next post starts after this one
        p1.wait_for_function("() => document.getElementById('forum-text').value.includes('(nothing)')")
        p0.wait_for_selector("#concede:not([hidden])")
        p0.click("#concede")
        p0.click("#concede-yes")
        p1.wait_for_selector("#ending:not([hidden])", timeout=STEP_TIMEOUT_MS)
        with p1.expect_download() as got:
            p1.click("#download-record")
        record = GameRecord.from_json(json.loads(Path(got.value.path()).read_text(encoding="utf-8")))
    assert record.chance == "post" and record.chance_script == ["21:03:57"]
    assert verify(record).ok
