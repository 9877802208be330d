"""Draw Off the Rails on any :class:`~railwidgets.draw.painter.Painter` (pure, no widgets).

Everything is drawn from position-shaped data: ``game.position()`` for the
whole game, or ``game.view(seat)`` for what one seat may know, so a seat's
picture cannot show what its view hides (the deck order, the collision piles).

The board is the 12 × 12 mine inside the surface ring, with the clans'
starting tracks, the four mines (centre with the clan's letter, squares
numbered 1–8), the tiles as rails, the items as small shapes (each kind its own
shape and colour), the carts (owner colour, nose, speed die, load) and the
chasm. Beside it: the turn, the phase, the decks, every clan's stockpile,
carts off the board and missions, and the face-up missions with their text.

Three layers, bottom to top: ``"static"`` (the board itself, drawn once),
``"pieces"`` (everything that moves) and ``"highlights"`` (legal targets).

>>> from railwidgets import offtherails
>>> from railwidgets.draw import RecordingPainter
>>> game = offtherails.Game(players=2, seed=3)
>>> painter = RecordingPainter(LAYOUT.width, LAYOUT.height, LAYERS)
>>> draw(game.view(0), painter)
>>> "Deposit deck: 17 cards" in painter.texts("pieces")
True
>>> hit_test(*LAYOUT.centre((2, 5)))
SquareTarget(square=(2, 5), edge='N')
>>> hit_test(*LAYOUT.centre((-1, 4)))
SquareTarget(square=(-1, 4), edge='N')
>>> hit_test(2, 2) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from railwidgets.core.grid import E, N, S, W
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
from railwidgets.offtherails.board import exits_mask
from railwidgets.offtherails.components import (
    ACTIONS_PER_TURN,
    ALL_SURFACE_TRACKS,
    COLOURS,
    GRID_SIZE,
    KINDS,
    MINE_CENTRE,
    MINE_SQUARES,
    MISSIONS,
    SIDE_LETTERS,
    START_TRACKS,
    TILE_SUPPLY,
    Square,
)

__all__ = [
    "CLAN_FILL",
    "ITEM_FILL",
    "LAYERS",
    "LAYOUT",
    "CartTarget",
    "Layout",
    "MissionTarget",
    "SquareTarget",
    "Target",
    "draw",
    "draw_cart",
    "draw_highlights",
    "draw_pieces",
    "draw_static",
    "draw_tile",
    "hit_test",
    "player_name",
]

LAYERS: tuple[str, ...] = ("static", "pieces", "highlights")

#: The clans' colours (red, yellow, green, blue = sides N, E, S, W), each also a letter.
CLAN_FILL = ("#C62828", "#F2C200", "#2E7D32", "#1E5AA8")
CLAN_LETTER = ("R", "Y", "G", "B")
#: A light tint of each clan colour, for its mine.
MINE_TINT = ("#E9B9AE", "#F1E2A2", "#B7D7AE", "#B3C8E6")
#: Item colours (rock, ruby, emerald, gold, diamond); the shapes differ too.
ITEM_FILL = ("#8A8A8A", "#D81B60", "#1FA060", "#F4B400", "#BDEBFA")
SURFACE = "#E3DCC8"
SOIL = "#B9A386"
SOIL_LINE = "#A48D70"
PLATE = "#EADBB9"
PLATE_EDGE = "#8D7656"
SLEEPER = "#7A5230"
RAIL = "#37474F"
HOLE = "#17110C"
DIE_FILL = {"white": "#FFFFFF", "black": "#212121"}


# -- what a click can hit --------------------------------------------------------------------


@dataclass(frozen=True)
class SquareTarget:
    """A grid square or surface position, and the side of it nearest the click."""

    square: Square
    edge: str


@dataclass(frozen=True)
class CartTarget:
    """A cart's entry beside the board (its owner's row)."""

    owner: int
    name: str


@dataclass(frozen=True)
class MissionTarget:
    """A face-up mission card beside the board."""

    mission: int


Target = SquareTarget | CartTarget | MissionTarget


# -- layout ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes: the board on the left, the panel on the right (1000 × 640)."""

    width: int = 1000
    height: int = 640
    cell: float = 42.0
    board_x: float = 24.0  # top-left corner of the surface ring
    board_y: float = 22.0
    panel_x: float = 632.0
    player_y: float = 104.0
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
        dx, dy = _DELTA[side]
        reach = self.cell / 2 - inset
        return (cx + dx * reach, cy + dy * reach)

    @property
    def panel_width(self) -> float:
        return self.width - self.panel_x - 10

    def player_top(self, seat: int) -> float:
        return self.player_y + seat * self.player_row

    def cart_slot(self, seat: int, k: int, carts: int = 2) -> Point:
        """Where the ``k``-th of the ``carts`` carts of ``seat`` is listed beside the board."""
        return (self.panel_x + 12 + k * (self.panel_width / carts), self.player_top(seat) + 33)

    def missions_top(self, players: int) -> float:
        return self.player_top(max(players, 1)) + 8


LAYOUT = Layout()

_DELTA = {N: (0.0, -1.0), E: (1.0, 0.0), S: (0.0, 1.0), W: (-1.0, 0.0)}


# -- small geometry -----------------------------------------------------------------------------


def _rotate(points: Iterable[Point], side: int, x: float, y: float) -> list[Point]:
    """Shape ``points`` drawn pointing north, turned to face ``side``, moved to ``(x, y)``."""
    out = []
    for px, py in points:
        for _ in range(side):
            px, py = -py, px  # a quarter turn clockwise on screen
        out.append((x + px, y + py))
    return out


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 10) -> list[Point]:
    return [
        (cx + r * math.cos(a0 + (a1 - a0) * k / n), cy + r * math.sin(a0 + (a1 - a0) * k / n))
        for k in range(n + 1)
    ]


def _wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` cut into lines that fit ``width`` px at font ``size`` (a generous estimate)."""
    limit = max(8, int(width / (size * 0.58)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


# -- names ----------------------------------------------------------------------------------------


def player_name(data: Mapping[str, Any], seat: int) -> str:
    """The seat's clan colour (``"Red"``), ``"Solo"``, or ``"Seat n"`` before sides are chosen."""
    sides = data["sides"]
    if len(sides) == 1:
        return "Solo"
    side = sides[seat]
    return COLOURS[SIDE_LETTERS.index(side)].capitalize() if side else f"Seat {seat}"


def _seat_colour(data: Mapping[str, Any], seat: int) -> int:
    side = data["sides"][seat]
    return SIDE_LETTERS.index(side) if side else -1


def _cart_colour(data: Mapping[str, Any], cart: Mapping[str, Any]) -> int:
    if cart["colour"] is not None:
        return COLOURS.index(cart["colour"])
    return _seat_colour(data, cart["owner"])


def _to_play(data: Mapping[str, Any]) -> int:
    """The seat whose decision is awaited (the hit cart's owner while a load is split)."""
    turn = data["turn"]
    move = data["move"]
    if turn["stage"] == "split" and move and move["collision"]:
        return data["carts"][move["collision"]["other"]]["owner"]
    return turn["active"]


# -- shapes: items, tiles, carts, holes -------------------------------------------------------------


def _item_shape(kind: int, x: float, y: float, r: float) -> list[Point]:
    """Rock: a lump; ruby: a triangle; emerald: an octagon; gold: a disc (None); diamond: a rhombus."""
    if kind == 0:
        return [(x + r * a, y + r * b) for a, b in
                ((-0.9, 0.2), (-0.5, -0.75), (0.25, -0.9), (0.95, -0.3), (0.8, 0.6),
                 (0.0, 0.9), (-0.7, 0.75))]  # fmt: skip
    if kind == 1:
        return [(x - r, y - r * 0.75), (x + r, y - r * 0.75), (x, y + r)]
    if kind == 2:
        k = r * 0.42
        return [(x - k, y - r), (x + k, y - r), (x + r, y - k), (x + r, y + k),
                (x + k, y + r), (x - k, y + r), (x - r, y + k), (x - r, y - k)]  # fmt: skip
    return [(x, y - r * 1.15), (x + r * 0.85, y), (x, y + r * 1.15), (x - r * 0.85, y)]


def draw_item(
    painter: Painter, kind: int, x: float, y: float, r: float, count: int = 1, alpha: float = 1.0
) -> None:
    """One item of ``kind`` (index into ``KINDS``); ``count`` written on it when more than one."""
    fill = ITEM_FILL[kind]
    if kind == 3:
        painter.circle(x, y, r * 0.95, fill=fill, stroke=DARK, width=1.2, alpha=alpha)
    else:
        painter.polygon(_item_shape(kind, x, y, r), fill=fill, stroke=DARK, width=1.2, alpha=alpha)
    if count > 1:
        dy = -r * 0.2 if kind == 1 else 0.5
        painter.text(x, y + dy, str(count), size=12, fill=ink_for(fill), bold=True)


#: Where each kind of item sits on a square, as a fraction of the cell from its centre.
_ITEM_SLOT = {0: (-0.3, 0.3), 1: (-0.3, -0.3), 2: (0.3, -0.3), 3: (0.3, 0.3), 4: (0.0, 0.34)}


def _items_on_square(painter: Painter, layout: Layout, square: Square, items: Mapping[str, int]):
    cx, cy = layout.centre(square)
    r = layout.cell * 0.17
    for kind, name in enumerate(KINDS):
        n = items.get(name, 0)
        if n:
            fx, fy = _ITEM_SLOT[kind]
            draw_item(painter, kind, cx + fx * layout.cell, cy + fy * layout.cell, r, n)


def draw_tile(
    painter: Painter,
    layout: Layout,
    square: Square,
    exits: str,
    *,
    sleepers: str = SLEEPER,
    alpha: float = 1.0,
    plate: bool = True,
    crossover: bool = False,
) -> None:
    """A track tile: a plate with rails to each exit (a corner is a curve, junctions meet mid-tile)."""
    x, y = layout.origin(square)
    s = layout.cell
    if plate:
        painter.rect(
            x + 2, y + 2, s - 4, s - 4, fill=PLATE, stroke=PLATE_EDGE, width=1, alpha=alpha
        )
    mask = exits_mask(exits) or 0
    sides = [side for side in (N, E, S, W) if mask >> side & 1]
    gauge = s * 0.13
    rails: list[list[Point]] = []
    ties: list[tuple[Point, Point]] = []
    if len(sides) == 2 and (sides[1] - sides[0]) % 2 == 1:
        # a corner: a quarter circle about the tile corner its two exits share
        corner_x = x + (s if E in sides else 0)
        corner_y = y + (s if S in sides else 0)
        middle = math.atan2(y + s / 2 - corner_y, x + s / 2 - corner_x)
        a0, a1 = middle - math.pi / 4, middle + math.pi / 4
        rails = [_arc(corner_x, corner_y, s / 2 + d, a0, a1) for d in (-gauge, gauge)]
        ties = _ties_on(_arc(corner_x, corner_y, s / 2, a0, a1), s * 0.17, 5)
    else:
        # straights and junctions: rails from every exit to the middle of the tile
        cx, cy = layout.centre(square)
        for side in sides:
            dx, dy = _DELTA[side]
            nx, ny = -dy * gauge, dx * gauge
            ex, ey = layout.edge_point(square, side)
            rails += [
                [(ex + nx, ey + ny), (cx + nx, cy + ny)],
                [(ex - nx, ey - ny), (cx - nx, cy - ny)],
            ]
            ties += _ties_on([(ex, ey), (cx, cy)], s * 0.17, 3)[:-1]
    painter.lines(ties, stroke=sleepers, width=3.2)
    for rail in rails:
        painter.line(rail, stroke=RAIL, width=2.2)
    if len(sides) > 2:
        cx, cy = layout.centre(square)
        painter.circle(cx, cy, gauge * (0.8 if crossover else 1.1), fill=RAIL)
        if crossover:
            painter.circle(cx, cy, gauge * 0.45, fill=PLATE)


def _ties_on(path: Sequence[Point], half: float, n: int) -> list[tuple[Point, Point]]:
    """``n`` sleepers across a path (evenly spaced along it), each ``2 * half`` long."""
    lengths = [math.dist(path[k], path[k + 1]) for k in range(len(path) - 1)]
    total = sum(lengths)
    ties = []
    for j in range(n):
        t = total * (j + 0.5) / n
        for k, length in enumerate(lengths):
            if t <= length or k == len(lengths) - 1:
                (ax, ay), (bx, by) = path[k], path[k + 1]
                f = t / length if length else 0.0
                px, py = ax + (bx - ax) * f, ay + (by - ay) * f
                ux, uy = (bx - ax) / (length or 1), (by - ay) / (length or 1)
                ties.append(((px - uy * half, py + ux * half), (px + uy * half, py - ux * half)))
                break
            t -= length
    return ties


#: A cart seen from above, nose to the north, in units of the cell.
_CART = ((-0.25, 0.3), (0.25, 0.3), (0.25, -0.16), (0.0, -0.38), (-0.25, -0.16))


def draw_cart(
    painter: Painter,
    layout: Layout,
    x: float,
    y: float,
    *,
    colour: int,
    facing: int,
    die: str | None,
    speed: int,
    load: int,
    alpha: float = 1.0,
    scale: float = 1.0,
) -> None:
    """A cart centred at ``(x, y)``: body in its clan colour, nose to ``facing``, speed die, load."""
    s = layout.cell * scale
    fill = CLAN_FILL[colour] if colour >= 0 else MUTED
    body = _rotate([(px * s, py * s) for px, py in _CART], facing, x, y)
    painter.polygon(body, fill=fill, stroke=DARK, width=2, alpha=alpha)
    dx, dy = _DELTA[facing]
    if die is None:
        return
    # the speed die sits in the body, a little back from the nose
    die_x, die_y = x - dx * s * 0.05, y - dy * s * 0.05
    half = 7.5 * scale
    die_fill = DIE_FILL.get(die, LIGHT)
    painter.rect(die_x - half, die_y - half, 2 * half, 2 * half, fill=die_fill, stroke=DARK, width=1,
                 alpha=alpha)  # fmt: skip
    painter.text(die_x, die_y + 0.5, str(speed), size=max(12, 12 * scale), fill=ink_for(die_fill),
                 bold=True)  # fmt: skip
    if load:
        # the load: a dark badge with the number of items, at the cart's back
        bx, by = x - dx * s * 0.3 + dy * s * 0.22, y - dy * s * 0.3 - dx * s * 0.22
        painter.circle(bx, by, 7.5 * scale, fill=DARK, stroke=LIGHT, width=1.2, alpha=alpha)
        painter.text(bx, by + 0.5, str(load), size=12, fill=LIGHT, bold=True)


def _hole(painter: Painter, layout: Layout, square: Square, colour: int) -> None:
    x, y = layout.origin(square)
    s = layout.cell
    cx, cy = x + s / 2, y + s / 2
    painter.rect(x, y, s, s, fill="#3B2E22")
    cracks = [
        ((x + 2, y + 6), (cx - 8, cy - 5)),
        ((x + s - 3, y + 4), (cx + 9, cy - 6)),
        ((x + 5, y + s - 2), (cx - 7, cy + 8)),
        ((x + s - 4, y + s - 5), (cx + 8, cy + 7)),
    ]
    painter.lines(cracks, stroke=HOLE, width=2)
    painter.circle(cx, cy, s * 0.36, fill=HOLE, stroke=CLAN_FILL[colour], width=4.5)


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
    mine_boxes, mine_fills = [], []
    for colour, squares in enumerate(MINE_SQUARES):
        for square in squares:
            mx, my = layout.origin(square)
            mine_boxes.append((mx, my, s, s))
            mine_fills.append(MINE_TINT[colour])
    painter.rects(mine_boxes, mine_fills)
    grid = [((x0 + k * s, y0), (x0 + k * s, y0 + n * s)) for k in range(n + 1)]
    grid += [((x0, y0 + k * s), (x0 + n * s, y0 + k * s)) for k in range(n + 1)]
    painter.lines(grid, stroke=SOIL_LINE, width=1)
    for colour, squares in enumerate(MINE_SQUARES):
        for number, square in enumerate(squares, start=1):
            cx, cy = layout.centre(square)
            painter.text(
                cx, cy + 1, str(number), size=20, fill=_darker(MINE_TINT[colour]), bold=True
            )
        cx, cy = layout.centre(MINE_CENTRE[colour])
        fill = CLAN_FILL[colour]
        painter.rect(
            cx - s / 2 + 1, cy - s / 2 + 1, s - 2, s - 2, fill=fill, stroke=DARK, width=1.5
        )
        painter.polygon(_gem(cx, cy - 1, s * 0.3), fill=ink_for(fill), alpha=0.25)
        painter.text(cx, cy + 1, CLAN_LETTER[colour], size=20, fill=ink_for(fill), bold=True)
    # the mine's outline: a frame around each 3 × 3 block
    for centre in MINE_CENTRE:
        mx, my = layout.origin((centre[0] - 1, centre[1] - 1))
        painter.rect(mx, my, 3 * s, 3 * s, stroke=DARK, width=2)
    # starting tracks: a straight rail across the edge, sleepers in the side's colour
    tracks = ALL_SURFACE_TRACKS if all_tracks else START_TRACKS
    for side, positions in enumerate(tracks):
        exits = "NS" if side in (N, S) else "EW"
        for position in positions:
            draw_tile(painter, layout, position, exits, sleepers=CLAN_FILL[side], plate=False)
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


def draw(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout = LAYOUT,
    *,
    all_tracks: bool = False,
    crossover: bool = False,
    hide_carts: Iterable[int] = (),
) -> None:
    """The whole picture of a position or a seat's view: static layer, then pieces."""
    draw_static(painter, layout, all_tracks=all_tracks)
    draw_pieces(data, painter, layout, crossover=crossover, hide_carts=hide_carts)


def draw_pieces(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout = LAYOUT,
    *,
    crossover: bool = False,
    hide_carts: Iterable[int] = (),
) -> None:
    """Tiles, items, chasm holes and carts on the board, and the panel beside it.

    ``hide_carts``: carts (indices into ``data["carts"]``) not drawn on the board,
    for an animation that draws them itself.
    """
    painter.layer("pieces")
    for entry in data["squares"]:
        square = tuple(entry["square"])
        if entry["chasm"] is not None:
            _hole(painter, layout, square, COLOURS.index(entry["chasm"]))  # type: ignore[arg-type]
        elif entry["tile"] is not None:
            draw_tile(painter, layout, square, entry["tile"], crossover=crossover)  # type: ignore[arg-type]
    for entry in data["squares"]:
        if entry["items"]:
            _items_on_square(painter, layout, tuple(entry["square"]), entry["items"])  # type: ignore[arg-type]
    hidden = set(hide_carts)
    for i, cart in enumerate(data["carts"]):
        if cart["place"] == "board" and i not in hidden:
            x, y = layout.centre(tuple(cart["square"]))  # type: ignore[arg-type]
            draw_cart(
                painter,
                layout,
                x,
                y,
                colour=_cart_colour(data, cart),
                facing=SIDE_LETTERS.index(cart["facing"]),
                die=cart["name"] if cart["name"] in DIE_FILL else "white",
                speed=cart["speed"],
                load=sum(cart["contents"].values()),
            )
    _draw_panel(data, painter, layout)


# -- the panel beside the board ------------------------------------------------------------------------


_STAGE_TEXT = {
    "side": "{who} chooses a side",
    "cart": "Movement: {who} chooses the cart to move",
    "exit": "Movement: {who} chooses the exit",
    "take": "Movement: {who} chooses a jewel to take",
    "nose": "Movement: {who} points the cart at rest",
    "split": "Collision: {who} splits the hit cart's load",
    "pick": "Collision: {who} picks a face-down pile",
    "mission": "{who} may claim a mission",
    "chasm": "Chasm phase: {who} places a {token} token",
}


def stage_text(data: Mapping[str, Any]) -> str:
    """The phase in words, with the actions left in the action phase.

    >>> from railwidgets import offtherails
    >>> stage_text(offtherails.Game(players=1, seed=1).position())
    'Action phase: 4 of 4 actions left'
    """
    turn = data["turn"]
    stage = turn["stage"]
    if stage == "over":
        return f"Game over: {data['ended']}"
    if stage == "actions":
        left = ACTIONS_PER_TURN - turn["actions_used"]
        return f"Action phase: {left} of {ACTIONS_PER_TURN} actions left"
    token = data["final_round"]["drawn_token"] or ""
    return _STAGE_TEXT[stage].format(who=player_name(data, _to_play(data)), token=token)


def _draw_panel(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    x0 = layout.panel_x
    players = len(data["sides"])
    turn = data["turn"]
    solo = players == 1
    if turn["stage"] == "over":
        head = f"Game over after turn {turn['number']}"
    elif turn["stage"] == "side":
        head = "Setup: sides"
    else:
        rounds = (turn["number"] - 1) // players + 1
        head = f"Turn {turn['number']} · round {rounds} · {player_name(data, turn['active'])}"
    painter.text(x0, 18, head, size=16, fill=DARK, align="left", bold=True)
    painter.text(x0, 40, stage_text(data), size=13, fill=DARK, align="left")
    painter.text(x0, 62, _decks_text(data), size=12, fill=MUTED, align="left")
    painter.text(x0, 80, _final_text(data), size=12, fill=DARK, align="left", bold=True)
    for seat in range(players):
        _draw_player(data, painter, layout, seat)
    if solo:
        _draw_solo_deliveries(data, painter, layout)
    else:
        _draw_missions(data, painter, layout)


def _decks_text(data: Mapping[str, Any]) -> str:
    deck = data["deposit_deck"]
    cards = deck if isinstance(deck, int) else len(deck)
    tokens = sum(data["chasm_supply"].values())
    tiles = data["tiles"]["used"]
    parts = []
    if not data["final_round"]["collapsed"]:
        parts.append(f"Deposit deck: {cards} card{'s' if cards != 1 else ''}")
    parts.append(f"chasm tokens: {tokens}")
    parts.append(f"tiles {tiles}/{TILE_SUPPLY}")
    return " · ".join(parts)


def _final_text(data: Mapping[str, Any]) -> str:
    final = data["final_round"]
    if data["turn"]["stage"] == "over":
        return ""
    if final["collapsed"]:
        return "The mine has collapsed: a chasm token every turn"
    left = final["turns_left"]
    if left is not None:
        return f"Chasm card drawn: the collapse in {left} turn{'s' if left != 1 else ''}"
    return ""


def _draw_player(data: Mapping[str, Any], painter: Painter, layout: Layout, seat: int) -> None:
    x0, top = layout.panel_x, layout.player_top(seat)
    colour = _seat_colour(data, seat)
    fill = CLAN_FILL[colour] if colour >= 0 else MUTED
    if seat == _to_play(data) and data["turn"]["stage"] != "over":
        painter.rect(x0 - 6, top - 2, layout.panel_width + 8, layout.player_row - 4, fill=PANEL,
                     stroke=SELECT, width=2.5)  # fmt: skip
    else:
        painter.rect(x0 - 6, top - 2, layout.panel_width + 8, layout.player_row - 4, fill=PANEL,
                     stroke=GRID, width=1)  # fmt: skip
    painter.rect(x0, top + 4, 18, 18, fill=fill, stroke=DARK, width=1)
    mark = CLAN_LETTER[colour] if colour >= 0 else str(seat)
    painter.text(x0 + 9, top + 13.5, mark, size=12, fill=ink_for(fill), bold=True)
    painter.text(x0 + 26, top + 13, player_name(data, seat), size=14, fill=DARK, align="left",
                 bold=True)  # fmt: skip
    # the stockpile, kind by kind
    stock = data["stockpiles"][seat]
    for kind in range(len(KINDS)):
        x = x0 + 118 + kind * 38
        n = stock.get(KINDS[kind], 0)
        draw_item(painter, kind, x, top + 13, 7, alpha=1.0 if n else 0.3)
        painter.text(x + 10, top + 13.5, str(n), size=12, fill=DARK if n else FAINT, align="left",
                     bold=bool(n))  # fmt: skip
    claimed = data["missions"]["claimed"][seat]
    if claimed:
        text = " ".join(f"M{m}" for m in claimed)
        painter.text(x0 + layout.panel_width - 2, top + 45, text, size=12, fill=DARK, align="right",
                     bold=True)  # fmt: skip
    # the seat's carts: where each is, its speed and its load
    carts = [c for c in data["carts"] if c["owner"] == seat]
    for k, cart in enumerate(carts):
        cx, cy = layout.cart_slot(seat, k, len(carts))
        place = cart["place"]
        alpha = 0.35 if place == "gone" else 1.0
        draw_cart(painter, layout, cx, cy, colour=_cart_colour(data, cart), facing=N, die=None,
                  speed=cart["speed"], load=0, alpha=alpha, scale=0.6)  # fmt: skip
        if place == "gone":
            painter.lines([((cx - 9, cy - 9), (cx + 9, cy + 9))], stroke="#B71C1C", width=2.5)
        die = DIE_FILL.get(cart["name"], LIGHT)
        painter.rect(cx + 13, cy - 8, 16, 16, fill=die, stroke=DARK, width=1, alpha=alpha)
        painter.text(cx + 21, cy + 0.5, str(cart["speed"]), size=12, fill=ink_for(die), bold=True)
        label = _square_label(cart["square"]) if place == "board" else place
        painter.text(cx + 34, cy + 0.5, label, size=12, fill=FAINT if place == "gone" else DARK,
                     align="left")  # fmt: skip
        kx = cx - 6
        for kind, name in enumerate(KINDS):
            n = cart["contents"].get(name, 0)
            if n:
                draw_item(painter, kind, kx + 5, cy + 17, 5.5)
                if n > 1:
                    painter.text(kx + 12, cy + 17.5, str(n), size=12, fill=DARK, align="left",
                                 bold=True)  # fmt: skip
                kx += 24 if n > 1 else 15


def _square_label(square: Sequence[int]) -> str:
    return f"({square[0]},{square[1]})"


def _draw_missions(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    x0 = layout.panel_x
    y = layout.missions_top(len(data["sides"]))
    painter.text(x0, y, "MISSIONS (4 points each; one claim per turn)", size=12, fill=MUTED,
                 align="left", bold=True)  # fmt: skip
    y += 18
    met = set(data["turn"]["met"])
    for number in data["missions"]["face_up"]:
        mission = MISSIONS[number]
        title = f"M{number} {mission.name}" + ("  ✓ met this turn" if number in met else "")
        painter.text(x0, y, title, size=12, fill=DARK, align="left", bold=True)
        y += 15
        for line in _wrap(mission.text, 12, layout.panel_width - 12):
            painter.text(x0 + 12, y, line, size=12, fill=MUTED, align="left")
            y += 15
        y += 3
    if not data["missions"]["face_up"]:
        painter.text(x0, y, "none left face up", size=12, fill=FAINT, align="left")


def _draw_solo_deliveries(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    x0 = layout.panel_x
    y = layout.missions_top(1) + 30
    painter.text(x0, y, "DELIVERED, BY EXIT SIDE (match: ruby N, gold E, emerald S, diamond W)",
                 size=12, fill=MUTED, align="left", bold=True)  # fmt: skip
    for k, letter in enumerate(SIDE_LETTERS):
        row = y + 24 + k * 28
        fill = CLAN_FILL[k]
        painter.rect(x0, row - 9, 18, 18, fill=fill, stroke=DARK, width=1)
        painter.text(x0 + 9, row + 0.5, letter, size=12, fill=ink_for(fill), bold=True)
        delivered = data["delivered"].get(letter, {})
        for kind in range(1, len(KINDS)):
            x = x0 + 44 + (kind - 1) * 48
            n = delivered.get(KINDS[kind], 0)
            draw_item(painter, kind, x, row, 7, alpha=1.0 if n else 0.3)
            painter.text(
                x + 10, row + 0.5, str(n), size=12, fill=DARK if n else FAINT, align="left"
            )


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
) -> None:
    """Legal squares (a white wash and a thick outline), exit arrows, a ghost tile, the selection.

    ``arrows``: ``(square, edge)`` pairs, an arrow on that side pointing out of the square.
    ``marks``: ``(square, label)`` pairs, small numbered tags for the moves since one's last turn.
    """
    painter.layer("highlights")
    s = layout.cell
    boxes = [(*layout.origin(sq), s, s) for sq in squares]
    if boxes:
        inner = [(x + 3, y + 3, w - 6, h - 6) for x, y, w, h in boxes]
        painter.rects(inner, [HIGHLIGHT_FILL] * len(inner), alpha=0.35)
        painter.rects(inner, [None] * len(inner), stroke=HIGHLIGHT, width=2.5)
    if ghost is not None:
        square, exits = ghost
        draw_tile(painter, layout, square, exits, alpha=0.85)
    if selected is not None:
        x, y = layout.origin(selected)
        painter.rect(x + 1, y + 1, s - 2, s - 2, stroke=SELECT, width=4)
    for square, edge in arrows:
        side = SIDE_LETTERS.index(edge)
        ex, ey = layout.edge_point(square, side, inset=s * 0.02)
        tip = [(0.0, -s * 0.2), (s * 0.19, s * 0.07), (-s * 0.19, s * 0.07)]
        shape = _rotate(tip, side, ex, ey)
        painter.polygon(shape, fill=SELECT, stroke=LIGHT, width=2)
    for square, label in marks:
        x, y = layout.origin(square)
        painter.circle(x + s - 8, y + 8, 8, fill=LIGHT, stroke=DARK, width=1.5)
        painter.text(x + s - 8, y + 8.5, label, size=12, fill=DARK, bold=True)


# -- hit test ------------------------------------------------------------------------------------------


def hit_test(
    x: float, y: float, layout: Layout = LAYOUT, data: Mapping[str, Any] | None = None
) -> Target | None:
    """What is under canvas pixel ``(x, y)``: a square (with its nearest side), a cart or a mission.

    Carts and missions beside the board need ``data`` (the position drawn).
    """
    s = layout.cell
    col = math.floor((x - layout.board_x) / s) - 1
    row = math.floor((y - layout.board_y) / s) - 1
    inside = -1 <= row <= GRID_SIZE and -1 <= col <= GRID_SIZE
    if (
        inside
        and (row in (-1, GRID_SIZE)) != (col in (-1, GRID_SIZE))
        or (0 <= row < GRID_SIZE and 0 <= col < GRID_SIZE)
    ):
        cx, cy = layout.centre((row, col))
        dx, dy = x - cx, y - cy
        edge = ("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N")
        return SquareTarget((row, col), edge)
    if data is None:
        return None
    for seat in range(len(data["sides"])):
        carts = [c for c in data["carts"] if c["owner"] == seat]
        for k, cart in enumerate(carts):
            cx, cy = layout.cart_slot(seat, k, len(carts))
            if cx - 12 <= x <= cx + 80 and cy - 12 <= y <= cy + 24:
                return CartTarget(seat, cart["name"])
    if len(data["sides"]) > 1:
        y0 = layout.missions_top(len(data["sides"])) + 18
        for number in data["missions"]["face_up"]:
            lines = len(_wrap(MISSIONS[number].text, 12, layout.panel_width - 12))
            height = 15 * (1 + lines) + 3
            if layout.panel_x <= x <= layout.width and y0 - 8 <= y < y0 - 8 + height:
                return MissionTarget(number)
            y0 += height
    return None
