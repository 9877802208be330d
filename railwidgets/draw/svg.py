"""A painter that writes a standalone SVG picture (for notebooks, files, GitHub).

>>> p = SvgPainter(120, 40)
>>> p.rect(0, 0, 120, 40, fill="#FFFFFF")
>>> p.text(60, 20, "Tan & <Yellow>", size=14)
>>> svg = p.to_svg()
>>> svg.startswith("<svg")
True
>>> "Tan &amp; &lt;Yellow&gt;" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from railwidgets.draw.painter import FONT_FAMILY, Align, Baseline, Point

__all__ = ["SvgPainter"]

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


class SvgPainter:
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

    def _add(self, element: str) -> None:
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
        self._add(f"<text {' '.join(attrs)}>{escape(text)}</text>")

    # -- output ----------------------------------------------------------------------------------

    def to_svg(self) -> str:
        """The whole picture as a standalone SVG document (no XML declaration)."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" font-family={quoteattr(FONT_FAMILY)}>'
        )
        parts = [head]
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
