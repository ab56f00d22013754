"""What the SQLite store's table families share (:mod:`grimoire.web.storage`): its errors, its JSON
columns, and reading and writing under the one connection's lock.

>>> dump({"b": 1, "a": "詠唱"}), maybe(None), json_object("[1]"), json_object('{"a": 1}')
('{"b":1,"a":"詠唱"}', None, None, {'a': 1})
"""

from __future__ import annotations

import json
import sqlite3
import threading
from typing import Any

from grimoire.core.errors import GrimoireError


class StorageError(GrimoireError):
    """The database cannot be opened or written (the message names it and says why)."""


class StaleWrite(Exception):
    """An answer with this sequence number is already stored (a second writer)."""


class Taken(Exception):
    """A card id or deck name is already stored for that game (nothing was written)."""


class SqliteTables:
    """The SQLite connection the table families (games, :mod:`.cardtables`, :mod:`.decktables`) use: every use
    holds :attr:`lock`; a failed read or write is a :class:`StorageError` naming the database."""

    path: str
    lock: threading.Lock
    db: sqlite3.Connection

    def _write(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        try:
            with self.lock:
                return self.db.execute(sql, args)
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        try:
            with self.lock:
                return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise StorageError(f"cannot read the database {self.path}: {reason(exc)}") from None


def reason(exc: BaseException) -> str:
    """An exception as one short line."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:300]


def maybe(value: Any) -> str | None:
    """:func:`dump`, keeping None."""
    return None if value is None else dump(value)


def json_object(text: str) -> dict[str, Any] | None:
    """The JSON object a column holds (None: not one)."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def dump(value: Any) -> str:
    """A JSON column's text (compact, not ASCII-escaped)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
