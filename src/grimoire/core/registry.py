"""The games Grimoire knows: plugins found through the ``grimoire.games`` entry-point group.

Every installed package that names a :class:`~grimoire.core.plugin.GamePlugin` in the
``grimoire.games`` group is a game (Grimoire's own two are registered the same way in
its ``pyproject.toml``). :func:`register` adds a plugin in-process (embedding, tests).

>>> {'chant', 'destiny'} <= set(game_names())
True
>>> plugin("nosuchgame")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: unknown game 'nosuchgame'; games: ...
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Mapping, Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .content import user_data_dir
from .errors import GrimoireError
from .game import Game
from .plugin import GamePlugin

GROUP = "grimoire.games"
log = logging.getLogger("grimoire")

_found: dict[str, GamePlugin] | None = None
_broken: dict[str, str] = {}
_extra: dict[str, GamePlugin] = {}


def _discover() -> dict[str, GamePlugin]:
    global _found
    if _found is None:
        found: dict[str, GamePlugin] = {}
        for ep in entry_points(group=GROUP):
            try:
                obj = ep.load()
            except Exception as exc:  # a broken third-party plugin must not break Grimoire
                _broken[ep.name] = f"{type(exc).__name__}: {exc}"
                log.warning("game plugin %r (%s) cannot be loaded: %s", ep.name, ep.value, exc)
                continue
            if not isinstance(obj, GamePlugin):
                _broken[ep.name] = f"{ep.value} is not a GamePlugin"
                continue
            if obj.name != ep.name:
                _broken[ep.name] = f"{ep.value} is the plugin of {obj.name!r}, not {ep.name!r}"
                continue
            found[obj.name] = obj
        _found = found
    return _found


def plugins() -> dict[str, GamePlugin]:
    """Every known game's plugin by name (installed ones, then those registered in-process)."""
    return {**_discover(), **_extra}


def game_names() -> list[str]:
    """The names of every known game, sorted."""
    return sorted(plugins())


def plugin(name: str) -> GamePlugin:
    """The plugin of game ``name``; an unknown game is a GrimoireError naming the known ones."""
    found = plugins().get(name)
    if found is None:
        if name in _broken:
            raise GrimoireError(f"game {name!r} is installed but broken: {_broken[name]}")
        raise GrimoireError(f"unknown game {name!r}; games: {', '.join(game_names())}")
    return found


def shipped_games() -> list[str]:
    """The games Grimoire itself ships (their packages live in ``grimoire.games``), sorted: the ones its
    own test suite checks; an installed plugin checks itself (``grimoire check``).

    >>> shipped_games()
    ['chant', 'destiny']
    """
    return [name for name, found in sorted(plugins().items()) if found.rules.startswith("grimoire.games.")]


def register(game: GamePlugin) -> None:
    """Make ``game`` known in this process (as if it were installed)."""
    _extra[game.name] = game


def unregister(name: str) -> None:
    """Forget a plugin added with :func:`register`."""
    _extra.pop(name, None)


def user_card_dir(name: str) -> Path:
    """The folder whose ``*.toml`` card files load automatically for game ``name``."""
    return user_data_dir() / "cards" / name


def load_game(name: str, card_paths: Sequence[str | Path] = (), tables: Mapping[str, Mapping[str, Any]] | None = None,
              user_cards: bool = False) -> Game[Any]:
    """The rules of game ``name`` with its built-in cards plus ``card_paths`` and ``tables``.

    ``user_cards`` also loads the user's card folder (see :func:`user_card_dir`).
    """
    found = plugin(name)
    paths = list(card_paths)
    folder = user_card_dir(name)
    if user_cards and folder.is_dir():
        paths.insert(0, folder)
    return found.make_game(paths, tables)


@functools.cache
def _built_in(name: str) -> frozenset[str]:
    return frozenset(load_game(name).pool.by_id)


def own_cards(game: Game[Any]) -> str:
    """The tables of ``game``'s cards that are not built in (card files, saved cards) as JSON, "" for none:
    with the game's name, what another process needs to rebuild the game (:func:`game_in_process`).

    >>> own_cards(load_game("toy"))
    ''
    """
    mine = {cid: table for cid, table in game.pool.tables.items() if cid not in _built_in(game.name)}
    return json.dumps(mine, ensure_ascii=False, sort_keys=True, default=str) if mine else ""


_GAMES: dict[tuple[str, str], Game[Any]] = {}


def game_in_process(name: str, cards: str = "") -> Game[Any]:
    """Game ``name`` with the extra card tables ``cards`` (from :func:`own_cards`), built once per process."""
    game = _GAMES.get((name, cards))
    if game is None:
        game = _GAMES[(name, cards)] = load_game(name, tables=json.loads(cards) if cards else None)
        if len(_GAMES) > 16:
            _GAMES.pop(next(iter(_GAMES)))
    return game

