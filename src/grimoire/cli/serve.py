"""The ``grimoire serve`` command: play in the browser (needs the ``web`` extra).

>>> public_base("http://192.168.1.20:8000/")
'http://192.168.1.20:8000'
>>> public_base("play.example")
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: --public-url must be an http:// or https:// address, got 'play.example'
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from grimoire.core.errors import GrimoireError
from grimoire.extras import MissingExtra

from .cardfiles import open_with_cards, split_by_game


def public_base(url: str) -> str:
    """The base of seat and spectator links: an http(s) address without a trailing slash, query or fragment."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise GrimoireError(f"--public-url must be an http:// or https:// address, got {url!r}")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def check_port(host: str, port: int) -> None:
    """A GrimoireError (one line, suggesting ``--port``) if ``host:port`` cannot be listened on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server itself does
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise GrimoireError(f"port {port} on {host} is in use by another program; "
                                    f"choose another with --port (e.g. --port {port + 1})") from None
            if exc.errno in (errno.EACCES, errno.EPERM):
                raise GrimoireError(f"not allowed to listen on port {port}; choose one above 1023 with --port") \
                    from None
            raise GrimoireError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; check --host") from None


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, ai_delay: float = 0.3,
          **settings: Any) -> None:
    """Serve the lobby on ``http://HOST:PORT/``; games are kept in ``db`` (a SQLite file or a
    ``postgresql://`` URL). ``settings``: ``limits`` (``NAME=VALUE`` strings), ``durability``,
    ``think_workers``, ``origins``, ``forwarded_allow_ips``, ``cards`` (card files or folders,
    each loaded into the game it is for, as ``play --cards`` does; the user's card folder
    is always loaded), ``public_url`` (the base of the links handed out).

    A computer seat waits ``ai_delay`` seconds before each of its moves. A port in use
    is a one-line error before anything is opened.
    """
    try:
        from grimoire.web.limits import Limits
        from grimoire.web.server import serve as run
    except ImportError as exc:  # the web extra is not installed
        raise MissingExtra("web", "the web server needs Starlette and Uvicorn", str(exc)) from None
    public = settings.pop("public_url", None)
    if public is not None:
        settings["public_url"] = public_base(public)
    pairs: Sequence[str] = settings.pop("limits", None) or ()
    limits = Limits.parse(pairs)
    paths = settings.pop("cards", None) or ()
    by_game = split_by_game(paths, None)
    for name, files in by_game.items():  # refuse a bad card file now, with the game that read it
        open_with_cards(name, files, inferred=True)
    check_port(host, port)
    run(host, port, db, ai_delay=ai_delay, limits=limits, card_paths=by_game, user_cards=True, **settings)
