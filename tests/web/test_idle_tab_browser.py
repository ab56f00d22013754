"""An idle tab counts as absent, in Chromium: two players of an untimed friend game; the page of the player to
move is hidden (the Page Visibility API, emulated), then shown again, then left unused — the other page shows
the player away, present again, and finally may claim the win (grimoire.web.table, static/js/idle.js)."""

from __future__ import annotations

import json
import sys
import urllib.request
from typing import Any

from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page  # noqa: F401  (fixture)
from test_takeback_browser import shoot

#: The policy's seconds in this test: long enough for a page's steps, short enough to wait for.
IDLE_S = 12
LAUNCH = ("import sys; from pathlib import Path; from grimoire.web.server import serve; "
          "from grimoire.web.limits import Limits; "
          f"serve(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]), ai_delay=0, limits=Limits(idle_claim={IDLE_S}))")


class IdleServer(Server):
    """The web server with a short ``idle_claim``."""

    def start(self) -> None:
        import subprocess

        from test_browser import wait_for_server

        self.proc = subprocess.Popen([sys.executable, "-c", LAUNCH, "127.0.0.1", str(self.port), str(self.db)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_server(self.proc, self.url, 30)


WORDS = {
    "ja": {"away": "● 相手は画面を離れています", "here": "● 相手は接続中", "claim": "相手が席を離れています",
           "win": "あなたの勝ち"},
    "en": {"away": "● Opponent is away from the page", "here": "● Opponent connected", "claim": "Your opponent is away",
           "win": "You win"},
}


def friend_game(srv: Server) -> list[str]:
    body = {"game": "chant", "deck": {"starter": "fire"}, "opponent": {"kind": "friend", "deck": {"starter": "fire"}}}
    req = urllib.request.Request(f"{srv.url}/api/games", json.dumps(body).encode(), {
        "Content-Type": "application/json", "Origin": srv.url})
    with urllib.request.urlopen(req, timeout=30) as res:
        links: list[str] = json.load(res)["links"]["seats"]
    return [link if link.startswith("http") else srv.url + link for link in links]


def set_hidden(page: Any, hidden: bool) -> None:
    """Emulate the page being hidden or shown again (a headless page is always visible)."""
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
        Object.defineProperty(document, "visibilityState", { configurable: true,
                                                             get: () => hidden ? "hidden" : "visible" });
        document.dispatchEvent(new Event("visibilitychange"));
    }""", hidden)


def test_a_hidden_then_unused_page_counts_as_absent_and_a_shown_page_as_present(tmp_path, browser):  # noqa: F811
    srv = IdleServer(tmp_path / "grimoire.db")
    srv.start()
    try:
        links = friend_game(srv)
        with new_page(browser, locale="ja-JP") as p0, new_page(browser, locale="en-US") as p1:
            for page, link in ((p0, links[0]), (p1, links[1])):
                page.goto(link)
                page.wait_for_function("document.body.dataset.conn === 'up'", timeout=STEP_TIMEOUT_MS)
            mover, other = (p0, p1) if p0.evaluate("document.body.dataset.pending") == "1" else (p1, p0)
            ja = other is p0  # the other player's page speaks Japanese or English
            words = WORDS["ja" if ja else "en"]
            other.wait_for_selector("#peer[data-present='1']", timeout=STEP_TIMEOUT_MS)
            assert other.locator("#claim").is_hidden()

            set_hidden(mover, True)  # another tab: away at once
            other.wait_for_selector("#peer[data-present='0']", timeout=STEP_TIMEOUT_MS)
            assert other.text_content("#peer") == words["away"]
            other.wait_for_selector("#claim-win", timeout=STEP_TIMEOUT_MS)
            assert words["claim"] in other.text_content("#claim")
            shoot(other, "idle-tab-away")

            set_hidden(mover, False)  # back: present again, no claim
            other.wait_for_selector("#peer[data-present='1']", timeout=STEP_TIMEOUT_MS)
            other.wait_for_selector("#claim", state="hidden", timeout=STEP_TIMEOUT_MS)
            assert other.text_content("#peer") == words["here"]
            shoot(other, "idle-tab-back")

            # left open and unused for the policy's time: away again, and the win may be claimed at once
            other.wait_for_selector("#peer[data-present='0']", timeout=(IDLE_S + 10) * 1000)
            other.wait_for_selector("#claim-win:not([disabled])", timeout=STEP_TIMEOUT_MS)
            shoot(other, "idle-tab-claim")
            other.click("#claim-win")
            for page in (other, mover):
                page.wait_for_function("document.getElementById('result').textContent.includes('win claimed') || "
                                       "document.getElementById('result').textContent.includes('勝利の申し立て')",
                                       timeout=STEP_TIMEOUT_MS)
            assert words["win"] in other.text_content("#result")
            shoot(mover, "idle-tab-lost")
    finally:
        srv.stop()
