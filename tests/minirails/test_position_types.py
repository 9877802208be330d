"""§2.12: a position's numbers are whole numbers, exactly: ``1.0`` and ``true`` are refused.

Membership tests compare by equality (``-1.0 == -1``, ``True == 1``), so without
exact type checks such a position would load and ``position()`` would give the
floats and booleans back.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from railwidgets.core.errors import RecordError
from railwidgets.minirails import Game


def _position() -> dict[str, Any]:
    return copy.deepcopy(Game(players=3, seed=5).position())


def _hex(p: dict[str, Any], value: Any) -> None:
    p["board"][0]["hex"] = value


def _tile(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(p: dict[str, Any]) -> None:
        tile = next(t for t in p["tiles"] if t[key] == 1)
        tile[key] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: _hex(p, [float(v) for v in p["board"][0]["hex"]]), "not a hex of the map"),
        (lambda p: _hex(p, [p["board"][0]["hex"][0], float(p["board"][0]["hex"][1])]), "hex"),
        (_tile("slot", 1.0), r"in slot 1\.0"),
        (_tile("tile", 1.0), r"tile 1\.0"),
        (_tile("rotation", True), "rotation True"),
        (_tile("rotation", 1.0), r"rotation 1\.0"),
        (lambda p: p["actions_left"][0].append(p["actions_left"][0][0]), "actions_left"),
    ],
)
def test_2_12_numbers_are_exactly_whole_numbers(change, message):
    position = _position()
    change(position)
    with pytest.raises(RecordError, match=message):
        Game.from_position(position)


def test_2_12_the_exact_position_still_loads():
    position = _position()
    assert Game.from_position(position).position() == position
