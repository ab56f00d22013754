"""The fixed choices of the command line as Enums: Typer lists them in ``--help`` and refuses others.

:class:`GameName` is built when this module is imported, from the games installed in the
``grimoire.games`` entry-point group, so a third-party game plugin is a choice of every
command that takes a game without any change here.

>>> {"chant", "destiny"} <= {game.value for game in GameName}
True
>>> GameName("chant") == "chant", Lang("en"), Coin("board"), Backend("ray")
(True, <Lang.en: 'en'>, <Coin.board: 'board'>, <Backend.ray: 'ray'>)
>>> from grimoire.sim.parallel import BACKENDS
>>> {backend.value for backend in Backend} == set(BACKENDS)
True
"""

from __future__ import annotations

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


class Coin(StrEnum):
    """Where a game's chance comes from: a seeded PRNG, or the post times of a message board."""

    prng = "prng"
    board = "board"


class Backend(StrEnum):
    """Where parallel games run: local processes, or a Ray cluster (see grimoire.sim.parallel)."""

    process = "process"
    ray = "ray"


class Durability(StrEnum):
    """How safely the web server stores each answer (see grimoire.web.storage)."""

    normal = "normal"
    full = "full"
