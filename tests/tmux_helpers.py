"""An 80×24 terminal for tests: ``grimoire`` run in a detached tmux window."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tmux() -> str:
    found = shutil.which("tmux")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is not installed: the 80×24 terminal tests need it")
        pytest.skip("tmux is not installed (apt-get install tmux)")
    return found


class Window:
    """A detached tmux session of 80×24 running ``grimoire`` with ``args``, on a tmux server of its own
    (``-L``), so no test waits on another's server starting or shutting down."""

    def __init__(self, args: list[str], home: Path) -> None:
        self.tmux = _tmux()
        self.name = f"grimoire-test-{os.getpid()}-{time.monotonic_ns()}"
        self.cmd = [self.tmux, "-L", self.name]
        command = " ".join([sys.executable, "-m", "grimoire.cli", *args]) + "; sleep 60"
        env = {"GRIMOIRE_HOME": str(home), "PYTHONIOENCODING": "utf-8"}
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        subprocess.run([*self.cmd, "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
                        f"cd {ROOT} && env {exports} {command}"], check=True)

    def screen(self) -> list[str]:
        out = subprocess.run([*self.cmd, "capture-pane", "-t", self.name, "-p"], check=True, capture_output=True,
                             text=True).stdout
        return out.rstrip("\n").split("\n")

    def history(self) -> str:
        return subprocess.run([*self.cmd, "capture-pane", "-t", self.name, "-p", "-S", "-2000"], check=True,
                              capture_output=True, text=True).stdout

    def wait_for(self, text: str, seconds: float = 30) -> list[str]:
        deadline = time.monotonic() + seconds
        while True:
            lines = self.screen()
            if any(text in line for line in lines):
                return lines
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear:\n" + "\n".join(lines))
            time.sleep(0.1)

    def answer(self, keys: str, expect: str, seconds: float = 30) -> list[str]:
        """Send ``keys`` and Enter; the next screen that differs from the current one, shows ``expect`` and
        waits at an empty prompt (the keys typed are no longer on it)."""
        before = self.screen()
        self.send(keys)
        deadline = time.monotonic() + seconds
        while True:
            lines = self.screen()
            if lines != before and any(expect in line for line in lines) and lines[-1].rstrip().endswith(">"):
                return lines
            if time.monotonic() > deadline:
                raise AssertionError(f"{expect!r} did not appear after {keys!r}:\n" + "\n".join(lines))
            time.sleep(0.1)

    def send(self, keys: str) -> None:
        subprocess.run([*self.cmd, "send-keys", "-t", self.name, keys, "Enter"], check=True)

    def close(self) -> None:
        subprocess.run([*self.cmd, "kill-server"], check=False, capture_output=True)
