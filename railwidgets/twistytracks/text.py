"""The game as text: each player's frame and the station columns (``str(game)``).

Each cell shows its tile and turn, the tile's segments as port pairs (R2, after
rotation), and the trains waiting in front of it with the port they face
(``r5`` is the red train at port 5). Frame features are written around the
frame (R14). It tells what a spectator may know, as the bare game's picture
(``game.to_svg()``) shows it: how many tiles each stack holds, not the tile a
seat drew, and that a seat has placed this round, not where (R25), until the
round resolves.

>>> from railwidgets.twistytracks import Game
>>> print(str(Game(players=1, seed=1)).splitlines()[2])
Seat 0: 0 points (travel 0, stations 0), 0 tiles placed, 15 in the stack, playing
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railwidgets.core.grid import E, N, S, W
from railwidgets.twistytracks.board import Board
from railwidgets.twistytracks.components import (
    FRAME,
    HEIGHT,
    STATIONS,
    TRAIN_COLOURS,
    WIDTH,
    rotated_segments,
    station_values,
)
from railwidgets.twistytracks.stations import MARK, Column

if TYPE_CHECKING:
    from railwidgets.twistytracks.rules import Game

__all__ = ["game_text"]

_CELL = 11  # characters inside a cell
_MARGIN = 7  # characters left of the frame


def game_text(game: Game) -> str:
    """Every frame, then the station columns."""
    state = game._state
    scores = game.scores()
    over = "over" if game.is_over else f"round {state.round}"
    lines = [
        f"Twisty Tracks, {game.num_players} player(s), scoring {game.options['scoring']}: {over}"
    ]
    for seat, board in enumerate(state.boards):
        travel = sum(t.travel for t in board.trains)
        status = "playing" if board.playing else "passed"
        if board.placement is not None:
            status += ", has placed this round (hidden)"
        lines += [
            "",
            f"Seat {seat}: {scores[seat]} points (travel {travel}, stations "
            f"{board.station_points}), {board.tiles_placed} tiles placed, "
            f"{len(board.stack)} in the stack, {status}",
            *_frame_lines(board),
            *_train_lines(board),
        ]
    if game.options["scoring"] != "travel_only":
        lines += ["", "Stations (value: tokens as seat/colour):"]
        values = station_values(game.num_players)
        lines += [_column_line(name, values[name], state.columns[name]) for name in STATIONS]
    return "\n".join(lines)


def _edge_label(x: int, y: int, side: int) -> str:
    feature = FRAME[(x, y), side]
    if feature.kind == "depot":
        return " ".join(f"{colour[0].upper()}{port}" for port, colour in feature.tracks)
    return feature.name


def _frame_lines(board: Board) -> list[str]:
    rule = " " * _MARGIN + "+" + ("-" * _CELL + "+") * WIDTH
    north = "".join(_edge_label(x, 0, N).center(_CELL + 1) for x in range(WIDTH))
    lines = [" " * (_MARGIN + 1) + north.rstrip(), rule]
    waiting: dict[tuple[int, int], list[str]] = {}
    for view in board.view_trains():
        if view.cell is not None:
            waiting.setdefault(view.cell, []).append(f"{view.colour[0]}{view.port}")
    for y in range(HEIGHT):
        rows: list[list[str]] = [[], [], []]
        for x in range(WIDTH):
            placed = board.tile_at((x, y))
            if placed is None:
                top, middle = "", "."
            else:
                tile, rotation = placed
                top = f"T{tile:02d} {90 * rotation}°"
                middle = " ".join(f"{p}{q}" for p, q in rotated_segments(tile, rotation))
            rows[0].append(top.center(_CELL))
            rows[1].append(middle.center(_CELL))
            rows[2].append(" ".join(waiting.get((x, y), [])).center(_CELL))
        west, east = _edge_label(0, y, W), _edge_label(WIDTH - 1, y, E)
        for i, cells in enumerate(rows):
            left = west.rjust(_MARGIN - 1) + " " if i == 1 else " " * _MARGIN
            right = " " + east if i == 1 else ""
            lines.append(left + "|" + "|".join(cells) + "|" + right)
        lines.append(rule)
    south = "".join(_edge_label(x, HEIGHT - 1, S).center(_CELL + 1) for x in range(WIDTH))
    lines.append(" " * (_MARGIN + 1) + south.rstrip())
    return lines


def _train_lines(board: Board) -> list[str]:
    parts = []
    for view in board.view_trains():
        if view.cell is not None:
            where = f"waits before ({view.cell[0]},{view.cell[1]}) port {view.port}"
            if view.status == "waiting_at_depot":
                where = "on its starting track"
        elif view.status == "arrived":
            where = f"arrived at {view.station} in round {view.round}"
        else:
            where = f"{view.status.replace('_', ' ')} in round {view.round}"
        parts.append(f"{view.colour} {where}, travel {view.travel}")
    return ["Trains: " + "; ".join(parts[:2]), "        " + "; ".join(parts[2:])]


def _token(token: int) -> str:
    return "marked" if token == MARK else f"{token // 4}/{TRAIN_COLOURS[token % 4]}"


def _column_line(name: str, values: tuple[int, ...], column: Column) -> str:
    spaces = [
        f"{value}: {' '.join(_token(t) for t in tokens) or '-'}"
        for value, tokens in zip(values, column.spaces, strict=True)
    ]
    penalty = " ".join(_token(t) for t in column.penalty) or "-"
    return f"  {name:>2}  " + " | ".join(spaces) + f" | penalty: {penalty}"
