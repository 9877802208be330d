"""Positions: the state as plain JSON data, and back, checking everything on the way in.

The format is documented in :mod:`railwidgets.twistytracks.rules`. Loading
raises :class:`~railwidgets.core.errors.RecordError` naming the first problem,
with the path of the wrong value ("players[1].trains.red.at: ...").

>>> from railwidgets.twistytracks.board import Board
>>> from railwidgets.twistytracks.stations import new_columns
>>> data = dump_position(1, [Board.new(tuple(range(1, 16)))], new_columns(1))
>>> data["players"][0]["trains"]["red"]
{'state': 'waiting_at_depot', 'at': [1, 2, 5], 'travel': 0, 'station': None, 'round': None}
>>> data["stations"]["N"]
{'spaces': [[], ['marked'], ['marked']], 'penalty': []}
>>> load_position({**data, "round": 0}, players=1)
Traceback (most recent call last):
...
railwidgets.core.errors.RecordError: position: round: must be a whole number of at least 1, not 0
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from railwidgets.core.errors import RecordError
from railwidgets.twistytracks.board import (
    ARRIVED,
    STATUSES,
    UNFINISHED,
    WAITING_AT_DEPOT,
    Board,
    Train,
    border_point,
    cell_index,
    spot_of,
)
from railwidgets.twistytracks.components import (
    CELLS,
    DEPOTS,
    HEIGHT,
    STATIONS,
    TILES,
    TRAIN_COLOURS,
    WIDTH,
    station_values,
)
from railwidgets.twistytracks.stations import MARK, Column, Columns

__all__ = ["dump_position", "hidden_drawer", "load_position", "position_from_view"]

_MARKED = "marked"
_TOP_KEYS = {"game", "options", "round", "players", "stations"}
_PLAYER_KEYS = ("stack", "tiles", "placement", "trains", "station_points")
_TRAIN_KEYS = ("state", "at", "travel", "station", "round")


# -- out ----------------------------------------------------------------------------------------


def dump_position(
    round_no: int, boards: list[Board], columns: Columns, key: int | None = None
) -> dict[str, Any]:
    """The state as plain data (without "game" and "options"); ``key``: the game's
    tiles not drawn yet are dealt from it (``State.key``)."""
    return {
        "round": round_no,
        "players": [_dump_board(board, key, seat) for seat, board in enumerate(boards)],
        "stations": {
            name: {
                "spaces": [[_dump_token(t) for t in tokens] for tokens in column.spaces],
                "penalty": [_dump_token(t) for t in column.penalty],
            }
            for name, column in columns.items()
        },
    }


def _dump_board(board: Board, key: int | None, seat: int) -> dict[str, Any]:
    placement = None
    if board.placement is not None:
        cell_no, rotation = board.placement
        placement = [*CELLS[cell_no], rotation]
    tiles = [
        [*cell, code // 4 + 1, code % 4]
        for cell, code in zip(CELLS, board.cells, strict=True)
        if code is not None
    ]
    trains = {
        view.colour: {
            "state": view.status,
            "at": None if view.cell is None else [*view.cell, view.port],
            "travel": view.travel,
            "station": view.station,
            "round": view.round,
        }
        for view in board.view_trains()
    }
    return {
        "stack": list(board.stack if key is None else board.dealt_stack(key, seat)),
        "tiles": tiles,
        "placement": placement,
        "trains": trains,
        "station_points": board.station_points,
    }


def _dump_token(token: int) -> Any:
    return _MARKED if token == MARK else [token // 4, TRAIN_COLOURS[token % 4]]


# -- views back to positions (Game.from_view) ------------------------------------------------------
#
# A view hides the order of every stack (each seat sees only the tile it drew this
# round, R26) and the secret placements of the other seats this round (R25).
# ``position_from_view`` puts each seat's unplaced tiles into its stack in random
# order (the tile the viewer drew on top of its own), and gives each other seat that
# has placed a placement drawn at random among its legal ones (R29: an empty cell a
# train faces, any of the four rotations).


def position_from_view(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A position ``view`` may have come from, what it hides drawn from ``rng``."""
    data = json.loads(json.dumps(dict(view)))
    for seat, entry in enumerate(data["players"]):
        path = f"players[{seat}]"
        drawn, left, placed = entry.pop("drawn"), entry.pop("tiles_left"), entry.pop("placed")
        used = {tile for _, _, tile, _ in entry["tiles"]}
        stack = [tile for tile in range(1, len(TILES) + 1) if tile not in used and tile != drawn]
        rng.shuffle(stack)
        entry["stack"] = stack if drawn is None else [drawn, *stack]
        if len(entry["stack"]) != left:
            raise _fail(path, f"{len(entry['stack'])} tiles are unplaced, not {left}")
        if placed and entry["placement"] is None:
            board = _load_board({**entry, "placement": None}, path, data["round"])
            cell = rng.choice(board.legal_cells())
            entry["placement"] = [*cell, rng.randrange(4)]
    return data


def hidden_drawer(state: Any, view: Mapping[str, Any]) -> Callable[[Any, random.Random], None]:
    """How to draw again what ``view`` hides of a copy of ``state`` (a game made from the view).

    Drawn as :func:`position_from_view` draws it: every stack in random order (the
    tile the viewer drew stays on top of its own), and every secret placement of
    another seat at random among its legal ones. A stack's top tile, this round's, is
    drawn at once; the tiles under it are dealt only when the first of them comes to
    the top, from a key of the game's own (``State.key``, :meth:`Board.dealt_stack`):
    the same distribution, and a game that ends its search this round deals none. What does
    not change from one draw to the next (which stacks are hidden, the legal cells,
    the viewer's own stack) is worked out once; each draw gives a seat whose top tile
    or placement is hidden a new board that shares the tiles and trains of the old one
    (a state copies a board before it changes it, :meth:`State.own_board`).
    """
    known = []  # (seat, its board with the tiles under the viewer's own top not drawn)
    hidden = []  # (seat, the tiles that may be on top, the tiles under it, cells to place in)
    for seat, entry in enumerate(view["players"]):
        board = state.boards[seat]
        secret = entry["placed"] and entry["placement"] is None
        if len(board.stack) < 2 and not secret:
            continue  # nothing hidden: the board stays shared with the copy it came from
        under = (0,) * (len(board.stack) - 1)
        if entry["drawn"] is not None:  # the viewer's own: only what is under its top
            own = board.shallow_copy()
            own.stack = (board.stack[0], *under)
            known.append((seat, own))
            continue
        # where a secret tile may go (R28, R29): the state found it once a round
        cells = tuple(cell_index(cell) for cell in state.legal[seat])
        hidden.append((seat, board.stack, under, cells if secret else ()))

    def draw(s: Any, rng: random.Random) -> None:
        boards, owned = s.boards, s.owned
        s.key = rng.getrandbits(64)
        for seat, board in known:
            boards[seat] = board  # never changed: no state owns it
            owned.discard(seat)
        for seat, tiles, under, cells in hidden:
            board = boards[seat] = boards[seat].shallow_copy()
            owned.discard(seat)  # its lists are shared: copied before any change
            board.stack = (rng.choice(tiles), *under)
            if cells:
                board.placement = (rng.choice(cells), rng.randrange(4))

    return draw


# -- in -------------------------------------------------------------------------------------------


def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"position: {path}: {message}")


def _int(value: Any, path: str, low: int = 0, high: int | None = None) -> int:
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        span = f"{low}–{high}" if high is not None else f"a whole number of at least {low}"
        raise _fail(path, f"must be {span}, not {value!r}")
    return value


def _list(value: Any, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"must be a list, not {value!r}")
    if length is not None and len(value) != length:
        raise _fail(path, f"must have {length} items, not {len(value)}")
    return value


def _object(value: Any, path: str, keys: tuple[str, ...] | set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, f"must be an object, not {value!r}")
    missing = [k for k in keys if k not in value]
    if missing:
        raise _fail(path, f"the key {missing[0]!r} is missing")
    extra = sorted(set(value) - set(keys))
    if extra:
        raise _fail(path, f"unexpected key(s): {', '.join(map(str, extra))}")
    return value


def _cell(value: Any, path: str, length: int = 2) -> list[int]:
    items = _list(value, path, length)
    _int(items[0], f"{path}[0] (x)", 0, WIDTH - 1)
    _int(items[1], f"{path}[1] (y)", 0, HEIGHT - 1)
    return items


def load_position(data: Mapping[str, Any], players: int) -> tuple[int, list[Board], Columns]:
    """``(round, boards, columns)`` from :func:`dump_position` data, every value checked."""
    missing = [k for k in ("round", "players", "stations") if k not in data]
    if missing:
        raise RecordError(f"position: the key {missing[0]!r} is missing")
    extra = sorted(set(data) - _TOP_KEYS)
    if extra:
        raise RecordError(f"position: unexpected key(s): {', '.join(map(str, extra))}")
    round_no = _int(data["round"], "round", 1)
    entries = _list(data["players"], "players", players)
    boards = [
        _load_board(entry, f"players[{seat}]", round_no) for seat, entry in enumerate(entries)
    ]
    columns = _load_columns(data["stations"], players, boards)
    waiting = [b for b in boards if b.playing and b.placement is None]
    if any(b.playing for b in boards) and not waiting:
        raise RecordError("position: every seat still playing has placed: the round is resolved")
    return round_no, boards, columns


def _load_board(entry: Any, path: str, round_no: int) -> Board:
    entry = _object(entry, path, _PLAYER_KEYS)
    board = Board.new(())
    stack = _list(entry["stack"], f"{path}.stack")
    board.stack = tuple(_int(t, f"{path}.stack[{i}]", 1, len(TILES)) for i, t in enumerate(stack))
    for i, item in enumerate(_list(entry["tiles"], f"{path}.tiles")):
        where = f"{path}.tiles[{i}]"
        x, y, tile, rotation = _cell(item, where, 4)
        _int(tile, f"{where}[2] (tile)", 1, len(TILES))
        _int(rotation, f"{where}[3] (rotation)", 0, 3)
        if board.tile_at((x, y)) is not None:
            raise _fail(where, f"({x},{y}) holds two tiles")
        board.place(tile, (x, y), rotation)
    used = sorted([*board.stack, *(c // 4 + 1 for c in board.cells if c is not None)])
    if used != list(range(1, len(TILES) + 1)):
        raise _fail(path, "the stack and the placed tiles must be the 15 tiles, each once")
    trains = _object(entry["trains"], f"{path}.trains", TRAIN_COLOURS)
    board.trains = [
        _load_train(trains[colour], f"{path}.trains.{colour}", colour, board, round_no)
        for colour in TRAIN_COLOURS
    ]
    _check_journeys(board, f"{path}.trains")
    points: dict[int, str] = {}
    for colour, train in zip(TRAIN_COLOURS, board.trains, strict=True):
        if train.status in UNFINISHED:
            point = border_point(train.spot)
            if point in points:
                raise _fail(f"{path}.trains", f"{points[point]} and {colour} share a border point")
            points[point] = colour
    board.station_points = _int(entry["station_points"], f"{path}.station_points")
    if board.playing and (not board.stack or not board.legal_cells()):
        raise _fail(path, "a seat with unfinished trains needs a tile and an empty cell (R31)")
    if entry["placement"] is not None:
        where = f"{path}.placement"
        x, y, rotation = _cell(entry["placement"], where, 3)
        _int(rotation, f"{where}[2] (rotation)", 0, 3)
        if not board.playing:
            raise _fail(where, "a seat that has passed places nothing")
        if (x, y) not in board.legal_cells():
            raise _fail(where, f"no train waits in front of the empty cell ({x},{y})")
        board.placement = (cell_index((x, y)), rotation)
    return board


def _load_train(value: Any, path: str, colour: str, board: Board, round_no: int) -> Train:
    value = _object(value, path, _TRAIN_KEYS)
    status = value["state"]
    if status not in STATUSES:
        raise _fail(f"{path}.state", f"must be one of {', '.join(STATUSES)}, not {status!r}")
    travel = _int(value["travel"], f"{path}.travel")
    station, when = value["station"], value["round"]
    if status in UNFINISHED:
        if station is not None or when is not None:
            raise _fail(path, f"a train that is {status} has no station or round")
        x, y, port = _cell(value["at"], f"{path}.at", 3)
        _int(port, f"{path}.at[2] (port)", 0, 7)
        if board.tile_at((x, y)) is not None:
            raise _fail(f"{path}.at", f"({x},{y}) holds a tile: the train would have moved on")
        if status == WAITING_AT_DEPOT and (((x, y), port) != DEPOTS[colour] or travel):
            raise _fail(path, f"a {colour} train waiting at its depot is on its own starting track")
        return Train(status, spot_of((x, y), port), travel)
    if value["at"] is not None:
        raise _fail(f"{path}.at", f"a train that is {status} stands nowhere, so null")
    when = _int(when, f"{path}.round", 1, round_no)
    if status == ARRIVED:
        if station not in STATIONS:
            raise _fail(f"{path}.station", f"must be one of {', '.join(STATIONS)}")
    elif station is not None:
        raise _fail(f"{path}.station", f"a train that is {status} has no station")
    return Train(status, -1, travel, station, when)


def _check_journeys(board: Board, path: str) -> None:
    """Every unfinished train stands where its track from the depot ends (R38).

    Placed tiles never move, so the track from a depot leads to one place only.
    (A finished train stands nowhere: what it scored is checked elsewhere.)
    """
    for number, (colour, train) in enumerate(zip(TRAIN_COLOURS, board.trains, strict=True)):
        if train.status not in UNFINISHED:
            continue
        end = board.journey(number)
        if (end.status, end.spot, end.travel) != (train.status, train.spot, train.travel):
            raise _fail(
                f"{path}.{colour}",
                f"the track from its depot {_journey_text(end)}, but the position has the train "
                f"{train.status.replace('_', ' ')} at {_spot_text(train.spot)} "
                f"after {train.travel} border(s) (R38)",
            )


def _journey_text(end: Train) -> str:
    if end.status == ARRIVED:
        return f"reaches station {end.station} after {end.travel} border(s)"
    if end.status in UNFINISHED:
        return f"ends at {_spot_text(end.spot)} after {end.travel} border(s)"
    return f"ends {end.status.replace('_', ' ')} after {end.travel} border(s)"


def _spot_text(spot: int) -> str:
    (x, y), port = CELLS[spot >> 3], spot & 7
    return f"({x},{y}) port {port}"


def _load_columns(value: Any, players: int, boards: list[Board]) -> Columns:
    values = station_values(players)
    stations = _object(value, "stations", STATIONS)
    seen: set[int] = set()
    columns = {}
    for name in STATIONS:
        path = f"stations.{name}"
        column = _object(stations[name], path, ("spaces", "penalty"))
        spaces = _list(column["spaces"], f"{path}.spaces", len(values[name]))
        columns[name] = Column(
            tuple(
                _load_tokens(tokens, f"{path}.spaces[{i}]", name, boards, seen)
                for i, tokens in enumerate(spaces)
            ),
            _load_tokens(column["penalty"], f"{path}.penalty", name, boards, seen),
        )
    return columns


def _load_tokens(
    value: Any, path: str, station: str, boards: list[Board], seen: set[int]
) -> tuple[int, ...]:
    tokens = []
    for i, token in enumerate(_list(value, path)):
        where = f"{path}[{i}]"
        if token == _MARKED:
            tokens.append(MARK)
            continue
        seat, colour = _list(token, where, 2)
        _int(seat, f"{where}[0] (seat)", 0, len(boards) - 1)
        if colour not in TRAIN_COLOURS:
            raise _fail(f"{where}[1]", f"must be a train colour, not {colour!r}")
        train = boards[seat].trains[TRAIN_COLOURS.index(colour)]
        if train.station != station:
            raise _fail(where, f"seat {seat}'s {colour} train has not arrived at {station}")
        number = seat * 4 + TRAIN_COLOURS.index(colour)
        if number in seen:
            raise _fail(where, f"seat {seat}'s {colour} token is on the board twice")
        seen.add(number)
        tokens.append(number)
    return tuple(tokens)
