"""Draw Off the Rails on any :class:`~railwidgets.draw.painter.Painter` (pure, no widgets).

Everything is drawn from position-shaped data: ``game.position()`` for the
whole game, or ``game.view(seat)`` for what one seat may know, so a seat's
picture cannot show what its view hides (the deck order, the collision piles).

The board is the 12 × 12 mine inside the surface ring, with the clans'
starting tracks, the four mines (centre with the clan's letter, squares
numbered 1–8), the tiles as rails, the items as small shapes (each kind its own
shape and colour, see :mod:`~railwidgets.offtherails.glyphs`), the carts
(owner colour, nose, speed die, load) and the chasm. Each square gives every
thing its own room: the track, the cart and the exit arrows keep to its middle
cross, the items to its corners (:func:`item_places`). Beside the board, or below
it in :data:`TALL_LAYOUT` (:mod:`~railwidgets.offtherails.sidebar`): the turn,
the phase, the decks, every clan's stockpile, carts and missions, and the
face-up missions. The board is in the same place in both layouts.

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
from dataclasses import dataclass, replace
from typing import Any

from railwidgets.core.grid import N, S
from railwidgets.draw.metrics import fit_size, wrap_to
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
from railwidgets.i18n import T_, tr
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
from railwidgets.offtherails.sidebar import (
    cart_colour,
    cart_rows,
    draw_sidebar,
    mission_rows,
    panel_height,
)

__all__ = [
    "ARROW_HALF_WIDTH",
    "ITEM_RADIUS",
    "ITEM_ROOM",
    "LAYERS",
    "LAYOUT",
    "LAYOUTS",
    "TALL_LAYOUT",
    "CartTarget",
    "Layout",
    "MissionTarget",
    "SquareTarget",
    "Target",
    "arrow_shape",
    "draw",
    "draw_highlights",
    "draw_moving_cart",
    "draw_pieces",
    "draw_static",
    "hit_test",
    "item_places",
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
    """Where everything goes: the board, and the panel beside it (the default) or below it.

    The default is 1000 × 640 px with the panel to the right of the board.
    :data:`TALL_LAYOUT` puts the panel below the board instead (624 px wide), so a
    notebook column narrower than 1000 px (JupyterLab with its file browser open)
    shows the squares at full size rather than scaling the whole picture down.
    ``panel_x``/``panel_width`` are the panel's column (turn, phase, decks, clans);
    the missions go below the clans in that column, or in a column of their own
    (``missions_x``, ``missions_y``, ``missions_width``).
    """

    width: int = 1000
    height: int = 640
    cell: float = 42.0
    board_x: float = 24.0  # the top-left corner of the surface ring
    board_y: float = 22.0
    panel_x: float = 632.0
    panel_y: float = 0.0  # the top of the panel (its first line's baseline is 18 px below)
    panel_width: float = 358.0
    player_y: float = 100.0
    player_row: float = 64.0
    missions_x: float | None = None  # None: below the clans, in the panel's column
    missions_y: float | None = None
    missions_width: float | None = None

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
    def board_right(self) -> float:
        """The right edge of the surface ring."""
        return self.board_x + (GRID_SIZE + 2) * self.cell

    @property
    def board_bottom(self) -> float:
        """The bottom edge of the surface ring."""
        return self.board_y + (GRID_SIZE + 2) * self.cell

    def player_top(self, seat: int) -> float:
        return self.player_y + seat * self.player_row

    def cart_slot(self, seat: int, k: int, carts: int = 2) -> Point:
        """The centre of the ``k``-th of a seat's ``carts`` carts, listed beside the board."""
        return (self.panel_x + 12 + k * (self.panel_width / carts), self.player_top(seat) + 33)

    def missions_left(self) -> float:
        """The left edge of the missions' column (solo: the deliveries')."""
        return self.panel_x if self.missions_x is None else self.missions_x

    def missions_span(self) -> float:
        """The width of the missions' column."""
        return self.panel_width if self.missions_width is None else self.missions_width

    def missions_top(self, players: int) -> float:
        """The baseline of the missions' heading."""
        if self.missions_y is None:
            return self.player_top(max(players, 1)) + 8
        return self.missions_y + 18

    def for_players(self, players: int) -> Layout:
        """This layout, for a panel below the board as tall as ``players`` clans need.

        A panel beside the board fits in the board's height: the layout stays as it is.

        >>> TALL_LAYOUT.for_players(2).height < TALL_LAYOUT.for_players(4).height
        True
        >>> LAYOUT.for_players(2) is LAYOUT
        True
        """
        if self.panel_y < self.board_bottom:
            return self
        return replace(self, height=int(self.panel_y + panel_height(self, players) + 8))


LAYOUT = Layout()
#: The panel below the board: a narrower, taller picture (for notebook columns under 1000 px).
TALL_LAYOUT = Layout(
    width=624,
    height=1000,
    panel_x=16.0,
    panel_y=618.0,
    panel_width=350.0,
    player_y=718.0,
    missions_x=386.0,
    missions_y=618.0,
    missions_width=228.0,
).for_players(4)
#: The layouts by name, for ``OffTheRailsWidget(layout=...)``.
LAYOUTS: dict[str, Layout] = {"wide": LAYOUT, "tall": TALL_LAYOUT}


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
        letter = CLAN_LETTER[colour]  # the language's colour word's (issue 24)
        size = fit_size(tr(letter), s - 8, 20, 12, bold=True)
        painter.text(cx, cy + 1, letter, size=size, fill=ink_for(fill), bold=True)
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
    # squares are named (row, column), rows first: said in the empty corner of the ring
    # (on two lines where a language's words are longer than the corner: issue 24)
    words = tr(T_("(row, col)"))
    # (8 px in from the edge: the frame round a board in the page covers its first pixels)
    for k, line in enumerate(wrap_to(words, layout.board_x + s - 12, 12)):
        painter.text(8, layout.board_y - 10 + 14 * k, line, size=12, fill=MUTED, align="left")
    painter.rect(x0, y0, n * s, n * s, stroke=DARK, width=2)


def _gem(x: float, y: float, r: float) -> list[Point]:
    """The clan mark behind the letter: a cut gem."""
    return [(x - r, y - r * 0.35), (x - r * 0.55, y - r * 0.8), (x + r * 0.55, y - r * 0.8),
            (x + r, y - r * 0.35), (x, y + r)]  # fmt: skip


def _darker(colour: str) -> str:
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"#{int(r * 0.8):02X}{int(g * 0.8):02X}{int(b * 0.8):02X}"


# -- the pieces layer -------------------------------------------------------------------------------

#: Items lie in a square's corners, each kind in a room of its own: the middle cross of the
#: square belongs to the track, the cart (within CART_HALF_WIDTH of the track) and the exit
#: arrows (within ARROW_HALF_WIDTH of a side's middle, on this square and reaching into the
#: next). ITEM_ROOM is a corner item's centre from the square's centre, ITEM_RADIUS its
#: size, both in units of the square: the item keeps ITEM_ROOM - ITEM_RADIUS = 0.215 from the
#: middle lines, clear of both by 0.05 of a square (2 px at 42 px) plus their outlines.
ITEM_ROOM = 0.345
ITEM_RADIUS = 0.13
#: The corners in the order the kinds present take them (KINDS order): top-left,
#: bottom-right, bottom-left, then top-right, where a move's number tag also goes.
_CORNERS = ((-1, -1), (1, 1), (-1, 1), (1, -1))


def item_places(kinds: int, cart: bool = False) -> list[tuple[float, float, float]]:
    """Where the ``kinds`` kinds of item on a square go: ``(dx, dy, radius)`` in square units.

    One corner each; a fifth kind lies in the middle of an empty square, or, beside a
    cart, shares the first corner with the first kind (both smaller, one over the other).

    >>> item_places(2)
    [(-0.345, -0.345, 0.13), (0.345, 0.345, 0.13)]
    >>> item_places(5)[4]
    (0.0, 0.0, 0.13)
    """
    places = [(cx * ITEM_ROOM, cy * ITEM_ROOM, ITEM_RADIUS) for cx, cy in _CORNERS][:kinds]
    if kinds <= len(_CORNERS):
        return places
    if not cart:
        return [*places, (0.0, 0.0, ITEM_RADIUS)]
    small = 0.09
    inner, outer = ITEM_ROOM - ITEM_RADIUS + small, ITEM_ROOM + ITEM_RADIUS - small
    return [(-inner, -inner, small), (-outer, -outer, small), *places[1:]]


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
    with_cart = {(c["square"][0], c["square"][1]) for c in data["carts"] if c["place"] == "board"}
    for entry in data["squares"]:
        square = (entry["square"][0], entry["square"][1])
        if entry["chasm"] is not None:
            holes.add(*layout.origin(square), s, COLOURS.index(entry["chasm"]))
        elif entry["tile"] is not None:
            track.add(*layout.origin(square), s, entry["tile"])
        cx, cy = layout.centre(square)
        present = [(kind, entry["items"][item]) for kind, item in enumerate(KINDS)
                   if entry["items"].get(item, 0)]  # fmt: skip
        places = item_places(len(present), square in with_cart)
        for (kind, count), (fx, fy, fr) in zip(present, places, strict=True):
            items.add(kind, cx + fx * s, cy + fy * s, s * fr, count)
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

#: An exit arrow, pointing north out of a square, in units of the square from its centre:
#: its base just inside the side, its tip well into the next square, ARROW_HALF_WIDTH
#: either side of the side's middle (clear of the corners, where items lie).
ARROW_HALF_WIDTH = 0.16
_ARROW = ((0.0, -0.72), (ARROW_HALF_WIDTH, -0.43), (-ARROW_HALF_WIDTH, -0.43))
#: The width of the arrow's light outline (drawn with round joins): part of what a click hits.
ARROW_OUTLINE = 2.0


def arrow_shape(square: Square, edge: str, layout: Layout = LAYOUT) -> list[Point]:
    """The corners of the exit arrow on side ``edge`` of ``square`` (what is drawn and hit).

    >>> tip = arrow_shape((5, 5), "E")[0]
    >>> tip[0] > LAYOUT.edge_point((5, 5), 1)[0]   # it points out through the east side
    True
    """
    s = layout.cell
    return rotate([(px * s, py * s) for px, py in _ARROW], SIDE_LETTERS.index(edge),
                  *layout.centre(square))  # fmt: skip


def _covers(shape: list[Point], x: float, y: float, pad: float) -> bool:
    """Whether ``(x, y)`` is inside the convex ``shape`` or within ``pad`` px of its outline."""
    signs = set()
    for (ax, ay), (bx, by) in zip(shape, shape[1:] + shape[:1], strict=True):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        signs.add(cross > 0)
        length2 = (bx - ax) ** 2 + (by - ay) ** 2
        t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length2))
        if (x - ax - t * (bx - ax)) ** 2 + (y - ay - t * (by - ay)) ** 2 <= pad * pad:
            return True
    return len(signs) == 1


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
    since one's last turn (a second on one square beside the first). ``boxes``: panel areas
    ``(x, y, w, h)`` to outline.
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
        painter.polygon(arrow_shape(square, edge, layout), fill=SELECT, stroke=LIGHT,
                        width=ARROW_OUTLINE)  # fmt: skip
    tagged: dict[Square, int] = {}  # tags already on a square: a later one goes beside them
    for square, label in marks:
        x, y = layout.origin(square)
        k = tagged.get(square, 0)
        tagged[square] = k + 1
        tx, ty = x + s - 8 - 16 * (k % 2), y + 8 + 16 * (k // 2 % 2)  # the corner, then left, below
        painter.circle(tx, ty, 8, fill=LIGHT, stroke=DARK, width=1.5)
        painter.text(tx, ty + 0.5, label, size=12, fill=DARK, bold=True)


# -- hit test ------------------------------------------------------------------------------------------


def hit_test(
    x: float,
    y: float,
    layout: Layout = LAYOUT,
    data: Mapping[str, Any] | None = None,
    *,
    arrows: Iterable[tuple[Square, str]] = (),
) -> Target | None:
    """What is under canvas pixel ``(x, y)``: a square (with its nearest side), a cart or a mission.

    ``arrows``: the exit arrows drawn (see :func:`draw_highlights`); a click on any
    visible part of one, its tip in the next square included, is that square and side.
    Carts and missions beside the board are found only with ``data``, the position drawn.

    >>> tip = arrow_shape((2, 5), "E")[0]
    >>> hit_test(tip[0] - 2, tip[1], arrows=[((2, 5), "E")])
    SquareTarget(square=(2, 5), edge='E')
    >>> hit_test(tip[0] - 2, tip[1])   # without the arrow, that point is the next square's
    SquareTarget(square=(2, 6), edge='W')
    """
    for square, edge in arrows:
        if _covers(arrow_shape(square, edge, layout), x, y, ARROW_OUTLINE / 2):
            return SquareTarget(square, edge)
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
    left = layout.missions_left()
    for number, top, bottom in mission_rows(data, layout):
        if left - 6 <= x <= left + layout.missions_span() + 2 and top <= y < bottom:
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
            return (layout.missions_left() - 6, top, layout.missions_span() + 8, bottom - top)
    raise KeyError(mission)
