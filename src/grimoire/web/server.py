"""Running the web server: ``serve(host, port, db)``, which ``grimoire serve`` (and ``python -m grimoire.web``) runs.

>>> default_db().name
'grimoire.db'
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Sequence
from pathlib import Path

from grimoire.core.content import user_data_dir

from .app import create_app
from .storage import Store


def default_db() -> Path:
    """The default database file: ``grimoire.db`` in the user data folder."""
    return user_data_dir() / "grimoire.db"


def serve(host: str = "127.0.0.1", port: int = 8000, db: Path | None = None,
          games: Sequence[str] | None = None, ai_delay: float = 0.3, log_level: str = "warning") -> None:
    """Serve the lobby and the tables on ``http://host:port/`` until interrupted.

    Games live in the SQLite file ``db`` (default :func:`default_db`); a restarted server
    picks every game up where it was.
    """
    import uvicorn

    path = db if db is not None else default_db()
    store = Store(path)
    app = create_app(store, games, ai_delay=ai_delay)
    for name in app.state.hub.game_names:  # load the rules and cards now, then keep them out of the collector's way
        app.state.hub.rules(name)
    gc.collect()
    gc.freeze()
    shown = f"[{host}]" if ":" in host else host
    print(f"Grimoire: http://{shown}:{port}/  (database: {path})", flush=True)
    logging.basicConfig(level=logging.INFO)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=65536, ws_per_message_deflate=False)

