"""``?`` during a decision on a real terminal: the cards in view with their text, and ``? NAME`` (issue 9)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from rich.console import Console

from grimoire.cli.cardhelp import cards_in_view, help_request, show_help
from grimoire.core.cardtools import rules_text
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.registry import load_game


def spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = dict(os.environ, GRIMOIRE_HOME=str(home), PYTHONIOENCODING="utf-8", COLUMNS="200", LINES="50")
    return pexpect.spawn(sys.executable, ["-m", "grimoire.cli", *args], env=env, encoding="utf-8", timeout=60,
                         dimensions=(50, 200))


def test_question_mark_lists_the_cards_in_view_and_shows_one_by_name(tmp_path: Path) -> None:
    child = spawn(["play", "chant", "--seed", "3", "--lang", "ja", "--vs", "random", "--deck", "fire"], tmp_path)
    child.expect("番号を入力")
    child.sendline("?")
    child.expect(r"見えているカード（(\d+) 枚）")
    assert int(child.match.group(1)) >= 5  # the hand at least
    while child.expect(["「\\? カード名」で1枚を表示します。", "― 続き: Enter、戻る: q ―"]) == 1:
        child.sendline("")  # the list is paged: the next window
    if child.expect(["― 続き: Enter、戻る: q ―", "番号を入力"]) == 0:  # a short list is said above the prompt
        child.sendline("")  # back to the game
        child.expect("番号を入力")
    child.sendline("? 天上の劫火")
    child.expect("heavenly_conflagration")
    child.expect("このカードの詠唱開始時に使用できる")
    child.expect("番号を入力")
    child.sendline("help Fireball")
    child.expect(r"\[fireball\]")
    child.expect("火の玉が当たったら")  # its flavour text too
    child.expect("番号を入力")
    child.sendline("? 存在しないカード")
    child.expect("「存在しないカード」という名前のカードはありません。")
    child.expect("番号を入力")
    child.sendline("q")
    child.sendline("y")  # q asks first
    child.expect("記録を保存しました")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_help_in_english_on_destiny(tmp_path: Path) -> None:
    child = spawn(["play", "destiny", "--seed", "5", "--lang", "en", "--vs", "random"], tmp_path)
    child.expect("Enter a number \\(\\? cards, why N: log line N, u: take back, f: forum, q: quit\\)")
    child.sendline("help")
    child.expect(r"Cards in view \((\d+)\)")
    while child.expect(["Type \"\\? NAME\" to show one card.", "— more: Enter, back: q —"]) == 1:
        child.sendline("")
    if child.expect(["— more: Enter, back: q —", "Enter a number"]) == 0:  # a short list is said above the prompt
        child.sendline("q")  # back to the game
        child.expect("Enter a number")
    child.sendline("q")
    child.sendline("y")  # q asks first
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize(("line", "asked"), [("?", ""), ("？", ""), ("help", ""), ("HELP", ""), ("ヘルプ", ""),
                                             ("? 火球", "火球"), ("?火球", "火球"), ("help  Fire ball ", "Fire ball"),
                                             ("1", None), ("helpful", None), ("pass", None), ("", None)])
def test_what_a_help_line_asks_for(line: str, asked: str | None) -> None:
    assert help_request(line) == asked


def test_only_the_cards_the_seat_may_see_are_listed() -> None:
    game = load_game("chant")
    deck = game.cards.starter_deck("fire")
    match = Match(game, Setup((deck, deck), game.options(None), 11))
    decision = match.decision
    assert decision is not None
    seat = decision.player
    view = game.view(match.state, seat)
    listed = cards_in_view(game, view, decision)
    hand = [item["card"] for item in view["players"][seat]["hand"]]
    assert set(hand) <= set(listed)
    assert view["players"][1 - seat]["hand"] is None  # the other hand is hidden, so none of it can be listed
    console = Console(record=True, width=300)
    show_help(game, view, decision, "", "en", console)
    out = console.export_text()
    for cid in listed:
        assert rules_text(game, cid, "en") in out
