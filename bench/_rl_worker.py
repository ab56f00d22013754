"""One RL throughput measurement in its own process (driven by ``bench/rl.py``).

Usage::

    python bench/_rl_worker.py KIND GAME SECONDS [NUM_ENVS]

KIND is ``engine`` (the raw loop: ``decision()`` + ``apply_unchecked``, random legal answers),
``env-compact`` / ``env-full`` (the PettingZoo AEC environment with PettingZoo's standard
wrappers, ``grimoire.rl.env``, every step reading ``last()``), ``raw-compact`` (the same without
the wrappers), ``batched`` (``grimoire.rl.BatchedEnv`` of NUM_ENVS games against the random
opponent, a random legal action per game from the masks) or ``pettingzoo`` (GAME is then one of
PettingZoo's classic environments, e.g. ``leduc_holdem_v4``, with its own wrappers). Prints one
JSON line: ``count`` steps in ``seconds``; for ``batched`` also ``decisions``, the engine
decisions per learner step (the opponent's answers included), counted in an untimed run.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
from typing import Any

import numpy as np


def aec_rate(e: Any, seconds: float) -> tuple[int, float]:
    """Steps per ``seconds`` of an AEC environment, a random legal action from the mask each step (the mask's
    ``nonzero()`` and Python's ``random``: NumPy's ``flatnonzero`` and ``Generator.integers`` cost more than a
    compiled engine step each, and this measures the environment, not the way the action is drawn)."""
    draw = random.Random(1).random
    steps = seed = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[int(draw() * len(legal))]))
            steps += 1
    return steps, time.perf_counter() - start


def engine_rate(name: str, seconds: float) -> tuple[int, float]:
    from grimoire.core.game import Setup
    from grimoire.core.registry import load_game
    from grimoire.core.rng import Chance

    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    pick = Chance.seeded(1)
    steps = seed = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        deck = game.cards.starter_deck(starters[seed % len(starters)])
        state = game.new_state(Setup((deck, deck), game.options(), seed=seed))
        seed += 1
        while (d := game.decision(state)) is not None:
            game.apply_unchecked(state, d.options[pick.below(len(d.options))].id, [])
            steps += 1
    return steps, time.perf_counter() - start


def batched_rate(name: str, seconds: float, num_envs: int) -> tuple[int, float]:
    from grimoire.rl import BatchedEnv

    envs = BatchedEnv(name, num_envs=num_envs, opponent="random", seat="random")
    rng = np.random.default_rng(1)
    envs.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        masks = envs.action_masks()
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)  # a random legal action in every game
        envs.step(actions)
        steps += num_envs
    return steps, time.perf_counter() - start


def decisions_per_learner_step(name: str, games: int = 100) -> float:
    """Engine decisions per learner step against the random opponent (its answers counted one by one)."""
    from grimoire.core.play import RandomAgent
    from grimoire.rl import SingleAgentEnv

    class Counting(RandomAgent):
        answers = 0

        def choose(self, game: Any, view: Any, decision: Any, chance: Any) -> str:
            Counting.answers += 1
            return super().choose(game, view, decision, chance)

    e = SingleAgentEnv(name, opponent=Counting(), seat="random")
    rng = np.random.default_rng(2)
    learner = 0
    for g in range(games):
        obs, _ = e.reset(seed=g)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, _ = e.step(int(legal[rng.integers(len(legal))]))
            learner += 1
    return (learner + Counting.answers) / learner


def main() -> None:
    kind, name, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    result: dict[str, Any] = {}
    if kind == "engine":
        count, took = engine_rate(name, seconds)
    elif kind in ("env-compact", "env-full", "raw-compact"):
        from grimoire.rl import env, raw_env

        make = raw_env if kind.startswith("raw") else env
        count, took = aec_rate(make(name, observation=kind.split("-")[1]), seconds)
    elif kind == "batched":
        count, took = batched_rate(name, seconds, int(sys.argv[4]))
        result["decisions"] = decisions_per_learner_step(name)
    elif kind == "pettingzoo":
        module = importlib.import_module(f"pettingzoo.classic.{name}")
        count, took = aec_rate(module.env(), seconds)
    else:
        raise SystemExit(f"unknown measurement {kind!r}")
    print(json.dumps({"count": count, "seconds": took, **result}))


if __name__ == "__main__":
    main()
