"""A draft kept on the server reopens in another browser with the same recovery code (issue 30, drafts on
the server), in headless Chromium; saving the card for real removes the draft everywhere."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server
from test_browser import STEP_TIMEOUT_MS, _require_browser, browser, new_page

__all__ = ["browser"]
CODE = "draft-recovery-code-" + "r" * 20


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[Server]:
    _require_browser()
    server = Server(str(tmp_path / "grimoire.db"))
    try:
        yield server
    finally:
        server.stop()


def server_drafts(server: Server) -> list[dict[str, Any]]:
    req = urllib.request.Request(server.url + "/api/drafts/list", data=json.dumps({"owner": CODE}).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as res:
        found: list[dict[str, Any]] = json.loads(res.read())["drafts"]
    return found


def open_editor(page: Any, server: Server) -> None:
    page.goto(server.url + "/editor")
    page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
    page.evaluate(f"localStorage.setItem('grimoire-owner', '{CODE}')")  # the recovery code entered on /mine
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)


def test_a_draft_kept_on_the_server_reopens_in_another_browser(srv: Server, browser: Any) -> None:
    with new_page(browser) as first:
        open_editor(first, srv)
        first.fill("#f-name", "月の便り")
        first.select_option("[data-key='区分']", "書庫")
        first.select_option("[data-key='属性']", "幻想")
        first.fill("[data-key='詠唱値']", "2")
        first.fill("[data-section='『発動効果』']", "月の光で手札を２枚引く。")
        first.wait_for_selector("#draft:not([hidden])", timeout=STEP_TIMEOUT_MS)
        first.click("#draft")
        first.wait_for_selector("body[data-draft-server='201']", timeout=STEP_TIMEOUT_MS)
        assert "サーバーにも保存しました" in (first.text_content("#saved") or "")
    assert [d["name"] for d in server_drafts(srv)] == ["月の便り"]
    with new_page(browser, locale="en-GB") as second:  # another browser: nothing of the first one's storage
        open_editor(second, srv)
        second.wait_for_selector("body[data-drafts='1']", timeout=STEP_TIMEOUT_MS)
        assert "月の便り" in (second.text_content("#drafts") or "")
        second.click("#drafts li[data-draft='月の便り'] button")
        second.wait_for_function("document.querySelector('#f-name').value === '月の便り'", timeout=STEP_TIMEOUT_MS)
        assert second.input_value("[data-key='詠唱値']") == "2"
        # resolved and saved for real: the draft is gone here and on the server
        second.fill("#f-id", "moon_letter")
        second.fill("#f-other_name", "Moon Letter")
        second.fill("[data-section='『発動効果』']", "カードを1枚ドローする。")
        second.wait_for_selector("body[data-valid='1']", timeout=STEP_TIMEOUT_MS)
        second.fill("#f-author", "Aki")
        second.click("#save")
        second.wait_for_selector("body[data-saved='moon_letter']", timeout=STEP_TIMEOUT_MS)
        second.wait_for_selector("body[data-drafts='0']", timeout=STEP_TIMEOUT_MS)
    assert server_drafts(srv) == []
