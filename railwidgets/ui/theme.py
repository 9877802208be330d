"""Colours, small HTML pieces and the page's CSS for the widgets (every colour also has a
letter or shape).

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
from railwidgets.i18n import tr

__all__ = [
    "BOARD_CLASS",
    "BOARD_CSS",
    "BUTTON_CSS",
    "BUTTON_FILLS",
    "DARK",
    "ERROR",
    "FAINT",
    "FOCUS_HALO",
    "FOCUS_RING",
    "GRID",
    "HIGHLIGHT",
    "HIGHLIGHT_FILL",
    "INFO",
    "LIGHT",
    "LOAD_CLASS",
    "MUTED",
    "OPTION_CLASS",
    "PANEL",
    "PAPER",
    "SELECT",
    "SIDE_CLASS",
    "STATUS_HEIGHT",
    "VOILA_ABOVE_BOARD",
    "Swatch",
    "chip",
    "ink_for",
    "points",
    "status_html",
]

#: The CSS class of every board's ``<canvas>``.
BOARD_CLASS = "railwidgets-board"

#: CSS for the page (sent as a ``<style>`` in an HTML widget: no JavaScript of our own).
#:
#: ipycanvas 0.14 answers a mouse-down by focusing the ``<canvas>`` (so that keys reach
#: it), then measures the click against where the canvas is *after* that focus
#: (``CanvasView.onMouseDown``: ``this.el.focus()``, then ``getCoordinates``, which reads
#: ``getBoundingClientRect()``). Focusing an element that is not wholly in view scrolls
#: it into view, so the first click on a board partly off screen went to another spot
#: (measured at 1280×800: 125 px in Voilà, 270 px in JupyterLab). A negative
#: ``scroll-margin`` larger than half the board shrinks the area the browser brings into
#: view to nothing, so focusing scrolls nothing; the canvas still takes focus (R, Esc,
#: Enter). It holds only while the pointer is over the board (``:hover``, as it is for a
#: click or a tap): a board reached with Tab is scrolled into view (issue 25, 200% zoom).
#:
#: The Load button is a stock ``FileUpload``, which always writes how many files it holds
#: after its label ("Load (0)": a count that means nothing to a player, issue 27 item 5);
#: its text is hidden and the label written again beside its icon.
#:
#: In a Voilà app (``body[data-voila]``) the page is the game: the board is never taller
#: than the window less :data:`VOILA_ABOVE_BOARD` (the page's title line and the controls
#: above the board), keeping its proportions, so that at 1280×800 the whole board is in
#: view when the page opens (issue 27 item 10). JupyterLab is left alone: a notebook
#: scrolls, and the tutorials' tall boards would shrink too much.
LOAD_CLASS = "railwidgets-load"
#: The column beside the board ("since your turn"). It is as tall as the board and its
#: list scrolls inside it: a long list at the end of a game pushed the score table far
#: below the board (a newcomer's play-through, issue 27). Wrapped under a narrow board,
#: it keeps a fixed height.
SIDE_CLASS = "railwidgets-side"
#: One option of New game…'s form: its label goes above its choice (see BOARD_CSS).
OPTION_CLASS = "railwidgets-option"
#: The row of a decision's buttons: it keeps the tallest height it has had at its width
#: (:mod:`railwidgets.ui.page`), so the board below does not move as buttons come and go.
DECISION_CLASS = "railwidgets-decision"
VOILA_ABOVE_BOARD = 285
BOARD_CSS = (
    # a focus the pointer brought (a click on the board, or on one of the widget's buttons,
    # after which the board takes the keys) never scrolls the page: the board is where the
    # person is looking. Tab with the pointer elsewhere still scrolls the board into view.
    f".railwidgets:hover canvas.{BOARD_CLASS}, canvas.{BOARD_CLASS}:hover"
    " { scroll-margin: -100000px; }"
    f" .{LOAD_CLASS} {{ font-size: 0 !important; }}"
    f" .{LOAD_CLASS} > i {{ font-size: var(--jp-widgets-font-size, 13px); }}"
    f' .{LOAD_CLASS}::after {{ content: "Load…"; margin-left: 4px;'
    " font-size: var(--jp-widgets-font-size, 13px); }"
    # New game…'s options: each label above its choice, both as wide as the option's box,
    # and a long checkbox label on two lines: no language's words are cut (issue 24)
    f" .{OPTION_CLASS} > .widget-inline-hbox {{ flex-wrap: wrap; height: auto; }}"
    f" .{OPTION_CLASS} > .widget-dropdown > .widget-label"
    " { width: 100% !important; max-width: 100%; text-align: left; }"
    f" .{OPTION_CLASS} > .widget-dropdown > select"
    " { flex: 1 1 100%; height: var(--jp-widgets-inline-height, 28px); }"
    f" .{OPTION_CLASS} .widget-label-basic {{ white-space: normal; height: auto; }}"
    f" .{SIDE_CLASS} {{ position: relative; min-height: 220px; }}"
    f" .{SIDE_CLASS} > .railwidgets-recent {{ position: absolute; inset: 0; overflow-y: auto; }}"
    # (not in a short window, 200% zoom say: the board would be too small; the page scrolls)
    f" @media (min-height: 600px) {{ body[data-voila] canvas.{BOARD_CLASS} {{ width: auto !important;"
    f" max-width: 100% !important; max-height: calc(100vh - {VOILA_ABOVE_BOARD}px); }} }}"
)


def load_css() -> str:
    """The Load button's label in each other language (a FileUpload marked
    ``railwidgets-load-<lang>``: see :meth:`railwidgets.ui.saving.SaveLoad.speak`)."""
    from railwidgets.i18n import LANGUAGES, N_, catalog

    label = N_("Load…")
    return "".join(
        f' .{LOAD_CLASS}-{code}::after {{ content: "{catalog(code).gettext(label)}"; }}'
        for code in LANGUAGES
        if code != "en"
    )


ERROR = "#B00020"  # an illegal click: also prefixed with a cross, not colour alone
#: Stock button styles with white text, in colours dark enough for it (4.5:1; the
#: ipywidgets defaults are 2.2–3.7:1, which axe-core reports): style -> background.
BUTTON_FILLS = {
    "success": "#2E7D32",
    "primary": "#1565C0",
    "info": "#00727C",
    "warning": "#B45309",
    "danger": "#C62828",
}
BUTTON_CSS = " ".join(
    f".railwidgets .jupyter-button.mod-{style} {{ background-color: {fill}; color: {LIGHT}; }}"
    for style, fill in BUTTON_FILLS.items()
)
#: The keyboard cursor on the board and the focus ring around it: a dark ring inside a
#: light one, so that one of them stands out 3:1 on any colour (tests/a11y/test_seeing.py).
FOCUS_RING = DARK
FOCUS_HALO = LIGHT
INFO = DARK


def points(n: int) -> str:
    """A score in words, as a result line says it.

    >>> points(6), points(1), points(-3)
    ('6 points', '1 point', '-3 points')
    """
    from railwidgets.i18n import ngettext

    return ngettext("{n} point", "{n} points", abs(n)).format(n=n)


def chip(swatch: Swatch, text: str | None = None, *, round_: bool = True) -> str:
    """A small coloured mark with its letter, for tables and logs (``round_``: a disc, else a square).

    >>> "R" in chip(Swatch("#C62828", "R"))
    True
    """
    radius = "50%" if round_ else "3px"
    label = escape(tr(text if text is not None else swatch.mark))  # a Text: in the language in use
    style = (
        f"display:inline-block;min-width:1.3em;padding:0 3px;text-align:center;"
        f"font-weight:bold;border:1px solid {DARK};border-radius:{radius};"
        f"background:{swatch.fill};color:{swatch.ink}"
    )
    return f'<span style="{style}">{label}</span>'


#: The status line's height: two lines of text, always (the board below never moves).
STATUS_LINE = 20
STATUS_HEIGHT = 2 * STATUS_LINE


def status_html(text: str, *, error: bool = False) -> str:
    """The status line: plain text escaped; an error is red and starts with a cross.

    It shows two lines at most (a longer text ends in "…"); the whole text is the
    element's title, shown when the pointer rests on it.

    >>> status_html("a < b")  # doctest: +ELLIPSIS
    '<div class="railwidgets-status-text" title="a &lt; b" style="...color:#212121">a &lt; b</div>'
    """
    shown = f"✗ {text}" if error else text
    colour = f"color:{ERROR};font-weight:bold" if error else f"color:{INFO}"
    clamp = (
        f"line-height:{STATUS_LINE}px;max-height:{STATUS_HEIGHT}px;overflow:hidden;"
        "display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;"
    )
    return (
        f'<div class="railwidgets-status-text" title="{escape(shown)}" '
        f'style="{clamp}{colour}">{escape(shown)}</div>'
    )
