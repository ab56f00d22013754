"""The static pages' shared head and top bar (grimoire.web.pages): one copy, written into each page served."""

from __future__ import annotations

import re

import pytest
from web_helpers import client

from grimoire.web.pages import HEAD, NAV

PAGES = {"/board": "/board", "/decks": "/decks", "/editor": "/editor", "/mine": "/mine", "/review": None,
         "/history": "/history"}


@pytest.mark.parametrize("path", sorted(PAGES))
def test_every_page_is_served_with_the_shared_head_and_top_bar(db_path, path: str) -> None:
    with client(db_path) as c:
        res = c.get(path)
    assert res.status_code == 200 and res.headers["cache-control"] == "no-cache"
    html = res.text
    assert "<!--" not in html  # every placeholder written out
    assert html.count(HEAD) == 1 and html.index(HEAD) < html.index("</head>")
    links = re.findall(r'<a href="([^"]+)"( class="here")? data-t="nav_\w+"></a>', html)
    assert [href for href, _ in links] == [href for href, _ in NAV]  # every page links every page, in one order
    assert [href for href, here in links if here] == ([PAGES[path]] if PAGES[path] else [])
    assert html.count('<div id="lang"></div>') == 1
