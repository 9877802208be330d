"""The pictures of Off the Rails' pieces: track, items, carts and chasm holes (pure drawing).

Every function draws in pixels on any :class:`~railwidgets.draw.painter.Painter`;
:mod:`railwidgets.offtherails.render` decides where. Items differ by kind in
shape as well as colour: a rock is a grey lump, a ruby a triangle, an emerald
an octagon, gold a disc and a diamond a rhombus.

>>> from railwidgets.draw import RecordingPainter
>>> painter = RecordingPainter()
>>> track = Track()
>>> track.add(0, 0, 40, "NE")
>>> track.add(40, 0, 40, "NESW")
>>> track.draw(painter)
>>> [call.name for call in painter.calls]
['rects', 'lines', 'lines', 'circles']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from railwidgets.core.grid import E, N, S, W
from railwidgets.draw.painter import Painter, Point
from railwidgets.draw.palette import DARK, LIGHT, MUTED, ink_for
from railwidgets.i18n import TC_, Text

__all__ = [
    "BADGE_RADIUS",
    "CART_HALF_WIDTH",
    "CLAN_FILL",
    "CLAN_LETTER",
    "DELTA",
    "DIE_FILL",
    "DIE_SIDE",
    "ITEM_FILL",
    "MINE_TINT",
    "CartBatch",
    "HoleBatch",
    "ItemBatch",
    "TextsLast",
    "Track",
    "draw_cart",
    "draw_item",
    "rotate",
]

#: The clans' colours (red, yellow, green, blue = sides N, E, S, W); each also has a letter.
#: Green leans to blue so that red and green stay apart under deuteranopia (tests/a11y).
CLAN_FILL = ("#C62828", "#F2C200", "#1A7F4B", "#1E5AA8")
#: The letters are the language's colour words' (issue 24: ru К Ж З С, es R A V Az,
#: pl Cz Ż Z N): a :class:`~railwidgets.i18n.Text` the painter says in the board's language.
CLAN_LETTER: tuple[Text, ...] = (
    TC_("clan letter", "R"),
    TC_("clan letter", "Y"),
    TC_("clan letter", "G"),
    TC_("clan letter", "B"),
)
#: A light tint of each clan colour, for the squares of its mine.
MINE_TINT = ("#E9B9AE", "#F1E2A2", "#B7D7AE", "#B3C8E6")
#: Item colours (rock, ruby, emerald, gold, diamond); the shapes differ too.
ITEM_FILL = ("#8A8A8A", "#D81B60", "#1FA060", "#F4B400", "#BDEBFA")
#: The speed dice: one white and one black per clan (§2.1).
DIE_FILL = {"white": "#FFFFFF", "black": "#212121"}
PLATE = "#EADBB9"
PLATE_EDGE = "#8D7656"
SLEEPER = "#7A5230"
RAIL = "#37474F"
HOLE = "#17110C"
CHASM_FLOOR = "#3B2E22"
#: A unit step towards each side, on screen (y grows downward).
DELTA = {N: (0.0, -1.0), E: (1.0, 0.0), S: (0.0, 1.0), W: (-1.0, 0.0)}
_SIDE_OF = {"N": N, "E": E, "S": S, "W": W}


def rotate(points: Iterable[Point], side: int, x: float, y: float) -> list[Point]:
    """``points`` of a shape pointing north, turned to point to ``side``, moved to ``(x, y)``.

    >>> rotate([(0, -1)], E, 10, 10)
    [(11, 10)]
    """
    out = []
    for px, py in points:
        for _ in range(side):
            px, py = -py, px  # a quarter turn clockwise on screen
        out.append((x + px, y + py))
    return out


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 8) -> list[Point]:
    step = (a1 - a0) / n
    return [
        (cx + r * math.cos(a0 + k * step), cy + r * math.sin(a0 + k * step)) for k in range(n + 1)
    ]


def _segments(path: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(path[k], path[k + 1]) for k in range(len(path) - 1)]


def _ties(path: Sequence[Point], half: float, n: int) -> list[tuple[Point, Point]]:
    """``n`` sleepers ``2 * half`` long across ``path``, evenly spaced along it."""
    lengths = [math.dist(a, b) for a, b in _segments(path)]
    ties = []
    for j in range(n):
        t = sum(lengths) * (j + 0.5) / n
        for k, length in enumerate(lengths):
            if t <= length or k == len(lengths) - 1:
                (ax, ay), (bx, by) = path[k], path[k + 1]
                ux, uy = (bx - ax) / length, (by - ay) / length
                px, py = ax + ux * t, ay + uy * t
                ties.append(((px - uy * half, py + ux * half), (px + uy * half, py - ux * half)))
                break
            t -= length
    return ties


class Track:
    """Many track tiles, collected and then drawn in four batched calls.

    A tile is a plate with rails to each of its exits: a corner is a quarter
    circle, a straight goes across, junction rails meet at a hub in the middle
    (a hollow hub for a crossover, ``cross_is_crossover``).
    """

    def __init__(self, sleepers: str = SLEEPER) -> None:
        self.sleepers = sleepers
        self.plates: list[tuple[float, float, float, float]] = []
        self.ties: list[tuple[Point, Point]] = []
        self.rails: list[tuple[Point, Point]] = []
        self.hubs: list[Point] = []
        self.gauge = 5.0

    def add(self, x: float, y: float, s: float, exits: str, *, plate: bool = True) -> None:
        """The tile with ``exits`` (such as ``"NE"``) on the ``s``-px square at ``(x, y)``."""
        if plate:
            self.plates.append((x + 2, y + 2, s - 4, s - 4))
        sides = [_SIDE_OF[letter] for letter in exits]
        gauge = self.gauge = s * 0.13
        cx, cy = x + s / 2, y + s / 2
        if len(sides) == 2 and (sides[0] - sides[1]) % 2:
            # a corner: a quarter circle about the tile corner its two exits share
            kx, ky = x + (s if E in sides else 0), y + (s if S in sides else 0)
            middle = math.atan2(cy - ky, cx - kx)
            a0, a1 = middle - math.pi / 4, middle + math.pi / 4
            for d in (-gauge, gauge):
                self.rails += _segments(_arc(kx, ky, s / 2 + d, a0, a1))
            self.ties += _ties(_arc(kx, ky, s / 2, a0, a1), s * 0.17, 5)
            return
        for side in sides:
            dx, dy = DELTA[side]
            nx, ny = -dy * gauge, dx * gauge
            ex, ey = cx + dx * s / 2, cy + dy * s / 2
            self.rails += [((ex + nx, ey + ny), (cx + nx, cy + ny))]
            self.rails += [((ex - nx, ey - ny), (cx - nx, cy - ny))]
            self.ties += _ties([(ex, ey), (cx, cy)], s * 0.17, 3)[:-1]
        if len(sides) > 2:
            self.hubs.append((cx, cy))

    def draw(self, painter: Painter, *, alpha: float = 1.0, crossover: bool = False) -> None:
        if self.plates:
            painter.rects(
                self.plates, [PLATE] * len(self.plates), stroke=PLATE_EDGE, width=1, alpha=alpha
            )
        if self.ties:
            painter.lines(self.ties, stroke=self.sleepers, width=3.2)
        if self.rails:
            painter.lines(self.rails, stroke=RAIL, width=2.2)
        if self.hubs:
            r = self.gauge * (1.2 if crossover else 1.1)
            fill = PLATE if crossover else RAIL
            painter.circles(self.hubs, r, [fill] * len(self.hubs), stroke=RAIL, width=2)


def _item_shape(kind: int, x: float, y: float, r: float) -> list[Point]:
    """Rock: a lump; ruby: a triangle; emerald: an octagon; diamond: a rhombus (all within ``r``)."""
    if kind == 0:
        lump = ((-0.9, 0.2), (-0.5, -0.75), (0.25, -0.9), (0.95, -0.3), (0.8, 0.6), (0.0, 0.9),
                (-0.7, 0.75))  # fmt: skip
        return [(x + r * a, y + r * b) for a, b in lump]
    if kind == 1:
        return [(x - r, y - r * 0.75), (x + r, y - r * 0.75), (x, y + r)]
    if kind == 2:
        k = r * 0.42
        return [(x - k, y - r), (x + k, y - r), (x + r, y - k), (x + r, y + k),
                (x + k, y + r), (x - k, y + r), (x - r, y + k), (x - r, y - k)]  # fmt: skip
    return [(x, y - r), (x + r * 0.85, y), (x, y + r), (x - r * 0.85, y)]


class ItemBatch:
    """Many items, drawn in one call per kind (and per transparency), then their counts."""

    def __init__(self) -> None:
        self.shapes: dict[tuple[int, float], list[list[Point]]] = {}
        self.discs: dict[float, list[tuple[Point, float]]] = {}
        self.counts: list[tuple[float, float, str, str, float]] = []

    def add(
        self, kind: int, x: float, y: float, r: float, count: int = 1, alpha: float = 1.0
    ) -> None:
        """An item of ``kind`` (0 rock … 4 diamond) at ``(x, y)``; ``count`` on it if above 1."""
        if kind == 3:  # gold: a disc
            self.discs.setdefault(alpha, []).append(((x, y), r * 0.95))
        else:
            self.shapes.setdefault((kind, alpha), []).append(_item_shape(kind, x, y, r))
        if count > 1:
            dy = -r * 0.2 if kind == 1 else 0.5
            self.counts.append((x, y + dy, str(count), ink_for(ITEM_FILL[kind]), alpha))

    def draw(self, painter: Painter) -> None:
        for (kind, alpha), shapes in self.shapes.items():
            fills = [ITEM_FILL[kind]] * len(shapes)
            painter.polygons(shapes, fills, stroke=DARK, width=1.2, alpha=alpha)
        for alpha, discs in self.discs.items():
            for radius in sorted({r for _, r in discs}):
                centres = [c for c, r in discs if r == radius]
                painter.circles(centres, radius, [ITEM_FILL[3]] * len(centres), stroke=DARK,
                                width=1.2, alpha=alpha)  # fmt: skip
        for x, y, text, ink, alpha in sorted(self.counts, key=lambda c: c[3]):
            painter.text(x, y, text, size=12, fill=ink, bold=True, alpha=alpha)


def draw_item(
    painter: Painter, kind: int, x: float, y: float, r: float, count: int = 1, alpha: float = 1.0
) -> None:
    """One item (see :class:`ItemBatch` for many)."""
    batch = ItemBatch()
    batch.add(kind, x, y, r, count, alpha)
    batch.draw(painter)


#: How far a cart on the board reaches sideways from the track's middle line, in units of
#: the square's size: its body, die and load badge stay within it, so the square's
#: corners are free for items (:data:`railwidgets.offtherails.render.ITEM_ROOM`).
CART_HALF_WIDTH = 0.165
#: A cart seen from above, nose to the north, in units of the square's size.
_CART = (
    (-CART_HALF_WIDTH, 0.42),
    (CART_HALF_WIDTH, 0.42),
    (CART_HALF_WIDTH, -0.24),
    (0.0, -0.44),
    (-CART_HALF_WIDTH, -0.24),
)
#: The speed die (its side) and the load badge (its radius) on the cart, in square units,
#: one behind the other along the cart: the die forward, the badge at the back.
DIE_SIDE = 0.28
DIE_AT = -0.06
BADGE_RADIUS = 0.16  # as wide as the cart allows: its number must fit inside
BADGE_AT = 0.265


class CartBatch:
    """Many carts: bodies, dice, load badges, each kind of shape in one call.

    A cart is drawn in its clan colour with its nose to ``facing``; with ``die``
    (``"white"`` or ``"black"``) its speed die shows ``speed``; a ``load`` above 0
    is a ringed badge in the cart's colour with the number of items, at its back. All of it keeps
    within :data:`CART_HALF_WIDTH` of the line through the cart's middle.
    """

    def __init__(self) -> None:
        self.bodies: dict[float, list[tuple[list[Point], str]]] = {}
        self.dice: list[tuple[tuple[float, float, float, float], str, float]] = []
        #: centre, radius, fill, load, alpha
        self.badges: list[tuple[Point, float, str, str, float]] = []
        self.texts: list[tuple[float, float, str, str, float]] = []

    def add(
        self,
        x: float,
        y: float,
        s: float,
        *,
        colour: int,
        facing: int,
        die: str | None = None,
        speed: int = 0,
        load: int = 0,
        alpha: float = 1.0,
    ) -> None:
        fill = CLAN_FILL[colour] if colour >= 0 else MUTED
        body = rotate([(px * s, py * s) for px, py in _CART], facing, x, y)
        self.bodies.setdefault(alpha, []).append((body, fill))
        if die is None:
            return
        dx, dy = DELTA[facing]
        die_x, die_y = x - dx * s * DIE_AT, y - dy * s * DIE_AT
        die_fill = DIE_FILL.get(die, LIGHT)
        half = s * DIE_SIDE / 2
        self.dice.append(((die_x - half, die_y - half, 2 * half, 2 * half), die_fill, alpha))
        self.texts.append((die_x, die_y + 0.5, str(speed), ink_for(die_fill), alpha))
        if load:
            bx, by = x - dx * s * BADGE_AT, y - dy * s * BADGE_AT
            self.badges.append(((bx, by), s * BADGE_RADIUS, fill, str(load), alpha))

    def draw(self, painter: Painter) -> None:
        for alpha, bodies in self.bodies.items():
            painter.polygons([b for b, _ in bodies], [f for _, f in bodies], stroke=DARK, width=2,
                             alpha=alpha)  # fmt: skip
        for alpha in sorted({a for _, _, a in self.dice}):
            dice = [(box, fill) for box, fill, a in self.dice if a == alpha]
            painter.rects([b for b, _ in dice], [f for _, f in dice], stroke=DARK, width=1,
                          alpha=alpha)  # fmt: skip
        for radius in sorted({r for _, r, _, _, _ in self.badges}):
            badges = [(c, fill) for c, r, fill, _, _ in self.badges if r == radius]
            painter.circles([c for c, _ in badges], radius, [f for _, f in badges], stroke=LIGHT,
                            width=1.2)  # fmt: skip
        for x, y, text, ink, alpha in sorted(self.texts, key=lambda t: t[3]):
            painter.text(x, y, text, size=12, fill=ink, bold=True, alpha=alpha)
        # a load's number in its ring (12 px stood out of the badge and read as a Z)
        for (x, y), r, fill, text, alpha in self.badges:
            painter.text(x, y + 0.5, text, size=min(12, round(1.6 * r)), fill=ink_for(fill),
                         bold=True, alpha=alpha)  # fmt: skip


def draw_cart(painter: Painter, x: float, y: float, s: float, **cart: Any) -> None:
    """One cart (see :class:`CartBatch` for the keywords, and for many)."""
    batch = CartBatch()
    batch.add(x, y, s, **cart)
    batch.draw(painter)


class HoleBatch:
    """Chasm tokens: holes with a rim in the token's colour, on a cracked floor."""

    def __init__(self) -> None:
        self.floors: list[tuple[float, float, float, float]] = []
        self.cracks: list[tuple[Point, Point]] = []
        self.rims: dict[int, list[Point]] = {}
        self.radius = 15.0

    def add(self, x: float, y: float, s: float, colour: int) -> None:
        """A chasm token of ``colour`` on the ``s``-px square at ``(x, y)``."""
        cx, cy = x + s / 2, y + s / 2
        k = s / 42
        self.floors.append((x, y, s, s))
        self.cracks += [((x + 2 * k, y + 6 * k), (cx - 8 * k, cy - 5 * k)),
                        ((x + s - 3 * k, y + 4 * k), (cx + 9 * k, cy - 6 * k)),
                        ((x + 5 * k, y + s - 2 * k), (cx - 7 * k, cy + 8 * k)),
                        ((x + s - 4 * k, y + s - 5 * k), (cx + 8 * k, cy + 7 * k))]  # fmt: skip
        self.rims.setdefault(colour, []).append((cx, cy))
        self.radius = s * 0.36

    def draw(self, painter: Painter) -> None:
        if not self.floors:
            return
        painter.rects(self.floors, [CHASM_FLOOR] * len(self.floors))
        painter.lines(self.cracks, stroke=HOLE, width=2)
        for colour, centres in self.rims.items():
            painter.circles(centres, self.radius, [HOLE] * len(centres), stroke=CLAN_FILL[colour],
                            width=4.5)  # fmt: skip


class TextsLast:
    """A painter that draws every shape at once and keeps the texts for :meth:`flush`.

    The texts then go out grouped by style (size, weight, colour, alignment), so a
    canvas sets each style once rather than for every line: for a panel of many
    small texts, where nothing overlaps, the picture is the same and much cheaper.
    """

    def __init__(self, painter: Painter) -> None:
        self._painter = painter
        self._texts: list[tuple[tuple[Any, ...], float, float, str, dict[str, Any]]] = []

    def text(self, x: float, y: float, text: str, **style: Any) -> None:
        key = tuple(sorted((k, str(v)) for k, v in style.items()))
        self._texts.append((key, x, y, text, style))

    def flush(self) -> None:
        for _, x, y, text, style in sorted(self._texts, key=lambda t: t[0]):
            self._painter.text(x, y, text, **style)
        self._texts = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._painter, name)
