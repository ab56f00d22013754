"""RL throughput: environment steps per second against the engine's raw decisions per second.

Usage::

    python bench/rl.py [--steps 20000] [--out docs/performance.md]

Each round plays random legal actions (chosen from the action mask) through the PettingZoo
AEC environment (with PettingZoo's wrappers, as ``grimoire.rl.env`` returns it; every step
reads ``last()``: the observation and mask of the agent to act) and through the raw engine
loop (``decision()`` + ``apply_unchecked``, no observation); rounds are interleaved and the
best of each is kept. Target: the environment at least half the engine's rate.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

from grimoire.core.game import Setup
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.rl import env, raw_env
from grimoire.rl.table import Table


def env_rate(name: str, steps: int, wrapped: bool = True) -> float:
    e = env(name) if wrapped else raw_env(name)
    pick = Chance.seeded(1)
    done_steps = 0
    seed = 0
    start = time.perf_counter()
    while done_steps < steps:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[pick.below(len(legal))]))
            done_steps += 1
    return done_steps / (time.perf_counter() - start)


def engine_rate(name: str, steps: int) -> float:
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    pick = Chance.seeded(1)
    done_steps = 0
    seed = 0
    start = time.perf_counter()
    while done_steps < steps:
        deck = game.cards.starter_deck(starters[seed % len(starters)])
        state = game.new_state(Setup((deck, deck), game.options(), seed=seed))
        seed += 1
        while (d := game.decision(state)) is not None:
            game.apply_unchecked(state, d.options[pick.below(len(d.options))].id, [])
            done_steps += 1
    return done_steps / (time.perf_counter() - start)


def breakdown(name: str, steps: int) -> dict[str, float]:
    """Microseconds per decision spent on each part of an observation, on the positions of random games."""
    table = Table(name)
    game = table.game
    pick = Chance.seeded(2)
    parts = dict.fromkeys(("engine step", "view", "encode", "to NumPy + mask"), 0.0)
    done_steps = seed = 0
    clock = time.perf_counter
    while done_steps < steps:
        table.new_game(seed)
        seed += 1
        state = table.state
        while (d := game.decision(state)) is not None:
            t0 = clock()
            view = game.view(state, d.player)
            t1 = clock()
            values = table.encoding.observe(game, view, d, table.options)
            t2 = clock()
            mask = np.zeros(table.catalogue.size, np.int8)
            for option in d.options:
                mask[table.catalogue.index(option.id)] = 1
            np.clip(np.asarray(values, np.float32), -10.0, 10.0)
            t3 = clock()
            game.apply_unchecked(state, d.options[pick.below(len(d.options))].id, [])
            t4 = clock()
            parts["view"] += t1 - t0
            parts["encode"] += t2 - t1
            parts["to NumPy + mask"] += t3 - t2
            parts["engine step"] += t4 - t3
            done_steps += 1
    return {k: v / done_steps * 1e6 for k, v in parts.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows: list[str] = []
    split_rows: list[str] = []
    for name in ("chant", "destiny"):
        best_env = best_raw = best_engine = 0.0
        for _ in range(args.rounds):
            best_engine = max(best_engine, engine_rate(name, args.steps))
            best_env = max(best_env, env_rate(name, args.steps))
            best_raw = max(best_raw, env_rate(name, args.steps, wrapped=False))
        ratio = best_env / best_engine
        print(f"{name}: env {best_env:,.0f} steps/s (raw_env {best_raw:,.0f}), engine {best_engine:,.0f} "
              f"decisions/s, ratio {ratio:.2f}", flush=True)
        rows.append(f"| {name} | {best_env:,.0f} | {best_raw:,.0f} | {best_engine:,.0f} | {ratio:.2f} |")
        parts = breakdown(name, args.steps)
        print(f"{name}: " + ", ".join(f"{k} {v:.1f} µs" for k, v in parts.items()), flush=True)
        split_rows.append(f"| {name} | " + " | ".join(f"{v:.1f}" for v in parts.values()) + " |")
    body = "\n".join([
        "## RL environments: steps per second",
        "",
        "`python bench/rl.py` — random legal actions from the action mask through the PettingZoo AEC",
        "environment (`grimoire.rl.env`, PettingZoo's wrappers included; every step reads the acting agent's",
        "observation and mask), against the engine's raw loop (`decision()` + `apply_unchecked`, no",
        "observation) in the same run, best of interleaved rounds. Target: the environment at least half",
        "the engine's rate.",
        "",
        "| game | env steps/s | raw_env steps/s (no wrappers) | engine decisions/s | ratio env / engine |",
        "|---|---|---|---|---|",
        *rows,
        "",
        "Where an environment step's time goes (µs per decision, same positions, one core):",
        "",
        "| game | engine step | view | encode | to NumPy + mask |",
        "|---|---|---|---|---|",
        *split_rows,
        "",
        "The observation alone (the seat's view, its encoding and the arrays) costs several engine",
        "steps, and PettingZoo's wrappers (`env` against `raw_env`) add their own calls on every step:",
        "the target of half the engine's rate is not met in pure Python. See docs/rl.md.",
    ])
    if args.out:
        write_section(args.out, "rl", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
