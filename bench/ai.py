"""AI benchmarks: search speed and memory, and the measured ladder of agents.

Usage::

    python bench/ai.py [--out docs/performance.md]            # iterations/s, memory per search
    python bench/ai.py --ladder [--games 200] [--workers 2] [--budgets 50 200] [--out docs/ai.md]

*Speed*: for each game, search agents (``--iterations``, default 300) answer the decisions
of a few seeded games against a random opponent, from the search seat's view; the figures
are iterations per second over all searched decisions (those with more than one option)
and the tracemalloc peak of one search (tree and determinizations).

*Ladder*: random < greedy < search at two budgets, per game. Each pairing plays
``--games`` games, seats alternated (and decks swapped with them) in consecutive pairs,
over every ordered pair of starter decks in turn; a win rate counts draws as not won,
with a 95 % Wilson interval. Search agents know both deck lists (open decklists). The
games run in ``--workers`` processes and are a pure function of ``--seed``.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

from grimoire.ai.registry import make_agent
from grimoire.ai.search import SearchAgent, SearchConfig
from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.game import Game, Setup
from grimoire.core.play import Agent
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.sim.runner import play_one
from grimoire.sim.stats import wilson

GAMES = ("chant", "destiny")


# ----------------------------------------------------------------------------- speed
def search_speed(name: str, iterations: int, games: int, memory_every: int = 5) -> dict[str, float]:
    """Iterations/s over searched decisions and the peak memory of one search."""
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    searched = 0
    total_iters = 0
    total_secs = 0.0
    peak = 0
    per_decision: list[float] = []
    for g in range(games):
        d0 = game.cards.starter_deck(starters[g % len(starters)])
        d1 = game.cards.starter_deck(starters[(g + 1) % len(starters)])
        state = game.new_state(Setup((d0, d1), game.options(), seed=100 + g))
        chance = Chance.seeded(g)
        other = make_agent("random", name)
        steps = 0
        while (d := game.decision(state)) is not None and steps < 400:
            view = game.view(state, d.player)
            if d.player == g % 2 and len(d.options) > 1:
                mine = (d0, d1) if d.player == 0 else (d1, d0)
                agent = SearchAgent(SearchConfig(iterations=iterations), decks=mine)
                began = time.perf_counter()
                answer = agent.choose(game, view, d, chance)
                secs = time.perf_counter() - began
                searched += 1
                total_iters += agent.stats.iterations
                total_secs += secs
                per_decision.append(secs)
                if searched % memory_every == 1:
                    # the same search again under tracemalloc (which slows it down) for its peak memory
                    again = SearchAgent(SearchConfig(iterations=iterations), decks=mine)
                    tracemalloc.start()
                    again.choose(game, view, d, Chance.seeded(steps))
                    peak = max(peak, tracemalloc.get_traced_memory()[1])
                    tracemalloc.stop()
            else:
                answer = other.choose(game, view, d, chance)
            game.apply(state, answer)
            steps += 1
    per_decision.sort()
    return {
        "decisions": searched,
        "iterations_per_s": total_iters / total_secs if total_secs else 0.0,
        "mean_s": total_secs / searched if searched else 0.0,
        "p95_s": per_decision[int(0.95 * (len(per_decision) - 1))] if per_decision else 0.0,
        "peak_kib": peak / 1024,
    }


# ----------------------------------------------------------------------------- ladder
class Timed:
    """Wraps an agent and records the time of each decision with more than one option."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        began = time.perf_counter()
        answer = self.agent.choose(game, view, decision, chance)
        if len(decision.options) > 1:
            self.times.append(time.perf_counter() - began)
        return answer


@dataclass
class Tally:
    """Results of one pairing: wins of each side, draws, decision times of each side."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    times: list[list[float]] = field(default_factory=lambda: [[], []])
    turns: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        self.times = [a + b for a, b in zip(self.times, other.times, strict=True)]
        self.turns += other.turns


def deck_pairs(game: Game[Any]) -> list[tuple[str, str]]:
    starters = sorted(game.cards.starter_decks())
    return [(a, b) for a in starters for b in starters]


def play_block(name: str, agents: tuple[str, str], seed: int, start: int, count: int) -> Tally:
    """Games ``start`` … of one pairing (a pure function of the arguments)."""
    game = load_game(name)
    options = game.options()
    pairs = deck_pairs(game)
    tally = Tally()
    for index in range(start, start + count):
        a, b = pairs[(index // 2) % len(pairs)]
        decks: tuple[Deck, Deck] = (game.cards.starter_deck(a), game.cards.starter_deck(b))
        players = (Timed(make_agent(agents[0], name, decks)), Timed(make_agent(agents[1], name, decks[::-1])))
        result = play_one(game, decks, (players[0], players[1]), options, seed, index, None, swap=index % 2 == 1)
        tally.games += 1
        tally.turns += result.turns
        if result.winner is None:
            tally.draws += 1
        else:
            side = 1 - result.winner if result.swapped else result.winner
            tally.wins[side] += 1
        for side in (0, 1):
            tally.times[side].extend(players[side].times)
    return tally


def ladder(names: list[str], budgets: list[int], games: int, workers: int, seed: int, block: int,
           head_to_head: bool = False) -> str:
    searches = [f"search-{b}" for b in budgets]
    pairings = [("greedy", "random")]
    for s in searches:
        pairings += [(s, "random"), (s, "greedy")]
    if head_to_head and len(searches) > 1:
        pairings.append((searches[-1], searches[0]))
    jobs: list[tuple[str, tuple[str, str], int, int]] = []
    for name in names:
        for pairing in pairings:
            for start in range(0, games, block):
                jobs.append((name, pairing, start, min(block, games - start)))
    tallies: dict[tuple[str, tuple[str, str]], Tally] = {}
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_block, name, pairing, seed, start, count): (name, pairing)
                   for name, pairing, start, count in jobs}
        for done, fut in enumerate(as_completed(futures), start=1):
            key = futures[fut]
            tallies.setdefault(key, Tally()).add(fut.result())
            t = tallies[key]
            print(f"[{done}/{len(jobs)} {time.perf_counter() - began:.0f}s] {key[0]} {key[1][0]} vs {key[1][1]}: "
                  f"{t.wins[0]}-{t.wins[1]}-{t.draws} of {t.games}", flush=True)
    rows = []
    for name in names:
        for pairing in pairings:
            t = tallies[(name, pairing)]
            lo, hi = wilson(t.wins[0], t.games)
            times = t.times[0]
            timing = (f"{sum(times) / len(times):.3f} s / {max(times):.2f} s" if times and pairing[0] != "greedy"
                      else "—")
            rows.append(f"| {name} | {pairing[0]} vs {pairing[1]} | {t.games} | "
                        f"{t.wins[0]} – {t.wins[1]} – {t.draws} | **{t.wins[0] / t.games:.1%}** | "
                        f"{lo:.1%} – {hi:.1%} | {t.turns / t.games:.1f} | {timing} |")
    return "\n".join([
        f"`python bench/ai.py --ladder --games {games} --workers {workers} --budgets {' '.join(map(str, budgets))}"
        f" --seed {seed}{' --head-to-head' if head_to_head else ''}` ({time.perf_counter() - began:.0f} s wall).",
        "",
        "| game | pairing (A vs B) | games | A wins – B wins – draws | A win rate | 95 % Wilson | turns/game | "
        "A's time per decision (mean / max) |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ladder", action="store_true", help="play the ladder instead of the speed benchmark")
    parser.add_argument("--game", dest="names", action="append", choices=GAMES)
    parser.add_argument("--games", type=int, default=200, help="games per pairing (ladder)")
    parser.add_argument("--budgets", type=int, nargs="+", default=[25, 100], help="search iterations (ladder)")
    parser.add_argument("--iterations", type=int, default=300, help="search iterations (speed)")
    parser.add_argument("--speed-games", type=int, default=4, help="games per game for the speed benchmark")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--block", type=int, default=10, help="games per task (ladder)")
    parser.add_argument("--head-to-head", action="store_true", help="also the largest budget against the smallest")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    names = args.names or list(GAMES)
    if args.ladder:
        body = ladder(names, args.budgets, args.games, args.workers, args.seed, args.block, args.head_to_head)
        print(body)
        if args.out:
            write_section(args.out, "ladder", body)
            print(f"wrote {args.out}")
        return
    rows = []
    for name in names:
        r = search_speed(name, args.iterations, args.speed_games)
        print(name, {k: round(v, 3) for k, v in r.items()}, flush=True)
        rows.append(f"| {name} | {args.iterations} | {r['decisions']:.0f} | {r['iterations_per_s']:,.0f} | "
                    f"{r['mean_s']:.3f} s | {r['p95_s']:.3f} s | {r['peak_kib']:,.0f} KiB |")
    body = "\n".join([
        "## AI: information-set search on one core",
        "",
        f"`python bench/ai.py --iterations {args.iterations}` — the search seat answers every decision with more",
        "than one option in seeded games against a random opponent (starter decks, both lists known).",
        "*Memory* is the tracemalloc peak of one search (tree, determinizations, playouts), the largest seen",
        "over every fifth searched decision.",
        "",
        "| game | iterations/decision | decisions | iterations/s | time/decision (mean) | (p95) "
        "| memory/search (peak) |",
        "|---|---|---|---|---|---|---|",
        *rows,
    ])
    if args.out:
        write_section(args.out, "ai", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
