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


def steps(profile: cProfile.Profile, top: str = "balance") -> list[tuple[str, float]]:
    """The functions that ``top`` calls directly, with the time spent in each (children included), longest first."""
    stats: Any = pstats.Stats(profile).stats  # {func: (cc, nc, tt, ct, callers)}
    parent = next(f for f in stats if f[2] == top and f[0].endswith(os.path.join("balance", "report.py")))
    found: list[tuple[str, float]] = []
    for func, (_cc, _nc, _tt, _ct, callers) in stats.items():
        if parent in callers:
            where = Path(func[0])
            label = f"{where.parent.name}/{where.name}:{func[2]}" if func[0] != "~" else func[2]
            found.append((label, callers[parent][3]))
    return sorted(found, key=lambda item: -item[1])


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
    parts = steps(profile)
    shown = [(label, seconds) for label, seconds in parts if seconds >= 0.05 * wall][:6]
    rest = wall - sum(seconds for _, seconds in shown)
    rows = [f"| `{label}` | {seconds:.1f} s | {100 * seconds / wall:.0f} % |" for label, seconds in shown]
    rows.append(f"| everything else | {rest:.1f} s | {100 * rest / wall:.0f} % |")
    body = "\n".join([
        f"## Balance report: four {args.game.capitalize()} starter decks at the greedy level",
        "",
        f"`python bench/balance_report.py --game {args.game} --games {args.games} --workers {args.workers}` — "
        f"`grimoire balance {args.game} --level greedy --games {args.games}` on the starter decks "
        f"({', '.join(map(str, decks))}), {args.workers} worker processes, {engine_build()} engine, "
        f"load average {load:.1f} at the start: **{wall:.1f} s** for {games:,} games "
        f"({games / wall:,.0f} games/s). Where the time goes (the steps `balance` calls, from a profile of the "
        "main process; the games run in the workers):",
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
