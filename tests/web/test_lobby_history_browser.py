"""End to end in Chromium: the lobby's language and deck errors, the history page, records and
"play from here" in a replay (see tests/web/test_browser.py for the server and browser set-up)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from server_helpers import Seat, post
from test_browser import READY, STEP_TIMEOUT_MS, Server, browser, new_page, play_until_finished, server  # noqa: F401

from grimoire.core.records import GameRecord
from grimoire.core.replay import verify
from grimoire.core.rng import Chance

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def finished_game(srv: Server, game: str = "chant", seed: int = 5) -> dict[str, Any]:
    """A game against the computer, answered at random over a socket until it ends; its creation answer."""
    status, data = post(srv, "/api/games", {"game": game, "deck": {"starter": "fire" if game == "chant" else
                                                                       "spirit_festival"},
                                                "opponent": {"kind": "ai", "level": "easy"}})
    assert status == 201, data
    seat = Seat(srv, data["id"], data["links"]["seats"][0].split("#seat=", 1)[1])  # type: ignore[arg-type]
    chance = Chance.seeded(seed)
    answered = -1
    try:
        while seat.last["outcome"] is None:
            decision = seat.last["decision"]
            if decision is not None and decision["seq"] != answered:
                answered, _ = seat.answer(chance)
                time.sleep(0.06)  # within the server's socket rate limit (20 messages a second)
            seat.recv()
    finally:
        seat.close()
    return data


def test_the_first_visit_follows_the_browsers_language_then_the_choice_is_remembered(server, browser):  # noqa: F811
    with new_page(browser, locale="fr-FR") as page:  # neither Japanese nor English: English
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        assert page.text_content("#create") == "Create game"
        assert page.evaluate("document.documentElement.lang") == "en"
        page.click(".lang-switch button[data-lang=ja]")
        assert page.text_content("#create") == "ゲームを作る"
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        assert page.text_content("#create") == "ゲームを作る"  # the choice outlives the browser's language
    with new_page(browser, locale="en-GB") as page:
        page.goto(server.url + "/history")
        page.wait_for_selector("body[data-ready='1']")
        assert page.text_content(".history-main h2") == "Finished games"
    with new_page(browser, locale="ja-JP") as page:
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        assert page.text_content("#create") == "ゲームを作る"


def test_the_lobby_lists_every_deck_problem_in_english_and_scrolls_to_the_first(server, browser):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    good = ["name: long list"] + ["1 Fireball"] * 24
    text = "\n".join([*good, "3 Firebal", "2 Nothing At All", "oops"]) + "\n"
    with new_page(browser, locale="en-US") as page:
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.check("input[name=game][value=chant]")
        page.check("input[name=mine-mode][value=text]")
        page.fill("#mine-text", text)
        page.click("#create")
        page.wait_for_selector("#mine-status .deck-problem")
        items = page.locator("#mine-status .deck-problem").all_text_contents()
        assert len(items) >= 4, items  # copies, the misspelling, the unknown card, the syntax, the size
        joined = "\n".join(items)
        assert "line 26" in joined and "did you mean 'Fireball'?" in joined
        assert "line 27" in joined and "Nothing At All" in joined and "line 28" in joined
        assert not any(ord(ch) > 0x3000 for ch in joined if ch not in "「」")  # English page: no Japanese text
        assert "problem" in (page.text_content("#mine-status .deck-problems-head") or "")
        first_line = int(page.get_attribute("#mine-status .deck-problem[data-line]", "data-line") or 0)
        start = page.evaluate("document.querySelector('#mine-text').selectionStart")
        assert start == len("\n".join(text.split("\n")[:first_line - 1])) + 1
        assert page.evaluate("document.querySelector('#mine-text').scrollTop") > 0  # the bad line is in view
        page.screenshot(path=str(SHOTS / "lobby-deck-problems-en.png"))
        page.locator("#mine-status .deck-problem[data-line='28']").click()
        assert page.evaluate("document.querySelector('#mine-text').selectionStart") == text.index("oops")
        # the same list checked again (the typing check landing late) keeps the player's selection
        with page.expect_response("**/api/decks/check"):
            page.dispatch_event("#mine-text", "input")
        page.wait_for_timeout(300)
        assert page.evaluate("document.querySelector('#mine-text').selectionStart") == text.index("oops")
        page.click(".lang-switch button[data-lang=ja]")  # the problems are shown again in Japanese
        page.wait_for_function("document.querySelector('#mine-status').textContent.includes('26行目')")
        assert "もしかして" in (page.text_content("#mine-status") or "")


def test_the_history_lists_a_finished_game_with_its_record_and_replay_and_play_from_here(server, browser,  # noqa: F811
                                                                                        tmp_path: Path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    data = finished_game(server)
    with new_page(browser, locale="en-US") as page:
        page.goto(server.url + "/history")
        page.wait_for_selector("body[data-ready='1']")
        row = page.locator(".history-row")
        assert row.count() == 1
        cells = row.first.locator("td").all_text_contents()
        assert "Chant" in cells[1] and "computer (Easy)" in cells[2] and ("won" in cells[4] or "Draw" in cells[4])
        assert int(cells[5]) > 0
        page.screenshot(path=str(SHOTS / "history-en.png"))
        with page.expect_download() as info:
            page.click(".download-record")
        saved = tmp_path / "record.json"
        info.value.save_as(saved)
        record = GameRecord.load(saved)
        assert verify(record).ok and record.meta["server_game"] == data["id"]
        assert len(record.answers) == int(cells[5])
        # the replay, as a spectator: step to the middle and play it as P1 against the computer
        page.click(".open-replay")
        page.wait_for_selector("#replay:not([hidden])")
        page.wait_for_selector("#branch:not([hidden]) .branch-here")
        assert page.locator("#branch .branch-here").count() == 2  # a spectator picks the seat
        middle = len(record.answers) // 2
        page.eval_on_selector("#replay-range", "(r, v) => { r.value = v; r.dispatchEvent(new Event('change')); }",
                              str(middle))
        page.wait_for_function(f"document.body.dataset.replayStep === '{middle}'")
        page.screenshot(path=str(SHOTS / "replay-play-from-here-en.png"))
        page.click("#branch .branch-here[data-seat='0']")
        page.wait_for_url("**/g/*#seat=*")
        page.wait_for_selector(".player-zone.me")
        new_id = page.url.split("/g/", 1)[1].split("#", 1)[0]
        assert new_id != data["id"]
        summary = json.loads(page.evaluate(f"fetch('/api/games/{new_id}').then(r => r.text())"))
        assert summary["seats"] == ["human", "ai:normal"]
        page.screenshot(path=str(SHOTS / "branched-game-en.png"))
        play_until_finished(page)
        res = page.evaluate(f"fetch('/api/games/{new_id}/record').then(r => r.text())")
        branched = GameRecord.from_json(json.loads(res))
        assert branched.branch is not None and branched.branch.prefix == tuple(record.answers[:middle])
        assert verify(branched).ok


def test_play_from_here_in_a_seats_own_replay_starts_a_game_for_that_seat(server, browser):  # noqa: F811
    data = finished_game(server, "destiny", seed=9)
    with new_page(browser) as page:
        page.goto(server.url + data["links"]["seats"][0])
        page.wait_for_selector("#branch:not([hidden]) .branch-here")
        assert page.locator("#branch .branch-here").count() == 1
        assert page.text_content("#branch .branch-here") == "ここから対戦"
        page.click("#rp-first")
        page.wait_for_function("document.body.dataset.replayStep === '0'")
        page.click("#rp-next")
        page.wait_for_function("document.body.dataset.replayStep === '1'")
        page.click("#branch .branch-here")
        page.wait_for_url("**/g/*#seat=*")
        page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
        assert "P1" in (page.text_content("#seat-badge") or "")


def test_a_friend_on_another_browser_chooses_their_own_deck_then_both_play(server, browser):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    with new_page(browser) as host, new_page(browser, locale="en-GB") as friend:
        host.goto(server.url + "/")
        host.wait_for_selector("body[data-ready='1']")
        host.check("input[name=game][value=chant]")
        host.check("input[name=opponent][value=friend]")
        assert host.is_checked("#friend-picks") and host.is_hidden("#deck-theirs")
        host.click("#create")
        host.wait_for_selector("#created:not([hidden]) .link-row.seat1")
        links = [host.get_attribute(f".link-row.{row} .open-link", "href") for row in ("seat0", "seat1")]
        assert all(link and "/join/" in link for link in links)
        host.goto(server.url + str(links[0]))
        host.wait_for_selector("#join-wait:not([hidden])")
        friend.goto(server.url + str(links[1]))
        friend.wait_for_selector("#join-form:not([hidden])")
        assert friend.text_content("#join") == "Join" and "Book of Fire" in (friend.text_content("#join-host") or "")
        friend.check("input[name=mine-mode][value=text]")
        friend.fill("#mine-text", "3 Fireball\n2 Ice Lanse\n")
        friend.click("#join")
        friend.wait_for_selector("#mine-status .deck-problem")
        problems = friend.locator("#mine-status .deck-problem").all_text_contents()
        assert any("did you mean 'Ice Lance'" in p for p in problems) and len(problems) >= 2, problems
        friend.screenshot(path=str(SHOTS / "join-deck-problems-en.png"))
        friend.check("input[name=mine-mode][value=starter]")
        friend.select_option("#mine-starter", "science")
        friend.click("#join")
        friend.wait_for_url("**/g/*#seat=*")
        friend.wait_for_selector(".player-zone.me")
        host.wait_for_url("**/g/*#seat=*", timeout=STEP_TIMEOUT_MS)  # the waiting host goes to the table too
        host.wait_for_selector(".player-zone.me")
        assert host.url.split("#")[0] == friend.url.split("#")[0]
        assert "P1" in (host.text_content("#seat-badge") or "") and "P2" in (friend.text_content("#seat-badge") or "")
        friend.screenshot(path=str(SHOTS / "friend-table-en.png"))
        # each seat shows whether the other player is connected
        host.wait_for_selector("#peer[data-present='1']", timeout=STEP_TIMEOUT_MS)
        friend.wait_for_selector("#peer[data-present='1']", timeout=STEP_TIMEOUT_MS)
        assert host.text_content("#peer") == "● 相手は接続中"
        assert friend.text_content("#peer") == "● Opponent connected"
        host.screenshot(path=str(SHOTS / "friend-table-host-ja.png"))
        friend.close()
        host.wait_for_selector("#peer[data-present='0']", timeout=STEP_TIMEOUT_MS)
        assert host.text_content("#peer") == "● 相手は未接続"


def test_rule_2_3_the_lobby_lets_the_computer_pick_its_own_set_up(server, browser):  # noqa: F811
    with new_page(browser, locale="en-GB") as page:
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.check("input[name=game][value=destiny]")
        assert not page.is_checked("#ai-setup") and page.is_visible("#ai-setup")
        assert "its deck's" in (page.text_content("#ai-setup-label") or "")
        page.check("input[name=opponent][value=friend]")
        assert page.is_hidden("#ai-setup-label")  # a friend plays their own deck's choices
        page.check("input[name=opponent][value=ai]")
        page.check("#ai-setup")
        with page.expect_request("**/api/games") as request:
            page.click("#create")
        assert json.loads(request.value.post_data or "{}")["opponent"]["setup"] == "own"
        page.wait_for_selector("#created:not([hidden])")
