"""A plugin's own table in Chromium (docs/protocol.md 11): the example plugin's render.js, served from
its package, draws its board with the shared modules and its catalog's ui.field words, and a click on
a hand card its targets() names answers the option.

Screenshots are written to ``GRIMOIRE_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

from server_helpers import post
from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page, server  # noqa: F401  (fixtures)
from test_table_browser import shoot


def test_the_example_plugins_renderer_draws_its_table_and_a_card_click_answers(server, browser):  # noqa: F811
    status, data = post(server, "/api/games", {"game": "toy", "deck": {"starter": "steady"},
                                               "options": {"first_player": "0"},
                                               "opponent": {"kind": "friend", "deck": {"starter": "bold"}}})
    assert status == 201, data
    with new_page(browser, enforce_csp=True) as page:
        page.goto(server.url + data["links"]["seats"][0])
        page.wait_for_selector('.player-zone[data-seat="0"] .hand .card.choosable', timeout=STEP_TIMEOUT_MS)
        zone = page.locator('.player-zone[data-seat="0"]')
        assert zone.locator(".hand .card").count() == 3  # the seat's own hand, face up
        assert page.locator('.player-zone[data-seat="1"] .hand .card.back').count() == 3  # the other's, face down
        assert "位置" in zone.inner_text() and "0 / 10" in zone.inner_text()  # ui.field.pos from the catalog
        assert zone.locator(".progress-bar").count() == 1
        shoot(page, "plugin-table-toy")
        card = zone.locator(".hand .card.choosable").first
        played = card.get_attribute("data-card")
        card.click()
        page.wait_for_selector(f'.player-zone[data-seat="0"] .zone:not(.shown) .card[data-card="{played}"]',
                               timeout=STEP_TIMEOUT_MS)  # the played pile shows it: the answer went through
        shoot(page, "plugin-table-toy-played")
