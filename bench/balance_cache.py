"""The balance lab's results cache: a field run cold, warm, and after one deck was edited.

Usage::

    python bench/balance_cache.py [--game destiny] [--agent greedy] [--games 100] [--out docs/performance.md]

Runs ``grimoire.balance.balance`` on the game's starter decks three times into one fresh
cache folder — cold (every block played), warm (the same run again) and with one deck
replaced by an edited copy (one card traded) — and once without the cache for each field,
and reports wall times, the blocks reused, and whether each cached run's numbers equal the
uncached run's (*identical*). Wall times include loading, analysis and the report (plots off).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import write_section

from grimoire.balance import balance
from grimoire.core.registry import load_game


def _edited_copy(game_name: str, deck: str, folder: Path) -> Path:
    """A copy of starter ``deck`` with one copy of its first card traded for one of its last card."""
    text = load_game(game_name).cards.starter_decks()[deck].read_text(encoding="utf-8")
    counts = [m for m in re.finditer(r"^(\d+) (\S+)\s*$", text, re.M)]
    first, last = counts[0], counts[-1]
    text = (text[: first.start()] + f"{int(first.group(1)) - 1} {first.group(2)}" + text[first.end():last.start()]
            + f"{int(last.group(1)) + 1} {last.group(2)}" + text[last.end():])
    path = folder / f"{deck}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def _run(game: str, decks: list[str | Path], agent: str, games: int, out: Path, cache: Path | None,
         ) -> tuple[float, dict[str, Any]]:
    began = time.perf_counter()
    data = balance(game, decks, [agent], games, out, seed=5, workers=1, plots_enabled=False, cache=cache)
    return time.perf_counter() - began, data


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="destiny", choices=["chant", "destiny"])
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    starters: list[str | Path] = list(sorted(load_game(args.game).cards.starter_decks()))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        edited = list(starters)
        edited[-1] = _edited_copy(args.game, str(starters[-1]), root)
        rows = []
        plain_t, plain = _run(args.game, starters, args.agent, args.games, root / "plain", None)
        plain_e = _run(args.game, edited, args.agent, args.games, root / "plain-e", None)[1]
        rows.append(("no cache", plain_t, "—", True))
        for name, decks, ref in (("cold", starters, plain), ("warm", starters, plain),
                                 ("one deck edited", edited, plain_e)):
            t, data = _run(args.game, decks, args.agent, args.games, root / name, root / "cache")
            c = data["cache"]
            reused = f"{c['blocks_reused']} of {c['blocks_reused'] + c['blocks_played']}"
            rows.append((name, t, reused, data["levels"] == ref["levels"]))
        lines = [f"| {name} | {t:.2f} s | {plain_t / t:.1f}× | {reused} | {'yes' if same else 'NO'} |"
                 for name, t, reused, same in rows]
    for line in lines:
        print(line, flush=True)
    body = "\n".join([
        "## Balance lab: reusing unchanged pairings (`--cache`)",
        "",
        f"`python bench/balance_cache.py --game {args.game} --agent {args.agent} --games {args.games}` — "
        "`grimoire.balance.balance` on the starter decks (one worker, plots off) without a cache, then into one "
        "fresh cache folder cold, warm, and with one deck edited (one card traded); *vs no cache* is the uncached "
        "run's wall time over the row's; *identical* compares the run's per-level results with an uncached run of the "
        "same field. One run each on a shared machine: the cold row pays for writing the block files, the rest "
        "of its difference from the first row is the machine's noise.",
        "",
        "| run | wall time | vs no cache | blocks reused | identical |",
        "|---|---|---|---|---|",
        *lines,
    ])
    if args.out:
        write_section(args.out, "balance-cache", body)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
