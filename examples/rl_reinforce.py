"""A small policy-gradient agent (REINFORCE with action masking) that learns to beat random play.

Run it after ``pip install 'grimoire-cardgames[rl]'`` (in a checkout: ``pip install -e '.[rl]'``)::

    python examples/rl_reinforce.py --game destiny --episodes 3000

It works for every installed game with an encoding (docs/protocol.md 10). The policy scores
each legal action with a linear function of what the action is (its option key — summon,
attack, pay… — for an action naming a card instance, else the action itself) and of the card
instance it names (that uid's row ``uid.<u>.*`` of the seat's observation: power, attribute,
zone, marks…); a game whose observation has no such rows (the example plugin's) is scored
on the whole observation instead. Only the catalogue's ``by_uid`` actions name an instance:
``pay:<k>`` is a number, ``reveal:<card id>`` a card id. It picks by softmax over the legal
actions only (the action mask), is trained against the random agent with REINFORCE and a
running-mean baseline, from seats drawn at random, and prints its results against random
before and after training — wins with a 95 % Wilson interval, and draws (reward 0, counted
apart: a draw is not a win). Only NumPy is needed.
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
        names = env.observation_names
        rows = [i for i, n in enumerate(names) if n.startswith("uid.0.")]
        if rows:  # one row of slots per card instance: uid.<u>.<slot>
            self.row_start = rows[0]
            self.row_width = len(rows)
        else:  # no per-instance rows: every action reads the whole observation
            self.row_start, self.row_width = 0, len(names)
        by_uid = set(cat.blocks["by_uid"]) if rows else set()

        def key(oid: str) -> str:
            return oid.split(":")[0] if oid.split(":")[0] in by_uid else oid

        keys = sorted({key(oid) for oid in cat.ids})
        self.key_of = np.array([keys.index(key(oid)) for oid in cat.ids])
        self.uid_of = np.array([int(oid.split(":")[1]) if key(oid) != oid else (-2 if not rows else -1)
                                for oid in cat.ids])
        self.b = np.zeros(len(keys))
        self.v = np.zeros((len(keys), self.row_width))
        self.rng = rng

    def features(self, obs: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        keys = self.key_of[legal]
        uids = self.uid_of[legal]
        rows = np.zeros((len(legal), self.row_width))
        whole = uids == -2
        if whole.any():
            rows[whole] = obs[: self.row_width]
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


def results(env: SingleAgentEnv, policy: LinearPolicy | None, games: int, seed: int,
            rng: np.random.Generator) -> tuple[int, int, int]:
    """Wins, draws and losses of ``games`` games against the environment's opponent."""
    rewards = [play(env, policy, seed + g, rng)[0] for g in range(games)]
    return sum(r > 0 for r in rewards), sum(r == 0 for r in rewards), sum(r < 0 for r in rewards)


def win_rate(env: SingleAgentEnv, policy: LinearPolicy | None, games: int, seed: int,
             rng: np.random.Generator) -> tuple[float, float, float]:
    """The share of games won (a draw is not a win) and its 95 % Wilson interval."""
    wins = results(env, policy, games, seed, rng)[0]
    lo, hi = wilson(wins, games)
    return wins / games, lo, hi


def summary(counts: tuple[int, int, int]) -> str:
    wins, draws, losses = counts
    games = wins + draws + losses
    lo, hi = wilson(wins, games)
    return f"{wins / games:.1%} won (95% CI {lo:.1%}–{hi:.1%}), {draws} drawn, {losses} lost of {games}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="destiny", help="any installed game with an encoding")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--lr", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = SingleAgentEnv(args.game, opponent="random", seat="random", observation="full")
    policy = LinearPolicy(env, rng)
    began = time.perf_counter()
    before = results(env, policy, args.eval_games, 10_000_000, rng)
    print(f"{args.game}: untrained policy vs random: {summary(before)}")
    baseline = 0.0
    for episode in range(args.episodes):
        reward, trace = play(env, policy, args.seed * 1_000_003 + episode, rng)
        policy.update(trace, reward - baseline, args.lr)
        baseline += 0.01 * (reward - baseline)
        if (episode + 1) % 500 == 0:
            print(f"  {episode + 1} episodes, running reward {baseline:+.2f}", flush=True)
    after = results(env, policy, args.eval_games, 10_000_000, rng)
    print(f"{args.game}: trained policy vs random:   {summary(after)}")
    print(f"{args.episodes} training games, {time.perf_counter() - began:.0f} s in all")


if __name__ == "__main__":
    main()
