"""Why a log line happened, end to end in Chromium: hovering a table's log line (or tapping it on a
phone) shows the rule that produced the event and the numbers that went in, in the seat's language,
with a link that lands on that rule of the rules page.

Screenshots are written to ``GRIMOIRE_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

from test_browser import STEP_TIMEOUT_MS, Server, browser, new_page, server  # noqa: F401  (fixtures)
from test_rules_browser import _seat_with_decision, _target
from test_table_browser import create, shoot


def test_hovering_a_log_line_shows_its_rule_and_links_to_it(server, browser):  # noqa: F811
    _, links = create(server, "chant")
    page = _seat_with_decision(browser, links)
    try:
        first = page.locator("#log li.ev-first")
        first.wait_for(timeout=STEP_TIMEOUT_MS)
        why = first.locator(".why")
        assert not why.is_visible()
        first.hover()
        why.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
        assert "先攻" in why.inner_text() and "ルール 1.6.3" in why.inner_text()
        link = why.locator("a.why-rule")
        assert link.get_attribute("href") == "/rules/chant?lang=ja#r-1.6.3"
        shoot(page, "log-why-hover")
        with page.expect_popup() as popup_info:
            link.click()
        rules = popup_info.value
        rules.wait_for_load_state()
        assert _target(rules) == "r-1.6.3"
        page.click("#lang button[data-lang=en]")  # the seat's language: the log is drawn again in English
        page.wait_for_function("""() => [...document.querySelectorAll('#log li .why')]
            .some((w) => w.textContent.includes('rule 2.1'))""", timeout=STEP_TIMEOUT_MS)
    finally:
        page.context.close()


def test_tapping_a_log_line_on_a_phone_opens_and_closes_its_explanation(server, browser):  # noqa: F811
    _, links = create(server, "chant")
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  bypass_csp=True, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto(links[0])
        line = page.locator("#log li.has-why").last
        line.wait_for(state="attached", timeout=STEP_TIMEOUT_MS)
        page.evaluate("document.getElementById('log').classList.add('expanded')")  # the whole log, as its button does
        line.scroll_into_view_if_needed()
        line.tap()
        assert "why-open" in (line.get_attribute("class") or "")
        assert line.locator(".why").is_visible() and "ルール" in line.locator(".why").inner_text()
        shoot(page, "log-why-tap-phone")
        page.locator("#log li.has-why").first.tap()  # another line: the first closes
        assert "why-open" not in (line.get_attribute("class") or "")
    finally:
        context.close()
