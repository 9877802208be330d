"""The one-turn greedy Twisty Tracks bot (§3.10, §3.16), which sees only its seat's view.

For every legal placement it moves its own trains on a copy of its own frame,
and scores what that turn would bring at once: the borders crossed (R40), the
value each arrival would take at its station (the highest uncovered value at
the start of the round, R46; others' secret arrivals this round are unknown to
it), less 6 for each train lost in a collision (§3.16). Ties are broken by its
own seeded generator.

>>> from railwidgets.twistytracks import Game
>>> from railwidgets.core.bots import play_out
>>> game = Game(players=2, seed=3)
>>> play_out(game, GreedyBot(seed=1))
>>> game.is_over, game.scores()
(True, [50, 58])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from railwidgets.core.action import Action
from railwidgets.core.game import Game
from railwidgets.i18n import NT_, Text
from railwidgets.twistytracks.board import CRASHED, Board, Train, spot_of
from railwidgets.twistytracks.components import TRAIN_COLOURS, station_values
from railwidgets.twistytracks.rules import PlaceTile

__all__ = [
    "CRASH_COST",
    "GAINS_SAY_POINTS",
    "PUZZLE_AREAS",
    "GreedyBot",
    "gains",
    "puzzle_area",
    "turn_gain",
]

#: What the greedy bot counts for each train lost in a collision (§3.16).
CRASH_COST = 6


def _board_from_view(entry: Mapping[str, Any], tile: int) -> Board:
    """The seat's own frame rebuilt from its view entry, with ``tile`` in hand."""
    board = Board.new((tile,))
    for x, y, placed, rotation in entry["tiles"]:
        board.place(placed, (x, y), rotation)
    board.trains = [
        Train(
            t["state"],
            -1 if t["at"] is None else spot_of((t["at"][0], t["at"][1]), t["at"][2]),
            t["travel"],
            t["station"],
            t["round"],
        )
        for t in (entry["trains"][colour] for colour in TRAIN_COLOURS)
    ]
    return board


def turn_gain(view: Mapping[str, Any], seat: int, action: PlaceTile) -> int:
    """What ``action`` brings ``seat`` this turn, as far as its view tells (§3.16).

    >>> from railwidgets.twistytracks import Game
    >>> game = Game(players=1, seed=5)
    >>> view = game.view(0)
    >>> sorted({turn_gain(view, 0, a) for a in game.legal_actions()})
    [-10, 2]
    """
    points, crashed = _turn(view, seat, action)
    return points - CRASH_COST * crashed


def _turn(view: Mapping[str, Any], seat: int, action: PlaceTile) -> tuple[int, int]:
    """The points ``action`` scores ``seat`` this turn, and how many of its trains crash."""
    entry = view["players"][seat]
    board = _board_from_view(entry, action.tile)
    board.place(action.tile, action.cell, action.rotation)
    movement = board.move_trains(view["round"])
    scoring = view["options"]["scoring"]
    gain = sum(movement.gained) if scoring != "stations_only" else 0
    if scoring != "travel_only":
        values = station_values(len(view["players"]))
        for _, station in movement.arrivals:
            gain += _value_now(view, station, values)
    crashed = sum(t.status == CRASHED for t in board.trains) - sum(
        t["state"] == CRASHED for t in entry["trains"].values()
    )
    return gain, crashed


#: :func:`gains` says the points a placement scores (they are scored as it is placed):
#: a hint does not say them twice (``railwidgets.core.hints``).
GAINS_SAY_POINTS = True


def gains(game: Game, action: Action, seat: int) -> list[Text]:
    """What ``action`` brings ``seat`` at once, in words (a hint's reasons): the points its
    trains score when the round is revealed, as far as its view tells (:func:`turn_gain`).

    >>> from railwidgets.twistytracks import Game
    >>> game = Game(players=1, seed=5)
    >>> best = max(game.legal_actions(), key=lambda a: turn_gain(game.view(0), 0, a))
    >>> [str(text) for text in gains(game, best, 0)]
    ['your trains score 2 points this round']
    """
    if not isinstance(action, PlaceTile):
        return []
    points = turn_gain(game.view(seat), seat, action)
    if points <= 0:
        return []
    return [
        NT_(
            "your trains score {n} point this round",
            "your trains score {n} points this round",
            points,
        )
    ]


def _value_now(view: Mapping[str, Any], station: str, values: Mapping[str, Sequence[int]]) -> int:
    spaces = view["stations"][station]["spaces"]
    return next((v for v, tokens in zip(values[station], spaces, strict=True) if not tokens), 0)


class GreedyBot:
    """One-turn greedy play from its seat's view; ties broken by its own seeded generator."""

    name = "Greedy bot"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> PlaceTile:
        """The best placement for the seat to play, judged from that seat's view only."""
        seat = game.current_player
        assert seat is not None, "the game is over"
        legal = game.legal_actions()
        return self.choose_from_view(game.view(seat), seat, legal)  # type: ignore[arg-type]

    def choose_from_view(
        self, view: Mapping[str, Any], seat: int, legal: Sequence[PlaceTile]
    ) -> PlaceTile:
        best: list[PlaceTile] = []
        best_gain = None
        for action in legal:
            gain = turn_gain(view, seat, action)
            if best_gain is None or gain > best_gain:
                best, best_gain = [action], gain
            elif gain == best_gain:
                best.append(action)
        return self._rng.choice(best)


#: The rule areas that matter most to strategy, each with three puzzles at least
#: (``railwidgets.core.puzzles``): points this round (travel points, stations), and a
#: tile placed for the rounds to come rather than for the points it could score now.
#: A puzzle can also be about collisions (§2.11), where a train crashes.
PUZZLE_AREAS = ("§2.10", "§2.8")


def puzzle_area(game: Game, action: Action, seat: int, other: Action) -> str:
    """The rules section a puzzle is about (:data:`PUZZLE_AREAS`), from its answer
    ``action`` and the next best move ``other``: collisions where either crashes a train,
    placing a tile where the answer scores less now than the other would, else points."""
    assert isinstance(action, PlaceTile) and isinstance(other, PlaceTile)
    view = game.view(seat)
    (points, crashed), (other_points, other_crashed) = (
        _turn(view, seat, action),
        _turn(view, seat, other),
    )
    if crashed or other_crashed:
        return "§2.11"
    return "§2.8" if points < other_points else "§2.10"
