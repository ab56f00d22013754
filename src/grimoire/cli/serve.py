"""The ``grimoire serve`` command: play in the browser (needs the ``web`` extra)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core.errors import GrimoireError


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, ai_delay: float = 0.3,
          **settings: Any) -> None:
    """Serve the lobby on ``http://HOST:PORT/``; games are kept in ``db`` (a SQLite file or a
    ``postgresql://`` URL). ``settings``: ``limits`` (``NAME=VALUE`` strings), ``durability``,
    ``think_workers``, ``origins``, ``forwarded_allow_ips``.

    A computer seat waits ``ai_delay`` seconds before each of its moves.
    """
    try:
        from grimoire.web.limits import Limits
        from grimoire.web.server import serve as run
    except ImportError as exc:  # the web extra is not installed
        raise GrimoireError(f"the web server needs the 'web' extra: pip install 'grimoire[web]' ({exc})") from None
    pairs: Sequence[str] = settings.pop("limits", None) or ()
    run(host, port, db, ai_delay=ai_delay, limits=Limits.parse(pairs), **settings)
