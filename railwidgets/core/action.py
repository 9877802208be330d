"""Actions: small immutable values, one class per kind of decision.

Every game declares its action classes as frozen dataclasses deriving from
:class:`Action`. An action knows its JSON form (:meth:`Action.to_dict`) and
:func:`decode_action` turns that form back into the action, checking every
field, so records never carry anything but plain data.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Pass(Action):
...     kind = "pass"
...     seat: int
>>> Pass(2).to_dict()
{'type': 'pass', 'seat': 2}
>>> decode_action({"type": "pass", "seat": 2}, [Pass])
Pass(seat=2)
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

__all__ = ["Action", "decode_action", "has_declared_types", "trust"]


class Action:
    """Base class of every game's actions (subclasses are frozen dataclasses)."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON-ready data: ``{"type": kind, field: value, ...}``."""
        data: dict[str, Any] = {"type": self.kind}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]
            data[field.name] = _encode(getattr(self, field.name))
        return data


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def decode_action(data: Any, classes: Iterable[type[Action]]) -> Action:
    """Build the action described by ``data`` from one of ``classes``.

    Raises ``ValueError`` naming the problem: not a mapping, unknown type, a
    missing or unexpected field, or a field of the wrong type.
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object with a 'type', not {data!r}")
    by_kind = {cls.kind: cls for cls in classes}
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in by_kind:
        known = ", ".join(sorted(by_kind))
        raise ValueError(f"unknown action type {kind!r} (known: {known})")
    cls = by_kind[kind]
    hints = _field_types(cls)
    fields = list(hints)
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ValueError(f"{kind!r} action has unexpected field(s): {', '.join(sorted(extra))}")
    values = {}
    for name in fields:
        if name not in data:
            raise ValueError(f"{kind!r} action is missing the field {name!r}")
        try:
            values[name] = _decode(data[name], hints[name])
        except ValueError as err:
            raise ValueError(f"{kind!r} action field {name!r}: {err}") from None
    return cls(**values)


def has_declared_types(action: Action) -> bool:
    """Whether every field of ``action`` holds exactly its declared type.

    Such an action is what :func:`decode_action` gives back from its own
    ``to_dict()``, so it needs no round trip through plain data to be trusted
    (a quick check on the hot path of ``apply``). ``False`` says nothing yet:
    ``True`` where an ``int`` is declared, or a list where a tuple is, is for
    :func:`decode_action` to judge and explain.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Move(Action):
    ...     kind = "move"
    ...     seat: int
    ...     to: tuple[int, int] | None
    >>> has_declared_types(Move(1, (2, 3))), has_declared_types(Move(1, None))
    (True, True)
    >>> has_declared_types(Move(True, (2, 3))), has_declared_types(Move(1, [2, 3]))
    (False, False)
    """
    if _TRUSTED.get(id(action)) is action:  # made once by its game and checked then
        return True
    for name, is_exact in _exact_checks(type(action)):  # noqa: SIM110 (no generator: hot path)
        if not is_exact(getattr(action, name)):
            return False
    return True


#: Actions a game made once and keeps for good (its table of every action), by ``id``.
#: Each entry holds its action, so an ``id`` is never reused while it is here.
_TRUSTED: dict[int, Action] = {}


def trust(actions: Iterable[Action]) -> None:
    """Check once that every action of a game's table holds its declared types.

    :func:`has_declared_types` then knows these very objects at a glance (one
    dictionary look-up instead of a test per field): a game whose legal actions
    come from such a table saves that test at every ``apply``. An equal action
    made elsewhere is still tested field by field.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Wait(Action):
    ...     kind = "wait"
    ...     seat: int
    >>> table = [Wait(0), Wait(1)]
    >>> trust(table)
    >>> has_declared_types(table[1]), has_declared_types(Wait(True))
    (True, False)
    >>> trust([Wait(False)])
    Traceback (most recent call last):
    ...
    TypeError: Wait(seat=False) does not hold its declared types
    """
    for action in actions:
        if not has_declared_types(action):
            raise TypeError(f"{action!r} does not hold its declared types")  # a bug in a game
        _TRUSTED[id(action)] = action


@functools.cache
def _exact_checks(cls: type[Action]) -> tuple[tuple[str, Callable[[Any], bool]], ...]:
    """Per field of ``cls``: its name and a test that a value is exactly of its type."""
    return tuple((name, _exact_check(hint)) for name, hint in _field_types(cls).items())


def _exact_check(hint: Any) -> Callable[[Any], bool]:
    """A test that a value is exactly of type ``hint``: bools are not ints, lists not tuples."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if len(args) == 2 and type(None) in args:  # X | None, the common case
            other = _exact_check(next(a for a in args if a is not type(None)))
            return lambda value: value is None or other(value)
        options = tuple(_exact_check(option) for option in args)
        return lambda value: any(is_exact(value) for is_exact in options)
    if hint is type(None):
        return lambda value: value is None
    if origin is typing.Literal:
        allowed = frozenset(a for a in args if type(a) is not bool)  # as _decode
        kinds = frozenset(type(a) for a in allowed)
        return lambda value: type(value) in kinds and value in allowed
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _exact_check(args[0])
            return lambda value: type(value) is tuple and all(item(v) for v in value)
        if all(a in _PLAIN for a in args):  # a square or a hex: the item types compared at once
            return lambda value: type(value) is tuple and tuple(map(type, value)) == args
        items = tuple(_exact_check(a) for a in args)
        return lambda value: (
            type(value) is tuple
            and len(value) == len(items)
            and all(is_exact(v) for is_exact, v in zip(items, value, strict=True))
        )
    if hint in _PLAIN:
        return lambda value: type(value) is hint
    raise TypeError(f"cannot check a field of type {hint!r}")  # a bug in an action class


_PLAIN = (int, str, bool)


@functools.cache
def _field_types(cls: type[Action]) -> dict[str, Any]:
    """The dataclass fields of ``cls`` and their types, in order."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}  # type: ignore[arg-type]


def _decode(value: Any, hint: Any) -> Any:
    """Check ``value`` (plain JSON data) against the type ``hint`` and convert it."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _decode(value, option)
            except ValueError:
                continue
        raise ValueError(f"{value!r} is not a {_name(hint)}")
    if hint is type(None):
        if value is None:
            return None
        raise ValueError(f"{value!r} is not null")
    if origin is typing.Literal:
        if value in typing.get_args(hint) and not isinstance(value, bool):
            return value
        raise ValueError(f"{value!r} is not one of {list(typing.get_args(hint))}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            raise ValueError(f"{value!r} is not a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0]) for v in value)
        if len(value) != len(args):
            raise ValueError(f"{value!r} does not have {len(args)} items")
        return tuple(_decode(v, a) for v, a in zip(value, args, strict=True))
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ValueError(f"{value!r} is not an integer")
    if hint is str:
        if isinstance(value, str):
            return value
        raise ValueError(f"{value!r} is not a string")
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise ValueError(f"{value!r} is not true or false")
    raise TypeError(f"cannot decode a field of type {hint!r}")  # a bug in an action class


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint)
