"""The fixed choices of the command line as Enums: Typer lists them in ``--help`` and refuses others.

:class:`GameName` is built when this module is imported, from the games installed in the
``grimoire.games`` entry-point group, so a third-party game plugin is a choice of every
command that takes a game without any change here.

>>> {"chant", "destiny"} <= {game.value for game in GameName}
True
>>> GameName("chant") == "chant", Lang("en"), Coin("board"), Backend("ray")
(True, <Lang.en: 'en'>, <Coin.board: 'board'>, <Backend.ray: 'ray'>)
>>> locale_lang({"LANG": "ja_JP.UTF-8"}), locale_lang({"LANG": "en_GB.UTF-8"}), locale_lang({"LANG": "C.UTF-8"})
(<Lang.ja: 'ja'>, <Lang.en: 'en'>, <Lang.ja: 'ja'>)
>>> from grimoire.sim.parallel import BACKENDS
>>> {backend.value for backend in Backend} == set(BACKENDS)
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING

from grimoire.core.registry import game_names

if TYPE_CHECKING:

    class GameName(StrEnum):
        """An installed game (its members are only known at run time)."""

else:
    # plugin names are lowercase letters, digits, '-' and '_' (so never an Enum _sunder_ name);
    # the one such name Enum refuses as a member name is "mro"
    GameName = StrEnum("GameName", [(f"{name}_" if name == "mro" else name, name) for name in game_names()],
                       module=__name__)
    GameName.__doc__ = "An installed game (one member per plugin in the grimoire.games entry points)."


class Lang(StrEnum):
    """The language of everything the terminal shows."""

    ja = "ja"
    en = "en"


def locale_lang(environ: Mapping[str, str]) -> Lang:
    """The language the user's locale asks for: the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
    that is set decides; Japanese for a ``ja`` locale, English for any other language, and Japanese
    (the games' own language) when none is set or the locale names no language (``C``, ``POSIX``)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            language = value.split(".", 1)[0].split("_", 1)[0].lower()
            return Lang.ja if language in ("ja", "c", "posix") else Lang.en
    return Lang.ja


DEFAULT_LANG = locale_lang(os.environ)
"""The ``--lang`` default: from the locale (``GRIMOIRE_LANG`` overrides it, as ``--lang`` overrides both)."""


class Coin(StrEnum):
    """Where a game's chance comes from: a seeded PRNG, or the post times of a message board."""

    prng = "prng"
    board = "board"


class Backend(StrEnum):
    """Where parallel games run: local processes, or a Ray cluster (see grimoire.sim.parallel)."""

    process = "process"
    ray = "ray"
