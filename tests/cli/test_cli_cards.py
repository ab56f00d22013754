"""The card-making commands (issue 9): cards check, import, export and render; --cards without --game (item 7)."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest

from cli_helpers import call
from grimoire.core.cardtools import forum_text
from grimoire.core.registry import load_game

CHANT_CARD = """
[[cards]]
id = "test_spark"
kind = "library"
name.ja = "試しの火花"
name.en = "Test Spark"
attribute = "fantasy"
chant = 1
power = 1
"""
DESTINY_CARD = """
[[cards]]
id = "test_lantern"
name.ja = "試しの提灯"
name.en = "Test Lantern"
attribute = "shinpi"
power = 2
lucky = true
"""
POST = """新作です！

〇紅蓮の小瓶<ぐれんのこびん>
区分：書庫 属性：幻想 詠唱値：3 威力：2
『発動効果』
・カードを1枚ドローする。
その後、自身はライフを1支払う。
『フレーバーテキスト』
「割ると熱い。割らなくても熱い」―錬金術師
『Grimoire』
ID：crimson_vial
英語名：Crimson Vial

〇小瓶探し
区分：書庫 属性：物質 詠唱値：1 威力：--
『発動効果』
・自身の書庫から「紅蓮の小瓶」1枚を探し、詠唱を開始する（自身の詠唱中のカードが5枚以上なら手札に加える）。その後、書庫をシャッフルする。
"""


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def one_line_error(err: str) -> str:
    assert err.startswith("grimoire: error: ") and len(err.strip().splitlines()) == 1, err
    return err


# ----------------------------------------------------------------------------- check
def test_cards_check_warns_where_the_shipped_hand_written_text_differs(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["cards", "check", "--game", "chant", "--lang", "en"])
    assert code == 0, err
    warnings = [line for line in out.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 5
    assert any("seed.toml: card 'embers': text.ja differs from the generated text" in w for w in warnings)
    assert "warnings." in out.splitlines()[-1] and "5 warnings" in out
    assert "guideline" not in out  # the shipped pool passes the guidelines (its exceptions are written down)
    code, _, _ = call(capsys, monkeypatch, ["cards", "check", "--game", "chant", "--strict"])
    assert code == 1
    code, out, _ = call(capsys, monkeypatch, ["cards", "check", "--game", "destiny", "--strict"])
    assert code == 0 and "warning" not in out


def test_cards_check_names_the_file_and_card_of_a_differing_text(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path / "mine.toml", CHANT_CARD + 'text.ja = "効果なし。"\ntext.en = "Nothing at all."\n')
    code, out, err = call(capsys, monkeypatch, ["cards", "check", str(path), "--lang", "en"])
    assert code == 0, err
    assert f"warning: {path}: card 'test_spark': text.en differs from the generated text" in out
    assert "1 cards checked, 1 warnings." in out


def test_cards_check_shows_the_seeds_guidelines_with_their_source_line(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 30 item 2: a chant-1 power-9 and a chant-2 power-6 vanilla card are warned, not refused."""
    cards = CHANT_CARD.replace("power = 1", "power = 9") + CHANT_CARD.replace("test_spark", "test_flare") \
        .replace("試しの火花", "試しの炎").replace("Test Spark", "Test Flare").replace("chant = 1", "chant = 2") \
        .replace("power = 1", "power = 6")
    path = write(tmp_path / "strong.toml", cards)
    code, out, err = call(capsys, monkeypatch, ["cards", "check", str(path), "--lang", "en"])
    assert code == 0, err
    lines = [line for line in out.splitlines() if line.startswith("guideline: ")]
    assert f"guideline: {path}: card 'test_flare': Power 6 is above the 2–4 band's 2. 「詠唱値2～4：ちょっと強めな" \
           "補助効果だったり、威力1～2程度のカード群。」 (000_6069a7e417a4847c.txt:86)" in lines
    assert sum(1 for line in lines if "'test_spark'" in line) == 2 and len(lines) == 4
    assert "4 points outside the seed's design guidelines" in out
    code, out, _ = call(capsys, monkeypatch, ["cards", "check", str(path), "--json"])
    data = json.loads(out)
    assert not data["ok"] and {g["card"] for g in data["guidelines"]} == {"test_spark", "test_flare"}
    assert data["guidelines"][0]["source"].startswith("000_6069a7e417a4847c.txt:")
    code, out, _ = call(capsys, monkeypatch, ["cards", "check", str(path)])
    assert "目安: " in out and "設計の目安から外れる点: 4 件" in out
    code, _, _ = call(capsys, monkeypatch, ["cards", "check", str(path), "--strict"])
    assert code == 1


def test_cards_check_of_the_shipped_card_files_checks_them_once(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    folder = Path(load_game("destiny").pool.sources["fox_fire"]).parent  # the built-in files, given again
    shipped = len(load_game("destiny").pool.by_id)
    code, out, err = call(capsys, monkeypatch, ["cards", "check", str(folder), "--lang", "en"])
    assert code == 0, err
    assert f"{shipped} cards checked, 0 warnings." in out
    one = folder / "shinpi.toml"
    code, out, err = call(capsys, monkeypatch,
                          ["cards", "check", str(one), str(one), "--game", "destiny", "--lang", "en"])
    assert code == 0, err
    assert f"{len(tomllib.loads(one.read_text(encoding='utf-8'))['cards'])} cards checked" in out


def test_cards_check_of_a_broken_file_is_one_line_exit_2(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path / "broken.toml", CHANT_CARD.replace("chant = 1", "chant = 99"))
    code, _, err = call(capsys, monkeypatch, ["cards", "check", str(path)])
    assert code == 2 and "'test_spark'" in one_line_error(err) and "read as chant cards" in err


# ----------------------------------------------------------------------------- import
def test_cards_import_writes_validated_toml_that_loads(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    post = write(tmp_path / "post.txt", POST)
    out_file = tmp_path / "cards" / "vials.toml"
    code, out, err = call(capsys, monkeypatch, ["cards", "import", str(post), "--out", str(out_file), "--lang", "en"])
    assert code == 0, err
    assert "Imported 2 Chant cards" in out
    cards = tomllib.loads(out_file.read_text(encoding="utf-8"))["cards"]
    assert [c["id"] for c in cards] == ["crimson_vial", "card_" + cards[1]["id"][5:]]
    assert cards[1]["effects"] == [{"on": "activate", "op": "tutor_chant", "card": "crimson_vial"}]
    code, out, err = call(capsys, monkeypatch, ["cards", "show", "Crimson Vial", "--cards", str(out_file)])
    assert code == 0, err
    assert "『発動効果』・カードを1枚ドローする。その後、自身はライフを1支払う。" in out.replace("\n", "")
    code, out, _ = call(capsys, monkeypatch, ["cards", "list", "chant", "--json", "--cards", str(out_file)])
    listed = {c["id"]: c for c in json.loads(out)}
    assert listed["crimson_vial"]["text"]["en"] == "Activation effect: draw 1 card. Then pay 1 life."


def test_cards_import_prints_the_toml_without_out(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game = load_game("destiny")
    text = forum_text(game, ["fox_fire"], "ja").replace("fox_fire", "fox_fire_2").replace("狐火", "狐火・改") \
        .replace("Fox-Fire", "Fox-Fire II")
    post = write(tmp_path / "post.txt", text)
    code, out, err = call(capsys, monkeypatch, ["cards", "import", str(post)])
    assert code == 0, err
    (card,) = tomllib.loads(out)["cards"]
    assert card["id"] == "fox_fire_2" and card["lucky"] is True and card["attribute"] == "shinpi"


@pytest.mark.parametrize(("post", "ja", "en"), [
    (POST.replace("その後、自身はライフを1支払う。", "その後、相手のライフを2減らす。"),
     "post.txt:7: 「相手のライフを2減らす。」が読めません。近い書き方: 「",
     "post.txt:7: cannot read 「相手のライフを2減らす。」; nearest phrasings: 「"),
    (POST.replace("区分：書庫 属性：幻想 詠唱値：3 威力：2", "区分：書庫 属性：幻想 詠唱値：3 威力：2 色：赤"),
     "post.txt:4: 数値の行に知らない項目「色」があります（項目: 区分・属性・詠唱値・威力・要求枚数）",
     "post.txt:4: unknown item '色'; the numbers line has Kind, Attribute, Chant, Power, Required"),
    (POST.replace("ID：crimson_vial", "ID：fireball"),
     "post.txt:3: カード「紅蓮の小瓶」: ID fireball は詠唱のカードにもうあります。",
     "post.txt:3: card 「紅蓮の小瓶」: id 'fireball' is already a chant card"),
    (POST.replace("〇小瓶探し", "〇火球"),
     "post.txt:14: カード「火球」: この名前はもうカード「火球」が使っています",
     "post.txt:14: card 「火球」: the name is already used by card 「Fireball」"),
    (POST.replace("詠唱値：1 威力：--", "詠唱値：99 威力：--"),
     "post.txt:14: カード「小瓶探し」: 詠唱値は 20 以下にしてください（いま 99）",
     "post.txt:14: card 「小瓶探し」: Chant must be at most 20, got 99"),
    ("こんにちは\n", "post.txt: どのゲームのテンプレートか分かりません。--game で指定してください",
     "post.txt: cannot tell which game's template"),
])
def test_a_bad_post_is_one_line_naming_the_line_and_nothing_is_written(capsys, monkeypatch, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                        post: str, ja: str, en: str) -> None:
    path = write(tmp_path / "post.txt", post)
    out_file = tmp_path / "out.toml"
    for lang, expected in ((None, ja), ("en", en)):  # Japanese by default, as the rest of the command line
        code, out, err = call(capsys, monkeypatch, ["cards", "import", str(path), "--out", str(out_file),
                                                    *(["--lang", lang] if lang else [])])
        assert code == 2 and out == ""
        shown = one_line_error(err).removeprefix("grimoire: error: ").removeprefix(str(tmp_path) + "/")
        assert shown.startswith(expected), shown
        assert not out_file.exists()


@pytest.mark.parametrize(("game", "post", "ja", "en"), [
    ("chant", "〇火\n区分：書庫 属性：火 詠唱値：1\n",
     "post.txt:2: 属性は 科学・幻想・物質・精神 のどれかにしてください（いま「火」）",
     "post.txt:2: Attribute must be one of science, fantasy, matter, spirit, got '火'"),
    ("chant", "〇火\n区分：謎 属性：幻想 詠唱値：1\n", "post.txt:2: 区分は書庫か禁書にしてください（いま「謎」）",
     "post.txt:2: Kind must be library or forbidden, got '謎'"),
    ("chant", "〇火\n", "post.txt:1: カード「火」に数値の行がありません（例: 区分：書庫 属性：幻想 詠唱値：2 威力：1）",
     "post.txt:1: card 「火」 needs its numbers line (Kind: library Attribute: fantasy Chant: 2 Power: 1)"),
    ("chant", "〇火\n区分：書庫 属性：幻想 詠唱値：1\n『発動効果』\n・山札から「ない札」を探す。\n",
     "post.txt:4: 「山札から「ない札」を探す。」が読めません。近い書き方: 「",
     "post.txt:4: cannot read 「山札から「ない札」を探す。」; nearest phrasings: 「"),
    ("chant", "〇火\n区分：書庫 属性：幻想 詠唱値：1\n『発動効果』\n・自身の書庫から「ない札」1枚を探し、詠唱を開始する"
     "（自身の詠唱中のカードが5枚以上なら手札に加える）。その後、書庫をシャッフルする。\n",
     "post.txt:4: 探すカード「ない札」がありません", "post.txt:4: no card named 「ない札」 to search for"),
    ("chant", "前置き\n", "post.txt: カードが見つかりません（カードは「〇カード名」の行から始まります）",
     "post.txt: no card found: a card starts with a line 〇NAME"),
    ("destiny", "〇猫\n属性：神秘 カードパワー：x\n", "post.txt:2: カードパワーは数で書いてください（いま「x」）",
     "post.txt:2: Power must be a number, got 'x'"),
    ("destiny", "〇猫\n属性：神秘\n", "post.txt:2: カード「猫」にカードパワーがありません",
     "post.txt:2: card 「猫」 has no Power"),
    ("destiny", "〇猫\n属性：神秘 カードパワー：1\n【謎】\n",
     "post.txt:3: 知らない見出し 【謎】 です（見出し: 【メイン】",
     "post.txt:3: unknown section 【謎】; sections: [Main]"),
    ("destiny", "〇猫\n属性：神秘 カードパワー：1\n【応答】\n・運命の糸を２得る。\n",
     "post.txt:4: カード「猫」: 【応答】は相殺から始めます",
     "post.txt:4: card 「猫」: a response group must start with 'cancel'"),
])
def test_import_errors_follow_lang(capsys, monkeypatch, tmp_path: Path, game: str, post: str, ja: str,  # type: ignore[no-untyped-def]
                                  en: str) -> None:
    path = write(tmp_path / "post.txt", post)
    for args, expected in (([], ja), (["--lang", "ja"], ja), (["--lang", "en"], en)):
        code, out, err = call(capsys, monkeypatch, ["cards", "import", str(path), "--game", game, *args])
        assert code == 2 and out == ""
        assert one_line_error(err).removeprefix("grimoire: error: ").removeprefix(str(tmp_path) + "/") \
            .startswith(expected)


def test_cards_import_never_replaces_a_file_unless_forced(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    post = write(tmp_path / "post.txt", POST)
    out_file = write(tmp_path / "out.toml", "# mine\n")
    code, _, err = call(capsys, monkeypatch, ["cards", "import", str(post), "--out", str(out_file)])
    assert code == 2 and "--force" in one_line_error(err) and out_file.read_text(encoding="utf-8") == "# mine\n"
    code, _, _ = call(capsys, monkeypatch, ["cards", "import", str(post), "--out", str(out_file), "--force"])
    assert code == 0 and "crimson_vial" in out_file.read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- export
def test_cards_export_prints_the_forum_template_and_toml(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, ["cards", "export", "天上の劫火", "Fireball"])
    assert code == 0
    assert out == forum_text(load_game("chant"), ["heavenly_conflagration", "fireball"], "ja") + "\n"
    code, out, _ = call(capsys, monkeypatch, ["cards", "export", "oni_mask_champion", "--lang", "en"])
    assert code == 0 and out.startswith("〇Oni-Mask Champion\nAttribute: kiryoku  Power: 5\n[Attack]\n- Onslaught:")
    code, out, _ = call(capsys, monkeypatch, ["cards", "export", "火球", "--format", "toml"])
    assert code == 0 and tomllib.loads(out)["cards"][0]["id"] == "fireball"


@pytest.mark.parametrize(("args", "expected"), [
    (["cards", "export", "no such card"], "no card named 'no such card' in chant, destiny, toy"),
    (["cards", "export", "火球", "狐火"], "the cards are not all of one game"),
    (["cards", "export", "火球", "--format", "pdf"], "Invalid value for '--format'"),
])
def test_cards_export_refuses_bad_names_in_one_line(capsys, monkeypatch, args: list[str], expected: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, args)
    assert code == 2 and out == "" and expected in one_line_error(err)


# ----------------------------------------------------------------------------- render
def test_cards_render_writes_svg_faces(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["cards", "render", "天上の劫火", "狐火", "--out", str(tmp_path),
                                                "--lang", "en", "--game", "chant"])
    assert code == 2 and out == "" and "狐火" in one_line_error(err)
    assert list(tmp_path.iterdir()) == []
    code, _, err = call(capsys, monkeypatch, ["cards", "render", "天上の劫火", "火球", "--out", str(tmp_path / "f"),
                                                "--lang", "en"])
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "f").iterdir()) == ["fireball-en.svg", "heavenly_conflagration-en.svg"]
    svg = (tmp_path / "f" / "fireball-en.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Fireball" in svg


def test_cards_render_png_through_cairosvg(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("cairosvg")
    code, _, err = call(capsys, monkeypatch, ["cards", "render", "鬼面の闘士", "--out", str(tmp_path), "--png"])
    assert code == 0, err
    png = (tmp_path / "oni_mask_champion-ja.png").read_bytes()
    assert png.startswith(b"\x89PNG") and int.from_bytes(png[16:20], "big") == 630


def test_cards_render_png_without_cairosvg_is_one_line_and_writes_nothing(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    code, _, err = call(capsys, monkeypatch, ["cards", "render", "火球", "--out", str(tmp_path), "--png"])
    assert code == 2 and "pip install 'grimoire-cardgames[png]'" in one_line_error(err)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["cards", "check"], ["cards", "import"], ["cards", "export"], ["cards", "render"]])
def test_the_card_commands_help_names_values(capsys, monkeypatch, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, [*command, "--help"])
    assert code == 0 and err == ""
    for noise in ("<bool>", "<int>", "<str,", "╭"):  # (Typer shows a list argument's type as <list[str]>)
        assert noise not in out
    assert "--game <chant|destiny|toy>" in out


# ----------------------------------------------------------------------------- --cards without --game (item 7)
def test_a_card_file_without_game_loads_into_its_own_game_only(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    chant = write(tmp_path / "chant.toml", CHANT_CARD)
    destiny = write(tmp_path / "destiny.toml", DESTINY_CARD)
    code, out, err = call(capsys, monkeypatch, ["cards", "show", "Test Spark", "--cards", str(chant)])
    assert code == 0, err
    assert "[test_spark] — chant" in out
    code, out, err = call(capsys, monkeypatch, ["cards", "show", "試しの提灯", "--cards", str(chant), "--cards",
                                                str(destiny)])
    assert code == 0, err
    assert "[test_lantern] — destiny" in out
    deck = Path(load_game("chant").cards.starter_decks()["fire"])
    code, out, err = call(capsys, monkeypatch, ["deck", "check", str(deck), "--cards", str(chant), "--cards",
                                                str(destiny)])
    assert code == 0, err


@pytest.mark.parametrize(("card", "game", "wrong"), [
    (CHANT_CARD.replace('attribute = "fantasy"', 'attribute = "fire"'), "chant", "kiryoku"),
    (DESTINY_CARD.replace("power = 2", "power = 9"), "destiny", "kind"),
])
def test_a_broken_card_file_is_reported_against_its_own_game(capsys, monkeypatch, tmp_path: Path, card: str,  # type: ignore[no-untyped-def]
                                                             game: str, wrong: str) -> None:
    path = write(tmp_path / "broken.toml", card)
    for command in (["cards", "show", "x"], ["deck", "check", str(tmp_path / "deck.txt")]):
        code, _, err = call(capsys, monkeypatch, [*command, "--cards", str(path)])
        assert code == 2
        assert f"(read as {game} cards; give --game" in one_line_error(err) and wrong not in err


def test_a_card_file_that_fits_no_game_asks_for_the_game(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path / "odd.toml", '[[cards]]\nfoo = "bar"\n')
    code, _, err = call(capsys, monkeypatch, ["cards", "show", "x", "--cards", str(path)])
    assert code == 2 and "cannot tell which game these cards are for; give --game" in one_line_error(err)
    code, _, err = call(capsys, monkeypatch, ["cards", "show", "x", "--cards", str(path), "--game", "chant"])
    assert code == 2 and "read as chant cards" in one_line_error(err) and "give --game" not in err
