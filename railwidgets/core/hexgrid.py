"""Pointy-top hexes in axial coordinates ``(q, r)``, with ``r`` growing downward.

>>> neighbours((0, 0))[:2]
[(1, 0), (1, -1)]
>>> rotate((1, -1), 1)   # NE turned 60° clockwise is E
(1, 0)
>>> distance((0, 0), (2, -3))
3
>>> x, y = to_pixel((1, 2), size=10)
>>> from_pixel(x, y, size=10)
(1, 2)
"""

from __future__ import annotations

import math

__all__ = [
    "DIRECTIONS",
    "SQRT3",
    "Hex",
    "add",
    "corners",
    "distance",
    "from_pixel",
    "neighbours",
    "rotate",
    "to_pixel",
]

Hex = tuple[int, int]

SQRT3 = math.sqrt(3)

#: The six neighbour offsets, counter-clockwise from east: E, NE, NW, W, SW, SE.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes around ``h``, in :data:`DIRECTIONS` order."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, steps: int) -> Hex:
    """``h`` turned ``steps`` × 60° clockwise (on screen) around the origin."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q, r)


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of ``h`` in pixels, the origin hex at (0, 0); ``size`` is the corner radius."""
    q, r = h
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def from_pixel(x: float, y: float, size: float) -> Hex:
    """The hex containing pixel ``(x, y)`` (the inverse of :func:`to_pixel`)."""
    fq = (SQRT3 / 3 * x - y / 3) / size
    fr = (2 / 3 * y) / size
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (q, r)


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex centred at ``(cx, cy)``, from the top, clockwise."""
    return [
        (
            cx + size * math.cos(math.radians(-90 + 60 * i)),
            cy + size * math.sin(math.radians(-90 + 60 * i)),
        )
        for i in range(6)
    ]
