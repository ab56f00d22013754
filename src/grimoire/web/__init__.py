"""Play in the browser: an authoritative server (Starlette + uvicorn; SQLite, or PostgreSQL shared by
several processes) and a static client.

Each seat sees only its own view; the computer's seats are answered on the server;
every answer is committed to the database before anyone hears of it. Start it with
``grimoire serve`` or :func:`serve`.
"""

from .app import create_app
from .server import serve

__all__ = ["create_app", "serve"]
