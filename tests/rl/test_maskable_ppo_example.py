"""The worked MaskablePPO example of docs/rl.md trains (where sb3-contrib is installed: CI's newest-versions leg)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest


def test_the_maskable_ppo_example_trains_and_plays_with_masks() -> None:
    pytest.importorskip("sb3_contrib")
    path = Path(__file__).resolve().parents[2] / "examples" / "rl_maskable_ppo.py"
    spec = importlib.util.spec_from_file_location("rl_maskable_ppo", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    result = example.main(["--game", "destiny", "--steps", "512", "--eval-games", "3"])
    assert result["games"] == 3 and 0 <= result["wins"] <= 3  # every move of the evaluation was inside the mask
