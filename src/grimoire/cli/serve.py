"""The ``grimoire serve`` command: play in the browser (needs the ``web`` extra)."""

from __future__ import annotations

from pathlib import Path

from grimoire.core.errors import GrimoireError


def serve(host: str = "127.0.0.1", port: int = 8000, db: Path | None = None, ai_delay: float = 0.3) -> None:
    """Serve the lobby on ``http://HOST:PORT/``; games are kept in the SQLite file ``db``.

    A computer seat waits ``ai_delay`` seconds before each of its moves.
    """
    try:
        from grimoire.web.server import serve as run
    except ImportError as exc:  # the web extra is not installed
        raise GrimoireError(f"the web server needs the 'web' extra: pip install 'grimoire[web]' ({exc})") from None
    run(host, port, db, ai_delay=ai_delay)
