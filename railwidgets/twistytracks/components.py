"""Twisty Tracks' components as data: the frame, the tiles and the scoring board.

Everything here is the machine-readable component data of
``rules/twisty-tracks.md`` §2.17 (DESIGNED, except the counts of §1.4), so a
corrected table is a change of data, not of code. Lookup tables derived from
the data for the rules engine come last.

Cells are ``(x, y)`` with ``x = 0..4`` west to east and ``y = 0..2`` north to
south (R1). Each cell has 8 ports numbered clockwise from the west end of the
north edge (R2); port ``p`` lies on side ``p // 2`` of :mod:`railwidgets.core.grid`.

>>> TILES[6].name, TILES[6].segments
('Lane swap over straights', ((0, 4), (1, 5), (2, 7), (3, 6)))
>>> rotate_port(7, 1)  # a quarter turn clockwise (R6)
1
>>> neighbour((1, 2), 0)  # port 0 of (1,2) touches port 5 of (1,1) (R3)
((1, 1), 5)
>>> FRAME[(0, 2), 2].kind, FRAME[(0, 2), 2].name
('station', 'SW')
>>> station_values(5)["NW"]
(12, 12, 8, 8, 4, 4)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from railwidgets.core.grid import Cell, E, N, S, W, step
from railwidgets.i18n import T_, TC_, Text

__all__ = [
    "CELLS",
    "DEPOTS",
    "FRAME",
    "FRAME_EDGES",
    "HEIGHT",
    "MARKED_SPACES",
    "NEIGHBOUR_PORT",
    "PENALTY_VALUE",
    "PLAYER_THEMES",
    "PORT_NAMES",
    "SEATS_PER_BOARD",
    "STATIONS",
    "STATION_LABELS",
    "STATION_VALUES",
    "TILES",
    "TRAIN_COLOURS",
    "TRAIN_LETTERS",
    "WIDTH",
    "FrameFeature",
    "MarkedSpace",
    "Tile",
    "marked_spaces",
    "named",
    "neighbour",
    "player_name",
    "rotate_port",
    "rotated_segments",
    "station_values",
]

# -- the grid and its ports (§2.1) ------------------------------------------------------

#: The play area: 5 columns by 3 rows, one cell per tile (R1, R13).
WIDTH, HEIGHT = 5, 3
#: Every cell, row by row from the north-west corner.
CELLS: tuple[Cell, ...] = tuple((x, y) for y in range(HEIGHT) for x in range(WIDTH))

#: Port names, clockwise from the west end of the north edge (R2).
PORT_NAMES = ("N-west", "N-east", "E-north", "E-south", "S-east", "S-west", "W-south", "W-north")
#: The port of the neighbouring cell that port ``p`` touches (R3).
NEIGHBOUR_PORT = (5, 4, 7, 6, 1, 0, 3, 2)


def rotate_port(port: int, quarters: int) -> int:
    """Where ``port`` goes when its tile turns ``quarters`` quarter turns clockwise (R6)."""
    return (port + 2 * quarters) % 8


def neighbour(cell: Cell, port: int) -> tuple[Cell, int]:
    """The cell and port across the border at ``port`` of ``cell`` (R3).

    The cell may lie outside the grid: the port then touches the frame.
    """
    return step(cell, port // 2), NEIGHBOUR_PORT[port]


# -- the tiles (§2.4) -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tile:
    """A track tile: 4 segments joining all 8 ports in pairs (R5), unrotated."""

    number: int
    name: str
    segments: tuple[tuple[int, int], ...]

    @property
    def id(self) -> str:
        """The tile's id in the rules ("T07")."""
        return f"T{self.number:02d}"


#: The 15 tiles of every player (R17); ``TILES[n - 1]`` is tile ``n``.
TILES: tuple[Tile, ...] = (
    Tile(1, T_("Town roundabout"), ((0, 7), (1, 2), (3, 4), (5, 6))),
    Tile(2, T_("Grand crossing"), ((0, 5), (1, 4), (2, 7), (3, 6))),
    Tile(3, T_("Avenue with two U-turns"), ((0, 1), (2, 7), (3, 6), (4, 5))),
    Tile(4, T_("Whirl"), ((0, 3), (1, 6), (2, 5), (4, 7))),
    Tile(5, T_("Straight, U-turn and two corners"), ((0, 1), (2, 7), (3, 4), (5, 6))),
    Tile(6, T_("Double bend"), ((0, 3), (1, 2), (4, 7), (5, 6))),
    Tile(7, T_("Lane swap over straights"), ((0, 4), (1, 5), (2, 7), (3, 6))),
    Tile(8, T_("Curves over straights"), ((0, 2), (1, 4), (3, 6), (5, 7))),
    Tile(9, T_("Two U-turns and a bend"), ((0, 1), (2, 3), (4, 7), (5, 6))),
    Tile(10, T_("Two U-turns and a twist"), ((0, 1), (2, 6), (3, 7), (4, 5))),
    Tile(11, T_("Pinwheel"), ((0, 2), (1, 3), (4, 6), (5, 7))),
    Tile(12, T_("U-turn, sweep and diagonals"), ((0, 1), (2, 5), (3, 7), (4, 6))),
    Tile(13, T_("Junction of straights and sweep"), ((0, 3), (1, 4), (2, 7), (5, 6))),
    Tile(14, T_("Hairpin curves around a corner"), ((0, 2), (1, 7), (3, 4), (5, 6))),
    Tile(15, T_("U-turn with sweeping bridge"), ((0, 1), (2, 5), (3, 6), (4, 7))),
)


def rotated_segments(tile: int, rotation: int) -> tuple[tuple[int, int], ...]:
    """The segments of tile number ``tile`` turned ``rotation`` quarter turns, sorted.

    >>> rotated_segments(3, 1)  # E2: T03 turned 90°
    ((0, 5), (1, 4), (2, 3), (6, 7))
    """
    turned = (
        tuple(sorted((rotate_port(p, rotation), rotate_port(q, rotation))))
        for p, q in TILES[tile - 1].segments
    )
    return tuple(sorted(turned))


# -- the frame (§2.3) ----------------------------------------------------------------------

FeatureKind = Literal["station", "loop", "depot"]


@dataclass(frozen=True, slots=True)
class FrameFeature:
    """What one border edge of the frame carries (R14).

    A station or loop has a ``name`` ("SW", "L4"); a depot edge names the
    train colour of each of its two starting tracks in ``tracks`` (port, colour).
    """

    cell: Cell
    side: int
    kind: FeatureKind
    name: str
    tracks: tuple[tuple[int, str], ...] = ()


#: The 16 border edges (R14), keyed by (cell, side) with sides N=0, E=1, S=2, W=3.
FRAME_EDGES: tuple[FrameFeature, ...] = (
    FrameFeature((0, 0), N, "station", "NW"),
    FrameFeature((1, 0), N, "loop", "L1"),
    FrameFeature((2, 0), N, "station", "N"),
    FrameFeature((3, 0), N, "loop", "L2"),
    FrameFeature((4, 0), N, "station", "NE"),
    FrameFeature((0, 0), W, "loop", "L3"),
    FrameFeature((0, 1), W, "station", "W"),
    FrameFeature((0, 2), W, "loop", "L4"),
    FrameFeature((4, 0), E, "loop", "L5"),
    FrameFeature((4, 1), E, "station", "E"),
    FrameFeature((4, 2), E, "loop", "L6"),
    FrameFeature((0, 2), S, "station", "SW"),
    FrameFeature((1, 2), S, "depot", "depot 1", ((5, "red"), (4, "blue"))),
    FrameFeature((2, 2), S, "loop", "L7"),
    FrameFeature((3, 2), S, "depot", "depot 2", ((5, "green"), (4, "yellow"))),
    FrameFeature((4, 2), S, "station", "SE"),
)

#: The feature on each border edge: ``FRAME[cell, side]``.
FRAME: dict[tuple[Cell, int], FrameFeature] = {(f.cell, f.side): f for f in FRAME_EDGES}

#: The four trains of a player, in the order of R48 (red, blue, green, yellow).
TRAIN_COLOURS = ("red", "blue", "green", "yellow")
#: Each train's colour as a player reads it, in any language (``railwidgets.i18n.tr``).
TRAIN_NAMES: tuple[Text, ...] = (
    TC_("train", "red"),
    TC_("train", "blue"),
    TC_("train", "green"),
    TC_("train", "yellow"),
)
#: Each train's letter on its arrow and chip, in the language's colour word (issue 24:
#: ru К С З Ж, es R Az V A, pl Cz N Z Ż; the glossaries say why).
TRAIN_LETTERS: dict[str, Text] = {
    "red": TC_("train letter", "R"),
    "blue": TC_("train letter", "B"),
    "green": TC_("train letter", "G"),
    "yellow": TC_("train letter", "Y"),
}

#: Each train's starting track: the cell and port it faces at the start (R23).
DEPOTS: dict[str, tuple[Cell, int]] = {
    colour: (f.cell, port) for f in FRAME_EDGES for port, colour in f.tracks
}

#: Player colours are landscape themes, distinct from the train colours (R12).
PLAYER_THEMES = ("Wild West", "Meadows", "Winter", "Savanna")
#: The themes as a player reads them, in any language.
_THEME_NAMES = (T_("Wild West"), T_("Meadows"), T_("Winter"), T_("Savanna"))


def player_name(seat: int) -> str:
    """The seat's player colour: its theme; the second copy's players add "II" (R55).

    >>> player_name(0), player_name(5)
    ('Wild West', 'Meadows II')
    """
    theme = _THEME_NAMES[seat % SEATS_PER_BOARD]  # a Text: its words in any language
    return theme if seat < SEATS_PER_BOARD else T_("{theme} II", theme=theme)


#: "seat 2", "seat(s) 0, 1, 3" in the engine's log lines and refusals.
_SEATS_IN_TEXT = re.compile(r"\bseat(?:\(s\))? (\d+(?:, \d+)*)")


def named(text: str, players: int) -> str:
    """``text`` (the engine's words) with each "seat N" of a game of ``players`` called
    by that player's name, as the widget and the tutorial show them.

    >>> named("seat 1's red train scores 5; round 2 begins: seat(s) 0, 2 draw a tile", 3)
    "Meadows's red train scores 5; round 2 begins: Wild West, Winter draw a tile"
    >>> named("seat 3 places T01", 2)  # no such seat in a 2-player game: left as it is
    'seat 3 places T01'
    """

    def name(match: re.Match[str]) -> str:
        seats = [int(n) for n in match[1].split(", ")]
        if any(seat >= players for seat in seats):
            return match[0]
        return ", ".join(player_name(seat) for seat in seats)

    return _SEATS_IN_TEXT.sub(name, text)


# -- the scoring board (§2.5, §2.14) -----------------------------------------------------

#: Each station's column of values, highest first (R19), in the board's order.
STATION_VALUES: dict[str, tuple[int, ...]] = {
    "NW": (12, 8, 4),
    "N": (10, 7, 4),
    "NE": (12, 8, 4),
    "W": (8, 6, 3),
    "E": (8, 6, 3),
    "SW": (5, 3, 1),
    "SE": (5, 3, 1),
}
#: The station names in the board's order.
STATIONS: tuple[str, ...] = tuple(STATION_VALUES)
#: Each station's name as the frames and the scoring board show it, in the language's
#: compass letters (issue 24: ru СЗ С СВ З В ЮЗ ЮВ, es NO N NE O E SO SE); the engine,
#: its log and its records keep the names of :data:`STATIONS`.
STATION_LABELS: dict[str, Text] = {
    "NW": TC_("compass", "NW"),
    "N": TC_("compass", "N"),
    "NE": TC_("compass", "NE"),
    "W": TC_("compass", "W"),
    "E": TC_("compass", "E"),
    "SW": TC_("compass", "SW"),
    "SE": TC_("compass", "SE"),
}
#: A token on the penalty space scores this (§1.5: nothing is taken away).
PENALTY_VALUE = 0
#: Players on one scoring board, and on the doubled board for 5–8 players (R55).
SEATS_PER_BOARD = 4


@dataclass(frozen=True, slots=True)
class MarkedSpace:
    """A space covered by an unused colour's token with at most ``players`` players (R20).

    ``space`` is 0-based: 0 is the highest value of the column.
    """

    station: str
    space: int
    players: int


#: The marked spaces (R20), in the order they are covered: "≤3" first, then "≤2", then "1".
MARKED_SPACES: tuple[MarkedSpace, ...] = (
    MarkedSpace("W", 2, 3),
    MarkedSpace("E", 2, 3),
    MarkedSpace("SW", 2, 3),
    MarkedSpace("SE", 2, 3),
    MarkedSpace("NW", 2, 2),
    MarkedSpace("NE", 2, 2),
    MarkedSpace("SW", 1, 2),
    MarkedSpace("SE", 1, 2),
    MarkedSpace("N", 2, 1),
    MarkedSpace("N", 1, 1),
    MarkedSpace("W", 1, 1),
    MarkedSpace("E", 1, 1),
)


def _is_big_board(players: int) -> bool:
    return players > SEATS_PER_BOARD


def station_values(players: int) -> dict[str, tuple[int, ...]]:
    """The station columns for ``players``: doubled for 5–8 players (R19, R55).

    >>> station_values(3)["SE"]
    (5, 3, 1)
    """
    if not _is_big_board(players):
        return STATION_VALUES
    return {
        name: tuple(v for v in values for _ in range(2)) for name, values in STATION_VALUES.items()
    }


def marked_spaces(players: int) -> tuple[tuple[str, int], ...]:
    """The (station, space) pairs covered at the start with ``players`` players.

    Each unused colour covers 4 marked spaces, in the order of :data:`MARKED_SPACES`
    (R20, R24). On the doubled board they are the second copies of those spaces (R55).

    >>> len(marked_spaces(3)), len(marked_spaces(2)), len(marked_spaces(1))
    (4, 8, 12)
    >>> marked_spaces(7)
    (('W', 5), ('E', 5), ('SW', 5), ('SE', 5))
    """
    if _is_big_board(players):
        missing = 2 * SEATS_PER_BOARD - players
        return tuple((m.station, 2 * m.space + 1) for m in MARKED_SPACES[: 4 * missing])
    return tuple((m.station, m.space) for m in MARKED_SPACES if players <= m.players)
