"""The games Grimoire knows, loaded by name.

>>> {'chant', 'destiny'} <= set(GAMES)
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .content import user_data_dir
from .errors import GrimoireError
from .game import Game

GAMES: dict[str, str] = {
    "chant": "grimoire.games.chant.game:ChantGame",
    "destiny": "grimoire.games.destiny.game:DestinyGame",
}


def user_card_dir(name: str) -> Path:
    """The folder whose ``*.toml`` card files load automatically for game ``name``."""
    return user_data_dir() / "cards" / name


def load_game(name: str, card_paths: Sequence[str | Path] = (), tables: Mapping[str, Mapping[str, Any]] | None = None,
              user_cards: bool = False) -> Game[Any]:
    """The rule module ``name`` with its built-in cards plus ``card_paths`` and ``tables``.

    ``user_cards`` also loads the user's card folder (see :func:`user_card_dir`).
    """
    target = GAMES.get(name)
    if target is None:
        raise GrimoireError(f"unknown game {name!r}; games: {', '.join(sorted(GAMES))}")
    module_name, _, cls_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), cls_name)
    paths = list(card_paths)
    folder = user_card_dir(name)
    if user_cards and folder.is_dir():
        paths.insert(0, folder)
    game: Game[Any] = cls(card_paths=paths, tables=tables)
    return game
