"""What users of sb3-contrib, Tianshou and RLlib expect of the environments: action_masks(), validated
render modes, public action and observation names, a policy function as the opponent, seeded named
opponents, and the mask of the step that ends a game under vector autoreset."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest

from grimoire.rl import SingleAgentEnv, raw_env


def first_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def play_out(e: SingleAgentEnv, seed: int, limit: int = 3000) -> list[Any]:
    """A whole game with the learner taking its first legal action; the trace of what it saw."""
    obs, info = e.reset(seed=seed)
    trace: list[Any] = [info["seat"], obs["observation"].tobytes()]
    for _ in range(limit):
        obs, reward, done, _, _ = e.step(first_legal(obs["action_mask"]))
        trace.append((obs["observation"].tobytes(), reward))
        if done:
            return trace
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_action_masks_is_the_learners_mask_as_booleans(name: str) -> None:
    e = SingleAgentEnv(name, opponent="random", seat="random")
    obs, _ = e.reset(seed=2)
    for _ in range(3000):
        masks = e.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (e.action_space.n,)
        assert np.array_equal(masks, obs["action_mask"].astype(bool)) and masks.any()
        obs, _, done, _, _ = e.step(first_legal(obs["action_mask"]))
        if done:
            break
    assert done and not e.action_masks().any()  # the step that ends the game: no decision, nothing legal


def test_render_mode_is_validated_and_human_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("rgb_array", "humans", ""):
        with pytest.raises(ValueError, match="render_mode must be one of ansi, human or None"):
            SingleAgentEnv("destiny", opponent="random", render_mode=bad)
        with pytest.raises(ValueError, match="render_mode must be one of"):
            raw_env("destiny", render_mode=bad)
    e = SingleAgentEnv("destiny", opponent="random", render_mode="human")
    obs, _ = e.reset(seed=1)
    shown = capsys.readouterr().out
    assert shown.strip() and shown == e.table.render(e.seat, "en") + "\n"
    e.step(first_legal(obs["action_mask"]))
    assert capsys.readouterr().out.strip() and e.render() is None
    a = raw_env("destiny", render_mode="human")
    a.reset(seed=1)
    assert capsys.readouterr().out.strip()
    assert SingleAgentEnv("destiny", opponent="random").render() is None


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_action_and_observation_names_are_public(name: str) -> None:
    e = SingleAgentEnv(name, opponent="random")
    a = raw_env(name)
    assert e.action_names == a.action_names and e.observation_names == a.observation_names
    assert len(e.action_names) == e.action_space.n == len(set(e.action_names))
    assert len(e.observation_names) == e.observation_space["observation"].shape[0]
    assert "end" in e.action_names or "pass" in e.action_names
    obs, _ = e.reset(seed=4)
    legal = {e.action_names[i] for i in np.flatnonzero(obs["action_mask"])}
    assert legal == {option.id for option in e.decision.options}


def test_a_policy_function_plays_the_other_seat() -> None:
    seen: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((observation.shape, mask.shape))
        assert mask.any()
        return int(np.flatnonzero(mask)[-1])

    e = SingleAgentEnv("destiny", opponent=policy, seat=0)
    trace = play_out(e, seed=3)
    assert seen and set(seen) == {(e.observation_space["observation"].shape, (e.action_space.n,))}
    assert trace == play_out(SingleAgentEnv("destiny", opponent=policy, seat=0), seed=3)
    bad = SingleAgentEnv("destiny", opponent=lambda observation, mask: e.action_space.n + 5, seat=1)
    with pytest.raises(ValueError, match="not in its action mask"):  # its first decision past its deck's ability
        bad.reset(seed=3)
        for _ in range(200):
            bad.step(int(np.flatnonzero(bad.action_masks())[0]))


@pytest.mark.parametrize("opponent", ["random", "greedy", "search-20"])
def test_named_opponents_are_seeded_and_reproducible(opponent: str) -> None:
    runs = [play_out(SingleAgentEnv("destiny", opponent=opponent, seat="random"), seed=11) for _ in range(2)]
    assert runs[0] == runs[1]
    assert play_out(SingleAgentEnv("destiny", opponent=opponent, seat="random"), seed=12) != runs[0]


def test_hard_searches_its_iteration_budget_without_a_time_cap() -> None:
    e = SingleAgentEnv("chant", opponent="hard")
    assert e.opponent.config.iterations == 1000 and e.opponent.config.seconds is None  # type: ignore[attr-defined]


@pytest.mark.skipif(not hasattr(gymnasium.vector, "AutoresetMode"), reason="gymnasium before 1.1: next-step only")
def test_vector_envs_same_step_autoreset_give_the_next_games_mask() -> None:
    def run(mode: Any) -> list[np.ndarray]:
        envs = gymnasium.vector.SyncVectorEnv([lambda: SingleAgentEnv("destiny", opponent="random")] * 2,
                                              autoreset_mode=mode)
        obs, _ = envs.reset(seed=5)
        ended: list[np.ndarray] = []
        for _ in range(3000):
            obs, _, done, _, _ = envs.step(np.array([first_legal(m) if m.any() else 0 for m in obs["action_mask"]]))
            ended += [obs["action_mask"][i] for i in np.flatnonzero(done)]
            if len(ended) >= 2:
                return ended
        raise AssertionError("no game ended")

    assert all(mask.any() for mask in run(gymnasium.vector.AutoresetMode.SAME_STEP))  # the new game's mask
    assert not any(mask.any() for mask in run(gymnasium.vector.AutoresetMode.NEXT_STEP))  # the ended game's


def test_without_the_rl_extra_the_import_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in [m for m in sys.modules if m == "grimoire.rl" or m.startswith("grimoire.rl.")]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ModuleNotFoundError) as caught:
        importlib.import_module("grimoire.rl")
    assert "grimoire.rl needs the 'rl' extra: pip install 'grimoire-cardgames[rl]'" in str(caught.value)
