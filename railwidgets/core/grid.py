"""Square grids: cells ``(x, y)`` with ``y`` growing downward, and the four sides.

Sides are numbered clockwise from the top, as the tiles of Off the Rails and
Twisty Tracks turn: ``N=0, E=1, S=2, W=3``.

>>> step((2, 2), E)
(3, 2)
>>> opposite(N) == S
True
>>> turn(N, 1) == E  # a quarter turn clockwise
True
"""

from __future__ import annotations

__all__ = ["DELTAS", "SIDE_NAMES", "Cell", "E", "N", "S", "W", "opposite", "step", "turn"]

Cell = tuple[int, int]

N, E, S, W = 0, 1, 2, 3
SIDE_NAMES = ("N", "E", "S", "W")
#: The offset to the neighbour across each side.
DELTAS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def step(cell: Cell, side: int) -> Cell:
    """The cell across ``side`` of ``cell``."""
    dx, dy = DELTAS[side]
    return (cell[0] + dx, cell[1] + dy)


def opposite(side: int) -> int:
    """The side facing ``side`` across a border."""
    return (side + 2) % 4


def turn(side: int, quarters: int) -> int:
    """``side`` turned ``quarters`` quarter turns clockwise."""
    return (side + quarters) % 4
