"""The ``grimoire serve`` command: play in the browser (needs the ``web`` extra)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core.errors import GrimoireError

from .cardfiles import open_with_cards, split_by_game


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, ai_delay: float = 0.3,
          **settings: Any) -> None:
    """Serve the lobby on ``http://HOST:PORT/``; games are kept in ``db`` (a SQLite file or a
    ``postgresql://`` URL). ``settings``: ``limits`` (``NAME=VALUE`` strings), ``durability``,
    ``think_workers``, ``origins``, ``forwarded_allow_ips``, ``cards`` (card files or folders,
    each loaded into the game it is for, as ``play --cards`` does; the user's card folder
    is always loaded).

    A computer seat waits ``ai_delay`` seconds before each of its moves.
    """
    try:
        from grimoire.web.limits import Limits
        from grimoire.web.server import serve as run
    except ImportError as exc:  # the web extra is not installed
        raise GrimoireError(f"the web server needs the 'web' extra: pip install 'grimoire[web]' ({exc})") from None
    pairs: Sequence[str] = settings.pop("limits", None) or ()
    limits = Limits.parse(pairs)
    paths = settings.pop("cards", None) or ()
    by_game = split_by_game(paths, None)
    for name, files in by_game.items():  # refuse a bad card file now, with the game that read it
        open_with_cards(name, files, inferred=True)
    run(host, port, db, ai_delay=ai_delay, limits=limits, card_paths=by_game, user_cards=True, **settings)
