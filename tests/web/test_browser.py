"""End to end in a real headless Chromium against a real server process (rules W2, W5, W7, W8).

Needs Playwright for Python and Debian's ``chromium`` (``/usr/bin/chromium``; the
browser is never downloaded). Locally the tests skip with the reason when either is
missing; in CI (``CI`` set) a missing browser fails them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import wait_for_server

from browser_helpers import ARGS, CHROMIUM, require_browser

STEP_TIMEOUT_MS = 30_000


def _require_browser() -> None:
    require_browser("browser tests")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ``grimoire serve`` (``python -m grimoire.web``) has no option for the computer's pace: start the
# server through the function it runs, with the computer answering at once.
LAUNCH = ("import sys; from pathlib import Path; from grimoire.web.server import serve; "
          "serve(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]), ai_delay=0)")


class Server:
    """The web server (:func:`grimoire.web.server.serve`) on a loopback port, with kill and restart."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, "127.0.0.1", str(self.port), str(self.db)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_server(self.proc, self.url, 30)

    def kill(self) -> None:
        """Kill the process outright (no clean shutdown), as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    _require_browser()
    srv = Server(tmp_path / "grimoire.db")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


@contextlib.contextmanager
def new_page(browser: Any, enforce_csp: bool = False, locale: str = "ja-JP") -> Iterator[Any]:
    """A page of a browser set to ``locale`` (the pages follow its language until the user picks one);
    Playwright's own ``wait_for_function`` evaluates strings, which the server's
    Content-Security-Policy forbids, so only ``enforce_csp`` pages keep the policy (and fail on any
    violation the application itself causes)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=not enforce_csp,
                                  locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and "Content Security Policy" in msg.text else None)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


def test_w9_lobby_and_table_work_under_the_content_security_policy(server, browser):
    """No inline script or style, no eval: the pages run with the policy the server sends."""
    with new_page(browser, enforce_csp=True) as page:
        response = page.goto(server.url + "/")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector("body[data-ready='1']")
        page.check("input[name=game][value=chant]")
        page.click("#create")
        page.wait_for_selector("#created:not([hidden]) .seat0 a")
        page.click("#created .seat0 a")
        page.wait_for_selector(".player-zone.me")
        page.wait_for_selector("#decision button, body[data-conn='up']")


READY = """() => document.body.dataset.finished === '1'
                 || (document.body.dataset.pending === '1' && !document.body.dataset.busy)"""


def create_in_lobby(page: Any, server: Server, game: str, opponent: str = "ai") -> dict[str, str]:
    """Fill the lobby form and create a game; returns the links shown."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.check(f"input[name=game][value={game}]")
    page.check(f"input[name=opponent][value={opponent}]")
    if opponent == "ai":
        page.select_option("#level", "easy")
    else:  # the host fixes the friend's deck (the friend choosing it: tests/web/test_lobby_history_browser.py)
        page.uncheck("#friend-picks")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden]) .link-row.seat0")
    links = {"seat0": page.get_attribute(".link-row.seat0 .open-link", "href"),
             "spectator": page.get_attribute(".link-row.spectator .open-link", "href")}
    if opponent == "friend":
        links["seat1"] = page.get_attribute(".link-row.seat1 .open-link", "href")
    return {k: server.url + v for k, v in links.items() if v}


# a decision on screen whose options can be clicked, or the end of the game
OPTIONS_READY = """() => document.body.dataset.finished === '1'
  || (document.body.dataset.pending === '1' && !document.body.dataset.busy
      && document.querySelector('#decision button.option:not([disabled])') !== null)"""


def click_option(page: Any, step: int) -> None:
    """Answer by clicking: mostly the first option, every third time the last (often pass/end).

    Auto-pass may answer a single option between reading the page and the click, and that answer may
    end the game: a click that finds no button is fine when the page has moved on meanwhile."""
    page.wait_for_function(OPTIONS_READY, timeout=STEP_TIMEOUT_MS)
    if page.evaluate("document.body.dataset.finished") == "1":
        return
    seq = page.evaluate("document.body.dataset.seq")
    buttons = page.locator("#decision button.option")
    try:
        (buttons.last if step % 3 == 2 else buttons.first).click(timeout=5_000)
    except Exception:
        moved = page.evaluate("document.body.dataset.finished === '1' || document.body.dataset.seq !== "
                              f"'{seq}'")
        if not moved:
            state = page.evaluate("({...document.body.dataset, decision: document.getElementById('decision')"
                                  ".innerHTML.slice(0, 300)})")
            raise AssertionError(f"no option could be clicked: {state}") from None


def click_a_card(page: Any, tries: int = 200) -> bool:
    """Answer once by clicking a card an option refers to (or the option it highlights)."""
    for step in range(tries):
        page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
        if page.evaluate("document.body.dataset.finished") == "1":
            return False
        if page.locator("#board .card.choosable").count() == 0:
            click_option(page, step)
            continue
        seq = page.evaluate("document.body.dataset.seq")
        page.locator("#board .card.choosable").first.click()
        if page.locator("#decision button.option.hl").count() > 0:  # several options name this card
            page.locator("#decision button.option.hl").first.click()
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=STEP_TIMEOUT_MS)
        return True
    return False


def play_until_finished(page: Any, max_steps: int = 4000) -> int:
    for step in range(max_steps):
        page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
        if page.evaluate("document.body.dataset.finished") == "1":
            return step
        click_option(page, step)
    raise AssertionError(f"the game did not finish in {max_steps} answers")


@pytest.mark.parametrize("game", ["chant", "destiny"])
def test_w6_a_whole_game_against_the_computer_by_clicking_then_its_replay(server, browser, game):
    with new_page(browser) as page:
        links = create_in_lobby(page, server, game)
        page.goto(links["seat0"])
        page.wait_for_selector(".player-zone.me")
        assert click_a_card(page), "no option could be answered by clicking its card"
        play_until_finished(page)
        result = page.text_content("#result")
        assert result and any(word in result for word in ("勝ち", "負け", "引き分け"))
        # the finished game opens its replay: step back and forward
        page.click("#to-replay")
        page.wait_for_selector("#replay:not([hidden])")
        page.wait_for_function("document.body.dataset.replayStep !== undefined")
        last = int(page.evaluate("document.body.dataset.replayStep"))
        assert last > 0
        page.click("#rp-prev")
        page.wait_for_function(f"document.body.dataset.replayStep === '{last - 1}'")
        page.click("#rp-first")
        page.wait_for_function("document.body.dataset.replayStep === '0'")
        page.click("#rp-next")
        page.wait_for_function("document.body.dataset.replayStep === '1'")
        assert page.locator("#board .player-zone").count() == 2
    # a spectator opening the finished game lands in the replay view at the last step
    with new_page(browser) as watcher:
        watcher.goto(links["spectator"])
        watcher.wait_for_function(f"document.body.dataset.replayStep === '{last}'")
        assert watcher.text_content("#seat-badge") == "観戦中"


def test_w2_two_browsers_play_a_friend_game_to_the_end(server, browser):
    with new_page(browser) as lobby:
        links = create_in_lobby(lobby, server, "destiny", opponent="friend")
    with new_page(browser) as p0, new_page(browser) as p1:
        p0.goto(links["seat0"])
        p1.goto(links["seat1"])
        pages = (p0, p1)
        for p in pages:
            # answers by clicking only: with auto-pass on, a single option could be answered between reading the
            # page and the click, which would then wait for a button the other seat's turn has taken away
            p.evaluate("localStorage.setItem('grimoire.autopass', '0')")
            p.reload()
            p.wait_for_selector(".player-zone.me")
        step = 0
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            states = [p.evaluate("[document.body.dataset.finished, document.body.dataset.pending, "
                                 "document.body.dataset.busy || '']") for p in pages]
            if all(s[0] == "1" for s in states):
                break
            acted = False
            for p, (_, pending, busy) in zip(pages, states, strict=True):
                if pending == "1" and not busy:
                    assert p.locator("#decision button.option").count() > 0
                    click_option(p, step)
                    step += 1
                    acted = True
            if not acted:
                p0.wait_for_timeout(20)
        else:
            raise AssertionError("the friend game did not finish")
        # both see the same result, each from their own side
        r0, r1 = p0.text_content("#result") or "", p1.text_content("#result") or ""
        sides = {("あなたの勝ち", "あなたの負け"), ("あなたの負け", "あなたの勝ち"), ("引き分け", "引き分け")}
        assert any(a in r0 and b in r1 for a, b in sides), (r0, r1)


def settled_board(page: Any) -> str:
    """The board's HTML once the table's motion (js/motion.js: change markers, ghosts) has ended."""
    page.wait_for_function("!document.querySelector('.motion-delta, .motion-ghost') && "
                           "document.getAnimations().length === 0", timeout=STEP_TIMEOUT_MS)
    return str(page.inner_html("#board"))


def test_w5_kill_the_server_mid_game_restart_and_the_game_goes_on(server, browser):
    with new_page(browser) as page:
        links = create_in_lobby(page, server, "chant")
        page.goto(links["seat0"])
        page.wait_for_selector(".player-zone.me")
        for step in range(6):
            page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
            if page.evaluate("document.body.dataset.finished") == "1":
                break
            click_option(page, step)
        page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
        seq = page.evaluate("document.body.dataset.seq")
        board = settled_board(page)
        server.kill()
        page.wait_for_function("document.body.dataset.conn === 'down'", timeout=STEP_TIMEOUT_MS)
        server.start()
        # the page reconnects by itself with its seat link (client-side backoff)
        page.wait_for_function("document.body.dataset.conn === 'up'", timeout=STEP_TIMEOUT_MS)
        page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.seq") == seq
        assert settled_board(page) == board
        page.reload()
        page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.seq") == seq
        assert settled_board(page) == board
        play_until_finished(page)


def test_w8_the_lobby_shows_deck_errors_with_their_line_and_speaks_english(server, browser):
    with new_page(browser) as page:
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.check("input[name=game][value=chant]")
        page.check("input[name=mine-mode][value=text]")
        page.fill("#mine-text", "name: test\n3 火球\n2 存在しないカード\n")
        page.click("#create")
        page.wait_for_function("document.querySelector('#mine-status').textContent.includes('3行目')")
        assert "存在しないカード" in (page.text_content("#mine-status") or "")
        page.click(".lang-switch button[data-lang=en]")
        assert page.text_content("#create") == "Create game"
        page.fill("#mine-text", "3 Fireball\n")
        page.wait_for_function("document.querySelector('#mine-status').textContent.includes('40')")
