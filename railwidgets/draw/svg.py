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
<g clip-path="url(#clip1)"><path d="M0 0L40 0" transform="matrix(1 0 0 1 50 50)" fill="none" stroke="#212121" stroke-width="1" stroke-linecap="round" stroke-linejoin="round"/></g>

The picture is written small, since notebooks save one per board: numbers to a
tenth of a pixel, a batch of straight pieces as few polylines in relative steps,
and a run of shapes drawn alike as one group that carries their common style.

>>> p = SvgPainter(100, 20)
>>> p.lines([((0, 0), (10, 0)), ((10, 0), (10, 5.25))], stroke="#212121", width=2)
>>> p.rects([(0, 0, 5, 5), (10, 0, 5, 5)], ["#FFFFFF", "#FFFFFF"], stroke="#212121")
>>> for line in p.to_svg().splitlines()[2:6]:
...     print(line)
<path d="M0 0l10 0 0 5.2" fill="none" stroke="#212121" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
<g fill="#FFFFFF" stroke="#212121" stroke-width="1">
<rect x="0" y="0" width="5" height="5"/>
<rect x="10" y="0" width="5" height="5"/>
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import math
from collections.abc import Sequence
from typing import NamedTuple
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
from railwidgets.i18n import N_, _, tr

__all__ = ["Picture", "SvgPainter", "board_alt", "img_svg", "svg_img"]

_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
_BASELINE = {
    "top": "hanging",
    "middle": "central",
    "bottom": "text-after-edge",
    "alphabetic": "auto",
}
#: Most texts are centred on their point: the picture says so once (an inline style wins
#: over it for the others; an attribute would not, and is not inherited in SVG 1.1).
_STYLE = "<style>text{dominant-baseline:central}</style>"


def _n(value: float, digits: int = 1) -> str:
    """A number, short: to a tenth of a pixel (``digits``), no trailing zeros.

    >>> _n(12.0), _n(12.25), _n(12.35), _n(-0.04), _n(0.55, 2)
    ('12', '12.2', '12.3', '0', '0.55')
    """
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    """The style a group of like shapes may share (SVG inherits these)."""
    parts = [f'fill="{fill}"' if fill else 'fill="none"']
    if stroke:
        parts.append(f'stroke="{stroke}" stroke-width="{_n(width)}"')
    return " ".join(parts)


def _opacity(alpha: float) -> str:
    """Opacity is not inherited (on a group it would fade the group as one): per shape."""
    return f' opacity="{_n(alpha, 2)}"' if alpha < 1 else ""


def _tenths(value: float) -> int:
    return round(value * 10)


def _step(value: float) -> str:
    """A relative step in path data, without a leading zero (``.3``, ``-.3``)."""
    text = _n(value)
    if text.startswith(("0.", "-0.")):
        text = text.replace("0.", ".", 1)
    return text


def _polylines(segments: Sequence[tuple[Point, Point]]) -> str:
    """Path data for straight ``segments``: a segment starting where the last one ended
    continues its polyline, in relative steps between points rounded to a tenth (so the
    steps never drift from the points)."""
    parts: list[str] = []
    end: tuple[int, int] | None = None
    for a, b in segments:
        start = (_tenths(a[0]), _tenths(a[1]))
        stop = (_tenths(b[0]), _tenths(b[1]))
        if start != end:
            parts.append(f"M{_n(start[0] / 10)} {_n(start[1] / 10)}l")
        else:
            parts.append(" ")
        dx, dy = _step((stop[0] - start[0]) / 10), _step((stop[1] - start[1]) / 10)
        parts.append(f"{dx}{'' if dy.startswith('-') else ' '}{dy}")
        end = stop
    return "".join(parts).replace(" -", "-")


class SvgPainter(ArcByPath):
    """Implements :class:`~railwidgets.draw.painter.Painter`; :meth:`to_svg` gives the picture.

    Each layer becomes one ``<g>`` group, stacked in layer order; inside it, a run
    of consecutive shapes with the same style is one ``<g>`` carrying that style.
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
        self._layers: dict[str, list[_Element]] = {name: [] for name in layers}
        self._current = next(iter(self._layers), "static")
        self._layers.setdefault(self._current, [])
        self._matrix: Matrix = IDENTITY  # the transform in force
        self._clips: tuple[str, ...] = ()  # ids of the clip paths in force, outermost first
        self._saved: list[tuple[Matrix, tuple[str, ...]]] = []
        self._defs: list[str] = []
        # path data of ``lines`` drawn so far: (layer, index, the shared path's id once shared)
        self._drawn: dict[str, tuple[str, int, str]] = {}

    def _add(self, start: str, style: str, end: str = "/>") -> None:
        """One element: ``start`` (its tag, geometry and own attributes), the ``style`` it
        may share with its neighbours, and ``end`` (``"/>"``, or its content and end tag)."""
        if self._matrix != IDENTITY:
            matrix = " ".join(_n(v, 3) for v in self._matrix[:4])
            matrix += " " + " ".join(_n(v) for v in self._matrix[4:])
            start += f' transform="matrix({matrix})"'
        if self._clips:  # its own group: the style goes on the element
            element = f"{start} {style}{end}" if style else start + end
            for clip in reversed(self._clips):
                element = f'<g clip-path="url(#{clip})">{element}</g>'
            start, style, end = element, "", ""
        self._layers[self._current].append(_Element(start, style, end))

    # -- the Painter protocol --------------------------------------------------------------

    def layer(self, name: str) -> None:
        self._layers.setdefault(name, [])
        self._current = name

    def clear(self, name: str | None = None) -> None:
        for key, elements in self._layers.items():
            if name is None or key == name:
                elements.clear()
        self._drawn = {d: at for d, at in self._drawn.items() if name not in (None, at[0])}

    def polygon(
        self,
        points: Sequence[Point],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        self._add(
            f'<polygon points="{_points(points)}"{_opacity(alpha)}',
            f'{_paint(fill, stroke, width)} stroke-linejoin="round"',
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
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"{_opacity(alpha)}',
            _paint(fill, stroke, width),
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
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{_opacity(alpha)}',
            _paint(fill, stroke, width),
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
            f'<polyline points="{_points(points)}"',
            f'fill="none" stroke="{stroke}" stroke-width="{_n(width)}" stroke-linecap="round" '
            f'stroke-linejoin="round"{dashes}',
        )

    def lines(
        self,
        segments: Sequence[tuple[Point, Point]],
        stroke: str,
        width: float = 1.0,
    ) -> None:
        if not segments:
            return
        # pieces that meet become one polyline: round joins draw what round caps drew
        data = _polylines(segments)
        style = (
            f'fill="none" stroke="{stroke}" stroke-width="{_n(width)}" stroke-linecap="round" '
            'stroke-linejoin="round"'
        )
        if self._matrix != IDENTITY or self._clips:
            self._add(f'<path d="{data}"', style)
            return
        known = self._drawn.get(data)
        if known is None:  # the first time: as it is, in case it is the only time
            self._drawn[data] = (self._current, len(self._layers[self._current]), "")
            self._add(f'<path d="{data}"', style)
            return
        # drawn again (a rail's bed over the rail, a casing under a road): both use one path
        layer, index, shared = known
        if not shared:
            # named by its content: pictures inlined in one page may share it safely
            shared = "p" + hashlib.sha1(data.encode()).hexdigest()[:10]
            self._defs.append(f'<path id="{shared}" d="{data}"/>')
            first = self._layers[layer][index]
            self._layers[layer][index] = first._replace(start=f'<use href="#{shared}"')
            self._drawn[data] = (layer, index, shared)
        self._add(f'<use href="#{shared}"', style)

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
        own = f'<text x="{_n(x)}" y="{_n(y)}"'
        if baseline != "middle":  # the picture's style sheet centres every other text
            own += f' style="dominant-baseline:{_BASELINE[baseline]}"'
        own += _opacity(alpha)
        style = f'fill="{fill}" font-size="{_n(size)}" text-anchor="{_ANCHOR[align]}"'
        if bold:
            style += ' font-weight="bold"'
        self._add(own, style, f">{escape(tr(text))}</text>")  # a Text: in the language in use

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
            f'<path d="{_path_data(commands)}"{_opacity(alpha)}',
            f'{_paint(fill, stroke, width)} stroke-linecap="round" stroke-linejoin="round"{dashes}',
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
            + _STYLE
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
                parts.extend(_grouped(elements))
                parts.append("</g>")
        parts.append("</svg>")
        return "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.to_svg()


class _Element(NamedTuple):
    """A shape or text as written: ``start`` and ``end`` around its shareable ``style``
    (which begins with its ``fill``)."""

    start: str
    style: str
    end: str

    def split(self) -> tuple[str, str]:
        """``(fill, the rest of the style)``."""
        fill, _, rest = self.style.partition(" ")
        return fill, rest

    def written(self, style: str) -> str:
        return f"{self.start} {style}{self.end}" if style else self.start + self.end


def _grouped(elements: Sequence[_Element]) -> list[str]:
    """The elements as lines: a run of two or more alike but for their fill is one
    ``<g>`` with what they share (the fill too, if they share it)."""
    lines: list[str] = []
    for rest, run in itertools.groupby(elements, key=lambda e: e.split()[1]):
        shapes = list(run)
        fills = {e.split()[0] for e in shapes}
        if len(shapes) > 1 and len(fills) == 1 and shapes[0].style:
            lines.append(f"<g {shapes[0].style}>")
            lines.extend(e.written("") for e in shapes)
            lines.append("</g>")
        elif len(shapes) > 1 and rest:
            lines.append(f"<g {rest}>")
            lines.extend(e.written(e.split()[0]) for e in shapes)
            lines.append("</g>")
        else:
            lines.extend(e.written(e.style) for e in shapes)
    return lines


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


#: A picture's alt text (issue 24: in the language in use, as every word a player reads).
BOARD_ALT = N_("{game} board")
THE_BOARD = N_("The board")


def board_alt(title: str | None = None) -> str:
    """The alt text of a game's board picture, in the language in use: the game's
    ``TITLE`` (an English msgid, translated here) and "board"; without one, "The board".

    >>> board_alt("Mini Rails"), board_alt()
    ('Mini Rails board', 'The board')
    """
    return _(BOARD_ALT).format(game=_(title)) if title else _(THE_BOARD)


def svg_img(svg: str, alt: str | None = None) -> str:
    """``svg`` as an HTML ``<img>`` (a data URI): the one picture form GitHub, nbviewer and
    JupyterLab all show, even in a notebook JupyterLab does not trust yet (raw SVG output
    is hidden there). ``alt``: what a screen reader says of it (default:
    :func:`board_alt`'s "The board", in the language in use).

    >>> svg_img('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1"/>')[:42]
    '<img alt="The board" src="data:image/svg+x'
    """
    data = base64.b64encode(svg.encode()).decode()
    said = board_alt() if alt is None else alt
    return f'<img alt={quoteattr(said)} src="data:image/svg+xml;base64,{data}"/>'


def img_svg(html: str) -> str:
    """The SVG inside an ``<img>`` made by ``svg_img`` (for tests and tools).

    >>> img_svg(svg_img("<svg/>"))
    '<svg/>'
    """
    data = html.split("base64,", 1)[1].split('"', 1)[0]
    return base64.b64decode(data).decode()


class Picture:
    """An SVG picture for a notebook, shown as ``svg_img`` shows it (one form); without an
    ``alt``, "The board" in the language in use when it is shown.

    >>> Picture('<svg xmlns="http://www.w3.org/2000/svg"/>', alt="tiles")._repr_html_()[:16]
    '<img alt="tiles"'
    """

    def __init__(self, svg: str, alt: str | None = None) -> None:
        self.svg = svg
        self.alt = alt

    def to_svg(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return svg_img(self.svg, self.alt)
