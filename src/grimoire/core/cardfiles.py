"""Which game a card file is for, so that ``--cards FILE`` without ``--game`` loads it into that game only.

A file's cards are compared with each game's own card files: the keys they use
(``kind``, ``chant``, ``lucky``…) and their short word values (``attribute = "fantasy"``,
``op = "advance"``). The game sharing the most words is the file's game; a file that fits
no game better than another is refused with a request for ``--game``. Errors of a file
read for a game name that game.

>>> sorted(vocabulary_of([{"id": "x", "attribute": "fantasy", "effects": [{"op": "draw", "n": 1}]}]))
['attribute', 'attribute=fantasy', 'effects.n', 'effects.op', 'effects.op=draw', 'id']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from grimoire.core.content import card_files, read_card_tables
from grimoire.core.errors import ContentError, GrimoireError
from grimoire.core.game import Game
from grimoire.core.registry import game_names, load_game


def _words(table: Mapping[str, Any], prefix: str, out: set[str]) -> None:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            if set(value) <= {"ja", "en"}:
                out.add(name)
            else:
                _words(value, name + ".", out)
            continue
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            for item in value:
                _words(item, name + ".", out)
            continue
        out.add(name)
        if isinstance(value, str) and value.isascii() and len(value) <= 32 and key != "id":
            out.add(f"{name}={value}")


def vocabulary_of(tables: Sequence[Mapping[str, Any]]) -> set[str]:
    """The keys and short ASCII word values of card tables (``effects.op=draw``…)."""
    out: set[str] = set()
    for table in tables:
        _words(table, "", out)
    return out


@cache
def game_vocabulary(name: str) -> frozenset[str]:
    """The words of a game's built-in card files."""
    return frozenset(vocabulary_of(list(load_game(name).pool.tables.values())))


def file_game(path: Path) -> str:
    """The game whose cards the file at ``path`` holds; a GrimoireError asks for ``--game`` when unclear."""
    tables = read_card_tables(path)
    mine = [vocabulary_of([t]) for t in tables]
    scores = {name: sum(len(words & game_vocabulary(name)) for words in mine) for name in game_names()}
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    if not ranked or ranked[0][1] == 0 or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        raise GrimoireError(f"{path}: cannot tell which game these cards are for; give --game "
                            f"({', '.join(game_names())})")
    return ranked[0][0]


def split_by_game(paths: Sequence[str | Path], game: str | None) -> dict[str, list[Path]]:
    """``--cards`` paths by game: all of them for ``game`` when given, else each file for the game it fits."""
    files = card_files(paths)
    if game is not None:
        return {game: files} if files else {}
    out: dict[str, list[Path]] = {}
    for path in files:
        out.setdefault(file_game(path), []).append(path)
    return out


def open_with_cards(name: str, paths: Sequence[str | Path], inferred: bool = False) -> Game[Any]:
    """Game ``name`` with the user's card folder and ``paths``; a card error says which game read it."""
    try:
        return load_game(name, card_paths=list(paths), user_cards=True)
    except ContentError as exc:
        hint = "; give --game to read them as another game's" if inferred else ""
        raise GrimoireError(f"{exc} (read as {name} cards{hint})") from None


def open_games(names: Sequence[str], paths: Sequence[str | Path], game: str | None) -> dict[str, Game[Any]]:
    """Each named game with the ``--cards`` files that are its own (see :func:`split_by_game`)."""
    by_game = split_by_game(paths, game)
    unknown = set(by_game) - set(names)
    if unknown:
        first = sorted(unknown)[0]
        raise GrimoireError(f"{by_game[first][0]}: these are {first} cards, not cards of {', '.join(names)}")
    return {name: open_with_cards(name, by_game.get(name, []), inferred=game is None) for name in names}
