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
from tests.twistytracks.helpers import active, game_from, player

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
