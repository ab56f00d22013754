"""The ``grimoire serve`` command: play in the browser (needs the ``web`` extra).

:func:`serve_command` is the command with its options; ``grimoire`` registers it as
``serve`` and ``python -m grimoire.web`` runs it alone (:func:`main`). Neither imports
Starlette or Uvicorn before the server starts, so a missing ``web`` extra is a one-line error.

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
from enum import StrEnum
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer

from grimoire.commandline import run_app
from grimoire.core.cardfiles import open_with_cards, split_by_game
from grimoire.core.errors import GrimoireError
from grimoire.extras import MissingExtra


class LogLevel(StrEnum):
    """The least severe message the web server logs (Python's logging levels)."""

    critical = "critical"
    error = "error"
    warning = "warning"
    info = "info"
    debug = "debug"


class Durability(StrEnum):
    """How safely the web server stores each answer (see grimoire.web.storage)."""

    normal = "normal"
    full = "full"


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


LIMITS_HELP = ("A server limit, NAME=VALUE (repeatable). Limits and defaults: "
               "max_body (65536 bytes), body_timeout (10 s), json_depth (16), json_digits (15), json_items (2000), "
               "ws_message (4096 "
               "bytes), ws_rate (20 messages/s), ws_burst (60), ws_queue (64 messages), ws_queue_bytes (2097152), "
               "conns_per_client (32), sockets_per_minute (120), header_timeout (10 s), creates_per_minute (10), "
               "open_games_per_client (20), "
               "expire_days (7), finished_ai_days (7), think_queue (64), saves_per_minute (20), "
               "computes_per_minute (60), idle_claim (300 s), webhooks (1: on), verdicts (1), verdict_workers (2), "
               "verdict_games (32), verdict_seconds (300 s). See docs/server.md.")


def serve_command(  # noqa: PLR0913 — a Typer command: one parameter per option
    host: Annotated[str, typer.Option("--host", metavar="HOST", envvar="GRIMOIRE_HOST", help="Address to listen "
                                      "on: 127.0.0.1 (default) serves this machine only; 0.0.0.0 (or this "
                                      "machine's LAN address) lets a friend on another machine join.")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="N", envvar="GRIMOIRE_PORT", help="Port to listen on.")
                    ] = 8000,
    db: Annotated[str | None, typer.Option("--db", metavar="FILE|URL", envvar="GRIMOIRE_DB", help="SQLite database "
                                           "file (default: in the user data folder), or a postgresql:// URL that "
                                           "several server processes share (extra: postgres).")] = None,
    ai_delay: Annotated[float, typer.Option("--ai-delay", metavar="SECONDS", help="How long the computer "
                                            "thinks before each move it makes.")] = 0.3,
    durability: Annotated[Durability, typer.Option("--durability", help="normal: an answer survives the server "
                                                   "process being killed; full: also an operating-system crash "
                                                   "or power loss (every answer synced to disk, slower).")
                          ] = Durability.normal,
    limit: Annotated[list[str] | None, typer.Option("--limit", metavar="NAME=VALUE", help=LIMITS_HELP)] = None,
    think_workers: Annotated[int | None, typer.Option("--think-workers", metavar="N", help="Processes in which "
                                                      "the searching computer levels think (default: every core "
                                                      "but one; 0: a thread of the server).")] = None,
    origin: Annotated[list[str] | None, typer.Option("--origin", metavar="URL", help="Another site allowed to "
                                                     "POST and open sockets, e.g. https://play.example "
                                                     "(repeatable).")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option("--forwarded-allow-ips", metavar="IPS", help="Behind "
                                                            "a reverse proxy: the proxy's addresses, whose "
                                                            "X-Forwarded-For names the client.")] = None,
    public_url: Annotated[str | None, typer.Option("--public-url", metavar="URL", envvar="GRIMOIRE_PUBLIC_URL",
                                                   help="The address players "
                                                   "reach this server at, put into seat and spectator links, "
                                                   "e.g. http://192.168.1.20:8000 on a LAN or https://play.example "
                                                   "behind a proxy (default: the address the browser used).")
                          ] = None,
    cards: Annotated[list[str] | None, typer.Option("--cards", metavar="PATH",
                                                   help="Extra card file or folder (repeatable).")] = None,
    log_level: Annotated[LogLevel | None, typer.Option("--log-level", envvar="GRIMOIRE_LOG_LEVEL", help="The "
                                                       "least severe message logged, by Grimoire and by Uvicorn "
                                                       "(default: info for Grimoire's, warning for Uvicorn's).",
                                                       show_default=False)] = None,
    access_log: Annotated[bool, typer.Option("--access-log", envvar="GRIMOIRE_ACCESS_LOG", help="Log every HTTP "
                                             "request and WebSocket connection (Uvicorn's access log).")] = False,
    owner_token: Annotated[str | None, typer.Option("--owner-token", metavar="TOKEN", envvar="GRIMOIRE_OWNER_TOKEN",
                                                    help="The server owner's secret (24–200 characters): saved "
                                                    "cards become proposals the owner approves or sends back on "
                                                    "/review (default: no review, cards approved at once).",
                                                    show_default=False)] = None,
    review: Annotated[bool, typer.Option("--review", help="Review saved cards with a new owner token, printed "
                                         "at start (when --owner-token is not given).")] = False,
) -> None:
    """Serve the browser lobby and tables.

    Play online between two people, or against the computer. The options that
    deployments set once can come from the environment: GRIMOIRE_HOST, GRIMOIRE_PORT,
    GRIMOIRE_DB, GRIMOIRE_PUBLIC_URL, GRIMOIRE_LOG_LEVEL, GRIMOIRE_ACCESS_LOG, GRIMOIRE_OWNER_TOKEN.
    """
    if not 0 < port < 65536:
        raise GrimoireError(f"--port must be between 1 and 65535, got {port}")
    if ai_delay < 0:
        raise GrimoireError(f"--ai-delay must not be negative, got {ai_delay}")
    if think_workers is not None and not 0 <= think_workers <= 256:
        raise GrimoireError(f"--think-workers must be between 0 and 256, got {think_workers}")
    if owner_token is not None and not 24 <= len(owner_token) <= 200:
        raise GrimoireError(f"--owner-token must be 24 to 200 characters, got {len(owner_token)}")
    serve(host, port, db, ai_delay, limits=limit or [], durability=durability.value,
          think_workers=think_workers, origins=origin or [], forwarded_allow_ips=forwarded_allow_ips,
          cards=cards or [], public_url=public_url, log_level=None if log_level is None else log_level.value,
          access_log=access_log, owner_token=owner_token, review=review)


def main(argv: Sequence[str]) -> int:
    """Run :func:`serve_command` alone with the arguments ``argv`` (``python -m grimoire.web``); returns the
    exit code. Bad input is one line ``grimoire: error: ...`` on stderr and exit code 2, as with ``grimoire``."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    app.command()(serve_command)
    return run_app(app, argv, "grimoire serve")
