"""Mini Rails components as data (rules/mini-rails.md §2.1–2.5).

Everything here is a constant: a corrected tile face or setup row is a data
change, not a code change (D5). Coordinates are axial ``(q, r)`` on pointy-top
hexes, ``r`` growing downward (§2.3).

>>> len(MAP_HEXES)
49
>>> TERRAIN_VALUE["big_city"], TERRAIN_VALUE["mountains"]
(5, -3)
>>> frame_perimeter(1)
((1, -3), (2, -4), (3, -4), (3, -3))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from railwidgets.core.hexgrid import Hex, add
from railwidgets.i18n import T_, TC_, Text

# §2.1 constants -------------------------------------------------------------------------

ROUNDS = 6
COMPANIES: tuple[str, ...] = ("red", "white", "tan", "blue", "yellow", "gray")
#: Each company's name as a player reads it (in any language: ``railwidgets.i18n.tr``).
COMPANY_NAME: dict[str, Text] = dict(
    zip(
        COMPANIES,
        (
            TC_("company", "red"),
            TC_("company", "white"),
            TC_("company", "tan"),
            TC_("company", "blue"),
            TC_("company", "yellow"),
            TC_("company", "gray"),
        ),
        strict=True,
    )
)
BLOCKED_PENALTY = -1
PROFIT_MIN, PROFIT_MAX = -10, 10
TAXED_SPACES = 6
DISCS_PER_COMPANY_IN_BOX = 12

TERRAIN_VALUE: dict[str, int] = {
    "big_city": 5,
    "suburbs": 3,
    "farmland": 2,
    "plains": 1,
    "forest": -1,
    "lake": -2,
    "mountains": -3,
}
TERRAIN_NAME: dict[str, str] = {
    "big_city": T_("The Big City"),
    "suburbs": T_("Suburbs"),
    "farmland": T_("Farmland"),
    "plains": T_("Plains"),
    "forest": T_("Forest"),
    "lake": T_("Lake"),
    "mountains": T_("Mountains"),
}


class SetupRow(NamedTuple):
    start_discs_per_company: int
    bag_per_company: int
    draw_per_round: int


#: §2.1 SETUP by player count; the 2-player row is DESIGNED (D1).
SETUP: dict[int, SetupRow] = {
    2: SetupRow(3, 5, 5),
    3: SetupRow(3, 7, 7),
    4: SetupRow(1, 9, 9),
    5: SetupRow(1, 11, 11),
}

# §2.3 geometry -------------------------------------------------------------------------------

#: Ring positions 2–7 of a tile, clockwise from NE, at rotation 0.
RING_CW: tuple[Hex, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

#: The centre hex of each tile slot: 0 is the middle, 1–6 clockwise from the top (D2).
TILE_SLOTS: dict[int, Hex] = {
    0: (0, 0),
    1: (2, -3),
    2: (3, -1),
    3: (1, 2),
    4: (-2, 3),
    5: (-3, 1),
    6: (-1, -2),
}

# §2.4 tile faces: the centre, then the ring clockwise from NE at rotation 0 -------------------


class TileFace(NamedTuple):
    centre: str
    ring: tuple[str, str, str, str, str, str]
    source: str  # "sourced" (read from the publisher's scans) or "designed" (D3, D4)


TILE_FACES: dict[str, TileFace] = {
    "1A": TileFace(
        "big_city", ("farmland", "forest", "mountains", "lake", "plains", "suburbs"), "sourced"
    ),
    "1B": TileFace(
        "big_city", ("suburbs", "mountains", "farmland", "lake", "plains", "forest"), "designed"
    ),
    "2A": TileFace(
        "mountains", ("suburbs", "plains", "farmland", "suburbs", "plains", "farmland"), "sourced"
    ),
    "2B": TileFace(
        "lake", ("farmland", "suburbs", "forest", "farmland", "plains", "suburbs"), "designed"
    ),
    "3A": TileFace(
        "suburbs", ("farmland", "farmland", "forest", "lake", "forest", "farmland"), "sourced"
    ),
    "3B": TileFace(
        "farmland", ("mountains", "farmland", "plains", "suburbs", "forest", "farmland"), "designed"
    ),
    "4A": TileFace(
        "plains", ("farmland", "lake", "suburbs", "farmland", "mountains", "farmland"), "designed"
    ),
    "4B": TileFace(
        "suburbs", ("forest", "farmland", "forest", "plains", "lake", "farmland"), "designed"
    ),
    "5A": TileFace(
        "forest", ("suburbs", "plains", "farmland", "mountains", "farmland", "suburbs"), "designed"
    ),
    "5B": TileFace(
        "farmland", ("plains", "forest", "suburbs", "lake", "farmland", "plains"), "designed"
    ),
    "6A": TileFace(
        "suburbs", ("mountains", "farmland", "plains", "farmland", "forest", "lake"), "designed"
    ),
    "6B": TileFace(
        "plains", ("farmland", "suburbs", "mountains", "farmland", "forest", "farmland"), "designed"
    ),
    "7A": TileFace(
        "farmland", ("forest", "suburbs", "plains", "lake", "farmland", "suburbs"), "designed"
    ),
    "7B": TileFace(
        "forest", ("farmland", "plains", "mountains", "suburbs", "farmland", "plains"), "designed"
    ),
}
TILES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
BIG_CITY_TILE = 1


@functools.cache  # every setup asks again: read-only, worked out once
def tile_hexes(slot: int, face: str, rotation: int) -> Mapping[Hex, str]:
    """The seven hexes of a tile laid in ``slot`` with ``face`` up, turned ``rotation`` × 60°.

    >>> tile_hexes(0, "1A", 0)[(0, 0)]
    'big_city'
    >>> tile_hexes(0, "1A", 1)[(1, 0)]   # the NE farmland turned once lies E
    'farmland'
    """
    centre = TILE_SLOTS[slot]
    data = TILE_FACES[face]
    hexes = {centre: data.centre}
    for i, terrain in enumerate(data.ring):  # §2.3: ring entry i lands at RING_CW[(i + rot) % 6]
        hexes[add(centre, RING_CW[(i + rotation) % 6])] = terrain
    return MappingProxyType(hexes)


MAP_HEXES: frozenset[Hex] = frozenset(
    add(centre, offset) for centre in TILE_SLOTS.values() for offset in ((0, 0), *RING_CW)
)

# §2.5 frames and start hexes -------------------------------------------------------------------


def frame_perimeter(slot: int) -> tuple[Hex, Hex, Hex, Hex]:
    """§2.5.3: the 4 perimeter hexes of outer slot ``slot``, clockwise (positions 0–3)."""
    centre = TILE_SLOTS[slot]
    return tuple(add(centre, RING_CW[(i + slot - 1) % 6]) for i in (4, 5, 0, 1))  # type: ignore[return-value]


#: §2.5.4: the frame arrows mark perimeter positions 1–3; the primary arrow is 1 (D6).
START_POSITIONS: dict[int, tuple[int, ...]] = {3: (1, 2, 3), 1: (1,)}


@functools.cache  # every setup asks again
def start_hexes(slot: int, discs: int) -> tuple[Hex, ...]:
    """The start hexes of the company whose frame faces ``slot`` (1 or 3 discs)."""
    perimeter = frame_perimeter(slot)
    return tuple(perimeter[i] for i in START_POSITIONS[discs])


# Players and display (D10) -------------------------------------------------------------------------

PLAYER_COLOURS: tuple[str, ...] = ("orange", "purple", "green", "black", "pink")
#: How the rules name each seat: its colour ("Orange").
PLAYER_NAMES: tuple[str, ...] = (T_("Orange"), T_("Purple"), T_("Green"), T_("Black"), T_("Pink"))

#: Each company's letter on its discs, frame and legends: the language's colour word's
#: (issue 24: ru К Б Бе С Ж Ср, es R B C Az A G, pl C B Bż N Ż Sz; the glossaries say
#: why), a :class:`~railwidgets.i18n.Text` the painter says in the board's language. The
#: text picture (``str(game)``) keeps the English letters.
COMPANY_LETTER: dict[str, Text] = {
    "red": TC_("company letter", "R"),
    "white": TC_("company letter", "W"),
    "tan": TC_("company letter", "T"),
    "blue": TC_("company letter", "B"),
    "yellow": TC_("company letter", "Y"),
    "gray": TC_("company letter", "G"),
}
COMPANY_FILL: dict[str, str] = {
    "red": "#C62828",
    "white": "#F5F5F5",
    "tan": "#C8A27A",
    "blue": "#1E5AA8",
    "yellow": "#F9D71C",
    "gray": "#757575",  # 4.6:1 with its white letter (WCAG 2.2 text)
}
PLAYER_FILL: dict[str, str] = {
    "orange": "#EF6C00",
    "purple": "#6A1B9A",
    "green": "#257A45",  # apart from orange and pink for dichromats (tests/a11y)
    "black": "#212121",
    "pink": "#D81B60",
}

# Hex names as players see them (drawn on the map) --------------------------------------------

ROW_LETTERS = "ABCDEFGHI"


def _hex_names() -> dict[Hex, str]:
    rows: dict[int, list[Hex]] = {}
    for h in MAP_HEXES:
        rows.setdefault(h[1], []).append(h)
    return {
        h: f"{ROW_LETTERS[i]}{k}"
        for i, r in enumerate(sorted(rows))
        for k, h in enumerate(sorted(rows[r]), 1)
    }


#: Each hex's name: its row's letter (A at the top) and its place in the row from the left.
HEX_NAMES: dict[Hex, str] = _hex_names()


def hex_name(h: Hex) -> str:
    """The name a player reads on the map: ``"E4"`` is the fourth hex of row E (the middle).

    >>> hex_name((0, 0)), hex_name((2, -4)), hex_name((-2, 4))
    ('E4', 'A1', 'I2')
    >>> hex_name((9, 9))
    Traceback (most recent call last):
    ...
    ValueError: (9, 9) is not a hex of the map
    """
    try:
        return HEX_NAMES[h]
    except KeyError:
        raise ValueError(f"{h} is not a hex of the map") from None
