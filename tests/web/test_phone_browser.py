"""The table on a phone (390×844): the decision panel takes at most 40 % of the height and the player's
own area shows above it; a card's pop-up closes when an option is chosen."""

from __future__ import annotations

from typing import Any

from test_browser import Server, browser, server  # noqa: F401
from test_table_browser import OPTIONS_READY, STEP_TIMEOUT_MS, create, sized_page

WIDTH, HEIGHT = 390, 844

GEOMETRY = """() => {
  const dock = document.querySelector('.dock').getBoundingClientRect();
  const me = document.querySelector('.player-zone.me').getBoundingClientRect();
  return {dockTop: dock.top, dockHeight: dock.height, meTop: me.top, meBottom: me.bottom};
}"""


def _open(page: Any, link: str) -> None:
    page.goto(link)
    page.evaluate("localStorage.setItem('grimoire.autopass', '0')")
    page.reload()
    page.wait_for_selector(".player-zone.me")
    page.wait_for_function(OPTIONS_READY, timeout=STEP_TIMEOUT_MS)


def test_the_phone_decision_panel_leaves_the_players_own_area_in_view(server: Server,  # noqa: F811
                                                                       browser: Any) -> None:  # noqa: F811
    for game in ("chant", "destiny"):
        with sized_page(browser, WIDTH, HEIGHT) as page:
            _, links = create(server, game, friend=False)
            _open(page, links[0])
            page.evaluate("window.scrollTo(0, 10_000)")
            box = page.evaluate(GEOMETRY)
            assert box["dockHeight"] <= 0.4 * HEIGHT + 1, (game, box)
            visible = min(box["meBottom"], box["dockTop"]) - max(box["meTop"], 0)
            assert visible >= min(box["meBottom"] - box["meTop"], 120), (game, box)


def test_a_card_pop_up_closes_when_an_option_is_chosen(server: Server, browser: Any) -> None:  # noqa: F811
    with sized_page(browser, WIDTH, HEIGHT) as page:
        _, links = create(server, "chant", friend=False)
        _open(page, links[0])
        for _step in range(40):
            page.wait_for_function(OPTIONS_READY, timeout=STEP_TIMEOUT_MS)
            if page.evaluate("document.body.dataset.finished") == "1":
                _, links = create(server, "chant", friend=False)
                _open(page, links[0])
                continue
            named = page.locator("#decision button.option:not([disabled]) [data-card]")
            if named.count():
                named.first.hover()
                page.wait_for_selector("#card-pop:not([hidden])")
                named.first.click()
                page.wait_for_function("() => document.getElementById('card-pop').hidden", timeout=STEP_TIMEOUT_MS)
                return
            page.locator("#decision button.option:not([disabled])").first.click()
            page.wait_for_function("() => !document.body.dataset.busy", timeout=STEP_TIMEOUT_MS)
        raise AssertionError("no option named a card within 40 answers")


WHY_LINE = """() => {
  const lines = [...document.querySelectorAll('#log li')].filter(li => li.offsetParent && li.querySelector('.why'));
  const li = lines[lines.length - 1];
  if (!li) return null;
  li.id = 'why-probe';
  const dockTop = document.getElementById('dock').getBoundingClientRect().top;
  window.scrollBy(0, li.getBoundingClientRect().bottom - (dockTop - 2));  // its line just above the panel
  return true;
}"""


def test_a_log_lines_why_never_opens_under_the_decision_panel(server: Server, browser: Any) -> None:  # noqa: F811
    with sized_page(browser, WIDTH, HEIGHT) as page:
        _, links = create(server, "chant", friend=False)
        _open(page, links[0])
        page.wait_for_function("() => document.querySelectorAll('#log li .why').length > 0",
                               timeout=STEP_TIMEOUT_MS)
        assert page.evaluate(WHY_LINE)
        page.locator("#why-probe").click(position={"x": 10, "y": 5})
        page.wait_for_selector("#why-probe.why-open")
        box = page.evaluate("""() => ({why: document.querySelector('#why-probe .why').getBoundingClientRect().bottom,
                                      dock: document.getElementById('dock').getBoundingClientRect().top})""")
        assert box["why"] <= box["dock"], box
