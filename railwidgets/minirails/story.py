"""What happened while a person waited: the moves since their turn, a round's end in steps.

Both are pure drawing for the widget: :func:`draw_recent_moves` marks each move
since a person's last turn on the board, numbered in the order played, in the
mover's colour; :func:`round_end_frames` turns the end of a round (tax, the
markers in the market becoming the next order, the new market) into frames
that the widget shows one after another, with pauses, in one message.

>>> from railwidgets import minirails
>>> from railwidgets.draw import RecordingPainter
>>> game = minirails.Game(players=3, seed=7)
>>> before = game.copy()
>>> for action in [minirails.Buy("blue", 0), minirails.Build("red", 1, (2, 0))]:
...     game.apply(action)
>>> painter = RecordingPainter()
>>> draw_recent_moves(game, painter, [(2, game.history[0]), (0, game.history[1])])
>>> sorted(c["text"] for c in painter.by_name("text"))
['1', '1', '2', '2']
>>> round_end_frames(before, game)   # no round ended between the two
[]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from railwidgets.core.action import Action
from railwidgets.draw.metrics import text_width
from railwidgets.draw.painter import Painter, Point
from railwidgets.draw.palette import DARK, LIGHT, SELECT
from railwidgets.i18n import _, tr
from railwidgets.minirails.boards import share_points
from railwidgets.minirails.components import (
    COMPANY_NAME,
    PLAYER_COLOURS,
    PLAYER_FILL,
    PROFIT_MAX,
    PROFIT_MIN,
    ROUNDS,
)
from railwidgets.minirails.layout import (
    DEFAULT_LAYOUT,
    MIN_TEXT,
    Layout,
    blocked_centres,
    draw_badge,
    letters_width,
)
from railwidgets.minirails.rules import Build, Buy, Game
from railwidgets.minirails.state import State
from railwidgets.minirails.table import draw_table, headline

__all__ = ["Frame", "draw_recent_moves", "round_end_frames"]

UP_RIGHT: Point = (1.0, -1.0)

#: One picture of an animation: draws the upper layers (``pieces``, ``highlights``).
Frame = Callable[[Painter], None]


# -- the moves since a person's last turn ------------------------------------------------------------


def draw_recent_moves(
    game: Game,
    painter: Painter,
    moves: Sequence[tuple[int, Action]],
    layout: Layout = DEFAULT_LAYOUT,
) -> None:
    """Mark ``moves`` (``(seat, action)``, oldest first: the last moves of ``game``) on the board.

    Each move gets a badge with its number in the mover's colour and a ring of
    that colour: a build on its disc (on the map, or on the frame when the
    company was blocked), a buy on the share it bought (on the mover's profit
    board). A move of the round being played is numbered on its market slot too,
    where the mover's marker now stands. Draws on the ``highlights`` layer, so
    call it after :func:`~railwidgets.minirails.render.draw_highlights`.
    """
    history = game.history
    if len(moves) > len(history) or [a for _, a in moves] != list(
        history[len(history) - len(moves) :]
    ):
        raise ValueError("recent moves must be the last moves of the game, oldest first")
    s = game.state
    painter.layer("highlights")
    this_round = 0 if s.over else s.turn  # the last moves played in the current round
    later: Counter[tuple[str, int | str]] = Counter()  # newer buys per seat, blocks per company
    rings: list[tuple[Point, float, int]] = []  # centre, radius, seat
    boxes: list[tuple[tuple[float, float, float, float], int]] = []  # market slot box, seat
    badges: list[tuple[Point, int, int]] = []  # centre, number, seat
    crowd = _profit_board_marks(s, layout)  # what a buy's badge must keep clear of
    for k in range(len(moves) - 1, -1, -1):  # newest first: it holds the newest share, disc
        seat, action = moves[k]
        number = k + 1
        if not isinstance(action, Buy | Build):
            raise ValueError(f"{action!r} is not a Mini Rails move")
        mark = _mark(s, seat, action, later, layout)
        if mark is not None:
            (x, y), r, way = mark
            rings.append(((x, y), r, seat))
            # on the ring's diagonal, clear of the letter it marks (two in some languages)
            lean = max(r * 0.75, 11.0) + max(0.0, letters_width() - 10.0) * 0.75
            if isinstance(action, Buy):  # a crowded cell: the diagonal that hides least
                way = _clearest_way((x, y), lean, way, crowd)
            centre = (x + lean * way[0], y + lean * way[1])
            badges.append((centre, number, seat))
            crowd.append(_box(centre, BADGE_R))
        if len(moves) - k <= this_round:  # played this round: the mover's marker is there
            box = layout.slot_box(layout.market_y, action.slot)
            boxes.append((box, seat))
            badges.append(((box[0] + box[2] - 2, box[1] + 2), number, seat))
    for (x, y), r, seat in rings:
        painter.circle(x, y, r, stroke=LIGHT, width=5)
        painter.circle(x, y, r, stroke=PLAYER_FILL[PLAYER_COLOURS[seat]], width=3)
    for (bx, by, bw, bh), seat in boxes:
        painter.rect(bx, by, bw, bh, stroke=LIGHT, width=5)
        painter.rect(bx, by, bw, bh, stroke=PLAYER_FILL[PLAYER_COLOURS[seat]], width=3)
    for (x, y), number, seat in sorted(badges, key=lambda b: b[1]):
        draw_badge(painter, x, y, number, seat)


#: A move badge's radius (:func:`~railwidgets.minirails.layout.draw_badge`).
BADGE_R = 9.5
Box = tuple[float, float, float, float]


def _box(centre: Point, r: float) -> Box:
    return (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)


def _profit_board_marks(s: State, layout: Layout) -> list[Box]:
    """The boxes of what a player reads on the profit boards: every share's disc and
    letter, and the scale of values above the first board."""
    marks = [
        _box(point, layout.share_r)
        for seat, shares in enumerate(s.shares)
        for point in share_points(shares, seat, layout)
    ]
    w = layout.cell_w()
    for v in range(PROFIT_MIN, PROFIT_MAX + 1):  # the scale's values, as boards.py writes them
        x = layout.track_x + (v - PROFIT_MIN) * w + w / 2
        half = text_width(f"{v:+d}" if v else "0", MIN_TEXT) / 2 + 1
        marks.append((x - half, layout.boards_y - 16, x + half, layout.boards_y - 2))
    return marks


def _clearest_way(point: Point, lean: float, way: Point, marks: Sequence[Box]) -> Point:
    """Of the four diagonals (``way`` first), then the four sides as far out, the one
    whose badge at ``lean`` from ``point`` covers least of ``marks`` (the share it marks is
    under its ring anyway)."""
    own = _box(point, 1.0)

    def hidden(candidate: Point) -> float:
        badge = _box((point[0] + lean * candidate[0], point[1] + lean * candidate[1]), BADGE_R)
        return sum(
            max(0.0, min(badge[2], m[2]) - max(badge[0], m[0]))
            * max(0.0, min(badge[3], m[3]) - max(badge[1], m[1]))
            for m in marks
            if not (m[0] <= own[0] and own[2] <= m[2] and m[1] <= own[1] and own[3] <= m[3])
        )

    ways = [way] + [(wx, wy) for wx in (1.0, -1.0) for wy in (-1.0, 1.0) if (wx, wy) != way]
    ways += [(1.41, 0.0), (-1.41, 0.0), (0.0, -1.41), (0.0, 1.41)]
    return min(ways, key=hidden)  # the first of equals: the way away from its cell-mates


def _mark(
    s: State,
    seat: int,
    action: Buy | Build,
    later: Counter[tuple[str, int | str]],
    layout: Layout,
) -> tuple[Point, float, Point] | None:
    """Where a move shows now (centre, ring radius, the way its badge leans), or ``None``.

    A buy is the mover's newest share not claimed by a newer buy; a blocked
    build the company's newest blocked disc not claimed by a newer one.
    """
    if isinstance(action, Buy):
        index = len(s.shares[seat]) - 1 - later["buy", seat]
        later["buy", seat] += 1
        if index < 0:
            return None
        x, y = share_points(s.shares[seat], seat, layout)[index]
        cx, cy = layout.cell_centre(seat, s.shares[seat][index].value)
        way = (1.0 if x >= cx else -1.0, 1.0 if y > cy else -1.0)  # away from its cell-mates
        return (x, y), layout.share_r + 1.5, way
    if action.hex is None:
        index = s.frame_discs[action.company] - 1 - later["blocked", action.company]
        later["blocked", action.company] += 1
        if index < 0:
            return None
        point = blocked_centres(layout, s.frames[action.company], index + 1)[index]
        return point, layout.disc_r * 0.8 + 3, UP_RIGHT
    return layout.hex_centre(action.hex), layout.disc_r + 3, UP_RIGHT


# -- the end of a round, step by step ---------------------------------------------------------------


def round_end_frames(before: Game, after: Game, layout: Layout = DEFAULT_LAYOUT) -> list[Frame]:
    """The steps of the round's end between ``before`` and ``after`` one move later (§2.7.8–11).

    Empty unless that move ended a round. Otherwise four frames: the disc
    nobody took is taxed; it lies in the taxed area while the markers in the
    market, closed up left to right, become the next order; the order track
    holds the new order; the new market is drawn. After the last round, three:
    the tax, the sixth disc taxed, the final scores with the removed shares
    struck. Each frame clears and draws the ``pieces`` and ``highlights``
    layers; the widget pauses after each.
    """
    one_move = len(after.history) == len(before.history) + 1
    if not one_move or len(after.state.taxed) != len(before.state.taxed) + 1:
        return []
    action = after.history[-1]
    assert isinstance(action, Buy | Build)
    s0, s1 = before.state, after.state
    mover = s0.order[s0.turn]
    company = s1.taxed[-1]
    # the table just after the last move, before the tax: every turn played
    end = s1.copy()
    end.round, end.over = s0.round, False
    end.bag = s0.bag.copy()
    end.taxed = s0.taxed.copy()
    end.market = s0.market.copy()
    end.market[action.slot] = mover
    end.order, end.turn = list(s0.order), len(s0.order)
    end.actions_left = [frozenset()] * after.num_players
    taxed_slot = next(i for i, x in enumerate(end.market) if type(x) is str)
    last_hex = getattr(action, "hex", None)
    closed = end.copy()
    closed.market = [x if type(x) is int else None for x in end.market]  # type: ignore[misc]
    closed.taxed = s1.taxed.copy()
    next_order = [x for x in end.market if type(x) is int]

    def tax(painter: Painter) -> None:
        _clear(painter)
        head = _("Round {n} ends: {company} is taxed").format(
            n=s0.round, company=tr(COMPANY_NAME[company])
        )
        draw_table(painter, end, layout, header=head, last_hex=last_hex, order=False, fresh=False)
        painter.layer("highlights")
        x, y = layout.slot_centre(layout.market_y, taxed_slot)
        tx, ty = layout.slot_centre(layout.taxed_y, len(s0.taxed))
        painter.circle(x, y, layout.slot * 0.5, stroke=SELECT, width=4)
        _arrow(painter, (x, y + layout.slot * 0.5), (tx, ty - layout.slot * 0.5))
        bx, by, bw, bh = layout.slot_box(layout.taxed_y, len(s0.taxed))
        painter.rect(bx - 2, by - 2, bw + 4, bh + 4, stroke=SELECT, width=3)

    def close_up(painter: Painter) -> None:
        _clear(painter)
        head = _("Markers in the market: the next order")
        draw_table(painter, closed, layout, header=head, last_hex=last_hex, order=False, fresh=True)
        painter.layer("highlights")
        k = 0
        for i, x in enumerate(closed.market):
            if x is None:
                continue
            fx, fy = layout.slot_centre(layout.market_y, i)
            ox, oy = layout.slot_centre(layout.order_y, k)
            _arrow(painter, (fx, fy - layout.slot * 0.45), (ox, oy + layout.slot * 0.45), x)
            k += 1

    def show_order(painter: Painter) -> None:
        _clear(painter)
        ordered = closed.copy()
        ordered.order, ordered.turn = next_order, 0
        ordered.market = []
        head = _("Round {n}: the new order").format(n=s1.round)
        draw_table(painter, ordered, layout, header=head, last_hex=last_hex, fresh=True)

    def new_market(painter: Painter) -> None:
        _clear(painter)
        head = _("Round {n} of {rounds}: a new market").format(n=s1.round, rounds=ROUNDS)
        draw_table(painter, s1, layout, header=head, last_hex=last_hex)

    def game_over(painter: Painter) -> None:
        _clear(painter)
        head = _("Six discs taxed: the game is over")
        draw_table(painter, closed, layout, header=head, last_hex=last_hex, order=False, fresh=True)

    def final_scores(painter: Painter) -> None:
        _clear(painter)
        final = [(line.score, line.removed) for line in after.scoring()]
        winners = frozenset(after.winners())
        head = headline(after)
        draw_table(
            painter, s1, layout, header=head, last_hex=last_hex, final=final, winners=winners
        )

    if s1.over:
        return [tax, game_over, final_scores]
    return [tax, close_up, show_order, new_market]


def _clear(painter: Painter) -> None:
    painter.clear("pieces")
    painter.clear("highlights")


def _arrow(painter: Painter, a: Point, b: Point, seat: int | None = None) -> None:
    """A line from ``a`` to ``b`` with a head at ``b`` (in a player's colour, or the select blue)."""
    colour = SELECT if seat is None else PLAYER_FILL[PLAYER_COLOURS[seat]]
    painter.line([a, b], stroke=LIGHT, width=5)
    painter.line([a, b], stroke=colour, width=3)
    (ax, ay), (bx, by) = a, b
    length = max(1e-9, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    head = [
        (bx, by),
        (bx - 9 * ux - 5 * uy, by - 9 * uy + 5 * ux),
        (bx - 9 * ux + 5 * uy, by - 9 * uy - 5 * ux),
    ]
    painter.polygon(head, fill=colour, stroke=DARK, width=1)
