"""The board editor in Chromium (issue 31 item 5): a position set up by hand for one seat of each game —
cards put into its zones with the card field and typed into the zone boxes, the other side's hand a
number — analysed; a bad card is refused in one line and nothing is analysed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page, server

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
SET_UP = {
    "chant": {"seat": "1", "life": ("12", "9"), "add": [("火球", "own:hand"), ("竜の咆哮", "own:hand"),
                                                      ("試作型レーザー銃", "other:area")],
              "typed": ("own", "area", "残り火 @3"), "head": "chant1 T4 A1 "},
    "destiny": {"seat": "0", "life": ("10", "13"), "add": [("提灯からくり師", "own:hand"), ("相殺の術式", "own:hand"),
                                                         ("縛りの護符", "other:field")],
                "typed": ("own", "field", "歯車仕掛けの神託機"), "head": "destiny:1 turn=4 active=0 "},
    # the example plugin: its zones and life (position) come from its board_editor hook (docs/protocol.md 1.6)
    "toy": {"seat": "1", "life": ("3", "5"),
            "add": [("三歩", "own:hand"), ("一歩", "own:hand"), ("二歩", "other:played")],
            "typed": ("own", "played", "一歩"), "head": '{"chance": '},
}


@pytest.mark.parametrize("name", sorted(SET_UP))
def test_a_position_set_up_by_hand_is_analysed(server: Server, browser: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    plan = SET_UP[name]
    with new_page(browser) as page:
        page.goto(f"{server.url}/board?game={name}")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        assert page.input_value("#b-game") == name
        page.select_option("#b-seat", plan["seat"])
        page.fill("#b-turn", "4")
        page.fill("#side-own .b-life", plan["life"][0])
        page.fill("#side-other .b-life", plan["life"][1])
        page.fill("#b-hand-count", "3")
        page.fill("#b-card", "名無しのカード")
        page.click("#b-add")
        assert page.inner_text("#b-out [role=alert]") == "知らないカードです: 名無しのカード"
        for card, where in plan["add"]:
            page.fill("#b-card", card)
            page.select_option("#b-where", where)
            page.click("#b-add")
        which, zone, text = plan["typed"]
        page.fill(f"#side-{which} textarea[data-zone='{zone}']", text + "\n名無しのカード")
        page.select_option("#b-seconds", "2")
        page.click("#b-go")
        page.wait_for_selector("#b-out[data-done='error']", timeout=STEP_TIMEOUT_MS)
        message = page.inner_text("#b-out [role=alert]")
        assert message.startswith("局面: ") and "知らないカードです: 名無しのカード" in message and "\n" not in message
        page.fill(f"#side-{which} textarea[data-zone='{zone}']", text)
        page.click("#b-go")
        page.wait_for_selector("#b-out[data-done='1']", timeout=4 * STEP_TIMEOUT_MS)
        assert page.locator("#b-out .an-table tbody tr").count() >= 2
        assert page.locator("#b-out tr.best").count() == 1
        position = page.input_value("#b-position")
        assert position.startswith(plan["head"]), position
        page.screenshot(path=str(SHOTS / f"board-editor-{name}.png"), full_page=True)
