"""The RL interfaces: PettingZoo's and Gymnasium's own checks, no leaks, a full catalogue."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from grimoire.core.errors import GrimoireError
from grimoire.core.registry import plugin, register, unregister
from grimoire.core.rng import Chance
from grimoire.rl import SingleAgentEnv, env, raw_env

GAMES = ["chant", "destiny"]


OBSERVATIONS = ["compact", "full"]


@pytest.mark.parametrize("observation", OBSERVATIONS)
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(name: str, observation: str) -> None:
    api_test(env(name, observation=observation), num_cycles=400, verbose_progress=False)
    seed_test(lambda: env(name, observation=observation), num_cycles=400)


@pytest.mark.parametrize("observation", OBSERVATIONS)
@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_env_checker_passes(name: str, observation: str) -> None:
    check_env(SingleAgentEnv(name, opponent="random", observation=observation))
    version = 2 if observation == "compact" else 1
    check_env(gymnasium.make(f"grimoire/{name}-v{version}", opponent="greedy", seat=1).unwrapped)


@pytest.mark.parametrize("observation", OBSERVATIONS)
@pytest.mark.parametrize("name", GAMES)
def test_observations_and_masks_do_not_change_when_hidden_cards_are_resampled(name: str, observation: str) -> None:
    e = raw_env(name, observation=observation)
    table = e.table
    pick = Chance.seeded(4)
    checked = 0
    for seed in range(6):
        e.reset(seed=seed)
        while table.game.decision(table.state) is not None:
            for seat in (0, 1):
                mine = table.observe(seat)
                real = table.state
                table.state = table.game.resample_hidden(real, seat, Chance.seeded(seed * 1000 + checked))
                other = table.observe(seat)
                table.state = real
                assert np.array_equal(mine["observation"], other["observation"])
                assert np.array_equal(mine["action_mask"], other["action_mask"])
                checked += 1
            mask = table.observe(table.game.decision(table.state).player)["action_mask"]
            legal = np.flatnonzero(mask)
            e.step(int(legal[pick.below(len(legal))]))
    assert checked > 200


@pytest.mark.parametrize("name", GAMES)
def test_every_option_of_many_games_is_in_the_catalogue(name: str) -> None:
    e = raw_env(name)
    pick = Chance.seeded(9)
    for seed in range(40):
        e.reset(seed=seed)
        final: dict[str, float] = {}
        for agent in e.agent_iter():
            obs, reward, done, truncated, _ = e.last()
            if done or truncated:
                final[agent] = reward
                e.step(None)
                continue
            decision = e.table.game.decision(e.table.state)
            assert int(obs["action_mask"].sum()) == len(decision.options)  # every option has its own action
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[pick.below(len(legal))]))
        assert sorted(final.values()) in ([-1, 1], [0, 0])


def test_rewards_illegal_actions_rendering_and_a_game_without_encoding() -> None:
    s = SingleAgentEnv("chant", opponent="random", seat=1, render_mode="ansi")
    obs, info = s.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = s.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)
    s.reset(seed=2)
    text = s.render()
    assert text is not None and "Life" in text
    wrapped = env("destiny")
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    mask = wrapped.observe(agent)["action_mask"]
    wrapped.step(int(np.flatnonzero(mask == 0)[0]))  # outside the mask: the game ends, −1 for that agent
    assert wrapped.rewards[agent] == -1 and all(wrapped.terminations.values())
    register(replace(plugin("toy"), encoding=None))  # a game without an encoding
    try:
        with pytest.raises(GrimoireError, match="no encoding"):
            raw_env("toy")
    finally:
        unregister("toy")


def test_the_worked_example_learns_to_beat_random_play() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "rl_reinforce.py"
    spec = importlib.util.spec_from_file_location("rl_reinforce", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    rng = np.random.default_rng(3)
    env_ = SingleAgentEnv("destiny", opponent="random", seat="random", observation="full")
    policy = example.LinearPolicy(env_, rng)
    before = example.win_rate(env_, policy, 150, 10_000, rng)
    baseline = 0.0
    for episode in range(500):
        reward, trace = example.play(env_, policy, 500 + episode, rng)
        policy.update(trace, reward - baseline, 0.02)
        baseline += 0.01 * (reward - baseline)
    after = example.win_rate(env_, policy, 150, 10_000, rng)
    assert after[1] > before[2], (before, after)  # the intervals do not even overlap


def test_rule_2_3_the_opponent_plays_the_ability_its_deck_declares() -> None:
    """mystery_festival declares ``# ability: chimyaku_kanchi``; an opponent left to itself would take ``none``."""
    asked: list[str] = []

    class Nothing:
        name = "nothing"

        def choose(self, game: object, view: object, decision: Any, chance: Chance) -> str:
            asked.append(decision.kind)
            return "none" if decision.find("none") is not None else str(decision.options[0].id)

    def nothing(obs: Any, mask: Any) -> int:
        legal = [int(a) for a in np.flatnonzero(mask)]
        return next((a for a in legal if e.action_names[a] == "none"), legal[0])

    for opponent in (Nothing(), nothing):
        e = SingleAgentEnv("destiny", opponent=opponent, seat=0, decks=["spirit_festival", "mystery_festival"])
        e.reset(seed=3)
        while e.table.state.players[1].ability == "":
            e.step(int(np.flatnonzero(e.action_masks())[0]))
        assert e.table.state.players[1].ability == "chimyaku_kanchi"
    assert "ability" not in asked
