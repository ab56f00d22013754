"""The whole speed report in one run: every figure of the "fast by default" work, written into its section.

Usage::

    python bench/speed.py [--quick] [--ladder] [--out docs/performance.md]

Runs on the compiled engine (it builds ``build/compiled`` with ``bench/compiled.py``, the
same build as ``grimoire build-engine``, and runs itself again on it), one step after the
other on the same machine, each step the existing script's own ``main`` writing its section of
``--out``; then a summary section (``bench:speed-run``) with the run's start, end, load and every
command:

1. ``bench/peers.py`` — random self-play decisions/s of both games, pure Python and compiled,
   against RLCard's Uno raw game and OpenSpiel's hearts (``bench:peers``);
2. ``bench/search_speed.py`` — search iterations/s at the hard level's settings, pure and
   compiled, one process and ``--workers`` processes (``bench:search``);
3. ``bench/rl.py`` — RL environment steps/s against the engine and PettingZoo's classic card
   environments (``bench:rl``);
4. ``bench/verdict.py`` — the one-click card verdict at the greedy level (``bench:verdict``);
5. ``bench/balance_report.py`` — the four starter decks at the greedy level, 100 games a pairing,
   and where its time goes (``bench:balance-report``);
6. with ``--ladder``, ``bench/ladder.py`` — the new search against the old at equal time, greedy
   and random (``bench:ladder-equal-time``).

``--quick`` shortens every step (for a check that the pipeline works, not for numbers).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section
from compiled import build as build_compiled

ROOT = Path(__file__).resolve().parent.parent


def on_compiled(argv: list[str]) -> None:
    """Run this script again on the compiled build unless it already runs on it (so every step does)."""
    tree = build_compiled(ROOT / "build" / "compiled") / "src"
    if os.environ.get("GRIMOIRE_SPEED_BUILD") == str(tree):
        return
    env = dict(os.environ, PYTHONPATH=str(tree), GRIMOIRE_SPEED_BUILD=str(tree))
    os.execve(sys.executable, [sys.executable, str(Path(__file__).resolve()), *argv], env)


def step(script: str, main: Callable[[list[str]], None], *args: str) -> str:
    """Run one bench script's ``main`` with ``args``; the command as text."""
    text = shlex.join(["python", f"bench/{script}", *args])
    print("$", text, flush=True)
    main(list(args))
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check the pipeline, not the numbers")
    parser.add_argument("--workers", type=int, default=2, help="search trees (processes) of the parallel search")
    parser.add_argument("--ladder", action="store_true", help="also play the ladder at equal time")
    parser.add_argument("--seconds", default="0.25", help="time per decision of both sides in the ladder")
    parser.add_argument("--old-seconds", default="1", help="time per decision of the old search in the ladder")
    parser.add_argument("--games", type=int, default=40, help="ladder games per pairing and game")
    parser.add_argument("--out", type=Path, default=Path("docs/performance.md"))
    args = parser.parse_args()
    on_compiled(sys.argv[1:])
    import balance_report
    import ladder
    import peers
    import search_speed
    import verdict

    import rl
    from grimoire.extras import engine_build

    out = str(args.out)
    began = datetime.now(UTC)
    load = os.getloadavg()[0]
    clock = time.perf_counter()
    quick = args.quick
    commands = [
        step("peers.py", peers.main, *(("--rounds", "1", "--seconds", "0.5") if quick else
                                       ("--rounds", "5", "--seconds", "2")), "--out", out),
        step("search_speed.py", search_speed.main,
             *(("--rounds", "1", "--positions", "2", "--iterations", "50") if quick else
               ("--rounds", "3", "--positions", "20", "--iterations", "300")),
             "--workers", str(args.workers), "--out", out),
        step("rl.py", rl.main, *(("--rounds", "1", "--seconds", "0.5") if quick else
                                 ("--rounds", "3", "--seconds", "2")), "--out", out),
        step("verdict.py", verdict.main, *(("--games", "2") if quick else ()), "--workers", "2", "--out", out),
        step("balance_report.py", balance_report.main, "--games", "2" if quick else "100", "--workers", "2",
             "--out", out),
    ]
    if args.ladder:
        new = f"new-compiled:search-{args.seconds}s@{args.workers}"
        commands.append(step(
            "ladder.py", ladder.main, "--pair", new, f"base-compiled:search-{args.old_seconds}s",
            "--pair", new, "new-compiled:greedy", "--pair", new, "new-compiled:random",
            "--games", "2" if quick else str(args.games), "--workers", "1", "--block", "2", "--seed", "13",
            "--title", f"The ladder at equal time: the new search ({args.seconds} s, {args.workers} processes) "
                       f"against the old ({args.old_seconds} s), greedy and random",
            "--section", "ladder-equal-time", "--out", out))
    ended = datetime.now(UTC)
    body = "\n".join([
        "## One run of the speed report",
        "",
        f"`python bench/speed.py{' --quick' if quick else ''}{' --ladder' if args.ladder else ''}` ran, on the "
        f"{engine_build()} engine (`build/compiled`, the build `grimoire build-engine` makes) and one after the "
        f"other, the steps below from {began:%Y-%m-%d %H:%M} to {ended:%H:%M} UTC "
        f"({time.perf_counter() - clock:,.0f} s), load average {load:.1f} at the start and "
        f"{os.getloadavg()[0]:.1f} at the end (the machine's two cores were shared with other work: rates are "
        "below a quiet machine's, ratios within a round hold better):",
        "",
        *(f"1. `{c}`" for c in commands),
    ])
    write_section(args.out, "speed-run", body)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
