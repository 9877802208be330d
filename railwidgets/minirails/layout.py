"""Where everything of a Mini Rails table is drawn, what a click can hit, and the small pieces.

The drawing modules (:mod:`~railwidgets.minirails.render`, :mod:`~railwidgets.minirails.boards`,
:mod:`~railwidgets.minirails.story`) share this one :class:`Layout`: a position on the
picture is computed in one place only.

>>> layout = Layout()
>>> layout.hex_at(*layout.hex_centre((2, -3)))
(2, -3)
>>> Layout().for_players(3).height   # no room kept for boards nobody plays
566
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from railwidgets.core.hexgrid import Hex, corners, from_pixel, to_pixel
from railwidgets.draw.metrics import fit_size, text_width
from railwidgets.draw.painter import Painter, Point, hex_to_rgb
from railwidgets.draw.palette import DARK, LIGHT, contrast_ratio, ink_for
from railwidgets.i18n import tr
from railwidgets.minirails.components import (
    COMPANY_FILL,
    COMPANY_LETTER,
    MAP_HEXES,
    PLAYER_COLOURS,
    PLAYER_FILL,
    PLAYER_NAMES,
    PROFIT_MAX,
    PROFIT_MIN,
    RING_CW,
    TILE_SLOTS,
)

__all__ = [
    "DEFAULT_LAYOUT",
    "TERRAIN_FILL",
    "TERRAIN_LABEL",
    "FrameTarget",
    "HexTarget",
    "Layout",
    "MarketTarget",
    "Target",
    "as_target",
    "draw_badge",
    "draw_discs",
    "draw_marker",
    "player_name",
]

#: The smallest text on the picture at the default size (issue 15: nothing below 12 px).
MIN_TEXT = 12.0

#: A readable colour per terrain; the value itself is shown by dots, as on the tiles.
TERRAIN_FILL: dict[str, str] = {
    "big_city": "#8A94A6",
    "suburbs": "#D9B56C",
    "farmland": "#C4D96B",
    "plains": "#96C98A",
    "forest": "#3E7A4F",
    "lake": "#4F8FCB",
    "mountains": "#83705F",  # dark enough for a white name (4.5:1)
}


def _toward(colour: str, target: str, share: float) -> str:
    """``colour`` moved ``share`` of the way to ``target`` (both ``#rrggbb``)."""
    a, b = hex_to_rgb(colour), hex_to_rgb(target)
    return "#" + "".join(f"{round(x + (y - x) * share):02X}" for x, y in zip(a, b, strict=True))


def _quiet_ink(fill: str, share: float = 0.62) -> str:
    """Ink on ``fill`` moved ``share`` of the way from it, or further until it reads as
    text must (WCAG 2.2: 4.5:1)."""
    ink = ink_for(fill)
    while contrast_ratio(fill, _toward(fill, ink, share)) < 4.5 and share < 1:
        share = min(1.0, share + 0.02)
    return _toward(fill, ink, share)


#: The ink of a hex's name on each terrain: readable (4.5:1), yet quieter than the dots.
TERRAIN_LABEL: dict[str, str] = {t: _quiet_ink(f) for t, f in TERRAIN_FILL.items()}


def player_name(seat: int) -> str:
    """A seat's name as the rules give it: its colour ("Orange")."""
    return PLAYER_NAMES[seat]


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


def as_target(target: Target | Hex) -> Target:
    """A target as given, or a bare ``(q, r)`` as the :class:`HexTarget` it names."""
    if isinstance(target, HexTarget | MarketTarget | FrameTarget):
        return target
    return HexTarget((int(target[0]), int(target[1])))


# -- layout: every position on the picture, in one place --------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes. The default has room for five profit boards.

    Use :meth:`for_players` for a picture as tall as the game needs (a 3-player
    game is 566 px tall, a 5-player one 642 px).
    """

    width: int = 900
    height: int = 642
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
    boards_y: float = 446.0  # the top of the first profit board, one row per player
    board_row: float = 38.0
    track_x: float = 128.0
    track_right: float = 890.0
    frame_width: float = 7.0
    disc_scale: float = 0.62  # disc radius / hex size
    share_r: float = 8.5  # a share disc on a profit board (its letter is 12 px)

    def for_players(self, players: int) -> Layout:
        """This layout cut to the height ``players`` profit boards need."""
        return replace(self, height=math.ceil(self.boards_y + players * self.board_row + 6))

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
        return (x, self.board_top(seat) + self.board_row / 2)

    def board_top(self, seat: int) -> float:
        return self.boards_y + seat * self.board_row


DEFAULT_LAYOUT = Layout()


# -- geometry of the map (cached: it never changes) ----------------------------------------------

TILE_OF: dict[Hex, int] = {
    (centre[0] + off[0], centre[1] + off[1]): slot
    for slot, centre in TILE_SLOTS.items()
    for off in ((0, 0), *RING_CW)
}
MAP_ORDER: tuple[Hex, ...] = tuple(sorted(MAP_HEXES, key=lambda h: (h[1], h[0])))


def edge(layout: Layout, h: Hex, i: int, inset: float = 0.0) -> tuple[Point, Point]:
    """Edge ``i`` of hex ``h`` (the side facing ``RING_CW[i]``), optionally pushed outward."""
    cx, cy = layout.hex_centre(h)
    pts = corners(cx, cy, layout.hex_size)
    a, b = pts[i], pts[(i + 1) % 6]
    if inset:
        angle = math.radians(-60 + 60 * i)
        dx, dy = math.cos(angle) * inset, math.sin(angle) * inset
        a, b = (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)
    return (a, b)


@lru_cache(maxsize=64)
def frame_geometry(layout: Layout, slot: int) -> tuple[list[tuple[Point, Point]], Point, Point]:
    """The outer edges of ``slot``'s tile, its label centre, and the unit tangent there (cached)."""
    segments = []
    mids = []
    for h in MAP_HEXES:
        if TILE_OF[h] != slot:
            continue
        for i, d in enumerate(RING_CW):
            if (h[0] + d[0], h[1] + d[1]) not in MAP_HEXES:
                seg = edge(layout, h, i, inset=layout.frame_width / 2 + 1)
                segments.append(seg)
                mids.append(((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2))
    mx = sum(p[0] for p in mids) / len(mids)
    my = sum(p[1] for p in mids) / len(mids)
    cx, cy = layout.map_centre
    dx, dy = mx - cx, my - cy
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm
    # a tag above the map goes a little further out: clear of the names of its top hexes
    reach = norm + layout.hex_size * (1.2 if uy < -0.9 else 1.1)
    label = (cx + ux * reach, cy + uy * reach)
    return segments, label, (-uy, ux)


def blocked_centres(layout: Layout, slot: int, count: int) -> list[Point]:
    """Where the blocked discs lie beside a frame's tag, the first nearest."""
    _, (lx, ly), (tx, ty) = frame_geometry(layout, slot)
    step = layout.disc_r * 1.35
    return [(lx + tx * step * (k + 1.3), ly + ty * step * (k + 1.3)) for k in range(count)]


def segment_distance(x: float, y: float, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - (ax + t * dx), y - (ay + t * dy))


# -- the pieces every part of the table draws ---------------------------------------------------------


def letters_width() -> float:
    """The widest company letter of the language in use, bold 12 px (issue 24: one letter
    in English, two in some languages: ``Бе``, ``Az``, ``Cz``)."""
    return max(text_width(tr(letter), MIN_TEXT, bold=True) for letter in COMPANY_LETTER.values())


def draw_discs(painter: Painter, items: list[tuple[Point, str]], r: float) -> None:
    """Company discs with their letters (letters last, so a fanned stack keeps every one)."""
    if not items:
        return
    painter.circles(
        [p for p, _ in items], r, [COMPANY_FILL[c] for _, c in items], stroke=DARK, width=1.5
    )
    for ink in (DARK, LIGHT):
        for (x, y), c in items:
            if ink_for(COMPANY_FILL[c]) == ink:
                letter = COMPANY_LETTER[c]  # one or two letters of the language (issue 24)
                size = fit_size(tr(letter), 2 * r - 3, max(MIN_TEXT, r * 1.05), bold=True)
                painter.text(x, y + 0.5, letter, size=size, fill=ink, bold=True)


def house(x: float, y: float, r: float) -> list[Point]:
    """A player's marker: a small house shape (companies are discs)."""
    return [(x, y - r), (x + r, y - r * 0.2), (x + r, y + r), (x - r, y + r), (x - r, y - r * 0.2)]


def draw_marker(
    painter: Painter, x: float, y: float, r: float, seat: int, alpha: float = 1.0
) -> None:
    """A player's marker (a house in the player's colour with the seat number); faded when spent."""
    fill = PLAYER_FILL[PLAYER_COLOURS[seat]]
    painter.polygon(house(x, y, r), fill=fill, stroke=DARK, width=1.2, alpha=alpha)
    ink = ink_for(fill) if alpha >= 0.5 else fill  # on a faded house, the number in its colour
    painter.text(x, y + r * 0.2, str(seat + 1), size=max(MIN_TEXT, r * 1.1), fill=ink, bold=True)


def draw_badge(painter: Painter, x: float, y: float, number: int, seat: int) -> None:
    """A numbered disc in a player's colour: the ``number``-th move since a person's turn."""
    fill = PLAYER_FILL[PLAYER_COLOURS[seat]]
    painter.circle(x, y, 9.5, fill=fill, stroke=LIGHT, width=2)
    painter.text(x, y + 0.5, str(number), size=MIN_TEXT, fill=ink_for(fill), bold=True)
