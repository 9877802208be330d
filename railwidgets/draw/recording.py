"""A painter that only records what it was asked to draw (for tests).

>>> p = RecordingPainter(100, 100, layers=("static", "pieces"))
>>> p.layer("static")
>>> p.polygons([[(0, 0), (10, 0), (0, 10)]], fills=["#FFFFFF"])
>>> p.layer("pieces")
>>> p.text(5, 5, "R")
>>> [c.layer for c in p.calls]
['static', 'pieces']
>>> p.texts()
['R']
>>> p.clear("pieces")
>>> len(p.calls)
1

Each call remembers the transform in force, so a test can ask where a point lands:

>>> p.save(); p.translate(10, 0); p.scale(2)
>>> p.path([("M", 0, 0), ("L", 5, 0)], stroke="#000000")
>>> p.restore()
>>> p.calls[-1].on_page(5, 0)
(20.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from railwidgets.draw.painter import (
    IDENTITY,
    Align,
    Baseline,
    Matrix,
    PathCommand,
    Point,
    on_page,
    rotation,
    scaling,
    then,
    translation,
)
from railwidgets.i18n import tr

__all__ = ["Call", "RecordingPainter"]


@dataclass(frozen=True)
class Call:
    """One painter call: its layer, the method's name and its arguments."""

    layer: str
    name: str
    args: dict[str, Any] = field(default_factory=dict)
    #: The transform in force when the call was made.
    matrix: Matrix = IDENTITY
    #: How many clips were in force (``clip_rect`` calls not yet restored).
    clips: int = 0

    def __getitem__(self, key: str) -> Any:
        return self.args[key]

    def on_page(self, x: float, y: float) -> Point:
        """Where the call's point ``(x, y)`` lands on the page."""
        return on_page(self.matrix, x, y)


class RecordingPainter:
    """Implements :class:`~railwidgets.draw.painter.Painter` by keeping a list of :class:`Call`."""

    def __init__(self, width: int = 900, height: int = 620, layers: Sequence[str] = ("static",)):
        self.width = width
        self.height = height
        self.layers: list[str] = list(layers)
        self.current = self.layers[0] if self.layers else "static"
        self.calls: list[Call] = []
        self.matrix: Matrix = IDENTITY
        self._clips: list[tuple[float, float, float, float]] = []
        self._saved: list[tuple[Matrix, int]] = []

    def _record(self, name: str, **args: Any) -> None:
        self.calls.append(Call(self.current, name, args, self.matrix, len(self._clips)))

    # -- queries for tests ----------------------------------------------------------

    def by_name(self, name: str, layer: str | None = None) -> list[Call]:
        """The recorded calls of method ``name`` (on ``layer`` if given)."""
        return [c for c in self.calls if c.name == name and (layer is None or c.layer == layer)]

    def texts(self, layer: str | None = None) -> list[str]:
        """Every text drawn, in order."""
        return [c["text"] for c in self.by_name("text", layer)]

    def text_calls(self, text: str, layer: str | None = None) -> list[Call]:
        """The ``text`` calls that drew exactly ``text``."""
        return [c for c in self.by_name("text", layer) if c["text"] == text]

    # -- the Painter protocol ------------------------------------------------------------

    def layer(self, name: str) -> None:
        if name not in self.layers:
            self.layers.append(name)
        self.current = name

    def clear(self, name: str | None = None) -> None:
        self.calls = [c for c in self.calls if name is not None and c.layer != name]

    def polygon(
        self,
        points: Sequence[Point],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        self._record(
            "polygon", points=list(points), fill=fill, stroke=stroke, width=width, alpha=alpha
        )

    def polygons(
        self,
        shapes: Sequence[Sequence[Point]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        self._record(
            "polygons",
            shapes=[list(s) for s in shapes],
            fills=list(fills),
            stroke=stroke,
            width=width,
            alpha=alpha,
        )

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
        self._record("circle", x=x, y=y, r=r, fill=fill, stroke=stroke, width=width, alpha=alpha)

    def circles(
        self,
        centres: Sequence[Point],
        r: float,
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        self._record(
            "circles",
            centres=list(centres),
            r=r,
            fills=list(fills),
            stroke=stroke,
            width=width,
            alpha=alpha,
        )

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
        self._record("rect", x=x, y=y, w=w, h=h, fill=fill, stroke=stroke, width=width, alpha=alpha)

    def rects(
        self,
        boxes: Sequence[tuple[float, float, float, float]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        self._record(
            "rects", boxes=list(boxes), fills=list(fills), stroke=stroke, width=width, alpha=alpha
        )

    def line(
        self,
        points: Sequence[Point],
        stroke: str,
        width: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        self._record("line", points=list(points), stroke=stroke, width=width, dash=tuple(dash))

    def lines(
        self,
        segments: Sequence[tuple[Point, Point]],
        stroke: str,
        width: float = 1.0,
    ) -> None:
        self._record("lines", segments=list(segments), stroke=stroke, width=width)

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
        self._record(
            "text",
            x=x,
            y=y,
            text=tr(text),  # a Text (railwidgets.i18n) in the language in use
            size=size,
            fill=fill,
            align=align,
            baseline=baseline,
            bold=bold,
            alpha=alpha,
        )

    def path(
        self,
        commands: Sequence[PathCommand],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        self._record(
            "path",
            commands=[tuple(c) for c in commands],
            fill=fill,
            stroke=stroke,
            width=width,
            alpha=alpha,
            dash=tuple(dash),
        )

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
        self._record(
            "arc",
            x=x,
            y=y,
            r=r,
            start=start,
            end=end,
            stroke=stroke,
            width=width,
            fill=fill,
            alpha=alpha,
        )

    def save(self) -> None:
        self._saved.append((self.matrix, len(self._clips)))

    def restore(self) -> None:
        if self._saved:
            self.matrix, clips = self._saved.pop()
            del self._clips[clips:]

    def translate(self, dx: float, dy: float) -> None:
        self.matrix = then(self.matrix, translation(dx, dy))

    def rotate(self, angle: float) -> None:
        self.matrix = then(self.matrix, rotation(angle))

    def scale(self, sx: float, sy: float | None = None) -> None:
        self.matrix = then(self.matrix, scaling(sx, sy))

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._clips.append((x, y, w, h))
        self._record("clip_rect", x=x, y=y, w=w, h=h)

    def sleep(self, seconds: float) -> None:
        self._record("sleep", seconds=seconds)
