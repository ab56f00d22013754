"""The page "Mine" (/mine) in headless Chromium (issue 29 item 5): the recovery code is shown and can be
copied; entered on another browser it owns the same saved decks there, which it may withdraw; the
games whose seat links a browser holds are listed, and a finished game between people goes on the
public history only once both players tick "show"."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from server_helpers import Seat, post
from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page, server

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser


def open_mine(page: Any, srv: Server) -> str:
    page.goto(srv.url + "/mine")
    page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
    code: str = page.input_value("#code")
    return code


def test_w9_the_recovery_code_moves_ownership_to_another_browser(server: Server, browser: Any) -> None:
    with new_page(browser, locale="en-GB") as first, new_page(browser, locale="en-GB") as second:
        code = open_mine(first, server)
        assert len(code) >= 24 and first.locator("#my-decks").inner_text() == "None yet"
        status, body = post(server, "/api/decks/save", {"game": "chant", "name": "Ember", "author": "Aki",
                                                        "text": "3 火球\n", "owner": code})
        assert status == 201, body
        assert open_mine(first, server) == code  # kept by the browser
        first.wait_for_selector("#my-decks li[data-name='Ember']")
        other = open_mine(second, server)
        assert other != code and second.locator("#my-decks li[data-name]").count() == 0
        second.fill("#enter-code", "short")
        second.click("#enter-form button")
        assert "not a recovery code" in second.inner_text("#code-status")
        second.once("dialog", lambda d: d.accept())
        second.fill("#enter-code", code)
        second.click("#enter-form button")
        second.wait_for_selector("#my-decks li[data-name='Ember']")
        assert second.input_value("#code") == code
        second.once("dialog", lambda d: d.accept())
        second.click("#my-decks li[data-name='Ember'] button")
        second.wait_for_selector("#list-status.ok")
        assert "Withdrawn: Ember" in second.inner_text("#list-status")
        second.wait_for_selector("#my-decks li.muted")
    with urllib.request.urlopen(server.url + "/api/decks/chant") as res:
        assert json.loads(res.read())["decks"] == []


def test_w9_a_friend_game_is_listed_for_its_players_and_public_once_both_show_it(server: Server,
                                                                                 browser: Any) -> None:
    status, game = post(server, "/api/games", {"game": "toy", "deck": {"starter": "steady"},
                                               "opponent": {"kind": "friend", "deck": {"starter": "steady"}}})
    assert status == 201, game
    links = game["links"]["seats"]
    seat = Seat(server, game["id"], links[0].split("#seat=")[1])
    seat.ws.send(json.dumps({"type": "concede"}))
    while seat.recv().get("outcome") is None:
        pass
    seat.close()
    with new_page(browser, locale="en-GB") as host, new_page(browser, locale="en-GB") as friend:
        for page, link in ((host, links[0]), (friend, links[1])):
            page.goto(server.url + link)  # the table remembers the seat link of this browser
            page.wait_for_function(f"() => (localStorage.getItem('grimoire.recent') || '').includes('{game['id']}')",
                                   timeout=STEP_TIMEOUT_MS)
            open_mine(page, server)
        row = f"#my-games li[data-id='{game['id']}']"
        for page in (host, friend):
            page.wait_for_selector(f"{row} input[type=checkbox]")
            assert "finished" in page.inner_text(row)
        host.check(f"{row} input[type=checkbox]")
        host.wait_for_function(f"() => document.querySelector(\"{row}\").textContent.includes('once the other')")
        with urllib.request.urlopen(server.url + "/api/history") as res:
            assert json.loads(res.read())["games"] == []
        friend.check(f"{row} input[type=checkbox]")
        friend.wait_for_function(f"() => document.querySelector(\"{row}\").textContent.includes('public')")
        with urllib.request.urlopen(server.url + "/api/history") as res:
            assert [g["id"] for g in json.loads(res.read())["games"]] == [game["id"]]
        host.reload()
        host.wait_for_selector(f"{row} input[type=checkbox]:checked")


def test_w1_every_saved_deck_can_be_chosen_in_the_lobby_past_the_first_page(tmp_path: Any, browser: Any) -> None:
    """Issue 29 item 1: the lobby listed only the first 200 saved decks; "more saved decks…" fetches the next page."""
    from grimoire.core.registry import load_game
    from grimoire.web.storage import SavedDeck, Store

    fire = load_game("chant").cards.starter_decks()["fire"].read_text(encoding="utf-8")
    store = Store(tmp_path / "grimoire.db")
    for i in range(250):
        store.save_deck(SavedDeck("chant", f"deck {i:03d}", "Aki", fire, 1.0))
    store.close()
    srv = Server(tmp_path / "grimoire.db")
    srv.start()
    try:
        with new_page(browser, locale="en-GB") as page:
            page.goto(srv.url + "/")
            page.wait_for_selector("body[data-ready='1']")
            page.check("input[name=game][value=chant]")
            page.wait_for_selector("#mine-starter option[value='saved:deck 199']", state="attached")
            assert page.locator("#mine-starter option[value^='saved:']").count() == 200
            page.select_option("#mine-starter", "more:")
            page.wait_for_selector("#mine-starter option[value='saved:deck 249']", state="attached")
            assert page.locator("#mine-starter option[value^='saved:']").count() == 250
            assert page.locator("#mine-starter option[value='more:']").count() == 0  # every page is here
            assert page.input_value("#mine-starter") == "saved:deck 200"  # the first deck of the new page
            page.select_option("#level", "easy")
            page.click("#create")
            page.wait_for_selector("#created:not([hidden])", timeout=STEP_TIMEOUT_MS)
    finally:
        srv.stop()
