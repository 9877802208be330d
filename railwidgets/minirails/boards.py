"""The profit boards of a Mini Rails table: one −10..+10 track per player (pure drawing).

Every share is a company disc with a 12 px letter at its value; up to six
shares share a cell without leaving it (two side by side, two or three high).
At the end, a removed share stays where it was, pale with a red ring and a
red stroke under its letter, so its company can still be read.

>>> from railwidgets.minirails.layout import Layout
>>> offsets = share_offsets(4, Layout())
>>> len(offsets), all(abs(dx) < Layout().cell_w() / 2 for dx, _ in offsets)
(4, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from railwidgets.draw.painter import Painter, Point
from railwidgets.draw.palette import DARK, GRID, LIGHT, MUTED, ink_for
from railwidgets.i18n import _, tr
from railwidgets.minirails.components import COMPANY_FILL, COMPANY_LETTER, PROFIT_MAX, PROFIT_MIN
from railwidgets.minirails.layout import (
    MIN_TEXT,
    Layout,
    draw_discs,
    draw_marker,
    letters_width,
    player_name,
)
from railwidgets.minirails.state import BUILD, BUY, Share

__all__ = ["draw_boards", "draw_boards_static", "share_offsets", "share_points"]

LOSS_CELL, EVEN_CELL, PROFIT_CELL = "#F3D6D3", "#FFFFFF", "#D8EBCF"
REMOVED = "#B71C1C"  # the ring and stroke of a share removed at the end (§2.10)
LABEL = {"size": MIN_TEXT, "fill": MUTED, "align": "left", "baseline": "bottom", "bold": True}


def _tag_width(word: str) -> float:
    """How wide an action tag must be for ``word`` in bold at MIN_TEXT (measured in
    Chromium with the canvas font stack: Cyrillic capitals are the widest)."""
    return 4 + sum(9.6 if ord(ch) > 0x24F else 8.6 for ch in word)


def draw_boards_static(painter: Painter, players: int, layout: Layout) -> None:
    """The scale, then per player: marker, name and an empty −10..+10 track."""
    w = layout.cell_w()
    scale_y = layout.boards_y - 3
    painter.text(10, scale_y, _("PROFIT BOARDS"), **LABEL)  # type: ignore[arg-type]
    for v in range(PROFIT_MIN, PROFIT_MAX + 1):
        x = layout.track_x + (v - PROFIT_MIN) * w + w / 2
        painter.text(
            x, scale_y, f"{v:+d}" if v else "0", size=MIN_TEXT, fill=MUTED, baseline="bottom"
        )
    cells, fills = [], []
    for seat in range(players):
        y = layout.board_top(seat)
        for v in range(PROFIT_MIN, PROFIT_MAX + 1):
            cells.append((layout.track_x + (v - PROFIT_MIN) * w, y + 1, w, layout.board_row - 2))
            fills.append(LOSS_CELL if v < 0 else PROFIT_CELL if v > 0 else EVEN_CELL)
        cy = y + layout.board_row / 2
        draw_marker(painter, 20, cy - 7, 9, seat)
        name = tr(player_name(seat))  # a long name (Polish) gets smaller to fit before the track
        ems = sum(0.8 if ord(ch) > 0x24F else 0.68 for ch in name) or 1  # Cyrillic: wider
        size = min(13.0, (layout.track_x - 38) / ems)
        painter.text(34, cy - 7, name, size=size, fill=DARK, align="left", bold=True)
    painter.rects(cells, fills, stroke=GRID, width=0.6)


def share_offsets(n: int, layout: Layout) -> list[Point]:
    """Where ``n`` shares at one value sit in their cell, in the order they were bought.

    One in the middle; two side by side; three or four two high; five or six
    three high in two columns (the discs overlap a little, every letter shows).
    """
    r = layout.share_r
    # side by side, two letters of a language (issue 24) keep apart as far as the cell allows
    dx = min(max(r + 0.5, letters_width() / 2 + 0.5), layout.cell_w() / 2 - r)
    if n == 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-dx, 0.0), (dx, 0.0)]
    if n <= 4:
        dy = r + 1
        return [(-dx, -dy), (dx, -dy), (-dx, dy), (dx, dy)][:n]
    dy = (layout.board_row - 2 * r) / 2 - 0.5
    return [(x, y) for y in (-dy, 0.0, dy) for x in (-dx, dx)][:n]


def share_points(shares: Sequence[Share], seat: int, layout: Layout) -> list[Point]:
    """Where each of ``seat``'s ``shares`` is drawn, in the same order."""
    by_value: dict[int, list[int]] = {}
    for i, share in enumerate(shares):
        by_value.setdefault(share.value, []).append(i)
    points: list[Point] = [(0.0, 0.0)] * len(shares)
    for value, indexes in by_value.items():
        x, y = layout.cell_centre(seat, value)
        for i, (dx, dy) in zip(indexes, share_offsets(len(indexes), layout), strict=True):
            points[i] = (x + dx, y + dy)
    return points


def draw_boards(
    painter: Painter,
    shares: Sequence[Sequence[Share]],
    actions_left: Sequence[frozenset[str]] | None,
    layout: Layout,
    *,
    final: Sequence[tuple[int, Sequence[Share]]] | None = None,
    winners: frozenset[int] = frozenset(),
) -> None:
    """Every share at its value; per player the actions left (``BUY``/``BUILD`` tags).

    At the end pass ``final``: per seat its score and the shares removed (§2.10);
    the score replaces the tags and the removed shares are drawn struck.
    """
    tags: list[tuple[float, float, float, float]] = []
    tag_fills: list[str | None] = []
    words: list[tuple[float, float, str, str]] = []
    kept: list[tuple[Point, str]] = []
    removed: list[tuple[Point, str]] = []
    for seat, seat_shares in enumerate(shares):
        cy = layout.board_top(seat) + layout.board_row / 2
        if final is not None:
            score, gone = final[seat]
            mark = "  ★ " + _("wins") if seat in winners else ""
            painter.text(
                34, cy + 9, f"{score:+d}{mark}", size=13, fill=DARK, align="left", bold=True
            )
            gone = list(gone)
        else:
            gone = []
            left = actions_left[seat] if actions_left is not None else frozenset()
            x = 34.0
            for action, width in ((BUY, 33.0), (BUILD, 44.0)):
                english = "BUY" if action == BUY else "BUILD"
                word = _("BUY") if action == BUY else _("BUILD")
                if word != english:  # another language: a tag as wide as its word
                    width = _tag_width(word)
                tags.append((x, cy + 2, width, 15))
                tag_fills.append(DARK if action in left else None)
                words.append((x + width / 2, cy + 10, word, LIGHT if action in left else GRID))
                x += width + 4
        for share, point in zip(seat_shares, share_points(seat_shares, seat, layout), strict=True):
            if share in gone:
                gone.remove(share)
                removed.append((point, share.company))
            else:
                kept.append((point, share.company))
    if tags:
        painter.rects(tags, tag_fills, stroke=DARK, width=1)
        for x, y, word, ink in words:
            painter.text(x, y, word, size=MIN_TEXT, fill=ink, bold=True)
    draw_discs(painter, kept, layout.share_r)
    if removed:
        _draw_removed(painter, removed, layout.share_r)


def _draw_removed(painter: Painter, items: list[tuple[Point, str]], r: float) -> None:
    """Removed shares: a pale disc of the company, a red ring and stroke, the letter on top."""
    centres = [p for p, _ in items]
    painter.circles(centres, r, [LIGHT] * len(items))
    painter.circles(centres, r, [COMPANY_FILL[c] for _, c in items], alpha=0.4)
    painter.circles(centres, r, [None] * len(items), stroke=REMOVED, width=2)
    painter.lines(
        [((x - r * 0.7, y + r * 0.7), (x + r * 0.7, y - r * 0.7)) for x, y in centres],
        stroke=REMOVED,
        width=1.5,
    )
    for (x, y), c in items:
        ink = DARK if ink_for(COMPANY_FILL[c]) == DARK or c == "gray" else COMPANY_FILL[c]
        painter.text(x, y + 0.5, COMPANY_LETTER[c], size=MIN_TEXT, fill=ink, bold=True)
