"""Positions that no game can reach are refused, and train movement never runs for ever.

A saved game is something people share: loading one must end, with a game or a
``RecordError``. A train that did not come from its depot could go round a loop
of track for ever; the loader refuses such trains (each unfinished train must
stand where its track from the depot ends) and the movement itself has a bound.
"""

from __future__ import annotations

import json

import pytest

from railwidgets.core.errors import RecordError
from railwidgets.twistytracks import Game, PlaceTile
from railwidgets.twistytracks.board import ACTIVE, MAX_RUN, Board, Train, spot_of
from tests.twistytracks.helpers import active, player

# Tile 3 turned 0 joins the two north ports of its cell; in (1,0) they both open
# onto loop L1, so a train entering there goes round and round.
ROUNDABOUT = (3, (1, 0), 0)


def test_R38_movement_has_a_hard_bound():
    board = Board.new((3,))
    board.trains[0] = Train(ACTIVE, spot_of((1, 0), 0), 5)
    tile, cell, rotation = ROUNDABOUT
    board.place(tile, cell, rotation)
    with pytest.raises(RuntimeError, match=f"more than {MAX_RUN} segments"):
        board.move_trains(round_no=1)


def _roundabout_data() -> dict:
    data = json.loads(json.dumps(Game(players=1, seed=0).position()))
    data["players"] = [player(top=(3,), red=active(1, 0, 0, travel=5))]
    return data


def test_R38_a_train_that_did_not_come_from_its_depot_is_refused():
    with pytest.raises(RecordError, match=r"players\[0\]\.trains\.red: the track from its depot"):
        Game.from_position(_roundabout_data())


def test_R38_a_record_whose_position_would_loop_is_refused():
    record = {
        "game": "twistytracks",
        "version": 1,
        "options": {"players": 1, "scoring": "full"},
        "seed": 0,
        "position": {"game": "twistytracks", **_roundabout_data()},
        "actions": [PlaceTile(0, 3, (1, 0), 0).to_dict()],
    }
    with pytest.raises(RecordError, match="the track from its depot"):
        Game.from_json(json.dumps(record))


def test_R38_every_position_of_played_games_loads():
    from railwidgets.core import RandomBot

    for seed in range(6):
        game = Game(players=3, seed=seed)
        bot = RandomBot(seed)
        while not game.is_over:
            assert Game.from_position(game.position()).position() == game.position()
            game.apply(bot.choose(game))
