"""``grimoire play --coin board``: the players choose who goes first or ask for a coin, and each toss
asks for the time of the post that decides it (never the random source)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import call
from grimoire.core.records import GameRecord
from grimoire.core.replay import verify


def test_rule_2_4_a_coin_asked_for_the_first_player_waits_for_the_post(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    record = tmp_path / "board.json"
    code, out, _ = call(capsys, monkeypatch, ["play", "destiny", "--coin", "board", "--vs", "random", "--seed", "3",
                                              "--lang", "en", "--no-clear", "--record", str(record)],
                        "3\ncoin\n1\nnoon\n21:03:57\nq\n")
    assert code == 0
    assert "'3' is not 1, 2 or coin." in out
    assert "Player 1: the time of the post deciding coin toss 1" in out
    assert "'noon' has no seconds digits" in out
    assert "P1's post at 21:03:57: seconds end in 7 → tails" in out
    saved = GameRecord.load(record)
    assert saved.chance == "post" and saved.chance_script == ["21:03:57"]
    assert saved.options["first_player"] == "coin"
    assert verify(saved).ok


def test_rule_1_6_3_agreed_first_player_tosses_nothing(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    record = tmp_path / "agreed.json"
    code, out, _ = call(capsys, monkeypatch, ["play", "chant", "--coin", "board", "--vs", "random", "--seed", "3",
                                              "--lang", "ja", "--no-clear", "--record", str(record)], "2\nq\n")
    assert code == 0
    assert "先攻はどちら？" in out
    saved = GameRecord.load(record)
    assert saved.options["first_player"] == "1" and saved.chance_script == []


def test_rule_1_6_3_a_set_up_coin_asks_player_1_for_its_post_first(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    record = tmp_path / "chant.json"
    code, out, _ = call(capsys, monkeypatch, ["play", "chant", "--coin", "board", "--vs", "human", "--seed", "3",
                                              "--lang", "en", "--no-clear", "--record", str(record),
                                              "-o", "first_player=coin"], "8\nq\n")
    assert code == 0
    assert "Who goes first?" not in out
    assert "P1's post at 8: seconds end in 8 → heads" in out
    assert GameRecord.load(record).chance_script == ["8"]
