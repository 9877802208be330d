"""The shared table store: PostgreSQL through psycopg 3, for tables played from several
machines (a JupyterHub on several nodes). Chosen by a ``postgresql://`` URL.

Every append notifies the channel ``railwidgets_tables`` with the table's id, in the
same transaction (so only a move that counted is announced); each store listens on a
connection of its own, and :meth:`PostgresStore.changed` reads what has arrived without
a query. A lost connection is reopened at the next use; meanwhile every call raises
:class:`~railwidgets.tables.errors.StoreUnavailable`, which the page shows and retries.
"""

from __future__ import annotations

import re
import select
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from railwidgets.i18n import T_
from railwidgets.tables.errors import StoreUnavailable
from railwidgets.tables.store import Conflict, Execute, Store

__all__ = ["CHANNEL", "PostgresStore", "shown_url"]

#: The notification channel every append is announced on.
CHANNEL = "railwidgets_tables"
#: Seconds to wait for the server when connecting.
CONNECT_SECONDS = 5


def shown_url(url: str) -> str:
    """``url`` as messages may show it: without its password.

    >>> shown_url("postgresql://ann:secret@db.example:5432/games")
    'postgresql://ann:***@db.example:5432/games'
    >>> shown_url("postgresql:///games?host=/tmp/pg&password=x")
    'postgresql:///games?host=/tmp/pg&password=***'
    """
    url = re.sub(r"(//[^/:@]*:)[^@/]*@", r"\1***@", url)
    return re.sub(r"(password=)[^&]*", r"\1***", url)


class PostgresStore(Store):
    """Tables in the PostgreSQL database at ``url`` (``postgresql://…``, any form libpq
    takes: a host, or a Unix socket folder as ``?host=/path``)."""

    def __init__(self, url: str) -> None:
        super().__init__()
        try:
            import psycopg
        except ImportError:
            raise StoreUnavailable(
                T_("a PostgreSQL table store needs psycopg 3: pip install 'psycopg[binary]'")
            ) from None
        self._psycopg = psycopg
        self.url = url
        self.where = shown_url(url)
        self._conn: Any = None
        self._listen: Any = None
        self._pending: set[str] = set()
        self._missed = True  # nothing heard yet: the first ask says "maybe"
        self.init_schema()

    # -- connections ----------------------------------------------------------------------

    def _unavailable(self, err: Exception) -> StoreUnavailable:
        text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        return StoreUnavailable(
            T_(
                "the table store {where} cannot be reached ({error}); trying again",
                where=self.where,
                error=shown_url(text),
            )
        )

    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed or self._conn.broken:
            try:
                self._conn = self._psycopg.connect(self.url, connect_timeout=CONNECT_SECONDS)
            except self._psycopg.Error as err:
                self._conn = None
                raise self._unavailable(err) from None
        return self._conn

    def _listener(self) -> Any:
        if self._listen is None or self._listen.closed or self._listen.broken:
            try:
                self._listen = self._psycopg.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_SECONDS
                )
                self._listen.execute(f"LISTEN {CHANNEL}")
            except self._psycopg.Error as err:
                self._listen = None
                raise self._unavailable(err) from None
            self._missed = True  # what was said while nobody listened is unknown
        return self._listen

    @contextmanager
    def transaction(self, write: bool) -> Iterator[Execute]:
        psycopg = self._psycopg

        with self._lock:
            conn = self._connection()

            def execute(sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
                cursor = conn.execute(sql.replace("?", "%s"), params)
                return cursor.fetchall() if cursor.description is not None else []

            try:
                with conn.transaction():
                    yield execute
            except psycopg.errors.UniqueViolation as err:
                raise Conflict(str(err)) from None
            except psycopg.Error as err:
                if conn.broken or conn.closed:
                    self._conn = None
                raise self._unavailable(err) from None

    def lock_schema(self, execute: Execute) -> None:
        execute("SELECT pg_advisory_xact_lock(7215361)")  # any fixed number: ours

    def notify(self, execute: Execute, table_id: str) -> None:
        execute("SELECT pg_notify(?, ?)", (CHANNEL, table_id))

    def changed(self, table_id: str) -> bool:
        with self._lock:
            listen = self._listener()
            try:
                readable, _, _ = select.select([listen.fileno()], [], [], 0)
                if readable:
                    for note in listen.notifies(timeout=0.001):
                        self._pending.add(note.payload)
            except (self._psycopg.Error, OSError, ValueError) as err:
                self._listen = None
                raise self._unavailable(err) from None
            heard = table_id in self._pending or self._missed
            self._pending.discard(table_id)
            self._missed = False
        return heard

    def fileno(self) -> int:
        """The listening connection's socket: readable when a notification has come (a
        page watches it on its event loop, and then asks :meth:`changed`)."""
        with self._lock:
            return int(self._listener().fileno())

    def wait(self, table_id: str, timeout: float) -> bool:
        """Block up to ``timeout`` seconds for news of ``table_id`` (benchmarks, tests)."""
        if self.changed(table_id):
            return True
        with self._lock:
            listen = self._listener()
            try:
                for note in listen.notifies(timeout=timeout):
                    self._pending.add(note.payload)
                    if note.payload == table_id:
                        break
            except self._psycopg.Error as err:
                self._listen = None
                raise self._unavailable(err) from None
        return self.changed(table_id)

    def close(self) -> None:
        with self._lock:
            for conn in (self._conn, self._listen):
                if conn is not None:
                    conn.close()
            self._conn = self._listen = None
