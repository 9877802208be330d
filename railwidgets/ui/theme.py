"""Colours and small HTML pieces for the widgets (every colour also has a letter or shape).

The drawing colours live in :mod:`railwidgets.draw.palette` (no widget imports)
and are re-exported here; this module adds what only the widgets use.

>>> chip(Swatch("#C62828", "R")).endswith(">R</span>")
True
"""

from __future__ import annotations

from html import escape

from railwidgets.draw.palette import (
    DARK,
    FAINT,
    GRID,
    HIGHLIGHT,
    HIGHLIGHT_FILL,
    LIGHT,
    MUTED,
    PANEL,
    PAPER,
    SELECT,
    Swatch,
    ink_for,
)

__all__ = [
    "DARK",
    "ERROR",
    "FAINT",
    "GRID",
    "HIGHLIGHT",
    "HIGHLIGHT_FILL",
    "INFO",
    "LIGHT",
    "MUTED",
    "PANEL",
    "PAPER",
    "SELECT",
    "Swatch",
    "chip",
    "ink_for",
    "status_html",
]

ERROR = "#B00020"  # an illegal click: also prefixed with a cross, not colour alone
INFO = DARK


def chip(swatch: Swatch, text: str | None = None, *, round_: bool = True) -> str:
    """A small coloured mark with its letter, for tables and logs (``round_``: a disc, else a square).

    >>> "R" in chip(Swatch("#C62828", "R"))
    True
    """
    radius = "50%" if round_ else "3px"
    label = escape(text if text is not None else swatch.mark)
    style = (
        f"display:inline-block;min-width:1.3em;padding:0 3px;text-align:center;"
        f"font-weight:bold;border:1px solid {DARK};border-radius:{radius};"
        f"background:{swatch.fill};color:{swatch.ink}"
    )
    return f'<span style="{style}">{label}</span>'


def status_html(text: str, *, error: bool = False) -> str:
    """The status line: plain text escaped; an error is red and starts with a cross.

    >>> status_html("a < b")
    '<span style="color:#212121">a &lt; b</span>'
    """
    if error:
        return f'<span style="color:{ERROR};font-weight:bold">✗ {escape(text)}</span>'
    return f'<span style="color:{INFO}">{escape(text)}</span>'
