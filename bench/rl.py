"""RL throughput: the environments' steps per second against the engine's decisions per second and
PettingZoo's own classic card environments, pure Python and compiled, in one run.

Usage::

    python bench/rl.py [--rounds 3] [--seconds 2] [--num-envs 16] [--out docs/performance.md]

Every measurement is its own process (``bench/_rl_worker.py``) running for ``--seconds``, with
random legal actions from the action mask; each round runs every contestant once, in a rotated
order, and a ratio is taken within a round (the machine is shared and noisy), then the median
over rounds is reported. Per game and build (pure Python from this tree's ``src``; the compiled
build made by ``bench/compiled.py`` into ``build/compiled``, unless ``--no-compiled``):

* the engine's raw loop (``decision()`` + ``apply_unchecked``, no observation);
* the PettingZoo AEC environment with PettingZoo's standard wrappers (``grimoire.rl.env``; every
  step reads the acting agent's observation and mask with ``last()``), with the compact
  observation and with the full one, and the compact one without the wrappers (``raw_env``);
* the batched environment (``grimoire.rl.BatchedEnv``, ``--num-envs`` games against the random
  opponent): learner steps/s, and the engine decisions/s inside it (the opponent's answers
  included, from the decisions per learner step counted in an untimed run);

and PettingZoo's classic Leduc Hold'em and Texas Hold'em (RLCard inside, with PettingZoo's
wrappers), installed into their own environment (``.bench/rl-peers``) by the script.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section
from compiled import build as build_compiled

ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "_rl_worker.py"
# PettingZoo's classic card environments with the versions its `classic` extra pins (chess and
# OpenSpiel, for its other classic games, left out)
PEER_PACKAGES = ["pettingzoo==1.24.0", "gymnasium==1.0.0", "numpy==1.26.4", "rlcard==1.0.5", "pygame==2.3.0"]
PEERS = (("Leduc Hold'em (PettingZoo classic)", "leduc_holdem_v4"),
         ("Texas Hold'em (PettingZoo classic)", "texas_holdem_v4"))
KINDS = (("engine", "engine decisions/s"), ("env-compact", "env, compact"), ("env-full", "env, full"),
         ("raw-compact", "raw_env, compact"), ("batched", "batched, learner steps"))


@dataclass(frozen=True)
class Contestant:
    """One measured program: its key, the interpreter and the worker's arguments."""

    key: tuple[str, str, str]  # (build, game, kind)
    python: str
    args: tuple[str, ...]
    pythonpath: str | None = None

    def run(self, seconds: float) -> dict[str, float]:
        env = dict(os.environ)
        if self.pythonpath:
            env["PYTHONPATH"] = self.pythonpath
        else:
            env.pop("PYTHONPATH", None)
        out = subprocess.run([self.python, str(WORKER), self.args[0], self.args[1], str(seconds), *self.args[2:]],
                             env=env, check=True, capture_output=True, text=True).stdout
        result = json.loads(out.strip().splitlines()[-1])
        return {"rate": float(result["count"]) / float(result["seconds"]), "decisions": result.get("decisions", 1.0)}


def peer_python(where: Path) -> str:
    """The peers' interpreter, creating its environment (and installing PettingZoo's classic envs) on first use."""
    python = where / "bin" / "python"
    stamp = where / ".installed"
    if not stamp.exists() or stamp.read_text() != " ".join(PEER_PACKAGES):
        print(f"installing {' '.join(PEER_PACKAGES)} into {where} …", flush=True)
        venv.create(where, with_pip=True, clear=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *PEER_PACKAGES], check=True)
        stamp.write_text(" ".join(PEER_PACKAGES))
    return str(python)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--num-envs", type=int, default=16)
    parser.add_argument("--peers-env", type=Path, default=ROOT / ".bench" / "rl-peers")
    parser.add_argument("--compiled-dir", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--no-compiled", action="store_true", help="measure only the pure-Python package")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)

    peers = peer_python(args.peers_env)
    builds: list[tuple[str, str | None]] = [("pure Python", str(ROOT / "src"))]  # this tree, as it is
    if not args.no_compiled:
        builds.append(("compiled", str(build_compiled(args.compiled_dir) / "src")))
    contestants = [Contestant(("peer", label, "env"), peers, ("pettingzoo", module)) for label, module in PEERS]
    for build, path in builds:
        for game in ("chant", "destiny"):
            for kind, _ in KINDS:
                extra = (str(args.num_envs),) if kind == "batched" else ()
                contestants.append(Contestant((build, game, kind), sys.executable, (kind, game, *extra), path))

    rates: dict[tuple[str, str, str], list[float]] = {c.key: [] for c in contestants}
    ratios: dict[tuple[str, str, str], list[float]] = {c.key: [] for c in contestants}
    decisions: dict[tuple[str, str], float] = {}
    for r in range(args.rounds):
        order = contestants[r % len(contestants):] + contestants[: r % len(contestants)]
        measured = {c.key: c.run(args.seconds) for c in order}
        for key, m in measured.items():
            rates[key].append(m["rate"])
            if key[2] == "batched":
                decisions[key[:2]] = m["decisions"]
            if key[0] != "peer":
                engine = measured[(key[0], key[1], "engine")]["rate"]
                ratios[key].append(m["rate"] * (m["decisions"] if key[2] == "batched" else 1.0) / engine)
        print(f"round {r + 1}: " + ", ".join(f"{'/'.join(k)} {v['rate']:,.0f}" for k, v in measured.items()),
              flush=True)

    def median(key: tuple[str, str, str]) -> float:
        return statistics.median(rates[key])

    peer_best = max(median(("peer", label, "env")) for label, _ in PEERS)
    rows = [f"| {label} | steps/s | {median(('peer', label, 'env')):,.0f} | "
            f"{min(rates[('peer', label, 'env')]):,.0f}–{max(rates[('peer', label, 'env')]):,.0f} | | |"
            for label, _ in PEERS]
    for build, _ in builds:
        for game in ("chant", "destiny"):
            for kind, label in KINDS:
                key = (build, game, kind)
                rs = sorted(rates[key])
                ratio = "" if kind == "engine" else f"{statistics.median(ratios[key]):.2f}×"
                if kind == "batched":
                    each = decisions[(build, game)]
                    label = f"batched ({args.num_envs} games), learner steps; {each:.2f} decisions each"
                vs_peer = "" if kind == "engine" else f"{median(key) / peer_best:.1f}×"
                rows.append(f"| {game} · {build} · {label} | {'decisions/s' if kind == 'engine' else 'steps/s'} | "
                            f"{median(key):,.0f} | {rs[0]:,.0f}–{rs[-1]:,.0f} | {ratio} | {vs_peer} |")
    body = "\n".join([
        "## RL environments: steps per second",
        "",
        f"`python bench/rl.py --rounds {args.rounds} --seconds {args.seconds:g} --num-envs {args.num_envs}` — "
        "random legal actions from the action",
        "mask (its `nonzero()` and Python's `random`); every measurement its own process on one core, interleaved",
        "rounds, medians over rounds. *env*",
        "is the PettingZoo AEC environment with PettingZoo's standard wrappers (`grimoire.rl.env`; every step",
        "reads the acting agent's observation and mask with `last()`), *raw_env* the same without them;",
        "*compact* and *full* are the observations (docs/rl.md). *batched* is `grimoire.rl.BatchedEnv` against",
        "the random opponent: learner steps/s, each learner step also playing the opponent's answers",
        "(decisions per learner step counted in an untimed run). *vs engine* is the median of the ratio",
        "within a round to the engine's raw decisions/s of the same game and build (for *batched*: the engine",
        "decisions it plays per second, learner and opponent); *vs best peer* is the median rate over the",
        "faster of PettingZoo's own classic card environments, Leduc Hold'em and Texas Hold'em (RLCard",
        "inside, PettingZoo's wrappers, installed into `.bench/rl-peers` by the script).",
        "",
        "| program | unit | median | range over rounds | vs engine | vs best peer |",
        "|---|---|---|---|---|---|",
        *rows,
    ])
    print(body)
    if args.out:
        write_section(args.out, "rl", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
