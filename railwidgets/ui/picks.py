"""How an action splits into the parts a person picks, when a game says nothing else.

:func:`fields_as_parts` is the plain split: the kind of action, then each field in
order. Games give their own ``parts_of`` where people pick differently (a disc and
then Buy, a cell and a rotation), and the property tests check both kinds.

>>> from railwidgets.minirails import Buy
>>> fields_as_parts(Buy("blue", 0))
(('kind', 'buy'), ('company', 'blue'), ('slot', 0))
"""

from __future__ import annotations

import dataclasses

from railwidgets.core.action import Action
from railwidgets.ui.choice import Parts

__all__ = ["fields_as_parts"]


def fields_as_parts(action: Action) -> Parts:
    """``(("kind", kind), (field, value), ...)`` for every dataclass field of ``action``."""
    fields = dataclasses.fields(action)  # type: ignore[arg-type]
    return (("kind", action.kind), *((f.name, getattr(action, f.name)) for f in fields))
