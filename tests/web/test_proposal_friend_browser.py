"""A friend game with a proposed card in Chromium (issue 30 item 3): the host ticks "accept proposed cards"
in the lobby, the friend sees the same tick on the join page; without it the game is refused with one line,
with it both go to the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, post
from test_browser import STEP_TIMEOUT_MS, _require_browser, browser, new_page
from test_ownership import SPARK, SPARK_DECK

__all__ = ["browser"]
OWNER = "friend-owner-token-" + "k" * 20
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture
def reviewed(tmp_path: Path) -> Iterator[Server]:
    _require_browser()
    srv = Server(str(tmp_path / "grimoire.db"), "--owner-token", OWNER)
    try:
        yield srv
    finally:
        srv.stop()


def test_both_players_tick_accept_proposed_cards_to_play_a_proposal(reviewed: Server, browser: Any) -> None:
    status, body = post(reviewed, "/api/cards/save", {"game": "chant", "lang": "en", "fields": SPARK,
                                                      "author": "Aki", "owner": "a" * 32})
    assert status == 201 and body["status"] == "proposed", body
    with new_page(browser) as host, new_page(browser, locale="en-GB") as friend:
        host.goto(reviewed.url + "/")
        host.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        host.check("input[name=game][value=chant]")
        host.check("input[name=opponent][value=friend]")
        assert host.is_visible("#friend-proposals-label") and not host.is_checked("#friend-proposals")
        host.check("input[name=mine-mode][value=text]")
        host.fill("#mine-text", SPARK_DECK)
        host.check("#friend-proposals")
        host.click("#create")
        host.wait_for_selector("#created:not([hidden]) .link-row.seat1", timeout=STEP_TIMEOUT_MS)
        link = host.get_attribute(".link-row.seat1 .open-link", "href")
        friend.goto(reviewed.url + str(link))
        friend.wait_for_selector("#join-form:not([hidden])", timeout=STEP_TIMEOUT_MS)
        assert friend.is_visible("#join-proposals-label") and not friend.is_checked("#join-proposals")
        friend.click("#join")  # not ticked: refused, saying which card and what to tick
        friend.wait_for_function("document.querySelector('#mine-status').textContent.includes('little_spark')",
                                 timeout=STEP_TIMEOUT_MS)
        assert "Accept proposed cards" in (friend.text_content("#mine-status") or "")
        SHOTS.mkdir(parents=True, exist_ok=True)
        friend.screenshot(path=str(SHOTS / "join-proposals-en.png"), full_page=True)
        friend.check("#join-proposals")
        friend.click("#join")
        friend.wait_for_url("**/g/*#seat=*", timeout=STEP_TIMEOUT_MS)
        friend.wait_for_selector(".player-zone.me", timeout=STEP_TIMEOUT_MS)
