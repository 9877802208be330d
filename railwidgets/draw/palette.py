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
RECENT = "#EE7733"  # a move made since your turn (orange: told from SELECT's blue by all)


@lru_cache(maxsize=256)
def ink_for(fill: str) -> str:
    """Dark or white ink, whichever reads better on ``fill`` (WCAG relative luminance)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in hex_to_rgb(fill))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return DARK if lum > 0.3 else LIGHT


class Swatch(NamedTuple):
    """A colour as players see it: ``fill``, its ``mark`` (a letter or digit) and ``ink``."""

    fill: str
    mark: str

    @property
    def ink(self) -> str:
        return ink_for(self.fill)
