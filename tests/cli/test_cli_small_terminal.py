"""The terminal game on an 80×24 window (tmux), auto-pass, ``--no-clear``, translated ``replay --verify``
messages and the one-line error for a busy port."""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from grimoire.ai.registry import make_agent
from grimoire.cli.play import Session
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from tmux_helpers import Window

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("game", "lang", "prompt", "you"),
                         [("chant", "en", "Enter a number", ("P1 (You)", "Player 1 (You)")),
                          ("destiny", "ja", "番号を入力", ("P1 (あなた)", "プレイヤー1 (あなた)"))])
def test_every_screen_fits_80x24_with_the_board_the_options_and_the_prompt(tmp_path: Path, game: str, lang: str,
                                                                          prompt: str, you: tuple[str, str]) -> None:
    window = Window(["play", game, "--seed", "4", "--lang", lang, "--vs", "random",
                     "--record", str(tmp_path / "r.json")], tmp_path)
    try:
        for _ in range(12):
            lines = window.wait_for(prompt)
            assert len(lines) <= 24
            last = max(i for i, line in enumerate(lines) if prompt in line)
            assert lines[last].startswith(prompt)  # the prompt is the last thing drawn
            assert any(mark in line for line in lines for mark in you), lines  # the seat's own side (compact or not)
            numbered = [line for line in lines if line.lstrip().startswith("1. ")]
            assert numbered, lines  # the first option is in view
            assert all(len(line) <= 80 for line in lines)
            window.send("1")
            time.sleep(0.3)
        before = window.history()
        assert before.count(prompt) <= 24  # the screen was cleared, not scrolled
    finally:
        window.close()


def test_no_clear_keeps_every_screen_scrolling(tmp_path: Path) -> None:
    window = Window(["play", "chant", "--seed", "4", "--lang", "en", "--vs", "random", "--no-clear",
                     "--record", str(tmp_path / "r.json")], tmp_path)
    try:
        for _ in range(3):
            window.wait_for("Enter a number")
            window.send("1")
            time.sleep(0.5)
        window.wait_for("Enter a number")
        history = window.history()
        assert history.count("Enter a number") >= 4 and history.count("╭─ Log") >= 4  # the full layout, scrolled
    finally:
        window.close()


def _session(tmp_path: Path, auto_pass: bool, answered: list[int]) -> Session:
    game = load_game("destiny")
    deck = game.cards.starter_deck("spirit_festival")
    setup = Setup((deck, game.cards.starter_deck("mystery_festival")), game.options({}), 11)
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    session: Session

    def read(prompt: str) -> str | None:
        decision = session.match.decision
        assert decision is not None
        answered.append(len(decision.options))
        return "1" if len(answered) < 400 else "q"

    session = Session(game, setup, "en", (None, make_agent("random", "destiny", (deck, deck))), console, read=read,
                      record_path=tmp_path / "r.json", agent_seed=3, auto_pass=auto_pass)
    return session


def test_auto_pass_answers_only_decisions_with_a_single_option(tmp_path: Path) -> None:
    asked: list[int] = []
    session = _session(tmp_path, True, asked)
    session.run()
    record = GameRecord.load(tmp_path / "r.json")
    replay: Match[Any] = Match(session.game, session.setup)
    mine = []
    for answer in record.answers:
        decision = replay.decision
        assert decision is not None
        if decision.player == 0:
            mine.append(len(decision.options))
        replay.answer(answer)
    assert 1 in mine, "the game had no single-option decision for the person: pick another seed"
    assert asked == [n for n in mine if n > 1]  # every real choice was asked, no single option was
    asked_always: list[int] = []
    _session(tmp_path, False, asked_always).run()
    assert 1 in asked_always  # --no-auto-pass asks them too


def test_replay_verify_speaks_the_language_of_lang(tmp_path: Path) -> None:
    records = tmp_path / "recs"
    env = dict(os.environ, GRIMOIRE_HOME=str(tmp_path), PYTHONIOENCODING="utf-8")
    subprocess.run([sys.executable, "-m", "grimoire.cli", "sim", "chant", "--games", "1", "--seed", "5", "--json",
                    "--records", str(records)], check=True, capture_output=True, env=env)
    data = json.loads(next(records.glob("*.json")).read_text(encoding="utf-8"))
    data["answers"][6] = "no-such-answer"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    for lang, words in (("ja", ("検証失敗", "手順 7", "受け付けられませんでした")),
                        ("en", ("Verification failed", "step 7", "was refused"))):
        done = subprocess.run([sys.executable, "-m", "grimoire.cli", "replay", str(bad), "--verify", "--lang", lang],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert all(word in done.stderr for word in words), done.stderr


def test_a_busy_port_is_one_line_that_suggests_another(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "grimoire.cli", "serve", "--port", str(port), "--db",
                               str(tmp_path / "g.db")], capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, GRIMOIRE_HOME=str(tmp_path)))
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [done.stderr.strip()], done.stderr
    assert f"port {port}" in done.stderr and "--port" in done.stderr and "Errno" not in done.stderr


def test_serve_help_explains_host_and_public_url(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "grimoire.cli", "serve", "--help"], capture_output=True, text=True,
                          env=dict(os.environ, GRIMOIRE_HOME=str(tmp_path), COLUMNS="200"))
    assert done.returncode == 0
    assert "--public-url" in done.stdout and "0.0.0.0" in done.stdout and "LAN" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "grimoire.cli", "serve", "--public-url", "example.org", "--db",
                          str(tmp_path / "g.db")], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, GRIMOIRE_HOME=str(tmp_path)))
    assert bad.returncode != 0 and "--public-url must be an http:// or https:// address" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
