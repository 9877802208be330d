"""The shared core: actions, options, hex and square grids, and the engines' purity."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from railwidgets.core import Action, Option, decode_action, grid, hexgrid
from railwidgets.core.action import has_declared_types


@dataclass(frozen=True, slots=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    tile: int
    cell: tuple[int, int]
    label: str | None


def test_actions_round_trip_through_plain_data():
    action = Place(3, (1, -2), None)
    assert action.to_dict() == {"type": "place", "tile": 3, "cell": [1, -2], "label": None}
    assert decode_action(action.to_dict(), [Place]) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be an object"),
        ({"type": "jump"}, "unknown action type 'jump'"),
        ({"type": "place", "tile": 1, "cell": [0, 0]}, "missing the field 'label'"),
        ({"type": "place", "tile": 1, "cell": [0, 0], "label": None, "x": 1}, "unexpected field"),
        ({"type": "place", "tile": "1", "cell": [0, 0], "label": None}, "'tile'.*not an integer"),
        ({"type": "place", "tile": True, "cell": [0, 0], "label": None}, "'tile'"),
        ({"type": "place", "tile": 1, "cell": [0], "label": None}, "'cell'"),
        ({"type": "place", "tile": 1, "cell": [0, 0], "label": 5}, "'label'"),
    ],
)
def test_malformed_actions_are_refused_with_the_reason(data, message):
    with pytest.raises(ValueError, match=message):
        decode_action(data, [Place])


@dataclass(frozen=True, slots=True)
class Route(Action):
    kind: ClassVar[str] = "route"
    edge: Literal["N", "S"]
    stops: tuple[str, ...]
    via: tuple[int, tuple[int, int]] | None


@pytest.mark.parametrize(
    ("action", "exact"),
    [
        (Place(3, (1, -2), None), True),
        (Place(3, (1, -2), "x"), True),
        (Place(True, (1, -2), None), False),
        (Place(3.0, (1, -2), None), False),
        (Place(3, [1, -2], None), False),
        (Place(3, (1, True), None), False),
        (Place(3, (1, -2, 0), None), False),
        (Place(3, (1, -2), 5), False),
        (Route("N", ("a", "b"), (1, (2, 3))), True),
        (Route("N", (), None), True),
        (Route("E", (), None), False),
        (Route(["N"], (), None), False),
        (Route("N", ("a", 1), None), False),
        (Route("N", ["a"], None), False),
        (Route("N", (), (1, [2, 3])), False),
        (Route("N", (), (False, (2, 3))), False),
    ],
)
def test_exact_field_types_are_told_apart_from_lookalikes(action, exact):
    assert has_declared_types(action) is exact
    if exact:  # exactly what the record's form gives back
        assert decode_action(action.to_dict(), [Place, Route]) == action


def test_options_check_type_and_value():
    flag = Option("bumper_carts", "carts bounce", (False, True), False)
    assert flag.check(True, 2) is True
    with pytest.raises(ValueError, match="bumper_carts"):
        flag.check(1, 2)  # 1 == True, but it is not a flag
    length = Option(
        "length", "how long", ("short", "long"), lambda players: "long" if players > 2 else "short"
    )
    assert length.default_for(2) == "short" and length.default_for(4) == "long"


def test_hex_pixels_round_trip():
    for q in range(-4, 5):
        for r in range(-4, 5):
            x, y = hexgrid.to_pixel((q, r), 17.0)
            assert hexgrid.from_pixel(x, y, 17.0) == (q, r)
            assert hexgrid.from_pixel(x + 7, y - 7, 17.0) == (q, r)


def test_hex_rotation_and_distance():
    for d in hexgrid.DIRECTIONS:
        assert hexgrid.rotate(d, 6) == d
        assert hexgrid.distance((0, 0), d) == 1
    assert [hexgrid.rotate((1, -1), k) for k in range(6)] == [
        (1, -1),
        (1, 0),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
    ]


def test_square_grid_sides():
    assert [grid.step((0, 0), side) for side in (grid.N, grid.E, grid.S, grid.W)] == [
        (0, -1),
        (1, 0),
        (0, 1),
        (-1, 0),
    ]
    assert all(grid.opposite(grid.opposite(s)) == s for s in range(4))
    assert grid.turn(grid.W, 1) == grid.N


def test_a_reseeded_copy_does_not_foresee_chance():
    """Bots try moves on ``copy(reseed=...)``: the next round's draw is not the real one."""
    from railwidgets import minirails

    game = minirails.Game(players=3, seed=5)
    while game.state.turn < len(game.state.order) - 1:
        game.apply(game.legal_actions()[0])
    last = game.legal_actions()[0]  # ends the round: the tax phase, then a draw
    real, same = game.copy(), game.copy()
    real.apply(last)
    same.apply(last)
    assert same.state.market == real.state.market  # a plain copy shares the future
    draws = set()
    for seed in range(8):
        guess = game.copy(reseed=seed)
        guess.apply(last)
        draws.add(tuple(guess.state.market))
        assert guess.state.bag != real.state.bag or guess.state.market == real.state.market
    assert len(draws) > 1
    assert game.position() == game.copy(reseed=1).position()  # nothing on the table changes
