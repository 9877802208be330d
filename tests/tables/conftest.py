"""The table-store suite runs every test against both stores: a SQLite file in the
test's folder, and a fresh database in a real PostgreSQL cluster the session starts
(:mod:`tests.tables.postgres_server`).

Without PostgreSQL installed the PostgreSQL half is skipped with a message saying what
to install, except when ``CI`` is set: then it fails.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from railwidgets.tables import Store, open_store
from tests.tables.postgres_server import MISSING_POSTGRES, find_bin, postgres_server


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a running throw-away PostgreSQL cluster (its ``postgres`` database)."""
    bin_dir = find_bin()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail(MISSING_POSTGRES + " CI is set, so this fails instead of skipping.")
        pytest.skip(MISSING_POSTGRES)
    with postgres_server(bin_dir) as url:
        yield url


def fresh_database(server_url: str) -> str:
    """A new, empty database in the cluster at ``server_url``; its URL."""
    import psycopg

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server_url.replace("///postgres?", f"///{name}?")


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh store is: a SQLite file, or an empty PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    return fresh_database(request.getfixturevalue("postgres_url"))


@pytest.fixture
def opener(where: str) -> Iterator[Callable[[], Store]]:
    """Opens another connection to the same store (one per kernel), all closed at the end."""
    opened: list[Store] = []

    def open_one() -> Store:
        store = open_store(where)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture
def store(opener: Callable[[], Store]) -> Store:
    return opener()
