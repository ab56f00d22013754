"""Grimoire's engines against RLCard's Uno and OpenSpiel's hearts, in one run.

Usage::

    python bench/peers.py [--rounds 7] [--seconds 3] [--out docs/performance.md]

The script prepares its own environments and then measures in interleaved rounds:

* the peers: RLCard's Uno raw game (``rlcard.games.uno.game.UnoGame``, two players,
  uniformly random legal actions; the fastest pure-Python card engine we know) and
  OpenSpiel's hearts (``pyspiel.load_game("hearts")``, a C++ game driven from Python, four
  players, uniformly random legal actions; chance nodes sampled and not counted), installed
  into their own virtual environment (``.bench/peers``) so they never touch Grimoire's;
* Grimoire as installed (pure Python) and Grimoire's compiled build (mypyc, built
  into ``build/compiled`` by ``bench/compiled.py``): random self-play decisions/s
  (``decision()`` + trusted ``apply_unchecked``, starter decks) and clones/s of
  mid-game states.

Every measurement is its own process (``bench/_speed_worker.py``) running for
``--seconds``; each round runs every contestant once, in a rotated order, and a
game's ratios to Uno and to hearts are taken within the round (the machine is shared and
noisy), then the median over rounds is reported.
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
WORKER = Path(__file__).resolve().parent / "_speed_worker.py"
PEER_PACKAGES = ["rlcard==1.2.0", "numpy", "open_spiel==2.0.2"]


@dataclass(frozen=True)
class Contestant:
    """One measured program: a label, the interpreter and the worker's arguments."""

    label: str
    python: str
    args: tuple[str, ...]
    pythonpath: str | None = None

    def run(self, seconds: float) -> float:
        env = dict(os.environ)
        if self.pythonpath:
            env["PYTHONPATH"] = self.pythonpath
        else:
            env.pop("PYTHONPATH", None)
        out = subprocess.run([self.python, str(WORKER), *self.args, str(seconds)], env=env, check=True,
                             capture_output=True, text=True).stdout
        result = json.loads(out.strip().splitlines()[-1])
        return float(result["count"]) / float(result["seconds"])


def peer_python(where: Path) -> str:
    """The peers' interpreter, creating its environment (and installing RLCard and OpenSpiel) on first use."""
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
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--peers-env", type=Path, default=ROOT / ".bench" / "peers")
    parser.add_argument("--compiled-dir", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--no-compiled", action="store_true", help="measure only the pure-Python package")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)

    peers = peer_python(args.peers_env)
    uno = Contestant("Uno (RLCard raw game)", peers, ("uno",))
    hearts = Contestant("hearts (OpenSpiel, C++)", peers, ("hearts",))
    builds: list[tuple[str, str | None]] = [("pure Python", None)]
    if not args.no_compiled:
        builds.append(("compiled", str(build_compiled(args.compiled_dir) / "src")))
    games = ("chant", "destiny")
    contestants = [uno, hearts]
    for build_label, path in builds:
        for game in games:
            contestants.append(Contestant(f"{game} · {build_label}", sys.executable, ("grimoire", game), path))
            contestants.append(Contestant(f"{game} clones · {build_label}", sys.executable, ("clones", game), path))

    rates: dict[str, list[float]] = {c.label: [] for c in contestants}
    ratios: dict[str, list[float]] = {c.label: [] for c in contestants}
    vs_hearts: dict[str, list[float]] = {c.label: [] for c in contestants}
    for r in range(args.rounds):
        order = contestants[r % len(contestants):] + contestants[: r % len(contestants)]
        measured = {c.label: c.run(args.seconds) for c in order}
        for label, rate in measured.items():
            rates[label].append(rate)
            ratios[label].append(rate / measured[uno.label])
            vs_hearts[label].append(rate / measured[hearts.label])
        print(f"round {r + 1}: " + ", ".join(f"{k} {v:,.0f}" for k, v in measured.items()), flush=True)

    rows = []
    for c in contestants:
        rs = sorted(rates[c.label])
        unit = "clones/s" if "clones" in c.args[0] else "decisions/s"
        mine = c not in (uno, hearts) and unit != "clones/s"
        ratio = f"{statistics.median(ratios[c.label]):.2f}×" if mine else ""
        ratio_hearts = f"{statistics.median(vs_hearts[c.label]):.2f}×" if mine else ""
        rows.append(f"| {c.label} | {unit} | {statistics.median(rs):,.0f} | {rs[0]:,.0f}–{rs[-1]:,.0f} | {ratio} "
                    f"| {ratio_hearts} |")
    body = "\n".join([
        "## Engine against the peers (one run, interleaved rounds)",
        "",
        f"`python bench/peers.py --rounds {args.rounds} --seconds {args.seconds:g}` (`make bench-peers`). "
        "Random self-play on one core, each",
        "measurement its own process; RLCard's Uno raw game and OpenSpiel's hearts (C++, four players,",
        "its chance nodes sampled and not counted) are installed into their own environment by the script.",
        "*vs Uno* and *vs hearts* are the medians over rounds of the ratio within a round. Targets (issue 34):",
        "compiled Chant and Destiny each ≥ 2.5× Uno and ≥ 1.5× hearts; pure-Python Chant ≥ 1.0× Uno (and, from",
        "earlier, at least 500,000 clones/s for both games).",
        "",
        "| program | unit | median | range over rounds | vs Uno | vs hearts |",
        "|---|---|---|---|---|---|",
        *rows,
    ])
    print(body)
    if args.out:
        write_section(args.out, "peers", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
