"""Draw Off the Rails on any :class:`~railwidgets.draw.painter.Painter` (pure, no widgets).

Everything is drawn from position-shaped data: ``game.position()`` for the
whole game, or ``game.view(seat)`` for what one seat may know, so a seat's
picture cannot show what its view hides (the deck order, the collision piles).

The board is the 12 × 12 mine inside the surface ring, with the clans'
starting tracks, the four mines (centre with the clan's letter, squares
numbered 1–8), the tiles as rails, the items as small shapes (each kind its own
shape and colour, see :mod:`~railwidgets.offtherails.glyphs`), the carts
(owner colour, nose, speed die, load) and the chasm. Beside it
(:mod:`~railwidgets.offtherails.sidebar`): the turn, the phase, the decks,
every clan's stockpile, carts and missions, and the face-up missions.

Three layers, bottom to top: ``"static"`` (the board itself, drawn once),
``"pieces"`` (everything that moves) and ``"highlights"`` (legal targets).

>>> from railwidgets import offtherails
>>> from railwidgets.draw import RecordingPainter
>>> game = offtherails.Game(players=2, seed=3)
>>> painter = RecordingPainter(LAYOUT.width, LAYOUT.height, LAYERS)
>>> draw(game.view(0), painter)
>>> "Deposit deck: 17 cards · chasm tokens: 16 · tiles 0/90" in painter.texts("pieces")
True
>>> hit_test(*LAYOUT.centre((2, 5)))
SquareTarget(square=(2, 5), edge='N')
>>> hit_test(*LAYOUT.edge_point((-1, 4), 2, inset=3))
SquareTarget(square=(-1, 4), edge='S')
>>> hit_test(2, 2) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from railwidgets.core.grid import N, S
from railwidgets.draw.painter import Painter, Point
from railwidgets.draw.palette import (
    DARK,
    GRID,
    HIGHLIGHT,
    HIGHLIGHT_FILL,
    LIGHT,
    MUTED,
    PAPER,
    SELECT,
    ink_for,
)
from railwidgets.offtherails.components import (
    ALL_SURFACE_TRACKS,
    COLOURS,
    GRID_SIZE,
    KINDS,
    MINE_CENTRE,
    MINE_SQUARES,
    SIDE_LETTERS,
    START_TRACKS,
    Square,
)
from railwidgets.offtherails.glyphs import (
    CLAN_FILL,
    CLAN_LETTER,
    DELTA,
    DIE_FILL,
    MINE_TINT,
    CartBatch,
    HoleBatch,
    ItemBatch,
    Track,
    rotate,
)
from railwidgets.offtherails.sidebar import cart_colour, cart_rows, draw_sidebar, mission_rows

__all__ = [
    "LAYERS",
    "LAYOUT",
    "CartTarget",
    "Layout",
    "MissionTarget",
    "SquareTarget",
    "Target",
    "draw",
    "draw_highlights",
    "draw_moving_cart",
    "draw_pieces",
    "draw_static",
    "hit_test",
]

LAYERS: tuple[str, ...] = ("static", "pieces", "highlights")
SURFACE = "#E3DCC8"
SOIL = "#B9A386"
SOIL_LINE = "#A48D70"


# -- what a click can hit --------------------------------------------------------------------


@dataclass(frozen=True)
class SquareTarget:
    """A grid square or surface position, and the side of it nearest the click."""

    square: Square
    edge: str


@dataclass(frozen=True)
class CartTarget:
    """A cart's entry beside the board (in its owner's row)."""

    owner: int
    name: str


@dataclass(frozen=True)
class MissionTarget:
    """A face-up mission beside the board."""

    mission: int


Target = SquareTarget | CartTarget | MissionTarget


# -- layout ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes: the board on the left, the panel on the right (1000 × 640 px)."""

    width: int = 1000
    height: int = 640
    cell: float = 42.0
    board_x: float = 24.0  # the top-left corner of the surface ring
    board_y: float = 22.0
    panel_x: float = 632.0
    player_y: float = 100.0
    player_row: float = 64.0

    def origin(self, square: Square) -> Point:
        """The top-left corner of a grid square or surface position."""
        row, col = square
        return (self.board_x + (col + 1) * self.cell, self.board_y + (row + 1) * self.cell)

    def centre(self, square: Square) -> Point:
        x, y = self.origin(square)
        return (x + self.cell / 2, y + self.cell / 2)

    def edge_point(self, square: Square, side: int, inset: float = 0.0) -> Point:
        """The middle of ``square``'s side ``side``, moved ``inset`` px towards its centre."""
        cx, cy = self.centre(square)
        dx, dy = DELTA[side]
        reach = self.cell / 2 - inset
        return (cx + dx * reach, cy + dy * reach)

    @property
    def panel_width(self) -> float:
        return self.width - self.panel_x - 10

    def player_top(self, seat: int) -> float:
        return self.player_y + seat * self.player_row

    def cart_slot(self, seat: int, k: int, carts: int = 2) -> Point:
        """The centre of the ``k``-th of a seat's ``carts`` carts, listed beside the board."""
        return (self.panel_x + 12 + k * (self.panel_width / carts), self.player_top(seat) + 33)

    def missions_top(self, players: int) -> float:
        return self.player_top(max(players, 1)) + 8


LAYOUT = Layout()


# -- the static layer ---------------------------------------------------------------------------------


def draw_static(painter: Painter, layout: Layout = LAYOUT, *, all_tracks: bool = False) -> None:
    """What never changes: the surface ring, the soil, the mines, the starting tracks, coordinates."""
    painter.layer("static")
    painter.rect(0, 0, layout.width, layout.height, fill=PAPER)
    s, n = layout.cell, GRID_SIZE
    x0, y0 = layout.origin((0, 0))
    # the surface ring (no corner positions, D-4), then the soil of the 12 × 12 mine
    ring = [(*layout.origin((-1, 0)), n * s, s), (*layout.origin((n, 0)), n * s, s),
            (*layout.origin((0, -1)), s, n * s), (*layout.origin((0, n)), s, n * s)]  # fmt: skip
    painter.rects(ring, [SURFACE] * 4, stroke=GRID, width=1)
    painter.rect(x0, y0, n * s, n * s, fill=SOIL)
    mines = [(*layout.origin(sq), s, s) for squares in MINE_SQUARES for sq in squares]
    painter.rects(mines, [MINE_TINT[colour] for colour in range(4) for _ in range(8)])
    grid = [((x0 + k * s, y0), (x0 + k * s, y0 + n * s)) for k in range(n + 1)]
    grid += [((x0, y0 + k * s), (x0 + n * s, y0 + k * s)) for k in range(n + 1)]
    painter.lines(grid, stroke=SOIL_LINE, width=1)
    for colour, squares in enumerate(MINE_SQUARES):
        ink = _darker(MINE_TINT[colour])
        for number, square in enumerate(squares, start=1):
            cx, cy = layout.centre(square)
            painter.text(cx, cy + 1, str(number), size=20, fill=ink, bold=True)
        cx, cy = layout.centre(MINE_CENTRE[colour])
        fill = CLAN_FILL[colour]
        painter.rect(cx - s / 2 + 1, cy - s / 2 + 1, s - 2, s - 2, fill=fill, stroke=DARK,
                     width=1.5)  # fmt: skip
        painter.polygon(_gem(cx, cy - 1, s * 0.3), fill=ink_for(fill), alpha=0.25)
        painter.text(cx, cy + 1, CLAN_LETTER[colour], size=20, fill=ink_for(fill), bold=True)
        mx, my = layout.origin((MINE_CENTRE[colour][0] - 1, MINE_CENTRE[colour][1] - 1))
        painter.rect(mx, my, 3 * s, 3 * s, stroke=DARK, width=2)
    # starting tracks: a straight rail across the edge, its sleepers in the side's colour
    for side, positions in enumerate(ALL_SURFACE_TRACKS if all_tracks else START_TRACKS):
        track = Track(sleepers=CLAN_FILL[side])
        for position in positions:
            track.add(*layout.origin(position), s, "NS" if side in (N, S) else "EW", plate=False)
        track.draw(painter)
    # coordinates: columns above, rows to the left (the tutorial names squares by them)
    for k in range(n):
        cx, _ = layout.centre((0, k))
        _, cy = layout.centre((k, 0))
        painter.text(cx, layout.board_y - 10, str(k), size=12, fill=MUTED)
        painter.text(layout.board_x - 12, cy, str(k), size=12, fill=MUTED)
    painter.rect(x0, y0, n * s, n * s, stroke=DARK, width=2)


def _gem(x: float, y: float, r: float) -> list[Point]:
    """The clan mark behind the letter: a cut gem."""
    return [(x - r, y - r * 0.35), (x - r * 0.55, y - r * 0.8), (x + r * 0.55, y - r * 0.8),
            (x + r, y - r * 0.35), (x, y + r)]  # fmt: skip


def _darker(colour: str) -> str:
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"#{int(r * 0.8):02X}{int(g * 0.8):02X}{int(b * 0.8):02X}"


# -- the pieces layer -------------------------------------------------------------------------------

#: Where each kind of item sits on a square, as a fraction of the square from its centre.
ITEM_SLOT = {0: (-0.3, 0.3), 1: (-0.3, -0.3), 2: (0.3, -0.3), 3: (0.3, 0.3), 4: (0.0, 0.34)}


def draw(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout = LAYOUT,
    *,
    all_tracks: bool = False,
    crossover: bool = False,
) -> None:
    """The whole picture of a position or a seat's view: the static layer, then the pieces."""
    draw_static(painter, layout, all_tracks=all_tracks)
    draw_pieces(data, painter, layout, crossover=crossover)


def draw_pieces(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout = LAYOUT,
    *,
    crossover: bool = False,
    hide_carts: Iterable[int] = (),
) -> None:
    """Tiles, items, chasm holes and carts on the board, and the panel beside it.

    ``hide_carts``: indices into ``data["carts"]`` not to draw on the board
    (an animation draws them itself).
    """
    painter.layer("pieces")
    s = layout.cell
    track, holes, items, carts = Track(), HoleBatch(), ItemBatch(), CartBatch()
    for entry in data["squares"]:
        square = (entry["square"][0], entry["square"][1])
        if entry["chasm"] is not None:
            holes.add(*layout.origin(square), s, COLOURS.index(entry["chasm"]))
        elif entry["tile"] is not None:
            track.add(*layout.origin(square), s, entry["tile"])
        cx, cy = layout.centre(square)
        for kind, item in enumerate(KINDS):
            count = entry["items"].get(item, 0)
            if count:
                fx, fy = ITEM_SLOT[kind]
                items.add(kind, cx + fx * s, cy + fy * s, s * 0.17, count)
    holes.draw(painter)
    track.draw(painter, crossover=crossover)
    items.draw(painter)
    hidden = set(hide_carts)
    for i, cart in enumerate(data["carts"]):
        if cart["place"] == "board" and i not in hidden:
            x, y = layout.centre((cart["square"][0], cart["square"][1]))
            _add_cart(carts, data, cart, x, y, SIDE_LETTERS.index(cart["facing"]), layout)
    carts.draw(painter)
    draw_sidebar(data, painter, layout)


def _add_cart(
    batch: CartBatch,
    data: Mapping[str, Any],
    cart: Mapping[str, Any],
    x: float,
    y: float,
    facing: int,
    layout: Layout,
    alpha: float = 1.0,
) -> None:
    batch.add(
        x,
        y,
        layout.cell,
        colour=cart_colour(data, cart),
        facing=facing,
        die=cart["name"] if cart["name"] in DIE_FILL else "white",
        speed=cart["speed"],
        load=sum(cart["contents"].values()),
        alpha=alpha,
    )


def draw_moving_cart(
    painter: Painter,
    data: Mapping[str, Any],
    cart: Mapping[str, Any],
    x: float,
    y: float,
    facing: int,
    layout: Layout = LAYOUT,
    alpha: float = 1.0,
) -> None:
    """The cart entry ``cart`` of ``data`` at pixel ``(x, y)``, nose to ``facing``."""
    batch = CartBatch()
    _add_cart(batch, data, cart, x, y, facing, layout, alpha)
    batch.draw(painter)


# -- highlights --------------------------------------------------------------------------------------


def draw_highlights(
    painter: Painter,
    layout: Layout = LAYOUT,
    *,
    squares: Iterable[Square] = (),
    arrows: Iterable[tuple[Square, str]] = (),
    ghost: tuple[Square, str] | None = None,
    selected: Square | None = None,
    marks: Iterable[tuple[Square, str]] = (),
    boxes: Iterable[tuple[float, float, float, float]] = (),
) -> None:
    """Legal squares (a white wash and a thick outline), exit arrows, a ghost tile, the selection.

    ``arrows``: ``(square, edge)`` pairs, an arrow on that side pointing out of
    the square. ``marks``: ``(square, label)`` pairs, numbered tags for the moves
    since one's last turn. ``boxes``: panel areas ``(x, y, w, h)`` to outline.
    """
    painter.layer("highlights")
    s = layout.cell
    inner = [(x + 3, y + 3, s - 6, s - 6) for x, y in (layout.origin(sq) for sq in squares)]
    if inner:  # a light wash that leaves the square readable, a dark and a white outline
        painter.rects(inner, [HIGHLIGHT_FILL] * len(inner), alpha=0.2)
        painter.rects(inner, [None] * len(inner), stroke=HIGHLIGHT, width=3)
        edge = [(x + 2, y + 2, w - 4, h - 4) for x, y, w, h in inner]
        painter.rects(edge, [None] * len(edge), stroke=HIGHLIGHT_FILL, width=1.5)
    if ghost is not None:
        track = Track()
        track.add(*layout.origin(ghost[0]), s, ghost[1])
        track.draw(painter, alpha=0.9)
    if selected is not None:
        x, y = layout.origin(selected)
        painter.rect(x + 1, y + 1, s - 2, s - 2, stroke=SELECT, width=4)
    panel = list(boxes)
    if panel:
        painter.rects(panel, [None] * len(panel), stroke=SELECT, width=2.5)
    for square, edge in arrows:
        side = SIDE_LETTERS.index(edge)
        ex, ey = layout.edge_point(square, side, inset=1)
        tip = [(0.0, -s * 0.22), (s * 0.2, s * 0.06), (-s * 0.2, s * 0.06)]
        painter.polygon(rotate(tip, side, ex, ey), fill=SELECT, stroke=LIGHT, width=2)
    for square, label in marks:
        x, y = layout.origin(square)
        painter.circle(x + s - 8, y + 8, 8, fill=LIGHT, stroke=DARK, width=1.5)
        painter.text(x + s - 8, y + 8.5, label, size=12, fill=DARK, bold=True)


# -- hit test ------------------------------------------------------------------------------------------


def hit_test(
    x: float, y: float, layout: Layout = LAYOUT, data: Mapping[str, Any] | None = None
) -> Target | None:
    """What is under canvas pixel ``(x, y)``: a square (with its nearest side), a cart or a mission.

    Carts and missions beside the board are found only with ``data``, the position drawn.
    """
    s = layout.cell
    col = int((x - layout.board_x) // s) - 1
    row = int((y - layout.board_y) // s) - 1
    in_range = range(GRID_SIZE)
    on_grid = row in in_range and col in in_range
    on_ring = (row in (-1, GRID_SIZE) and col in in_range) or (
        col in (-1, GRID_SIZE) and row in in_range
    )
    if on_grid or on_ring:
        cx, cy = layout.centre((row, col))
        dx, dy = x - cx, y - cy
        edge = ("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N")
        return SquareTarget((row, col), edge)
    if data is None:
        return None
    for cart, cx, cy in cart_rows(data, layout):
        if cx - 12 <= x <= cx + 80 and cy - 12 <= y <= cy + 24:
            return CartTarget(cart["owner"], cart["name"])
    for number, top, bottom in mission_rows(data, layout):
        if layout.panel_x - 6 <= x <= layout.width and top <= y < bottom:
            return MissionTarget(number)
    return None


def cart_box(
    data: Mapping[str, Any], owner: int, name: str, layout: Layout = LAYOUT
) -> tuple[float, float, float, float]:
    """The panel area of a cart's entry (for highlights)."""
    for cart, cx, cy in cart_rows(data, layout):
        if cart["owner"] == owner and cart["name"] == name:
            return (cx - 14, cy - 13, 96, 38)
    raise KeyError((owner, name))


def mission_box(
    data: Mapping[str, Any], mission: int, layout: Layout = LAYOUT
) -> tuple[float, float, float, float]:
    """The panel area of a face-up mission (for highlights)."""
    for number, top, bottom in mission_rows(data, layout):
        if number == mission:
            return (layout.panel_x - 6, top, layout.panel_width + 8, bottom - top)
    raise KeyError(mission)
