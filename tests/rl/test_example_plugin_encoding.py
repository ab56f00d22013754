"""The encoding protocol as the example plugin implements it (docs/protocol.md 10), and the worked
REINFORCE example on a game whose observation has no per-instance rows."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from grimoire.core.registry import load_game, plugin
from grimoire.rl import SingleAgentEnv, env

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl_reinforce.py"


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("rl_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_plugins_encoding_numbers_its_card_id_options_and_passes_the_env_checks() -> None:
    game = load_game("toy")
    encoding = plugin("toy").encoder()
    assert encoding is not None
    cat = encoding.catalogue(game, game.options())
    assert cat.index("play:step3") == cat.ids.index("play:step3") and not cat.blocks["by_uid"]
    single = SingleAgentEnv("toy", opponent="random", seat="random")
    check_env(single, skip_render_check=True)
    api_test(env("toy"), num_cycles=30)
    obs, _ = single.reset(seed=4)
    names = encoding.layout(game, game.options()).names
    assert obs["observation"].shape == (len(names),) and 0 <= obs["observation"].min() <= obs["observation"].max() <= 1


def test_the_worked_example_learns_on_a_game_without_per_instance_rows() -> None:
    example = _example()
    rng = np.random.default_rng(5)
    env_ = SingleAgentEnv("toy", opponent="random", seat="random")
    policy = example.LinearPolicy(env_, rng)
    names = env_.table.encoding.layout(env_.table.game, env_.table.options).names
    assert (policy.row_start, policy.row_width) == (0, len(names))  # no uid rows: the whole observation
    before = example.win_rate(env_, policy, 150, 10_000, rng)
    baseline = 0.0
    for episode in range(600):
        reward, trace = example.play(env_, policy, 500 + episode, rng)
        policy.update(trace, reward - baseline, 0.02)
        baseline += 0.01 * (reward - baseline)
    after = example.win_rate(env_, policy, 150, 10_000, rng)
    assert after[1] > before[2], (before, after)  # the intervals do not even overlap
    wins, draws, losses = example.results(env_, policy, 20, 20_000, rng)
    assert wins + draws + losses == 20
