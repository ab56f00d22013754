"""The seed's words understood (issue 30, item 1): a corpus of effect sentences per game, each mapped to its effect.

Every sentence is read the way a designer's post is read — by the game's one forum reader
(:func:`grimoire.core.cardtools.read_forum`, which the CLI importer and the web editor
both call) inside a one-card post — and must give exactly the listed effects. The corpus
holds the seed's own sentences (its printed cards, wrapped as the seed wraps them, and the
examples of its rules text) and the ways people write the same thing: particles and word
order, full- and half-width digits and punctuation, a sentence broken over lines, 「」 or
『』 around names, a missing full stop.
"""

from __future__ import annotations

from typing import Any

import pytest
from card_helpers import game

from grimoire.core.cardtools import read_forum
from grimoire.core.forum import ForumError
from grimoire.web.cardmaker import check

Effect = tuple[str, str, dict[str, Any]]


def fx(on: str, op: str, **params: Any) -> dict[str, Any]:
    return {"on": on, "op": op, **params}


A, C = "『発動効果』", "『詠唱効果』"
OPP_CH = {"owner": "opponent", "state": "chanting"}

#: (section, sentence as written, effects) — 詠唱 Chant.
CHANT: list[tuple[str, str, list[dict[str, Any]]]] = [
    # the seed's printed cards, wrapped as the seed wraps them
    (A, "・自身のメインデッキから同名ではないカードを3枚まで選択し相手に見せる。\n"
        "相手はその中から1枚選択し、選択した1枚を手札に加える。それ以外のカードはメインデッキに戻しシャッフルする。",
     [fx("activate", "reveal_pick", n=3)]),
    (C, "・このカードの詠唱開始時に使用できる。\n"
        "自身はライフを6まで支払う。支払ったライフだけこのカードの詠唱を進めて良い。",
     [fx("chant_start", "pay_life_advance_self", max=6)]),
    (A, "・自身の空書置場に存在する「火球」「火焔球」「煉獄球」と名のつくカード1種類につき\nこのカードの威力を1加えて"
        "ダメージ処理を行う。", [fx("activate", "power_per_blank_name", names=["火球", "火焔球", "煉獄球"])]),
    (A, "・このカードが場から離れる際に発動する。\n互いのプレイヤーは1のダメージを受ける。",
     [fx("leave", "damage", n=1, to="both")]),
    # the seed's examples in its rules text (【カード区分】〇効果, 〇ドローフェイズ)
    (A, "デッキからカードを1枚ドローする", [fx("activate", "draw", n=1)]),
    (A, "デッキからカードを1枚ドローする。", [fx("activate", "draw", n=1)]),
    (A, "指定した詠唱中のカードの詠唱を1進める", [fx("activate", "advance", n=1, target="choose")]),
    (A, "デッキから火球を選択して詠唱を開始する", [fx("activate", "tutor_chant", card="fireball")]),
    (A, "メインデッキからカードを1枚ドローする。", [fx("activate", "draw", n=1)]),
    # draw
    (A, "カードを1枚ドローする。", [fx("activate", "draw", n=1)]),
    (A, "カードを１枚ドローする。", [fx("activate", "draw", n=1)]),
    (A, "カードを2枚引く。", [fx("activate", "draw", n=2)]),
    (A, "カードを２枚引く", [fx("activate", "draw", n=2)]),
    (A, "1枚カードをドローする。", [fx("activate", "draw", n=1)]),
    (A, "カード1枚をドローする。", [fx("activate", "draw", n=1)]),
    (A, "山札からカードを2枚引く", [fx("activate", "draw", n=2)]),
    (A, "自身のメインデッキからカードを1枚ドローする。", [fx("activate", "draw", n=1)]),
    (A, "書庫からカードを３枚ドローする．", [fx("activate", "draw", n=3)]),
    # chants moved
    (A, "自身の詠唱中のカード1枚を選択し、詠唱を1進める。", [fx("activate", "advance", n=1, target="choose")]),
    (A, "自身の詠唱中のカードを1枚選択し、その詠唱を1進める。", [fx("activate", "advance", n=1, target="choose")]),
    (A, "選んだ自分の詠唱中のカードの詠唱を２進める", [fx("activate", "advance", n=2, target="choose")]),
    (A, "相手の詠唱中のカードを1枚選び、詠唱を2戻す。",
     [fx("activate", "rewind", n=2, target="choose", filter=OPP_CH)]),
    (A, "相手の詠唱エリアのカード1枚を選択し、詠唱を１戻す。",
     [fx("activate", "rewind", n=1, target="choose", filter={"owner": "opponent"})]),
    (A, "自身の詠唱中の全てのカードの詠唱を1進める。", [fx("activate", "advance", n=1, target="all")]),
    (A, "自身の全ての詠唱中のカードの詠唱を1進める。", [fx("activate", "advance", n=1, target="all")]),
    (A, "自身の詠唱中のすべてのカードの詠唱を1進める。", [fx("activate", "advance", n=1, target="all")]),
    (A, "相手の詠唱中の全ての科学属性のカードの詠唱を1戻す。",
     [fx("activate", "rewind", n=1, target="all", filter={**OPP_CH, "attribute": "science"})]),
    (A, "相手の詠唱中の全ての科学のカードの詠唱を1戻す。",
     [fx("activate", "rewind", n=1, target="all", filter={**OPP_CH, "attribute": "science"})]),
    (A, "このカードの詠唱を2進める。", [fx("activate", "advance", n=2, target="self")]),
    (A, "このカードの詠唱を２つ進める", [fx("activate", "advance", n=2, target="self")]),
    # a search
    (A, "デッキから「火球」を選択して詠唱を開始する。", [fx("activate", "tutor_chant", card="fireball")]),
    (A, "デッキから『火焔球』を選択して詠唱を開始する。", [fx("activate", "tutor_chant", card="flame_sphere")]),
    (A, "山札から「火球」を1枚探し、詠唱を開始する。その後、山札をシャッフルする。",
     [fx("activate", "tutor_chant", card="fireball")]),
    (A, "自身の書庫から「火球」1枚を探し、詠唱を開始する（自身の詠唱中のカードが5枚以上なら手札に加える）。"
        "その後、書庫をシャッフルする。", [fx("activate", "tutor_chant", card="fireball")]),
    (A, "自身の書庫から『火球』1枚を探し、詠唱を開始する（自身の詠唱中のカードが5枚以上なら手札に加える）。"
        "その後、書庫をシャッフルする。", [fx("activate", "tutor_chant", card="fireball")]),
    # damage
    (A, "相手に3のダメージを与える。", [fx("activate", "damage", n=3, to="opponent")]),
    (A, "相手に3ダメージを与える。", [fx("activate", "damage", n=3, to="opponent")]),
    (A, "相手に３点のダメージを与える", [fx("activate", "damage", n=3, to="opponent")]),
    (A, "相手プレイヤーに2点のダメージを与える。", [fx("activate", "damage", n=2, to="opponent")]),
    (A, "2のダメージを相手に与える。", [fx("activate", "damage", n=2, to="opponent")]),
    (A, "２点のダメージを相手プレイヤーに与える", [fx("activate", "damage", n=2, to="opponent")]),
    (A, "自身は1のダメージを受ける。", [fx("activate", "damage", n=1, to="self")]),
    (A, "自分は1ダメージを受ける。", [fx("activate", "damage", n=1, to="self")]),
    (A, "互いのプレイヤーは1のダメージを受ける。", [fx("activate", "damage", n=1, to="both")]),
    (A, "互いに1ダメージを受ける。", [fx("activate", "damage", n=1, to="both")]),
    (A, "両プレイヤーは2点のダメージを受ける", [fx("activate", "damage", n=2, to="both")]),
    # life
    (A, "自身のライフを3回復する。", [fx("activate", "gain_life", n=3)]),
    (A, "ライフを3回復する。", [fx("activate", "gain_life", n=3)]),
    (A, "自分のライフを2点回復する。", [fx("activate", "gain_life", n=2)]),
    (A, "自身はライフを1支払う。", [fx("activate", "pay_life", n=1)]),
    (A, "ライフを1払う。", [fx("activate", "pay_life", n=1)]),
    # discard
    (A, "自身は手札を1枚選択し、空書置場に置く。", [fx("activate", "discard", n=1)]),
    (A, "手札を1枚捨てる。", [fx("activate", "discard", n=1)]),
    (A, "手札からカードを1枚空書エリアに捨てる。", [fx("activate", "discard", n=1)]),
    # several sentences in one bullet
    (A, "カードを1枚ドローする。その後、自身はライフを1支払う。",
     [fx("activate", "draw", n=1), fx("activate", "pay_life", n=1)]),
    (A, "カードを1枚ドローする。その後自身はライフを1支払う。",
     [fx("activate", "draw", n=1), fx("activate", "pay_life", n=1)]),
    (A, "カードを1枚引く。ライフを1支払う。", [fx("activate", "draw", n=1), fx("activate", "pay_life", n=1)]),
    (A, "・カードを1枚ドローする。\n自身はライフを1支払う。",
     [fx("activate", "draw", n=1), fx("activate", "pay_life", n=1)]),
    # openings
    (A, "このカードが場から離れる際に発動する。互いのプレイヤーは１のダメージを受ける",
     [fx("leave", "damage", n=1, to="both")]),
    (A, "場から離れた時、互いのプレイヤーは1のダメージを受ける。", [fx("leave", "damage", n=1, to="both")]),
    (C, "このカードの詠唱開始時、カードを1枚ドローする。", [fx("chant_start", "draw", n=1)]),
    (C, "詠唱開始時、カードを1枚ドローする。", [fx("chant_start", "draw", n=1)]),
    (C, "詠唱開始時に、デッキからカードを1枚ドローする。", [fx("chant_start", "draw", n=1)]),
    (C, "このカードの詠唱開始時、相手に1のダメージを与える。", [fx("chant_start", "damage", n=1, to="opponent")]),
    (A, "このカードの発動時、自身はライフを2支払う。その後、相手に4のダメージを与える。",
     [fx("activate", "pay_life", n=2), fx("activate", "damage", n=4, to="opponent")]),
    (A, "発動時、ライフを2支払う。その後、相手に4のダメージを与える。",
     [fx("activate", "pay_life", n=2), fx("activate", "damage", n=4, to="opponent")]),
    (C, "このカードが場にある間、自身の詠唱中の科学属性のカード（このカードを含む）の威力を+1する"
        "（威力を持たないカードは持たないまま）。",
     [fx("static", "power_mod", n=1, filter={"state": "chanting", "attribute": "science"})]),
    (C, "このカードが場にある間、自身のエンドフェイズ時、カードを1枚ドローする。", [fx("end_phase", "draw", n=1)]),
    (C, "このカードが場にある間、自身のエンドフェイズ時、デッキからカードを1枚引く。", [fx("end_phase", "draw", n=1)]),
    (C, "場にある間、自身のエンドフェイズ時、カードを1枚ドローする。", [fx("end_phase", "draw", n=1)]),
    # English
    ("[Activation effect]", "Draw 1 card.", [fx("activate", "draw", n=1)]),
    ("[Activation effect]", "Draw a card.", [fx("activate", "draw", n=1)]),
    ("[Activation effect]", "Draw two cards", [fx("activate", "draw", n=2)]),
    ("[Activation effect]", "Deal 3 damage to the opponent.", [fx("activate", "damage", n=3, to="opponent")]),
    ("[Activation effect]", "Gain 2 life.", [fx("activate", "gain_life", n=2)]),
]

M, B, R, K = "【メイン】", "【バトル】", "【応答】", "【攻撃】"

#: (section, sentence as written, effects) — 運命予報祭 Destiny Saga.
DESTINY: list[tuple[str, str, list[dict[str, Any]]]] = [
    # the seed's words (ゲームの実際の流れ, Ａ．運命の糸, Ｂ．④)
    (M, "カードを１枚引く", [fx("main", "draw", n=1)]),
    (M, "カードを１枚引く。", [fx("main", "draw", n=1)]),
    (M, "カードを山札から１枚引く", [fx("main", "draw", n=1)]),
    (M, "運命の糸を２回復する", [fx("main", "gain_threads", n=2)]),
    (K, "猛攻：このバトルの間、この能力者のパワー＋２。", [fx("attack", "onslaught", n=2)]),
    (K, "ＪＡ：このバトルでは、防御する能力者は相性による＋１を得ない。", [fx("attack", "ja")]),
    (K, "ＣＡ：この攻撃が勝ったなら、相手予報士は追加で運命の糸を２失う。", [fx("attack", "ca", n=2)]),
    # draw
    (M, "カードを1枚引く。", [fx("main", "draw", n=1)]),
    (M, "カードを２枚ひく", [fx("main", "draw", n=2)]),
    (M, "山札からカードを1枚ドローする", [fx("main", "draw", n=1)]),
    (M, "デッキからカードを2枚引く。", [fx("main", "draw", n=2)]),
    (M, "1枚カードを引く。", [fx("main", "draw", n=1)]),
    (M, "カード1枚を引く。", [fx("main", "draw", n=1)]),
    (M, "カードを１枚ドロー", [fx("main", "draw", n=1)]),
    (B, "カードを1枚引く", [fx("battle", "draw", n=1)]),
    # threads
    (M, "運命の糸を２得る。", [fx("main", "gain_threads", n=2)]),
    (M, "運命の糸を2得る", [fx("main", "gain_threads", n=2)]),
    (M, "糸を3得る。", [fx("main", "gain_threads", n=3)]),
    (M, "運命の糸を1獲得する。", [fx("main", "gain_threads", n=1)]),
    (M, "自分の運命の糸を２増やす", [fx("main", "gain_threads", n=2)]),
    (M, "運命の糸を＋２する。", [fx("main", "gain_threads", n=2)]),
    (M, "運命の糸が1増える。", [fx("main", "gain_threads", n=1)]),
    (M, "相手予報士は運命の糸を２失う。", [fx("main", "lose_threads", n=2)]),
    (M, "相手予報士は運命の糸を2失う", [fx("main", "lose_threads", n=2)]),
    (M, "相手の運命の糸を２減らす", [fx("main", "lose_threads", n=2)]),
    (M, "相手予報士の運命の糸を1減らす。", [fx("main", "lose_threads", n=1)]),
    (M, "相手は運命の糸を3失う。", [fx("main", "lose_threads", n=3)]),
    (M, "相手予報士は糸を1失う。", [fx("main", "lose_threads", n=1)]),
    (M, "相手プレイヤーは運命の糸を2失う", [fx("main", "lose_threads", n=2)]),
    (B, "相手の糸を1減らす。", [fx("battle", "lose_threads", n=1)]),
    # attack keywords
    (K, "猛攻:このバトルの間、この能力者のパワー+2。", [fx("attack", "onslaught", n=2)]),
    (K, "猛攻　このバトルの間、この能力者のパワー＋１。", [fx("attack", "onslaught", n=1)]),
    (K, "猛攻：このバトル中、この能力者のパワー＋３", [fx("attack", "onslaught", n=3)]),
    (K, "猛攻：このバトルの間、この能力者のパワーを２上げる。", [fx("attack", "onslaught", n=2)]),
    (K, "JA：このバトルでは、防御する能力者は相性による＋１を得ない", [fx("attack", "ja")]),
    (K, "ジャンプアタック：このバトルでは、防御する能力者は相性による＋１を得ない。", [fx("attack", "ja")]),
    (K, "CA:この攻撃が勝ったなら、相手予報士は追加で運命の糸を1失う。", [fx("attack", "ca", n=1)]),
    (K, "ＣＡ：この攻撃が成功したら、相手予報士は追加で運命の糸を２失う。", [fx("attack", "ca", n=2)]),
    (K, "CA：この攻撃が勝った場合、相手予報士は追加で糸を２失う", [fx("attack", "ca", n=2)]),
    (K, "クリティカルアタック：この攻撃が勝ったなら、相手予報士は追加で運命の糸を１失う。", [fx("attack", "ca", n=1)]),
    # cancel
    (R, "相殺：直前に使われたエフェクトを打ち消す（そのコストは戻らない）。", [fx("response", "cancel")]),
    (R, "相殺:直前に使われたエフェクトを打ち消す(そのコストは戻らない)。", [fx("response", "cancel")]),
    (R, "相殺：直前に使われたエフェクトを打ち消す。", [fx("response", "cancel")]),
    (R, "相殺：直前に使用されたエフェクトを無効にする", [fx("response", "cancel")]),
    # users' power
    (B, "自分の能力者１体を選ぶ。そのパワー＋１。", [fx("battle", "strengthen", n=1, target="own_user")]),
    (B, "自分の能力者1体を選ぶ。そのパワー+1。", [fx("battle", "strengthen", n=1, target="own_user")]),
    (B, "自分の能力者1体を選び、そのパワーを1上げる。", [fx("battle", "strengthen", n=1, target="own_user")]),
    (B, "自分の能力者1体を選び、そのパワー＋２する", [fx("battle", "strengthen", n=2, target="own_user")]),
    (B, "自分の能力者１体のパワー＋１。", [fx("battle", "strengthen", n=1, target="own_user")]),
    (B, "自分の気魄属性の能力者1体を選ぶ。そのパワー＋１。",
     [fx("battle", "strengthen", n=1, target="own_user", attribute="kiryoku")]),
    (B, "相手の能力者１体を選ぶ。そのパワー－１。", [fx("battle", "weaken", n=1, target="opponent_user")]),
    (B, "相手の能力者1体を選び、そのパワーを1下げる。", [fx("battle", "weaken", n=1, target="opponent_user")]),
    (B, "相手の能力者１体のパワー－２。", [fx("battle", "weaken", n=2, target="opponent_user")]),
    (B, "相手の神秘の能力者１体を選ぶ。そのパワー－１。",
     [fx("battle", "weaken", n=1, target="opponent_user", attribute="shinpi")]),
    (B, "能力者１体を選ぶ（どちらの能力者でもよい）。そのパワー＋１。",
     [fx("battle", "strengthen", n=1, target="any_user")]),
    (K, "この能力者のパワー＋１。", [fx("attack", "strengthen", n=1, target="self")]),
    (K, "この能力者のパワーを＋１する。", [fx("attack", "strengthen", n=1, target="self")]),
    (K, "この能力者のパワーを1上げる", [fx("attack", "strengthen", n=1, target="self")]),
    # users removed, made ready
    (M, "パワー３以下の相手の能力者１体を選び、捨て札にする。", [fx("main", "destroy", n=3, target="opponent_user")]),
    (M, "パワー3以下の相手の能力者1体を選び、捨て札にする", [fx("main", "destroy", n=3, target="opponent_user")]),
    (M, "自分の能力者１体を選ぶ。それはエフェクト使用可能状態になる。", [fx("main", "ready", target="own_user")]),
    (M, "自分の能力者1体を選び、それをエフェクト使用可能状態にする。", [fx("main", "ready", target="own_user")]),
    # several sentences, lines
    (M, "カードを１枚引く。運命の糸を１得る。", [fx("main", "draw", n=1), fx("main", "gain_threads", n=1)]),
    (M, "山札からカードを1枚引く。糸を1得る", [fx("main", "draw", n=1), fx("main", "gain_threads", n=1)]),
    (M, "・相手予報士は運命の糸を\n２失う。", [fx("main", "lose_threads", n=2)]),
    # English
    ("[Main]", "Draw 1 card.", [fx("main", "draw", n=1)]),
    ("[Main]", "Draw a card", [fx("main", "draw", n=1)]),
    ("[Main]", "Gain 2 threads.", [fx("main", "gain_threads", n=2)]),
]

NUMBERS = {"chant": "区分：書庫 属性：幻想 詠唱値：5 威力：3", "destiny": "属性：気魄 カードパワー：３"}
ENGLISH_NUMBERS = {"chant": "Kind: library  Attribute: fantasy  Chant: 5  Power: 3",
                   "destiny": "Attribute: kiryoku  Power: 3"}


def post(name: str, section: str, sentence: str) -> str:
    english = section.startswith("[")
    numbers = (ENGLISH_NUMBERS if english else NUMBERS)[name]
    body = sentence if sentence.startswith(("・", "- ")) else ("- " if english else "・") + sentence
    return f"〇Corpus card\n{numbers}\n{section}\n{body}\n"


def corpus(name: str) -> list[tuple[str, str, list[dict[str, Any]]]]:
    return CHANT if name == "chant" else DESTINY


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_the_corpus_holds_at_least_60_sentences_per_game(name: str) -> None:
    assert len(corpus(name)) >= 60
    assert len({sentence for _, sentence, _ in corpus(name)}) == len(corpus(name))


@pytest.mark.parametrize(("section", "sentence", "effects"), CHANT, ids=[s for _, s, _ in CHANT])
def test_chant_forum_reader_understands_the_corpus_sentence(section: str, sentence: str,
                                                            effects: list[dict[str, Any]]) -> None:
    [(_, table)] = read_forum(game("chant"), post("chant", section, sentence), "corpus.txt")
    assert table["effects"] == effects


@pytest.mark.parametrize(("section", "sentence", "effects"), DESTINY, ids=[s for _, s, _ in DESTINY])
def test_destiny_forum_reader_understands_the_corpus_sentence(section: str, sentence: str,
                                                              effects: list[dict[str, Any]]) -> None:
    [(_, table)] = read_forum(game("destiny"), post("destiny", section, sentence), "corpus.txt")
    assert table["effects"] == effects


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_the_editor_reads_every_corpus_sentence_as_the_importer_does(name: str) -> None:
    """Editor and CLI read a post identically: the editor's check of the same section gives the same effects."""
    g = game(name)
    stats = {"chant": {"区分": "書庫", "属性": "幻想", "詠唱値": "5", "威力": "3"},
             "destiny": {"属性": "気魄", "カードパワー": "３"}}[name]
    for section, sentence, effects in corpus(name):
        if section.startswith("["):
            continue
        fields = {"name": "コーパス", "id": "corpus_card", "other_name": "Corpus card", "stats": stats,
                  "sections": {section: sentence}}
        checked = check(g, fields, "ja")
        assert checked.errors == [], (sentence, checked.errors)
        assert checked.table is not None and checked.table["effects"] == effects, sentence


def test_a_sentence_still_not_understood_names_its_line_and_the_nearest_phrasings() -> None:
    text = "〇x\n区分：書庫 属性：幻想 詠唱値：5 威力：3\n『発動効果』\n・カードを1枚ドローする。\n月が綺麗ですね。\n"
    with pytest.raises(ForumError) as caught:
        read_forum(game("chant"), text, "p.txt")
    assert caught.value.line == 5
    assert "月が綺麗ですね" in str(caught.value) and "nearest phrasings" in str(caught.value)


def test_the_template_sentences_are_read_as_written_not_rewritten() -> None:
    """A template sentence a paraphrase would also match keeps its own reading (it is tried as written first)."""
    text = ("〇x\n区分：書庫 属性：幻想 詠唱値：5 威力：3\n『発動効果』\n"
            "・互いの詠唱中のカード1枚を選択し、詠唱を1戻す。\n")
    [(_, table)] = read_forum(game("chant"), text, "p.txt")
    assert table["effects"] == [fx("activate", "rewind", n=1, target="choose",
                                   filter={"owner": "any", "state": "chanting"})]
