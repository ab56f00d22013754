"""``grimoire replay --forum RECORD``: a whole game as the posts of its thread."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cli_helpers import call
from grimoire.core.boardcoin import POST_KIND
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.registry import load_game


def board_record(path: Path) -> Path:
    game = load_game("destiny")
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])
    match = Match(game, Setup((deck, deck), game.options(), 4, "post"))
    rnd = random.Random(4)
    while match.decision is not None:
        if match.decision.kind == POST_KIND:
            match.answer("post:21:03:57")
        else:
            match.answer(rnd.choice(match.decision.ids()))
    return match.record().save(path)


def test_replay_forum_prints_the_thread_with_the_post_times(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    record = board_record(tmp_path / "game.json")
    code, out, _ = call(capsys, monkeypatch, ["replay", "--forum", "--lang", "en", str(record)])
    assert code == 0
    assert out.startswith("#1\n[Destiny")
    assert "P1's post at 21:03:57: seconds end in 7 → tails" in out
    assert out.count("\n#") >= 3 and "Game over" in out
    code, out, _ = call(capsys, monkeypatch, ["replay", "--forum", "--lang", "ja", str(record)])
    assert "P1の書き込み 21:03:57：秒の下一桁7 → 裏" in out and "■局面" in out


def test_replay_forum_refuses_verify(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    record = board_record(tmp_path / "game.json")
    code, _, err = call(capsys, monkeypatch, ["replay", "--forum", "--verify", str(record)])
    assert code == 2 and "--forum prints the whole game" in err


def test_f_prints_the_seats_post_since_its_last_one(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = call(capsys, monkeypatch, ["play", "chant", "--vs", "random", "--seed", "3", "--lang", "en",
                                              "--no-clear", "-o", "first_player=0"], "f\nf\nf de\nf ja\nq\n")
    assert code == 0
    _, first, second = out.split("[Chant] P1 — post, turn 1")
    assert "P1 goes first (chosen)" in first and "Board:" in first and "To move: P1" in first
    assert "Since the last post:\n・(nothing)" in second
    assert "'f de' is not an option" in out
    assert "【詠唱】P1の書き込み（ターン1）\n\n■前回からの出来事\n・（なし）" in out
    assert "paste the lines above into the thread" in out
