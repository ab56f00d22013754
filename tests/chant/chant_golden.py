"""Golden playthroughs of 詠唱 Chant: seeded random games written out as text (English).

Regenerate the files after an intended rules change and review the diff::

    .venv/bin/python tests/chant/chant_golden.py

Each step lists the pending decision (player, kind, option ids), the answer with its
label, and the events it caused; set-up events come first.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

from grimoire.core.game import Setup
from grimoire.core.rng import Chance
from grimoire.games.chant import ChantGame

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SEEDS = {1: ("fire", "matter"), 2: ("science", "spirit"), 3: ("spirit", "fire")}


def path_of(seed: int) -> Path:
    """Where the golden file of ``seed`` lives."""
    return GOLDEN / f"chant_{seed}.txt"


def render(seed: int, game: ChantGame | None = None) -> str:
    """The playthrough of ``seed`` as text."""
    game = game or ChantGame()
    a, b = SEEDS[seed]
    options = game.options()
    setup = Setup((game.cards.starter_deck(a), game.cards.starter_deck(b)), options, seed=seed)
    events: list = []
    state = game.new_state(setup, events)
    chooser = Chance.seeded(seed * 7919 + 1)
    lines = [f"# 詠唱 Chant golden playthrough: seed {seed}, P1 {a} vs P2 {b}, options {options}",
             "# regenerate: .venv/bin/python tests/chant/chant_golden.py", "setup"]
    lines += [f"  {game.text.describe(e, 'en')}" for e in events]
    step = 0
    while (d := game.decision(state)) is not None:
        step += 1
        option = d.options[chooser.below(len(d.options))]
        lines.append(f"{step}. P{d.player + 1} {d.kind}: {' '.join(d.ids())}")
        lines.append(f"   > {option.id}: {game.text.label(option, 'en')}")
        lines += [f"   {game.text.describe(e, 'en')}" for e in game.apply(state, option.id)]
    lines.append(f"end: {game.outcome(state)}")
    return "\n".join(lines) + "\n"


def main() -> None:
    game = ChantGame()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for seed in SEEDS:
        path_of(seed).write_text(render(seed, game), encoding="utf-8")
        print(f"wrote {path_of(seed)}")


if __name__ == "__main__":
    main()
