"""Why a log line happened, at the terminal: ``why N`` on a real terminal (pexpect) in both
languages, a bad N refused in one line, and ``grimoire replay`` explaining each event of a record."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

from cli_helpers import call
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.registry import load_game


def spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = dict(os.environ, GRIMOIRE_HOME=str(home), PYTHONIOENCODING="utf-8", COLUMNS="100", LINES="50")
    return pexpect.spawn(sys.executable, ["-m", "grimoire.cli", *args], env=env, encoding="utf-8", timeout=60,
                         dimensions=(50, 100))


def test_why_n_explains_a_numbered_log_line_and_refuses_a_bad_n(tmp_path: Path) -> None:
    child = spawn(["play", "chant", "--seed", "3", "--lang", "en", "--vs", "random", "--no-clear"], tmp_path)
    child.expect(r"\s1 P\d goes first")  # log lines are numbered
    child.expect("Enter a number")
    child.sendline("why 1")
    child.expect(r"1: P\d goes first \((heads|tails)\) — why: a coin toss \((heads|tails)\) decides who goes first "
                 r"\(1\.6\.3\)")
    child.expect("Enter a number")
    child.sendline("why 9999")
    child.expect("'9999' is not a log line number; type why 1–")
    child.expect("Enter a number")
    child.sendline("why x")
    child.expect("'x' is not a log line number")
    child.expect("Enter a number")
    child.sendline("q")
    child.sendline("y")  # q asks first
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_naze_n_explains_in_japanese(tmp_path: Path) -> None:
    child = spawn(["play", "chant", "--seed", "3", "--lang", "ja", "--vs", "random", "--no-clear"], tmp_path)
    child.expect("番号を入力")
    child.sendline("なぜ 2")  # the first player's first draw (setup)
    child.expect("2: P1が1枚引いた：.* ― 理由: ドローフェイズに1枚引く（2.1）")
    child.expect("番号を入力")
    child.sendline("why 0")
    child.expect("「0」はログの行番号ではありません")
    child.sendline("q")
    child.sendline("y")  # q asks first
    child.expect(pexpect.EOF)
    child.close()


def test_a_replay_explains_itself_with_the_records_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("destiny")
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])
    m = Match(game, Setup((deck, deck), seed=5))
    while m.decision is not None and len(m.answers) < 120:
        m.answer(m.decision.options[0].id)
    record = m.record()
    record.event_rules["turn"] = "4.1"
    path = record.save(tmp_path / "game.json")
    code, out, _ = call(capsys, monkeypatch, ["replay", str(path), "--lang", "en"])
    assert code == 0
    assert "↳ turn 1: draw, recovery, upkeep, summon, attack, fate selection (4.1)" in out
    assert "↳ each deck is shuffled, then 7 cards are drawn (2.5)" in out
    # the rule numbers come from the record: a record numbered otherwise replays with its own numbers
    record.event_rules["turn"] = "4.9"
    record.save(path)
    code, out, _ = call(capsys, monkeypatch, ["replay", str(path), "--lang", "ja"])
    assert code == 0 and "↳ ターン1：ドロー→回復→維持→召喚→攻撃→運命の選別（4.9）" in out
