"""The server's own cards and decks (issue 9, items 4–6): card faces, the editor's API, the card and
deck store in SQLite and PostgreSQL, ``serve --cards``, and every deck problem at once."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, post
from starlette.testclient import TestClient
from web_helpers import FAST, client, hub

from grimoire.core.registry import load_game, own_cards
from grimoire.web.app import create_app
from grimoire.web.limits import Limits
from grimoire.web.storage import SavedCard, SavedDeck, Store, Taken
from grimoire.web.stores import open_store
from grimoire.web.thinking import Job, think

SPARK = {"name": "小さな火花", "ruby": "スパーク", "id": "little_spark", "other_name": "Little Spark",
         "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"},
         "sections": {"『発動効果』": "カードを1枚ドローする。"}, "flavor": "ぱちっ。", "other_flavor": "Snap."}
#: Twelve built-in Chant cards, three of each with three of a new card and one more make a 40-card library.
OTHERS = ("火球", "雷撃", "火焔球", "残り火", "氷の槍", "鉄の盾", "竜の咆哮", "妖精の悪戯", "詠唱の呼び水", "大剣",
          "砥石", "鎖鎌")
SPARK_POST = """〇小さな火花<スパーク>
区分：書庫 属性：幻想 詠唱値：1 威力：1
『発動効果』
・カードを1枚ドローする。
『フレーバーテキスト』
ぱちっ。
『Grimoire』
ID：little_spark
英語名：Little Spark
英語フレーバー：Snap.
"""


def preview(c: TestClient, fields: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    res = c.post("/api/cards/preview", json={"game": "chant", "lang": lang, "fields": fields})
    assert res.status_code == 200, res.text
    body: dict[str, Any] = res.json()
    return body


def save(c: TestClient, fields: dict[str, Any], author: str = "Aki", lang: str = "en") -> Any:
    return c.post("/api/cards/save", json={"game": "chant", "lang": lang, "fields": fields, "author": author})


def fields_of(errors: list[dict[str, str]]) -> list[str]:
    return [e["field"] for e in errors]


# ----- faces -----------------------------------------------------------------------------
def test_a_card_face_is_served_as_svg_in_each_language_and_revalidated_by_etag(db_path: Path) -> None:
    with client(db_path) as c:
        ja = c.get("/cards/chant/fireball.svg?lang=ja")
        en = c.get("/cards/chant/fireball.svg?lang=en")
        assert ja.status_code == en.status_code == 200
        assert ja.headers["content-type"].startswith("image/svg+xml")
        assert "火球" in ja.text and "Fireball" in en.text and ja.text != en.text
        assert "max-age" in ja.headers["cache-control"] and ja.headers["etag"]
        again = c.get("/cards/chant/fireball.svg?lang=ja", headers={"If-None-Match": ja.headers["etag"]})
        assert again.status_code == 304 and not again.content
        assert c.get("/cards/chant/no_such_card.svg").status_code == 404
        assert c.get("/cards/chant/fireball.png").status_code == 404
        assert c.get("/cards/nogame/fireball.svg").status_code == 404


def test_the_card_catalogue_carries_the_generated_text_in_both_languages(db_path: Path) -> None:
    with client(db_path) as c:
        cards = c.get("/api/cards/chant").json()["cards"]
    game = load_game("chant")
    from grimoire.core.cardtools import rules_text

    assert cards["dragon_roar"]["text"] == {"ja": rules_text(game, "dragon_roar", "ja"),
                                            "en": rules_text(game, "dragon_roar", "en")}
    assert cards["dragon_roar"]["text"]["ja"].startswith("『発動効果』")


# ----- the editor --------------------------------------------------------------------------
def test_the_editor_template_lists_the_games_own_numbers_and_sections(db_path: Path) -> None:
    with client(db_path) as c:
        ja = c.get("/api/cards/chant/template?lang=ja").json()
        en = c.get("/api/cards/chant/template?lang=en").json()
        destiny = c.get("/api/cards/destiny/template?lang=ja").json()
    assert [s["key"] for s in ja["stats"]] == ["区分", "属性", "詠唱値", "威力", "要求枚数", "発動"]  # 発動: 3.4
    assert next(s for s in ja["stats"] if s["key"] == "属性")["values"] == sorted(["科学", "幻想", "物質", "精神"])
    assert ja["sections"] == ["『詠唱効果』", "『発動効果』"]
    assert [s["key"] for s in en["stats"]][:2] == ["Kind", "Attribute"]
    assert "Lucky!" in destiny["flags"] and "【メイン】" in destiny["sections"]


def test_a_card_from_fields_previews_with_face_text_forum_and_toml(db_path: Path) -> None:
    with client(db_path) as c:
        body = preview(c, SPARK)
    assert body["ok"] and body["errors"] == []
    card = body["card"]
    assert card["id"] == "little_spark"
    assert card["text"] == {"ja": "『発動効果』・カードを1枚ドローする。", "en": "Activation effect: draw 1 card."}
    assert card["svg"].startswith("<svg") and "小さな火花" not in card["svg"] and "Little Spark" in card["svg"]
    assert card["forum"]["ja"].splitlines()[:2] == ["〇小さな火花<スパーク>", "区分：書庫 属性：幻想 詠唱値：1 威力：1"]
    assert 'id = "little_spark"' in card["toml"] and "chant = 1" in card["toml"]
    assert body["fields"]["stats"]["Attribute"] == "fantasy"  # the fields in the page's (English) template


def test_a_power_of_minus_3_says_it_is_negative_at_its_own_field_in_japanese(db_path: Path) -> None:
    with client(db_path) as c:
        body = preview(c, {**SPARK, "stats": {**SPARK["stats"], "威力": "－３"}}, "ja")
    assert body["errors"] == [{"field": "stats.威力",
                               "message": "威力は 0 以上にしてください（いま「-3」は負の数です）"}]


def test_the_editor_shows_the_seeds_guidelines_for_a_band_breaking_card_and_one_saved_by_a_drawback(
        db_path: Path) -> None:
    """Issue 30 item 2: warnings (the card is still valid), each quoting the seed with its line."""
    strong = {**SPARK, "stats": {**SPARK["stats"], "詠唱値": "1", "威力": "9"}, "sections": {}}
    with client(db_path) as c:
        body = preview(c, strong, "ja")
        assert body["ok"], body["errors"]
        found = [g for g in body["card"]["guidelines"] if g["level"] == "warn"]
        assert [(g["key"], g["source"]) for g in found] == [("band", "000_6069a7e417a4847c.txt:85")] * 2
        assert found[0]["text"] == "威力9は詠唱値0〜1の目安（威力1まで）を超えています。"
        assert found[0]["quote"].startswith("詠唱値0～1：威力を持たない補助効果のみのカード群。")
        plain = {**SPARK, "stats": {**SPARK["stats"], "詠唱値": "5", "威力": "6"}, "sections": {}}
        warned = [g["text"] for g in preview(c, plain)["card"]["guidelines"] if g["level"] == "warn"]
        assert warned == ["Power 6 is 120 % of chant 5, above the 70 % norm (4) for a card without a drawback."]
        saved = {**plain, "sections": {"『発動効果』": "自身はライフを1支払う。"}}
        listed = preview(c, saved)["card"]["guidelines"]
    assert [g for g in listed if g["level"] == "warn"] == []
    assert [g["text"] for g in listed if g["key"] == "drawback"] == [
        "Counted as a drawback: “pay 1 life.” (the power guideline rises to 120 % of the chant value)."]


def test_a_sentence_not_understood_comes_back_marked_with_its_nearest_phrasings(db_path: Path) -> None:
    """Issue 30 item 1: the editor marks the sentence "not understood yet" and offers the phrasings nearest it."""
    unknown = {**SPARK, "sections": {"『発動効果』": "カードを1枚ドローする。\n月の光で手札を２枚引く。"}}
    with client(db_path) as c:
        body = preview(c, unknown, "ja")
    [error] = body["errors"]
    assert error["field"] == "section.『発動効果』" and error["unread"] == "月の光で手札を2枚引く。"
    assert len(error["nearest"]) == 3 and "カードを1枚ドローする。" in error["nearest"]
    assert "unread" not in preview_errors(db_path, {**SPARK, "stats": {**SPARK["stats"], "詠唱値": "x"}})[0]


def preview_errors(db_path: Path, fields: dict[str, Any]) -> list[dict[str, Any]]:
    with client(db_path) as c:
        errors: list[dict[str, Any]] = preview(c, fields)["errors"]
    return errors


def test_a_pasted_forum_post_fills_the_fields(db_path: Path) -> None:
    with client(db_path) as c:
        res = c.post("/api/cards/preview", json={"game": "chant", "lang": "ja", "forum": SPARK_POST})
    body = res.json()
    assert body["ok"], body["errors"]
    assert body["fields"]["name"] == "小さな火花" and body["fields"]["ruby"] == "スパーク"
    assert body["fields"]["stats"] == {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"}
    assert body["fields"]["sections"] == {"『発動効果』": "・カードを1枚ドローする。"}
    assert body["fields"]["other_flavor"] == "Snap."


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"sections": {"『発動効果』": "何かすごいことをする。"}}, "section.『発動効果』", "nearest phrasings"),
    ({"stats": {**SPARK["stats"], "属性": "火"}}, "stats.属性", "Attribute must be one of science, fantasy"),
    ({"stats": {**SPARK["stats"], "詠唱値": "たくさん"}}, "stats.詠唱値", "must be a number"),
    ({"stats": {**SPARK["stats"], "威力": "−3"}}, "stats.威力", "Power must not be negative, got '−3'"),
    ({"stats": {**SPARK["stats"], "威力": "-3"}}, "stats.威力", "Power must not be negative, got '-3'"),
    ({"name": ""}, "name", "needs a name"),
    ({"id": "Bad Id!"}, "id", "lowercase letters"),
])
def test_editor_errors_come_back_at_their_field(db_path: Path, change: dict[str, Any], field: str,
                                               words: str) -> None:
    with client(db_path) as c:
        body = preview(c, {**SPARK, **change})
    assert not body["ok"] and "card" not in body
    assert fields_of(body["errors"]) == [field], body["errors"]
    assert words in body["errors"][0]["message"]


#: The same card in the English template of the editor.
SPARK_EN = {"name": "Little Spark", "id": "little_spark", "other_name": "小さな火花",
            "stats": {"Kind": "library", "Attribute": "fantasy", "Chant": "1", "Power": "1"},
            "sections": {"[Activation effect]": "Draw 1 card."}}


@pytest.mark.parametrize(("lang", "change", "field", "words"), [
    ("ja", {"sections": {"『発動効果』": "何かすごいことをする。"}}, "section.『発動効果』",
     "「何かすごいことをする。」が読めません。近い書き方: 「"),
    ("ja", {"stats": {**SPARK["stats"], "属性": "火"}}, "stats.属性",
     "属性は 科学・幻想・物質・精神 のどれかにしてください（いま「火」）"),
    ("ja", {"stats": {**SPARK["stats"], "詠唱値": "たくさん"}}, "stats.詠唱値",
     "詠唱値は数で書いてください（いま「たくさん」）"),
    ("ja", {"stats": {**SPARK["stats"], "区分": "外典"}}, "stats.区分",
     "区分は書庫か禁書にしてください（いま「外典」）"),
    ("ja", {"stats": {**SPARK["stats"], "色": "赤"}}, "stats.色",
     "数値の行に知らない項目「色」があります（項目: 区分・属性・詠唱値・威力・要求枚数）"),
    ("ja", {"stats": {**SPARK["stats"], "詠唱値": "99"}}, "stats.詠唱値",
     "カード「小さな火花」: 詠唱値は 20 以下にしてください（いま 99）"),
    ("ja", {"stats": {"区分": "書庫", "属性": "幻想"}}, "stats", "カード「小さな火花」に詠唱値がありません"),
    ("ja", {"sections": {"『奥義』": "カードを1枚ドローする。"}}, "section.『奥義』", "知らない見出し 『奥義』 です"),
    ("ja", {"name": "火球"}, "name", "この名前はもうカード「火球」が使っています"),
    ("en", {"name": "Fireball"}, "name",
     "the name is already used by card 「Fireball」"),
    ("en", {"sections": {"[Activation effect]": "Save the world."}}, "section.[Activation effect]",
     "cannot read 「Save the world.」; nearest phrasings: 「"),
    ("en", {"stats": {**SPARK_EN["stats"], "Attribute": "fire"}}, "stats.Attribute",
     "Attribute must be one of science, fantasy, matter, spirit, got 'fire'"),
    ("en", {"stats": {**SPARK_EN["stats"], "Chant": "many"}}, "stats.Chant", "Chant must be a number, got 'many'"),
    ("en", {"stats": {**SPARK_EN["stats"], "Chant": "99"}}, "stats.Chant",
     "card 「Little Spark」: Chant must be at most 20, got 99"),
])
def test_the_editor_check_speaks_the_pages_language_at_the_field(lang: str, change: dict[str, Any], field: str,
                                                                 words: str) -> None:
    from grimoire.web.cardmaker import check

    fields = {**(SPARK if lang == "ja" else SPARK_EN), **change}
    checked = check(load_game("chant"), fields, lang)
    assert [(e.field, e.message.startswith(words)) for e in checked.errors] == [(field, True)], checked.errors
    assert checked.game is None  # no rules with a card that has an error


def test_a_pasted_post_that_cannot_be_read_is_refused_in_the_pages_language(db_path: Path) -> None:
    with client(db_path) as c:
        ja = c.post("/api/cards/preview", json={"game": "chant", "lang": "ja", "forum": "こんにちは\n"})
        en = c.post("/api/cards/preview", json={"game": "chant", "lang": "en", "forum": "こんにちは\n"})
        page = preview(c, {**SPARK, "stats": {**SPARK["stats"], "威力": "強い"}}, lang="ja")
    assert ja.status_code == en.status_code == 400
    assert ja.json()["error"]["message"].endswith("カードが見つかりません（カードは「〇カード名」の行から始まります）")
    assert en.json()["error"]["message"].endswith("no card found: a card starts with a line 〇NAME")
    assert page["errors"] == [{"field": "stats.威力", "message": "威力は数で書いてください（いま「強い」）"}]


@pytest.mark.parametrize("field", ["name", "ruby", "other_name", "flavor", "other_flavor"])
def test_markup_in_any_field_is_refused_at_that_field(db_path: Path, field: str) -> None:
    with client(db_path) as c:
        body = preview(c, {**SPARK, field: "<script>alert(1)</script>"}, lang="ja")
    assert not body["ok"] and fields_of(body["errors"]) == [field]
    assert body["errors"][0]["message"] == "記号 < > & は使えません"


def test_enormous_and_control_character_input_is_refused(db_path: Path) -> None:
    with client(db_path) as c:
        long_body = preview(c, {**SPARK, "flavor": "あ" * 5000})
        control = preview(c, {**SPARK, "name": "bad\x07name"})
        sections = preview(c, {**SPARK, "sections": {"『発動効果』": "カードを1枚ドローする。" * 200}})
        post_res = c.post("/api/cards/preview", json={"game": "chant", "forum": "〇x\n" + "y" * 9000})
        huge = c.post("/api/cards/preview", content=b'{"game": "chant", "forum": "' + b"x" * 70000 + b'"}',
                      headers={"Content-Type": "application/json"})
    assert fields_of(long_body["errors"]) == ["flavor"] and "600" in long_body["errors"][0]["message"]
    assert fields_of(control["errors"]) == ["name"]
    assert fields_of(sections["errors"]) == ["section.『発動効果』"]
    assert post_res.status_code == 400 and "8000" in post_res.json()["error"]["message"]
    assert huge.status_code == 413  # over the server's max_body limit


def test_a_saved_card_joins_the_pool_with_its_author_and_exports(db_path: Path) -> None:
    with client(db_path) as c:
        res = save(c, SPARK, author="Aki")
        assert res.status_code == 201, res.text
        assert res.json()["saved"] == "little_spark"
        pool = c.get("/api/pool/chant?lang=ja").json()
        mine = next(x for x in pool["cards"] if x["id"] == "little_spark")
        assert mine["author"] == "Aki" and mine["chant"] == 1
        assert all("author" not in x for x in pool["cards"] if x["id"] != "little_spark")
        assert "Little Spark" in c.get("/cards/chant/little_spark.svg?lang=en").text
        forum = c.get("/api/cards/chant/little_spark/export?format=forum&lang=ja")
        toml = c.get("/api/cards/chant/little_spark/export?format=toml")
        assert forum.text.startswith("〇小さな火花<スパーク>\n") and "ID：little_spark" in forum.text
        assert toml.headers["content-disposition"] == 'attachment; filename="little_spark.toml"'
        assert 'name.en = "Little Spark"' in toml.text
        # a deck using it is accepted, and the game is made with it
        text = "3 Little Spark\n" + "".join(f"3 {n}\n" for n in OTHERS) + "1 罠師の網\n"
        check = c.post("/api/decks/check", json={"game": "chant", "text": text}).json()
        assert check.get("ok"), check
        game = c.post("/api/games", json={"game": "chant", "deck": {"text": text},
                                          "opponent": {"kind": "ai", "level": "easy"}})
        assert game.status_code == 201, game.text
    # the card is in the database: a restarted server has it
    with client(db_path) as c:
        assert "little_spark" in c.get("/api/cards/chant").json()["cards"]
    assert [card.author for card in Store(db_path).saved_cards("chant")] == ["Aki"]
    assert "little_spark" not in load_game("chant").pool  # never in the built-in pool


def test_a_duplicate_id_is_refused_and_nothing_is_overwritten(db_path: Path) -> None:
    with client(db_path) as c:
        assert save(c, SPARK).status_code == 201
        again = save(c, {**SPARK, "name": "別の火花"}, author="Someone")
        builtin = save(c, {**SPARK, "id": "fireball", "name": "偽の火球"})
        assert again.status_code == builtin.status_code == 400
        assert fields_of(again.json()["errors"]) == fields_of(builtin.json()["errors"]) == ["id"]
        pool = c.get("/api/pool/chant").json()["cards"]
    assert next(x for x in pool if x["id"] == "little_spark")["name"]["ja"] == "小さな火花"
    assert next(x for x in pool if x["id"] == "fireball")["name"]["ja"] == "火球"


@pytest.mark.parametrize("author", ["", "   ", "<b>me</b>", "x" * 41, "tab\tname"])
def test_a_card_needs_a_plain_author_name(db_path: Path, author: str) -> None:
    with client(db_path) as c:
        res = save(c, SPARK, author=author)
        assert res.status_code == 400 and res.json()["error"]["field"] == "author"
        assert all(x["id"] != "little_spark" for x in c.get("/api/pool/chant").json()["cards"])


def test_saves_are_limited_per_client(db_path: Path) -> None:
    with TestClient(create_app(Store(db_path), ("chant",), ai_delay=0,
                               limits=Limits(saves_per_minute=2, ws_rate=1000, ws_burst=1000))) as c:
        codes = [c.post("/api/decks/save", json={"game": "chant", "name": f"d{i}", "author": "A",
                                                 "text": "3 火球\n"}).status_code for i in range(3)]
        assert codes == [201, 201, 429]
        assert [d["name"] for d in c.get("/api/decks/chant").json()["decks"]] == ["d0", "d1"]


# ----- decks -------------------------------------------------------------------------------
def test_every_deck_problem_is_listed_at_once_in_the_clients_language(db_path: Path) -> None:
    text = "4 火球\n[禁書]\n1 火球\n2 天上の劫火\n1 存在しないカード\nこれは行ではない\n[おまけ]\n"
    with client(db_path) as c:
        ja = c.post("/api/decks/check", json={"game": "chant", "lang": "ja", "text": text}).json()["error"]
        en = c.post("/api/decks/check", json={"game": "chant", "lang": "en", "text": text}).json()["error"]
    assert [(p["code"], p["line"]) for p in ja["problems"]] == [
        ("copies", 1), ("kind", 3), ("copies", 4), ("unknown", 5), ("syntax", 6), ("section", 7), ("size", None)]
    assert ja["problems"][0]["message"] == "「火球」が書庫に 4 枚（最大 3 枚）"
    assert ja["problems"][-1]["message"] == "書庫はちょうど 40 枚でなければなりません（いま 4 枚）"
    assert en["problems"][-1]["message"] == "library must have exactly 40 cards, has 4"
    assert en["line"] == 6  # the error the deck reader stops at, as before, for clients that read only it


def test_decks_are_saved_by_name_and_replaced_only_when_asked(db_path: Path) -> None:
    with client(db_path) as c:
        first = c.post("/api/decks/save", json={"game": "chant", "name": "炎", "author": "Aki", "text": "3 火球\n",
                                                "owner": "k" * 32})
        again = c.post("/api/decks/save", json={"game": "chant", "name": "炎", "author": "Ben", "text": "3 雷撃\n"})
        assert first.status_code == 201 and again.status_code == 409
        assert c.get("/api/decks/chant/炎").json()["text"] == "3 火球\n"
        replaced = c.post("/api/decks/save", json={"game": "chant", "name": "炎", "author": "Ben",
                                                   "text": "3 雷撃\n", "replace": True, "owner": "k" * 32})
        assert replaced.status_code == 201
        decks = c.get("/api/decks/chant").json()["decks"]
        assert [(d["name"], d["author"]) for d in decks] == [("炎", "Ben")]
        assert c.get("/api/decks/chant/炎").json()["text"] == "3 雷撃\n"
        bad = [c.post("/api/decks/save", json={"game": "chant", "name": n, "author": "A", "text": "3 火球\n"})
               for n in ("", "<i>x</i>", "n" * 61)]
        assert all(r.status_code == 400 and r.json()["error"]["field"] == "name" for r in bad)
        unknown = c.post("/api/decks/save", json={"game": "chant", "name": "x", "author": "A",
                                                  "text": "3 ないカード\n"})
        assert unknown.status_code == 400 and unknown.json()["problems"][0]["code"] == "unknown"


def test_a_saved_deck_is_used_in_the_lobby(db_path: Path) -> None:
    fire = load_game("chant").cards.starter_decks()["fire"].read_text(encoding="utf-8")
    with client(db_path) as c:
        assert c.post("/api/decks/save", json={"game": "chant", "name": "My fire", "author": "A",
                                               "text": fire}).status_code == 201
        made = c.post("/api/games", json={"game": "chant", "deck": {"saved": "My fire"},
                                          "opponent": {"kind": "ai", "level": "easy"}})
        missing = c.post("/api/games", json={"game": "chant", "deck": {"saved": "Nope"},
                                             "opponent": {"kind": "ai", "level": "easy"}})
        assert made.status_code == 201, made.text
        assert missing.status_code == 404 and "Nope" in missing.json()["error"]["message"]
        live = hub(c).live[made.json()["id"]]
        assert live.match.setup.decks[0].sections == load_game("chant").cards.starter_deck("fire").sections


# ----- the stores --------------------------------------------------------------------------
def _store_round_trip(store: Any) -> None:
    card = SavedCard("chant", "little_spark", "Aki", {"id": "little_spark", "name": {"ja": "火花", "en": "Spark"}},
                     time.time())
    store.save_card(card)
    with pytest.raises(Taken):
        store.save_card(SavedCard("chant", "little_spark", "Ben", {"id": "little_spark"}, time.time()))
    store.save_card(SavedCard("destiny", "little_spark", "Ben", {"id": "little_spark"}, time.time()))
    assert store.saved_cards("chant") == [card] and store.count_cards("chant") == 1
    store.save_deck(SavedDeck("chant", "a", "Aki", "3 火球\n", 1.0, "owner-hash"))
    with pytest.raises(Taken):
        store.save_deck(SavedDeck("chant", "a", "Ben", "3 雷撃\n", 2.0))
    with pytest.raises(Taken):  # another author's
        store.save_deck(SavedDeck("chant", "a", "Ben", "3 雷撃\n", 2.0, "other-hash"), replace=True)
    store.save_deck(SavedDeck("chant", "a", "Ben", "3 雷撃\n", 2.0, "owner-hash"), replace=True)
    assert store.saved_decks("chant") == [SavedDeck("chant", "a", "Ben", "3 雷撃\n", 2.0)]
    assert store.saved_decks("destiny") == []


def test_the_sqlite_store_keeps_cards_and_decks(db_path: Path) -> None:
    _store_round_trip(Store(db_path))
    assert Store(db_path).count_cards("chant") == 1  # a second opening reads what the first wrote


def test_the_postgresql_store_keeps_cards_and_decks(pg_url: str) -> None:
    store = open_store(pg_url)
    try:
        _store_round_trip(store)
    finally:
        store.close()


def test_a_card_saved_on_one_process_is_known_to_the_others_sharing_postgresql(pg_url: str) -> None:
    from server_helpers import servers

    with servers(pg_url, 2) as (one, two):
        code, body = post(one, "/api/cards/save", {"game": "chant", "lang": "en", "fields": SPARK, "author": "Aki"})
        assert code == 201, body
        with urllib.request.urlopen(two.url + "/api/cards/chant") as res:
            assert "little_spark" in json.loads(res.read())["cards"]
        text = "3 Little Spark\n" + "".join(f"3 {n}\n" for n in OTHERS) + "1 罠師の網\n"
        code, body = post(two, "/api/games", {"game": "chant", "deck": {"text": text},
                                              "opponent": {"kind": "ai", "level": "easy"}})
        assert code == 201, body


def test_a_saved_card_the_rules_no_longer_accept_is_left_out_not_fatal(db_path: Path) -> None:
    store = Store(db_path)
    table = {"id": "broken", "kind": "library", "name": {"ja": "壊", "en": "B"}, "attribute": "nonsense", "chant": 1}
    store.save_card(SavedCard("chant", "broken", "A", table, time.time()))
    with client(db_path) as c:
        cards = c.get("/api/cards/chant").json()["cards"]
    assert "broken" not in cards and "fireball" in cards


# ----- the computer and serve --cards --------------------------------------------------------
def test_a_thinking_process_knows_the_servers_own_cards(db_path: Path) -> None:
    with client(db_path) as c:
        assert save(c, SPARK).status_code == 201
        game = hub(c).rules("chant")
    cards = own_cards(game)
    assert json.loads(cards).keys() == {"little_spark"}
    assert own_cards(load_game("chant")) == ""
    from grimoire.core.game import Setup
    from grimoire.core.match import Match

    deck = game.cards.deck_from_text("3 Little Spark\n" + "".join(f"3 {n}\n" for n in OTHERS) + "1 罠師の網\n")
    match = Match(game, Setup((deck, deck), game.options(None), 5))
    decision = match.decision
    assert decision is not None
    job = Job("chant", "search-20", (deck, deck), game.view(match.state, decision.player), decision, 7, cards)
    assert decision.find(think(job)) is not None  # the worker's rules have the card (else the view is unknown)


CARD_FILE = """[[cards]]
id = "ember_wisp"
kind = "library"
name.ja = "残り火の精"
name.en = "Ember Wisp"
attribute = "fantasy"
chant = 2
power = 2
"""


def test_serve_cards_loads_card_files_and_a_pasted_deck_uses_them(tmp_path: Path, monkeypatch: Any) -> None:
    cards = tmp_path / "mine.toml"
    cards.write_text(CARD_FILE, encoding="utf-8")
    folder = tmp_path / "home" / "cards" / "chant"
    folder.mkdir(parents=True)
    (folder / "folder.toml").write_text(CARD_FILE.replace("ember_wisp", "folder_wisp").replace("残り火の精", "棚の精")
                                        .replace("Ember Wisp", "Shelf Wisp"), encoding="utf-8")
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))  # the server process's user folder
    server = Server(str(tmp_path / "s.db"), "--cards", str(cards))
    try:
        with urllib.request.urlopen(server.url + "/api/cards/chant") as res:
            known = json.loads(res.read())["cards"]
        assert {"ember_wisp", "folder_wisp"} <= set(known)
        with urllib.request.urlopen(server.url + "/api/cards/destiny") as res:
            assert "ember_wisp" not in json.loads(res.read())["cards"]  # a card file loads into its own game
        text = "3 Ember Wisp\n3 棚の精\n" + "".join(f"3 {n}\n" for n in OTHERS[:-1]) + "1 罠師の網\n"
        code, body = post(server, "/api/games", {"game": "chant", "deck": {"text": text},
                                                 "opponent": {"kind": "ai", "level": "easy"}})
        assert code == 201, body
    finally:
        server.stop()


def test_serve_refuses_a_bad_card_file_with_one_line(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    from cli_helpers import call

    bad = tmp_path / "bad.toml"
    bad.write_text(CARD_FILE.replace('attribute = "fantasy"', 'attribute = "plasma"'), encoding="utf-8")
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path))
    code, _, err = call(capsys, monkeypatch, ["serve", "--cards", str(bad), "--port", "1"])
    assert code != 0
    assert "plasma" in err and "chant" in err and len(err.strip().splitlines()) == 1


def test_limits_include_saves_per_minute() -> None:
    assert Limits().saves_per_minute == 20 and FAST.saves_per_minute == 20


@pytest.mark.parametrize(("game", "filters", "numbers", "listed"), [
    ("chant", ["kind", "attribute", "chant", "power"], ["chant", "power", "required"], {"attribute", "chant", "power"}),
    ("destiny", ["kind", "attribute", "power"], ["power"], {"attribute", "power", "lucky"}),
    ("toy", ["kind"], [], set()),
])
def test_the_pool_lists_the_fields_its_games_plugin_names(db_path: Path, game: str, filters: list[str],
                                                          numbers: list[str], listed: set[str]) -> None:
    with TestClient(create_app(Store(db_path), (game,), ai_delay=0)) as c:
        pool = c.get(f"/api/pool/{game}").json()
    assert pool["filters"] == filters and pool["numbers"] == numbers
    fields = set().union(*(card.keys() for card in pool["cards"]))
    assert listed <= fields
    assert not ({"chant", "required"} & fields) or game == "chant"
