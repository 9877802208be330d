"""Prepared Twisty Tracks positions: the worked examples E1–E5 (§2.16), for tutorial and tests.

Each function returns a :class:`~railwidgets.twistytracks.Game` made with
``from_position``, just before the example's decisive placement, with the
example's tile on top of the stack. The tutorial lets the reader make that
placement; the tests check that it does what §2.16 says.

>>> from railwidgets.twistytracks import scenarios, PlaceTile
>>> game = scenarios.e1()
>>> game.apply(PlaceTile(0, 1, (1, 2), 0))  # T01 at (1,2), not turned
>>> game.scores()
[2]
"""

from __future__ import annotations

import json
from typing import Any

from railwidgets.twistytracks.components import DEPOTS, TILES, TRAIN_COLOURS
from railwidgets.twistytracks.rules import Game, PlaceTile

__all__ = [
    "E5_ROUNDS_7_8",
    "E5_ROUND_6",
    "active",
    "arrived",
    "crashed",
    "e1",
    "e2",
    "e3",
    "e3b",
    "e4",
    "e5",
    "position",
    "seat",
]


def active(x: int, y: int, port: int, travel: int = 1) -> dict[str, Any]:
    """A train waiting before cell ``(x, y)`` at ``port`` with ``travel`` borders crossed."""
    return {"state": "active", "at": [x, y, port], "travel": travel, "station": None, "round": None}


def arrived(station: str, round_no: int, travel: int) -> dict[str, Any]:
    """A train that reached ``station`` in round ``round_no``."""
    return {"state": "arrived", "at": None, "travel": travel, "station": station, "round": round_no}


def crashed(round_no: int, travel: int = 1) -> dict[str, Any]:
    """A train lost in a collision in round ``round_no``."""
    return {"state": "crashed", "at": None, "travel": travel, "station": None, "round": round_no}


def _at_depot(colour: str) -> dict[str, Any]:
    (x, y), port = DEPOTS[colour]
    return {
        "state": "waiting_at_depot",
        "at": [x, y, port],
        "travel": 0,
        "station": None,
        "round": None,
    }


def seat(
    top: tuple[int, ...] = (),
    tiles: tuple[tuple[int, int, int, int], ...] = (),
    station_points: int = 0,
    **trains: dict[str, Any],
) -> dict[str, Any]:
    """One player's entry: ``top`` first in the stack, ``tiles`` placed as ``(x, y, tile, turn)``.

    Trains not given wait on their starting tracks.
    """
    placed = {t for _, _, t, _ in tiles}
    rest = [t for t in range(1, len(TILES) + 1) if t not in placed and t not in top]
    return {
        "stack": [*top, *rest],
        "tiles": [list(t) for t in sorted(tiles, key=lambda t: (t[1], t[0]))],
        "placement": None,
        "trains": {c: trains.get(c, _at_depot(c)) for c in TRAIN_COLOURS},
        "station_points": station_points,
    }


def position(*players: dict[str, Any], round_no: int = 1, **stations: Any) -> Game:
    """A game of these players in round ``round_no``; ``stations`` replace columns (SE=...)."""
    data = json.loads(json.dumps(Game(players=len(players), seed=0).position()))
    data["round"] = round_no
    data["players"] = list(players)
    data["stations"].update(stations)
    return Game.from_position(data)


def e1() -> Game:
    """E1: turn 1 of a solo game, T01 (Town roundabout) drawn; the example puts it at (1,2)."""
    return position(seat(top=(1, 8, 6, 5)))


def e2() -> Game:
    """E2: turn 1, T03 (Avenue with two U-turns) drawn: at (1,2) unturned, red and blue collide."""
    return position(seat(top=(3,)))


_AFTER_E1 = {"red": active(0, 2, 3), "blue": active(2, 2, 6)}


def e3() -> Game:
    """E3: after E1, T08 (Curves over straights) drawn: at (0,2) red runs round loop L4 to SW."""
    return position(seat(top=(8,), tiles=((1, 2, 1, 0),), **_AFTER_E1), round_no=2)


def e3b() -> Game:
    """E3b: after E1, T02 (Grand crossing) drawn: red comes back into the turn-1 tile."""
    return position(seat(top=(2,), tiles=((1, 2, 1, 0),), **_AFTER_E1), round_no=2)


def e4() -> Game:
    """E4, turn 3: green and yellow wait before (4,2); T05 at (4,2) takes both to SE."""
    return position(
        seat(
            top=(5,),
            tiles=((1, 2, 1, 0), (3, 2, 6, 1)),
            green=active(4, 2, 7),
            yellow=active(4, 2, 6),
            **_AFTER_E1,
        ),
        round_no=3,
    )


def e5() -> Game:
    """E5, round 6 of a 3-player game: three trains can reach SE in one round.

    Anna (seat 0) is at E4's turn 3; Ben's red waits before (4,2) too; SE's
    lowest space is marked (3 players). :data:`E5_ROUND_6` plays the round,
    :data:`E5_ROUNDS_7_8` the two after it, in which Cleo's blue reaches SE.
    """
    anna = seat(
        top=(5, 3, 9),
        tiles=((1, 2, 1, 0), (3, 2, 6, 1)),
        green=active(4, 2, 7),
        yellow=active(4, 2, 6),
        **_AFTER_E1,
    )
    ben = seat(
        top=(5,),
        tiles=((1, 2, 9, 3), (2, 2, 13, 3), (3, 2, 12, 2)),
        red=active(4, 2, 6, travel=3),
        blue=crashed(2, travel=2),
        green=crashed(1),
        yellow=crashed(1),
    )
    cleo = seat(
        top=(10, 1, 5),
        tiles=((1, 2, 14, 3), (2, 2, 3, 2), (3, 2, 2, 3)),
        red=active(0, 2, 2),
        blue=active(4, 2, 6, travel=3),
        green=active(3, 1, 5),
        yellow=active(3, 1, 4),
    )
    return position(anna, ben, cleo, round_no=6)


#: E5's round 6: Anna and Ben put T05 at (4,2); Cleo builds elsewhere.
E5_ROUND_6 = (
    PlaceTile(0, 5, (4, 2), 0),
    PlaceTile(1, 5, (4, 2), 0),
    PlaceTile(2, 10, (0, 2), 0),
)
#: Rounds 7 and 8 (Ben has passed): in round 8 Cleo's blue reaches SE, which is full.
E5_ROUNDS_7_8 = (
    PlaceTile(0, 3, (2, 2), 0),
    PlaceTile(2, 1, (3, 1), 0),
    PlaceTile(0, 9, (0, 2), 0),
    PlaceTile(2, 5, (4, 2), 0),
)
