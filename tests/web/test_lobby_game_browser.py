"""The lobby opens on the game its address names (``/?game=NAME``, the table's "new game" link after
a game), and choosing another game puts it in the address (a reload keeps it)."""

from __future__ import annotations

from typing import Any

from test_browser import Server, browser, new_page, server  # noqa: F401


def _chosen(page: Any) -> str:
    page.wait_for_selector("#games input[name=game]:checked")
    value: str = page.eval_on_selector("#games input[name=game]:checked", "e => e.value")
    return value


def test_the_lobby_opens_on_the_game_of_its_address(server: Server, browser: Any) -> None:  # noqa: F811
    with new_page(browser) as page:
        page.goto(server.url + "/?game=destiny")
        assert _chosen(page) == "destiny"
        page.wait_for_function("() => document.getElementById('mine-starter').options.length > 0")
        destiny = page.eval_on_selector_all("#mine-starter option", "os => os.map(o => o.value)")
        page.goto(server.url + "/")
        assert _chosen(page) == "chant"
        page.goto(server.url + "/?game=no_such_game")
        assert _chosen(page) == "chant"
        page.check("#games input[value=destiny]")
        assert page.evaluate("() => location.search") == "?game=destiny"
        page.reload()
        assert _chosen(page) == "destiny"
        page.wait_for_function("() => document.getElementById('mine-starter').options.length > 0")
        assert page.eval_on_selector_all("#mine-starter option", "os => os.map(o => o.value)") == destiny
