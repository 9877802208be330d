"""The drawing vocabulary every game's ``render`` module uses.

A :class:`Painter` draws shapes and text on named layers, bottom to top. The
same render code draws on an SVG painter (static pictures), on an ipycanvas
painter (the widget) and on a recording painter (tests). Colours are
``"#rrggbb"`` strings; ``None`` means "no fill" or "no stroke". Coordinates
are pixels, ``y`` growing downward.

>>> from railwidgets.draw.recording import RecordingPainter
>>> p = RecordingPainter(200, 100)
>>> p.layer("pieces")
>>> p.circle(50, 50, 10, fill="#C62828", stroke="#212121")
>>> p.text(50, 50, "R", size=12, fill="#FFFFFF", bold=True)
>>> [call.name for call in p.calls]
['circle', 'text']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

__all__ = [
    "FONT_FAMILY",
    "IDENTITY",
    "Align",
    "ArcByPath",
    "Baseline",
    "Matrix",
    "Painter",
    "PathCommand",
    "Point",
    "arc_points",
    "hex_to_rgb",
    "on_page",
    "rotation",
    "scaling",
    "then",
    "translation",
]

Point = tuple[float, float]
#: One step of a :meth:`Painter.path`: ``("M", x, y)`` move, ``("L", x, y)`` line,
#: ``("Q", cx, cy, x, y)`` quadratic curve, ``("C", c1x, c1y, c2x, c2y, x, y)`` cubic curve,
#: ``("A", cx, cy, r, start, end)`` or ``("A", cx, cy, r, start, end, True)`` a circular arc
#: about its centre (angles in radians, clockwise on screen unless the seventh item says
#: anticlockwise; like a canvas ``arc`` it joins from the current point with a line), ``("Z",)``.
PathCommand = tuple[object, ...]
#: An affine transform ``(a, b, c, d, e, f)`` as SVG and canvas write it:
#: a point ``(x, y)`` goes to ``(a·x + c·y + e, b·x + d·y + f)``.
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Align = Literal["left", "center", "right"]
Baseline = Literal["top", "middle", "bottom", "alphabetic"]

#: The font every painter uses (the size and weight vary per call).
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"


@runtime_checkable
class Painter(Protocol):
    """Draws on layers: ``layer(name)`` chooses where the next calls go.

    Layers are stacked in the order given when the painter was made (names
    first used later go on top). ``clear(name)`` empties one layer, ``clear()``
    all of them. The batched calls (``polygons``, ``circles``, ``rects``,
    ``lines``) draw many shapes in one call, which is much cheaper on a canvas.
    """

    width: int
    height: int

    def layer(self, name: str) -> None:
        """Send the following calls to layer ``name``."""
        ...

    def clear(self, name: str | None = None) -> None:
        """Empty layer ``name`` (every layer when ``None``)."""
        ...

    def polygon(
        self,
        points: Sequence[Point],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        """One closed polygon."""
        ...

    def polygons(
        self,
        shapes: Sequence[Sequence[Point]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        """Many closed polygons, each with its own fill, all with one stroke."""
        ...

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        """One circle centred at ``(x, y)``."""
        ...

    def circles(
        self,
        centres: Sequence[Point],
        r: float,
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        """Many circles of radius ``r``, each with its own fill, all with one stroke."""
        ...

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        """One rectangle, ``(x, y)`` its top-left corner."""
        ...

    def rects(
        self,
        boxes: Sequence[tuple[float, float, float, float]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        """Many rectangles ``(x, y, w, h)``, each with its own fill, all with one stroke."""
        ...

    def line(
        self,
        points: Sequence[Point],
        stroke: str,
        width: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        """An open polyline through ``points``."""
        ...

    def lines(
        self,
        segments: Sequence[tuple[Point, Point]],
        stroke: str,
        width: float = 1.0,
    ) -> None:
        """Many straight segments with one stroke."""
        ...

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12.0,
        fill: str = "#000000",
        align: Align = "center",
        baseline: Baseline = "middle",
        bold: bool = False,
        alpha: float = 1.0,
    ) -> None:
        """One line of text anchored at ``(x, y)``."""
        ...

    def path(
        self,
        commands: Sequence[PathCommand],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        """One path of lines, curves and arcs (see :data:`PathCommand`), filled and/or stroked."""
        ...

    def arc(
        self,
        x: float,
        y: float,
        r: float,
        start: float,
        end: float,
        stroke: str | None = None,
        width: float = 1.0,
        fill: str | None = None,
        alpha: float = 1.0,
    ) -> None:
        """A circular arc about ``(x, y)`` from angle ``start`` to ``end`` (radians, clockwise);
        a fill closes it with its chord."""
        ...

    def save(self) -> None:
        """Remember the transform and clip (and styles) until the matching :meth:`restore`."""
        ...

    def restore(self) -> None:
        """Go back to what the matching :meth:`save` remembered."""
        ...

    def translate(self, dx: float, dy: float) -> None:
        """Move the origin of the following calls by ``(dx, dy)``."""
        ...

    def rotate(self, angle: float) -> None:
        """Turn the following calls by ``angle`` radians about the origin (clockwise on screen)."""
        ...

    def scale(self, sx: float, sy: float | None = None) -> None:
        """Scale the following calls (``sy`` defaults to ``sx``)."""
        ...

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        """Draw only inside this rectangle until the matching :meth:`restore`."""
        ...

    def sleep(self, seconds: float) -> None:
        """Pause an animation here (painters that show no time ignore it)."""
        ...


class ArcByPath:
    """A painter's ``arc`` drawn as a one-arc :meth:`Painter.path` (mixed into painters
    that have ``path``, so that an arc is drawn one way everywhere)."""

    def path(self, commands: Sequence[PathCommand], **style: object) -> None:
        raise NotImplementedError  # the painter's own

    def arc(
        self,
        x: float,
        y: float,
        r: float,
        start: float,
        end: float,
        stroke: str | None = None,
        width: float = 1.0,
        fill: str | None = None,
        alpha: float = 1.0,
    ) -> None:
        commands: list[PathCommand] = [("A", x, y, r, start, end)]
        if fill:
            commands.append(("Z",))
        self.path(commands, fill=fill, stroke=stroke, width=width, alpha=alpha)


def arc_points(
    cx: float, cy: float, r: float, start: float, end: float, anticlockwise: bool = False
) -> tuple[Point, Point, float]:
    """Where an arc starts and ends, and the angle it sweeps (positive, at most 2π).

    Angles are read as a canvas reads them: clockwise on screen from ``start`` to ``end``
    (or anticlockwise), a sweep of 2π or more drawing the whole circle.

    >>> import math
    >>> a, b, sweep = arc_points(0, 0, 10, 0, math.pi / 2)
    >>> [round(v, 6) for v in (*a, *b, sweep)]
    [10.0, 0.0, 0.0, 10.0, 1.570796]
    >>> round(arc_points(0, 0, 1, 0, -math.pi / 2)[2], 6)  # clockwise the long way round
    4.712389
    >>> round(arc_points(0, 0, 1, 0, -math.pi / 2, anticlockwise=True)[2], 6)
    1.570796
    """
    delta = (start - end) if anticlockwise else (end - start)
    tau = 2 * math.pi
    sweep = tau if delta >= tau else delta % tau
    return (
        (cx + r * math.cos(start), cy + r * math.sin(start)),
        (cx + r * math.cos(end), cy + r * math.sin(end)),
        sweep,
    )


def then(m: Matrix, n: Matrix) -> Matrix:
    """The transform in force ``m`` followed, for the next calls, by ``n`` (``n`` applies first).

    >>> then(translation(10, 0), scaling(2, 2))  # scale, then move: as canvas calls compose
    (2.0, 0.0, 0.0, 2.0, 10.0, 0.0)
    """
    return (
        m[0] * n[0] + m[2] * n[1],
        m[1] * n[0] + m[3] * n[1],
        m[0] * n[2] + m[2] * n[3],
        m[1] * n[2] + m[3] * n[3],
        m[0] * n[4] + m[2] * n[5] + m[4],
        m[1] * n[4] + m[3] * n[5] + m[5],
    )


def translation(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, float(dx), float(dy))


def rotation(angle: float) -> Matrix:
    """A turn by ``angle`` radians, clockwise on screen (``y`` grows downward)."""
    cos, sin = math.cos(angle), math.sin(angle)
    return (cos, sin, -sin, cos, 0.0, 0.0)


def scaling(sx: float, sy: float | None = None) -> Matrix:
    return (float(sx), 0.0, 0.0, float(sx if sy is None else sy), 0.0, 0.0)


def on_page(m: Matrix, x: float, y: float) -> Point:
    """Where the point ``(x, y)`` drawn under transform ``m`` lands on the page.

    >>> [round(v, 9) for v in on_page(then(translation(5, 5), rotation(math.pi / 2)), 1, 0)]
    [5.0, 6.0]
    """
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def hex_to_rgb(colour: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` (or ``"#rgb"``) as three 0–255 integers.

    >>> hex_to_rgb("#C62828")
    (198, 40, 40)
    >>> hex_to_rgb("#fff")
    (255, 255, 255)
    """
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) != 6:
        raise ValueError(f"{colour!r} is not a #rrggbb colour")
    return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
