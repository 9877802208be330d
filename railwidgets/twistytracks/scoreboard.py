"""The shared scoring board, the scores and the players' tokens (§2.5, §2.12), for render.

Pure drawing on any :class:`~railwidgets.draw.painter.Painter`, from
position-shaped data (a position or a view): see
:mod:`railwidgets.twistytracks.render`, which calls these.

>>> from railwidgets import twistytracks
>>> seats = seats_of(twistytracks.Game(players=3, seed=1).view(0))
>>> [(s.name, s.score, s.playing, s.drawn is not None) for s in seats]
[('Wild West', 0, True, True), ('Meadows', 0, True, False), ('Winter', 0, True, False)]
>>> player_swatch(4).mark
'5'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from railwidgets.core.grid import Cell
from railwidgets.draw.painter import Painter
from railwidgets.draw.palette import DARK, FAINT, GRID, LIGHT, MUTED, PANEL, Swatch
from railwidgets.i18n import _, ngettext
from railwidgets.twistytracks.components import (
    PLAYER_THEMES,
    SEATS_PER_BOARD,
    STATION_LABELS,
    STATIONS,
    player_name,
    station_values,
)
from railwidgets.twistytracks.geometry import BOARD_X, Layout

__all__ = [
    "THEME_FILL",
    "THEME_PALE",
    "TRAIN_FILL",
    "Seat",
    "draw_board_grid",
    "draw_board_tokens",
    "draw_heading",
    "draw_marked",
    "draw_scores",
    "draw_token",
    "player_swatch",
    "scores_bottom",
    "seats_of",
    "station_value_now",
]

#: The landscape themes as colours no one takes for a train colour (R12, D13).
THEME_FILL: dict[str, str] = {
    "Wild West": "#8D5524",
    "Meadows": "#7B3FA0",
    "Winter": "#FFFFFF",
    "Savanna": "#2B2B2B",
}
#: The pale ground of each theme's frame.
THEME_PALE: dict[str, str] = {
    "Wild West": "#EEDFCD",
    "Meadows": "#E9DEF0",
    "Winter": "#E6ECF0",
    "Savanna": "#E7E3D6",
}
#: The trains' colours; each train also carries its letter.
TRAIN_FILL: dict[str, str] = {
    "red": "#D0312D",
    "blue": "#1F5FBF",
    "green": "#2E8540",
    "yellow": "#F2C500",
}


def player_swatch(seat: int) -> Swatch:
    """The seat's token colour with its seat number as the mark (colour is never alone)."""
    return Swatch(THEME_FILL[PLAYER_THEMES[seat % SEATS_PER_BOARD]], str(seat + 1))


# -- the data, as the picture needs it --------------------------------------------------------------


class Seat(NamedTuple):
    """One seat as drawn: read from a position or a view entry."""

    name: str
    tiles: tuple[tuple[Cell, int, int], ...]  # (cell, tile, rotation)
    trains: Mapping[str, Mapping[str, Any]]
    travel: int
    station_points: int
    score: int
    playing: bool
    placed: bool
    placement: tuple[Cell, int] | None  # known only to the seat itself (or the whole position)
    drawn: int | None
    tiles_left: int


def seats_of(data: Mapping[str, Any]) -> list[Seat]:
    """The seats of ``data`` (a position or a view), each as :class:`Seat`."""
    travel_counts = data["options"]["scoring"] != "stations_only"
    seats = []
    for seat, entry in enumerate(data["players"]):
        trains = entry["trains"]
        playing = any(t["state"] in ("waiting_at_depot", "active") for t in trains.values())
        travel = sum(t["travel"] for t in trains.values())
        if "stack" in entry:  # the whole position: the top of the stack is the drawn tile
            stack = entry["stack"]
            drawn, left = (stack[0] if stack and playing else None), len(stack)
        else:  # a view: only the viewer's own drawn tile is there
            drawn, left = entry["drawn"], entry["tiles_left"]
        placement = entry["placement"]
        seats.append(
            Seat(
                name=player_name(seat),
                tiles=tuple(((x, y), tile, rot) for x, y, tile, rot in entry["tiles"]),
                trains=trains,
                travel=travel,
                station_points=entry["station_points"],
                score=(travel if travel_counts else 0) + entry["station_points"],
                playing=playing,
                placed=entry.get("placed", placement is not None),
                placement=None
                if placement is None
                else ((placement[0], placement[1]), placement[2]),
                drawn=drawn,
                tiles_left=left,
            )
        )
    return seats


def station_value_now(data: Mapping[str, Any], station: str) -> int | None:
    """The highest uncovered value at ``station`` (what an arrival would score), else ``None``."""
    values = station_values(len(data["players"]))[station]
    for value, tokens in zip(values, data["stations"][station]["spaces"], strict=True):
        if not tokens:
            return value
    return None


def draw_token(
    painter: Painter,
    x: float,
    y: float,
    seat: int,
    size: float,
    alpha: float = 1.0,
    *,
    numbered: bool = True,
) -> None:
    """A player's station token: a square in the theme colour with the seat number.

    The second copy's players (seats 5–8) use the plain reverse side (R55): a white
    square with a thick border in the theme colour.
    """
    swatch = player_swatch(seat)
    h = size / 2
    if seat < SEATS_PER_BOARD:
        painter.rect(
            x - h, y - h, size, size, fill=swatch.fill, stroke=DARK, width=1.2, alpha=alpha
        )
        ink = swatch.ink
    else:
        painter.rect(x - h, y - h, size, size, fill=LIGHT, stroke=DARK, width=1.2, alpha=alpha)
        painter.rect(
            x - h + 2, y - h + 2, size - 4, size - 4, stroke=swatch.fill, width=3, alpha=alpha
        )
        ink = DARK
    if numbered and size >= 14:
        painter.text(x, y + 0.5, swatch.mark, size=12, fill=ink, bold=True)


def draw_marked(painter: Painter, x: float, y: float, size: float) -> None:
    """An unused colour's token on a marked space (R20): grey, crossed."""
    h = size / 2
    painter.rect(x - h, y - h, size, size, fill=PANEL, stroke=FAINT, width=1.2)
    painter.lines(
        [
            ((x - h + 3, y - h + 3), (x + h - 3, y + h - 3)),
            ((x - h + 3, y + h - 3), (x + h - 3, y - h + 3)),
        ],
        stroke=FAINT,
        width=1.5,
    )


# -- the scoring board and the scores -----------------------------------------------------


def _board_geometry(data: Mapping[str, Any], layout: Layout) -> tuple[float, float, float, float]:
    """``(column width, top of the spaces, space height, penalty top)``.

    With three spaces a column (1–4 players) each space is tall enough for its value
    above a row of tokens; with six (5–8 players), the value sits left of them.
    """
    n_spaces = len(station_values(len(data["players"]))[STATIONS[0]])
    col = (layout.width - 8 - BOARD_X) / len(STATIONS)
    top = 62.0
    space = 40.0 if n_spaces <= 3 else 24.0
    return col, top, space, top + n_spaces * space + 4


def _value_on_top(space: float) -> bool:
    """Whether a space shows its value above the tokens (else left of them)."""
    return space >= 36


def _token_size(space: float) -> float:
    """A station token on the board: as large as the space allows, never tiny."""
    return 22.0 if _value_on_top(space) else space - 4


def draw_board_grid(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    col, top, space, penalty = _board_geometry(data, layout)
    values = station_values(len(data["players"]))
    unused = data["options"]["scoring"] == "travel_only"
    painter.text(BOARD_X, 36, _("SCORING BOARD"), size=12, fill=MUTED, align="left", bold=True)
    boxes, fills = [], []
    for i, name in enumerate(STATIONS):
        x = BOARD_X + i * col
        painter.text(x + col / 2, top - 10, STATION_LABELS[name], size=13, fill=DARK, bold=True)
        for j in range(len(values[name])):
            boxes.append((x + 1, top + j * space + 1, col - 2, space - 2))
            fills.append(LIGHT)
        boxes.append((x + 1, penalty + 1, col - 2, space - 2))
        fills.append("#F3D6D3")
    painter.rects(boxes, fills, stroke=GRID, width=1)
    ink = FAINT if unused else DARK
    dy = 10 if _value_on_top(space) else space / 2
    for i, name in enumerate(STATIONS):
        x = BOARD_X + i * col
        for j, value in enumerate(values[name]):
            painter.text(
                x + 5, top + j * space + dy, str(value), size=12, fill=ink, align="left", bold=True
            )
        painter.text(x + 5, penalty + dy, "0", size=12, fill=ink, align="left", bold=True)
    if unused:
        painter.text(
            BOARD_X,
            penalty + space + 14,
            _("Travel only (a variant): stations score nothing"),
            size=12,
            fill=MUTED,
            align="left",
        )


#: A token under another shows this much of itself (its number needs about 8 px).
STACK_SHIFT = 13.0
#: Below this, a covered token shows its colour but not its number.
NUMBER_ROOM = 9.0


def _stack(
    painter: Painter, x: float, y: float, tokens: Sequence[Any], size: float, room: float
) -> None:
    """Tokens piled on one space, the first at the bottom, the top one centred on ``x``.

    Each token lies a little left of the one on it, within ``room`` px, so every
    token's colour shows, and its seat number too where its strip is wide enough.
    """
    n = len(tokens)
    shift = min(STACK_SHIFT, (room - size) / (n - 1)) if n > 1 else 0.0
    for k, token in enumerate(tokens):
        tx = x - (n - 1 - k) * shift
        on_top = k == n - 1
        if token == "marked":
            draw_marked(painter, tx, y, size)
            continue
        seat, train = token
        draw_token(painter, tx, y, seat, size, numbered=on_top)
        if not on_top and shift >= NUMBER_ROOM:  # the number in the strip that shows
            swatch = player_swatch(seat)
            ink = swatch.ink if seat < SEATS_PER_BOARD else DARK
            painter.text(
                tx - size / 2 + shift / 2, y + 0.5, swatch.mark, size=12, fill=ink, bold=True
            )
        if on_top:  # which train arrived: a chip of its colour on the corner
            chip = round(size * 0.36)
            painter.rect(
                tx + size / 2 - chip + 2,
                y - size / 2 - 3,
                chip,
                chip,
                fill=TRAIN_FILL[train],
                stroke=DARK,
                width=1.2,
            )


def draw_board_tokens(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    col, top, space, penalty = _board_geometry(data, layout)
    size = _token_size(space)
    # under the value (tall spaces): the whole width; else as far left as the value
    room = col - 6 if _value_on_top(space) else col - 8
    dy = space - 2 - size / 2 if _value_on_top(space) else space / 2
    for i, name in enumerate(STATIONS):
        x = BOARD_X + i * col + col - size / 2 - 3
        column = data["stations"][name]
        for j, tokens in enumerate(column["spaces"]):
            if tokens:
                _stack(painter, x, top + j * space + dy, tokens, size, room)
        if column["penalty"]:
            _stack(painter, x, penalty + dy, column["penalty"], size, room)


def draw_heading(data: Mapping[str, Any], painter: Painter, seats: Sequence[Seat]) -> None:
    n = len(seats)
    over = not any(s.playing for s in seats)
    scoring = {
        "full": "",
        "stations_only": " · " + _("stations only"),
        "travel_only": " · " + _("travel only"),
    }
    variant = scoring[data["options"]["scoring"]]
    if over:
        head = _("Game over after round {n}").format(n=data["round"])
    elif data.get("revealed"):  # a revealed round waiting for Continue (the widget's)
        head = _("Round {n} scored").format(n=data["revealed"])
    else:
        head = _("Round {n}").format(n=data["round"])
    head += " · " + ngettext("{n} player", "{n} players", n).format(n=n) + variant
    painter.text(10, 16, head, size=16, fill=DARK, align="left", bold=True)


#: The scores' rows: the first at ``SCORES_TOP`` below the heading, one every ``SCORE_ROW`` px.
SCORES_TOP, SCORE_ROW = 20.0, 23.0


def _scores_top(data: Mapping[str, Any], layout: Layout) -> float:
    _, _, space, penalty = _board_geometry(data, layout)
    return penalty + space + 30


def scores_bottom(data: Mapping[str, Any], layout: Layout) -> float:
    """Where the list of scores ends (what may go below it starts lower)."""
    rows = len(data["players"])
    return _scores_top(data, layout) + SCORES_TOP + (rows - 1) * SCORE_ROW + 10


def draw_scores(
    data: Mapping[str, Any], painter: Painter, layout: Layout, seats: Sequence[Seat]
) -> None:
    y0 = _scores_top(data, layout)
    over = not any(s.playing for s in seats)
    painter.text(
        BOARD_X, y0, _("SCORES  travel + stations"), size=12, fill=MUTED, align="left", bold=True
    )
    best = max(s.score for s in seats)
    travel_counts = data["options"]["scoring"] != "stations_only"
    for seat, info in enumerate(seats):
        y = y0 + SCORES_TOP + seat * SCORE_ROW
        draw_token(painter, BOARD_X + 9, y, seat, 16)
        painter.text(BOARD_X + 22, y, info.name, size=13, fill=DARK, align="left", bold=True)
        wins = over and info.score == best
        if over:
            status = "★ " + _("wins") if wins else ""
        elif not info.playing:
            status = _("passed")
        else:
            status = _("placed") if info.placed else _("to place")
        painter.text(
            BOARD_X + 125,
            y,
            status,
            size=12,
            fill=DARK if wins else MUTED,
            align="left",
            bold=wins,
        )
        travel = str(info.travel) if travel_counts else "–"
        painter.text(
            layout.width - 52,
            y,
            f"{travel} + {info.station_points}",
            size=12,
            fill=MUTED,
            align="right",
        )
        painter.text(
            layout.width - 10, y, str(info.score), size=14, fill=DARK, align="right", bold=True
        )
