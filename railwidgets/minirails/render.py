"""Draw a Mini Rails game on any :class:`~railwidgets.draw.painter.Painter` (pure, no widgets).

Everything a player at the table sees: the 49-hex map (terrain colour plus white
dots for profit and red dots for loss, as on the tiles), the six company frames
with their blocked discs, the discs on the map, the order track, the market,
the taxed area, the bag, and every player's profit board (−10..+10).

Three layers, bottom to top: ``"static"`` (what never changes during a game:
map, frames, empty tracks; draw it once), ``"pieces"`` (discs, markers, shares,
round) and ``"highlights"`` (legal targets, the selected market slot).

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
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from railwidgets.core.hexgrid import Hex, corners, from_pixel, to_pixel
from railwidgets.draw.painter import Painter, Point
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
    ink_for,
)
from railwidgets.minirails.components import (
    COMPANIES,
    COMPANY_FILL,
    COMPANY_LETTER,
    MAP_HEXES,
    PLAYER_COLOURS,
    PLAYER_FILL,
    PROFIT_MAX,
    PROFIT_MIN,
    RING_CW,
    ROUNDS,
    TAXED_SPACES,
    TERRAIN_NAME,
    TERRAIN_VALUE,
    TILE_SLOTS,
)

if TYPE_CHECKING:
    from railwidgets.minirails.rules import Game

__all__ = [
    "LAYERS",
    "TERRAIN_FILL",
    "FrameTarget",
    "HexTarget",
    "Layout",
    "MarketTarget",
    "Target",
    "draw_game",
    "draw_highlights",
    "draw_pieces",
    "draw_static",
    "frame_centre",
    "hit_test",
]

LAYERS: tuple[str, ...] = ("static", "pieces", "highlights")

#: A readable colour per terrain; the value itself is shown by dots, as on the tiles.
TERRAIN_FILL: dict[str, str] = {
    "big_city": "#8A94A6",
    "suburbs": "#D9B56C",
    "farmland": "#C4D96B",
    "plains": "#96C98A",
    "forest": "#3E7A4F",
    "lake": "#4F8FCB",
    "mountains": "#8B7766",
}
PROFIT_DOT, LOSS_DOT = "#FFFFFF", "#D32F2F"


# -- what a click can hit --------------------------------------------------------------------


@dataclass(frozen=True)
class HexTarget:
    """A hex of the map."""

    hex: Hex


@dataclass(frozen=True)
class MarketTarget:
    """A slot of the market row (it may hold a disc or a marker)."""

    slot: int


@dataclass(frozen=True)
class FrameTarget:
    """A company's frame (where its blocked discs go)."""

    company: str


Target = HexTarget | MarketTarget | FrameTarget


# -- layout: every position on the picture, in one place --------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes. The default fits a JupyterLab cell (900 × 620 px)."""

    width: int = 900
    height: int = 620
    hex_size: float = 27.0
    map_centre: Point = (242.0, 222.0)
    panel_x: float = 500.0  # the right column: order, market, taxed, bag, legend
    slot: float = 35.0  # width of an order / market / taxed space
    header_y: float = 18.0
    order_y: float = 50.0
    market_y: float = 122.0
    taxed_y: float = 200.0
    bag_y: float = 270.0
    legend_y: float = 336.0
    boards_y: float = 438.0  # the profit boards, one row per player
    board_row: float = 32.0
    track_x: float = 212.0
    track_right: float = 890.0
    frame_width: float = 7.0
    disc_scale: float = 0.62  # disc radius / hex size

    # map

    def hex_centre(self, h: Hex) -> Point:
        x, y = to_pixel(h, self.hex_size)
        return (self.map_centre[0] + x, self.map_centre[1] + y)

    def hex_at(self, x: float, y: float) -> Hex:
        return from_pixel(x - self.map_centre[0], y - self.map_centre[1], self.hex_size)

    @property
    def disc_r(self) -> float:
        return self.hex_size * self.disc_scale

    # right column

    def slot_box(self, row_y: float, i: int) -> tuple[float, float, float, float]:
        return (self.panel_x + i * self.slot, row_y, self.slot - 3, self.slot - 3)

    def slot_centre(self, row_y: float, i: int) -> Point:
        x, y, w, h = self.slot_box(row_y, i)
        return (x + w / 2, y + h / 2)

    def market_slot_centre(self, slot: int) -> Point:
        return self.slot_centre(self.market_y, slot)

    # profit boards

    def cell_w(self) -> float:
        return (self.track_right - self.track_x) / (PROFIT_MAX - PROFIT_MIN + 1)

    def cell_centre(self, seat: int, value: int) -> Point:
        w = self.cell_w()
        x = self.track_x + (value - PROFIT_MIN) * w + w / 2
        return (x, self.boards_y + 14 + seat * self.board_row + self.board_row / 2)


DEFAULT_LAYOUT = Layout()


# -- geometry of the map (cached: it never changes) ----------------------------------------------

_TILE_OF: dict[Hex, int] = {}
for _slot, _centre in TILE_SLOTS.items():
    for _off in ((0, 0), *RING_CW):
        _TILE_OF[(_centre[0] + _off[0], _centre[1] + _off[1])] = _slot
_MAP_ORDER: tuple[Hex, ...] = tuple(sorted(MAP_HEXES, key=lambda h: (h[1], h[0])))


def _edge(layout: Layout, h: Hex, i: int, inset: float = 0.0) -> tuple[Point, Point]:
    """Edge ``i`` of hex ``h`` (the side facing ``RING_CW[i]``), optionally pushed outward."""
    cx, cy = layout.hex_centre(h)
    pts = corners(cx, cy, layout.hex_size)
    a, b = pts[i], pts[(i + 1) % 6]
    if inset:
        angle = math.radians(-60 + 60 * i)
        dx, dy = math.cos(angle) * inset, math.sin(angle) * inset
        a, b = (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)
    return (a, b)


def _frame_geometry(layout: Layout, slot: int) -> tuple[list[tuple[Point, Point]], Point, Point]:
    """The outer edges of ``slot``'s tile, its label centre, and the unit tangent there."""
    segments = []
    mids = []
    for h in MAP_HEXES:
        if _TILE_OF[h] != slot:
            continue
        for i, d in enumerate(RING_CW):
            if (h[0] + d[0], h[1] + d[1]) not in MAP_HEXES:
                seg = _edge(layout, h, i, inset=layout.frame_width / 2 + 1)
                segments.append(seg)
                mids.append(((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2))
    mx = sum(p[0] for p in mids) / len(mids)
    my = sum(p[1] for p in mids) / len(mids)
    cx, cy = layout.map_centre
    dx, dy = mx - cx, my - cy
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm
    reach = norm + layout.hex_size * 1.1
    label = (cx + ux * reach, cy + uy * reach)
    return segments, label, (-uy, ux)


def _blocked_centres(layout: Layout, slot: int, count: int) -> list[Point]:
    _, (lx, ly), (tx, ty) = _frame_geometry(layout, slot)
    step = layout.disc_r * 1.35
    return [(lx + tx * step * (k + 1.3), ly + ty * step * (k + 1.3)) for k in range(count)]


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


def _house(x: float, y: float, r: float) -> list[Point]:
    """A player's marker: a small house shape (companies are discs)."""
    return [(x, y - r), (x + r, y - r * 0.2), (x + r, y + r), (x - r, y + r), (x - r, y - r * 0.2)]


# -- the three layers --------------------------------------------------------------------------------


def draw_game(
    game: Game,
    painter: Painter,
    *,
    highlights: Iterable[Target | Hex] = (),
    selected: int | None = None,
    layout: Layout = DEFAULT_LAYOUT,
) -> None:
    """Draw the whole table: static layer, pieces, then ``highlights`` and the ``selected`` slot."""
    draw_static(game, painter, layout)
    draw_pieces(game, painter, layout)
    draw_highlights(game, painter, highlights, selected, layout)


def draw_static(game: Game, painter: Painter, layout: Layout = DEFAULT_LAYOUT) -> None:
    """What never changes in a game: map, frames, empty tracks, labels, the legend."""
    s = game.state
    painter.layer("static")
    painter.rect(0, 0, layout.width, layout.height, fill=PAPER)
    size = layout.hex_size
    # the 49 hexes, then the thick borders between the seven tiles
    centres = [layout.hex_centre(h) for h in _MAP_ORDER]
    shapes = [corners(x, y, size) for x, y in centres]
    painter.polygons(shapes, [TERRAIN_FILL[s.hexes[h]] for h in _MAP_ORDER], stroke=GRID, width=1)
    borders = [
        _edge(layout, h, i)
        for h in _MAP_ORDER
        for i, d in enumerate(RING_CW)
        if (h[0] + d[0], h[1] + d[1]) in MAP_HEXES
        and _TILE_OF[(h[0] + d[0], h[1] + d[1])] != _TILE_OF[h]
    ]
    painter.lines(borders, stroke="#5D5446", width=2.2)
    # dots: white for profit, red for loss (as on the tiles)
    spacing = size * 0.42
    white: list[Point] = []
    red: list[Point] = []
    for h, (x, y) in zip(_MAP_ORDER, centres, strict=True):
        value = TERRAIN_VALUE[s.hexes[h]]
        dots = white if value > 0 else red
        dots.extend((x + dx, y + dy) for dx, dy in _dot_offsets(abs(value), spacing))
    dot_r = size * 0.13
    painter.circles(white, dot_r, [PROFIT_DOT] * len(white), stroke=DARK, width=1)
    painter.circles(red, dot_r, [LOSS_DOT] * len(red), stroke=LIGHT, width=1.2)
    city = next(h for h in _MAP_ORDER if s.hexes[h] == "big_city")
    cx, cy = layout.hex_centre(city)
    painter.polygon(corners(cx, cy, size * 0.84), stroke=LIGHT, width=2.5)
    painter.polygon(corners(cx, cy, size * 0.72), stroke=DARK, width=1.5)
    # the company frames around the map, each with its letter
    for company, slot in s.frames.items():
        segments, (lx, ly), _ = _frame_geometry(layout, slot)
        fill = COMPANY_FILL[company]
        painter.lines(segments, stroke=DARK, width=layout.frame_width + 2.5)
        painter.lines(segments, stroke=fill, width=layout.frame_width)
        # the frame's tag is a square (a disc would read as a blocked disc)
        half = layout.disc_r * 0.85
        painter.rect(lx - half, ly - half, 2 * half, 2 * half, fill=fill, stroke=DARK, width=1.5)
        painter.text(
            lx, ly + 0.5, COMPANY_LETTER[company], size=half * 1.3, fill=ink_for(fill), bold=True
        )
    _draw_panel_static(game, painter, layout)


def _discs(painter: Painter, items: list[tuple[Point, str]], r: float) -> None:
    """Many company discs in three batched calls (discs, then letters by ink)."""
    if not items:
        return
    painter.circles(
        [p for p, _ in items], r, [COMPANY_FILL[c] for _, c in items], stroke=DARK, width=1.5
    )
    for ink in (DARK, LIGHT):
        for (x, y), c in items:
            if ink_for(COMPANY_FILL[c]) == ink:
                painter.text(x, y + 0.5, COMPANY_LETTER[c], size=r * 1.05, fill=ink, bold=True)


def _marker(painter: Painter, x: float, y: float, r: float, seat: int, alpha: float = 1.0) -> None:
    fill = PLAYER_FILL[PLAYER_COLOURS[seat]]
    painter.polygon(_house(x, y, r), fill=fill, stroke=DARK, width=1.2, alpha=alpha)
    painter.text(x, y + r * 0.2, str(seat + 1), size=r * 1.1, fill=ink_for(fill), bold=True)


def _draw_panel_static(game: Game, painter: Painter, layout: Layout) -> None:
    n = game.num_players
    x0 = layout.panel_x
    label = {"size": 11.0, "fill": MUTED, "align": "left", "baseline": "bottom", "bold": True}
    painter.text(x0, layout.order_y - 4, "ORDER  (this round's turns)", **label)  # type: ignore[arg-type]
    painter.text(x0, layout.market_y - 4, "MARKET  (click a disc)", **label)  # type: ignore[arg-type]
    painter.text(x0, layout.taxed_y - 4, "TAXED", **label)  # type: ignore[arg-type]
    painter.text(x0, layout.bag_y - 4, "IN THE BAG", **label)  # type: ignore[arg-type]
    boxes = [layout.slot_box(layout.order_y, i) for i in range(2 * n)]
    boxes += [layout.slot_box(layout.market_y, i) for i in range(2 * n + 1)]
    boxes += [layout.slot_box(layout.taxed_y, i) for i in range(TAXED_SPACES)]
    painter.rects(boxes, [PANEL] * len(boxes), stroke=GRID, width=1)
    for i in range(2 * n + 1):
        cx, _ = layout.slot_centre(layout.market_y, i)
        painter.text(
            cx, layout.market_y + layout.slot + 4, str(i), size=9, fill=FAINT, baseline="top"
        )
    # terrain legend: the dots and what they are worth
    painter.text(x0, layout.legend_y - 4, "TERRAIN  (white dot +1, red dot −1)", **label)  # type: ignore[arg-type]
    step = 55.0
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
        painter.text(x, y + mini + 8, f"{value:+d}", size=11, fill=DARK, bold=True)
        name = TERRAIN_NAME[terrain].replace("The ", "")
        painter.text(x, y + mini + 21, name, size=9, fill=MUTED)
    painter.polygons(shapes, fills, stroke=GRID)
    painter.circles(white, mini * 0.14, [PROFIT_DOT] * len(white), stroke=DARK, width=0.8)
    painter.circles(red, mini * 0.14, [LOSS_DOT] * len(red), stroke=LIGHT, width=0.8)
    # profit boards: a scale, then one −10..+10 track per player
    w = layout.cell_w()
    top = layout.boards_y + 14
    painter.text(10, layout.boards_y + 6, "PROFIT BOARDS", **label)  # type: ignore[arg-type]
    for v in range(PROFIT_MIN, PROFIT_MAX + 1):
        x = layout.track_x + (v - PROFIT_MIN) * w + w / 2
        painter.text(
            x, layout.boards_y + 6, f"{v:+d}" if v else "0", size=9, fill=MUTED, baseline="bottom"
        )
    cells, cell_fills = [], []
    for seat in range(n):
        y = top + seat * layout.board_row
        for v in range(PROFIT_MIN, PROFIT_MAX + 1):
            cells.append((layout.track_x + (v - PROFIT_MIN) * w, y + 1, w, layout.board_row - 2))
            cell_fills.append("#F3D6D3" if v < 0 else "#D8EBCF" if v > 0 else LIGHT)
        name = PLAYER_COLOURS[seat].title()
        cy = y + layout.board_row / 2
        _marker(painter, 22, cy, 10, seat)
        painter.text(38, cy - 6, name, size=12, fill=DARK, align="left", bold=True)
    painter.rects(cells, cell_fills, stroke=GRID, width=0.6)


def draw_pieces(game: Game, painter: Painter, layout: Layout = DEFAULT_LAYOUT) -> None:
    """Discs on the map and frames, the order track, market, taxed area, bag and shares."""
    s = game.state
    painter.layer("pieces")
    r = layout.disc_r
    _discs(painter, [(layout.hex_centre(h), c) for h, c in sorted(s.board.items())], r)
    blocked = [
        (p, c) for c in COMPANIES for p in _blocked_centres(layout, s.frames[c], s.frame_discs[c])
    ]
    _discs(painter, blocked, r * 0.8)
    last = game.history[-1] if game.history else None
    if last is not None and getattr(last, "hex", None) is not None:  # the last disc built
        x, y = layout.hex_centre(last.hex)  # type: ignore[attr-defined]
        painter.circle(x, y, r + 3, stroke=DARK, width=2.5)
        painter.circle(x, y, r + 3, stroke=LIGHT, width=1)
    _draw_panel_pieces(game, painter, layout)
    _draw_boards(game, painter, layout)


def _draw_panel_pieces(game: Game, painter: Painter, layout: Layout) -> None:
    s = game.state
    x0 = layout.panel_x
    seat = game.current_player
    if s.over:
        winners = " and ".join(game.player_name(w) for w in game.winners())
        head = f"Game over · {winners} win{'s' if len(game.winners()) == 1 else ''}"
    else:
        assert seat is not None
        head = f"Round {s.round} of {ROUNDS} · {game.player_name(seat)} to play"
    if game.num_players in game.DESIGNED_PLAYERS:
        head += " · 2-player variant"
    painter.text(x0, layout.header_y, head, size=16, fill=DARK, align="left", bold=True)
    # order track: markers still to play; the one playing now is marked, and the next
    mr = layout.slot * 0.34
    for i, who in enumerate(s.order):
        cx, cy = layout.slot_centre(layout.order_y, i)
        done = i < s.turn and not s.over
        _marker(painter, cx, cy, mr, who, alpha=0.3 if done or s.over else 1.0)
        if not s.over and i == s.turn:
            painter.text(
                cx,
                layout.order_y + layout.slot + 3,
                "now",
                size=10,
                fill=DARK,
                baseline="top",
                bold=True,
            )
        elif not s.over and i == s.turn + 1:
            painter.text(
                cx, layout.order_y + layout.slot + 3, "next", size=10, fill=MUTED, baseline="top"
            )
    if not s.over:
        bx, by, bw, bh = layout.slot_box(layout.order_y, s.turn)
        painter.rect(bx - 2, by - 2, bw + 4, bh + 4, stroke=DARK, width=2.5)
    fresh = (not s.over and s.turn == 0 and s.round > 1) or s.over
    if fresh and s.order and not s.over:
        painter.text(
            layout.track_right,
            layout.order_y - 4,
            "new order after the tax",
            size=10,
            fill=DARK,
            align="right",
            baseline="bottom",
            bold=True,
        )
    # market: discs still to take, markers where discs were taken
    disc_items = []
    for i, item in enumerate(s.market):
        cx, cy = layout.slot_centre(layout.market_y, i)
        if type(item) is str:
            disc_items.append(((cx, cy), item))
        else:
            _marker(painter, cx, cy, mr, item)  # type: ignore[arg-type]
    _discs(painter, disc_items, layout.slot * 0.38)
    # taxed area and bag
    _discs(
        painter,
        [(layout.slot_centre(layout.taxed_y, i), c) for i, c in enumerate(s.taxed)],
        layout.slot * 0.38,
    )
    if fresh and s.taxed:
        bx, by, bw, bh = layout.slot_box(layout.taxed_y, len(s.taxed) - 1)
        painter.rect(bx - 2, by - 2, bw + 4, bh + 4, stroke=DARK, width=2.5)
        painter.text(bx + bw / 2, by + bh + 4, "just taxed", size=9, fill=DARK, baseline="top")
    step = (layout.track_right - x0) / len(COMPANIES)
    bag_items = []
    for k, c in enumerate(COMPANIES):
        x = x0 + step * k + 12
        y = layout.bag_y + 12
        bag_items.append(((x, y), c))
        painter.text(x + 16, y, f"× {s.bag[c]}", size=13, fill=DARK, align="left", bold=True)
    _discs(painter, bag_items, 11)


def _draw_boards(game: Game, painter: Painter, layout: Layout) -> None:
    s = game.state
    w = layout.cell_w()
    top = layout.boards_y + 14
    final = {line.seat: line for line in game.scoring()} if s.over else {}
    winners = set(game.winners())
    tags: list[tuple[float, float, float, float]] = []
    tag_fills: list[str | None] = []
    tag_texts: list[tuple[float, float, str, str]] = []
    kept_items: list[tuple[Point, str]] = []
    removed_items: list[tuple[Point, str]] = []
    dr = min(w, layout.board_row) * 0.23
    for seat, shares in enumerate(s.shares):
        y = top + seat * layout.board_row
        cy = y + layout.board_row / 2
        if s.over:
            line = final[seat]
            mark = "  ★ wins" if seat in winners else ""
            painter.text(
                38, cy + 8, f"{line.score:+d}{mark}", size=12, fill=DARK, align="left", bold=True
            )
        else:
            left = game.actions_left(seat)
            for k, action in enumerate(("buy", "build")):
                tx = 104 + k * 48
                tags.append((tx, cy - 8, 44, 16))
                tag_fills.append(DARK if action in left else None)
                ink = LIGHT if action in left else FAINT
                tag_texts.append((tx + 22, cy, action.upper(), ink))
        by_value: dict[int, list[str]] = {}
        for share in shares:
            by_value.setdefault(share.value, []).append(share.company)
        removed = list(final[seat].removed) if s.over else []
        for value, companies in by_value.items():
            x, yc = layout.cell_centre(seat, value)
            for (dx, dy), company in zip(_stack(len(companies), dr), companies, strict=True):
                share_key = (company, value)
                if share_key in removed:
                    removed.remove(share_key)  # type: ignore[arg-type]
                    removed_items.append(((x + dx, yc + dy), company))
                else:
                    kept_items.append(((x + dx, yc + dy), company))
    if tags:
        painter.rects(tags, tag_fills, stroke=DARK, width=1)
        for tx, ty, word, ink in tag_texts:
            painter.text(tx, ty, word, size=9, fill=ink, bold=True)
    _discs(painter, kept_items, dr)
    if removed_items:
        painter.circles(
            [p for p, _ in removed_items],
            dr,
            [COMPANY_FILL[c] for _, c in removed_items],
            stroke=FAINT,
            alpha=0.35,
        )
        crosses = []
        for (x, y), _ in removed_items:
            crosses += [((x - dr, y - dr), (x + dr, y + dr)), ((x - dr, y + dr), (x + dr, y - dr))]
        painter.lines(crosses, stroke="#B71C1C", width=2)


def _stack(n: int, r: float) -> list[Point]:
    """Offsets for ``n`` shares sharing one cell of a profit track."""
    d = r * 1.1
    if n == 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-d, 0.0), (d, 0.0)]
    if n <= 4:
        return [(-d, -d), (d, -d), (-d, d), (d, d)][:n]
    return [(-1.6 * d, -d), (0, -d), (1.6 * d, -d), (-1.6 * d, d), (0, d), (1.6 * d, d)][:n]


def _normalise(target: Target | Hex) -> Target:
    if isinstance(target, HexTarget | MarketTarget | FrameTarget):
        return target
    return HexTarget((int(target[0]), int(target[1])))


def draw_highlights(
    game: Game,
    painter: Painter,
    highlights: Iterable[Target | Hex] = (),
    selected: int | None = None,
    layout: Layout = DEFAULT_LAYOUT,
) -> None:
    """Light up legal targets (a white wash and a thick outline) and mark the ``selected`` slot."""
    painter.layer("highlights")
    targets = [_normalise(t) for t in highlights]
    hexes = [t.hex for t in targets if isinstance(t, HexTarget)]
    if hexes:
        shapes = [corners(*layout.hex_centre(h), layout.hex_size * 0.86) for h in hexes]
        painter.polygons(shapes, [HIGHLIGHT_FILL] * len(shapes), alpha=0.5)
        painter.polygons(shapes, [None] * len(shapes), stroke=HIGHLIGHT, width=3.5)
    for t in targets:
        if isinstance(t, FrameTarget):
            slot = game.state.frames[t.company]
            segments, (lx, ly), _ = _frame_geometry(layout, slot)
            painter.lines(segments, stroke=HIGHLIGHT, width=layout.frame_width + 6)
            painter.lines(segments, stroke=COMPANY_FILL[t.company], width=layout.frame_width)
            painter.circle(lx, ly, layout.disc_r + 5, stroke=HIGHLIGHT, width=3)
        elif isinstance(t, MarketTarget):
            bx, by, bw, bh = layout.slot_box(layout.market_y, t.slot)
            painter.rect(bx, by, bw, bh, stroke=MUTED, width=1.5)
    if selected is not None:
        bx, by, bw, bh = layout.slot_box(layout.market_y, selected)
        painter.rect(bx - 3, by - 3, bw + 6, bh + 6, stroke=SELECT, width=4)


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
        segments, (lx, ly), _ = _frame_geometry(layout, slot)
        if math.hypot(x - lx, y - ly) <= layout.disc_r + 6:
            return FrameTarget(company)
        for px, py in _blocked_centres(layout, slot, s.frame_discs[company]):
            if math.hypot(x - px, y - py) <= layout.disc_r:
                return FrameTarget(company)
        for a, b in segments:
            if _segment_distance(x, y, a, b) <= layout.frame_width:
                return FrameTarget(company)
    return None


def frame_centre(game: Game, company: str, layout: Layout = DEFAULT_LAYOUT) -> Point:
    """The centre of ``company``'s frame tag (the square with its letter): a click there hits the frame."""
    return _frame_geometry(layout, game.state.frames[company])[1]


def _segment_distance(x: float, y: float, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - (ax + t * dx), y - (ay + t * dy))
