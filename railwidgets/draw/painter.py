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

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

__all__ = [
    "FONT_FAMILY",
    "Align",
    "Baseline",
    "Painter",
    "Point",
    "hex_to_rgb",
]

Point = tuple[float, float]
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
    ) -> None:
        """One line of text anchored at ``(x, y)``."""
        ...


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
