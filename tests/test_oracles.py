"""Shared regression oracles for every installed game: golden playthroughs and perft counts.

Each game's golden files (``tests/golden/<game>-<seed>.txt``) list every decision, answer,
event line and each seat's view changes of a seeded random game (a hidden card that
leaks into a view shows up as a diff); ``tests/golden/perft.json`` holds answer-sequence
counts from positions of each game. After an intended change of a game's behaviour or
views, regenerate and review the diff::

    GRIMOIRE_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_oracles.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from grimoire.core.game import Game, Setup
from grimoire.core.golden import perft, playthrough
from grimoire.core.play import RandomAgent, play
from grimoire.core.registry import game_names, load_game
from grimoire.core.rng import Chance

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("GRIMOIRE_REGEN_GOLDEN") == "1"
SEEDS = (1, 2)
PERFT_STEPS = (0, 12, 40)
PERFT_DEPTH = 3


def setup_for(game: Game[Any], seed: int) -> Setup:
    """Golden game ``seed``: two of the game's starter decks, default options."""
    names = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(names[seed % len(names)]), game.cards.starter_deck(names[(seed + 1) % len(names)]))
    return Setup(decks, game.options(), seed=seed)


def compare(path: Path, text: str) -> None:
    """Assert ``text`` equals the golden file (or write it when regenerating)."""
    if REGEN:
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing: regenerate with GRIMOIRE_REGEN_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        got, want = text.splitlines(), expected.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), min(len(got), len(want)))
        expected_line = want[first] if first < len(want) else "<end>"
        got_line = got[first] if first < len(got) else "<end>"
        pytest.fail(f"{path.name} differs from line {first + 1}:\n  expected: {expected_line}\n  got:      {got_line}")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", game_names())
def test_golden_playthrough(name: str, seed: int) -> None:
    game = load_game(name)
    compare(GOLDEN / f"{name}-{seed}.txt", playthrough(game, setup_for(game, seed), chooser_seed=seed * 7919 + 1))


def positions(game: Game[Any]) -> list[str]:
    """Encoded positions of a seeded random game after each of :data:`PERFT_STEPS` answers."""
    out = []
    for steps in PERFT_STEPS:
        chooser = Chance.seeded(steps + 11)
        done = play(game, setup_for(game, 3), [RandomAgent(), RandomAgent()], [chooser, chooser], max_steps=steps)
        out.append(game.encode_position(done.state))
    return out


def test_perft_counts_from_encoded_positions() -> None:
    path = GOLDEN / "perft.json"
    found: dict[str, list[dict[str, Any]]] = {}
    for name in game_names():
        game = load_game(name)
        found[name] = [{"position": text, "depth": PERFT_DEPTH,
                        "count": perft(game, game.decode_position(text), PERFT_DEPTH)} for text in positions(game)]
    if REGEN:
        path.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert set(found) == set(expected), "games without perft counts: regenerate with GRIMOIRE_REGEN_GOLDEN=1"
    for name, rows in expected.items():
        game = load_game(name)
        for row in rows:
            assert perft(game, game.decode_position(row["position"]), row["depth"]) == row["count"], (name, row)
