"""Building Twisty Tracks positions for rule tests, and an independent path walker."""

from __future__ import annotations

import json
from typing import Any

from railwidgets.core.grid import Cell
from railwidgets.twistytracks import Game, PlaceTile
from railwidgets.twistytracks.components import (
    DEPOTS,
    FRAME,
    HEIGHT,
    TILES,
    TRAIN_COLOURS,
    WIDTH,
    neighbour,
    rotate_port,
)


def depot(colour: str) -> dict[str, Any]:
    (x, y), port = DEPOTS[colour]
    return {
        "state": "waiting_at_depot",
        "at": [x, y, port],
        "travel": 0,
        "station": None,
        "round": None,
    }


def active(x: int, y: int, port: int, travel: int = 1) -> dict[str, Any]:
    return {"state": "active", "at": [x, y, port], "travel": travel, "station": None, "round": None}


def crashed(round_no: int = 1, travel: int = 1) -> dict[str, Any]:
    return {"state": "crashed", "at": None, "travel": travel, "station": None, "round": round_no}


def arrived(station: str, round_no: int = 1, travel: int = 1) -> dict[str, Any]:
    return {"state": "arrived", "at": None, "travel": travel, "station": station, "round": round_no}


def player(
    top: list[int] | tuple[int, ...] = (),
    tiles: list[tuple[int, int, int, int]] | tuple[()] = (),
    station_points: int = 0,
    **trains: dict[str, Any],
) -> dict[str, Any]:
    """A player entry: ``top`` tiles first in the stack, ``tiles`` placed as (x, y, tile, rot)."""
    placed = {t for _, _, t, _ in tiles}
    rest = [t for t in range(1, len(TILES) + 1) if t not in placed and t not in top]
    return {
        "stack": [*top, *rest],
        "tiles": [list(t) for t in sorted(tiles, key=lambda t: (t[1], t[0]))],
        "placement": None,
        "trains": {c: trains.get(c, depot(c)) for c in TRAIN_COLOURS},
        "station_points": station_points,
    }


def game_from(
    *players: dict[str, Any], scoring: str = "full", round_no: int = 1, **stations: Any
) -> Game:
    """A game from player entries; ``stations`` replaces columns (NW=..., SE=...)."""
    base = Game(players=len(players), seed=0, scoring=scoring).position()
    data = json.loads(json.dumps(base))
    data["round"] = round_no
    data["players"] = list(players)
    for name, column in stations.items():
        data["stations"][name] = column
    return Game.from_position(data)


def place(game: Game, cell: Cell, rotation: int) -> PlaceTile:
    """Place the current seat's drawn tile; return the action."""
    seat = game.current_player
    assert seat is not None
    tile = game.position()["players"][seat]["stack"][0]
    action = PlaceTile(seat, tile, cell, rotation)
    game.apply(action)
    return action


def train(game: Game, seat: int, colour: str) -> dict[str, Any]:
    return game.position()["players"][seat]["trains"][colour]


# -- an independent walker, from the component data only ---------------------------------------


def walk(tiles: dict[Cell, tuple[int, int]], colour: str) -> tuple[list[tuple[Any, int]], Any]:
    """Follow ``colour``'s track from its starting track over ``tiles`` (cell -> (tile, rot)).

    Returns the steps (segment, port entered) and how the path ends: ``("waits",
    x, y, port)``, ``("station", name)`` or ``("depot",)``.
    """
    cell, port = DEPOTS[colour]
    steps: list[tuple[Any, int]] = []
    while True:
        if cell not in tiles:
            return steps, ("waits", cell[0], cell[1], port)
        tile, rotation = tiles[cell]
        other = {}
        for p, q in TILES[tile - 1].segments:
            p, q = rotate_port(p, rotation), rotate_port(q, rotation)
            other[p], other[q] = q, p
        out = other[port]
        steps.append((("tile", cell, frozenset((port, out))), port))
        (nx, ny), nport = neighbour(cell, out)
        if 0 <= nx < WIDTH and 0 <= ny < HEIGHT:
            cell, port = (nx, ny), nport
            continue
        feature = FRAME[cell, out // 2]
        if feature.kind == "loop":
            back = 2 * (out // 2) + (1 - out % 2)
            steps.append((("loop", feature.name), out))
            port = back
        elif feature.kind == "station":
            steps.append((("station", feature.name, out), out))
            return steps, ("station", feature.name)
        else:
            steps.append((("depot", out), out))
            return steps, ("depot",)


def placed_tiles(entry: dict[str, Any]) -> dict[Cell, tuple[int, int]]:
    return {(x, y): (tile, rot) for x, y, tile, rot in entry["tiles"]}
