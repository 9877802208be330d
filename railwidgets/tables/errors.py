"""What can go wrong at a table, each with a message a player can act on.

No message ever quotes a seat token: a refused token is called "wrong" or "missing",
never shown.

>>> issubclass(SeatRefused, TableError), issubclass(TableError, RailwidgetsError)
(True, True)
"""

from __future__ import annotations

from railwidgets.core.errors import RailwidgetsError

__all__ = [
    "MovedFirst",
    "SeatRefused",
    "StoreTooNew",
    "StoreUnavailable",
    "TableDamaged",
    "TableError",
    "UnknownTable",
]


class TableError(RailwidgetsError):
    """Base of every error a table store raises on purpose."""


class UnknownTable(TableError, LookupError):
    """No table has that id in this store, or it holds another game."""


class SeatRefused(TableError, PermissionError):
    """The seat token is wrong or missing, or the seat may not act now (a spectator,
    another seat's turn)."""


class MovedFirst(TableError):
    """Another seat appended a move first: the table has caught up, the move was not played.

    ``seat`` is who moved first and ``number`` the move number they took.
    """

    def __init__(self, message: str, seat: int, number: int) -> None:
        super().__init__(message)
        self.seat = seat
        self.number = number


class TableDamaged(TableError):
    """A stored move does not replay (a tampered or foreign row): the table is marked
    damaged and nobody can play on at it."""


class StoreUnavailable(TableError):
    """The database is busy, locked or gone; trying again later may work."""


class StoreTooNew(TableError):
    """The store was written by a newer railwidgets, whose layout this one cannot read."""
