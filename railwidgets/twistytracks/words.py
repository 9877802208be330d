"""Twisty Tracks in words, for the screen-reader companion (issue 25 item 2).

Built from a seat's view (``game.view(seat)``) alone: another seat's placement this
round is not in it, so it is never said. Pure Python: no widget imports.

>>> from railwidgets import twistytracks
>>> game = twistytracks.Game(players=2, seed=1)
>>> position_words(game.view(0), 0, ["Wild West", "Meadows"])[0]
'Round 1.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["cell_words", "position_words"]

# Every sentence a player reads, in one place (to be wrapped for translation).
ROUND = "Round {round}."
FRAME = "{name}'s frame: {tiles}."
EMPTY_FRAME = "{name}'s frame is empty."
TILE = "T{tile:02d} at {cell}, turned {degrees}°"
CELL = "column {column} row {row}"
PENDING = "Your placement this round: T{tile:02d} at {cell}, turned {degrees}°."
DRAWN = "You drew T{tile:02d}; {left} tiles left in your stack."
TRAINS = "{name}'s trains: {trains}."
TRAIN = "{colour} {state}, travelled {travel}"
STATION_POINTS = "{name} has {points} station points."
STATES = {
    "waiting_at_depot": "waiting at its depot",
    "active": "running",
    "crashed": "crashed",
    "arrived": "arrived at a station",
}


def cell_words(cell: Sequence[int]) -> str:
    """A cell ``(column, row)`` counted from 0, as the frame labels its spaces ("(1,2)").

    >>> cell_words((1, 2))
    'column 1 row 2'
    """
    return CELL.format(column=cell[0], row=cell[1])


def position_words(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> list[str]:
    """The position as sentences: every frame, the seat's own tile in hand and placement
    (if it has one), the trains and the station points."""
    lines = [ROUND.format(round=view["round"])]
    for who, player in enumerate(view["players"]):
        tiles = [
            TILE.format(tile=t, cell=cell_words((x, y)), degrees=90 * r)
            for x, y, t, r in player["tiles"]
        ]
        name = names[who]
        lines.append(
            FRAME.format(name=name, tiles="; ".join(tiles))
            if tiles
            else EMPTY_FRAME.format(name=name)
        )
        if who == seat:
            if player.get("drawn") is not None:
                lines.append(DRAWN.format(tile=player["drawn"], left=player.get("tiles_left", 0)))
            placement = player.get("placement")
            if placement is not None and player.get("drawn") is not None:
                x, y, r = placement
                lines.append(
                    PENDING.format(tile=player["drawn"], cell=cell_words((x, y)), degrees=90 * r)
                )
        trains = [
            TRAIN.format(
                colour=colour,
                state=STATES.get(t["state"], t["state"].replace("_", " ")),
                travel=t["travel"],
            )
            for colour, t in player["trains"].items()
        ]
        lines.append(TRAINS.format(name=name, trains=", ".join(trains)))
        lines.append(STATION_POINTS.format(name=name, points=player.get("station_points", 0)))
    return lines
