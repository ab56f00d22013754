"""Head-to-head matches between this tree's agents and an earlier revision's, at equal time per decision.

Usage::

    python bench/ladder.py --pair new:search-0.1s base:search-0.1s [--pair …] [--games 200] [--workers 2]
                           [--baseline 091d5bd] [--game chant] [--seed 13] [--title …] [--section …] [--out docs/ai.md]

A contestant is ``BUILD:AGENT``: ``BUILD`` is ``new`` (the working tree), ``base`` (the
baseline revision, unpacked by ``git archive`` into ``.bench/baseline``) or either with
``-compiled``; ``AGENT`` is any name ``grimoire.ai.registry.make_agent`` knows (``hard``,
``search-0.1s``, ``search-400``, ``greedy``, ``random``). Every agent runs in its own child
process (``bench/_agent_server.py``) with its build on PYTHONPATH, so both sides pay the same
pipe costs and a revision's whole search — hooks, greedy playouts, engine — is what it was.

Each pairing plays ``--games`` games per game: seats alternate in consecutive pairs (decks stay
with their seats, so each side plays both decks of a pairing), over every ordered pair of
starter decks in turn; each agent knows its own and its opponent's deck lists. A win rate
counts draws as half; the interval is the 95 % Wilson interval of the wins (draws as not won)
and of wins plus draws. *Time* is each agent's own thinking time per decision with more than
one option (mean / max), *iterations* its mean iterations per searched decision.
"""

from __future__ import annotations

import argparse
import atexit
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _agent_server import read, write
from _baseline import baseline, commit_of
from _report import write_section

from grimoire.core.decks import Deck
from grimoire.core.game import Game, Setup
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.core.stats import wilson
from grimoire.sim.runner import derive_seed

ROOT = Path(__file__).resolve().parent.parent
SERVER = Path(__file__).resolve().parent / "_agent_server.py"
BASELINE = "091d5bd"
STEP_LIMIT = 5000


def build_path(build: str, rev: str) -> str | None:
    """PYTHONPATH for a build name (None: the environment's own)."""
    if build == "new":  # this tree's sources, also from a worktree whose environment installs another checkout
        return str(ROOT / "src")
    if build == "new-compiled":
        from compiled import build as build_compiled

        return str(build_compiled(ROOT / "build" / "compiled") / "src")
    if build in ("base", "base-compiled"):
        return str(baseline(rev, compiled=build.endswith("-compiled")) / "src")
    raise SystemExit(f"unknown build {build!r}: use new, base, new-compiled or base-compiled")


class Remote:
    """An agent answering in a child process (see ``bench/_agent_server.py``)."""

    def __init__(self, path: str | None) -> None:
        env = dict(os.environ)
        if path:
            env["PYTHONPATH"] = path
        else:
            env.pop("PYTHONPATH", None)
        self.proc = subprocess.Popen([sys.executable, str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env)
        atexit.register(self.close)

    def ask(self, message: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        write(self.proc.stdin, message)  # type: ignore[arg-type]
        return read(self.proc.stdout)  # type: ignore[arg-type]

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


_SERVERS: dict[tuple[str | None, int], Remote] = {}


def server(path: str | None, side: int) -> Remote:
    key = (path, side)
    if key not in _SERVERS:
        _SERVERS[key] = Remote(path)
    return _SERVERS[key]


@dataclass
class Tally:
    """One pairing's results: wins of A and B, draws, turns, each side's times and iterations."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    turns: int = 0
    times: list[list[float]] = field(default_factory=lambda: [[], []])
    iterations: list[list[int]] = field(default_factory=lambda: [[], []])

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        self.turns += other.turns
        self.times = [a + b for a, b in zip(self.times, other.times, strict=True)]
        self.iterations = [a + b for a, b in zip(self.iterations, other.iterations, strict=True)]


def deck_pairs(game: Game[Any]) -> list[tuple[str, str]]:
    starters = sorted(game.cards.starter_decks())
    return [(a, b) for a in starters for b in starters]


def play_block(name: str, sides: tuple[tuple[str | None, str], tuple[str | None, str]], seed: int, start: int,
               count: int) -> Tally:
    """Games ``start`` … ``start + count - 1`` of one pairing; side 0 is A."""
    game = load_game(name)
    pairs = deck_pairs(game)
    remotes = (server(sides[0][0], 0), server(sides[1][0], 1))
    tally = Tally()
    for index in range(start, start + count):
        a, b = pairs[(index // 2) % len(pairs)]
        decks: tuple[Deck, Deck] = (game.cards.starter_deck(a), game.cards.starter_deck(b))
        seat_of = (1, 0) if index % 2 else (0, 1)  # A's seat, B's seat
        at_seat = {seat_of[side]: side for side in (0, 1)}
        for side in (0, 1):
            s = seat_of[side]
            remotes[side].ask(("new", name, sides[side][1], (decks[s], decks[1 - s])))
        state = game.new_state(Setup(decks, game.options(), derive_seed(seed, index, "setup")))
        chances = [Chance.seeded(derive_seed(seed, index, "agent", s)) for s in (0, 1)]
        steps = 0
        while (d := game.decision(state)) is not None and steps < STEP_LIMIT:
            side = at_seat[d.player]
            answer, secs, iters = remotes[side].ask(("choose", game.view(state, d.player), d,
                                                     chances[d.player].next64()))
            if len(d.options) > 1:
                tally.times[side].append(secs)
                if iters >= 0:
                    tally.iterations[side].append(iters)
            game.apply(state, answer)
            steps += 1
        outcome = game.outcome(state)
        tally.games += 1
        tally.turns += game.turn_number(state)
        if outcome is None or outcome.winner is None:
            tally.draws += 1
        else:
            tally.wins[at_seat[outcome.winner]] += 1
    return tally


def describe(times: list[float], iterations: list[int]) -> str:
    if not times:
        return "—"
    text = f"{sum(times) / len(times):.3f} s / {max(times):.2f} s"
    if iterations:
        text += f", {sum(iterations) / len(iterations):,.0f} it."
    return text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pair", nargs=2, action="append", metavar=("A", "B"), required=True,
                        help="two contestants BUILD:AGENT (BUILD: new, base, new-compiled, base-compiled)")
    parser.add_argument("--game", dest="games_of", action="append", choices=("chant", "destiny"))
    parser.add_argument("--games", type=int, default=200, help="games per pairing and game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--block", type=int, default=10, help="games per task")
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--title", default="Head to head: this tree against the search before the speed work")
    parser.add_argument("--section", default="h2h", help="the report section's name (bench:NAME markers)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    names = args.games_of or ["chant", "destiny"]
    commit = commit_of(args.baseline)[:7]

    def side(spec: str) -> tuple[str | None, str]:
        build, _, agent = spec.partition(":")
        if not agent:
            raise SystemExit(f"bad contestant {spec!r}: use BUILD:AGENT, e.g. new:hard")
        return build_path(build, args.baseline), agent

    pairings = [((side(a), side(b)), (a, b)) for a, b in args.pair]
    jobs = [(name, sides, labels, start, min(args.block, args.games - start))
            for name in names for sides, labels in pairings for start in range(0, args.games, args.block)]
    tallies: dict[tuple[str, tuple[str, str]], Tally] = {}
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(play_block, name, sides, args.seed, start, count): (name, labels)
                   for name, sides, labels, start, count in jobs}
        for done, fut in enumerate(as_completed(futures), start=1):
            key = futures[fut]
            tallies.setdefault(key, Tally()).add(fut.result())
            t = tallies[key]
            print(f"[{done}/{len(jobs)} {time.perf_counter() - began:.0f}s] {key[0]} {key[1][0]} vs {key[1][1]}: "
                  f"{t.wins[0]}-{t.wins[1]}-{t.draws} of {t.games}", flush=True)
    rows = []
    for name in names:
        for _, labels in pairings:
            t = tallies[(name, labels)]
            lo, _ = wilson(t.wins[0], t.games)
            _, hi2 = wilson(t.wins[0] + t.draws, t.games)
            rate = (t.wins[0] + 0.5 * t.draws) / t.games
            rows.append(f"| {name} | {labels[0]} vs {labels[1]} | {t.games} | {t.wins[0]} – {t.wins[1]} – {t.draws} "
                        f"| **{rate:.1%}** | {lo:.1%} – {hi2:.1%} | {t.turns / t.games:.1f} | "
                        f"{describe(t.times[0], t.iterations[0])} | {describe(t.times[1], t.iterations[1])} |")
    pairs_text = " ".join(f"--pair {a} {b}" for a, b in args.pair)
    game_flags = "".join(f" --game {n}" for n in args.games_of or [])
    body = "\n".join([
        f"`python bench/ladder.py {pairs_text} --games {args.games} --workers {args.workers}{game_flags} "
        f"--seed {args.seed}` ({time.perf_counter() - began:.0f} s wall; *base* is {commit}).",
        "",
        "| game | A vs B | games | A wins – B wins – draws | A's score | 95 % interval | turns/game "
        "| A: time per decision (mean / max), iterations | B: same |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
    ])
    print(body)
    if args.out:
        write_section(args.out, args.section, f"### {args.title}\n\n{body}")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
