"""Simulation scaling: games/s on one core against all cores (local processes, optionally Ray).

Usage::

    python bench/sim_scaling.py [--games 400] [--agents greedy random] [--ray] [--out docs/performance.md]

Plays the same seeded run with ``simulate_parallel`` on 1 worker and on every core
and checks the per-game results are identical; reports wall time, games/s and the
speed-up. ``--ray`` adds a local Ray instance with every core.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

from grimoire.core.registry import load_game
from grimoire.sim.parallel import simulate_parallel


def run(name: str, agents: tuple[str, str], games: int, workers: int, backend: str = "process") -> tuple[float, list]:  # type: ignore[type-arg]
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(starters[0]), game.cards.starter_deck(starters[1 % len(starters)]))
    began = time.perf_counter()
    result = simulate_parallel(name, decks, agents, games, seed=99, alternate=True, workers=workers,
                               progress=False, backend=backend)
    return time.perf_counter() - began, result.results


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--agents", nargs=2, default=["greedy", "random"])
    parser.add_argument("--game", dest="names", action="append", choices=["chant", "destiny"])
    parser.add_argument("--ray", action="store_true", help="also time the Ray backend (local instance)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    agents = (args.agents[0], args.agents[1])
    rows = []
    for name in args.names or ["chant", "destiny"]:
        one, r1 = run(name, agents, args.games, 1)
        many, rn = run(name, agents, args.games, cores)
        same = r1 == rn
        line = [f"| {name} | {agents[0]} vs {agents[1]} | {args.games} | {args.games / one:,.0f} | "
                f"{args.games / many:,.0f} ({cores}) | {one / many:.2f}× | {'yes' if same else 'NO'} |"]
        if args.ray:
            import ray

            ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False)
            try:
                rt, rr = run(name, agents, args.games, cores, backend="ray")
            finally:
                ray.shutdown()
            line[0] += f" {args.games / rt:,.0f} ({'identical' if rr == r1 else 'DIFFERENT'}) |"
        print(line[0], flush=True)
        rows.extend(line)
    ray_head = " Ray games/s |" if args.ray else ""
    body = "\n".join([
        "## Simulation: one core against all cores",
        "",
        f"`python bench/sim_scaling.py --games {args.games}{' --ray' if args.ray else ''}` — "
        "`grimoire.sim.parallel.simulate_parallel` on 1 worker and on every core (chunks of games in worker "
        "processes, results merged in game order); *identical* compares every per-game result of the two runs. "
        "Process start-up and game loading are included in the wall time.",
        "",
        f"| game | agents | games | games/s, 1 core | games/s, all cores | speed-up | identical |{ray_head}",
        "|---|---|---|---|---|---|---|" + ("---|" if args.ray else ""),
        *rows,
    ])
    if args.out:
        write_section(args.out, "sim", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
