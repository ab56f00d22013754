"""MaskablePPO (sb3-contrib) trains on a Grimoire game with no wrapper: the environment has ``action_masks()``.

Run it after ``pip install 'grimoire-cardgames[rl]' sb3-contrib`` (in a checkout: ``pip install -e
'.[rl]' sb3-contrib``)::

    python examples/rl_maskable_ppo.py --game destiny --steps 2048 --eval-games 20

It trains ``MaskablePPO("MultiInputPolicy")`` against the random agent from seats drawn at
random, then plays ``--eval-games`` games with the trained policy (deterministic, masked)
and prints its wins. A few thousand steps take seconds; beating random play clearly takes
longer (``--steps 200000``). Everything is seeded: the same arguments give the same run.
"""

from __future__ import annotations

import argparse
import time

import torch
from sb3_contrib import MaskablePPO

from grimoire.rl import SingleAgentEnv


def evaluate(model: MaskablePPO, game: str, games: int, seed: int) -> int:
    """Games won by ``model`` against the random agent (seats drawn at random)."""
    env = SingleAgentEnv(game, opponent="random", seat="random")
    wins = 0
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        wins += reward > 0
    return wins


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", default="destiny", choices=["chant", "destiny"])
    parser.add_argument("--steps", type=int, default=2048, help="training steps of the learner")
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # a small network: more threads only wait on each other
    env = SingleAgentEnv(args.game, opponent="random", seat="random")
    env.reset(seed=args.seed)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=256, batch_size=64, n_epochs=4, seed=args.seed,
                        device="cpu", verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    seconds = time.perf_counter() - start
    wins = evaluate(model, args.game, args.eval_games, 10_000 + args.seed)
    print(f"{args.game}: {args.steps} steps in {seconds:.1f} s; trained policy won {wins}/{args.eval_games} "
          f"games against random play")
    return {"seconds": seconds, "wins": float(wins), "games": float(args.eval_games)}


if __name__ == "__main__":
    main()
