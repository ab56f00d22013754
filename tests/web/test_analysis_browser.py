"""The analysis board in Chromium: from a replay step of a finished game (as a spectator and from a seat's
own link), and at a person's own decision in a game against the computer."""

from __future__ import annotations

from pathlib import Path

from server_helpers import post
from test_browser import READY, STEP_TIMEOUT_MS, browser, new_page, server  # noqa: F401  (fixtures)
from test_lobby_history_browser import finished_game

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
DONE = "['1', 'error'].includes(document.getElementById('analysis-out').dataset.done)"


def test_a_replay_step_is_analysed_with_every_option_and_refined_as_it_thinks(server, browser):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    data = finished_game(server, "chant", seed=3)
    with new_page(browser, locale="en-US") as page:
        page.goto(server.url + f"/g/{data['id']}")  # a spectator: the game is over, its record is public
        page.wait_for_selector("#replay:not([hidden])")
        page.wait_for_selector("#analysis:not([hidden])")
        page.eval_on_selector("#replay-range", "(r, v) => { r.value = v; r.dispatchEvent(new Event('change')); }",
                              "6")
        page.wait_for_function("document.body.dataset.replayStep === '6'")
        page.select_option("#analysis-seconds", "2")
        page.click("#analysis-go")
        page.wait_for_function(DONE, timeout=STEP_TIMEOUT_MS)
        assert page.get_attribute("#analysis-out", "data-done") == "1", page.text_content("#analysis-out")
        rows = page.locator("#analysis-out tbody tr")
        assert rows.count() >= 1
        assert page.locator("#analysis-out tbody tr.best").count() == 1
        assert "Read from what P" in page.text_content("#analysis-out")
        assert page.get_attribute("#analysis-out", "data-step") == "6"
        rates = page.locator("#analysis-out td.num").all_text_contents()
        assert any(r.endswith("%") for r in rates)
        page.screenshot(path=str(SHOTS / "analysis-replay-en.png"))
        page.click("#rp-next")  # another step: the old answer goes away
        page.wait_for_function("document.getElementById('analysis-out').hidden")


def test_a_person_analyses_their_own_decision_against_the_computer_in_japanese(server, browser):  # noqa: F811
    status, data = post(server, "/api/games", {"game": "destiny", "deck": {"starter": "spirit_festival"},
                                               "opponent": {"kind": "ai", "level": "easy"}})
    assert status == 201, data
    with new_page(browser) as page:
        page.goto(server.url + data["links"]["seats"][0])
        page.evaluate("localStorage.setItem('grimoire.autopass', '0')")
        page.reload()
        page.wait_for_function(READY, timeout=STEP_TIMEOUT_MS)
        page.wait_for_selector("#analysis:not([hidden])")
        assert page.text_content("#analysis-go") == "解析する"
        page.select_option("#analysis-seconds", "2")
        page.click("#analysis-go")
        page.wait_for_function(DONE, timeout=STEP_TIMEOUT_MS)
        assert page.get_attribute("#analysis-out", "data-done") == "1", page.text_content("#analysis-out")
        options = page.locator("#decision button.option").count()
        assert page.locator("#analysis-out tbody tr").count() == options
        assert "から見える情報だけで読みました" in page.text_content("#analysis-out")
        page.screenshot(path=str(SHOTS / "analysis-live-ja.png"))


def test_a_game_between_people_offers_no_analysis_while_it_is_played(server, browser):  # noqa: F811
    status, data = post(server, "/api/games", {"game": "chant", "deck": {"starter": "fire"},
                                               "opponent": {"kind": "friend", "deck": {"starter": "science"}}})
    assert status == 201, data
    with new_page(browser) as page:
        page.goto(server.url + data["links"]["seats"][0])
        page.wait_for_selector(".player-zone.me")
        page.wait_for_timeout(500)  # the summary has been read: the box stays hidden
        assert page.locator("#analysis").is_hidden()
