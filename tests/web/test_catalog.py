"""The table's words come from each game's message catalog, served to the browser (rule W2).

The browser code holds no game words: the game renderers and the shared table code
name ``ui.*`` keys and terms of ``GET /api/catalog/{game}``; only the generic words of
the lobby and the table frame live in ``i18n.js``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web_helpers import ALL_GAMES, client

from grimoire.core.registry import load_game, plugin

STATIC_JS = Path(__file__).resolve().parents[2] / "src" / "grimoire" / "web" / "static" / "js"
SHARED_JS = ("cards.js", "catalog.js", "table.js", "render/generic.js")
JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
L_HELPER = re.compile(r"\bL\s*(\(|=)")  # the old helper L(ja, en), called or defined
UI_KEY = re.compile(r"""\bui(?:Or)?\(\s*["']([\w.]+)["']""")
RENDERED = [name for name in ALL_GAMES if plugin(name).web_renderer() is not None]


def _pair(value: object) -> bool:
    return isinstance(value, dict) and set(value) == {"ja", "en"} and all(isinstance(v, str) for v in value.values())


@pytest.mark.parametrize("game_name", ALL_GAMES)
def test_w2_the_catalog_serves_every_board_word_and_term_in_both_languages(db_path: Path, game_name: str) -> None:
    catalog = load_game(game_name).text.catalog
    with client(db_path) as c:
        res = c.get(f"/api/catalog/{game_name}")
    assert res.status_code == 200
    data = res.json()
    assert data["game"] == game_name
    assert data["ui"] == catalog.ui() and data["ui"], "the ui.* templates are served without their prefix"
    assert all(_pair(v) for v in data["ui"].values())
    assert data["terms"] == {w: {"ja": ja, "en": en} for w, (ja, en) in catalog.terms.items()}
    assert all(_pair(v) for v in data["terms"].values())
    assert data["ui"]["turn"] == {"ja": "ターン {n}", "en": "Turn {n}"}  # shared words come along


def test_w2_the_catalog_has_the_words_the_tables_used_to_hard_code(db_path: Path) -> None:
    with client(db_path) as c:
        chant = c.get("/api/catalog/chant").json()
        destiny = c.get("/api/catalog/destiny").json()
        assert c.get("/api/catalog/nope").status_code == 404
    assert chant["ui"]["phase.C"] == {"ja": "詠唱フェイズ", "en": "C phase (chant)"}
    assert chant["ui"]["kind.forbidden"] == {"ja": "禁書", "en": "Forbidden"}
    assert [k for k in chant["ui"] if k.startswith("stat.")] == ["stat.progress", "stat.chant", "stat.power",
                                                                "stat.required"]
    assert chant["ui"]["attr.science"] == {"ja": "科学", "en": "Science"}
    assert destiny["ui"]["stat.power"] == {"ja": "力", "en": "P"}
    assert destiny["ui"]["badge.lucky"]["en"] == "Lucky!"
    assert destiny["ui"]["attr.kiryoku"]["ja"] == "気魄"
    assert destiny["terms"]["chimyaku_houki"] == {"ja": "地脈蜂起", "en": "Ley Uprising"}


@pytest.mark.parametrize("game_name", RENDERED)
def test_w2_a_game_renderer_holds_no_words_and_names_only_catalog_keys(db_path: Path, game_name: str) -> None:
    assets = plugin(game_name).web_assets
    assert assets is not None
    source = (assets / "render.js").read_text(encoding="utf-8")
    assert not L_HELPER.search(source), "a renderer must not pick between Japanese and English itself"
    found = JAPANESE.findall(source)
    assert not found, f"Japanese text in {game_name}'s render.js: {''.join(found)}"
    keys = set(UI_KEY.findall(source))
    assert keys, "the renderer takes its words from the catalog"
    catalog = load_game(game_name).text.catalog.ui()
    assert sorted(keys - set(catalog)) == [], f"{game_name}'s render.js names keys its catalog lacks"
    with client(db_path) as c:
        assert c.get(f"/games/{game_name}/render.js").text == source


@pytest.mark.parametrize("path", SHARED_JS)
def test_w2_the_shared_table_code_holds_no_game_words(path: str) -> None:
    source = (STATIC_JS / path).read_text(encoding="utf-8")
    assert not L_HELPER.search(source)
    found = JAPANESE.findall(source)
    assert not found, f"Japanese text in {path}: {''.join(found)}"
    assert not re.search(r"""["'](chant|destiny|toy)["']""", source), f"{path} names a game"
