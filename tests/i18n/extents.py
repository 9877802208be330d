"""Where the texts a recording painter was asked to draw land on the page (issue 24).

The boards write in DejaVu Sans (the first font of :data:`~railwidgets.draw.painter.FONT_FAMILY`,
the one Chromium uses on these machines); its advance widths, read from the copy matplotlib
ships (the ``plots`` extra of ``dev``), give the same widths Chromium measures on a canvas
(``BUY`` bold 12 px: 27.6 px in both). A text's box is its advance width across, and the
band its letters' ink takes up and down (capitals stop at the cap height, only letters with
descenders go below the baseline: :func:`ink_band`), placed by the call's ``align`` and
``baseline`` and carried through the transform in force.

>>> from railwidgets.draw.recording import RecordingPainter
>>> p = RecordingPainter(100, 40)
>>> p.text(10, 20, "BUY", size=12, bold=True, align="left")
>>> [round(v, 1) for v in text_box(p.calls[0])]
[10.0, 15.4, 37.6, 24.3]
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from fontTools.ttLib import TTFont
from matplotlib import get_data_path

from railwidgets.draw.recording import Call, RecordingPainter

Box = tuple[float, float, float, float]  # left, top, right, bottom on the page

#: DejaVu Sans' ascender and descender (hhea: 0.928, 0.236 em) put a "middle" baseline
#: 0.346 em below the anchor (as Chromium places it).
_ASCENT, _DESCENT = 0.928, 0.236
#: Boxes that touch by less than this (px) do not count as overlapping: anti-aliasing.
SLACK = 0.5


@lru_cache(maxsize=2)
def _font(bold: bool) -> TTFont:
    path = os.path.join(get_data_path(), "fonts", "ttf", f"DejaVuSans{'-Bold' if bold else ''}.ttf")
    return TTFont(path)


@lru_cache(maxsize=2)
def _cmap(bold: bool) -> dict[int, str]:
    return dict(_font(bold).getBestCmap())


def _glyphs(text: str, bold: bool) -> list[str]:
    cmap = _cmap(bold)
    return [cmap.get(ord(ch), ".notdef") for ch in text]


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` in px (DejaVu Sans, as Chromium draws it).

    >>> round(text_width("ПУТЬ", 12, bold=True), 1)
    36.6
    """
    font = _font(bold)
    metrics = font["hmtx"].metrics
    return sum(metrics[g][0] for g in _glyphs(text, bold)) * size / font["head"].unitsPerEm


def ink_band(text: str, size: float, bold: bool = False) -> tuple[float, float]:
    """How far the letters of ``text`` reach above and below the baseline, in px."""
    font = _font(bold)
    glyf, em = font["glyf"], font["head"].unitsPerEm
    marks = [glyf[g] for g in _glyphs(text, bold) if getattr(glyf[g], "numberOfContours", 0)]
    if not marks:
        return (0.0, 0.0)
    return (max(g.yMax for g in marks) * size / em, -min(g.yMin for g in marks) * size / em)


def text_box(call: Call) -> Box:
    """The page box of one ``text`` call."""
    size, text = float(call["size"]), str(call["text"])
    width = text_width(text, size, bool(call["bold"]))
    x, y = float(call["x"]), float(call["y"])
    left = {"left": x, "center": x - width / 2, "right": x - width}[call["align"]]
    baseline = {
        "alphabetic": y,
        "top": y + _ASCENT * size,
        "bottom": y - _DESCENT * size,
        "middle": y + (_ASCENT - _DESCENT) / 2 * size,
    }[call["baseline"]]
    up, down = ink_band(text, size, bool(call["bold"]))
    corners = [call.on_page(px, py) for px in (left, left + width)
               for py in (baseline - up, baseline + down)]  # fmt: skip
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def shape_box(call: Call) -> Box | None:
    """The page box of a lone ``rect`` or ``circle`` call (``None`` for other calls)."""
    if call.name == "rect":
        x, y, w, h = (float(call[k]) for k in ("x", "y", "w", "h"))
    elif call.name == "circle":
        r = float(call["r"])
        x, y, w, h = float(call["x"]) - r, float(call["y"]) - r, 2 * r, 2 * r
    else:
        return None
    corners = [call.on_page(px, py) for px in (x, x + w) for py in (y, y + h)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def overlap(a: Box, b: Box, slack: float = SLACK) -> bool:
    """Whether boxes ``a`` and ``b`` share more than a ``slack`` px sliver."""
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def inside(inner: Box, outer: Box, slack: float = SLACK) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)  # fmt: skip


@dataclass(frozen=True)
class Badge:
    """A small filled rect or circle a label is written in."""

    box: Box
    round: bool

    def hit(self, box: Box, slack: float = SLACK) -> bool:
        """Whether ``box`` reaches into this badge by more than ``slack`` px."""
        if not overlap(box, self.box, slack):
            return False
        if not self.round:
            return True
        cx, cy = (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2
        nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
        return math.hypot(nx - cx, ny - cy) < (self.box[2] - self.box[0]) / 2 - slack


@dataclass(frozen=True)
class Label:
    """A text on the page, with the badge it is written in, if any."""

    text: str
    box: Box
    badge: Badge | None
    #: Where it comes in the drawing: (layer's place, call's place).
    order: tuple[int, int]

    @property
    def extent(self) -> Box:
        """What the label covers: its badge when it has one, else its own box."""
        return self.badge.box if self.badge else self.box


def _order(painter: RecordingPainter, index: int) -> tuple[int, int]:
    return (painter.layers.index(painter.calls[index].layer), index)


def labels(painter: RecordingPainter) -> list[Label]:
    """Every visible text drawn, each with the badge around it.

    A badge is a filled rect or circle at most 40 px across drawn before the text, on its
    layer, and holding its box: a clan letter's square, a company's disc, a speed die.
    A text that a later opaque rect covers whole is not seen (``YOUR TURN`` over the
    market's heading); one that a later opaque rect covers in part is kept, and reported
    by :func:`problems`. A text drawn twice in one place is one label.
    """
    shapes: dict[str, list[Badge]] = {}
    found: list[Label] = []
    covers: list[tuple[tuple[int, int], Box]] = []
    for index, call in enumerate(painter.calls):
        if call.name in ("rect", "circle") and call["fill"] and float(call["alpha"]) > 0:
            box = shape_box(call)
            assert box is not None
            if call.name == "rect" and float(call["alpha"]) >= 1:
                covers.append((_order(painter, index), box))
            if box[2] - box[0] <= 40 and box[3] - box[1] <= 40:
                shapes.setdefault(call.layer, []).append(Badge(box, call.name == "circle"))
        elif call.name == "text" and str(call["text"]).strip() and float(call["alpha"]) > 0:
            box = text_box(call)
            holder = next(
                (s for s in reversed(shapes.get(call.layer, [])) if inside(box, s.box, 2.0)), None
            )
            label = Label(str(call["text"]), box, holder, _order(painter, index))
            if not any(f.text == label.text and f.box == label.box for f in found):
                found.append(label)
    seen = []
    for label in found:
        later = [box for order, box in covers if order > label.order]
        if not any(inside(label.box, box, 0.0) for box in later):
            seen.append(label)
    painter_covers = {id(label): [b for o, b in covers if o > label.order] for label in seen}
    _COVERS.clear()
    _COVERS.update(painter_covers)
    return seen


_COVERS: dict[int, list[Box]] = {}


def problems(
    painter: RecordingPainter, *, area: Box | None = None, ignore: Iterable[str] = ()
) -> list[str]:
    """What does not fit: words past the canvas (or ``area``), words over other labels or
    badges, words that stick out from under an opaque box drawn over them.

    Words are what a language changes (:func:`is_words`); numbers and single letters
    are checked only as what words must keep off.

    Two labels written in one badge (a number over its shadow) are one label. ``ignore``:
    texts allowed to lie over others.
    """
    area = area or (0.0, 0.0, float(painter.width), float(painter.height))
    skip = set(ignore)
    every = labels(painter)
    found = [lab for lab in every if lab.text not in skip and is_words(lab.text)]
    out = [
        f"{lab.text!r} {_fmt(lab.box)} leaves the canvas {_fmt(area)}"
        for lab in found
        if not inside(lab.box, area)
    ]
    for lab in found:
        out += [
            f"{lab.text!r} {_fmt(lab.box)} sticks out from under the box {_fmt(box)}"
            for box in _COVERS[id(lab)]
            if overlap(lab.box, box)
        ]
    for a, b in itertools.product(found, every):
        if a is b or (b in found and found.index(b) < found.index(a)):
            continue  # each pair of words once
        if a.badge is not None and a.badge == b.badge:
            continue
        if overlap(a.box, b.box) or _hits_badge(a, b) or _hits_badge(b, a):
            out.append(f"{a.text!r} {_fmt(a.box)} runs into {b.text!r} {_fmt(b.extent)}")
    return out


def is_words(text: str) -> bool:
    """Whether ``text`` has a word in it (two letters running), so it is said in a language:
    not a number, a hex's name (``A2``) or a letter in a badge.

    >>> is_words("(row, col)"), is_words("A2"), is_words("+1")
    (True, False, False)
    """
    return re.search(r"[^\W\d_]{2}", text) is not None


def _hits_badge(a: Label, b: Label) -> bool:
    """Whether label ``a``'s words run into the badge ``b`` is written in."""
    return b.badge is not None and a.badge != b.badge and b.badge.hit(a.box)


def _fmt(box: Sequence[float]) -> str:
    return "[" + ", ".join(str(math.floor(v + 0.5)) for v in box) + "]"
