"""Terminal games that survive quitting: ``q`` asks, then saves; ``grimoire play --resume`` goes on."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

from cli_helpers import call
from grimoire.core.records import GameRecord
from grimoire.core.replay import verify

PROMPT = "Enter a number"


def spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = dict(os.environ, GRIMOIRE_HOME=str(home), PYTHONIOENCODING="utf-8", COLUMNS="100", LINES="50")
    return pexpect.spawn(sys.executable, ["-m", "grimoire.cli", *args], env=env, encoding="utf-8", timeout=60,
                         dimensions=(50, 100))


def quit_and_save(child: pexpect.spawn) -> str:
    child.sendline("q")
    child.expect(r"Quit this game\? y to quit and save it")
    child.sendline("y")
    child.expect(r"Game saved as (\S+) ")
    name = str(child.match.group(1))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return name


def test_q_asks_saves_and_resume_goes_on_with_the_same_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = spawn(["play", "chant", "--seed", "3", "--lang", "en", "--vs", "random", "--no-clear",
                   "-o", "first_player=0", "--record", str(record)], tmp_path)
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"Quit this game\? y to quit and save it")
    child.sendline("")  # Enter: plays on
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    name = quit_and_save(child)
    first = GameRecord.load(record)
    assert len(first.answers) >= 1 and first.outcome is None
    saved = tmp_path / "saved" / f"{name}.json"
    assert GameRecord.load(saved).answers == first.answers

    child = spawn(["play", "--resume", "--lang", "en", "--no-clear"], tmp_path)
    child.expect(rf"Resuming saved game {re.escape(name)} \({len(first.answers)} steps\)")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    assert quit_and_save(child) == name
    second = GameRecord.load(record)  # the same record file, the game longer
    assert second.answers[:len(first.answers)] == first.answers and len(second.answers) > len(first.answers)
    assert verify(second).ok


def test_a_resumed_game_played_to_its_end_is_no_longer_saved(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    code, out, _ = call(capsys, monkeypatch, ["play", "destiny", "--vs", "random", "--seed", "2", "--lang", "en",
                                              "--no-clear"], "1\nq\ny\n")
    assert code == 0 and "Game saved as destiny-" in out
    code, out, _ = call(capsys, monkeypatch, ["play", "--resume", "destiny", "--lang", "en",
                                              "--no-clear"], "1\n" * 3000)
    assert code == 0 and "Resuming saved game destiny-" in out and "Game saved as" not in out
    assert not list((home / "saved").glob("*.json"))


def test_resume_errors_are_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = call(capsys, monkeypatch, ["play", "--resume"])
    assert code == 2 and "no saved game to resume" in err
    code, _, err = call(capsys, monkeypatch, ["play", "--resume", "nosuch"])
    assert code == 2 and "no saved game named 'nosuch'" in err
    code, _, err = call(capsys, monkeypatch, ["play"])
    assert code == 2 and "Missing argument 'GAME'" in err
