"""A rules page starts with the rules: its title, then rule 1; what the document is and how tests cite
it comes last (About these rules / このルール文書について)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web_helpers import client

ABOUT = {"ja": "このルール文書について", "en": "About these rules"}


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", ["chant", "destiny"])
def test_a_rules_page_opens_on_rule_1_and_keeps_the_notes_on_the_document_for_its_end(tmp_path: Path, game: str,
                                                                                     lang: str) -> None:
    with client(tmp_path / "g.db") as c:
        page = c.get(f"/rules/{game}?lang={lang}").text
    body = page[page.index("<h1"):]
    first = re.search(r"<(h2|p|ul|ol|table|blockquote)\b[^>]*>(.*?)</\1>", body[body.index("</h1>"):], re.S)
    assert first is not None and first[1] == "h2" and re.search(r"\b1\.", first[2]), first and first[0][:200]
    assert body.index(ABOUT[lang]) > body.index("<h2")
