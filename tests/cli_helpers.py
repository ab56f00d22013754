"""Running the ``grimoire`` command in-process for tests."""

from __future__ import annotations

import io

import pytest

from grimoire.cli.main import run


def call(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
         stdin: str = "") -> tuple[int, str, str]:
    """Run the command line with ``args`` and ``stdin``; returns (exit code, stdout, stderr)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = run(args)
    out, err = capsys.readouterr()
    return code, out, err
