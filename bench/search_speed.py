"""Search iterations per second: this tree against an earlier revision, pure Python and compiled, in one run.

Usage::

    python bench/search_speed.py [--baseline 091d5bd] [--rounds 5] [--positions 30] [--iterations 300]
                                 [--no-compiled] [--workers 2] [--out docs/performance.md]

Contestants: the baseline revision (unpacked by ``git archive`` into ``.bench/baseline``) and
the working tree, each as pure Python and as the compiled build (mypyc; the working tree's is
built into ``build/compiled`` by ``bench/compiled.py``, the baseline's beside its sources).
Every measurement is its own process (``bench/_search_worker.py``): the same positions of
seeded greedy-vs-greedy games, answered by a search with the game's ``hard`` settings and
``--iterations`` iterations a decision. Each round runs every contestant once in a rotated
order; a contestant's speed-up is taken against the baseline's pure build within the round
(the machine is shared and noisy) and the median over rounds is reported. ``--workers N``
adds the working tree searching with ``N`` trees at once, one process each (root
parallelism, as the terminal's computer thinks): iterations of all trees per second of
the decision's wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _baseline import baseline, commit_of
from _report import write_section
from compiled import build as build_compiled

ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "_search_worker.py"
GAMES = ("chant", "destiny")
#: The search before the speed work (issue 13); its hard level searched up to 1,000 iterations in 0.9 s.
BASELINE = "091d5bd"
TARGETS = {"chant": 5000, "destiny": 8000}


@dataclass(frozen=True)
class Build:
    """A way to run Grimoire: a label and the PYTHONPATH (None: the working tree as installed)."""

    label: str
    path: str | None
    workers: int = 1

    def measure(self, game: str, iterations: int, positions: int) -> float:
        env = dict(os.environ)
        if self.path:
            env["PYTHONPATH"] = self.path
        else:
            env.pop("PYTHONPATH", None)
        out = subprocess.run([sys.executable, str(WORKER), game, str(iterations), str(positions), str(self.workers)],
                             env=env,
                             check=True, capture_output=True, text=True).stdout
        result = json.loads(out.strip().splitlines()[-1])
        return float(result["iterations"]) / float(result["seconds"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the revision to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=30, help="searched decisions per measurement")
    parser.add_argument("--iterations", type=int, default=300, help="iterations per searched decision")
    parser.add_argument("--game", dest="games", action="append", choices=GAMES)
    parser.add_argument("--compiled-dir", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--no-compiled", action="store_true", help="measure only the pure-Python builds")
    parser.add_argument("--workers", type=int, default=1,
                        help="also measure this tree with that many search processes (root parallelism)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    games = args.games or list(GAMES)
    commit = commit_of(args.baseline)[:7]

    builds = [Build(f"baseline {commit} · pure Python", str(baseline(args.baseline) / "src")),
              Build("this tree · pure Python", None)]
    if not args.no_compiled:
        builds.append(Build(f"baseline {commit} · compiled", str(baseline(args.baseline, compiled=True) / "src")))
        builds.append(Build("this tree · compiled", str(build_compiled(args.compiled_dir) / "src")))
    if args.workers > 1:
        builds.append(Build(f"this tree · pure Python · {args.workers} processes", None, args.workers))
        if not args.no_compiled:
            builds.append(Build(f"this tree · compiled · {args.workers} processes",
                                str(args.compiled_dir / "src"), args.workers))
    reference = builds[0].label
    contestants = [(g, b) for g in games for b in builds]
    rates: dict[tuple[str, str], list[float]] = {(g, b.label): [] for g, b in contestants}
    ratios: dict[tuple[str, str], list[float]] = {(g, b.label): [] for g, b in contestants}
    for r in range(args.rounds):
        order = contestants[r % len(contestants):] + contestants[: r % len(contestants)]
        measured = {(g, b.label): b.measure(g, args.iterations, args.positions) for g, b in order}
        for (g, label), rate in measured.items():
            rates[(g, label)].append(rate)
            ratios[(g, label)].append(rate / measured[(g, reference)])
        print(f"round {r + 1}: " + ", ".join(f"{g} {label} {v:,.0f}" for (g, label), v in measured.items()),
              flush=True)

    rows = []
    for g, b in contestants:
        rs = sorted(rates[(g, b.label)])
        ratio = statistics.median(ratios[(g, b.label)])
        median = statistics.median(rs)
        rows.append(f"| {g} | {b.label} | {median:,.0f} | {rs[0]:,.0f}–{rs[-1]:,.0f} | {ratio:.2f}× | "
                    f"{'**met**' if median >= TARGETS[g] else 'not met'} ({TARGETS[g]:,}) |")
    flags = f" --baseline {args.baseline}" if args.baseline != BASELINE else ""
    flags += f" --workers {args.workers}" if args.workers > 1 else ""
    body = "\n".join([
        "## Search speed: this tree against the search before the speed work" if args.baseline == BASELINE
        else f"## Search speed: this tree against {commit}",
        "",
        f"`python bench/search_speed.py --rounds {args.rounds} --positions {args.positions} "
        f"--iterations {args.iterations}{flags}`. The same {args.positions} positions of seeded greedy-vs-greedy",
        "games per game, each answered by a search with the game's `hard` settings and "
        f"{args.iterations} iterations (no time cap);",
        "every measurement its own process, one core (rows with *processes*: that many search trees at once, one "
        "process and core each,",
        "counting every tree's iterations per second of wall-clock time). *vs baseline* is the median over rounds "
        "of the ratio to "
        f"the baseline ({commit}) pure-Python build within a round. Targets (issue 13): Chant ≥ 5,000 and",
        "Destiny ≥ 8,000 iterations/s.",
        "",
        "| game | build | iterations/s (median) | range over rounds | vs baseline | target |",
        "|---|---|---|---|---|---|",
        *rows,
    ])
    print(body)
    if args.out:
        write_section(args.out, "search", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
