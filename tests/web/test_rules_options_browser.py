"""In Chromium: the lobby offers every rules option with its description and rule link, and what the
creator chooses reaches the game, its table's rules line and its record (tests/web/test_browser.py
for the server and browser set-up)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from test_browser import STEP_TIMEOUT_MS, browser, new_page, server  # noqa: F401

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def test_rules_options_chosen_in_the_lobby_reach_the_table_and_the_game(server, browser):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    with new_page(browser, locale="en-US") as page:
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.check("input[name=game][value=destiny]")
        page.wait_for_selector("#rules-options[data-ready='1'] #opt-starting_threads", state="attached")
        page.check("input[name=game][value=chant]")
        page.wait_for_selector("#opt-runaway_threshold", state="attached")
        assert page.locator("#rules-options .option-row").count() == 9  # every option but the first player
        page.click(".rules-variants summary")
        help_line = page.text_content("#option-starting_life .option-help") or ""
        assert "life at setup" in help_line
        assert (page.get_attribute("#option-starting_life .option-rule", "href") or "").endswith("#r-1.6.1")
        page.fill("#opt-starting_life", "7")
        page.dispatch_event("#opt-starting_life", "change")
        page.select_option("#first-player", "1")
        assert "1 changed" in (page.text_content("#rules-options-count") or "")
        page.screenshot(path=str(SHOTS / "lobby-rules-options.png"), full_page=True)
        page.select_option("#level", "easy")
        page.click("#create")
        page.wait_for_selector("#created:not([hidden]) .link-row.seat0")
        link = server.url + (page.get_attribute(".link-row.seat0 .open-link", "href") or "")
        game_id = link.split("/g/", 1)[1].split("#", 1)[0]
        page.goto(link)
        page.wait_for_selector("#rules-shown[data-ready='1']", timeout=STEP_TIMEOUT_MS)
        shown = page.text_content("#rules-shown") or ""
        assert "first player P2" in shown and "starting_life = 7" in shown
        assert (page.get_attribute("#rules-shown a.rules-option >> nth=1", "href") or "").endswith("#r-1.6.1")
        page.screenshot(path=str(SHOTS / "table-rules-shown.png"))
        page.click(".lang-switch button[data-lang=ja]")
        page.wait_for_function("() => document.getElementById('rules-shown').textContent.includes('先攻 P2')")
    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}") as res:
        stored = json.loads(res.read())["options"]
    assert stored["starting_life"] == 7 and stored["first_player"] == "1"  # the record too: test_rules_options.py
