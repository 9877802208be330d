"""Draw a Mini Rails game on any :class:`~railwidgets.draw.painter.Painter` (pure, no widgets).

Everything a player at the table sees: the 49-hex map (terrain colour plus white
dots for profit and red dots for loss, as on the tiles, and each empty hex's
name such as ``E4``), the six company frames with their blocked discs, the discs
on the map, the order track, the market, the taxed area, the bag, and every
player's profit board (−10..+10, in :mod:`~railwidgets.minirails.boards`).

Three layers, bottom to top: ``"static"`` (what never changes during a game:
map, frames, empty tracks; draw it once), ``"pieces"`` (discs, markers, shares,
round) and ``"highlights"`` (legal targets, the selected market slot, the
moves since a person's last turn). What a target is, in words: :func:`describe`.
The moves since a person's turn and the end of a round as steps are drawn by
:mod:`~railwidgets.minirails.story` (re-exported here).

>>> from railwidgets import minirails
>>> from railwidgets.draw import RecordingPainter
>>> game = minirails.Game(players=3, seed=7)
>>> painter = RecordingPainter()
>>> draw_game(game, painter)
>>> hexes = painter.by_name("polygons", "static")[0]
>>> len(hexes["shapes"])
49
>>> layout = Layout()
>>> hit_test(game, *layout.hex_centre((0, 0)), layout)
HexTarget(hex=(0, 0))
>>> hit_test(game, *layout.market_slot_centre(2), layout)
MarketTarget(slot=2)
>>> describe(game, HexTarget((0, 0)))
'E4: The Big City, +5 (empty)'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from railwidgets.core.action import Action
from railwidgets.core.hexgrid import Hex, corners
from railwidgets.draw.metrics import fit_size, text_width
from railwidgets.draw.painter import Painter, Point
from railwidgets.draw.palette import (
    DARK,
    GRID,
    HIGHLIGHT,
    LIGHT,
    MUTED,
    PANEL,
    PAPER,
    SELECT,
    ink_for,
)
from railwidgets.i18n import N_, TC_, _, tr
from railwidgets.minirails.boards import draw_boards_static
from railwidgets.minirails.components import (
    COMPANY_FILL,
    COMPANY_LETTER,
    HEX_NAMES,
    MAP_HEXES,
    PLAYER_COLOURS,
    PLAYER_FILL,
    RING_CW,
    TAXED_SPACES,
    TERRAIN_VALUE,
)
from railwidgets.minirails.describe import describe
from railwidgets.minirails.layout import (
    DEFAULT_LAYOUT,
    MAP_ORDER,
    MIN_TEXT,
    TERRAIN_FILL,
    TILE_OF,
    FrameTarget,
    HexTarget,
    Layout,
    MarketTarget,
    Target,
    as_target,
    blocked_centres,
    edge,
    frame_geometry,
    segment_distance,
)
from railwidgets.minirails.story import draw_recent_moves, round_end_frames
from railwidgets.minirails.table import ORDER_HEADING, draw_hex_names, draw_table, headline

if TYPE_CHECKING:
    from railwidgets.minirails.rules import Game

__all__ = [
    "DEFAULT_LAYOUT",
    "LAYERS",
    "TERRAIN_FILL",
    "FrameTarget",
    "HexTarget",
    "Layout",
    "MarketTarget",
    "Target",
    "describe",
    "draw_game",
    "draw_highlights",
    "draw_pieces",
    "draw_recent_moves",
    "draw_static",
    "frame_centre",
    "hit_test",
    "round_end_frames",
]

LAYERS: tuple[str, ...] = ("static", "pieces", "highlights")
PROFIT_DOT, LOSS_DOT = "#FFFFFF", "#D32F2F"
_MARKET_HEADING = N_("MARKET  (click a disc)")
LABEL = {"size": MIN_TEXT, "fill": MUTED, "align": "left", "baseline": "bottom", "bold": True}


# -- the three layers --------------------------------------------------------------------------------


def draw_game(
    game: Game,
    painter: Painter,
    *,
    highlights: Iterable[Target | Hex] = (),
    selected: int | None = None,
    viewer: int | None = None,
    recent: Iterable[tuple[int, Action]] = (),
    hovered: Target | Hex | None = None,
    layout: Layout = DEFAULT_LAYOUT,
) -> None:
    """Draw the whole table: static layer, pieces, then highlights and the ``recent`` moves.

    ``viewer`` is the seat of the person at the screen: on their turn the header
    says so and the market stands out. ``recent`` lists ``(seat, action)``, the
    last moves of the game (see :func:`draw_recent_moves`).
    """
    draw_static(game, painter, layout)
    draw_pieces(game, painter, layout, viewer=viewer)
    draw_highlights(game, painter, highlights, selected, layout, viewer=viewer, hovered=hovered)
    recent = list(recent)
    if recent:
        draw_recent_moves(game, painter, recent, layout)


def draw_static(game: Game, painter: Painter, layout: Layout = DEFAULT_LAYOUT) -> None:
    """What never changes in a game: map, frames, empty tracks, labels, the legend."""
    s = game.state
    painter.layer("static")
    painter.rect(0, 0, layout.width, layout.height, fill=PAPER)
    size = layout.hex_size
    # the 49 hexes, then the thick borders between the seven tiles
    centres = [layout.hex_centre(h) for h in MAP_ORDER]
    shapes = [corners(x, y, size) for x, y in centres]
    painter.polygons(shapes, [TERRAIN_FILL[s.hexes[h]] for h in MAP_ORDER], stroke=GRID, width=1)
    borders = [
        edge(layout, h, i)
        for h in MAP_ORDER
        for i, d in enumerate(RING_CW)
        if (h[0] + d[0], h[1] + d[1]) in MAP_HEXES
        and TILE_OF[(h[0] + d[0], h[1] + d[1])] != TILE_OF[h]
    ]
    painter.lines(borders, stroke="#5D5446", width=2.2)
    # dots: white for profit, red for loss (as on the tiles)
    spacing = size * 0.42
    white: list[Point] = []
    red: list[Point] = []
    for h, (x, y) in zip(MAP_ORDER, centres, strict=True):
        value = TERRAIN_VALUE[s.hexes[h]]
        dots = white if value > 0 else red
        dots.extend((x + dx, y + dy) for dx, dy in _dot_offsets(abs(value), spacing))
    dot_r = size * 0.13
    painter.circles(white, dot_r, [PROFIT_DOT] * len(white), stroke=DARK, width=1)
    painter.circles(red, dot_r, [LOSS_DOT] * len(red), stroke=LIGHT, width=1.2)
    city = next(h for h in MAP_ORDER if s.hexes[h] == "big_city")
    cx, cy = layout.hex_centre(city)
    painter.polygon(corners(cx, cy, size * 0.84), stroke=LIGHT, width=2.5)
    painter.polygon(corners(cx, cy, size * 0.72), stroke=DARK, width=1.5)
    draw_hex_names(painter, s, layout, MAP_ORDER)
    # the company frames around the map, each with its letter
    for company, slot in s.frames.items():
        segments, (lx, ly), _g = frame_geometry(layout, slot)
        fill = COMPANY_FILL[company]
        painter.lines(segments, stroke=DARK, width=layout.frame_width + 2.5)
        painter.lines(segments, stroke=fill, width=layout.frame_width)
        # the frame's tag is a square (a disc would read as a blocked disc)
        half = layout.disc_r * 0.85
        painter.rect(lx - half, ly - half, 2 * half, 2 * half, fill=fill, stroke=DARK, width=1.5)
        letter = COMPANY_LETTER[company]  # the language's (issue 24): one or two letters
        size = fit_size(tr(letter), 2 * half - 12, half * 1.3, 12.0, bold=True)
        painter.text(lx, ly + 0.5, letter, size=size, fill=ink_for(fill), bold=True)
    _draw_panel_static(game.num_players, painter, layout)
    if game.num_players in game.DESIGNED_PLAYERS:  # D1: not in the rulebook, our design
        painter.text(
            layout.track_right,
            layout.bag_y - 4,
            _("{n}-player variant (designed)").format(n=game.num_players),
            size=MIN_TEXT,
            fill=MUTED,
            align="right",
            baseline="bottom",
        )
    draw_boards_static(painter, game.num_players, layout)


def _dot_offsets(n: int, d: float) -> list[Point]:
    """Where ``n`` dots sit on a hex (as on the physical tiles), ``d`` the spacing."""
    if n == 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-d * 0.6, 0.0), (d * 0.6, 0.0)]
    if n == 3:
        return [
            (d * 0.7 * math.cos(a), d * 0.7 * math.sin(a))
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    return [
        (-d * 0.6, -d * 0.6),
        (d * 0.6, -d * 0.6),
        (0.0, 0.0),
        (-d * 0.6, d * 0.6),
        (d * 0.6, d * 0.6),
    ][:n]


#: The legend's short names of the terrains (a box 55 px wide).
_LEGEND = {
    "big_city": TC_("legend", "Big City"),
    "suburbs": TC_("legend", "Suburbs"),
    "farmland": TC_("legend", "Farmland"),
    "plains": TC_("legend", "Plains"),
    "forest": TC_("legend", "Forest"),
    "lake": TC_("legend", "Lake"),
    "mountains": TC_("legend", "Mountains"),
}


def _draw_panel_static(n: int, painter: Painter, layout: Layout) -> None:
    x0 = layout.panel_x
    painter.text(x0, layout.order_y - 4, _(ORDER_HEADING), **LABEL)  # type: ignore[arg-type]
    painter.text(x0, layout.market_y - 4, _(_MARKET_HEADING), **LABEL)  # type: ignore[arg-type]
    painter.text(x0, layout.taxed_y - 4, _("TAXED"), **LABEL)  # type: ignore[arg-type]
    painter.text(x0, layout.bag_y - 4, _("IN THE BAG"), **LABEL)  # type: ignore[arg-type]
    boxes = [layout.slot_box(layout.order_y, i) for i in range(2 * n)]
    boxes += [layout.slot_box(layout.market_y, i) for i in range(2 * n + 1)]
    boxes += [layout.slot_box(layout.taxed_y, i) for i in range(TAXED_SPACES)]
    painter.rects(boxes, [PANEL] * len(boxes), stroke=GRID, width=1)
    for i in range(2 * n + 1):
        cx, _y = layout.slot_centre(layout.market_y, i)
        painter.text(
            cx, layout.market_y + layout.slot + 5, str(i), size=MIN_TEXT, fill=MUTED, baseline="top"
        )
    # terrain legend: the dots and what they are worth
    painter.text(x0, layout.legend_y - 4, _("TERRAIN  (white dot +1, red dot −1)"), **LABEL)  # type: ignore[arg-type]
    step = 55.5
    mini = 13.0
    shapes, fills, white, red = [], [], [], []
    for k, terrain in enumerate(TERRAIN_VALUE):
        x, y = x0 + mini + k * step, layout.legend_y + mini + 2
        shapes.append(corners(x, y, mini))
        fills.append(TERRAIN_FILL[terrain])
        value = TERRAIN_VALUE[terrain]
        (white if value > 0 else red).extend(
            (x + dx, y + dy) for dx, dy in _dot_offsets(abs(value), mini * 0.42)
        )
        painter.text(x, y + mini + 9, f"{value:+d}", size=13, fill=DARK, bold=True)
        name = tr(_LEGEND[terrain])
        painter.text(x, y + mini + 24, name, size=MIN_TEXT, fill=MUTED)
    painter.polygons(shapes, fills, stroke=GRID)
    painter.circles(white, mini * 0.14, [PROFIT_DOT] * len(white), stroke=DARK, width=0.8)
    painter.circles(red, mini * 0.14, [LOSS_DOT] * len(red), stroke=LIGHT, width=0.8)


def draw_pieces(
    game: Game, painter: Painter, layout: Layout = DEFAULT_LAYOUT, *, viewer: int | None = None
) -> None:
    """Discs on the map and frames, the order track, market, taxed area, bag and shares."""
    s = game.state
    last = game.history[-1] if game.history else None
    final = None
    if s.over:
        final = [(line.score, line.removed) for line in game.scoring()]
    draw_table(
        painter,
        s,
        layout,
        header=headline(game, viewer),
        last_hex=getattr(last, "hex", None),
        final=final,
        winners=frozenset(game.winners()),
    )


# -- highlights ---------------------------------------------------------------------------------------


def draw_highlights(
    game: Game,
    painter: Painter,
    highlights: Iterable[Target | Hex] = (),
    selected: int | None = None,
    layout: Layout = DEFAULT_LAYOUT,
    *,
    viewer: int | None = None,
    hovered: Target | Hex | None = None,
    chosen: Hex | None = None,
) -> None:
    """Light up legal targets and mark the ``selected`` slot; on ``viewer``'s turn, the market.

    ``chosen`` is a hex picked but not yet built on (the one a hint lights): it gets a
    thick blue outline, apart from the other lit hexes (a newcomer could not find it).

    A lit hex gets a bright band inside its edge and a dark outline: its middle
    (terrain colour, dots, name) stays as it is, so values can still be compared.
    When it is the ``viewer``'s turn and nothing is selected yet, the market (what
    is picked first) stands out in the player's colour. ``hovered`` (what the
    pointer is over, which :func:`describe` puts in words) gets a thin blue outline.
    """
    painter.layer("highlights")
    s = game.state
    targets = [as_target(t) for t in highlights]
    hexes = [t.hex for t in targets if isinstance(t, HexTarget)]
    if hexes:
        size = layout.hex_size
        centres = [layout.hex_centre(h) for h in hexes]
        bands = [corners(x, y, size * 0.78) for x, y in centres]
        painter.polygons(bands, [None] * len(bands), stroke=LIGHT, width=size * 0.34, alpha=0.85)
        rims = [corners(x, y, size * 0.95) for x, y in centres]
        painter.polygons(rims, [None] * len(rims), stroke=HIGHLIGHT, width=3)
        up = size * 0.61
        for h, (x, y) in zip(hexes, centres, strict=True):
            if h not in s.board:
                painter.text(x, y - up, HEX_NAMES[h], size=MIN_TEXT, fill=DARK, bold=True)
    for t in targets:
        if isinstance(t, FrameTarget):
            slot = s.frames[t.company]
            segments, (lx, ly), _g = frame_geometry(layout, slot)
            painter.lines(segments, stroke=HIGHLIGHT, width=layout.frame_width + 6)
            painter.lines(segments, stroke=COMPANY_FILL[t.company], width=layout.frame_width)
            painter.circle(lx, ly, layout.disc_r + 5, stroke=HIGHLIGHT, width=3)
        elif isinstance(t, MarketTarget):
            bx, by, bw, bh = layout.slot_box(layout.market_y, t.slot)
            painter.rect(bx, by, bw, bh, stroke=MUTED, width=1.5)
    seat = game.current_player
    if viewer is not None and seat == viewer and selected is None:
        _draw_your_turn(painter, len(s.market), seat, layout)
    if selected is not None:
        bx, by, bw, bh = layout.slot_box(layout.market_y, selected)
        painter.rect(bx - 3, by - 3, bw + 6, bh + 6, stroke=SELECT, width=4)
    if chosen is not None:
        painter.polygon(
            corners(*layout.hex_centre(chosen), layout.hex_size), stroke=SELECT, width=5
        )
    if hovered is not None:
        _draw_hovered(game, painter, as_target(hovered), layout)


def _draw_hovered(game: Game, painter: Painter, target: Target, layout: Layout) -> None:
    if isinstance(target, HexTarget):
        painter.polygon(
            corners(*layout.hex_centre(target.hex), layout.hex_size), stroke=SELECT, width=2.5
        )
    elif isinstance(target, MarketTarget):
        bx, by, bw, bh = layout.slot_box(layout.market_y, target.slot)
        painter.rect(bx - 1, by - 1, bw + 2, bh + 2, stroke=SELECT, width=2.5)
    else:
        lx, ly = frame_centre(game, target.company, layout)
        painter.circle(lx, ly, layout.disc_r + 2, stroke=SELECT, width=2.5)


def _draw_your_turn(painter: Painter, slots: int, seat: int, layout: Layout) -> None:
    """The market framed in the player's colour, with a tag saying what to do."""
    fill = PLAYER_FILL[PLAYER_COLOURS[seat]]
    x0, y0 = layout.panel_x - 5, layout.market_y - 5
    w = slots * layout.slot + 7
    painter.rect(x0, y0, w, layout.slot + 7, stroke=LIGHT, width=6)
    painter.rect(x0, y0, w, layout.slot + 7, stroke=fill, width=3.5)
    # the tag stands over the market's heading (static layer): as wide as both words
    # (issue 24), from just under the order's "now" down onto the frame
    words = _("YOUR TURN: take a disc")
    heading = _(_MARKET_HEADING)
    tag_w = max(196.0, text_width(words, 13, bold=True) + 12,
                text_width(heading, MIN_TEXT, bold=True) + 8)  # fmt: skip
    painter.rect(x0, y0 - 17, tag_w, 18, fill=fill, stroke=fill, width=1)
    painter.text(x0 + tag_w / 2, y0 - 9.5, words, size=13, fill=ink_for(fill), bold=True)


# -- hit test -------------------------------------------------------------------------------------


def hit_test(game: Game, x: float, y: float, layout: Layout = DEFAULT_LAYOUT) -> Target | None:
    """What is under canvas pixel ``(x, y)``: a hex, a market slot, a frame, or ``None``."""
    h = layout.hex_at(x, y)
    if h in MAP_HEXES:
        return HexTarget(h)
    for i in range(len(game.state.market)):
        bx, by, bw, bh = layout.slot_box(layout.market_y, i)
        if bx - 1 <= x <= bx + bw + 1 and by - 1 <= y <= by + bh + 1:
            return MarketTarget(i)
    s = game.state
    for company, slot in s.frames.items():
        segments, (lx, ly), _g = frame_geometry(layout, slot)
        if math.hypot(x - lx, y - ly) <= layout.disc_r + 6:
            return FrameTarget(company)
        for px, py in blocked_centres(layout, slot, s.frame_discs[company]):
            if math.hypot(x - px, y - py) <= layout.disc_r:
                return FrameTarget(company)
        for a, b in segments:
            if segment_distance(x, y, a, b) <= layout.frame_width:
                return FrameTarget(company)
    return None


def frame_centre(game: Game, company: str, layout: Layout = DEFAULT_LAYOUT) -> Point:
    """The centre of ``company``'s frame tag (the square with its letter): a click there hits the frame."""
    return frame_geometry(layout, game.state.frames[company])[1]
