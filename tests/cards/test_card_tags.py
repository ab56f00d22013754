"""Card tags (issue 30, item 5): a designer's labels — generic utility, a theme — kept with the card, its forum
post and the editor's fields, and offered to the deck builder's filter."""

from __future__ import annotations

from typing import Any

import pytest
from card_helpers import game

from grimoire.core.cardtools import forum_text, read_forum
from grimoire.core.errors import ContentError
from grimoire.core.registry import load_game
from grimoire.web.cardmaker import check, split

TABLES: dict[str, dict[str, Any]] = {
    "chant": {"id": "x", "kind": "library", "name": {"ja": "試し", "en": "Trial"}, "attribute": "fantasy", "chant": 1},
    "destiny": {"id": "x", "name": {"ja": "試し", "en": "Trial"}, "attribute": "shinpi", "power": 1},
}


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_a_cards_tags_load_normalised_and_print_in_the_forum_template(name: str) -> None:
    g = load_game(name, tables={"x": {**TABLES[name], "tags": ["汎用", "ＳＦ", "汎用"]}})
    assert g.pool["x"].tags == ("汎用", "SF")
    ja, en = forum_text(g, ["x"], "ja"), forum_text(g, ["x"], "en")
    assert ja.splitlines()[-1] == "タグ：汎用、SF" and en.splitlines()[-1] == "Tags: 汎用, SF"
    post = ja.replace("ID：x", "ID：x_copy").replace("〇試し", "〇試しの写し")
    [(_, table)] = read_forum(game(name), post, "post.txt")
    assert table["tags"] == ["汎用", "SF"]


@pytest.mark.parametrize(("tags", "words"), [
    ("汎用", "must be a list of non-empty strings"),
    (["a"] * 9, "at most 8 tags"),
    (["x" * 25], "at most 24 characters"),
])
def test_bad_tags_are_refused_at_the_field(tags: Any, words: str) -> None:
    with pytest.raises(ContentError) as caught:
        load_game("chant", tables={"x": {**TABLES["chant"], "tags": tags}})
    assert caught.value.field == "tags" and words in str(caught.value)


def test_cards_without_tags_have_none() -> None:
    assert all(card.tags == () for card in game("chant").pool)


def test_the_editor_reads_and_writes_tags_in_its_own_field() -> None:
    fields = {"name": "試し", "id": "trial", "other_name": "Trial", "tags": "汎用、炎の一族",
              "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1"}}
    checked = check(game("chant"), fields, "ja")
    assert checked.errors == [] and checked.table is not None and checked.table["tags"] == ["汎用", "炎の一族"]
    assert split(checked.text, "ja")["tags"] == "汎用、炎の一族"
    long = check(game("chant"), {**fields, "tags": "x" * 201}, "ja")
    assert [e.field for e in long.errors] == ["tags"]
