"""Opening the web server's database from its URL: PostgreSQL (:mod:`.pgstore`) or SQLite (:mod:`.storage`).

>>> open_store(":memory:").kind
'sqlite'
>>> open_store("postgresql://nobody@127.0.0.1:1/none", connect=False).kind
'postgresql'
"""

from __future__ import annotations

from pathlib import Path

from .storage import Storage, Store


def open_store(url: str | Path, durability: str = "normal", *, connect: bool = True) -> Storage:
    """The database at ``url``: a ``postgresql://`` URL, or a SQLite file path (or ``:memory:``).

    A database that cannot be opened is a one-line :class:`~grimoire.web.storage.StorageError`.
    """
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from .pgstore import PgStore

        return PgStore(text, durability, connect=connect)
    return Store(text, durability)
