"""The server owner's review page (/review) in headless Chromium (issue 30 item 3): a server started
with ``--owner-token`` lists a proposal with its face; the owner sends it back with a note (the author sees
it on /mine), then approves it, and it joins the deck builder's pool."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, post
from test_browser import STEP_TIMEOUT_MS, _require_browser, browser, new_page
from test_ownership import SPARK

__all__ = ["browser"]
OWNER = "review-owner-token-" + "k" * 20
ALICE = "a" * 32
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture
def reviewed(tmp_path: Path) -> Iterator[Server]:
    _require_browser()
    srv = Server(str(tmp_path / "grimoire.db"), "--owner-token", OWNER)
    try:
        yield srv
    finally:
        srv.stop()


def pool(srv: Server) -> set[str]:
    with urllib.request.urlopen(srv.url + "/api/pool/chant") as res:
        return {c["id"] for c in json.loads(res.read())["cards"]}


def test_the_owner_sends_back_then_approves_a_proposal_on_the_review_page(reviewed: Server, browser: Any) -> None:
    status, body = post(reviewed, "/api/cards/save", {"game": "chant", "lang": "en", "fields": SPARK,
                                                      "author": "Aki", "owner": ALICE})
    assert status == 201 and body["status"] == "proposed", body
    assert "little_spark" not in pool(reviewed)
    with new_page(browser, locale="en-GB") as page:
        page.goto(reviewed.url + "/review")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        page.fill("#token", "x" * 30)
        page.click("#token-form button")
        page.wait_for_selector("#token-status.bad", timeout=STEP_TIMEOUT_MS)
        assert "server owner" in page.inner_text("#token-status")
        page.fill("#token", OWNER)
        page.click("#token-form button")
        card = page.wait_for_selector("li.review-card[data-id='little_spark']", timeout=STEP_TIMEOUT_MS)
        assert card is not None and "Aki" in card.inner_text() and "proposed" in card.inner_text()
        page.wait_for_function("() => document.querySelector('.review-face').naturalWidth > 0",
                               timeout=STEP_TIMEOUT_MS)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "review_page.png"), full_page=True)
        page.click("li.review-card button.send-back")  # no note: refused, nothing changes
        page.wait_for_selector("#list-status.bad", timeout=STEP_TIMEOUT_MS)
        assert "note" in page.inner_text("#list-status")
        page.fill("li.review-card .review-note", "Power 1 for chant 1 is fine; add a flavour line")
        page.click("li.review-card button.send-back")
        page.wait_for_selector("#list-status.ok", timeout=STEP_TIMEOUT_MS)
        page.wait_for_selector("li.review-card[data-id='little_spark'] >> text=sent back", timeout=STEP_TIMEOUT_MS)
        page.wait_for_selector("li.review-card .review-notes li >> text=add a flavour line", timeout=STEP_TIMEOUT_MS)
        status, mine = post(reviewed, "/api/mine", {"owner": ALICE})
        assert mine["cards"][0]["note"] == "Power 1 for chant 1 is fine; add a flavour line"
        page.click("li.review-card button.approve")
        page.wait_for_selector("#proposals li.muted", timeout=STEP_TIMEOUT_MS)
        assert "Approved" in page.inner_text("#list-status")
    assert "little_spark" in pool(reviewed)
