"""Web tests: apps on a temporary database (the example plugin ``toy`` is installed)."""

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "grimoire.db"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test (dropped after it), on the server GRIMOIRE_TEST_POSTGRES names.

    CI starts that server (``.ci/postgres``) and sets the variable; without it the test is
    skipped on a developer's machine, and fails under CI (a missing database is never hidden).
    """
    base = os.environ.get("GRIMOIRE_TEST_POSTGRES")
    if not base:
        if os.environ.get("CI"):
            pytest.fail("GRIMOIRE_TEST_POSTGRES is not set: .ci/run starts PostgreSQL and sets it")
        pytest.skip("no PostgreSQL: run `bash .ci/postgres` as root and set GRIMOIRE_TEST_POSTGRES to what it prints")
    import psycopg

    name = f"grimoire_t_{secrets.token_hex(6)}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(base)
    yield f"{parts.scheme}://{parts.netloc}/{name}" + (f"?{parts.query}" if parts.query else "")
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
