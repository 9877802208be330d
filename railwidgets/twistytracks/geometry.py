"""Where Twisty Tracks' things are on a picture: frames, ports, track curves, the hit test.

Pure geometry (no drawing, no widgets): :mod:`railwidgets.twistytracks.render`
draws with it and the widget maps clicks with :func:`hit_test`.

A frame is the 5×3 grid of one seat with its border features around it (R14).
Ports sit at 1/3 and 2/3 of each cell edge (R18's rendering hint); every track
segment is one cubic Bézier curve between two ports, leaving each port square
to its edge, so a route can be followed by eye across borders.

>>> box = FrameBox(seat=0, x=100, y=50, cell=90)
>>> box.port_point((0, 0), 0), box.port_point((0, 0), 3)
((130.0, 50.0), (190.0, 110.0))
>>> box.cell_at(150, 100), box.cell_at(99, 100)
((0, 0), None)
>>> kind_of(0, 5), kind_of(0, 1), kind_of(0, 7), kind_of(0, 3), kind_of(0, 2), kind_of(0, 4)
('S', 'U', 'c', 'W', 'M', 'X')
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from railwidgets.core.grid import DELTAS, Cell, N, S, W
from railwidgets.draw.painter import Point
from railwidgets.twistytracks.components import HEIGHT, TILES, WIDTH, rotate_port

__all__ = [
    "BOARD_X",
    "CANVAS",
    "Bezier",
    "CellTarget",
    "FrameBox",
    "FrameTarget",
    "Layout",
    "Target",
    "bezier_point",
    "kind_of",
    "segment_curve",
    "tile_segments",
]

#: The picture's size in pixels (fits 1280×800 with the widget's controls).
CANVAS = (1000, 640)
#: Where the right-hand column (scoring board, scores, the drawn tile) begins.
BOARD_X = 680.0

#: A cubic Bézier curve: start, first control, second control, end.
Bezier = tuple[Point, Point, Point, Point]

# Port p of a cell of size 1 lies at _PORT[p] (ports at 1/3 and 2/3 of each edge, R2, R18).
_T1, _T2 = 1 / 3, 2 / 3
_PORT: tuple[Point, ...] = (
    (_T1, 0.0),
    (_T2, 0.0),
    (1.0, _T1),
    (1.0, _T2),
    (_T2, 1.0),
    (_T1, 1.0),
    (0.0, _T2),
    (0.0, _T1),
)
#: The direction from port p into its cell (the opposite of its side's outward step).
_INWARD: tuple[Point, ...] = tuple(
    (-float(DELTAS[p // 2][0]), -float(DELTAS[p // 2][1])) for p in range(8)
)
_KAPPA = 0.5523  # a quarter circle as one cubic Bézier


def kind_of(p: int, q: int) -> str:
    """The kind of the segment joining ports ``p`` and ``q`` (R17): U, S, c, W, M or X."""
    sp, sq = p // 2, q // 2
    if sp == sq:
        return "U"
    if (sp - sq) % 4 == 2:  # opposite sides: the same lane is straight, else a lane change
        return "S" if (p + q) % 8 == 5 or {p, q} in ({2, 7}, {3, 6}) else "X"
    near_p, near_q = (_corner_distance(p, q), _corner_distance(q, p))
    if math.isclose(near_p, near_q):
        return "c" if near_p < 0.5 else "W"
    return "M"


def _corner(p: int, q: int) -> Point:
    """The corner shared by the (adjacent) sides of ports ``p`` and ``q``, in a unit cell."""
    (px, py), (qx, qy) = _PORT[p], _PORT[q]
    # the corner lies on both sides: take the coordinate each side fixes
    x = px if px in (0.0, 1.0) else qx
    y = py if py in (0.0, 1.0) else qy
    return (x, y)


def _corner_distance(p: int, q: int) -> float:
    cx, cy = _corner(p, q)
    px, py = _PORT[p]
    return abs(px - cx) + abs(py - cy)


def segment_curve(p: int, q: int) -> Bezier:
    """The curve of the segment ``p``–``q`` in a unit cell (multiply by the cell size).

    Straights and lane changes leave square to their edges and cross the cell;
    corners are quarter circles or ellipses about the shared corner; U-turns bulge
    a third of the way in.

    >>> segment_curve(0, 5)[0], segment_curve(0, 5)[3]
    ((0.3333333333333333, 0.0), (0.3333333333333333, 1.0))
    """
    a, b = _PORT[p], _PORT[q]
    (ax, ay), (bx, by) = _INWARD[p], _INWARD[q]
    sp, sq = p // 2, q // 2
    if sp == sq:
        ka = kb = 0.36
    elif (sp - sq) % 4 == 2:
        ka = kb = 0.42
    else:
        ka, kb = _KAPPA * _corner_distance(q, p), _KAPPA * _corner_distance(p, q)
    return (a, (a[0] + ax * ka, a[1] + ay * ka), (b[0] + bx * kb, b[1] + by * kb), b)


def bezier_point(curve: Bezier, t: float) -> Point:
    """The point at parameter ``t`` (0–1) along ``curve``."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = curve
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)


@functools.cache
def tile_segments(tile: int, rotation: int) -> tuple[tuple[int, int], ...]:
    """The segments of tile ``tile`` turned ``rotation`` quarter turns, in the listed order.

    The order matters for drawing: where two segments cross, the one listed
    first is the bridge (R18).

    >>> tile_segments(3, 1)
    ((2, 3), (4, 1), (5, 0), (6, 7))
    """
    return tuple(
        (rotate_port(p, rotation), rotate_port(q, rotation)) for p, q in TILES[tile - 1].segments
    )


# -- frames on the picture ------------------------------------------------------------------------

#: Margins around the grid, in cells: room for loops, stations and the depots.
MARGIN = 0.52
#: The line above a frame with the player's name, score and trains, in pixels.
HEADER = 22.0
_GAP = 6.0  # between frames


@dataclass(frozen=True)
class FrameBox:
    """One seat's frame on the picture: ``(x, y)`` is the grid's top-left corner."""

    seat: int
    x: float
    y: float
    cell: float

    def cell_origin(self, cell: Cell) -> Point:
        return (self.x + cell[0] * self.cell, self.y + cell[1] * self.cell)

    def cell_centre(self, cell: Cell) -> Point:
        return (self.x + (cell[0] + 0.5) * self.cell, self.y + (cell[1] + 0.5) * self.cell)

    def port_point(self, cell: Cell, port: int) -> Point:
        """The border point at ``port`` of ``cell`` (R3)."""
        px, py = _PORT[port]
        return (self.x + (cell[0] + px) * self.cell, self.y + (cell[1] + py) * self.cell)

    def inward(self, port: int) -> Point:
        """The unit direction from ``port`` into its cell."""
        return _INWARD[port]

    def curve(self, cell: Cell, p: int, q: int) -> Bezier:
        """The segment ``p``–``q`` of the tile in ``cell``, in pixels."""
        ox, oy = self.cell_origin(cell)
        s = self.cell
        return tuple((ox + x * s, oy + y * s) for x, y in segment_curve(p, q))  # type: ignore[return-value]

    def loop_curve(self, cell: Cell, p: int, q: int) -> Bezier:
        """The frame loop from port ``p`` of ``cell`` round to port ``q``: a U outside the grid."""
        a, b = self.port_point(cell, p), self.port_point(cell, q)
        ox, oy = _INWARD[p]
        k = -0.4 * self.cell
        return (a, (a[0] + ox * k, a[1] + oy * k), (b[0] + ox * k, b[1] + oy * k), b)

    def station_rect(self, cell: Cell, side: int) -> tuple[float, float, float, float]:
        """The box of the station on ``side`` of ``cell``: along the edge, outside the grid."""
        s = self.cell
        x, y = self.cell_origin(cell)
        depth, inset, gap = 0.36 * s, 0.05 * s, 0.14 * s
        if side == N:
            return (x + inset, y - gap - depth, s - 2 * inset, depth)
        if side == S:
            return (x + inset, y + s + gap, s - 2 * inset, depth)
        if side == W:
            return (x - gap - depth, y + inset, depth, s - 2 * inset)
        return (x + s + gap, y + inset, depth, s - 2 * inset)

    @property
    def grid(self) -> tuple[float, float, float, float]:
        """The grid's box ``(x, y, w, h)``."""
        return (self.x, self.y, WIDTH * self.cell, HEIGHT * self.cell)

    @property
    def outer(self) -> tuple[float, float, float, float]:
        """The whole frame with its border features and header line ``(x, y, w, h)``."""
        m = MARGIN * self.cell
        return (
            self.x - m,
            self.y - m - HEADER,
            WIDTH * self.cell + 2 * m,
            HEIGHT * self.cell + 2 * m + HEADER,
        )

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under pixel ``(x, y)``, or ``None`` outside the grid."""
        cx, cy = (x - self.x) / self.cell, (y - self.y) / self.cell
        if 0 <= cx < WIDTH and 0 <= cy < HEIGHT:
            return (int(cx), int(cy))
        return None

    def contains(self, x: float, y: float) -> bool:
        ox, oy, w, h = self.outer
        return ox <= x <= ox + w and oy <= y <= oy + h


def _frame_size(cell: float) -> tuple[float, float]:
    return ((WIDTH + 2 * MARGIN) * cell, (HEIGHT + 2 * MARGIN) * cell + HEADER)


def _fit(cell: float, width: float, height: float) -> float:
    """The largest cell size up to ``cell`` whose frame fits ``width`` × ``height``."""
    return min(cell, width / (WIDTH + 2 * MARGIN), (height - HEADER) / (HEIGHT + 2 * MARGIN))


def _gallery(
    seats: list[int], x: float, y: float, w: float, h: float, most: float
) -> list[FrameBox]:
    """``seats``' frames, all one size, in the grid of rows and columns that makes them largest."""
    best: tuple[float, int] = (0.0, 1)
    for cols in range(1, len(seats) + 1):
        rows = -(-len(seats) // cols)
        size = math.floor(_fit(most, w / cols - _GAP, h / rows - _GAP) * 100) / 100
        if size > best[0]:
            best = (size, cols)
    size, cols = best
    fw, fh = _frame_size(size)
    rows = -(-len(seats) // cols)
    gap_x = (w - cols * fw) / cols
    gap_y = (h - rows * fh) / rows
    boxes = []
    for i, seat in enumerate(seats):
        col, row = i % cols, i // cols
        left = x + col * (fw + gap_x) + gap_x / 2
        top = y + row * (fh + gap_y) + gap_y / 2
        boxes.append(FrameBox(seat, left + MARGIN * size, top + HEADER + MARGIN * size, size))
    return boxes


@dataclass(frozen=True)
class Layout:
    """Where each seat's frame goes, for ``players`` seats.

    With a ``focus`` seat (the one at the device), that seat's frame is large
    and the others are small below it; without one, all frames are one size.
    The scoring board, the scores and the drawn tile fill the right column.

    >>> Layout(players=4, focus=2).frames[2].cell > Layout(players=4, focus=2).frames[0].cell
    True
    >>> [round(f.cell) for f in Layout(players=1).frames]
    [100]
    """

    players: int
    focus: int | None = None
    width: int = CANVAS[0]
    height: int = CANVAS[1]
    frames: tuple[FrameBox, ...] = field(init=False)

    def __post_init__(self) -> None:
        area = (8.0, 34.0, BOARD_X - 16.0, self.height - 40.0)
        seats = list(range(self.players))
        if self.focus is None or self.players == 1:
            boxes = _gallery(seats, *area, most=100.0)
        else:
            x, y, w, h = area
            big = _gallery([self.focus], x, y, w, h * 0.6, most=84.0)
            others = [s for s in seats if s != self.focus]
            top = y + h * 0.6
            boxes = big + _gallery(others, x, top, w, h - h * 0.6, most=40.0)
        object.__setattr__(self, "frames", tuple(sorted(boxes, key=lambda b: b.seat)))

    def hand_box(self) -> tuple[float, float, float]:
        """Where the drawn tile is shown large: ``(x, y, size)``."""
        return (BOARD_X + 6, self.height - 150.0, 120.0)


@dataclass(frozen=True)
class CellTarget:
    """A cell of a seat's grid."""

    seat: int
    cell: Cell


@dataclass(frozen=True)
class FrameTarget:
    """A seat's frame, off its grid (the border, a station, a loop, the header)."""

    seat: int


Target = CellTarget | FrameTarget


def hit_test(layout: Layout, x: float, y: float) -> Target | None:
    """What is under canvas pixel ``(x, y)``: a seat's cell, its frame, or ``None``.

    >>> layout = Layout(players=2, focus=0)
    >>> box = layout.frames[0]
    >>> hit_test(layout, *box.cell_centre((3, 1)))
    CellTarget(seat=0, cell=(3, 1))
    >>> hit_test(layout, box.x - 5, box.y + 5)
    FrameTarget(seat=0)
    >>> hit_test(layout, 2, 2) is None
    True
    """
    for box in layout.frames:
        cell = box.cell_at(x, y)
        if cell is not None:
            return CellTarget(box.seat, cell)
        if box.contains(x, y):
            return FrameTarget(box.seat)
    return None


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
