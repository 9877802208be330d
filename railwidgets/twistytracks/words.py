"""Twisty Tracks in words, for the screen-reader companion (issue 25 item 2).

Built from a seat's view (``game.view(seat)``) alone: another seat's placement this
round is not in it, so it is never said. Pure Python: no widget imports. Every sentence
is said in the language in use (issue 24: a widget calls these inside its ``use(lang)``).

>>> from railwidgets import twistytracks
>>> from railwidgets.i18n import use
>>> game = twistytracks.Game(players=2, seed=1)
>>> position_words(game.view(0), 0, ["Wild West", "Meadows"])[0]
'Round 1.'
>>> with use("es"):
...     turn_words(1), place_words((1, 2))
('Girar la loseta 90°', 'Colocar en columna 1, fila 2')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railwidgets.i18n import N_, _, ngettext, tr
from railwidgets.twistytracks.components import TRAIN_COLOURS, TRAIN_NAMES

__all__ = ["cell_words", "place_words", "position_words", "turn_words"]

# Every sentence a player reads, in one place (marked for the catalogs; said with ``_``).
ROUND = N_("Round {round}.")
FRAME = N_("{name}'s frame: {tiles}.")
EMPTY_FRAME = N_("{name}'s frame is empty.")
TILE = N_("{tile} at {cell}, turned {degrees}°")
CELL = N_("column {column} row {row}")
PENDING = N_("Your placement this round: {tile} at {cell}, turned {degrees}°.")
TRAINS = N_("{name}'s trains: {trains}.")
TRAIN = N_("{colour}: {state}, travelled {travel}")
TURN = N_("Turn the tile {degrees}°")
PLACE = N_("Place at {cell}")
#: A train's state (``view["players"][i]["trains"][colour]["state"]``), as a clause.
STATES = {
    "waiting_at_depot": N_("waiting at its depot"),
    "active": N_("running"),
    "crashed": N_("stopped by a crash"),
    "arrived": N_("arrived at a station"),
    "dead_end": N_("stopped at a dead end"),
}


def tile_name(tile: int) -> str:
    """A tile by its number, as its face shows it ("T03")."""
    return f"T{tile:02d}"


def cell_words(cell: Sequence[int]) -> str:
    """A cell ``(column, row)`` counted from 0, as the frame labels its spaces ("(1,2)").

    >>> cell_words((1, 2))
    'column 1 row 2'
    """
    return _(CELL).format(column=cell[0], row=cell[1])


def turn_words(quarters: int) -> str:
    """The button that turns the tile in hand ``quarters`` quarter turns clockwise."""
    return _(TURN).format(degrees=90 * quarters)


def place_words(cell: Sequence[int]) -> str:
    """The button that places the tile in hand on ``cell`` (R25)."""
    return _(PLACE).format(cell=cell_words(cell))


def _train_colour(colour: str) -> str:
    """A train by its colour, in the language in use ("red"; in Russian «красный»)."""
    if colour in TRAIN_COLOURS:
        return tr(TRAIN_NAMES[TRAIN_COLOURS.index(colour)])
    return colour


def position_words(view: Mapping[str, Any], seat: int | None, names: Sequence[object]) -> list[str]:
    """The position as sentences: every frame, the seat's own tile in hand and placement
    (if it has one), the trains and the station points, in the language in use."""
    lines = [_(ROUND).format(round=view["round"])]
    for who, player in enumerate(view["players"]):
        tiles = [
            _(TILE).format(tile=tile_name(t), cell=cell_words((x, y)), degrees=90 * r)
            for x, y, t, r in player["tiles"]
        ]
        name = tr(names[who])
        lines.append(
            _(FRAME).format(name=name, tiles="; ".join(tiles))
            if tiles
            else _(EMPTY_FRAME).format(name=name)
        )
        if who == seat:
            drawn = player.get("drawn")
            if drawn is not None:
                left = player.get("tiles_left", 0)
                lines.append(
                    ngettext(
                        "You drew {tile}; {n} tile left in your stack.",
                        "You drew {tile}; {n} tiles left in your stack.",
                        left,
                    ).format(tile=tile_name(drawn), n=left)
                )
            placement = player.get("placement")
            if placement is not None and drawn is not None:
                x, y, r = placement
                lines.append(
                    _(PENDING).format(
                        tile=tile_name(drawn), cell=cell_words((x, y)), degrees=90 * r
                    )
                )
        trains = [
            _(TRAIN).format(
                colour=_train_colour(colour),
                state=_(STATES[t["state"]]) if t["state"] in STATES else t["state"],
                travel=t["travel"],
            )
            for colour, t in player["trains"].items()
        ]
        lines.append(_(TRAINS).format(name=name, trains="; ".join(trains)))
        points = player.get("station_points", 0)
        lines.append(
            ngettext(
                "{name} has {n} station point.", "{name} has {n} station points.", points
            ).format(name=name, n=points)
        )
    return lines
