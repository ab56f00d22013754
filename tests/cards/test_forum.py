"""The forum template both ways (issue 9, item 2): round trips, the seed's printed cards, errors with lines."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from card_helpers import GAMES, LANGS, SEED_CARDS, game, shipped

from grimoire.core.cardtools import forum_fit, forum_text, read_forum
from grimoire.core.errors import GrimoireError
from grimoire.core.forum import ForumError, split_cards
from grimoire.core.registry import load_game, plugin
from grimoire.core.tomlwrite import dump_cards
from grimoire.games.chant.cards import parse_card
from grimoire.games.destiny.cards import read_card

PARSE = {"chant": parse_card, "destiny": read_card}


def reload(name: str, table: dict[str, Any]) -> Any:
    """The card a read table makes, with its text generated against the game's pool."""
    card = PARSE[name]("<forum>", dict(table))
    tools = game(name)
    if name == "chant":
        from grimoire.games.chant.cards import with_text

        card = with_text(card, tools.pool)
    return card


def semantics(name: str, card: Any) -> tuple[Any, ...]:
    """Everything a card is, apart from its text (which is generated)."""
    effects = tuple((e.on, e.op, tuple(sorted((k, str(v)) for k, v in e.params.items() if k != "filter")),
                     tuple(sorted((e.params.get("filter") or {}).items())), e.cost)
                    for e in card.effects)
    common = (card.id, card.name, card.ruby or None, card.attribute, card.flavor, effects)
    if name == "chant":
        return (*common, card.kind, card.chant, card.power, card.required)
    return (*common, card.power, card.lucky)


def export(name: str, card: Any, lang: str) -> str:
    """A card read back (in no pool yet), printed in the forum template again."""
    tools = plugin(name).text_tools()
    assert tools is not None
    return tools.to_forum(card, lang, game(name).pool)


def canonical_filters(name: str, card: Any) -> Any:
    from grimoire.games.chant.cardtext import op_key

    return [op_key(e) for e in card.effects] if name == "chant" else None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "cid"), shipped())
def test_export_import_export_is_identical_for_every_shipped_card(name: str, cid: str, lang: str) -> None:
    g = game(name)
    first = forum_text(g, [cid], lang)
    read = read_forum(g, first, "post.txt")
    assert [line for line, _ in read] == [1]
    card = reload(name, read[0][1])
    tools = g.pool[cid]
    again = export(name, card, lang)
    assert again == first
    mine = semantics(name, card)
    theirs = semantics(name, tools)
    assert mine[:5] == theirs[:5] and mine[6:] == theirs[6:]
    assert [e[:3] for e in mine[5]] == [e[:3] for e in theirs[5]] or name == "chant"
    assert canonical_filters(name, card) == canonical_filters(name, tools)
    assert card.text == tools.text


@pytest.mark.parametrize("cid", SEED_CARDS)
def test_the_seeds_printed_cards_import_from_the_seed_text_as_printed(cid: str) -> None:
    g = game("chant")
    read = read_forum(g, SEED_CARDS[cid], "seed.txt")
    assert len(read) == 1
    line, table = read[0]
    assert line == 1
    card = reload("chant", table)
    shipped_card = g.pool[cid]
    for field in ("kind", "attribute", "chant", "power", "required", "effects"):
        assert getattr(card, field) == getattr(shipped_card, field), field
    assert card.name.ja == shipped_card.name.ja and card.ruby == shipped_card.ruby
    assert card.flavor is not None and shipped_card.flavor is not None
    assert card.flavor.ja == shipped_card.flavor.ja
    assert card.text.ja == shipped_card.text.ja


def test_a_post_of_several_cards_reads_every_card_and_its_line() -> None:
    g = game("chant")
    post = "今回の新作です！\n\n" + "\n\n".join(SEED_CARDS.values()) + "\n→要約すると強い\n"
    read = read_forum(g, post, "post.txt")
    assert [line for line, _ in read] == [3, 9, 18]


def test_imported_cards_are_written_as_toml_the_game_loads() -> None:
    g = game("destiny")
    tables = [t for _, t in read_forum(g, forum_text(g, ["oni_mask_champion", "fox_fire"], "ja"), "p.txt")]
    text = dump_cards(tables)
    again = tomllib.loads(text)["cards"]
    assert again == tables
    assert [read_card("x.toml", t).id for t in again] == ["oni_mask_champion", "fox_fire"]


def test_a_post_without_the_grimoire_section_gets_an_id_and_repeats_its_language() -> None:
    g = game("chant")
    (_, table), = read_forum(g, SEED_CARDS["fireball"], "seed.txt")
    assert table["id"].startswith("card_") and table["name"] == {"ja": "火球", "en": "火球"}
    assert table["flavor"]["en"] == table["flavor"]["ja"]


@pytest.mark.parametrize("name", GAMES)
def test_each_post_fits_its_own_games_template_best(name: str) -> None:
    other = next(n for n in GAMES if n != name)
    for cid in sorted(game(name).pool.by_id)[:8]:
        for lang in LANGS:
            post = forum_text(game(name), [cid], lang)
            assert forum_fit(game(name), post) > forum_fit(game(other), post), (cid, lang)


# ----------------------------------------------------------------------------- errors name the line
HEAD = "〇試作\n区分：書庫 属性：幻想 詠唱値：3 威力：2\n"
DHEAD = "〇試作\n属性：気魄 カードパワー：３\n"


def _error(name: str, post: str) -> str:
    with pytest.raises(ForumError) as info:
        read_forum(game(name), post, "post.txt")
    message = str(info.value)
    assert "\n" not in message
    return message


def test_a_sentence_outside_the_grammar_names_its_line_and_the_nearest_phrasings() -> None:
    post = HEAD + "『発動効果』\n・カードを1枚ドローする。\nその後、相手のライフを2減らす。\n"
    message = _error("chant", post)
    assert message.startswith("post.txt:5: cannot read 「相手のライフを2減らす。」")
    assert "「相手に1のダメージを与える。」" in message and "nearest phrasings" in message


def test_a_misspelt_destiny_sentence_suggests_the_right_one_first() -> None:
    post = DHEAD + "【バトル】\n・カードを１枚引く。\n・自分の能力者１体を選ぶ。そのパワーを＋２倍する。\n"
    message = _error("destiny", post)
    assert message.startswith("post.txt:5: cannot read 「自分の能力者1体を選ぶ。そのパワーを+2倍する。」")
    assert "「カードを１枚引く。」" not in message
    assert message.split("nearest phrasings: ")[1].startswith("「自分の能力者１体を選ぶ。そのパワー＋１。」")


def test_an_english_sentence_outside_the_grammar_suggests_english_phrasings() -> None:
    post = ("〇Test\nKind: library  Attribute: fantasy  Chant: 3  Power: 2\n[Activation effect]\n"
            "- Draw a card at random.\n")
    message = _error("chant", post)
    assert message.startswith("post.txt:4: cannot read 「Draw a card at random.」") and "「Draw 1 card.」" in message


@pytest.mark.parametrize(("name", "post", "expected"), [
    ("chant", "〇試作\n区分：書庫 属性：火 詠唱値：3\n",
     "post.txt:2: Attribute must be one of science, fantasy, matter, spirit, got '火'"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：三\n", "post.txt:2: Chant must be a number, got '三'"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：3 色：赤\n", "post.txt:2: unknown item '色'"),
    ("chant", "〇試作\n区分：書庫 属性：幻想\n", "post.txt:2: card 「試作」 has no Chant"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：3\n『奥義』\n・x\n", "post.txt:3: unknown section 『奥義』"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：3\n『詠唱効果』\n・カードを1枚ドローする。\n",
     "post.txt:4: cannot read 「カードを1枚ドローする。」; "
     "nearest phrasings: 「このカードの詠唱開始時、カードを1枚ドローする。」"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：3\n『発動効果』\n"
              "・自身の書庫から「存在しない札」1枚を探し、詠唱を開始する"
              "（自身の詠唱中のカードが5枚以上なら手札に加える）。その後、書庫をシャッフルする。\n",
     "post.txt:4: no card named 「存在しない札」 to search for"),
    ("chant", "〇試作\n区分：禁書 属性：幻想 詠唱値：3\n", "post.txt:1: card 「試作」: Required is missing"),
    ("destiny", "〇試作\n属性：気魄 カードパワー：７\n",
     "post.txt:1: card 「試作」: Power must be at most 6, got 7"),
    ("destiny", "〇試作\n属性：気魄 カードパワー：３\n【応答】\n・カードを１枚引く。\n",
     "post.txt:4: card 「試作」: a response group must start with 'cancel'"),
    ("destiny", "〇試作\n属性：気魄 カードパワー：３\n【バトル】\n・相手の能力者１体を選ぶ。そのパワー－９。\n",
     "post.txt:4: card 「試作」: This effect's number must be at most 6, got 9"),
    ("destiny", "前置きだけ\n", "post.txt: no card found"),
])
def test_bad_cards_are_one_line_errors_naming_the_line(name: str, post: str, expected: str) -> None:
    assert _error(name, post).startswith(expected)


CHANT_SECTIONS = "『詠唱効果』、『発動効果』、『フレーバーテキスト』、『grimoire』"
CHANT_SECTIONS_EN = "[Chant effect], [Activation effect], [Flavor text], [Grimoire]"
DESTINY_SECTIONS = "【メイン】、【バトル】、【応答】、【攻撃】、『フレーバーテキスト』"
DESTINY_SECTIONS_EN = "[Main], [Battle], [Response], [Attack], [Flavor text]"
CHANT_EXAMPLE = "区分：書庫 属性：幻想 詠唱値：2 威力：1"
CHANT_EXAMPLE_EN = "Kind: library Attribute: fantasy Chant: 2 Power: 1"


@pytest.mark.parametrize(("name", "post", "ja", "en"), [
    ("chant", "〇\n", "post.txt:1: 〇 のあとにカード名を書いてください", "post.txt:1: a card needs a name after 〇"),
    ("chant", "前置きだけ\n", "post.txt: カードが見つかりません（カードは「〇カード名」の行から始まります）",
     "post.txt: no card found: a card starts with a line 〇NAME"),
    ("chant", HEAD + "おまけ\n", "post.txt:3: カードの最初の見出しより前に、読めない行があります: おまけ",
     "post.txt:3: unexpected line before the card's first section: 'おまけ'"),
    ("chant", HEAD + "『Grimoire』\nただの行\n", "post.txt:4: 「項目：値」の形ではありません: ただの行",
     "post.txt:4: expected 'key: value', got 'ただの行'"),
    ("chant", HEAD + "『Grimoire』\n色：赤\n",
     "post.txt:4: 『Grimoire』に知らない項目「色」があります（項目: ID、英語名、英語フレーバー、タグ）",
     "post.txt:4: unknown item '色' in 『Grimoire』; items: ID, 英語名, 英語フレーバー, タグ"),
    ("chant", "〇試作\n", f"post.txt:1: カード「試作」に数値の行がありません（例: {CHANT_EXAMPLE}）",
     f"post.txt:1: card 「試作」 needs its numbers line ({CHANT_EXAMPLE_EN})"),
    ("chant", "〇試作\nよろしく\n", f"post.txt:2: 数値の行が読めません（例: {CHANT_EXAMPLE}）: よろしく",
     f"post.txt:2: expected the numbers line ({CHANT_EXAMPLE_EN}), got 'よろしく'"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：3 色：赤\n",
     "post.txt:2: 数値の行に知らない項目「色」があります（項目: 区分・属性・詠唱値・威力・要求枚数）",
     "post.txt:2: unknown item '色'; the numbers line has Kind, Attribute, Chant, Power, Required"),
    ("chant", "〇試作\n区分：外典 属性：幻想 詠唱値：3\n", "post.txt:2: 区分は書庫か禁書にしてください（いま「外典」）",
     "post.txt:2: Kind must be library or forbidden, got '外典'"),
    ("chant", "〇試作\n区分：書庫 属性：火 詠唱値：3\n",
     "post.txt:2: 属性は 科学・幻想・物質・精神 のどれかにしてください（いま「火」）",
     "post.txt:2: Attribute must be one of science, fantasy, matter, spirit, got '火'"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：三\n", "post.txt:2: 詠唱値は数で書いてください（いま「三」）",
     "post.txt:2: Chant must be a number, got '三'"),
    ("chant", "〇試作\n区分：書庫 属性：幻想\n", "post.txt:2: カード「試作」に詠唱値がありません",
     "post.txt:2: card 「試作」 has no Chant"),
    ("chant", HEAD + "『奥義』\n・x\n", f"post.txt:3: 知らない見出し 『奥義』 です（見出し: {CHANT_SECTIONS}）",
     f"post.txt:3: unknown section 『奥義』; sections: {CHANT_SECTIONS_EN}"),
    ("chant", HEAD + "『詠唱効果』\n・カードを1枚ドローする。\n",
     "post.txt:4: 「カードを1枚ドローする。」が読めません。近い書き方: 「このカードの詠唱開始時、",
     "post.txt:4: cannot read 「カードを1枚ドローする。」; nearest phrasings: 「このカードの詠唱開始時、"),
    ("chant", HEAD + "『発動効果』\n・自身の書庫から「存在しない札」1枚を探し、詠唱を開始する"
                      "（自身の詠唱中のカードが5枚以上なら手札に加える）。その後、書庫をシャッフルする。\n",
     "post.txt:4: 探すカード「存在しない札」がありません", "post.txt:4: no card named 「存在しない札」 to search for"),
    ("chant", "〇試作\n区分：禁書 属性：幻想 詠唱値：3\n", "post.txt:1: カード「試作」: 禁書には要求枚数が要ります",
     "post.txt:1: card 「試作」: Required is missing (a forbidden book needs its required number)"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：3 要求枚数：2\n",
     "post.txt:1: カード「試作」: 要求枚数は禁書にだけ書きます",
     "post.txt:1: card 「試作」: Required is only for forbidden books"),
    ("chant", "〇試作\n区分：書庫 属性：幻想 詠唱値：30\n",
     "post.txt:1: カード「試作」: 詠唱値は 20 以下にしてください（いま 30）",
     "post.txt:1: card 「試作」: Chant must be at most 20, got 30"),
    ("chant", HEAD + "『Grimoire』\nID：Shisaku One\n",
     "post.txt:1: カード「試作」: IDは英小文字・数字・「-」「_」だけで書いてください（いま「Shisaku One」）",
     "post.txt:1: card 「試作」: ID must be lowercase ASCII letters, digits, '-' or '_', got 'Shisaku One'"),
    ("chant", "〇Test\nKind: library  Attribute: fire  Chant: 3\n",
     "post.txt:2: 属性は 科学・幻想・物質・精神 のどれかにしてください（いま「fire」）",
     "post.txt:2: Attribute must be one of science, fantasy, matter, spirit, got 'fire'"),
    ("destiny", "〇試作\n属性：気魄 カードパワー：７\n",
     "post.txt:1: カード「試作」: カードパワーは 6 以下にしてください（いま 7）",
     "post.txt:1: card 「試作」: Power must be at most 6, got 7"),
    ("destiny", "〇試作\n", "post.txt:1: カード「試作」に数値の行がありません（例: 属性：気魄 カードパワー：３）",
     "post.txt:1: card 「試作」 needs its numbers line (Attribute: kiryoku Power: 3)"),
    ("destiny", "〇試作\n属性：炎 カードパワー：３\n",
     "post.txt:2: 属性は 気魄・術式・神秘・全能 のどれかにしてください（いま「炎」）",
     "post.txt:2: Attribute must be one of kiryoku, jutsushiki, shinpi, zenno, got '炎'"),
    ("destiny", "〇試作\n属性：気魄 色：赤\n",
     "post.txt:2: 数値の行に知らない項目「色」があります（項目: 属性・カードパワー・Lucky!）",
     "post.txt:2: unknown item '色'; the numbers line has Attribute, Power, Lucky!"),
    ("destiny", "〇試作\n属性：気魄 カードパワー：三\n", "post.txt:2: カードパワーは数で書いてください（いま「三」）",
     "post.txt:2: Power must be a number, got '三'"),
    ("destiny", "〇試作\n属性：気魄\n", "post.txt:2: カード「試作」にカードパワーがありません",
     "post.txt:2: card 「試作」 has no Power"),
    ("destiny", DHEAD + "【奥義】\n", f"post.txt:3: 知らない見出し 【奥義】 です（見出し: {DESTINY_SECTIONS}）",
     f"post.txt:3: unknown section 【奥義】; sections: {DESTINY_SECTIONS_EN}"),
    ("destiny", DHEAD + "【メイン】\n・世界を救う。\n", "post.txt:4: 「世界を救う。」が読めません。近い書き方: 「",
     "post.txt:4: cannot read 「世界を救う。」; nearest phrasings: 「"),
    ("destiny", DHEAD + "【応答】\n・カードを１枚引く。\n", "post.txt:4: カード「試作」: 【応答】は相殺から始めます",
     "post.txt:4: card 「試作」: a response group must start with 'cancel'"),
    ("destiny", DHEAD + "【バトル】\n・相手の能力者１体を選ぶ。そのパワー－９。\n",
     "post.txt:4: カード「試作」: この効果の数は 6 以下にしてください（いま 9）",
     "post.txt:4: card 「試作」: This effect's number must be at most 6, got 9"),
])
def test_every_reader_message_is_in_japanese_and_english(name: str, post: str, ja: str, en: str) -> None:
    with pytest.raises(ForumError) as info:
        read_forum(game(name), post, "post.txt")
    exc = info.value
    assert str(exc) == exc.message("en") and "\n" not in exc.message("ja")
    assert exc.message("en").startswith(en), exc.message("en")
    assert exc.message("ja").startswith(ja), exc.message("ja")
    assert exc.message("ja") != exc.message("en")


def test_a_wrapped_sentence_is_blamed_on_the_line_where_the_bad_words_are() -> None:
    post = HEAD + "『発動効果』\n・カードを1枚ドローする。その後、\n自身はライフを1支払う。\nそして踊る。\n"
    assert _error("chant", post).startswith("post.txt:6: cannot read 「そして踊る。」")


def test_names_with_markup_characters_survive_the_round_trip() -> None:
    g = game("chant")
    post = ("〇<script>&「火」<>\n区分：書庫 属性：幻想 詠唱値：1 威力：1\n『フレーバーテキスト』\n"
            "<b>太字</b> & \"引用\"\n"
            "『Grimoire』\nID：markup_card\n英語名：a<b> & c\n")
    (_, table), = read_forum(g, post, "p.txt")
    assert table["name"] == {"ja": "<script>&「火」", "en": "a<b> & c"}
    card = reload("chant", table)
    again = export("chant", card, "ja")
    (_, back), = read_forum(g, again, "p.txt")
    assert back == table
    names = {"ja": "x>", "en": "y"}
    assert split_cards("〇" + names["ja"] + "<>\n", "p")[0].name == "x>"


def test_a_game_without_a_forum_template_says_so() -> None:
    toy = load_game("toy")
    with pytest.raises(GrimoireError, match="has no forum card template"):
        forum_text(toy, sorted(toy.pool.by_id)[:1], "ja")
    assert forum_fit(toy, SEED_CARDS["fireball"]) == 0


@pytest.mark.parametrize(("message", "ja"), [
    ("must be true or false, got 3", "Lucky!は true か false にしてください（いま 3）"),
    ("must be a table", "Lucky!は表（キーと値の組）にしてください"),
    ("must be a non-empty list of strings", "Lucky!は文字列を 1 つ以上並べたリストにしてください"),
])
def test_a_hand_written_card_files_refusals_have_japanese_too(message: str, ja: str) -> None:
    from grimoire.core.cardtools import check_words
    from grimoire.core.errors import ContentError

    words = check_words(load_game("destiny"), ContentError("c.toml", "x", "lucky", message))
    assert words.ja == ja and words.en == f"Lucky! {message}"


def test_an_unknown_effect_in_a_card_file_is_refused_in_japanese_too() -> None:
    from grimoire.core.cardtools import check_words
    from grimoire.core.errors import ContentError

    game = load_game("chant")
    unknown = ContentError("c.toml", "x", "effects[0].op", "unknown operation 'boom'; known: draw, damage")
    trigger = ContentError("c.toml", "x", "effects[0].on",
                           "operation 'draw' cannot be used with trigger 'static'; allowed: activate, leave")
    assert check_words(game, unknown).ja == "この効果: 知らない効果「boom」です（効果: draw, damage）"
    assert check_words(game, trigger).ja == \
        "この効果: 効果「draw」はきっかけ「static」には使えません（使えるきっかけ: activate, leave）"
