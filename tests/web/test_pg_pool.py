"""The PostgreSQL store's connections come from psycopg_pool: a connection the database dropped is
replaced before use, and a missing pool library is one line naming the extra."""

from __future__ import annotations

import sys
from urllib.parse import urlsplit

import pytest

from grimoire.web.storage import StorageError, StoredGame
from grimoire.web.stores import open_store


def test_the_postgresql_store_pools_connections_with_psycopg_pool(pg_url: str) -> None:
    psycopg = pytest.importorskip("psycopg")
    psycopg_pool = pytest.importorskip("psycopg_pool")
    store = open_store(pg_url)
    try:
        assert isinstance(store._pool, psycopg_pool.ConnectionPool)  # type: ignore[attr-defined]
        store.create_game(StoredGame("g1", "toy", "1", {}, [], 1, "prng", [], ["human", "human"], ["a", "b"], 5.0))
        name = urlsplit(pg_url).path.lstrip("/")
        with psycopg.connect(pg_url, autocommit=True) as admin:  # the database drops every connection of the store
            killed = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                   "WHERE datname = %s AND pid <> pg_backend_pid()", (name,)).fetchone()[0]
        assert killed >= 1
        assert store.count_games() == 1  # the pool checks a connection before handing it out
        assert store.load_game("g1") is not None
    finally:
        store.close()
    with pytest.raises(StorageError, match="closed"):
        store.count_games()


def test_without_psycopg_pool_the_store_is_one_line_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg_pool", None)
    with pytest.raises(StorageError) as caught:
        open_store("postgresql://grimoire@127.0.0.1:9/none")
    message = str(caught.value)
    assert "(extra 'postgres'): pip install 'grimoire-cardgames[postgres]'" in message and "\n" not in message
