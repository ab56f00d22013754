"""Every check a game package runs on itself, in one call (``grimoire check GAME``).

:func:`check_game` runs, for any installed game, the conformance checker
(:mod:`grimoire.core.conformance`), the golden playthroughs and the perft counts
(:mod:`grimoire.core.golden`) against a golden folder of the game's own —
``<game>-1.txt``, ``<game>-2.txt`` and the game's entry of ``perft.json`` — and
returns one :class:`Finding` per check. With ``regen=True`` it writes the golden
files instead of comparing them (other games' entries of ``perft.json`` are kept).

Grimoire's own tests run the same functions on the games it ships
(``tests/test_oracles.py``); a plugin's tests run ``grimoire check`` on its own folder.

>>> import tempfile
>>> from pathlib import Path
>>> from grimoire.core.registry import load_game
>>> folder = Path(tempfile.mkdtemp()) / "golden"
>>> game = load_game("toy")
>>> [f.status for f in check_game(game, folder, regen=True, games=2)]
['ok', 'written', 'written', 'written']
>>> [f"{f.check} {f.status}" for f in check_game(game, folder, games=2)]
['conformance ok', 'golden toy-1.txt ok', 'golden toy-2.txt ok', 'perft ok']
>>> check_game(game, folder / "nothing")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: golden folder .../nothing does not exist: write it with --regen
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .conformance import ConformanceError, check_games
from .errors import GrimoireError
from .game import Game, Setup
from .golden import perft, playthrough
from .play import RandomAgent, play
from .rng import Chance

#: the seeds of the golden playthroughs (``<game>-<seed>.txt``)
SEEDS = (1, 2)
#: perft counts start after this many random answers of one seeded game
PERFT_STEPS = (0, 12, 40)
PERFT_DEPTH = 3
PERFT_FILE = "perft.json"


@dataclass(frozen=True)
class Finding:
    """The result of one check: ``status`` is ``ok``, ``written`` (regenerated), ``differs``,
    ``missing`` or ``failed``; ``detail`` says what was seen (a count, or the first difference)."""

    check: str
    status: str
    detail: str = ""

    @property
    def passed(self) -> bool:
        """Whether the check passed (or its file was written)."""
        return self.status in ("ok", "written")


def golden_setup(game: Game[Any], seed: int) -> Setup:
    """Golden game ``seed``: two of the game's starter decks (by sorted name), default options."""
    names = sorted(game.cards.starter_decks())
    first, second = names[seed % len(names)], names[(seed + 1) % len(names)]
    return Setup((game.cards.starter_deck(first), game.cards.starter_deck(second)), game.options(), seed=seed)


def golden_playthrough(game: Game[Any], seed: int) -> str:
    """The text of golden playthrough ``seed`` (see :func:`grimoire.core.golden.playthrough`)."""
    return playthrough(game, golden_setup(game, seed), chooser_seed=seed * 7919 + 1)


def perft_positions(game: Game[Any]) -> list[str]:
    """Encoded positions of a seeded random game after each of :data:`PERFT_STEPS` answers."""
    out = []
    for steps in PERFT_STEPS:
        chooser = Chance.seeded(steps + 11)
        done = play(game, golden_setup(game, 3), [RandomAgent(), RandomAgent()], [chooser, chooser], max_steps=steps)
        out.append(game.encode_position(done.state))
    return out


def perft_rows(game: Game[Any]) -> list[dict[str, Any]]:
    """The game's entry of ``perft.json``: each position, the depth and its count."""
    return [{"position": text, "depth": PERFT_DEPTH, "count": perft(game, game.decode_position(text), PERFT_DEPTH)}
            for text in perft_positions(game)]


def first_difference(text: str, expected: str) -> str:
    """Where ``text`` first differs from ``expected`` (empty: they are equal).

    >>> first_difference("a\\nb\\n", "a\\nc\\n")
    "line 2: expected 'c', got 'b'"
    """
    if text == expected:
        return ""
    got, want = text.splitlines(), expected.splitlines()
    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), min(len(got), len(want)))
    expected_line = want[first] if first < len(want) else "<end>"
    got_line = got[first] if first < len(got) else "<end>"
    return f"line {first + 1}: expected {expected_line!r}, got {got_line!r}"


def check_conformance(game: Game[Any], games: int = 24) -> Finding:
    """The conformance checker over ``games`` seeded games of the game's starter decks in turn."""
    starters = sorted(game.cards.starter_decks())
    decks = [game.cards.starter_deck(s) for s in starters]
    setups = [Setup((decks[i % len(decks)], decks[(i + 1) % len(decks)]), game.options(), seed=i)
              for i in range(games)]
    try:
        report = check_games(game, setups, deep_every=5)
    except ConformanceError as exc:
        return Finding("conformance", "failed", " ".join(str(exc).split()))
    return Finding("conformance", "ok", f"{report.games} games, {report.steps} steps, "
                   f"{len(report.decision_kinds)} decision kinds, {len(report.event_kinds)} event kinds")


def check_playthrough(game: Game[Any], folder: Path, seed: int, regen: bool = False) -> Finding:
    """Golden playthrough ``seed`` against ``folder/<game>-<seed>.txt`` (written with ``regen``)."""
    path = folder / f"{game.name}-{seed}.txt"
    text = golden_playthrough(game, seed)
    name = f"golden {path.name}"
    if regen:
        path.write_text(text, encoding="utf-8")
        return Finding(name, "written")
    if not path.is_file():
        return Finding(name, "missing", f"{path} is missing: write it with --regen")
    difference = first_difference(text, path.read_text(encoding="utf-8"))
    return Finding(name, "differs", difference) if difference else Finding(name, "ok")


def check_perft(game: Game[Any], folder: Path, regen: bool = False) -> Finding:
    """The game's perft counts against its entry of ``folder/perft.json`` (written with ``regen``)."""
    path = folder / PERFT_FILE
    stored: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    if regen:
        stored[game.name] = perft_rows(game)
        path.write_text(json.dumps(dict(sorted(stored.items())), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        return Finding("perft", "written")
    rows = stored.get(game.name)
    if not isinstance(rows, list):
        return Finding("perft", "missing", f"{path} has no counts for {game.name}: write them with --regen")
    for row in rows:
        count = perft(game, game.decode_position(row["position"]), row["depth"])
        if count != row["count"]:
            return Finding("perft", "differs", f"{row['position']}: depth {row['depth']}: expected {row['count']}, "
                           f"got {count}")
    return Finding("perft", "ok", f"{len(rows)} positions, depth {PERFT_DEPTH}")


def check_game(game: Game[Any], golden: Path, regen: bool = False, games: int = 24) -> list[Finding]:
    """Conformance, golden playthroughs and perft counts of ``game`` against the folder ``golden``.

    A missing folder is a GrimoireError unless ``regen`` (which creates it).
    """
    if regen:
        golden.mkdir(parents=True, exist_ok=True)
    elif not golden.is_dir():
        raise GrimoireError(f"golden folder {golden} does not exist: write it with --regen")
    found = [check_conformance(game, games)]
    found += [check_playthrough(game, golden, seed, regen) for seed in SEEDS]
    found.append(check_perft(game, golden, regen))
    return found
