"""A designer's balance report: the four starter decks at the greedy level, and where its time goes.

Usage::

    python bench/balance_report.py [--game chant] [--games 100] [--workers 2] [--out docs/performance.md]

Runs ``grimoire.balance.balance`` as ``grimoire balance GAME --level greedy --games N`` does
(every pairing of the game's four starter decks, HTML report, plots and sample records) under
``cProfile``, and reports the wall time, the games played, and the time of each step that
``balance`` itself calls (playing the games, the analysis, the plots, the report, the sample
records …), from the profile of the main process: the games run in worker processes, so the
*games* row is the wall time the main process waited for them. Profiling adds a little to the
main process's own steps, not to the games.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

from grimoire.balance import balance
from grimoire.core.registry import load_game
from grimoire.extras import engine_build

Func = tuple[str, int, str]


def _label(func: Func) -> str:
    where = Path(func[0])
    return f"{where.parent.name}/{where.name}:{func[2]}" if func[0] != "~" else func[2]


def _callees(stats: Any, parent: Func) -> list[tuple[Func, float]]:
    """The functions ``parent`` calls directly, with the time spent in each from it (children included)."""
    return sorted(((func, callers[parent][3]) for func, (*_, callers) in stats.items() if parent in callers),
                  key=lambda item: -item[1])


def steps(profile: cProfile.Profile, top: str = "balance") -> tuple[str, list[tuple[str, float, int]]]:
    """Where ``top``'s time goes: the function whose direct callees share it (descending through thin wrappers
    that pass 95 % or more of it to one callee), and those callees with their time (children included),
    longest first, each followed by its own callees (depth 1)."""
    stats: Any = pstats.Stats(profile).stats  # {func: (cc, nc, tt, ct, callers)}
    parent: Func = next(f for f in stats if f[2] == top and f[0].endswith(os.path.join("balance", "report.py")))
    while True:
        found = _callees(stats, parent)
        if found and found[0][0][0] != "~" and found[0][1] >= 0.95 * stats[parent][3]:
            parent = found[0][0]
            continue
        rows: list[tuple[str, float, int]] = []
        for func, seconds in found:
            rows.append((_label(func), seconds, 0))
            rows += [(_label(sub), t, 1) for sub, t in _callees(stats, func) if sub[0] != "~"]
        return _label(parent), rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="chant", choices=["chant", "destiny"])
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    decks: list[str | Path] = list(sorted(load_game(args.game).cards.starter_decks()))
    load = os.getloadavg()[0]
    profile = cProfile.Profile()
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        profile.enable()
        data = balance(args.game, decks, ["greedy"], args.games, Path(tmp), seed=1, workers=args.workers)
        profile.disable()
        wall = time.perf_counter() - began
    games = data["levels"]["greedy"]["games"]
    split, parts = steps(profile)
    shown = [(label, seconds, depth) for label, seconds, depth in parts if seconds >= 0.05 * wall]
    rest = wall - sum(seconds for _, seconds, depth in shown if depth == 0)
    rows = [f"| {'↳ ' if depth else ''}`{label}` | {seconds:.1f} s | {100 * seconds / wall:.0f} % |"
            for label, seconds, depth in shown]
    rows.append(f"| everything else | {rest:.1f} s | {100 * rest / wall:.0f} % |")
    body = "\n".join([
        f"## Balance report: four {args.game.capitalize()} starter decks at the greedy level",
        "",
        f"`python bench/balance_report.py --game {args.game} --games {args.games} --workers {args.workers}` — "
        f"`grimoire balance {args.game} --level greedy --games {args.games}` on the starter decks "
        f"({', '.join(map(str, decks))}), {args.workers} worker processes, {engine_build()} engine, "
        f"load average {load:.1f} at the start: **{wall:.1f} s** for {games:,} games "
        f"({games / wall:,.0f} games/s). Where the time goes (the steps `{split}` calls, from a profile of the "
        "main process, ↳ marking what a step itself calls; the games run in the workers):",
        "",
        "| step | time | share |",
        "|---|---|---|",
        *rows,
    ])
    print(body, flush=True)
    if args.out:
        write_section(args.out, "balance-report", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
