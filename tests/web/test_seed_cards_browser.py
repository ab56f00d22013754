"""The issue 30 walk-through in headless Chromium: the seed's three printed Chant cards (火球,
書きかけの魔術研究論文, 天上の劫火) pasted into the editor line for line as the seed wraps them, saved as
proposals on a server with an owner, approved on /review, put into a deck in place of the shipped cards of
those names, and that deck played against the computer to the end."""

from __future__ import annotations

import json
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, post
from test_browser import READY, STEP_TIMEOUT_MS, _require_browser, browser, click_option, new_page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cards"))
from card_helpers import SEED_CARDS

__all__ = ["browser"]
OWNER = "seed-owner-token-" + "k" * 20
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
#: The fire starter deck with the seed's three cards (saved under new names: the shipped pool has theirs).
DECK = ("name: 写しの火\n[書庫]\n3 徹夜明けのコーヒー\n2 魔法陣の共鳴\n1 大魔導の極光\n2 竜の咆哮\n2 残り火\n"
        "3 妖精の悪戯\n3 火球・写し\n3 火球術入門\n3 火焔球\n2 疾風の矢\n"
        "1 氷の槍\n3 鉄の盾\n2 蓄魔の水晶\n3 詠唱の呼び水\n2 煉獄球\n"
        "3 雷撃\n2 書きかけの魔術研究論文・写し\n[禁書]\n1 星界の大図書館\n1 無限書庫の司書\n1 英雄譚の終章\n"
        "1 時の逆巻き\n1 天上の劫火・写し\n")


def pool(srv: Server) -> set[str]:
    with urllib.request.urlopen(srv.url + "/api/pool/chant") as res:
        return {c["id"] for c in json.loads(res.read())["cards"]}


@pytest.fixture
def reviewed(tmp_path: Path) -> Iterator[Server]:
    _require_browser()
    srv = Server(str(tmp_path / "grimoire.db"), "--owner-token", OWNER)
    try:
        yield srv
    finally:
        srv.stop()


def test_the_seeds_three_printed_cards_are_pasted_saved_approved_put_in_a_deck_and_played(
        reviewed: Server, browser: Any) -> None:
    saved: list[str] = []
    with new_page(browser) as page:
        page.goto(reviewed.url + "/editor")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        page.fill("#f-author", "Aki")
        for post_text in SEED_CARDS.values():
            page.fill("#forum", post_text)  # exactly as the seed wraps it
            before = page.evaluate("document.body.dataset.checked || ''")
            page.click("#read")
            page.wait_for_function(f"(document.body.dataset.checked || '') !== '{before}'", timeout=STEP_TIMEOUT_MS)
            before = page.evaluate("document.body.dataset.checked")
            page.fill("#f-name", page.input_value("#f-name") + "・写し")  # the shipped card has its name
            page.wait_for_function(f"document.body.dataset.checked !== '{before}'", timeout=STEP_TIMEOUT_MS)
            errors = [e for e in page.locator(".field-error").all_text_contents() if e]
            assert page.evaluate("document.body.dataset.valid") == "1", errors
            previous = page.evaluate("document.body.dataset.saved || ''")
            page.click("#save")
            page.wait_for_function(f"(document.body.dataset.saved || '') !== '{previous}'", timeout=STEP_TIMEOUT_MS)
            saved.append(page.evaluate("document.body.dataset.saved"))
    # proposals are out of the pool until the owner approves them (要協議)
    assert len(set(saved)) == 3 and not set(saved) & pool(reviewed)
    with new_page(browser, locale="en-GB") as page:
        page.goto(reviewed.url + "/review")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        page.fill("#token", OWNER)
        page.click("#token-form button")
        for card_id in saved:
            page.click(f"li.review-card[data-id='{card_id}'] button.approve", timeout=STEP_TIMEOUT_MS)
            page.wait_for_selector(f"li.review-card[data-id='{card_id}'] button.approve", state="detached",
                                   timeout=STEP_TIMEOUT_MS)
        page.wait_for_selector("#proposals li.muted", timeout=STEP_TIMEOUT_MS)
    assert set(saved) <= pool(reviewed)  # approved: offered to everyone
    deck = {"game": "chant", "name": "写しの火", "author": "Aki", "text": DECK, "lang": "en"}
    status, body = post(reviewed, "/api/decks/save", deck)
    assert status == 201 and body["problems"] == [], body
    with new_page(browser) as page:
        page.goto(reviewed.url + "/")
        page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        page.check("input[name=game][value=chant]")
        page.wait_for_selector("#mine-starter option[value='saved:写しの火']", state="attached",
                               timeout=STEP_TIMEOUT_MS)
        page.select_option("#mine-starter", "saved:写しの火")
        page.select_option("#level", "easy")
        page.click("#create")
        page.wait_for_selector("#created:not([hidden]) .link-row.seat0", timeout=STEP_TIMEOUT_MS)
        href = str(page.get_attribute(".link-row.seat0 .open-link", "href"))
        page.goto(reviewed.url + href)
        page.wait_for_selector(".player-zone.me", timeout=STEP_TIMEOUT_MS)
        for step in range(4000):
            page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
            if page.evaluate("document.body.dataset.finished") == "1":
                break
            click_option(page, step)
        else:
            raise AssertionError("the game did not finish")
        assert any(w in (page.text_content("#result") or "") for w in ("勝ち", "負け", "引き分け"))
        game_id, token = href.split("/g/", 1)[1].split("#seat=", 1)
        with urllib.request.urlopen(f"{reviewed.url}/api/games/{game_id}/record?seat={token}") as res:
            record = res.read().decode("utf-8")
        assert all(f'"{card_id}"' in record for card_id in saved)  # the game was played with the seed's cards
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "seed_cards_played.png"), full_page=True)
