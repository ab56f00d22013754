"""The command line on both games: play, sim, replay, decks and cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import call
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify

GAMES = ("chant", "destiny")




@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_play_a_whole_game_against_the_computer(capsys, monkeypatch, home: Path, game: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["play", game, "--seed", "11", "--lang", lang], stdin="1\n" * 5000)
    assert code == 0, err
    saved = list((home / "records").glob(f"{game}-*.json"))
    assert len(saved) == 1
    record = GameRecord.load(saved[0])
    assert record.outcome is not None
    assert record.meta["players"] == ["human", "greedy"]
    assert verify(record).ok
    if lang == "en":
        assert "Record saved" in out and ("You win!" in out or "You lose." in out or "draw" in out)
        assert "Computer ▶" in out
    else:
        assert "記録を保存しました" in out and ("勝ち" in out or "負け" in out or "引き分け" in out)
        assert "コンピューター ▶" in out


def test_chant_screen_shows_areas_life_depth_hand_and_options(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, ["play", "chant", "--seed", "2", "--lang", "en", "--vs", "random",
                                              "--option", "first_player=0"],
                        stdin="q\n")
    assert code == 0
    for word in ("Life 20", "Depth 0", "Chanting 0/5", "Library", "Blank pile", "Front", "Hand (", "Forbidden (",
                 "1. ", "Game abandoned"):
        assert word in out, word


def test_destiny_screen_shows_threads_field_hand_and_options(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, ["play", "destiny", "--seed", "2", "--lang", "ja"],
                        stdin="1\n1\n1\n1\nq\n")
    assert code == 0
    for word in ("運命の糸 15", "山札", "手札 (", "捨て札", "予報能力", "1. ", "対局を中断しました"):
        assert word in out, word


@pytest.mark.parametrize("game", GAMES)
def test_a_mistyped_answer_is_refused_and_play_goes_on(capsys, monkeypatch, tmp_path: Path, game: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "r.json"
    code, out, _ = call(capsys, monkeypatch, ["play", game, "--seed", "4", "--lang", "en", "--record", str(path)],
                        stdin="banana\n0\n1\nq\n")
    assert code == 0
    assert "'banana' is not an option" in out and "'0' is not an option" in out
    record = GameRecord.load(path)
    assert len(record.answers) >= 1 and record.outcome is None


@pytest.mark.parametrize("game", GAMES)
def test_hotseat_passes_the_screen_and_shows_one_seat(capsys, monkeypatch, tmp_path: Path, game: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "hot.json"
    code, out, _ = call(capsys, monkeypatch, ["play", game, "--seed", "8", "--lang", "ja", "--vs", "human",
                                              "--record", str(path)], stdin="1\n" * 8000)
    assert code == 0
    assert "画面を渡してください" in out
    assert "(相手)" in out and "(あなた)" in out
    record = GameRecord.load(path)
    assert record.outcome is not None and record.meta["players"] == ["human", "human"]


@pytest.mark.parametrize("game", GAMES)
def test_sim_summary_names_the_deck_at_each_seat(capsys, monkeypatch, game: str) -> None:  # type: ignore[no-untyped-def]
    starters = sorted(load_game(game).cards.starter_decks())
    decks = [load_game(game).cards.starter_deck(name) for name in starters[:2]]
    code, out, err = call(capsys, monkeypatch, ["sim", game, "--games", "2", "--decks", starters[0], starters[1],
                                                "--lang", "en"])
    assert code == 0, err
    lines = [line.strip() for line in out.splitlines()]
    assert f"Deck at seat 0          {decks[0].name}".split() == lines[1].split()
    assert f"Deck at seat 1          {decks[1].name}".split() == lines[2].split()
    code, out, _ = call(capsys, monkeypatch, ["sim", game, "--games", "2", "--decks", starters[0], starters[1]])
    assert f"席0のデッキ {decks[0].name}".split() == out.splitlines()[1].split()


@pytest.mark.parametrize("game", GAMES)
def test_sim_json_and_records(capsys, monkeypatch, tmp_path: Path, game: str) -> None:  # type: ignore[no-untyped-def]
    records = tmp_path / "recs"
    args = ["sim", game, "--games", "4", "--seed", "2", "--json", "--records", str(records)]
    code, out, err = call(capsys, monkeypatch, args)
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 4 and len(data["wins"]) == 2
    for key in ("draws", "first_player_win_rate", "mean_turns", "games_per_second"):
        assert key in data
    files = sorted(records.glob("*.json"))
    assert len(files) == 4
    code, out, _ = call(capsys, monkeypatch, ["replay", str(files[0]), "--verify"])
    assert code == 0 and "検証成功" in out
    code, out, _ = call(capsys, monkeypatch, ["replay", str(files[1]), "--lang", "en"])
    assert code == 0 and "Step 1" in out
    again = json.loads(call(capsys, monkeypatch, ["sim", game, "--games", "4", "--seed", "2", "--json"])[1])
    timing = ("elapsed_seconds", "games_per_second", "decisions_per_second")
    assert {k: v for k, v in data.items() if k not in timing} == {k: v for k, v in again.items() if k not in timing}


@pytest.mark.parametrize("game", GAMES)
def test_replay_verify_names_the_first_tampered_step(capsys, monkeypatch, tmp_path: Path, game: str) -> None:  # type: ignore[no-untyped-def]
    records = tmp_path / "recs"
    call(capsys, monkeypatch, ["sim", game, "--games", "1", "--seed", "5", "--json", "--records", str(records)])
    data = json.loads(next(records.glob("*.json")).read_text(encoding="utf-8"))
    data["answers"][6] = "no-such-answer"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = call(capsys, monkeypatch, ["replay", str(bad), "--verify", "--lang", "en"])
    assert code != 0
    assert "step 7" in err and "Traceback" not in err
    code, _, err = call(capsys, monkeypatch, ["replay", str(bad)])
    assert code == 2 and "step 7" in err and len(err.strip().splitlines()) == 1


def starter_path(game: str) -> Path:
    return next(iter(load_game(game).cards.starter_decks().values()))


@pytest.mark.parametrize("game", GAMES)
def test_deck_check_guesses_the_game_and_summarises(capsys, monkeypatch, game: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["deck", "check", str(starter_path(game)), "--lang", "en"])
    assert code == 0, err
    assert "is valid" in out
    title = load_game(game).title.en
    assert title in out


def test_deck_check_reports_the_line_of_a_bad_card(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    text = starter_path("chant").read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(text) if line[:1].isdigit())
    text[index] = "3 存在しないカード"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")
    code, _, err = call(capsys, monkeypatch, ["deck", "check", str(bad)])
    assert code == 2
    assert f"{bad}:{index + 1}:" in err and "存在しないカード" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_deck_check_with_the_wrong_game_is_refused(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, _, err = call(capsys, monkeypatch, ["deck", "check", str(starter_path("chant")), "--game", "destiny"])
    assert code == 2 and err.startswith("grimoire: error:")


@pytest.mark.parametrize("game", GAMES)
def test_cards_list_json(capsys, monkeypatch, game: str) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, ["cards", "list", game, "--json"])
    assert code == 0
    cards = json.loads(out)
    pool = load_game(game).pool
    assert len(cards) == len(pool)
    for card in cards:
        assert card["id"] in pool and set(card["name"]) == {"ja", "en"}
    code, out, _ = call(capsys, monkeypatch, ["cards", "list", game, "--lang", "en"])
    assert code == 0 and f"{len(pool)} cards" in out


def test_cards_show_prints_the_full_text(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, ["cards", "show", "天上の劫火"])
    assert code == 0
    assert "天上の劫火" in out and "Heavenly Conflagration" in out and "chant" in out
    card = load_game("chant").pool["heavenly_conflagration"]
    assert card.text.ja.split("。")[0] in out.replace("\n", "")
    code, out, _ = call(capsys, monkeypatch, ["cards", "show", "Heavenly Conflagration", "--lang", "en",
                                              "--game", "chant"])
    assert code == 0 and card.text.en.split(".")[0] in out.replace("\n", " ")


@pytest.mark.parametrize(("name", "lang", "line"), [
    ("天上の劫火", "ja", "区分：禁書 属性：幻想 詠唱値：6 威力：8 要求枚数：3"),
    ("天上の劫火", "en", "Kind: forbidden Attribute: fantasy Chant: 6 Power: 8 Required: 3"),
    ("招き猫の子", "ja", "属性：神秘 カードパワー：１ Lucky!"),
    ("一歩", "en", "library value=1"),  # a game without a forum template: the card's fields
])
def test_cards_show_gives_the_numbers_in_the_forum_templates_words(capsys, monkeypatch, name: str, lang: str,  # type: ignore[no-untyped-def]
                                                                    line: str) -> None:
    code, out, _ = call(capsys, monkeypatch, ["cards", "show", name, "--lang", lang])
    assert code == 0 and line in out.splitlines()[1]


CUSTOM_CARD = """
[[cards]]
id = "test_spark"
kind = "library"
name.ja = "試しの火花"
name.en = "Test Spark"
attribute = "fantasy"
chant = 1
power = 1
text.ja = "効果なし。"
text.en = "No effect."
"""


def test_extra_card_files_load_with_cards(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    card_file = tmp_path / "mine.toml"
    card_file.write_text(CUSTOM_CARD, encoding="utf-8")
    code, out, _ = call(capsys, monkeypatch, ["cards", "show", "Test Spark", "--game", "chant", "--cards",
                                              str(card_file), "--lang", "en"])
    assert code == 0 and "試しの火花" in out
    code, out, _ = call(capsys, monkeypatch, ["cards", "list", "chant", "--json", "--cards", str(card_file)])
    assert "test_spark" in {c["id"] for c in json.loads(out)}
    broken = tmp_path / "broken.toml"
    broken.write_text(CUSTOM_CARD.replace("chant = 1", 'chant = "one"'), encoding="utf-8")
    code, _, err = call(capsys, monkeypatch, ["sim", "chant", "-n", "1", "--cards", str(broken)])
    assert code == 2 and "test_spark" in err and "chant" in err and len(err.strip().splitlines()) == 1


def test_unreadable_deck_files_are_one_line(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, _, err = call(capsys, monkeypatch, ["deck", "check", str(tmp_path / "missing.txt")])
    assert code == 2 and "missing.txt" in err and len(err.strip().splitlines()) == 1
    code, _, err = call(capsys, monkeypatch, ["play", "chant", "--deck", str(tmp_path / "missing.txt")])
    assert code == 2 and "missing.txt" in err


def test_hotseat_does_not_show_a_secret_choice_to_the_other_seat(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # Destiny: forecast abilities are chosen in secret (rule 2.3); P2 must not see P1's pick
    code, out, _ = call(capsys, monkeypatch, ["play", "destiny", "--seed", "1", "--lang", "en", "--vs", "human",
                                              "--record", str(tmp_path / "r.json")], stdin="1\n\nq\n")
    assert code == 0
    after = out.split("Pass the device to Player 2", 1)[1]
    assert "Player 1 ▶" not in after and "Ley Uprising" not in after.split("Choose a forecast ability")[0]


@pytest.mark.parametrize(("reason", "ja", "en"), [("timeout", "時間切れ", "out of time"),
                                                  ("concession", "投了", "concession"),
                                                  ("abandoned", "離席", "left the game")])
def test_replay_names_how_a_forfeited_game_ended(capsys, monkeypatch, tmp_path: Path, reason: str, ja: str,  # type: ignore[no-untyped-def]
                                                 en: str) -> None:
    from grimoire.core.match import Match
    from grimoire.core.replay import setup_of

    records = tmp_path / "recs"
    call(capsys, monkeypatch, ["sim", "chant", "--games", "1", "--seed", "5", "--json", "--records", str(records)])
    full = GameRecord.load(next(records.glob("*.json")))
    game, setup = setup_of(full)
    match = Match(game, setup)
    for answer in full.answers[:6]:
        match.answer(answer)
    match.forfeit(1, reason)
    path = tmp_path / "forfeited.json"
    path.write_text(json.dumps(match.record().to_json()), encoding="utf-8")
    code, out, _ = call(capsys, monkeypatch, ["replay", str(path)])
    assert code == 0 and ja in out.splitlines()[-1] and "未完了" not in out
    code, out, _ = call(capsys, monkeypatch, ["replay", str(path), "--lang", "en"])
    assert code == 0 and en in out.splitlines()[-1] and "unfinished" not in out


@pytest.mark.parametrize(("lang", "line"), [("ja", "書庫: 40 枚"), ("en", "library: 40 cards")])
def test_deck_check_names_sections_in_the_language_asked(capsys, monkeypatch, lang: str, line: str) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, ["deck", "check", str(starter_path("chant")), "--lang", lang])
    assert code == 0 and line in out.splitlines()


@pytest.mark.parametrize(("lang", "name", "other"), [("ja", "「炎の書」", "Book of Fire"),
                                                     ("en", "'Book of Fire'", "炎の書")])
def test_deck_check_names_a_starter_deck_in_the_language_asked(capsys, monkeypatch, lang: str, name: str,  # type: ignore[no-untyped-def]
                                                                other: str) -> None:
    fire = load_game("chant").cards.starter_decks()["fire"]
    code, out, _ = call(capsys, monkeypatch, ["deck", "check", str(fire), "--lang", lang])
    assert code == 0 and name in out.splitlines()[0] and other not in out
