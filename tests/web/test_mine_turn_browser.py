"""Play by post in Chromium (issue 31 item 3): "Mine" lists each game with whose move it is, since when
(relative: "2 日前から") and, with days per move, the deadline. The browsers' clocks are moved two days on
(the server's stays), as when a player looks in on a game by post."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import post
from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page, server

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
LATER = "const realNow = Date.now; Date.now = () => realNow() + (2 * 86400 + 3600) * 1000;"


def test_mine_says_whose_move_since_when_and_the_deadline_of_a_game_by_post(server: Server, browser: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    status, game = post(server, "/api/games", {"game": "chant", "deck": {"starter": "fire"}, "clock": "3d",
                                               "opponent": {"kind": "friend", "deck": {"starter": "science"}}})
    assert status == 201, game
    links = game["links"]["seats"]
    row = f"#my-games li[data-id='{game['id']}']"
    with new_page(browser) as host, new_page(browser) as friend:
        for page, link in ((host, links[0]), (friend, links[1])):
            page.goto(server.url + link)  # the table remembers the seat link of this browser
            page.wait_for_function(f"() => (localStorage.getItem('grimoire.recent') || '').includes('{game['id']}')",
                                   timeout=STEP_TIMEOUT_MS)
            page.add_init_script(LATER)
            page.goto(server.url + "/mine")
            page.wait_for_selector(f"{row}[data-turn]", timeout=STEP_TIMEOUT_MS)
        turns = sorted(page.get_attribute(row, "data-turn") for page in (host, friend))
        assert turns == ["theirs", "yours"]
        mover = host if host.get_attribute(row, "data-turn") == "yours" else friend
        other = friend if mover is host else host
        assert mover.inner_text(f"{row} .turn strong") == "あなたの番"
        assert other.inner_text(f"{row} .turn strong") == "相手の番"
        for page in (mover, other):
            assert page.inner_text(f"{row} .since") == "2 日前から"
            assert page.inner_text(f"{row} .deadline").startswith("期限 22 時間後（")
        mover.screenshot(path=str(SHOTS / "mine-your-move-ja.png"))
        mover.click(".lang-switch button[data-lang=en]")
        mover.wait_for_function(f"() => document.querySelector(\"{row} .turn strong\").textContent === 'your move'")
        assert mover.inner_text(f"{row} .since") == "since 2 days ago"
        assert mover.inner_text(f"{row} .deadline").startswith("due in 22 hours (")
        mover.screenshot(path=str(SHOTS / "mine-your-move-en.png"))
