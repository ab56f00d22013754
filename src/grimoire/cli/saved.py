"""Terminal games that survive quitting: a game quit with ``q`` is saved to go on later.

A saved game is a game record (:class:`~grimoire.core.records.GameRecord`: it replays and
verifies like any other) whose ``meta`` also holds ``resume``: how the terminal played it
(the opponent, its thinking workers, the record's path). Saved games live in
``<user data dir>/saved/``; ``grimoire play --resume`` continues the newest, and
``--resume NAME`` a named one: a saved game's name (its file stem), the name of a game
(its newest saved game) or a file path. A saved game that is played to its end is removed.

>>> saved_name(Path("saved/chant-20261203-101500.json"))
'chant-20261203-101500'
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from grimoire.core.content import user_data_dir
from grimoire.core.errors import GrimoireError
from grimoire.core.records import GameRecord

#: ``--resume`` without a name.
LAST = "last"


def saved_dir() -> Path:
    """Where saved games live: ``<user data dir>/saved``."""
    return user_data_dir() / "saved"


def saved_name(path: Path) -> str:
    """The name ``--resume NAME`` knows a saved game by (its file stem)."""
    return path.stem


def new_saved_path(game_name: str) -> Path:
    """A fresh ``saved/<game>-<timestamp>.json`` path (made unique if it exists)."""
    folder = saved_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_name}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game_name}-{stamp}-{n}.json"
    return path


def saved_games() -> list[Path]:
    """The saved games, newest first."""
    folder = saved_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def find_saved(name: str) -> Path:
    """The saved game ``name`` names (see the module docstring); a one-line GrimoireError when none does."""
    games = saved_games()
    if name == LAST:
        if not games:
            raise GrimoireError("no saved game to resume (quit a game with q to save it)")
        return games[0]
    for path in games:
        if saved_name(path) == name:
            return path
    for path in games:
        if saved_name(path).rsplit("-", 2)[0] == name:
            return path
    given = Path(name)
    if given.suffix == ".json" and given.is_file():
        return given
    known = ", ".join(saved_name(p) for p in games[:5]) or "none"
    raise GrimoireError(f"no saved game named {name!r} (saved: {known})")


def resume_info(record: GameRecord, path: Path) -> dict[str, Any]:
    """How the terminal played a saved game (``meta['resume']``); a one-line GrimoireError if it has none."""
    info = record.meta.get("resume")
    if not isinstance(info, dict) or not isinstance(info.get("vs"), str):
        raise GrimoireError(f"{path}: not a saved game (its record has no 'resume' entry)")
    if record.outcome is not None:
        raise GrimoireError(f"{path}: the game is over; replay it with grimoire replay")
    return info

