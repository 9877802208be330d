"""The ipycanvas :class:`~railwidgets.draw.painter.Painter`: one ``Canvas`` per layer.

It sends a style only when it changes (setting ``fill_style`` costs a command
each time) and turns the batched calls into ipycanvas's batch commands
(``fill_styled_polygons``, ``fill_styled_circles``, ``fill_styled_rects``,
``stroke_line_segments``). Wrap a whole redraw in ``hold_canvas()`` so it
leaves as one message; :class:`~railwidgets.ui.board.BoardView` does that.

>>> from ipycanvas import MultiCanvas, hold_canvas
>>> canvas = MultiCanvas(2, width=100, height=50)
>>> painter = CanvasPainter(canvas, ("static", "pieces"))
>>> with hold_canvas():
...     painter.layer("pieces")
...     painter.circles([(10, 10), (30, 10)], 5, ["#C62828", "#1E5AA8"], stroke="#212121")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from ipycanvas import Canvas, MultiCanvas
from ipycanvas.canvas import COMMANDS

from railwidgets.draw.painter import (
    FONT_FAMILY,
    Align,
    ArcByPath,
    Baseline,
    PathCommand,
    Point,
    hex_to_rgb,
)
from railwidgets.i18n import tr

__all__ = ["CanvasPainter"]


class CanvasPainter(ArcByPath):
    """Draws on the layers of a ``MultiCanvas`` (layer ``i`` of ``names`` is ``canvas[i]``)."""

    def __init__(self, canvas: MultiCanvas, names: Sequence[str]):
        self.canvas = canvas
        self.names = list(names)
        self.width = int(canvas.width)
        self.height = int(canvas.height)
        self._layer: Canvas = canvas[0]
        self._styles: dict[int, dict[str, Any]] = {}
        self._saved: dict[int, list[dict[str, Any]]] = {}  # styles at each save(), per layer
        self._rgb: dict[str, tuple[int, int, int]] = {}

    def forget_styles(self) -> None:
        """Forget the styles sent so far (a newly connected page starts from the defaults)."""
        self._styles.clear()
        self._saved.clear()

    # -- style cache -------------------------------------------------------------------------

    def _set(self, name: str, value: Any) -> None:
        layer = self._layer
        styles = self._styles.setdefault(id(layer), {})
        if styles.get(name, _UNSET) != value:
            # the command ipycanvas's ``Canvas.__setattr__`` sends, without its traitlets
            # round (validation and change notices cost more than the drawing, and
            # nothing reads the traits back: issue 27 item 16)
            layer._canvas_manager.send_command(layer, [_SET_STYLE, [Canvas.ATTRS[name], value]])
            styles[name] = value

    def _colours(self, fills: Sequence[str]) -> np.ndarray:
        rgb = self._rgb
        for f in fills:
            if f not in rgb:
                rgb[f] = hex_to_rgb(f)
        return np.array([rgb[f] for f in fills], dtype=np.uint8)

    # -- the Painter protocol ------------------------------------------------------------------

    def layer(self, name: str) -> None:
        self._layer = self.canvas[self.names.index(name)]

    def clear(self, name: str | None = None) -> None:
        for i, layer_name in enumerate(self.names):
            if name is None or layer_name == name:
                self.canvas[i].clear()

    def polygon(
        self,
        points: Sequence[Point],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        self._set("global_alpha", alpha)
        pts = [tuple(p) for p in points]
        if fill:
            self._set("fill_style", fill)
            self._layer.fill_polygon(pts)
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self._set("line_join", "round")
            self._layer.stroke_polygon(pts)

    def polygons(
        self,
        shapes: Sequence[Sequence[Point]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        if not shapes:
            return
        filled = [(s, f) for s, f in zip(shapes, fills, strict=True) if f]
        if filled:
            self._set("global_alpha", 1.0)
            self._layer.fill_styled_polygons(
                _shape_array([s for s, _ in filled]), self._colours([f for _, f in filled]), alpha
            )
        if stroke:
            self._set("global_alpha", alpha)
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self._set("line_join", "round")
            self._layer.stroke_polygons(_shape_array(shapes))

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
        self._set("global_alpha", alpha)
        if fill:
            self._set("fill_style", fill)
            self._layer.fill_circle(x, y, r)
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self._layer.stroke_circle(x, y, r)

    def circles(
        self,
        centres: Sequence[Point],
        r: float,
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        if not centres:
            return
        filled = [(c, f) for c, f in zip(centres, fills, strict=True) if f]
        if filled:
            self._set("global_alpha", 1.0)
            xy = np.array([c for c, _ in filled], dtype=np.float64)
            colours = self._colours([f for _, f in filled])
            self._layer.fill_styled_circles(xy[:, 0], xy[:, 1], r, colours, alpha)
        if stroke:
            self._set("global_alpha", alpha)
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            xy = np.array(centres, dtype=np.float64)
            self._layer.stroke_circles(xy[:, 0], xy[:, 1], r)

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
        self._set("global_alpha", alpha)
        if fill:
            self._set("fill_style", fill)
            self._layer.fill_rect(x, y, w, h)
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self._set("line_join", "miter")
            self._layer.stroke_rect(x, y, w, h)

    def rects(
        self,
        boxes: Sequence[tuple[float, float, float, float]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        if not boxes:
            return
        filled = [(b, f) for b, f in zip(boxes, fills, strict=True) if f]
        if filled:
            self._set("global_alpha", 1.0)
            arr = np.array([b for b, _ in filled], dtype=np.float64)
            colours = self._colours([f for _, f in filled])
            self._layer.fill_styled_rects(
                arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3], colours, alpha
            )
        if stroke:
            self._set("global_alpha", alpha)
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self._set("line_join", "miter")
            arr = np.array(boxes, dtype=np.float64)
            self._layer.stroke_rects(arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3])

    def line(
        self,
        points: Sequence[Point],
        stroke: str,
        width: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        self._set("global_alpha", 1.0)
        self._set("stroke_style", stroke)
        self._set("line_width", width)
        self._set("line_cap", "round")
        self._set("line_join", "round")
        if dash:
            self._layer.set_line_dash(list(dash))
        self._layer.stroke_lines(np.array(points, dtype=np.float64))
        if dash:
            self._layer.set_line_dash([])

    def lines(
        self,
        segments: Sequence[tuple[Point, Point]],
        stroke: str,
        width: float = 1.0,
    ) -> None:
        if not segments:
            return
        self._set("global_alpha", 1.0)
        self._set("stroke_style", stroke)
        self._set("line_width", width)
        self._set("line_cap", "round")
        self._layer.stroke_line_segments(np.array(segments, dtype=np.float64))

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
        self._set("global_alpha", alpha)
        self._set("font", f"{'bold ' if bold else ''}{size:.4g}px {FONT_FAMILY}")
        self._set("fill_style", fill)
        self._set("text_align", align)
        self._set("text_baseline", baseline)
        self._layer.fill_text(tr(text), x, y)  # a Text (railwidgets.i18n): in the language in use

    def path(
        self,
        commands: Sequence[PathCommand],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        layer = self._layer
        self._set("global_alpha", alpha)
        layer.begin_path()
        for command in commands:
            op, args = command[0], command[1:]
            if op == "M":
                layer.move_to(*args)
            elif op == "L":
                layer.line_to(*args)
            elif op == "Q":
                layer.quadratic_curve_to(*args)
            elif op == "C":
                layer.bezier_curve_to(*args)
            elif op == "A":
                layer.arc(*args[:5], bool(args[5:6] and args[5]))
            elif op == "Z":
                layer.close_path()
            else:
                raise ValueError(f"unknown path command {command!r}")
        if fill:
            self._set("fill_style", fill)
            layer.fill()
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self._set("line_cap", "round")
            self._set("line_join", "round")
            if dash:
                layer.set_line_dash(list(dash))
            layer.stroke()
            if dash:
                layer.set_line_dash([])

    def save(self) -> None:
        key = id(self._layer)
        self._saved.setdefault(key, []).append(dict(self._styles.get(key, {})))
        self._layer.save()

    def restore(self) -> None:
        # the canvas restores its styles too: so does the cache
        key = id(self._layer)
        stack = self._saved.get(key)
        if stack:
            self._styles[key] = stack.pop()
        self._layer.restore()

    def translate(self, dx: float, dy: float) -> None:
        self._layer.translate(dx, dy)

    def rotate(self, angle: float) -> None:
        self._layer.rotate(angle)

    def scale(self, sx: float, sy: float | None = None) -> None:
        self._layer.scale(sx, sx if sy is None else sy)

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        layer = self._layer
        layer.begin_path()
        layer.rect(x, y, w, h)
        layer.clip()

    def sleep(self, seconds: float) -> None:
        """Pause the batch here: the page waits ``seconds`` before drawing what follows."""
        self._layer.sleep(round(seconds * 1000))


_UNSET = object()
_SET_STYLE = COMMANDS["set"]


def _shape_array(shapes: Sequence[Sequence[Point]]) -> np.ndarray | list[np.ndarray]:
    """Polygons as one (n, k, 2) array when they all have k points, else a list of arrays."""
    lengths = {len(s) for s in shapes}
    if len(lengths) == 1:
        return np.array(shapes, dtype=np.float64)
    return [np.array(s, dtype=np.float64) for s in shapes]
