"""The editor's "強すぎる？" button in headless Chromium (issue 30 item 4): a designer types an overpowered card,
asks whether it is too strong, watches the progress and the live verdict, confirms it with the search agent
(stopped after a few games), saves the card, and the server owner sees both verdicts, each with its level, on
the review page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server
from test_browser import STEP_TIMEOUT_MS, _require_browser, browser, new_page

__all__ = ["browser"]
OWNER = "verdict-owner-token-" + "k" * 20
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
#: The verdict's own end (8 games per pairing and arm; the CI machine is slow), waited for, not timed.
VERDICT_MS = 300_000


@pytest.fixture
def judged(tmp_path: Path) -> Iterator[Server]:
    _require_browser()
    srv = Server(str(tmp_path / "grimoire.db"), "--owner-token", OWNER, "--limit", "verdict_games=8")
    try:
        yield srv
    finally:
        srv.stop()


def test_the_editor_asks_is_it_too_strong_and_the_reviewer_sees_the_verdict(judged: Server, browser: Any) -> None:
    with new_page(browser) as page:
        page.goto(judged.url + "/editor")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        typed = {"#f-name": "試しの業火", "#f-other_name": "Trial Blaze", "#f-id": "trial_blaze"}
        for selector, value in typed.items():
            page.fill(selector, value)
        page.select_option("[data-key='区分']", "書庫")
        page.select_option("[data-key='属性']", "幻想")
        page.fill("[data-key='詠唱値']", "2")
        page.fill("[data-key='威力']", "9")
        page.wait_for_selector("body[data-valid='1']", timeout=STEP_TIMEOUT_MS)
        assert page.inner_text("#verdict") == "強すぎる？"
        page.click("#verdict")
        page.wait_for_selector("body[data-verdict='running']", timeout=STEP_TIMEOUT_MS)
        assert page.is_visible("#verdict-stop") and page.is_disabled("#verdict")
        page.wait_for_selector("body[data-verdict='done']", timeout=VERDICT_MS)
        line = page.inner_text("#verdict-line")
        assert line.startswith("強すぎる（") and "ポイント" in line, line
        assert page.get_attribute("#verdict-line", "data-verdict") == "too_strong"
        assert not page.is_visible("#verdict-progress") and page.is_enabled("#verdict")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "editor_verdict.png"), full_page=True)
        greedy = line
        assert page.is_visible("#verdict-confirm")
        page.fill("#f-flavor", "熱い。")  # the card changed: confirming would judge the old text, so the offer goes
        page.wait_for_selector("#verdict-confirm", state="hidden", timeout=STEP_TIMEOUT_MS)
        page.fill("#f-flavor", "")
        page.click("#verdict")  # judged again as it was (the same seeds: the same verdict)
        page.wait_for_selector("body[data-verdict='running']", timeout=STEP_TIMEOUT_MS)
        page.wait_for_selector("body[data-verdict='done']", timeout=VERDICT_MS)
        assert page.inner_text("#verdict-line") == greedy
        assert page.inner_text("#verdict-confirm") == "探索で確かめる"
        page.click("#verdict-confirm")
        page.wait_for_selector("body[data-verdict='running'][data-verdict-level='search-30']",
                               timeout=STEP_TIMEOUT_MS)
        assert page.is_hidden("#verdict-confirm") and page.is_visible("#verdict-stop")
        assert page.inner_text("#verdict-line").startswith(greedy)  # the greedy verdict stays above
        page.wait_for_function("Number(document.body.dataset.verdictGames) >= 2", timeout=VERDICT_MS)
        page.click("#verdict-stop")
        page.wait_for_selector("body[data-verdict='stopped']", timeout=VERDICT_MS)
        confirmed = page.inner_text("#verdict-line").split("\n")
        assert confirmed[0] == greedy.split("\n")[0] and confirmed[-1].endswith("（search-30）"), confirmed
        assert page.is_hidden("#verdict-confirm")  # a confirmation is not confirmed again
        page.screenshot(path=str(SHOTS / "editor_verdict_confirmed.png"), full_page=True)
        page.fill("#f-author", "Aki")
        page.click("#save")
        page.wait_for_selector("body[data-saved='trial_blaze']", timeout=STEP_TIMEOUT_MS)
    with new_page(browser, locale="en-GB") as page:
        page.goto(judged.url + "/review")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        page.fill("#token", OWNER)
        page.click("#token-form button")
        shown = page.wait_for_selector(
            "li.review-card[data-id='trial_blaze'] .review-verdict[data-verdict='too_strong']", timeout=STEP_TIMEOUT_MS)
        assert shown is not None and shown.inner_text().startswith("Verdict (Is it too strong?): too strong")
        assert shown.inner_text().endswith("(greedy)")
        confirmation = page.wait_for_selector("li.review-card[data-id='trial_blaze'] .review-confirmation",
                                              timeout=STEP_TIMEOUT_MS)
        assert confirmation is not None and confirmation.get_attribute("data-level") == "search-30"
        assert confirmation.inner_text().startswith("Confirmed with search: ")
        assert confirmation.inner_text().endswith("(search-30)")
        page.screenshot(path=str(SHOTS / "review_verdict.png"), full_page=True)
