"""Which installed games Grimoire's own tests check.

The games Grimoire ships (``shipped_games()``) and the example plugin of this repository
(``examples/toy-race``, which the adapter tests play); any other installed plugin checks
itself with ``grimoire check GAME`` and is left out here, so installing one keeps this suite green.
"""

from __future__ import annotations

from grimoire.core.registry import game_names, shipped_games

#: the shipped games, and the example plugin when it is installed
REPO_GAMES = shipped_games() + [name for name in ("toy",) if name in game_names()]
