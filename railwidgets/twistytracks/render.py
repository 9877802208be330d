"""Draw Twisty Tracks on any :class:`~railwidgets.draw.painter.Painter` (pure, no widgets).

Everything is drawn from position-shaped data: ``game.position()`` for the
whole game, secrets included, or ``game.view(seat)`` for what one seat may
know. A seat's picture is drawn from its view, so it can never show what the
view hides (another seat's drawn tile or this round's placement, R25); a bare
game's picture (``game.to_svg()``) is drawn from a spectator's view, which
shows no seat's secrets.

What is drawn: every seat's frame (the 5×3 grid, the frame loops as U-shaped
arcs outside the grid, the seven named stations with their current value, the
two depots with their four coloured starting tracks, R14), the placed tiles
with every segment as a curve and bridges over tunnels (R17, R18), the trains
where they stand and facing where they go next, the shared scoring board
(R19–R21: values, tokens, marked spaces, stacks and penalty spaces), every
player's score, the round, who has placed or passed, and the drawn tile.

Player colours are landscape themes that are not train colours (R12): brown,
purple, white and black, each token also carrying its seat number. Trains are
red, blue, green and yellow arrows, each with its letter. No text is smaller
than 12 px: small frames leave their labels out.

Three layers, bottom to top: ``"static"`` (paper, frames, loops, depots,
empty station boxes, the board's grid: what a game never changes for one
layout), ``"pieces"`` (tiles, trains, values, tokens, scores, the drawn tile)
and ``"highlights"`` (lit cells, the ghost and the tile in hand, recent moves:
everything a pick changes).

What the tutorials name can be found (issue 27 item 13): every space shows its
coordinates ``(column,row)`` as the engine's log writes them (a tile covers
them); the ghost of the tile in hand has a dashed blue outline, a tile placed
since your turn a solid orange one with its number in the list of moves; a
legend under the scores says so (1–4 players, where there is room).

>>> from railwidgets import twistytracks
>>> from railwidgets.draw import RecordingPainter
>>> game = twistytracks.Game(players=2, seed=3)
>>> painter = RecordingPainter(*CANVAS)
>>> draw(game.view(0), painter, Layout(2, focus=0))
>>> "Wild West" in painter.texts() and "Meadows" in painter.texts()
True
>>> "T13" in " ".join(painter.texts())  # seat 0 drew T13 ...
True
>>> draw(game.view(1), painter := RecordingPainter(*CANVAS), Layout(2, focus=1))
>>> "T13" in " ".join(painter.texts())  # ... which seat 1 cannot see
False
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from railwidgets.core.grid import Cell, N, S, W
from railwidgets.draw.metrics import fit_size, text_width
from railwidgets.draw.painter import Painter, Point
from railwidgets.draw.palette import (
    DARK,
    FAINT,
    GRID,
    HIGHLIGHT,
    HIGHLIGHT_FILL,
    LIGHT,
    MUTED,
    PAPER,
    RECENT,
    SELECT,
    ink_for,
)
from railwidgets.i18n import _, ngettext, tr
from railwidgets.twistytracks.components import (
    CELLS,
    FRAME_EDGES,
    PLAYER_THEMES,
    SEATS_PER_BOARD,
    STATION_LABELS,
    TILES,
    TRAIN_COLOURS,
    TRAIN_LETTERS,
)
from railwidgets.twistytracks.geometry import (
    BOARD_X,
    CANVAS,
    MARGIN,
    Bezier,
    FrameBox,
    Layout,
    bezier_point,
    segment_curve,
    tile_segments,
)
from railwidgets.twistytracks.scoreboard import (
    THEME_FILL,
    THEME_PALE,
    TRAIN_FILL,
    Seat,
    draw_board_grid,
    draw_board_tokens,
    draw_heading,
    draw_scores,
    draw_token,
    scores_bottom,
    seats_of,
    station_value_now,
)

__all__ = [
    "CANVAS",
    "COORDINATES_FROM",
    "CRASH",
    "GHOST_DASH",
    "LAYERS",
    "MIN_TEXT",
    "Ghost",
    "Layout",
    "cell_name",
    "draw",
    "draw_highlights",
    "draw_pieces",
    "draw_static",
    "draw_train",
    "tile_picture",
    "train_shape",
]

LAYERS: tuple[str, ...] = ("static", "pieces", "highlights")

TILE_FILL = "#F7F0E1"
RAIL = "#4A4036"
RAIL_INNER = "#EDE3CD"
STATION_FILL = "#FFFFFF"
CRASH = "#B00020"
MIN_TEXT = 12.0
#: Spaces this large (px) or larger show their coordinates: "(4,2)" needs about 30 px.
COORDINATES_FROM = 40.0
#: The ghost's outline: dashes, where a tile placed since your turn has a solid outline.
GHOST_DASH = (9.0, 6.0)


# -- drawing ------------------------------------------------------------------------------------


class Ghost(NamedTuple):
    """The tile in hand shown at ``cell`` of ``seat``'s frame, turned ``rotation``."""

    seat: int
    tile: int
    cell: Cell
    rotation: int


def draw(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout | None = None,
    *,
    lit: Iterable[Cell] = (),
    ghost: Ghost | None = None,
    recent: Sequence[tuple[int, Cell]] = (),
    hand_rotation: int = 0,
) -> None:
    """Draw the whole picture: frames, board, scores, then ``lit`` cells of the focus seat,
    the ``ghost`` of the tile in hand and the numbered ``recent`` placements ``(seat, cell)``."""
    layout = layout or Layout(len(data["players"]))
    draw_static(data, painter, layout)
    draw_pieces(data, painter, layout)
    draw_highlights(
        data, painter, layout, lit=lit, ghost=ghost, recent=recent, hand_rotation=hand_rotation
    )


def draw_static(
    data: Mapping[str, Any], painter: Painter, layout: Layout, *, layer: str = "static"
) -> None:
    """What a game never changes for one layout: frames, loops, depots, the board's grid."""
    painter.layer(layer)
    painter.rect(0, 0, layout.width, layout.height, fill=PAPER)
    for box in layout.frames:
        _frame(painter, box)
    draw_board_grid(data, painter, layout)
    _legend(data, painter, layout)


def draw_pieces(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout,
    *,
    trains: bool = True,
) -> None:
    """Tiles, trains (unless ``trains`` is false), station values, headers, tokens and scores."""
    painter.layer("pieces")
    batched = _Batched(painter)
    _draw_pieces(data, batched, layout, trains)  # type: ignore[arg-type]
    batched.flush()


def _draw_pieces(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout,
    trains: bool,
) -> None:
    seats = seats_of(data)
    tiles: list[tuple[FrameBox, Cell, int, int]] = []
    for box in layout.frames:
        seat = seats[box.seat]
        tiles += [(box, cell, tile, rot) for cell, tile, rot in seat.tiles]
    _tiles(painter, tiles)
    for box in layout.frames:  # like with like, so the batches stay few and large
        _station_values(data, painter, box)
        if trains:
            _trains(painter, box, seats[box.seat])
    for box in layout.frames:
        _header(painter, box, seats[box.seat], over=not any(s.playing for s in seats))
    draw_heading(data, painter, seats)
    draw_board_tokens(data, painter, layout)
    draw_scores(data, painter, layout, seats)


def draw_highlights(
    data: Mapping[str, Any],
    painter: Painter,
    layout: Layout,
    *,
    lit: Iterable[Cell] = (),
    ghost: Ghost | None = None,
    recent: Sequence[tuple[int, Cell]] = (),
    hand_rotation: int = 0,
    marks_layer: str | None = "highlights",
) -> None:
    """Light the ``lit`` cells of the focus seat, show the ``ghost``, number the ``recent`` moves,
    and show the tile in hand turned ``hand_rotation`` (all that a pick changes).

    A placement the data already holds (the seat's own, or every seat's in a
    whole position) shows as a ghost too, so a placed tile is never forgotten.
    All but the ``ghost`` (the tile in hand, the lit cells, the placements held and
    the numbers) go on ``marks_layer``, below it (``None``: not drawn), so that a widget
    may keep them while a click moves the ghost (issue 27 item 16).
    """
    seats = seats_of(data)
    frames = {box.seat: box for box in layout.frames}
    if marks_layer is not None:
        painter.layer(marks_layer)
        _hand(painter, layout, seats, hand_rotation)
        if layout.focus is not None and layout.focus in frames:
            _lit(painter, frames[layout.focus], seats[layout.focus], list(lit))
        for seat, info in enumerate(seats):
            if info.placement is not None and info.drawn is not None and seat in frames:
                (cell, rotation) = info.placement
                _ghost(painter, frames[seat], Ghost(seat, info.drawn, cell, rotation), placed=True)
        for number, (seat, cell) in enumerate(recent, start=1):
            if seat in frames:
                _recent(painter, frames[seat], cell, number)
    painter.layer("highlights")
    if ghost is not None and ghost.seat in frames:
        _ghost(painter, frames[ghost.seat], ghost, placed=False)


def _lit(painter: Painter, box: FrameBox, seat: Seat, cells: list[Cell]) -> None:
    """The spaces of ``box`` where the tile in hand may go, washed and outlined."""
    if not cells:
        return
    inset = box.cell * 0.06
    rects = [
        (x + inset, y + inset, box.cell - 2 * inset, box.cell - 2 * inset)
        for x, y in (box.cell_origin(c) for c in cells)
    ]
    painter.rects(rects, [HIGHLIGHT_FILL] * len(rects), alpha=0.55)
    painter.rects(rects, [None] * len(rects), stroke=HIGHLIGHT, width=3)
    if box.cell >= COORDINATES_FROM:  # the wash must not fade a lit space's name
        lettered = _lettered_cells(box, seat)
        for cell in cells:
            if cell not in lettered:  # a train's letter goes there
                _coordinates(painter, box, cell)


# -- fewer canvas commands ------------------------------------------------------------------------


class _Batched:
    """A painter wrapper that sends a layer's shapes and texts in few calls.

    Consecutive ``rect`` (or ``polygon``) calls with the same outline become one
    ``rects`` (or ``polygons``) call, and texts are held back and drawn last,
    grouped by style: on a canvas every change of style is a command of its own.
    Texts therefore go on top of the layer's shapes (no text here is meant to be
    covered by a shape drawn after it).
    """

    def __init__(self, painter: Painter) -> None:
        self._painter = painter
        self._kind = ""
        self._key: tuple[Any, ...] = ()
        self._shapes: list[Any] = []
        self._fills: list[str | None] = []
        self._texts: list[tuple[tuple[Any, ...], float, float, str]] = []

    def _add(self, kind: str, key: tuple[Any, ...], shape: Any, fill: str | None) -> None:
        if (kind, key) != (self._kind, self._key):
            self._flush_shapes()
            self._kind, self._key = kind, key
        self._shapes.append(shape)
        self._fills.append(fill)

    def _flush_shapes(self) -> None:
        if self._shapes:
            stroke, width, alpha = self._key
            send = self._painter.rects if self._kind == "rect" else self._painter.polygons
            send(self._shapes, self._fills, stroke=stroke, width=width, alpha=alpha)  # type: ignore[operator]
        self._shapes, self._fills, self._kind = [], [], ""

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None,
             stroke: str | None = None, width: float = 1.0, alpha: float = 1.0) -> None:  # fmt: skip
        self._add("rect", (stroke, width, alpha), (x, y, w, h), fill)

    def polygon(self, points: Sequence[Point], fill: str | None = None,
                stroke: str | None = None, width: float = 1.0, alpha: float = 1.0) -> None:  # fmt: skip
        self._add("polygon", (stroke, width, alpha), list(points), fill)

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = DARK,
             align: str = "center", baseline: str = "middle", bold: bool = False) -> None:  # fmt: skip
        self._texts.append(((size, bold, fill, align, baseline), x, y, text))

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._painter, name)
        if not callable(attribute):
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            self._flush_shapes()
            return attribute(*args, **kwargs)

        return call

    def flush(self) -> None:
        """Send what is held back: the pending shapes, then every text by style."""
        self._flush_shapes()
        for (size, bold, fill, align, baseline), x, y, text in sorted(
            self._texts, key=lambda item: item[0]
        ):
            self._painter.text(
                x, y, text, size=size, fill=fill, align=align, baseline=baseline, bold=bold
            )
        self._texts = []


# -- the frame (static) ---------------------------------------------------------------------------


Pieces = list[tuple[Point, Point]]


def _track(painter: Painter, pieces: Pieces, width: float, middles: Pieces | None = None) -> None:
    """Track along ``pieces``: dark rails with a light bed, over a gap cut along ``middles``.

    The gap (a casing in the tile's colour) is what makes a bridge: it hides the
    tracks already drawn underneath.
    """
    if not pieces:
        return
    if middles:
        painter.lines(middles, stroke=TILE_FILL, width=width * 2.1)
    painter.lines(pieces, stroke=RAIL, width=width)
    painter.lines(pieces, stroke=RAIL_INNER, width=width * 0.38)


def _polyline(curve: Bezier, start: float = 0.0, end: float = 1.0, steps: int = 12) -> Pieces:
    """``curve`` from ``start`` to ``end`` as ``steps`` straight pieces (one if it is straight)."""
    a, b, c, d = curve
    if _collinear(a, b, d) and _collinear(a, c, d):
        steps = 1
    points = [bezier_point(curve, start + (end - start) * i / steps) for i in range(steps + 1)]
    return list(itertools.pairwise(points))


def _steps(box: FrameBox) -> int:
    """Pieces per curve: enough to look round at this size, no more (each is a number sent)."""
    return 12 if box.cell >= 60 else 8 if box.cell >= 35 else 5


@functools.cache
def _unit_pieces(p: int, q: int, steps: int) -> tuple[Pieces, Pieces]:
    """The segment ``p``–``q`` in a unit cell as pieces, and its middle (for the casing)."""
    curve = segment_curve(p, q)
    return _polyline(curve, steps=steps), _polyline(curve, 0.16, 0.84, steps=max(3, steps // 2))


@functools.cache
def _bridges(tile: int) -> tuple[bool, ...]:
    """For each listed segment of ``tile``: whether it crosses a segment listed after it.

    Those are the bridges (R18); only they need a gap cut under them.
    """
    pieces = [_unit_pieces(p, q, 12)[0] for p, q in TILES[tile - 1].segments]
    return tuple(
        any(_cross(pieces[i], pieces[j]) for j in range(i + 1, len(pieces)))
        for i in range(len(pieces))
    )


def _cross(a: Pieces, b: Pieces) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return any(
        side(p, q, r) * side(p, q, t) < 0 and side(r, t, p) * side(r, t, q) < 0
        for p, q in a
        for r, t in b
    )


def _placed(box: FrameBox, cell: Cell, unit: Pieces) -> Pieces:
    ox, oy = box.cell_origin(cell)
    s = box.cell
    return [((ox + ax * s, oy + ay * s), (ox + bx * s, oy + by * s)) for (ax, ay), (bx, by) in unit]


def _collinear(a: Point, b: Point, c: Point) -> bool:
    return abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) < 1e-6


def _rail_width(box: FrameBox) -> float:
    return max(1.6, box.cell * 0.085)


def _frame(painter: Painter, box: FrameBox) -> None:
    theme = PLAYER_THEMES[box.seat % SEATS_PER_BOARD]
    s = box.cell
    m = MARGIN * s
    gx, gy, gw, gh = box.grid
    # the frame: a pale ground, a band in the player's colour round the grid
    painter.rect(gx - m, gy - m, gw + 2 * m, gh + 2 * m, fill=THEME_PALE[theme], stroke=GRID)
    band = max(2.0, s * 0.07)
    painter.rect(gx - band / 2, gy - band / 2, gw + band, gh + band, stroke=DARK, width=band + 2)
    painter.rect(
        gx - band / 2, gy - band / 2, gw + band, gh + band, stroke=THEME_FILL[theme], width=band
    )
    painter.rect(gx, gy, gw, gh, fill=LIGHT, stroke=None)
    # empty cells: a light grid
    grid_lines = [((gx + i * s, gy), (gx + i * s, gy + gh)) for i in range(1, 5)]
    grid_lines += [((gx, gy + j * s), (gx + gw, gy + j * s)) for j in range(1, 3)]
    painter.lines(grid_lines, stroke=GRID, width=1)
    # every space's coordinates, as the text and the log write them: "(column,row)"
    if s >= COORDINATES_FROM:
        for cell in CELLS:
            _coordinates(painter, box, cell)
    # loops (R15) as U-shaped arcs outside the grid, stations (R16) as boxes, depots (R23)
    loops: list[Bezier] = []
    stubs: list[Bezier] = []
    for feature in FRAME_EDGES:
        ports = (2 * feature.side, 2 * feature.side + 1)
        a, b = (box.port_point(feature.cell, p) for p in ports)
        (ox, oy) = (-box.inward(ports[0])[0], -box.inward(ports[0])[1])
        if feature.kind == "loop":
            loops.append(box.loop_curve(feature.cell, ports[0], ports[1]))
        elif feature.kind == "station":
            for p in (a, b):
                end = (p[0] + ox * 0.14 * s, p[1] + oy * 0.14 * s)
                stubs.append((p, p, end, end))
        else:
            for p in (a, b):
                end = (p[0] + ox * 0.34 * s, p[1] + oy * 0.34 * s)
                stubs.append((p, p, end, end))
    _track(
        painter, [piece for curve in loops + stubs for piece in _polyline(curve)], _rail_width(box)
    )
    for feature in FRAME_EDGES:
        if feature.kind == "station":
            _station_box(painter, box, feature.cell, feature.side, feature.name)
        elif feature.kind == "depot":
            for port, colour in feature.tracks:
                px, py = box.port_point(feature.cell, port)
                w = max(5.0, s * 0.16)
                y = py + 0.34 * s
                painter.rect(px - w / 2, y, w, w * 0.45, fill=TRAIN_FILL[colour], stroke=DARK)


def cell_name(cell: Cell) -> str:
    """A space as the engine's log and the tutorials write it: ``(column,row)``.

    >>> cell_name((1, 2))
    '(1,2)'
    """
    return f"({cell[0]},{cell[1]})"


def _coordinates(painter: Painter, box: FrameBox, cell: Cell) -> None:
    """The space's name in its middle: a placed tile covers it, an empty space shows it."""
    x, y = box.cell_centre(cell)
    painter.text(x, y, cell_name(cell), size=MIN_TEXT, fill=MUTED)


def _station_box(painter: Painter, box: FrameBox, cell: Cell, side: int, name: str) -> None:
    x, y, w, h = box.station_rect(cell, side)
    painter.rect(x, y, w, h, fill=STATION_FILL, stroke=DARK, width=1.5)
    # a roof line on the outer side marks it as a station at any size
    s = box.cell
    roof = max(2.0, s * 0.05)
    if side == N:
        painter.rect(x, y, w, roof, fill=DARK)
    elif side == S:
        painter.rect(x, y + h - roof, w, roof, fill=DARK)
    elif side == W:
        painter.rect(x, y, roof, h, fill=DARK)
    else:
        painter.rect(x + w - roof, y, roof, h, fill=DARK)


def _station_values(data: Mapping[str, Any], painter: Painter, box: FrameBox) -> None:
    """Each station's name and what an arrival would score there now (the round's start)."""
    if box.cell * 0.36 < 15:  # too small a box for a 12 px name
        return
    largest = min(16.0, max(MIN_TEXT, box.cell * 0.16))
    scoring = data["options"]["scoring"] != "travel_only"
    for feature in FRAME_EDGES:
        if feature.kind != "station":
            continue
        x, y, w, h = box.station_rect(feature.cell, feature.side)
        value = station_value_now(data, feature.name) if scoring else None
        name = tr(STATION_LABELS[feature.name])  # the language's compass letters (issue 24)
        label = name if not scoring else f"{name} {value if value is not None else 0}"
        if feature.side in (N, S):
            size = fit_size(label, w - 4, largest, MIN_TEXT, bold=True)
            painter.text(x + w / 2, y + h / 2 + 0.5, label, size=size, fill=DARK, bold=True)
        else:
            size = fit_size(name, w - 2, largest, MIN_TEXT, bold=True)
            painter.text(x + w / 2, y + h * 0.35, name, size=size, fill=DARK, bold=True)
            if scoring:
                painter.text(
                    x + w / 2,
                    y + h * 0.65,
                    str(value if value is not None else 0),
                    size=size,
                    fill=DARK,
                )


# -- tiles --------------------------------------------------------------------------------------


def _tiles(
    painter: Painter, tiles: Sequence[tuple[FrameBox, Cell, int, int]], alpha: float = 1.0
) -> None:
    """Tiles as cards with their segments; crossing segments drawn bridge over tunnel (R18).

    All tiles are drawn together, level by level: the last-listed segment of
    every tile first, the first-listed (a bridge wherever it crosses) last.
    """
    if not tiles:
        return
    rects = []
    for box, cell, _tile, _turn in tiles:
        x, y = box.cell_origin(cell)
        rects.append((x + 0.5, y + 0.5, box.cell - 1, box.cell - 1))
    painter.rects(rects, [TILE_FILL] * len(rects), stroke=GRID, width=1, alpha=alpha)
    for box, cell, tile, _turn in tiles:
        if TILES[tile - 1].name == "Town roundabout":
            _town(painter, box, cell)
    by_size: dict[float, list[tuple[FrameBox, Cell, int, int]]] = {}
    for item in tiles:
        by_size.setdefault(item[0].cell, []).append(item)
    for group in by_size.values():
        width = _rail_width(group[0][0])
        steps = _steps(group[0][0])
        for level in range(3, -1, -1):
            pieces: Pieces = []
            middles: Pieces = []
            for box, cell, tile, rot in group:
                unit, middle = _unit_pieces(*tile_segments(tile, rot)[level], steps)
                pieces += _placed(box, cell, unit)
                if _bridges(tile)[level]:
                    middles += _placed(box, cell, middle)
            _track(painter, pieces, width, middles)


def _town(painter: Painter, box: FrameBox, cell: Cell) -> None:
    """The little town in the middle of the roundabout (T01)."""
    cx, cy = box.cell_centre(cell)
    r = box.cell * 0.09
    for dx, dy in ((-1.1, -0.4), (1.1, -0.4), (0.0, 0.8)):
        x, y = cx + dx * r, cy + dy * r
        painter.polygon(
            [
                (x - r * 0.7, y),
                (x, y - r * 0.8),
                (x + r * 0.7, y),
                (x + r * 0.7, y + r * 0.7),
                (x - r * 0.7, y + r * 0.7),
            ],
            fill="#C9A27E",
            stroke=RAIL,
            width=1,
        )


def _ghost(painter: Painter, box: FrameBox, ghost: Ghost, *, placed: bool) -> None:
    """The tile in hand (or the seat's secret placement) shown in a cell, lighter, inside a
    dashed blue outline: not on the board yet (a placed tile's outline is solid)."""
    x, y = box.cell_origin(ghost.cell)
    s = box.cell
    painter.rect(x + 1, y + 1, s - 2, s - 2, fill=TILE_FILL, alpha=0.9)
    _tiles(painter, [(box, ghost.cell, ghost.tile, ghost.rotation)], alpha=0.9)
    a, b = x + 2.5, x + s - 2.5
    c, d = y + 2.5, y + s - 2.5
    painter.line(
        [(a, c), (b, c), (b, d), (a, d), (a, c)], stroke=SELECT, width=3.5, dash=GHOST_DASH
    )
    if placed and s * 0.15 >= MIN_TEXT:
        painter.rect(x + 4, y + s - 22, s - 8, 18, fill=SELECT)
        painter.text(x + s / 2, y + s - 13, _("placed"), size=12, fill=LIGHT, bold=True)


def _recent(painter: Painter, box: FrameBox, cell: Cell, number: int) -> None:
    """A tile placed since your turn: a solid orange outline and its number in the list of
    moves (orange and solid, where the ghost is blue and dashed)."""
    x, y = box.cell_origin(cell)
    painter.rect(x + 1.5, y + 1.5, box.cell - 3, box.cell - 3, stroke=RECENT, width=3)
    r = max(8.0, box.cell * 0.11)
    if r * 1.4 >= MIN_TEXT:
        painter.circle(x + r + 3, y + r + 3, r, fill=RECENT, stroke=LIGHT, width=1.5)
        painter.text(x + r + 3, y + r + 3.5, str(number), size=r * 1.4, fill=DARK, bold=True)


def tile_picture(
    painter: Painter, tile: int, rotation: int, x: float, y: float, size: float
) -> None:
    """One tile drawn alone in the box ``(x, y, size, size)`` (the tile in hand, the tutorial)."""
    box = FrameBox(seat=-1, x=x, y=y, cell=size)
    _tiles(painter, [(box, (0, 0), tile, rotation)])
    # its ports, so the reader can see where tracks may meet
    ports = [box.port_point((0, 0), p) for p in range(8)]
    painter.circles(ports, max(2.0, size * 0.025), [DARK] * 8)


# -- trains -------------------------------------------------------------------------------------


def _arrow(x: float, y: float, dx: float, dy: float, length: float, width: float) -> list[Point]:
    """A train seen from above: a pointed body at ``(x, y)`` heading ``(dx, dy)``."""
    px, py = -dy, dx  # across
    h, w = length / 2, width / 2
    tip = (x + dx * h, y + dy * h)
    return [
        tip,
        (x + dx * h * 0.25 + px * w, y + dy * h * 0.25 + py * w),
        (x - dx * h + px * w, y - dy * h + py * w),
        (x - dx * h - px * w, y - dy * h - py * w),
        (x + dx * h * 0.25 - px * w, y + dy * h * 0.25 - py * w),
    ]


def _train_size(box: FrameBox) -> tuple[float, float]:
    """A train's length and width in ``box``: a little larger than to scale in small frames."""
    s = box.cell
    width = max(0.24 * s, min(16.0, 0.4 * s))
    return width * 1.42, width


def train_shape(box: FrameBox, cell: Cell, port: int) -> tuple[list[Point], Point]:
    """The outline of a train at ``port`` of ``cell`` facing into it, and where its letter goes."""
    length, width = _train_size(box)
    dx, dy = box.inward(port)
    px, py = box.port_point(cell, port)
    cx, cy = px - dx * length * 0.56, py - dy * length * 0.56
    return _arrow(cx, cy, dx, dy, length, width), (cx - dx * length * 0.09, cy - dy * length * 0.09)


def draw_train(
    painter: Painter, box: FrameBox, colour: str, at: Point, heading: Point, alpha: float = 1.0
) -> None:
    """A train of ``colour`` centred at ``at`` heading ``heading`` (for animation frames)."""
    length, width = _train_size(box)
    shape = _arrow(at[0], at[1], heading[0], heading[1], length, width)
    fill = TRAIN_FILL[colour]
    painter.polygon(shape, fill=fill, stroke=DARK, width=1.5, alpha=alpha)
    if _letter_room(box, tr(TRAIN_LETTERS[colour]), MIN_TEXT):
        painter.text(
            at[0] - heading[0] * length * 0.09,
            at[1] - heading[1] * length * 0.09 + 0.5,
            TRAIN_LETTERS[colour],
            size=MIN_TEXT,
            fill=ink_for(fill),
            bold=True,
            alpha=alpha,
        )


def _letter_room(box: FrameBox, letter: str, size: float) -> bool:
    """Whether a train in ``box`` has room for its ``letter`` at ``size`` px (12 at least).

    One letter needs a train 14 px wide; a longer one (``Cz``, ``Az``: issue 24) must also
    keep 3 px from the letter of the train beside it, at the next port: small frames
    leave it out, as they leave out their other labels (the chips above say it).
    """
    _length, width = _train_size(box)
    wide = text_width(letter, size, bold=True)
    if width < 14 or wide > width + 1:
        return False
    gap = math.dist(box.port_point((0, 0), 0), box.port_point((0, 0), 1))
    return len(letter) == 1 or wide <= gap - 3


def _lettered_cells(box: FrameBox, seat: Seat) -> set[Cell]:
    """The spaces of ``box`` whose name a train standing at their side writes its letter on."""
    if _train_size(box)[1] < 14:
        return set()
    reach = max(MIN_TEXT, box.cell * 0.17) * 0.4  # half a letter
    cells = set()
    for train in seat.trains.values():
        if train["at"] is not None:
            x, y, port = train["at"]
            (lx, ly), (cx, cy) = train_shape(box, (x, y), port)[1], box.cell_centre((x, y))
            if abs(lx - cx) < 16 + reach and abs(ly - cy) < 7 + reach:
                cells.add((x, y))
    return cells


def _trains(painter: Painter, box: FrameBox, seat: Seat) -> None:
    _length, width = _train_size(box)
    size = max(MIN_TEXT, box.cell * 0.17)
    if box.cell >= COORDINATES_FROM:  # a train's letter, not the space's name, where it stands
        for cell in _lettered_cells(box, seat):
            x, y = box.cell_centre(cell)
            painter.rect(x - 16, y - 7, 32, 14, fill=LIGHT)
    for colour in TRAIN_COLOURS:
        train = seat.trains[colour]
        if train["at"] is None:
            continue
        x, y, port = train["at"]
        shape, (lx, ly) = train_shape(box, (x, y), port)
        fill = TRAIN_FILL[colour]
        painter.polygon(shape, fill=fill, stroke=DARK, width=1.5)
        letter = TRAIN_LETTERS[colour]  # in the language's colour word (issue 24)
        fitted = fit_size(tr(letter), width, size, MIN_TEXT, bold=True)
        if _letter_room(box, tr(letter), fitted):  # small frames leave it out
            painter.text(lx, ly + 0.5, letter, size=fitted, fill=ink_for(fill), bold=True)


def _roster(painter: Painter, x: float, y: float, seat: Seat, *, short: bool = False) -> float:
    """The four trains' chips, right-aligned at ``x``: the letter, then ✓station or ✕.

    ``short`` leaves the station's name out (✓ only), for narrow frames. Letters and
    stations are the language's (issue 24): each chip is as wide as its letter.
    """
    for colour in reversed(TRAIN_COLOURS):
        train = seat.trains[colour]
        state = train["state"]
        if state == "arrived":
            label = "✓" if short else "✓" + tr(STATION_LABELS[train["station"]])
        elif state in ("crashed", "dead_end"):
            label = "✕"
        else:
            label = ""
        if label:
            painter.text(
                x, y, label, size=12, fill=CRASH if label == "✕" else DARK, align="right", bold=True
            )
            x -= text_width(label, 12, bold=True) + 2
        # a lost train's chip is grey: its letter and the cross say which and what
        fill = FAINT if state in ("crashed", "dead_end") else TRAIN_FILL[colour]
        letter = TRAIN_LETTERS[colour]
        chip = max(16.0, text_width(tr(letter), 12, bold=True) + 6)
        painter.rect(x - chip, y - 8, chip, 16, fill=fill, stroke=DARK, width=1.2)
        painter.text(x - chip / 2, y + 0.5, letter, size=12, fill=ink_for(fill), bold=True)
        x -= chip + 6
    return x


def _header(painter: Painter, box: FrameBox, seat: Seat, *, over: bool) -> None:
    ox, oy, w, _height = box.outer
    y = oy + 11
    draw_token(painter, ox + 9, y, box.seat, 16)
    if over:
        status = _("final")
    elif not seat.playing:
        status = _("passed")
    else:
        status = _("placed") + " ✓" if seat.placed else _("to place")
    text = f"{tr(seat.name)} · {seat.score}"
    # the longest wording that fits before the trains' chips (issue 24: names are longer
    # in some languages), at 13 px or down to MIN_TEXT
    wordings, right = [text], ox + w - 2
    if w >= 400:
        wordings = [text + " " + _("pts") + f" · {status}", text + f" · {status}", text]
        right = _roster(painter, ox + w - 2, y, seat) + 2
    elif w >= 300:
        wordings = [text + f" · {status}", text]
        right = _roster(painter, ox + w - 2, y, seat, short=True) + 2
    room = right - (ox + 20)
    for words in wordings:
        size = fit_size(words, room, 13, MIN_TEXT, bold=True)
        if text_width(words, size, bold=True) <= room:
            break
    painter.text(ox + 20, y, words, size=size, fill=DARK, align="left", bold=True)


#: The legend's rows, in px.
LEGEND_ROW = 19.0


def _legend(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    """What the marks on the frames mean, under the scores, where there is room (1–4
    players; with more, the list of scores fills the column)."""
    x, y = BOARD_X, scores_bottom(data, layout) + 24
    rows = (
        ("lit", _("lit: where your tile may go")),
        ("ghost", _("dashed blue: your tile, not placed")),
        ("recent", _("orange: placed since your turn")),
        ("cell", _("an empty space: (column,row)")),
    )
    if y + LEGEND_ROW * len(rows) + 4 > layout.hand_box()[1] - 26:
        return
    painter.text(x, y, _("ON THE FRAMES"), size=12, fill=MUTED, align="left", bold=True)
    for k, (mark, words) in enumerate(rows):
        cy = y + LEGEND_ROW * (k + 1)
        a, b, c, d = x + 2, x + 18, cy - 8, cy + 8
        if mark == "lit":
            painter.rect(a, c, 16, 16, fill=HIGHLIGHT_FILL, stroke=HIGHLIGHT, width=2.5)
        elif mark == "ghost":
            painter.rect(a, c, 16, 16, fill=TILE_FILL)
            painter.line(
                [(a, c), (b, c), (b, d), (a, d), (a, c)], stroke=SELECT, width=2.5, dash=(5.0, 3.0)
            )
        elif mark == "recent":
            painter.rect(a, c, 16, 16, fill=TILE_FILL, stroke=RECENT, width=2.5)
            painter.text(a + 8, cy + 0.5, "1", size=12, fill=DARK, bold=True)
        else:
            painter.text(x, cy, "(1,2)", size=MIN_TEXT, fill=MUTED, align="left")
        painter.text(x + 38, cy, words, size=12, fill=DARK, align="left")


def _hand(painter: Painter, layout: Layout, seats: Sequence[Seat], rotation: int) -> None:
    """The tile the focus seat drew (or, in a whole position, the next seat to place)."""
    if layout.focus is not None:
        seat = layout.focus
    else:
        waiting = [s for s, info in enumerate(seats) if info.playing and not info.placed]
        if not waiting:
            return
        seat = waiting[0]
    info = seats[seat]
    if info.drawn is None:
        return
    x, y, size = layout.hand_box()
    drew = _("{name} drew").format(name=tr(info.name))
    painter.text(x, y - 12, drew, size=12, fill=MUTED, align="left", bold=True)
    tile_picture(painter, info.drawn, rotation, x, y, size)
    tile = TILES[info.drawn - 1]
    tx = x + size + 12
    painter.text(
        tx,
        y + 8,
        _("{tile}, turned {turn}").format(tile=tile.id, turn=f"{90 * rotation}°"),
        size=13,
        fill=DARK,
        align="left",
        bold=True,
    )
    for k, line in enumerate(_wrap(tr(tile.name), 22)):
        painter.text(tx, y + 28 + 16 * k, line, size=12, fill=DARK, align="left")
    painter.text(
        tx,
        y + size - 6,
        ngettext("{n} more in the stack", "{n} more in the stack", info.tiles_left - 1).format(
            n=info.tiles_left - 1
        ),
        size=12,
        fill=MUTED,
        align="left",
    )


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def tile_set_svg(rotation: int = 0, size: float = 96.0) -> str:
    """The 15 tiles side by side (R17), each with its id, as an SVG picture.

    >>> tile_set_svg().count("T15")
    1
    """
    from railwidgets.draw.svg import SvgPainter

    cols = 5
    pad = 16.0
    cell_w, cell_h = size + pad, size + pad + 18
    painter = SvgPainter(int(cols * cell_w + pad), int(3 * cell_h + pad), ("static",))
    painter.rect(0, 0, painter.width, painter.height, fill=PAPER)
    for tile in TILES:
        col, row = (tile.number - 1) % cols, (tile.number - 1) // cols
        x, y = pad + col * cell_w, pad + row * cell_h + 16
        painter.text(x, y - 9, tile.id, size=13, fill=DARK, align="left", bold=True)
        tile_picture(painter, tile.number, rotation, x, y, size)
    return painter.to_svg()
