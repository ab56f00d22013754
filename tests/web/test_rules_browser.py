"""Rules at hand, end to end in Chromium: the rules page opened from the lobby and from a prompt's rule
link lands on the rule's anchor (a plugin's too, served from its own package); Destiny's forecast
abilities show their text where they are chosen.

Screenshots are written to ``GRIMOIRE_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

from typing import Any

from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page, server  # noqa: F401  (fixtures)
from test_table_browser import create, post, shoot


def _target(page: Any) -> str | None:
    """The id of the element the page's URL fragment points at, if it is scrolled into view."""
    found: str | None = page.evaluate("""() => {
        const el = document.querySelector(':target');
        if (!el) return null;
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight ? el.id : 'not in view: ' + el.id;
    }""")
    return found


def _seat_with_decision(browser: Any, links: list[str]) -> Any:  # noqa: F811
    """Open the seat links in turn; the page (and its context) of the seat that must answer."""
    for link in links:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True, locale="ja-JP")
        page = context.new_page()
        page.goto(link)
        page.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=STEP_TIMEOUT_MS)
        if page.evaluate("document.body.dataset.pending") == "1":
            return page
        context.close()
    raise AssertionError("no seat has a pending decision")


def test_the_lobby_links_each_games_rules_page(server, browser):  # noqa: F811
    with new_page(browser, enforce_csp=True) as page:
        page.goto(server.url + "/")
        page.wait_for_selector("#rules-links a[data-game=destiny]")
        link = page.locator("#rules-links a[data-game=chant]")
        assert "詠唱" in link.inner_text()
        page.wait_for_selector("#rules-links a[data-game=toy]")  # the example plugin ships its rules page too
        with page.expect_popup() as popup_info:
            link.click()
        rules = popup_info.value
        rules.wait_for_load_state()
        assert rules.url.endswith("/rules/chant?lang=ja")
        assert rules.locator("html").get_attribute("lang") == "ja"
        assert rules.locator("#r-3\\.2\\.1").inner_text().startswith("3.2.1 手札からカードを何枚でも")
        shoot(rules, "rules-chant-ja")
        rules.click("#rules-other")
        rules.wait_for_url("**/rules/chant?lang=en")
        assert rules.locator("#r-3\\.2\\.1").inner_text().startswith("3.2.1 Place")
        rules.set_viewport_size({"width": 390, "height": 844})  # a phone: the wide tables scroll, the page does not
        assert rules.evaluate("document.documentElement.scrollWidth") <= 390
        rules.close()


def test_a_prompt_links_to_the_rule_it_applies_and_lands_on_its_anchor(server, browser):  # noqa: F811
    _, links = create(server, "chant")
    page = _seat_with_decision(browser, links)
    try:
        link = page.locator("#decision .prompt .rule-link")
        link.wait_for(timeout=STEP_TIMEOUT_MS)
        rule = link.get_attribute("data-rule")
        assert rule == "3.2" and link.inner_text() == "ルール 3.2"
        assert link.get_attribute("href") == f"/rules/chant?lang=ja#r-{rule}"
        assert page.locator("#rules-link").get_attribute("href") == "/rules/chant?lang=ja"
        shoot(page, "rules-prompt-link")
        with page.expect_popup() as popup_info:
            link.click()
        rules = popup_info.value
        rules.wait_for_load_state()
        assert _target(rules) == f"r-{rule}"
        shoot(rules, "rules-landed-on-anchor")
    finally:
        page.context.close()


def test_a_plugins_prompt_links_to_its_own_rules_page_from_its_package(server, browser):  # noqa: F811
    status, data = post(server, "/api/games", {"game": "toy", "deck": {"starter": "steady"},
                                               "opponent": {"kind": "friend", "deck": {"starter": "bold"}}})
    assert status == 201, data
    page = _seat_with_decision(browser, [server.url + link for link in data["links"]["seats"]])
    try:
        link = page.locator("#decision .prompt .rule-link")
        link.wait_for(timeout=STEP_TIMEOUT_MS)
        rule = link.get_attribute("data-rule")
        assert rule in ("2", "4") and link.get_attribute("href") == f"/rules/toy?lang=ja#r-{rule}"
        with page.expect_popup() as popup_info:
            link.click()
        rules = popup_info.value
        rules.wait_for_load_state()
        assert _target(rules) == f"r-{rule}"
        assert "トイ・レース" in rules.title() and rules.locator("#r-4").inner_text().startswith("4. 足止め")
        shoot(rules, "rules-plugin-landed-on-anchor")
    finally:
        page.context.close()


def test_destiny_shows_each_forecast_abilitys_text_where_it_is_chosen(server, browser):  # noqa: F811
    _, links = create(server, "destiny")
    page = _seat_with_decision(browser, links)
    try:
        page.locator("#decision .option-note").first.wait_for(timeout=STEP_TIMEOUT_MS)
        notes = page.locator("#decision .option-note")
        assert notes.count() == 4
        texts = {notes.nth(i).get_attribute("data-option"): notes.nth(i).inner_text() for i in range(4)}
        assert "気魄" in texts["ability:chimyaku_houki"] and "ルール 9.1" in texts["ability:chimyaku_houki"]
        assert "クライシス場" in texts["ability:chimyaku_no_hako"]
        # each note sits right under its own option button
        assert page.evaluate("""() => [...document.querySelectorAll('#decision .option-note')].every(
            (n) => n.previousElementSibling.dataset.option === n.dataset.option)""")
        shoot(page, "rules-destiny-abilities")
        with page.expect_popup() as popup_info:
            page.locator("#decision .option-note[data-option='ability:chimyaku_kanchi'] a").click()
        rules = popup_info.value
        rules.wait_for_load_state()
        assert _target(rules) == "r-9.3"
        page.click("#lang button[data-lang=en]")
        page.wait_for_function("""() => [...document.querySelectorAll('#decision .option-note')]
            .some((n) => n.textContent.includes('rule 9.1'))""", timeout=STEP_TIMEOUT_MS)
        assert "summoning" in page.locator("#decision .option-note").first.inner_text()
    finally:
        page.context.close()
