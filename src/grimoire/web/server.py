"""Running the web server: :func:`serve`, which ``grimoire serve`` (and ``python -m grimoire.web``) runs.

>>> default_db().name
'grimoire.db'
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path

from grimoire.core.content import user_data_dir

from .app import create_app
from .collector import Collector
from .guard import host_name, protocol_class, trusted_proxies
from .limits import Limits
from .review import new_token
from .stores import open_store
from .thinking import Thinker


def default_db() -> Path:
    """The default database file: ``grimoire.db`` in the user data folder."""
    return user_data_dir() / "grimoire.db"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path | None = None,  # noqa: PLR0913 — the server's settings: one keyword per `grimoire serve` option
          games: Sequence[str] | None = None, ai_delay: float = 0.3, log_level: str | None = None,
          limits: Limits | None = None, durability: str = "normal", think_workers: int | None = None,
          origins: Sequence[str] = (), forwarded_allow_ips: str | None = None,
          card_paths: Mapping[str, Sequence[str | Path]] | None = None, user_cards: bool = False,
          public_url: str | None = None, access_log: bool = False, owner_token: str | None = None,
          review: bool = False) -> None:
    """Serve the lobby and the tables on ``http://host:port/`` until interrupted.

    Games live in ``db``: a SQLite file (default :func:`default_db`) or a
    ``postgresql://`` URL (several processes may share it); a restarted server picks
    every game up where it was. A database that cannot be opened raises
    :class:`~grimoire.web.storage.StorageError` (one line) before anything listens.
    ``card_paths`` (card files by game) and ``user_cards`` (the user's card folder) add
    cards to the built-in ones, as do the cards saved in the database.
    ``public_url`` (``http://host:port`` as players reach it) makes the seat and spectator links absolute.
    ``log_level`` (``debug`` … ``critical``) is the least severe message logged, by Grimoire and
    Uvicorn (None: ``info`` for Grimoire, ``warning`` for Uvicorn); ``access_log`` logs each request.
    ``owner_token`` (or ``review``: a new one, printed) makes saved cards proposals that the server
    owner reviews (:mod:`grimoire.web.review`); without either they are approved at once.
    """
    import uvicorn

    limits = limits or Limits()
    target = db if db is not None else default_db()
    store = open_store(target, durability)
    thinker = Thinker(think_workers, limits.think_queue)
    printed = new_token() if review and not owner_token else None
    owner_token = owner_token or printed
    app = create_app(store, games, ai_delay=ai_delay, limits=limits, thinker=thinker, origins=origins,
                     card_paths=card_paths, user_cards=user_cards, public_url=public_url,
                     hosts=served_names(host, public_url, origins), owner_token=owner_token)
    for name in app.state.hub.game_names:  # load the rules and cards now, then keep them out of the collector's way
        app.state.hub.rules(name)
    collector = app.state.collector = Collector.from_env()  # full collections off the tables (grimoire.web.collector)
    collector.tune()
    shown = f"[{host}]" if ":" in host else host
    where = getattr(store, "path", None) or _redacted(str(target))
    print(f"Grimoire: http://{shown}:{port}/  (database: {where}, {store.kind}, durability {durability})", flush=True)
    if printed:
        print(f"サーバー管理者のトークン / server owner token: {printed}  (review: http://{shown}:{port}/review)",
              flush=True)
    logging.basicConfig(level=(log_level or "info").upper())  # only where the application has set up no logging
    logging.getLogger("grimoire").setLevel((log_level or "info").upper())
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level or "warning", access_log=access_log,
        http=protocol_class(limits, trusted_proxies(forwarded_allow_ips)),
        ws_max_size=max(16384, 2 * limits.ws_message), ws_per_message_deflate=False,
        timeout_keep_alive=max(1, int(min(5.0, limits.header_timeout))),
        proxy_headers=forwarded_allow_ips is not None, forwarded_allow_ips=forwarded_allow_ips)
    if access_log:  # its lines are at level info, whatever the level of Uvicorn's other messages
        logging.getLogger("uvicorn.access").setLevel(logging.INFO)
    uvicorn.Server(config).run()


def served_names(host: str, public_url: str | None, origins: Sequence[str]) -> list[str]:
    """The host names the server answers to (besides IP addresses and ``localhost``): those of
    ``--public-url``, of each ``--origin`` and of ``--host`` when it is a name.

    >>> served_names("0.0.0.0", "https://play.example", ["https://cards.example:8443"])
    ['play.example', 'cards.example']
    """
    names = [host_name(u) for u in (public_url, *origins) if u]
    if host and host not in ("0.0.0.0", "::"):
        names.append(host_name(host))
    return list(dict.fromkeys(n for n in names if n))


def _redacted(url: str) -> str:
    from .pgstore import redact

    return redact(url)
