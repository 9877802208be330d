"""Tables: one game played by several people, each at their own browser (and kernel),
the game living in a database that every kernel reads and appends to.

One Jupyter kernel cannot serve several browsers (widget views of one kernel in two
front ends do not stay in step), so each person's page keeps its own kernel; the
table store holds the game's record and every kernel replays it (see :class:`Store`
and :class:`Table` for the rules, and what is protected and what is not).

- :func:`open_store` ``()``: the default, a SQLite file in the user's data folder;
  ``open_store("games.sqlite3")``: any file; ``open_store("postgresql://…")``: a
  PostgreSQL database (psycopg 3), for tables shared across machines.
- ``store.create(game, seats)``: a new table and one token per human seat;
  ``store.join(table_id, seat, token)``: a seat's place at it (no seat: a spectator).
- ``table.play(action)``, ``table.refresh()``, ``table.changed()``, ``table.view()``.

>>> import tempfile, os
>>> from railwidgets import offtherails
>>> store = open_store(os.path.join(tempfile.mkdtemp(), "tables.sqlite3"))
>>> new = store.create(offtherails.Game(players=2, seed=1), ["human", "greedy"])
>>> table = store.join(new.id, 0, new.tokens[0])
>>> table.seats, table.game.current_player
(('human', 'greedy'), 0)
"""

from __future__ import annotations

import os

from railwidgets.tables.bots import BOT_KINDS, HUMAN
from railwidgets.tables.errors import (
    MovedFirst,
    SeatRefused,
    StoreTooNew,
    StoreUnavailable,
    TableDamaged,
    TableError,
    UnknownTable,
)
from railwidgets.tables.store import SCHEMA_VERSION, BotTurn, Move, NewTable, Store, Table

__all__ = [
    "BOT_KINDS",
    "HUMAN",
    "SCHEMA_VERSION",
    "BotTurn",
    "Move",
    "MovedFirst",
    "NewTable",
    "SeatRefused",
    "Store",
    "StoreTooNew",
    "StoreUnavailable",
    "Table",
    "TableDamaged",
    "TableError",
    "UnknownTable",
    "open_store",
]


def open_store(where: str | os.PathLike[str] | None = None) -> Store:
    """The table store at ``where``: a ``postgresql://`` (or ``postgres://``) URL, a
    SQLite file's path, or ``None``: ``$RAILWIDGETS_TABLES`` if set (the URL a
    JupyterHub gives every user's server, so that links never carry it), else the
    default SQLite file in the user's data folder (``$RAILWIDGETS_DATA/tables.sqlite3``
    if that is set)."""
    if where is None and os.environ.get("RAILWIDGETS_TABLES"):
        where = os.environ["RAILWIDGETS_TABLES"]
    if isinstance(where, str) and where.startswith(("postgresql://", "postgres://")):
        from railwidgets.tables.postgres import PostgresStore

        return PostgresStore(where)
    from railwidgets.tables.sqlite import SQLiteStore

    return SQLiteStore(where)
