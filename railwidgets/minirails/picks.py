"""How a person picks a Mini Rails action: a disc in the market, Buy or Build, a hex.

Pure (no widget import): the widget's :class:`~railwidgets.ui.choice.Choice` uses it,
and the choice property tests check it reaches exactly the legal actions.

>>> from railwidgets.minirails.rules import Build, Buy
>>> parts_of(Buy("blue", 0))
(('slot', 0), ('verb', 'buy'))
>>> parts_of(Build("red", 2, (1, -1)))
(('slot', 2), ('verb', 'build'), ('hex', (1, -1)))
>>> parts_of(Build("red", 2, None))  # a blocked company: its frame (§2.8.5)
(('slot', 2), ('verb', 'build'), ('hex', None))
"""

from __future__ import annotations

from railwidgets.core.action import Action
from railwidgets.minirails.rules import Build, Buy

__all__ = ["parts_of"]


def parts_of(action: Action) -> tuple[tuple[str, object], ...]:
    """The market slot, the verb, and for a build the hex (``None``: the company's frame)."""
    if isinstance(action, Buy):
        return (("slot", action.slot), ("verb", "buy"))
    assert isinstance(action, Build)
    return (("slot", action.slot), ("verb", "build"), ("hex", action.hex))
