"""The board: squares, tiles and their exits, starting tracks; laying tiles (§2.2, §2.3, §2.6).

Grid squares are ``(row, col)`` (§2.2); internally a grid square is also an
index ``row * 12 + col`` into the board lists. A tile is the bit mask of its
exits (``1 << side``), written for people as letters in the order ``N E S W``.

>>> exits_text(exits_mask("SN"))
'NS'
>>> neighbour((0, 5), N)
(-1, 5)
>>> is_junction(exits_mask("NES"))
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import compress
from operator import attrgetter
from typing import Any, NamedTuple

from railwidgets.core.action import Action, trust
from railwidgets.core.errors import IllegalActionError
from railwidgets.core.grid import E, N, S, W, opposite, step
from railwidgets.i18n import T_
from railwidgets.offtherails.actions import PlaceTile, Upgrade
from railwidgets.offtherails.components import (
    ALL_SURFACE_TRACKS,
    GRID_SIZE,
    MINE_CENTRE,
    PLACEABLE_SHAPES,
    SIDE_LETTERS,
    START_TRACKS,
    TILE_SUPPLY,
    Square,
)
from railwidgets.offtherails.state import BOARD, Cart, State

CELLS = GRID_SIZE * GRID_SIZE
SQUARES: tuple[Square, ...] = tuple((r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE))
MINE_CENTRE_INDEX = frozenset(r * GRID_SIZE + c for r, c in MINE_CENTRE)
#: The grid squares a tile may ever be placed on: all but the mine centres (§2.6 A1).
OPEN_GROUND = tuple(i for i in range(CELLS) if i not in MINE_CENTRE_INDEX)
OPEN_INDEX = frozenset(OPEN_GROUND)  # the same, to look up
SIDE_OF_LETTER = {letter: side for side, letter in enumerate(SIDE_LETTERS)}
#: The sides in each exit mask, in the order N E S W.
MASK_SIDES: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in (N, E, S, W) if mask >> s & 1) for mask in range(16)
)
CROSS = 0b1111


def index(square: Square) -> int:
    return square[0] * GRID_SIZE + square[1]


def in_grid(square: Square) -> bool:
    return 0 <= square[0] < GRID_SIZE and 0 <= square[1] < GRID_SIZE


def neighbour(square: Square, side: int) -> Square:
    """The square or surface position across ``side`` of ``square`` (rows grow southward)."""
    x, y = step((square[1], square[0]), side)
    return (y, x)


def surface_side(position: Square) -> int:
    """The side of the board a surface position lies on."""
    row, col = position
    if row < 0:
        return N
    if row >= GRID_SIZE:
        return S
    return E if col >= GRID_SIZE else W


def track_mask(position: Square) -> int:
    """A starting track is a straight rail perpendicular to its edge (§2.2)."""
    side = surface_side(position)
    return 1 << side | 1 << opposite(side)


def exits_mask(text: str) -> int | None:
    """The mask of an exit string such as ``"NE"``, or ``None`` if it is not one."""
    mask = 0
    for letter in text:
        side = SIDE_OF_LETTER.get(letter)
        if side is None or mask >> side & 1:
            return None
        mask |= 1 << side
    return mask


def exits_text(mask: int) -> str:
    return "".join(SIDE_LETTERS[s] for s in MASK_SIDES[mask])


def exit_count(mask: int) -> int:
    return len(MASK_SIDES[mask])


def is_junction(mask: int) -> bool:
    return exit_count(mask) >= 3


def starting_tracks(all_surface: bool) -> tuple[tuple[Square, ...], ...]:
    """The starting tracks of each side (D-3: printed ones, or every surface position)."""
    return ALL_SURFACE_TRACKS if all_surface else START_TRACKS


#: Every *place tile* action on each square: straights, then corners clockwise from NE.
PLACE_TILE_ACTIONS: tuple[tuple[PlaceTile, ...], ...] = tuple(
    tuple(PlaceTile(sq, exits_text(m)) for m in PLACEABLE_SHAPES) for sq in SQUARES
)
#: Every *upgrade* of each square from each tile: ``UPGRADE_ACTIONS[i][mask]`` (§2.6 A2).
UPGRADE_ACTIONS: tuple[tuple[tuple[Upgrade, ...], ...], ...] = tuple(
    tuple(
        tuple(
            Upgrade(sq, exits_text(mask | 1 << s))
            for s in (N, E, S, W)
            if exit_count(mask) in (2, 3) and not mask >> s & 1
        )
        for mask in range(16)
    )
    for sq in SQUARES
)
trust(a for actions in PLACE_TILE_ACTIONS for a in actions)
trust(a for by_mask in UPGRADE_ACTIONS for actions in by_mask for a in actions)
#: Tile pictures for the text board.
GLYPH = {
    0b0101: "│", 0b1010: "─", 0b0011: "└", 0b0110: "┌", 0b1100: "┐", 0b1001: "┘",
    0b0111: "├", 0b1110: "┬", 0b1101: "┤", 0b1011: "┴", 0b1111: "┼",
}  # fmt: skip


# -- laying and upgrading tiles (§2.3, §2.6 A1–A2) ---------------------------------------------


def cart_on(state: State, i: int) -> bool:
    """Whether a cart stands on grid square number ``i``."""
    square = SQUARES[i]
    return any(c.place == BOARD and c.square == square for c in state.carts)


class TileActions(NamedTuple):
    """Every *place tile* and *upgrade* the tiles and the chasm allow, before the tile supply
    and the carts are looked at: the part of :func:`tile_options` that rarely changes.

    An action phase lists about 800 tile actions at every decision, and scanning the board
    for them was a quarter of a random playout; so a state keeps them
    (:attr:`State.tile_actions`), and :func:`set_tile` and :func:`swallow` update them one
    square at a time. Both lists are in square order and never change once made (copies of
    the state share them): an update makes new ones. Lists, not tuples, as a list is copied
    and cut in one pass.
    """

    placements: list[PlaceTile]  # on every empty square a tile may go on, then by shape
    upgrades: list[Upgrade]  # of every tile with 2 or 3 exits, then by new exit


def scan_tile_actions(state: State) -> TileActions:
    """The tile actions of the board, found square by square."""
    placements: list[PlaceTile] = []
    tiles, chasm = state.tiles, state.chasm
    for i in OPEN_GROUND:
        if not tiles[i] and chasm[i] < 0:
            placements += PLACE_TILE_ACTIONS[i]
    upgrades: list[Upgrade] = []
    for i in compress(range(CELLS), tiles):  # the squares with a tile
        upgrades += UPGRADE_ACTIONS[i][tiles[i]]
    return TileActions(placements, upgrades)


def tile_actions(state: State) -> TileActions:
    """The state's tile actions, scanned for when it has none yet (a new or loaded state)."""
    if state.tile_actions is None:
        state.tile_actions = scan_tile_actions(state)
    return state.tile_actions


def set_tile(state: State, i: int, mask: int) -> None:
    """Lay or upgrade the tile on grid square number ``i`` (§2.6 A1–A2)."""
    _change_square(state, i, mask)


def swallow(state: State, i: int, colour: int) -> bool:
    """A chasm token of ``colour`` opens on grid square number ``i``: its tile, if any, is
    gone, and no tile may come there (§2.10). Whether there was a tile."""
    had_tile = bool(state.tiles[i])
    _change_square(state, i, 0)
    state.chasm[i] = colour
    return had_tile


def _change_square(state: State, i: int, mask: int) -> None:
    """Square ``i`` gets the tile ``mask`` (0: the chasm's hole): no tile may be laid there
    now, and the tile's upgrades may be made."""
    old = state.tiles[i]
    state.tiles[i] = mask
    known = state.tile_actions
    if known is not None:
        square, open_ground = SQUARES[i], not old and state.chasm[i] < 0 and i in OPEN_INDEX
        state.tile_actions = TileActions(
            _replace(known.placements, square, PLACE_TILE_ACTIONS[i] if open_ground else (), ()),
            _replace(known.upgrades, square, UPGRADE_ACTIONS[i][old], UPGRADE_ACTIONS[i][mask]),
        )


#: The square of a *place tile* or *upgrade* (the key tile actions are ordered by).
_square_of = attrgetter("square")


def _replace(actions: list[Any], square: Square, old: tuple[Any, ...], new: tuple[Any, ...]) -> Any:
    """A copy of ``actions`` (in square order) with those on ``square``, ``old``, now ``new``."""
    if not old and not new:
        return actions
    lo = bisect_left(actions, square, key=_square_of)
    actions = actions.copy()
    actions[lo : lo + len(old)] = new
    return actions


def tile_options(state: State, on_board: list[Cart] | None = None) -> list[Action]:
    """Every legal *place tile* and *upgrade*, by kind, then square, then shape.

    ``on_board``: the carts on the board, if the caller has listed them already.
    """
    known = tile_actions(state)
    actions: list[Action] = list(known.placements) if state.tiles_used < TILE_SUPPLY else []
    # A tile under a cart cannot be upgraded: the upgrades of the squares between two carts.
    if on_board is None:
        on_board = [cart for cart in state.carts if cart.place == BOARD]
    upgrades, start = known.upgrades, 0
    for square in sorted([cart.square for cart in on_board]):  # type: ignore[type-var]
        lo = bisect_left(upgrades, square, start, key=_square_of)
        actions += upgrades[start:lo]
        start = bisect_right(upgrades, square, lo, key=_square_of)
    actions += upgrades[start:]
    return actions


def is_square(value: Any) -> bool:
    """Whether ``value`` is a square: two whole numbers (not booleans), as a tuple."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is type(value[1]) is int:
        return True  # the usual case, answered at once
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


#: Every exit set written canonically (letters in the order N E S W), and its mask.
MASK_OF_EXITS = {exits_text(mask): mask for mask in range(16)}


def _mask_of(action: PlaceTile | Upgrade) -> int | None:
    """The exits of the action, if written canonically (letters in the order N E S W)."""
    return MASK_OF_EXITS.get(action.exits) if isinstance(action.exits, str) else None


def check_place_tile(state: State, action: PlaceTile) -> int:
    """The new tile's exits, or IllegalActionError saying why it cannot go there."""
    square = action.square
    if not is_square(square) or not in_grid(square):
        raise IllegalActionError(
            T_("{move}: tiles go on the 12 × 12 grid only (§2.2, D-1)", move=action.words())
        )
    i = index(square)
    if i in MINE_CENTRE_INDEX:
        raise IllegalActionError(
            T_("{move}: no tile may be placed on a mine centre (§2.6 A1)", move=action.words())
        )
    if state.chasm[i] >= 0:
        raise IllegalActionError(
            T_("{move}: no tile may be placed on a chasm square (§2.10)", move=action.words())
        )
    if state.tiles[i]:
        raise IllegalActionError(
            T_("{move}: the square has a tile already (§2.6 A1)", move=action.words())
        )
    mask = _mask_of(action)
    if mask not in PLACEABLE_SHAPES:
        raise IllegalActionError(
            T_(
                "{move}: only straight and corner tiles are placed, written NS EW NE ES SW NW"
                " (§2.6 A1, C-12)",
                move=action.words(),
            )
        )
    if state.tiles_used >= TILE_SUPPLY:
        raise IllegalActionError(
            T_("{move}: all {n} tiles are in play (§2.3)", move=action.words(), n=TILE_SUPPLY)
        )
    return mask


def check_upgrade(state: State, action: Upgrade) -> int:
    """The upgraded tile's exits, or IllegalActionError saying why it is not allowed."""
    square = action.square
    if not is_square(square) or not in_grid(square) or not state.tiles[index(square)]:
        raise IllegalActionError(
            T_("{move}: there is no tile there to upgrade (§2.6 A2)", move=action.words())
        )
    i = index(square)
    old, new = state.tiles[i], _mask_of(action)
    if new is None:
        raise IllegalActionError(
            T_(
                "{move}: exits are written as letters in the order NESW (§2.6 A2)",
                move=action.words(),
            )
        )
    if new & old != old:
        raise IllegalActionError(
            T_("{move}: an upgrade keeps every exit (§2.6 A2)", move=action.words())
        )
    if exit_count(new) != exit_count(old) + 1 or exit_count(old) == 4:
        raise IllegalActionError(
            T_("{move}: an upgrade adds exactly one exit (§2.6 A2)", move=action.words())
        )
    if cart_on(state, i):
        raise IllegalActionError(
            T_("{move}: a tile under a cart cannot be upgraded (§2.6 A2)", move=action.words())
        )
    return new
