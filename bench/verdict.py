"""The one-click card verdict (``grimoire balance GAME --card FILE``): its time at the greedy level.

Usage::

    python bench/verdict.py [--games 40] [--workers 2] [--confirm-seconds 120] [--out docs/performance.md]

Plays the verdict of two planted Chant cards — one overpowered (chant 2, power 9) and one
feeble (chant 9, power 1) — on every starter deck, as the command does, and reports for each
the wall time to the final verdict and to the first *settled* one (the interval wholly on one
side of the band), the paired games played, the verdict and its interval, and the load
average beside it (the machine is shared). With ``--confirm-seconds`` it then plays the
search confirmation (``search-100``) of the overpowered card for that long and reports the
paired games it finished: where the time goes (a greedy game against a searching one).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

from grimoire.balance import verdict

CARDS = {"overpowered (chant 2, power 9)": ("bench_overpowered", 2, 9),
         "feeble (chant 9, power 1)": ("bench_feeble", 9, 1)}


def _card(folder: Path, card_id: str, chant: int, power: int) -> Path:
    path = folder / f"{card_id}.toml"
    path.write_text(f'[[cards]]\nid = "{card_id}"\nkind = "library"\nname.ja = "{card_id}"\nname.en = "{card_id}"\n'
                    f'attribute = "fantasy"\nchant = {chant}\npower = {power}\n', encoding="utf-8")
    return path


def _measure(path: Path, games: int, workers: int, level: str = verdict.FAST_LEVEL,
             seconds: float | None = None) -> dict[str, Any]:
    start = time.perf_counter()
    settled: list[float] = []

    def seen(data: dict[str, Any]) -> None:
        if data["settled"] and not settled:
            settled.append(time.perf_counter() - start)

    data = verdict.run("chant", path, games=games, workers=workers, level=level, on_update=seen, seconds=seconds,
                       job_games=1 if level != verdict.FAST_LEVEL else verdict.JOB_GAMES)
    load = os.getloadavg()[0]
    return {**data, "wall": time.perf_counter() - start, "first_settled": settled[0] if settled else None,
            "load": load}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=verdict.DEFAULT_GAMES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--confirm-seconds", type=float, default=0.0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    rows = ["| card | wall to the verdict | first settled | paired games | verdict | change [95 % interval] "
            "| load avg |", "|---|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for label, (card_id, chant, power) in CARDS.items():
            m = _measure(_card(Path(tmp), card_id, chant, power), args.games, args.workers)
            first = "—" if m["first_settled"] is None else f"{m['first_settled']:.1f} s"
            rows.append(f"| {label} | {m['wall']:.1f} s | {first} | {m['pairs']} | {m['words']['en']}"
                        f"{'' if m['settled'] else ' (not settled)'} | {100 * m['value']:+.1f} "
                        f"[{100 * m['ci95'][0]:+.1f}, {100 * m['ci95'][1]:+.1f}] | {m['load']:.1f} |")
            print(rows[-1], flush=True)
        confirm = ""
        if args.confirm_seconds > 0:
            card_id, chant, power = CARDS["overpowered (chant 2, power 9)"]
            m = _measure(_card(Path(tmp), card_id, chant, power), 10_000, args.workers, verdict.CONFIRM_LEVEL,
                         args.confirm_seconds)
            confirm = (f"\nConfirmation at {verdict.CONFIRM_LEVEL}, overpowered card, {args.confirm_seconds:.0f} s "
                       f"budget: {m['pairs']} paired games finished ({2 * m['pairs']} games), "
                       f"{verdict.describe(m)}; load average {m['load']:.1f}.\n")
            print(confirm, flush=True)
    body = (f"`python bench/verdict.py --games {args.games} --workers {args.workers}"
            f"{f' --confirm-seconds {args.confirm_seconds:.0f}' if args.confirm_seconds else ''}`: "
            f"{args.games} games per (deck, opponent) pairing and arm, 4 Chant starter decks (12 pairings), "
            "greedy level.\n\n" + "\n".join(rows) + "\n" + confirm)
    if args.out:
        write_section(args.out, "verdict", body)
    else:
        print(body)


if __name__ == "__main__":
    main()
