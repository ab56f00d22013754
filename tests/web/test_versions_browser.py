"""Updating one's own saved card from the editor (issue 30 item 3, versions) in headless Chromium: the id is
taken, the editor offers to update the author's own card, and because a stored game used it the change is
saved as a new version."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, post
from test_browser import STEP_TIMEOUT_MS, _require_browser, browser, new_page
from test_ownership import SPARK, SPARK_DECK

__all__ = ["browser"]
CODE = "version-owner-code-" + "v" * 20


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[Server]:
    _require_browser()
    server = Server(str(tmp_path / "grimoire.db"))
    try:
        yield server
    finally:
        server.stop()


def test_the_editor_updates_a_used_card_as_a_new_version(srv: Server, browser: Any) -> None:
    status, _ = post(srv, "/api/cards/save", {"game": "chant", "lang": "en", "fields": SPARK, "author": "Aki",
                                              "owner": CODE})
    assert status == 201
    status, _ = post(srv, "/api/games", {"game": "chant", "deck": {"text": SPARK_DECK},
                                         "opponent": {"kind": "ai", "level": "easy"}})
    assert status == 201  # a stored game used the card
    with new_page(browser) as page:
        page.goto(srv.url + "/editor")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        page.evaluate(f"localStorage.setItem('grimoire-owner', '{CODE}')")  # the author's browser
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        for key in ("name", "ruby", "other_name", "id", "other_flavor"):
            page.fill(f"#f-{key}", str(SPARK[key]))
        page.fill("#f-flavor", "ぱちぱち。")
        page.select_option("[data-key='区分']", "書庫")
        page.select_option("[data-key='属性']", "幻想")
        page.fill("[data-key='詠唱値']", "1")
        page.fill("[data-key='威力']", "1")
        page.fill("[data-section='『発動効果』']", "カードを1枚ドローする。")
        page.fill("#f-author", "Aki")
        page.click("#save")
        page.click("#update-card", timeout=STEP_TIMEOUT_MS)  # offered beside the taken id
        page.wait_for_selector("body[data-saved='little_spark_v2']", timeout=STEP_TIMEOUT_MS)
        assert "新しい版として保存しました: little_spark_v2" in (page.text_content("#saved") or "")
        assert page.input_value("#f-id") == "little_spark_v2"
    status, mine = post(srv, "/api/mine", {"owner": CODE})
    assert {c["id"]: c["superseded"] for c in mine["cards"]} == {"little_spark": "little_spark_v2",
                                                                 "little_spark_v2": ""}
