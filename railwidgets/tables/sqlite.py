"""The embedded table store: one SQLite file (standard library), in WAL mode, so
that kernels on one machine read while another writes.

A kernel learns that another wrote by SQLite's ``PRAGMA data_version``, which changes
whenever another connection commits: asking costs no file read, so a page asks every
~200 ms (:mod:`railwidgets.ui.table_play`).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from railwidgets.core.paths import data_folder
from railwidgets.i18n import T_
from railwidgets.tables.errors import StoreUnavailable
from railwidgets.tables.store import Conflict, Execute, Store

__all__ = ["BUSY_SECONDS", "SQLiteStore", "default_path"]

#: How long a write waits for another one to finish before the store is called busy.
BUSY_SECONDS = 5.0


def default_path() -> Path:
    """The default store: ``tables.sqlite3`` in the user's data folder
    (:func:`railwidgets.core.paths.data_folder`, ``$RAILWIDGETS_DATA`` if set)."""
    return data_folder() / "tables.sqlite3"


class SQLiteStore(Store):
    """Tables in the SQLite file at ``path`` (created with its folder if missing)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__()
        self.path = Path(path) if path is not None else default_path()
        self.where = str(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(
                self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
            )
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
        except (OSError, sqlite3.Error) as err:
            raise StoreUnavailable(
                T_("the table store {where} cannot be opened: {error}", where=self.where, error=err)
            ) from None
        self._version: int | None = None
        self.init_schema()

    @contextmanager
    def transaction(self, write: bool) -> Iterator[Execute]:
        def execute(sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
            return self._conn.execute(sql, params).fetchall()

        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.Error as err:
                raise StoreUnavailable(self._unavailable(err)) from None
            try:
                yield execute
                self._conn.execute("COMMIT")
            except BaseException as err:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                if isinstance(err, sqlite3.IntegrityError):
                    raise Conflict(str(err)) from None
                if isinstance(err, sqlite3.Error):
                    raise StoreUnavailable(self._unavailable(err)) from None
                raise

    def _unavailable(self, err: sqlite3.Error) -> str:
        return T_(
            "the table store {where} is busy or cannot be read ({error}); trying again",
            where=self.where,
            error=str(err),
        )

    def changed(self, table_id: str) -> bool:
        with self._lock:
            try:
                version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.Error as err:
                raise StoreUnavailable(self._unavailable(err)) from None
        changed = version != self._version
        self._version = version
        return changed

    def close(self) -> None:
        with self._lock:
            self._conn.close()
