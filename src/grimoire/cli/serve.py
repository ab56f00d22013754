"""The ``grimoire serve`` command: play in the browser (needs the ``web`` extra)."""

from __future__ import annotations

from pathlib import Path


def serve(host: str = "127.0.0.1", port: int = 8000, db: Path | None = None) -> None:
    """Serve the lobby on ``http://HOST:PORT/``; games are kept in the SQLite file ``db``."""
    try:
        from grimoire.web.server import serve as run
    except ImportError as exc:  # the web extra is not installed
        raise SystemExit(f"the web server needs the 'web' extra: pip install 'grimoire[web]' ({exc})") from None
    run(host, port, db)
