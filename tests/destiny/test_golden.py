"""Golden playthroughs: three seeded Destiny games written out step by step and diffed.

Each file ``tests/golden/destiny_<seed>.txt`` lists every decision (seat, kind, prompt,
option ids), the answer and the events it caused, rendered in English. Seats pick the
starter deck's recommended forecast ability; every other answer is drawn from a PRNG
seeded with the game's seed. After an intended rules change, regenerate with::

    python tests/destiny/test_golden.py          # or: GRIMOIRE_REGEN_GOLDEN=1 pytest tests/destiny
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from grimoire.core.game import Setup
from grimoire.core.rng import Chance
from grimoire.games.destiny import DestinyGame

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
GAME = DestinyGame()
ABILITY = {"spirit_festival": "chimyaku_houki", "formula_festival": "chimyaku_kijutsu",
           "mystery_festival": "chimyaku_kanchi", "omnipotent_festival": "chimyaku_no_hako"}
GAMES = {1: ("spirit_festival", "formula_festival"), 11: ("mystery_festival", "omnipotent_festival"),
         27: ("omnipotent_festival", "spirit_festival")}


def playthrough(seed: int) -> str:
    """The text of golden game ``seed``."""
    names = GAMES[seed]
    decks = (GAME.cards.starter_deck(names[0]), GAME.cards.starter_deck(names[1]))
    lines = [f"# Destiny golden playthrough, seed {seed}: P1 {names[0]} vs P2 {names[1]}"]
    events: list = []  # type: ignore[type-arg]
    state = GAME.new_state(Setup(decks, GAME.options(), seed=seed), events)
    lines.extend(f"    {GAME.text.describe(e, 'en')}" for e in events)
    chooser = Chance.seeded(seed)
    step = 0
    while (d := GAME.decision(state)) is not None:
        step += 1
        if d.kind == "ability":
            answer = f"ability:{ABILITY[names[d.player]]}"
        else:
            answer = d.options[chooser.below(len(d.options))].id
        option = d.find(answer)
        assert option is not None
        lines.append(f"{step:>4} P{d.player + 1} {d.kind}: {GAME.text.prompt(d, 'en')} [{' '.join(d.ids())}]")
        lines.append(f"     > {answer} ({GAME.text.label(option, 'en')})")
        lines.extend(f"    {GAME.text.describe(e, 'en')}" for e in GAME.apply(state, answer))
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines.append(f"# outcome: winner {outcome.winner}, reason {outcome.reason}, turn {state.turn}, steps {step}")
    lines.append(f"# final position: {GAME.encode_position(state)}")
    return "\n".join(lines) + "\n"


def regenerate() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for seed in GAMES:
        (GOLDEN / f"destiny_{seed}.txt").write_text(playthrough(seed), encoding="utf-8")


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_golden_playthrough(seed: int) -> None:
    path = GOLDEN / f"destiny_{seed}.txt"
    text = playthrough(seed)
    if os.environ.get("GRIMOIRE_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        got, want = text.splitlines(), expected.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), min(len(got), len(want)))
        expected_line = want[first] if first < len(want) else "<end>"
        got_line = got[first] if first < len(got) else "<end>"
        pytest.fail(f"{path.name} differs at line {first + 1} (regenerate only for an intended change):\n"
                    f"  expected: {expected_line}\n  got:      {got_line}")


if __name__ == "__main__":
    regenerate()
    sys.exit(0)
