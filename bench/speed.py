"""The whole speed report in one run: the engines against the peers, the search's speed, and the ladder at equal time.

Usage::

    python bench/speed.py [--quick] [--out docs/performance.md]

Runs, one after the other on the same machine, and writes each into its section of
``--out`` (``bench:peers``, ``bench:search``, ``bench:ladder-equal-time``), with a summary
section (``bench:speed-run``) naming the run's start, end and every command:

1. ``bench/peers.py`` — random self-play decisions/s and clones/s of both games, pure Python
   and compiled, against RLCard's Uno raw game, interleaved rounds, ratios within a round;
2. ``bench/search_speed.py`` — search iterations/s at the hard level's settings against the
   search before the speed work, pure and compiled, one process and ``--workers`` processes
   (root parallelism, as the terminal's computer thinks);
3. ``bench/ladder.py`` — at equal time per decision: this tree's search (compiled, with
   ``--workers`` trees) against the old search (compiled, one tree, the way it always
   thought), against ``greedy`` and against ``random``. Matches are played one at a time
   so that a parallel search has the machine's cores to itself.

``--quick`` shortens every step (for a check that the pipeline works, not for numbers).
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

BENCH = Path(__file__).resolve().parent


def run(script: str, *args: str) -> str:
    """Run one bench script to the end (its output shown as it goes); the command as text."""
    command = [sys.executable, str(BENCH / script), *args]
    text = shlex.join(["python", f"bench/{script}", *args])
    print("$", text, flush=True)
    subprocess.run(command, check=True)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check the pipeline, not the numbers")
    parser.add_argument("--workers", type=int, default=2, help="search trees (processes) of the new search")
    parser.add_argument("--seconds", default="0.25", help="time per decision of both sides in the ladder")
    parser.add_argument("--old-seconds", default="1", help="time per decision of the old search in the ladder")
    parser.add_argument("--games", type=int, default=40, help="ladder games per pairing and game")
    parser.add_argument("--out", type=Path, default=Path("docs/performance.md"))
    args = parser.parse_args()
    out = str(args.out)
    began = datetime.now(UTC)
    clock = time.perf_counter()
    if args.quick:
        peers = ("--rounds", "1", "--seconds", "0.5")
        search = ("--rounds", "1", "--positions", "2", "--iterations", "50")
        games = "2"
    else:
        peers = ("--rounds", "5", "--seconds", "2")
        search = ("--rounds", "3", "--positions", "20", "--iterations", "300")
        games = str(args.games)
    new = f"new-compiled:search-{args.seconds}s@{args.workers}"
    commands = [
        run("peers.py", *peers, "--out", out),
        run("search_speed.py", *search, "--workers", str(args.workers), "--out", out),
        run("ladder.py", "--pair", new, f"base-compiled:search-{args.old_seconds}s",
            "--pair", new, "new-compiled:greedy", "--pair", new, "new-compiled:random",
            "--games", games, "--workers", "1", "--block", "2", "--seed", "13",
            "--title", f"The ladder at equal time: the new search ({args.seconds} s, {args.workers} processes) "
                       f"against the old ({args.old_seconds} s), greedy and random",
            "--section", "ladder-equal-time", "--out", out),
    ]
    ended = datetime.now(UTC)
    body = "\n".join([
        "## One run of the speed report",
        "",
        f"`python bench/speed.py{' --quick' if args.quick else ''} --workers {args.workers} --seconds {args.seconds} "
        f"--old-seconds {args.old_seconds} --games {args.games}` ran the sections *Engine against the peers*, "
        "*Search speed* and *The ladder at equal time* of this file, one after the other, from "
        f"{began:%Y-%m-%d %H:%M} to {ended:%H:%M} UTC ({time.perf_counter() - clock:,.0f} s):",
        "",
        *(f"1. `{c}`" for c in commands),
    ])
    write_section(args.out, "speed-run", body)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
