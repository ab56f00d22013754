"""A small policy-gradient agent (REINFORCE with action masking) that learns to beat random play.

Run it after ``pip install 'grimoire-cardgames[rl]'`` (in a checkout: ``pip install -e '.[rl]'``)::

    python examples/rl_reinforce.py --game destiny --episodes 3000

The policy scores each legal action with a linear function of what the action is (its
option key: summon, attack, pay…) and of the card it names (that card's row of the seat's
observation: power, attribute, zone, marks…), and picks by softmax over the legal actions
only (the action mask). It is trained against the random agent with REINFORCE and a
running-mean baseline, from seats drawn at random, and prints its win rate against random
before and after training with a 95 % Wilson interval. Only NumPy is needed.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from grimoire.core.stats import wilson
from grimoire.rl import SingleAgentEnv


class LinearPolicy:
    """Scores ``b[key] + V[key] · card_row`` for each legal action; softmax over the legal ones."""

    def __init__(self, env: SingleAgentEnv, rng: np.random.Generator) -> None:
        cat = env.table.catalogue
        layout = env.table.encoding.layout(env.table.game, env.table.options)
        self.row_start = layout.names.index("uid.0.seen")
        self.row_width = next(i for i, n in enumerate(layout.names[self.row_start:]) if n.startswith("uid.1."))
        keys = sorted({oid.split(":")[0] if oid.split(":")[-1].isdigit() else oid for oid in cat.ids})
        self.key_of = np.array([keys.index(oid.split(":")[0] if oid.split(":")[-1].isdigit() else oid)
                                for oid in cat.ids])
        self.uid_of = np.array([int(oid.split(":")[1]) if oid.split(":")[-1].isdigit() else -1 for oid in cat.ids])
        self.b = np.zeros(len(keys))
        self.v = np.zeros((len(keys), self.row_width))
        self.rng = rng

    def features(self, obs: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        keys = self.key_of[legal]
        uids = self.uid_of[legal]
        rows = np.zeros((len(legal), self.row_width))
        named = uids >= 0
        if named.any():
            starts = self.row_start + uids[named] * self.row_width
            rows[named] = obs[starts[:, None] + np.arange(self.row_width)]
        return keys, rows

    def act(self, obs: dict[str, np.ndarray], greedy: bool = False) -> tuple[int, Any]:
        legal = np.flatnonzero(obs["action_mask"])
        keys, rows = self.features(obs["observation"], legal)
        scores = self.b[keys] + np.einsum("ij,ij->i", self.v[keys], rows)
        p = np.exp(scores - scores.max())
        p /= p.sum()
        i = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[i]), (keys, rows, p, i)

    def update(self, trace: list[Any], advantage: float, lr: float) -> None:
        for keys, rows, p, i in trace:
            g = -p
            g[i] += 1.0
            np.add.at(self.b, keys, lr * advantage * g)
            np.add.at(self.v, keys, lr * advantage * g[:, None] * rows)


def play(env: SingleAgentEnv, policy: LinearPolicy | None, seed: int, rng: np.random.Generator
         ) -> tuple[float, list[Any]]:
    obs, _ = env.reset(seed=seed)
    trace: list[Any] = []
    while True:
        if policy is None:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal))
        else:
            action, step = policy.act(obs)
            trace.append(step)
        obs, reward, done, truncated, _ = env.step(action)
        if done or truncated:
            return float(reward), trace


def win_rate(env: SingleAgentEnv, policy: LinearPolicy | None, games: int, seed: int,
             rng: np.random.Generator) -> tuple[float, float, float]:
    wins = sum(1 for g in range(games) if play(env, policy, seed + g, rng)[0] > 0)
    lo, hi = wilson(wins, games)
    return wins / games, lo, hi


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="destiny")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--lr", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = SingleAgentEnv(args.game, opponent="random", seat="random")
    policy = LinearPolicy(env, rng)
    began = time.perf_counter()
    before = win_rate(env, policy, args.eval_games, 10_000_000, rng)
    print(f"{args.game}: untrained policy vs random: {before[0]:.1%} (95% CI {before[1]:.1%}–{before[2]:.1%})")
    baseline = 0.0
    for episode in range(args.episodes):
        reward, trace = play(env, policy, args.seed * 1_000_003 + episode, rng)
        policy.update(trace, reward - baseline, args.lr)
        baseline += 0.01 * (reward - baseline)
        if (episode + 1) % 500 == 0:
            print(f"  {episode + 1} episodes, running reward {baseline:+.2f}", flush=True)
    after = win_rate(env, policy, args.eval_games, 10_000_000, rng)
    print(f"{args.game}: trained policy vs random:   {after[0]:.1%} (95% CI {after[1]:.1%}–{after[2]:.1%})")
    print(f"{args.episodes} training games, {time.perf_counter() - began:.0f} s in all")


if __name__ == "__main__":
    main()
