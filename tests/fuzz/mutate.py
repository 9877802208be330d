"""Mutations of plain JSON data and of JSON text, drawn from a seeded ``random.Random``.

Each mutation makes one change somewhere in the data: a value of another type,
a key removed or added, a list cut short or grown, a number pushed over an edge,
deep nesting or a huge string, or (for text) a cut anywhere. Fuzz tests load the
result and expect either the right error or a sound game.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable
from typing import Any

#: Values of every JSON type and the edges of each (NaN and Infinity are JSON to Python).
ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 7, 12, 99, 2**31, -(2**63), 10**30,
    0.5, 1.0, -0.0, math.nan, math.inf, -math.inf,
    "", "0", "1", "red", "chasm", "place", "N", "é€😀", "\x00",
    [], [0], [1, 2], [[0, 0]], {}, {"type": "place"}, {"": None},
)  # fmt: skip


def paths(data: Any, max_depth: int = 12) -> list[tuple[Any, ...]]:
    """Every place in ``data`` down to ``max_depth``: the paths of keys and indexes to a value."""
    found: list[tuple[Any, ...]] = []
    todo: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while todo:
        path, value = todo.pop()
        found.append(path)
        if len(path) >= max_depth:
            continue
        if isinstance(value, dict):
            todo += [((*path, key), item) for key, item in value.items()]
        elif isinstance(value, list):
            todo += [((*path, index), item) for index, item in enumerate(value)]
    found.reverse()
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _swap_type(rng: random.Random, value: Any, data: Any) -> Any:
    return copy.deepcopy(rng.choice(ODD_VALUES))  # a copy: later mutations may change it


def _nudge(rng: random.Random, value: Any, data: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((-1, 1, -100, 100, 10**9))
    if isinstance(value, float):
        return rng.choice((value + 1, -value, float(int(value)) if math.isfinite(value) else 0.0))
    if isinstance(value, str):
        return rng.choice((value + "x", value.upper(), value[:-1], value * 2))
    return value


def _as_float(rng: random.Random, value: Any, data: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**1000:
        return float(value)
    return value


def _borrow(rng: random.Random, value: Any, data: Any) -> Any:
    """A value from elsewhere in the same data: the right shape in the wrong place."""
    return copy.deepcopy(_get(data, rng.choice(paths(data))))


def _shrink(rng: random.Random, value: Any, data: Any) -> Any:
    if isinstance(value, list) and value:
        cut = value.copy()
        del cut[rng.randrange(len(cut))]
        return cut
    if isinstance(value, dict) and value:
        cut = dict(value)
        del cut[rng.choice(list(cut))]
        return cut
    return value


def _grow(rng: random.Random, value: Any, data: Any) -> Any:
    if isinstance(value, list):
        extra = copy.deepcopy(rng.choice(value) if value else rng.choice(ODD_VALUES))
        return [*value, extra] if rng.random() < 0.5 else [extra, *value]
    if isinstance(value, dict):
        return {**value, rng.choice(("extra", "type", "game", "seed", "self", "")): 1}
    return value


def _shuffle(rng: random.Random, value: Any, data: Any) -> Any:
    if isinstance(value, list):
        mixed = value.copy()
        rng.shuffle(mixed)
        return mixed
    return value


def _nest(rng: random.Random, value: Any, data: Any) -> Any:
    return _deep(rng.choice((40, 200, 1100)))


def _huge(rng: random.Random, value: Any, data: Any) -> Any:
    return rng.choice(("x" * 1_000_000, "7" * 5000, [0] * 100_000, 10**4000))


MUTATIONS: tuple[Callable[[random.Random, Any, Any], Any], ...] = (
    _swap_type, _swap_type, _nudge, _nudge, _as_float, _borrow, _borrow,
    _shrink, _shrink, _grow, _shuffle, _nest, _huge,
)  # fmt: skip


def mutate(rng: random.Random, data: Any, changes: int = 1) -> Any:
    """A copy of ``data`` with ``changes`` random mutations (``data`` is left alone).

    Deep nesting and huge values come last: nothing walks into them afterwards.
    """
    data = copy.deepcopy(data)
    for _ in range(changes):
        path = rng.choice(paths(data))
        mutation = rng.choice(MUTATIONS)
        data = _set(data, path, mutation(rng, _get(data, path), data))
        if mutation in (_nest, _huge):
            break
    return data


def mutate_text(rng: random.Random, text: str) -> str:
    """JSON text cut, spliced or corrupted at a random place."""
    at = rng.randrange(len(text) + 1)
    choice = rng.randrange(5)
    if choice == 0:
        return text[:at]
    if choice == 1:
        return text[:at] + text[at + 1 :]
    if choice == 2:
        return text[:at] + rng.choice('{}[]",:0-eE.\\ \x00') + text[at:]
    if choice == 3:
        return "[" * 100_000 + text
    return text[:at] + "NaN" + text[at:]


def dumps(data: Any) -> str | None:
    """``data`` as JSON text, or ``None`` when even Python's encoder refuses it."""
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):
        return None
