"""The board as text, for ``str(game)``.

Each square is two characters: the tile (``│ ─ └ ┌ ┐ ┘ ├ ┬ ┤ ┴ ┼``, ``.`` for
none, ``R Y G B`` for the mine centres, ``#`` for the chasm) and a mark: the
letter of a cart there, else the number of items (``+`` for ten or more).
Around the grid, ``=`` is a starting track and ``~`` surface without one.

>>> from railwidgets import offtherails
>>> game = offtherails.Game(players=2, seed=3)
>>> game.apply(offtherails.ChooseSide("N"))
>>> lines = str(game).splitlines()
>>> lines[1]  # the north surface: red starting tracks at columns 1, 4, 7 and 10
' -1   ~ = ~ ~ = ~ ~ = ~ ~ = ~'
>>> lines[-1]
'turn 1, Red to play (actions); 17 deposit cards; tiles 0/90'
"""

from __future__ import annotations

from railwidgets.offtherails.board import GLYPH, in_grid, index
from railwidgets.offtherails.components import (
    GRID_SIZE,
    MINE_CENTRE,
    SIDE_LETTERS,
    TILE_SUPPLY,
    Square,
)
from railwidgets.offtherails.movement import Config, at, cart_label, items_text, player_name
from railwidgets.offtherails.state import BOARD, OVER, State

LETTERS = "ABCDEFGH"


def board_text(state: State, cfg: Config) -> str:
    labels = {c.square: LETTERS[n] for n, c in enumerate(state.carts) if c.place == BOARD}
    edge = range(-1, GRID_SIZE + 1)
    rows = ["    " + "".join(f"{c % 10:<2}" if 0 <= c < GRID_SIZE else "  " for c in edge)]
    for r in edge:
        cells = "".join(_cell(state, cfg, (r, c), labels) for c in edge)
        rows.append(f"{r:>3} " + cells.rstrip())
    for n, cart in enumerate(state.carts):
        if cart.place == BOARD:
            assert cart.square is not None
            rows.append(
                f"{LETTERS[n]}: {cart_label(state, n)} at {at(cart.square)} facing "
                f"{SIDE_LETTERS[cart.facing]}, speed {cart.speed}, {items_text(cart.contents)}"
            )
    rows.append(_status(state))
    return "\n".join(rows)


def _cell(state: State, cfg: Config, square: Square, labels: dict[Square | None, str]) -> str:
    r, c = square
    if not in_grid(square):
        if (r in (-1, GRID_SIZE)) == (c in (-1, GRID_SIZE)):
            return "  "  # no corner positions (D-4)
        return ("=" if square in cfg.track_set else "~") + labels.get(square, " ")
    i = index(square)
    if state.chasm[i] >= 0:
        return "# "
    if square in MINE_CENTRE:
        glyph = "RYGB"[MINE_CENTRE.index(square)]
    else:
        glyph = GLYPH.get(state.tiles[i], ".")
    items = sum(state.items[i])
    mark = labels.get(square) or (str(items) if 0 < items < 10 else "+" if items else " ")
    return glyph + mark


def _status(state: State) -> str:
    if state.stage == OVER:
        return f"over: {state.ended}"
    deck = "after the collapse" if state.collapsed else f"{len(state.deck)} deposit cards"
    return (
        f"turn {state.turn}, {player_name(state, state.active)} to play ({state.stage}); "
        f"{deck}; tiles {state.tiles_used}/{TILE_SUPPLY}"
    )
