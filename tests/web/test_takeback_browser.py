"""Taking an answer back in Chromium, between two people: back to a draw and never past it; a request
refused, then accepted; both seats' pages follow.

The game is Chant, seed 4, fire against fire, stored with the first 35 answers of the terminal
test's game (tests/cli/test_cli_undo.py): the 34th (P1 picking a card into their hand, a draw) is
new information for P1, the 35th (P1's) is not. P1 may take back the 35th and no more.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from rich.console import Console
from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page, server  # noqa: F401  (fixtures)

from grimoire.ai.registry import make_agent
from grimoire.cli.play import Session
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.web.games import LiveGames
from grimoire.web.live import stored_setup
from grimoire.web.storage import Store


def terminal_answers(tmp: Path) -> list[str]:
    """The 35 answers of the terminal test's game up to P1's quiet answer after their draw."""
    game = load_game("chant")
    deck = game.cards.starter_deck("fire")
    setup = Setup((deck, deck), game.options({}), 4)
    script = iter(["1"] * 17 + ["q", "y"])
    session = Session(game, setup, "en", (None, make_agent("random", "chant", (deck, deck))),
                      Console(file=io.StringIO(), width=80, height=24, force_terminal=True),
                      read=lambda prompt: next(script), record_path=tmp / "r.json", agent_seed=4)
    session.run()
    answers = list(session.match.answers)
    assert len(answers) == 35
    return answers


def stored_game(srv: Server, answers: list[str]) -> tuple[str, list[str]]:
    """The game stored in the server's database with ``answers`` (the server loads it when first asked)."""
    store = Store(srv.db)
    try:
        games = LiveGames(store, ("chant",))
        deck = games.rules("chant").cards.starter_deck("fire")
        live, tokens = games.create("chant", (deck, deck), ["human", "human"], seed=4)
        for seq, answer in enumerate(answers):
            decision = live.match.decision
            assert decision is not None
            store.append_answer(live.id, decision.player, seq, answer)
            live.match.answer(answer)
    finally:
        store.close()
    return live.id, [f"{srv.url}/g/{live.id}#seat={t}" for t in tokens]


def shoot(page: Any, name: str) -> None:
    """A screenshot to ``GRIMOIRE_SCREENSHOTS`` when it is set."""
    folder = os.environ.get("GRIMOIRE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=False)


def stored_match(srv: Server, game_id: str) -> Match[Any]:
    store = Store(srv.db)
    try:
        stored = store.load_game(game_id)
    finally:
        store.close()
    assert stored is not None
    game = load_game("chant")
    match: Match[Any] = Match(game, stored_setup(game, stored))
    for answer in stored.answers:
        match.answer(answer)
    return match


def test_a_friend_takeback_refused_then_accepted_back_to_the_draw_never_past_it(server, browser, tmp_path):  # noqa: F811
    answers = terminal_answers(tmp_path)
    game_id, links = stored_game(server, answers)
    with new_page(browser, locale="en-US") as p0, new_page(browser, locale="en-US") as p1:
        for page, link in ((p0, links[0]), (p1, links[1])):
            page.goto(link)
            page.wait_for_selector(".player-zone.me")
            page.wait_for_function("document.body.dataset.conn === 'up' && document.body.dataset.seq === '35'")
        p0.wait_for_selector("#takeback:not([hidden])")
        shoot(p0, "takeback-button")
        assert p1.locator("#takeback").is_hidden()  # P2's last answer is behind P1's draw
        p0.click("#takeback")
        p0.wait_for_selector("#takeback-box:not([hidden])")
        assert "Waiting for your opponent" in p0.text_content("#takeback-box")
        p1.wait_for_selector("#takeback-no")
        assert "asks to take back" in p1.text_content("#takeback-box")
        shoot(p1, "takeback-request")
        p1.click("#takeback-no")
        p0.wait_for_function("document.getElementById('takeback-box').textContent.includes('refused')")
        assert p0.evaluate("document.body.dataset.seq") == "35"  # refused: nothing changed
        shoot(p0, "takeback-refused")
        p0.click("#takeback")  # asked again: accepted this time
        p1.click("#takeback-yes", timeout=STEP_TIMEOUT_MS)
        for page in (p0, p1):
            page.wait_for_function("document.body.dataset.seq === '34'", timeout=STEP_TIMEOUT_MS)
        assert p0.evaluate("document.body.dataset.pending") == "1"  # P1 answers the same decision again
        p0.wait_for_selector("#takeback", state="hidden")  # the draw before it: no further
        p1.wait_for_selector("#takeback-box", state="hidden")
        assert stored_match(server, game_id).answers == answers[:34]
    match = stored_match(server, game_id)
    record = GameRecord.from_json(match.record().to_json())
    assert verify(record).ok and len(record.answers) == 34


def test_the_takeback_button_on_a_phone_keeps_the_options_in_view(server, browser, tmp_path):  # noqa: F811
    _, links = stored_game(server, terminal_answers(tmp_path))
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True, has_touch=True,
                                  locale="ja-JP")
    try:
        page = context.new_page()
        page.goto(links[0])
        page.wait_for_selector("#takeback:not([hidden])", timeout=STEP_TIMEOUT_MS)
        assert page.text_content("#takeback") == "直前の選択を取り消す"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for where in (0, 10_000):  # scrolled to the top and to the bottom: options and button stay in view
            page.evaluate(f"window.scrollTo(0, {where})")
            for selector in ("#decision button.option", "#takeback"):
                box = page.locator(selector).first.bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, where, box)
        shoot(page, "takeback-phone")
    finally:
        context.close()
