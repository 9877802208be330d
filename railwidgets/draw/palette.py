"""Colours shared by every game's drawing (no widget imports).

Every colour a player must tell apart also carries a letter or a shape:
a :class:`Swatch` is a fill, the ink to write on it and that mark.

>>> ink_for("#F9D71C")   # dark ink on yellow
'#212121'
>>> ink_for("#1E5AA8")   # white ink on blue
'#FFFFFF'
>>> Swatch("#C62828", "R").ink
'#FFFFFF'
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from railwidgets.draw.painter import hex_to_rgb

__all__ = [
    "DARK",
    "FAINT",
    "GRID",
    "HIGHLIGHT",
    "HIGHLIGHT_FILL",
    "LIGHT",
    "MUTED",
    "PANEL",
    "PAPER",
    "RECENT",
    "SELECT",
    "Swatch",
    "contrast_ratio",
    "ink_for",
]

PAPER = "#FBF8F1"  # the table under everything
PANEL = "#F1ECE0"  # boxes and tracks
GRID = "#B9B0A0"  # thin outlines
DARK = "#212121"  # outlines of pieces, main text
MUTED = "#6D6A64"  # labels
FAINT = "#A8A39A"  # spent things
LIGHT = "#FFFFFF"
HIGHLIGHT = "#111111"  # outline of a legal target (drawn thick, over a white wash)
HIGHLIGHT_FILL = "#FFFFFF"
SELECT = "#0077BB"  # the choice in hand (drawn as a thick box, not by colour alone)
RECENT = "#D55E00"  # a move made since your turn (Okabe–Ito vermilion: told from SELECT's
#                      blue by all, 3:1 on PAPER, PANEL and tiles: tests/a11y)


@lru_cache(maxsize=256)
def ink_for(fill: str) -> str:
    """Dark or white ink, whichever contrasts more with ``fill`` (WCAG 2.2 contrast ratio)."""
    ink_lum = _luminance(fill)
    on_dark = (_luminance(LIGHT) + 0.05) / (ink_lum + 0.05)
    on_light = (ink_lum + 0.05) / (_luminance(DARK) + 0.05)
    return LIGHT if on_dark > on_light else DARK


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG 2.2 contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast_ratio("#FFFFFF", "#000000"), 1)
    21.0
    """
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _luminance(colour: str) -> float:
    """WCAG 2.2 relative luminance of ``#rrggbb``."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in hex_to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


class Swatch(NamedTuple):
    """A colour as players see it: ``fill``, its ``mark`` (a letter or digit) and ``ink``."""

    fill: str
    mark: str

    @property
    def ink(self) -> str:
        return ink_for(self.fill)
