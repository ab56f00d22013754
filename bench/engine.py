"""Engine benchmark: random self-play speed, clone speed and memory per state, per game.

Runs on one core (one process). Usage::

    python bench/engine.py [--games 300] [--games-name chant destiny] [--out docs/performance.md]

Figures: games/s and decisions/s of random self-play (``decision()`` + trusted
``apply_unchecked``, and the checked ``apply`` path), clones/s of mid-game states, and
bytes per state (tracemalloc over many clones).
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

from grimoire.core.game import Game, Setup
from grimoire.core.registry import game_names, load_game
from grimoire.core.rng import Chance


def setups(game: Game[Any], n: int) -> list[Setup]:
    starters = sorted(game.cards.starter_decks())
    decks = [game.cards.starter_deck(name) for name in starters]
    out = []
    for i in range(n):
        a, b = decks[i % len(decks)], decks[(i + 1) % len(decks)]
        out.append(Setup((a, b), game.options(), seed=1000 + i))
    return out


def self_play(game: Game[Any], all_setups: list[Setup], checked: bool) -> tuple[int, int, float, list[Any]]:
    """Play random games; returns (games, decisions, seconds, mid-game states)."""
    chooser = Chance.seeded(7)
    decisions = 0
    mids: list[Any] = []
    start = time.perf_counter()
    for setup in all_setups:
        state = game.new_state(setup)
        steps = 0
        while (d := game.decision(state)) is not None:
            pick = d.options[chooser.below(len(d.options))].id
            if checked:
                game.apply(state, pick)
            else:
                game.apply_unchecked(state, pick, [])
            steps += 1
            if steps == 60 and len(mids) < 200:
                mids.append(game.clone(state))
        decisions += steps
    return len(all_setups), decisions, time.perf_counter() - start, mids


def clone_rate(game: Game[Any], states: list[Any], rounds: int = 50) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for s in states:
            game.clone(s)
    return rounds * len(states) / (time.perf_counter() - start)


def bytes_per_state(game: Game[Any], states: list[Any]) -> float:
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    keep = [game.clone(s) for s in states for _ in range(5)]
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / len(keep)


def bench_game(name: str, games: int) -> dict[str, float]:
    game = load_game(name)
    all_setups = setups(game, games)
    n, decisions, secs, mids = self_play(game, all_setups, checked=False)
    _, decisions_c, secs_c, _ = self_play(game, all_setups, checked=True)
    return {
        "games": n,
        "games_per_s": n / secs,
        "decisions_per_s": decisions / secs,
        "decisions_per_game": decisions / n,
        "checked_decisions_per_s": decisions_c / secs_c,
        "clones_per_s": clone_rate(game, mids),
        "bytes_per_state": bytes_per_state(game, mids),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--game", dest="names", action="append", choices=game_names())
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = []
    for name in args.names or [n for n in game_names() if n in ("chant", "destiny")]:
        r = bench_game(name, args.games)
        print(name, {k: round(v, 1) for k, v in r.items()}, flush=True)
        rows.append(
            f"| {name} | {r['games']:.0f} | {r['decisions_per_game']:.0f} | {r['games_per_s']:,.0f} | "
            f"{r['decisions_per_s']:,.0f} | {r['checked_decisions_per_s']:,.0f} | {r['clones_per_s']:,.0f} | "
            f"{r['bytes_per_state'] / 1024:.1f} KiB |"
        )
    body = "\n".join([
        "## Engine: random self-play on one core",
        "",
        "`python bench/engine.py` — random agents, starter decks, one process. Targets: at least",
        "50,000 decisions/s and 100,000 clones/s. *decisions/s* counts `decision()` + the trusted",
        "`apply_unchecked()`; *checked* uses `apply()`, which re-lists the options to validate the answer.",
        "Clones are of states 60 decisions into a game; memory is tracemalloc bytes per cloned state.",
        "",
        "| game | games | decisions/game | games/s | decisions/s | checked decisions/s | clones/s | memory/state |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
    ])
    if args.out:
        write_section(args.out, "engine", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
