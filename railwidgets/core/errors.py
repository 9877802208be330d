"""The project's exceptions.

Every error a user can provoke is a :class:`RailwidgetsError`; the ones caused by
a bad value (an illegal action, a malformed record) are also ``ValueError`` so
that ordinary ``except ValueError`` code catches them.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations


class RailwidgetsError(Exception):
    """Base class of every error raised on purpose by railwidgets."""


class IllegalActionError(RailwidgetsError, ValueError):
    """An action that is not legal in the current position.

    The game that raised it is exactly as it was before the call.
    """


class OptionError(RailwidgetsError, ValueError):
    """A game option (players, seed, a variant) or a seat that is not allowed."""


class RecordError(RailwidgetsError, ValueError):
    """A game record or position that cannot be loaded, with the reason why."""
