"""Off the Rails components as data (rules/off-the-rails.md §2.1, §2.2, §2.18).

Everything here is a constant, so a corrected component table is a data change.
Squares are ``(row, col)`` with row 0 in the north (§2.2); sides and colours share
their numbers: north = red = 0, east = yellow = 1, south = green = 2, west = blue = 3.

>>> MINE_SQUARES[RED][7]          # red mine square 8
(4, 4)
>>> DEPOSIT_ITEMS[6], DEPOSIT_ITEMS[5]
(3, 2)
>>> sum(JEWELS)
66
"""

from __future__ import annotations

from typing import NamedTuple

from railwidgets.core.grid import E, N, S, W
from railwidgets.i18n import N_, T_, TC_, Joined, Text, joined

Square = tuple[int, int]
Items = tuple[int, int, int, int, int]  # counts of rock, ruby, emerald, gold, diamond

# -- the board (§2.2, DESIGNED D-1…D-4) --------------------------------------------------

GRID_SIZE = 12
SIDES = (N, E, S, W)
SIDE_LETTERS = ("N", "E", "S", "W")
#: The compass letters as a person reads them, in any language (issue 24: Russian
#: С В Ю З, Spanish N E S O); the engine and its notation keep ``N E S W``.
COMPASS_WORDS: dict[str, Text] = {
    "N": TC_("compass", "N"),
    "E": TC_("compass", "E"),
    "S": TC_("compass", "S"),
    "W": TC_("compass", "W"),
}
RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
COLOURS = ("red", "yellow", "green", "blue")
#: The colour of each side: the side number is the colour number (D-2, D-5).
SIDE_COLOUR = {N: RED, E: YELLOW, S: GREEN, W: BLUE}
START_TRACK_OFFSETS = (1, 4, 7, 10)

#: Each mine's centre square (no track may be placed there).
MINE_CENTRE: tuple[Square, ...] = ((3, 3), (3, 8), (8, 8), (8, 3))
#: Each mine's squares numbered 1–8 (index 0 is square 1), by colour (§2.2 table).
MINE_SQUARES: tuple[tuple[Square, ...], ...] = (
    ((2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (4, 2), (4, 3), (4, 4)),
    ((2, 9), (3, 9), (4, 9), (2, 8), (4, 8), (2, 7), (3, 7), (4, 7)),
    ((9, 9), (9, 8), (9, 7), (8, 9), (8, 7), (7, 9), (7, 8), (7, 7)),
    ((9, 2), (8, 2), (7, 2), (9, 3), (7, 3), (9, 4), (8, 4), (7, 4)),
)


def surface_positions(side: int) -> tuple[Square, ...]:
    """The 12 surface positions just outside the grid on ``side``, west to east / north to south."""
    edge = range(GRID_SIZE)
    if side == N:
        return tuple((-1, c) for c in edge)
    if side == S:
        return tuple((GRID_SIZE, c) for c in edge)
    if side == E:
        return tuple((r, GRID_SIZE) for r in edge)
    return tuple((r, -1) for r in edge)


#: The printed starting tracks of each side (D-3).
START_TRACKS: tuple[tuple[Square, ...], ...] = tuple(
    tuple(p for i, p in enumerate(surface_positions(side)) if i in START_TRACK_OFFSETS)
    for side in SIDES
)
#: With ``start_tracks="all"`` every surface position is a starting track (D-3).
ALL_SURFACE_TRACKS: tuple[tuple[Square, ...], ...] = tuple(surface_positions(s) for s in SIDES)

# -- tiles (§2.3, DESIGNED D-6, D-7) ------------------------------------------------------

TILE_SUPPLY = 90
#: Exit sets as bit masks: bit ``1 << side``.
STRAIGHTS = (1 << N | 1 << S, 1 << E | 1 << W)
CORNERS = (1 << N | 1 << E, 1 << E | 1 << S, 1 << S | 1 << W, 1 << W | 1 << N)
#: The shapes a *place tile* action may put down (§2.6 A1, C-12).
PLACEABLE_SHAPES = STRAIGHTS + CORNERS

# -- jewels (§2.1) -------------------------------------------------------------------------

ROCK, RUBY, EMERALD, GOLD, DIAMOND = 0, 1, 2, 3, 4
KINDS = ("rock", "ruby", "emerald", "gold", "diamond")
JEWEL_KINDS = (RUBY, EMERALD, GOLD, DIAMOND)
#: The bag at the start: 24 rubies, 15 emeralds, 10 gold, 5 diamonds and 12 rocks.
JEWELS: Items = (12, 24, 15, 10, 5)
#: Points per item: the kind's number is its value (rock 0 … diamond 4).
VALUE = (0, 1, 2, 3, 4)
NO_ITEMS: Items = (0, 0, 0, 0, 0)


#: One item of each kind with its article, in any language (``railwidgets.i18n.tr``).
_A_JEWEL = {
    "rock": T_("a rock"),
    "ruby": T_("a ruby"),
    "emerald": T_("an emerald"),
    "gold": T_("a gold"),
    "diamond": T_("a diamond"),
}
#: The colours (clans, mines, chasm tokens, deposit cards), as adjectives of a token or
#: a card, in any language.
COLOUR_WORDS = (
    TC_("token", "red"),
    TC_("token", "yellow"),
    TC_("token", "green"),
    TC_("token", "blue"),
)
#: Each cart by its name (its speed die's colour; solo: its clan's), in any language.
CART_WORDS = {
    "white": TC_("cart", "white"),
    "black": TC_("cart", "black"),
    "red": TC_("cart", "red"),
    "yellow": TC_("cart", "yellow"),
    "green": TC_("cart", "green"),
    "blue": TC_("cart", "blue"),
}
#: Each cart's name as the object of a verb ("place the white cart"): a language with cases
#: says it in the form the verb takes (Russian: «поставить белую вагонетку»).
CART_OBJECT_WORDS = {
    "white": TC_("cart (object)", "white"),
    "black": TC_("cart (object)", "black"),
    "red": TC_("cart (object)", "red"),
    "yellow": TC_("cart (object)", "yellow"),
    "green": TC_("cart (object)", "green"),
    "blue": TC_("cart (object)", "blue"),
}


def a_jewel(kind: str) -> str:
    """One item of ``kind`` with the article that fits it, as the log says it.

    >>> a_jewel("emerald"), a_jewel("ruby")
    ('an emerald', 'a ruby')
    """
    if kind in _A_JEWEL:
        return _A_JEWEL[kind]
    return f"{'an' if kind[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {kind}"


def seat_name(seat: int) -> str:
    """What the players call a seat before the sides are chosen: its number from 1, as the
    seat selectors count them (its clan's colour names it afterwards).

    >>> seat_name(0)
    'Player 1'
    """
    return T_("Player {n}", n=seat + 1)


# -- deposit cards (§2.4.4, §2.9) ----------------------------------------------------------

#: Items put on a mine square by its deposit card, by square number [FAN].
DEPOSIT_ITEMS = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3}
CARD_NUMBERS = tuple(range(1, 9))
#: Cards are numbered ``colour * 8 + number - 1``; the Chasm card is 32.
CHASM_CARD = 32
PILE_SIZE = 4
#: Cards of each colour removed unseen at setup, by game length (§2.14.3).
REMOVED_PER_COLOUR = {"very_short": 3, "short": 2, "medium": 1, "long": 0}
LENGTHS = tuple(REMOVED_PER_COLOUR)
#: The lengths as players read them: the deposit deck's size, the Chasm card included
#: (§2.14.3: each colour gives one card to the initial deposits and one to the chasm deck).
LENGTH_WORDS = (
    ("very_short", N_("very short (13 cards)")),
    ("short", N_("short (17 cards)")),
    ("medium", N_("medium (21 cards)")),
    ("long", N_("long (25 cards)")),
)
assert all(
    f"({(len(CARD_NUMBERS) - 2 - REMOVED_PER_COLOUR[length]) * PILE_SIZE + 1} cards)" in words
    for length, words in LENGTH_WORDS
)


def default_length(players: int) -> str:
    """Four players play medium games, two or three short ones (§2.14.3)."""
    return "medium" if players == 4 else "short"


def card_colour(card: int) -> int:
    return card // 8


def card_number(card: int) -> int:
    return card % 8 + 1


def card_square(card: int) -> Square:
    return MINE_SQUARES[card // 8][card % 8]


def card_name(card: int) -> str:
    """``"red 5"``, or ``"chasm"`` for the Chasm card."""
    if card == CHASM_CARD:
        return T_("chasm")
    return T_("{colour} {number}", colour=_CARD_COLOURS[card // 8], number=card % 8 + 1)


#: A deposit card's colour (the card's, a feminine word in some languages), in any language.
_CARD_COLOURS = (
    TC_("card", "red"),
    TC_("card", "yellow"),
    TC_("card", "green"),
    TC_("card", "blue"),
)


# -- chasm tokens (§2.1) -------------------------------------------------------------------

CHASM_TOKENS_PER_COLOUR = 5
CHASM_TOKENS = 4 * CHASM_TOKENS_PER_COLOUR

# -- carts and actions (§2.4.3, §2.6, D-10) -------------------------------------------------

CART_CAPACITY = 5
CARTS_PER_PLAYER = 2
MAX_CARTS_ON_BOARD = 2
SOLO_MAX_CARTS_ON_BOARD = 4  # D-33
CART_NAMES = ("white", "black")  # the colour of each cart's speed die
SPEED_START = 3
SPEED_MIN, SPEED_MAX = 1, 6
ACTIONS_PER_TURN = 4
PASS_PICKUP, END_PICKUP = 1, 2

# -- missions (§2.13) ----------------------------------------------------------------------


class Mission(NamedTuple):
    number: int
    name: str
    russian: str
    text: str


MISSIONS: dict[int, Mission] = {
    m.number: m
    for m in (
        Mission(1, T_("Behind Enemy Lines"), "В тылу врага",
                T_("one of your carts exits on an opponent's side carrying a jewel")),
        Mission(2, T_("Cart Ram"), "Таран вагонетки",
                T_("your moving cart derails an opponent's cart in a collision")),
        Mission(3, T_("Diamonds Aren't Forever"), "Алмазы не вечны",
                T_("one of your carts exits carrying a diamond")),
        Mission(4, T_("Dirty Goblins"), "Грязные гоблины",
                T_("at the end: the most rocks in a stockpile (not claimed)")),
        Mission(5, T_("Jewel Collector"), "Коллекционер самоцветов",
                T_("one of your carts holds 5 jewels during your turn")),
        Mission(6, T_("Green Fingers"), "Зеленые пальцы",
                T_("one of your carts exits carrying 2 emeralds")),
        Mission(7, T_("Head to Head"), "Лицом к лицу",
                T_("your moving cart causes a head-on collision")),
        Mission(8, T_("Jewel Heist"), "Похищение драгоценностей",
                T_("your moving cart makes an opponent's cart drop a jewel")),
        Mission(9, T_("Red Leader"), "Красный лидер",
                T_("one of your carts exits carrying 4 rubies")),
        Mission(10, T_("Spice of Life"), "Вкус жизни",
                T_("at the end of your turn your stockpile holds all four jewels")),
        Mission(11, T_("There's Gold in Them Hills!"), "В его холмах золото!",
                T_("one of your carts exits carrying 2 gold")),
    )
}  # fmt: skip
BEHIND_ENEMY_LINES, CART_RAM, DIAMONDS, DIRTY_GOBLINS, JEWEL_COLLECTOR = 1, 2, 3, 4, 5
GREEN_FINGERS, HEAD_TO_HEAD, JEWEL_HEIST, RED_LEADER, SPICE_OF_LIFE, GOLD_HILLS = range(6, 12)
#: Exit missions: kind and how many of it one cart must carry out (M3, M6, M9, M11).
EXIT_MISSIONS = {DIAMONDS: (DIAMOND, 1), GREEN_FINGERS: (EMERALD, 2),
                 RED_LEADER: (RUBY, 4), GOLD_HILLS: (GOLD, 2)}  # fmt: skip

# -- scoring (§2.13) -----------------------------------------------------------------------

MISSION_POINTS = 4
CART_POINTS = 3
RUBY_MAJORITY_POINTS = 5

# -- solo mode (§2.15) ---------------------------------------------------------------------

#: 10 rubies, 9 emeralds, 8 gold, 5 diamonds and no rocks.
SOLO_JEWELS: Items = (0, 10, 9, 8, 5)
#: The side each jewel kind must leave by in solo mode.
MATCHING_SIDE = {RUBY: N, EMERALD: S, GOLD: E, DIAMOND: W}
SOLO_POINTS = {"jewel": 1, "wrong_set": 10, "correct_set": 100}
SOLO_FIRST_REVEAL = 4


def compass(letters: str, sep: str = "") -> Joined:
    """Compass letters (an edge ``"W"``, a tile's exits ``"NE"``) as a person reads them,
    in any language (:func:`railwidgets.i18n.tr`), with ``sep`` between them.

    >>> from railwidgets.i18n import tr
    >>> tr(compass("NE")), compass("NE").say("ru"), compass("W").say("es")
    ('NE', 'СВ', 'O')
    """
    return joined((COMPASS_WORDS.get(letter, letter) for letter in letters), sep)
