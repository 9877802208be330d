"""A painter that writes a standalone SVG picture (for notebooks, files, GitHub).

>>> p = SvgPainter(120, 40)
>>> p.rect(0, 0, 120, 40, fill="#FFFFFF")
>>> p.text(60, 20, "Tan & <Yellow>", size=14)
>>> svg = p.to_svg()
>>> svg.startswith("<svg")
True
>>> "Tan &amp; &lt;Yellow&gt;" in svg
True

Transforms and clips work as on a canvas: each element carries the transform in
force when it was drawn, and sits in a group clipped by the clips in force.

>>> p = SvgPainter(100, 100)
>>> p.save()
>>> p.translate(50, 50)
>>> p.clip_rect(-10, -10, 20, 20)
>>> p.path([("M", 0, 0), ("L", 40, 0)], stroke="#212121")
>>> p.restore()
>>> print(p.to_svg().splitlines()[3])
<g clip-path="url(#clip1)"><path d="M0 0L40 0" fill="none" stroke="#212121" stroke-width="1" stroke-linecap="round" stroke-linejoin="round" transform="matrix(1 0 0 1 50 50)"/></g>
"""

from __future__ import annotations

import base64
import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from railwidgets.draw.painter import (
    FONT_FAMILY,
    IDENTITY,
    Align,
    ArcByPath,
    Baseline,
    Matrix,
    PathCommand,
    Point,
    arc_points,
    on_page,
    rotation,
    scaling,
    then,
    translation,
)

__all__ = ["SvgPainter", "svg_img"]

_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
_BASELINE = {"top": "hanging", "middle": "central", "bottom": "text-after-edge", "alphabetic": None}


def _n(value: float) -> str:
    """A number, short: 12, 12.5, 12.35."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _paint(fill: str | None, stroke: str | None, width: float, alpha: float) -> str:
    parts = [f'fill="{fill}"' if fill else 'fill="none"']
    if stroke:
        parts.append(f'stroke="{stroke}" stroke-width="{_n(width)}"')
    if alpha < 1:
        parts.append(f'opacity="{_n(alpha)}"')
    return " ".join(parts)


class SvgPainter(ArcByPath):
    """Implements :class:`~railwidgets.draw.painter.Painter`; :meth:`to_svg` gives the picture.

    Each layer becomes one ``<g>`` group, stacked in layer order.
    """

    def __init__(
        self,
        width: int = 900,
        height: int = 620,
        layers: Sequence[str] = ("static",),
        background: str | None = None,
    ):
        self.width = width
        self.height = height
        self.background = background
        self._layers: dict[str, list[str]] = {name: [] for name in layers}
        self._current = next(iter(self._layers), "static")
        self._layers.setdefault(self._current, [])
        self._matrix: Matrix = IDENTITY  # the transform in force
        self._clips: tuple[str, ...] = ()  # ids of the clip paths in force, outermost first
        self._saved: list[tuple[Matrix, tuple[str, ...]]] = []
        self._defs: list[str] = []

    def _add(self, element: str) -> None:
        if self._matrix != IDENTITY:
            tag_end = element.index(">") - (element[element.index(">") - 1] == "/")
            matrix = " ".join(_n(v) for v in self._matrix)
            element = f'{element[:tag_end]} transform="matrix({matrix})"{element[tag_end:]}'
        for clip in reversed(self._clips):
            element = f'<g clip-path="url(#{clip})">{element}</g>'
        self._layers[self._current].append(element)

    # -- the Painter protocol --------------------------------------------------------------

    def layer(self, name: str) -> None:
        self._layers.setdefault(name, [])
        self._current = name

    def clear(self, name: str | None = None) -> None:
        for key, elements in self._layers.items():
            if name is None or key == name:
                elements.clear()

    def polygon(
        self,
        points: Sequence[Point],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        self._add(
            f'<polygon points="{_points(points)}" {_paint(fill, stroke, width, alpha)} '
            'stroke-linejoin="round"/>'
        )

    def polygons(
        self,
        shapes: Sequence[Sequence[Point]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        for shape, fill in zip(shapes, fills, strict=True):
            self.polygon(shape, fill, stroke, width, alpha)

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
        self._add(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {_paint(fill, stroke, width, alpha)}/>'
        )

    def circles(
        self,
        centres: Sequence[Point],
        r: float,
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        for (x, y), fill in zip(centres, fills, strict=True):
            self.circle(x, y, r, fill, stroke, width, alpha)

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
        self._add(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
            f"{_paint(fill, stroke, width, alpha)}/>"
        )

    def rects(
        self,
        boxes: Sequence[tuple[float, float, float, float]],
        fills: Sequence[str | None],
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        for (x, y, w, h), fill in zip(boxes, fills, strict=True):
            self.rect(x, y, w, h, fill, stroke, width, alpha)

    def line(
        self,
        points: Sequence[Point],
        stroke: str,
        width: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        dashes = f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"' if dash else ""
        self._add(
            f'<polyline points="{_points(points)}" fill="none" stroke="{stroke}" '
            f'stroke-width="{_n(width)}" stroke-linecap="round" stroke-linejoin="round"{dashes}/>'
        )

    def lines(
        self,
        segments: Sequence[tuple[Point, Point]],
        stroke: str,
        width: float = 1.0,
    ) -> None:
        if not segments:
            return
        path = " ".join(f"M{_n(a[0])} {_n(a[1])}L{_n(b[0])} {_n(b[1])}" for a, b in segments)
        self._add(
            f'<path d="{path}" fill="none" stroke="{stroke}" stroke-width="{_n(width)}" '
            'stroke-linecap="round"/>'
        )

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
        attrs = [
            f'x="{_n(x)}" y="{_n(y)}"',
            f'font-size="{_n(size)}"',
            f'fill="{fill}"',
            f'text-anchor="{_ANCHOR[align]}"',
        ]
        if _BASELINE[baseline]:
            attrs.append(f'dominant-baseline="{_BASELINE[baseline]}"')
        if bold:
            attrs.append('font-weight="bold"')
        if alpha < 1:
            attrs.append(f'opacity="{_n(alpha)}"')
        self._add(f"<text {' '.join(attrs)}>{escape(text)}</text>")

    def path(
        self,
        commands: Sequence[PathCommand],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
        dash: Sequence[float] = (),
    ) -> None:
        dashes = f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"' if dash else ""
        self._add(
            f'<path d="{_path_data(commands)}" {_paint(fill, stroke, width, alpha)} '
            f'stroke-linecap="round" stroke-linejoin="round"{dashes}/>'
        )

    def save(self) -> None:
        self._saved.append((self._matrix, self._clips))

    def restore(self) -> None:
        if self._saved:
            self._matrix, self._clips = self._saved.pop()

    def translate(self, dx: float, dy: float) -> None:
        self._matrix = then(self._matrix, translation(dx, dy))

    def rotate(self, angle: float) -> None:
        self._matrix = then(self._matrix, rotation(angle))

    def scale(self, sx: float, sy: float | None = None) -> None:
        self._matrix = then(self._matrix, scaling(sx, sy))

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        corners = [
            on_page(self._matrix, px, py)
            for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        ]
        clip = f"clip{len(self._defs) + 1}"
        self._defs.append(
            f'<clipPath id="{clip}"><polygon points="{_points(corners)}"/></clipPath>'
        )
        self._clips = (*self._clips, clip)

    def sleep(self, seconds: float) -> None:
        """A still picture has no time: nothing to do."""

    # -- output ----------------------------------------------------------------------------------

    def to_svg(self) -> str:
        """The whole picture as a standalone SVG document (no XML declaration)."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" font-family={quoteattr(FONT_FAMILY)}>'
        )
        parts = [head]
        if self._defs:
            parts.append(f"<defs>{''.join(self._defs)}</defs>")
        if self.background:
            parts.append(
                f'<rect width="{self.width}" height="{self.height}" fill="{self.background}"/>'
            )
        for name, elements in self._layers.items():
            if elements:
                parts.append(f"<g id={quoteattr('layer-' + name)}>")
                parts.extend(elements)
                parts.append("</g>")
        parts.append("</svg>")
        return "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _path_data(commands: Sequence[PathCommand]) -> str:
    """SVG path data for painter path commands (arcs about a centre become SVG arcs)."""
    parts: list[str] = []
    started = False
    for command in commands:
        op, args = command[0], [float(v) for v in command[1:]]  # type: ignore[arg-type]
        if op == "A":
            cx, cy, r, start, end = args[:5]
            a, b, sweep = arc_points(cx, cy, r, start, end, bool(command[6:7] and command[6]))
            flag = "0" if command[6:7] and command[6] else "1"
            parts.append(f"{'L' if started else 'M'}{_n(a[0])} {_n(a[1])}")
            if sweep >= 2 * math.pi - 1e-9:  # a whole circle: two halves
                mx, my = 2 * cx - a[0], 2 * cy - a[1]
                parts.append(f"A{_n(r)} {_n(r)} 0 0 {flag} {_n(mx)} {_n(my)}")
                parts.append(f"A{_n(r)} {_n(r)} 0 0 {flag} {_n(a[0])} {_n(a[1])}")
            elif sweep > 0:
                large = "1" if sweep > math.pi else "0"
                parts.append(f"A{_n(r)} {_n(r)} 0 {large} {flag} {_n(b[0])} {_n(b[1])}")
        elif op in ("M", "L", "Q", "C"):
            parts.append(op + " ".join(_n(v) for v in args))
        elif op == "Z":
            parts.append("Z")
        else:
            raise ValueError(f"unknown path command {command!r}")
        started = op != "Z" or started
    return "".join(parts)


def svg_img(svg: str) -> str:
    """``svg`` as an HTML ``<img>`` (a data URI): shown even where raw SVG output is not
    (a notebook JupyterLab does not trust yet).

    >>> svg_img('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1"/>')[:42]
    '<img alt="the board" src="data:image/svg+x'
    """
    data = base64.b64encode(svg.encode()).decode()
    return f'<img alt="the board" src="data:image/svg+xml;base64,{data}"/>'
