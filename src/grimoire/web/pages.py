"""The static pages' shared head and top bar, written into a page when it is served.

A page under ``static/`` (board, decks, editor, mine, review, history) holds only what is its own;
two comments stand for the parts every page shares:

* ``<!--head-->``: the head's common lines (:data:`HEAD`: character set, viewport, title, icon,
  the stylesheet); the page's own stylesheets and scripts follow it;
* ``<!--top HERE SUBTITLE-->``: the top bar — the title linking to the lobby, the page's subtitle
  (``SUBTITLE`` is the attribute that names its words, e.g. ``data-m="title"``), the links to every
  page (:data:`NAV`; the one to ``HERE``, if it is one of them, marked as the current page) and the
  language switch.

>>> html = fill('<head>\\n<!--head-->\\n</head><body>\\n<!--top /mine data-m="title"-->\\n</body>')
>>> html.count("<meta"), '<a href="/mine" class="here" data-t="nav_mine"></a>' in html
(2, True)
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.responses import HTMLResponse, Response

#: the head lines every page shares
HEAD = """<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Grimoire</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">"""

#: the top bar's links: each page's address and the key of its name (grimoire.web.static.js.i18n)
NAV = (("/", "nav_lobby"), ("/history", "nav_history"), ("/editor", "nav_editor"), ("/decks", "nav_decks"),
       ("/mine", "nav_mine"), ("/board", "nav_board"))

_TOP = re.compile(r"<!--top (\S+) (.*?)-->")


def top(here: str, subtitle: str) -> str:
    """The top bar of the page at ``here`` whose subtitle's words are named by the attribute ``subtitle``."""
    mark = ' class="here"'
    links = "".join(f'<a href="{href}"{mark if href == here else ""} data-t="{key}"></a>' for href, key in NAV)
    return (f'<header class="top">\n  <h1><a href="/" data-t="title">グリモア</a> <small {subtitle}></small></h1>\n'
            f'  <nav class="nav">{links}</nav>\n  <div id="lang"></div>\n</header>')


def fill(html: str) -> str:
    """``html`` with its ``<!--head-->`` and ``<!--top …-->`` comments written out."""
    return _TOP.sub(lambda m: top(m.group(1), m.group(2)), html.replace("<!--head-->", HEAD))


_cache: dict[Path, tuple[float, str]] = {}


def filled_page(path: Path) -> Response:
    """The page at ``path`` filled in (read again when the file changes), never cached unchecked."""
    mtime = path.stat().st_mtime
    found = _cache.get(path)
    if found is None or found[0] != mtime:
        found = (mtime, fill(path.read_text(encoding="utf-8")))
        _cache[path] = found
    return HTMLResponse(found[1], headers={"Cache-Control": "no-cache"})
