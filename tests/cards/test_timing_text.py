"""Rule 3.4 (activation timing) of docs/rules/chant.md in card text: the generated sentence of
every timing in both languages, the forum template's 発動 (Timing) item, and the round trip."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core.forum import ForumError
from grimoire.games.chant.cards import TIMINGS, load_pool
from grimoire.games.chant.cardtext import rules_text, text_lines
from grimoire.games.chant.forum import from_forum, to_forum

TEXT = {
    "ja": {"c_phase": "このカードは自身のCフェイズに発動する（Aフェイズには発動できない）。",
           "a_and_c_phase": "このカードは自身のCフェイズにも発動できる。",
           "end_phase": "このカードは自身のエンドフェイズに発動する（Cフェイズ・Aフェイズには発動できない）。",
           "counter": "このカードは反撃としてのみ発動できる。"},
    "en": {"c_phase": "Activate this card in your C phase (not in your A phase).",
           "a_and_c_phase": "You may also activate this card in your C phase.",
           "end_phase": "Activate this card in your E phase (not in your C or A phase).",
           "counter": "This card is activated only as a counter."},
}
ITEM = {"ja": {"c_phase": "発動：Cフェイズ", "a_and_c_phase": "発動：C・Aフェイズ", "end_phase": "発動：エンドフェイズ",
               "counter": "発動：反撃のみ"},
        "en": {t: f"Timing: {t}" for t in ("c_phase", "a_and_c_phase", "end_phase", "counter")}}


def card(timing: str, effects: bool = True) -> Any:
    table: dict[str, Any] = {"id": "x", "kind": "library", "name": {"ja": "試作", "en": "Trial"},
                             "attribute": "science", "chant": 3, "power": 2, "timing": timing}
    if effects:
        table["effects"] = [{"on": "activate", "op": "draw", "n": 1}]
    return load_pool(tables={"x": table})["x"]


@pytest.mark.parametrize("timing", ["c_phase", "a_and_c_phase", "end_phase", "counter"])
def test_rule_3_4_2_generated_text_states_each_timing(timing: str) -> None:
    c = card(timing)
    assert rules_text(c, "ja") == f"『発動効果』・{TEXT['ja'][timing]}・カードを1枚ドローする。"
    assert rules_text(c, "en") == f"{TEXT['en'][timing]} Activation effect: draw 1 card."
    assert text_lines(card(timing, effects=False), "ja") == [f"『発動効果』・{TEXT['ja'][timing]}"]
    assert rules_text(card(timing, effects=False), "en") == TEXT["en"][timing]


def test_rule_3_4_2_the_a_phase_default_says_nothing() -> None:
    assert rules_text(card("a_phase"), "en") == "Activation effect: draw 1 card."
    assert rules_text(card("a_phase", effects=False), "ja") == "効果なし。"


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("timing", ["c_phase", "a_and_c_phase", "end_phase", "counter"])
def test_rule_3_4_2_forum_export_and_import_keep_each_timing(timing: str, lang: str) -> None:
    c = card(timing)
    post = to_forum(c, lang)
    assert post.splitlines()[1].endswith(ITEM[lang][timing])
    [(_, table)] = from_forum(post, "p.txt")
    assert table["timing"] == timing and table["effects"] == [{"on": "activate", "op": "draw", "n": 1}]
    again = load_pool(tables={"x": table})["x"]
    assert to_forum(again, lang) == post


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("timing", ["c_phase", "a_and_c_phase", "end_phase", "counter"])
def test_rule_3_4_2_a_post_may_state_the_timing_in_the_rules_texts_sentence(timing: str, lang: str) -> None:
    head = ("〇試作\n区分：書庫 属性：科学 詠唱値：3 威力：2\n『発動効果』\n・" if lang == "ja"
            else "〇Trial\nKind: library  Attribute: science  Chant: 3  Power: 2\n[Activation effect]\n- ")
    [(_, table)] = from_forum(head + TEXT[lang][timing] + "\n", "p.txt")
    assert table["timing"] == timing and "effects" not in table


def test_rule_3_4_2_the_default_timing_is_not_printed_and_bad_words_are_one_line_errors() -> None:
    assert "発動" not in to_forum(card("a_phase"), "ja").splitlines()[1]
    assert set(TIMINGS) == {"a_phase", *TEXT["ja"]}
    with pytest.raises(ForumError) as err:
        from_forum("〇試作\n区分：書庫 属性：科学 詠唱値：3 発動：Bフェイズ\n", "p.txt")
    assert err.value.message("en") == ("p.txt:2: Timing must be one of a_phase, c_phase, a_and_c_phase, end_phase, "
                                       "counter, got 'Bフェイズ'")
    with pytest.raises(ForumError, match="contradicts"):
        from_forum("〇試作\n区分：書庫 属性：科学 詠唱値：3 発動：Cフェイズ\n『発動効果』\n・" + TEXT["ja"]["counter"],
                   "p.txt")


def test_rule_3_4_the_card_face_shows_the_timing_on_its_type_line() -> None:
    from grimoire.games.chant.face import face, face_spec

    assert face_spec(card("counter"), "ja").type_left == "書庫・反撃のみ"
    assert face_spec(card("a_and_c_phase"), "en").type_left == "Library · C/A phase"
    assert face_spec(card("a_phase"), "en").type_left == "Library"
    svg = face(card("end_phase"), "en")
    assert 'data-timing="end_phase"' in svg and "E phase" in svg


@pytest.mark.parametrize(("lang", "key", "word"), [("ja", "発動", "反撃のみ"), ("en", "Timing", "counter")])
def test_rule_3_4_the_card_editor_has_a_timing_field(lang: str, key: str, word: str) -> None:
    from grimoire.core.registry import load_game
    from grimoire.web.cardmaker import check, template

    game = load_game("chant")
    item = next(s for s in template(game, lang)["stats"] if s["key"] == key)
    assert not item["numeric"] and word in item["values"] and len(item["values"]) == 4
    stats = ({"区分": "書庫", "属性": "物質", "詠唱値": "2", "威力": "2", key: word} if lang == "ja" else
             {"Kind": "library", "Attribute": "matter", "Chant": "2", "Power": "2", key: word})
    fields = {"name": "試作の盾", "id": "trial_shield", "other_name": "Trial Shield", "stats": stats}
    checked = check(game, fields, lang)
    assert checked.errors == [] and checked.table is not None and checked.table["timing"] == "counter"
