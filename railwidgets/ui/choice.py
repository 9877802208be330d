"""A decision picked in several clicks, derived from the engine's legal actions alone.

Many decisions are made in parts: in Mini Rails a disc, then Buy or Build, then
a hex; in Twisty Tracks a cell and a rotation; in Off the Rails a kind of tile, a
square and the exits. A game widget says how each legal action splits into named
parts (``parts_of``); a :class:`Choice` holds the parts picked so far and answers,
from ``game.legal_actions()`` and nothing else, what may be picked next. No widget
keeps its own copy of a rule: if the engine allows it, the choice offers it.

This module imports no widget: it is tested, and usable, in plain Python.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=7)
>>> def parts_of(action):
...     if isinstance(action, minirails.Buy):
...         return (("slot", action.slot), ("verb", "buy"))
...     return (("slot", action.slot), ("verb", "build"), ("hex", action.hex))
>>> choice = Choice.from_game(game, parts_of)
>>> choice.next_part, choice.options("slot")
('slot', (0, 1, 2, 3, 4, 5, 6))
>>> choice = choice.pick("slot", 0)
>>> choice.options("verb")
('buy', 'build')
>>> choice = choice.pick("verb", "buy")
>>> choice.complete, choice.only
(True, Buy(company='blue', slot=0))
>>> choice.back().picks
(('slot', 0),)
>>> choice.back().pick("hex", (9, 9))
Traceback (most recent call last):
...
railwidgets.ui.choice.ChoiceError: that hex cannot be picked now; first pick a verb
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from railwidgets.core.action import Action
from railwidgets.core.errors import RailwidgetsError

__all__ = ["Choice", "ChoiceError", "Parts", "PartsOf"]

#: An action picked in parts, in the order a person picks them: ``(("cell", (1, 2)), ...)``.
Parts = tuple[tuple[str, Hashable], ...]
#: How a game splits each of its actions into parts.
PartsOf = Callable[[Action], Parts]


class ChoiceError(RailwidgetsError, ValueError):
    """A part that cannot be picked now (the message says what can)."""


@dataclass(frozen=True)
class Choice:
    """The parts of one decision picked so far (an immutable value: picks return a new one).

    ``actions`` are the legal actions as the engine listed them; ``parts_of`` splits one
    into its parts. Every answer keeps the engine's order.
    """

    actions: tuple[Action, ...]
    parts_of: PartsOf
    picks: tuple[tuple[str, Hashable], ...] = ()
    _split: tuple[dict[str, Hashable], ...] = field(default=(), repr=False, compare=False)
    _order: tuple[tuple[str, ...], ...] = field(default=(), repr=False, compare=False)
    #: indices of the actions that match every pick (worked out once per choice)
    _left: tuple[int, ...] | None = field(default=None, repr=False, compare=False)
    #: part -> value -> the indices of the actions with that value (ascending), shared by
    #: every choice made from this one: a pick looks its actions up instead of scanning
    #: them all (Off the Rails lists a thousand tile placements; issue 27 item 16)
    _index: Mapping[str, Mapping[Hashable, frozenset[int]]] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if not self._split and self.actions:
            split = [self.parts_of(a) for a in self.actions]
            object.__setattr__(self, "_split", tuple(dict(p) for p in split))
            object.__setattr__(self, "_order", tuple(tuple(name for name, _ in p) for p in split))
        if self._index is None and self._split:
            object.__setattr__(self, "_index", _index_of(self._split))
        if self._left is None:
            object.__setattr__(self, "_left", tuple(self._matching(self.picks)))

    @classmethod
    def from_game(cls, game: Any, parts_of: PartsOf) -> Choice:
        """A fresh choice over ``game.legal_actions()``."""
        return cls(tuple(game.legal_actions()), parts_of)

    @classmethod
    def of(cls, actions: Iterable[Action], parts_of: PartsOf) -> Choice:
        """A fresh choice over ``actions``."""
        return cls(tuple(actions), parts_of)

    # -- what the picks leave ----------------------------------------------------------------

    def _matching(
        self, picks: Sequence[tuple[str, Hashable]], among: Iterable[int] | None = None
    ) -> list[int]:
        """Indices of the actions (of ``among``, default all) whose parts agree with every
        pick, in the engine's order: looked up in the index, not compared one by one."""
        if not picks:
            return list(range(len(self._split)) if among is None else among)
        index = self._index or {}
        found = sorted((index.get(name, {}).get(value, _NONE) for name, value in picks), key=len)
        if among is None:
            first, rest = found[0], found[1:]
            return sorted(i for i in first if all(i in s for s in rest))
        return [i for i in among if all(i in s for s in found)]

    @property
    def _matches(self) -> tuple[int, ...]:
        assert self._left is not None
        return self._left

    @property
    def candidates(self) -> tuple[Action, ...]:
        """The legal actions that match every pick so far, in the engine's order."""
        return tuple(self.actions[i] for i in self._matches)

    @property
    def only(self) -> Action | None:
        """The one action left, if exactly one is."""
        left = self._matches
        return self.actions[left[0]] if len(left) == 1 else None

    @property
    def complete(self) -> bool:
        """Exactly one action is left and every one of its parts has been picked."""
        left = self._matches
        if len(left) != 1:
            return False
        picked = {name for name, _ in self.picks}
        return set(self._order[left[0]]) <= picked

    @property
    def next_part(self) -> str | None:
        """The part to pick next: the first unpicked part of the first action left."""
        picked = {name for name, _ in self.picks}
        for i in self._matches:
            for name in self._order[i]:
                if name not in picked:
                    return name
        return None

    def has(self, part: str) -> bool:
        """Whether ``part`` has been picked (its value may be ``None``)."""
        return any(name == part for name, _ in self.picks)

    def picked(self, part: str) -> Hashable | None:
        """The value picked for ``part``, or ``None``."""
        for name, value in self.picks:
            if name == part:
                return value
        return None

    def options(self, part: str) -> tuple[Hashable, ...]:
        """The values ``part`` may take now (engine order, no repeats).

        For a part not picked yet: the values that fit every pick. For a part picked
        already: the values that fit the picks made before it (picking one of them
        replaces it, and drops the later picks that no longer fit).
        """
        if self.has(part):  # picked already: what the picks made before it allow
            at = next(i for i, (name, _) in enumerate(self.picks) if name == part)
            among = self._matching(self.picks[:at])
        else:
            among = self._matches
        seen: dict[Hashable, None] = {}
        for i in among:
            parts = self._split[i]
            if part in parts:
                seen.setdefault(parts[part], None)
        return tuple(seen)

    def allows(self, part: str, value: Hashable) -> bool:
        """Whether ``value`` may be picked for ``part`` now."""
        return value in self.options(part)

    # -- picking ---------------------------------------------------------------------------------

    def pick(self, part: str, value: Hashable) -> Choice:
        """The choice with ``part`` set to ``value``.

        Picking a part again replaces it; later picks that no longer fit are dropped.
        Raises :class:`ChoiceError` when ``value`` is not one of :meth:`options`.
        """
        if not self.allows(part, value):
            raise ChoiceError(self._refusal(part))
        if not self.has(part):  # the usual case: narrow what is left
            left = tuple(self._matching([(part, value)], self._matches))
            return self._with((*self.picks, (part, value)), left)
        picks = [(name, v) for name, v in self.picks if name != part]
        at = next((i for i, (name, _) in enumerate(self.picks) if name == part), len(picks))
        kept = [*picks[:at], (part, value)]
        for later in picks[at:]:
            if self._matching([*kept, later]):
                kept.append(later)
        return self._with(tuple(kept))

    def cycle(self, part: str, step: int = 1) -> Choice:
        """The choice with ``part`` set to the value ``step`` places on among its options.

        With nothing picked for ``part`` yet, ``step=1`` picks the first option and
        ``step=-1`` the last.
        """
        options = self.options(part)
        if not options:
            raise ChoiceError(self._refusal(part))
        current = self.picked(part)
        if current in options:
            index = (options.index(current) + step) % len(options)
        else:
            index = 0 if step > 0 else len(options) - 1
        return self.pick(part, options[index])

    def back(self) -> Choice:
        """The choice without its last pick (unchanged when nothing is picked)."""
        return self._with(self.picks[:-1])

    def until(self, part: str) -> Choice:
        """The choice with every pick after ``part`` dropped (unchanged if ``part`` is not
        picked): pressing a button picked already starts that decision afresh."""
        at = next((i for i, (name, _) in enumerate(self.picks) if name == part), None)
        return self if at is None else self._with(self.picks[: at + 1])

    def clear(self) -> Choice:
        """The choice with nothing picked."""
        return self._with(())

    def _with(
        self, picks: tuple[tuple[str, Hashable], ...], left: tuple[int, ...] | None = None
    ) -> Choice:
        return Choice(
            self.actions, self.parts_of, picks, self._split, self._order, left, self._index
        )

    def _refusal(self, part: str) -> str:
        if not self.actions:
            return "there is nothing to decide now"
        if not any(part in parts for parts in self._split):
            return f"no {part} is to be picked in this decision"
        wanted = self.next_part
        if wanted is not None and wanted != part:
            return f"that {part} cannot be picked now; first pick a {wanted}"
        return f"that {part} cannot be picked now"


_NONE: frozenset[int] = frozenset()


def _index_of(
    split: Sequence[dict[str, Hashable]],
) -> Mapping[str, Mapping[Hashable, frozenset[int]]]:
    """Part -> value -> the indices of the actions whose part has that value.

    >>> _index_of([{"cell": (1, 2), "rotation": 0}, {"cell": (1, 2), "rotation": 1}])["cell"]
    {(1, 2): frozenset({0, 1})}
    """
    index: dict[str, dict[Hashable, list[int]]] = {}
    for i, parts in enumerate(split):
        for name, value in parts.items():
            index.setdefault(name, {}).setdefault(value, []).append(i)
    return {
        name: {v: frozenset(ids) for v, ids in values.items()} for name, values in index.items()
    }
