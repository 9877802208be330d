"""Drawing without any widget: the :class:`Painter` protocol and two painters.

``SvgPainter`` writes standalone SVG (static pictures, ``_repr_svg_``; a game or a
widget shows its picture in a notebook as an ``<img>`` of it, and :class:`Picture` any
SVG the same way);
``RecordingPainter`` keeps the calls (tests). The ipycanvas painter lives in
``railwidgets.ui.canvas`` because it imports ipycanvas.

>>> from railwidgets.draw import SvgPainter
>>> SvgPainter(10, 10).to_svg().startswith("<svg")
True
"""

from railwidgets.draw.painter import FONT_FAMILY, Painter, Point, hex_to_rgb
from railwidgets.draw.recording import Call, RecordingPainter
from railwidgets.draw.svg import Picture, SvgPainter

__all__ = [
    "FONT_FAMILY",
    "Call",
    "Painter",
    "Picture",
    "Point",
    "RecordingPainter",
    "SvgPainter",
    "hex_to_rgb",
]
