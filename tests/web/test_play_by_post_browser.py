"""Play by post in Chromium: the lobby offers days per move, and the table shows the days left."""

from __future__ import annotations

from pathlib import Path

from server_helpers import post
from test_browser import browser, new_page, server  # noqa: F401  (fixtures)

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def test_the_lobby_offers_days_per_move_and_the_table_counts_days(server, browser):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    with new_page(browser) as page:
        page.goto(server.url + "/")
        page.wait_for_selector("#clock option[value='3d']", state="attached")
        assert page.locator("#clock optgroup").get_attribute("label") == "掲示板（1手の日数）"
        assert page.text_content("#clock option[value='3d']") == "3日/手"
        assert page.locator(".webhook-choice").is_hidden()  # against the computer: nothing to announce
        page.check("input[name=opponent][value=friend]")
        assert page.locator(".webhook-choice").is_visible()
        page.click(".lang-switch button[data-lang=en]")
        assert page.locator("#clock optgroup").get_attribute("label") == "By post (days per move)"
        assert page.text_content("#clock option[value='7d']") == "7 days/move"
    status, data = post(server, "/api/games", {"game": "chant", "deck": {"starter": "fire"}, "clock": "3d",
                                               "opponent": {"kind": "friend", "deck": {"starter": "science"}}})
    assert status == 201, data
    with new_page(browser) as page:
        page.goto(server.url + data["links"]["seats"][0])
        page.wait_for_selector("#clocks:not([hidden]) .clock-left")
        shown = page.locator("#clocks .clock-left").all_text_contents()
        assert shown and all(text in ("3日0時間", "2日23時間") for text in shown), shown
        page.screenshot(path=str(SHOTS / "play-by-post-ja.png"))
