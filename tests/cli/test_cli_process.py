"""The installed entry point: bad input is one line on stderr, exit 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def grimoire(*args: str, home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, GRIMOIRE_HOME=str(home), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "grimoire.cli", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120, check=False)


@pytest.mark.parametrize("args", [
    ["sim", "nosuchgame"],
    ["cards", "list", "nosuchgame"],
    ["replay", "no-such-record.json"],
    ["sim", "chant", "--seed", "banana"],
    ["play", "destiny", "--lang", "de"],
    ["--no-such-flag"],
])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, args: list[str]) -> None:
    done = grimoire(*args, home=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr + done.stdout
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_malformed_record_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "grimoire-record", "game": "chant"}', encoding="utf-8")
    done = grimoire("replay", str(bad), "--verify", home=tmp_path)
    assert done.returncode == 2
    assert "ruleset_version" in done.stderr and "Traceback" not in done.stderr


def test_help_lists_the_commands(tmp_path: Path) -> None:
    done = grimoire("--help", home=tmp_path)
    assert done.returncode == 0
    for command in ("play", "sim", "replay", "deck", "cards"):
        assert command in done.stdout
