"""Play in the browser: an authoritative server (Starlette + uvicorn; SQLite, or PostgreSQL shared by
several processes) and a static client.

Each seat sees only its own view; the computer's seats are answered on the server;
every answer is committed to the database before anyone hears of it. Start it with
``grimoire serve`` or :func:`serve`.

:func:`create_app` and :func:`serve` are imported when first used, so that the command
line (:mod:`grimoire.web.command`) loads without the ``web`` extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .server import serve

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    """``create_app`` and ``serve``, from their modules on first use."""
    if name == "create_app":
        from .app import create_app

        return create_app
    if name == "serve":
        from .server import serve

        return serve
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
