"""Interactive play on a real terminal (pseudo-terminal via pexpect)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

from grimoire.core.records import GameRecord


def spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = dict(os.environ, GRIMOIRE_HOME=str(home), PYTHONIOENCODING="utf-8", COLUMNS="100", LINES="50")
    return pexpect.spawn(sys.executable, ["-m", "grimoire.cli", *args], env=env, encoding="utf-8", timeout=60,
                         dimensions=(50, 100))


@pytest.mark.parametrize("game", ["chant", "destiny"])
def test_a_person_plays_refuses_typos_and_quits(tmp_path: Path, game: str) -> None:
    record = tmp_path / "game.json"
    child = spawn(["play", game, "--seed", "3", "--lang", "en", "--vs", "random", "--record", str(record)], tmp_path)
    child.expect("Enter a number")
    child.sendline("zz")
    child.expect("'zz' is not an option")
    child.expect("Enter a number")
    child.sendline("1")
    child.expect("Enter a number")
    child.sendline("q")
    child.sendline("y")  # q asks first
    child.expect("Game abandoned")
    child.expect("Record saved")
    child.expect("Game saved as")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert GameRecord.load(record).answers


def test_hotseat_on_a_terminal_asks_to_pass_the_device(tmp_path: Path) -> None:
    child = spawn(["play", "destiny", "--seed", "3", "--lang", "ja", "--vs", "human"], tmp_path)
    child.expect("番号を入力")
    child.sendline("1")
    child.expect("画面を渡してください")
    child.sendline("")
    child.expect("番号を入力")
    child.sendline("q")
    child.sendline("y")  # q asks first
    child.expect("記録を保存しました")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
