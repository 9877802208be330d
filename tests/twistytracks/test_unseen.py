"""A sampled game's face-down tiles, dealt only when they come to the top (issue 16).

A game drawn from a view draws each hidden stack's top tile at once and leaves the
tiles under it as ``0`` (``Board.stack``) until the first of them comes to the top;
that must be the same game as one whose stacks were shuffled in full at the start (R22).
"""

from __future__ import annotations

import itertools
from collections import Counter

from railwidgets import twistytracks
from railwidgets.core import RandomBot
from railwidgets.twistytracks.board import Board
from railwidgets.twistytracks.components import CELLS


def _board_with_three_tiles_left() -> Board:
    """Tiles 1–12 placed, three face down and not drawn yet."""
    board = Board.new((0, 0, 0))
    for tile in range(1, 13):
        board.place(tile, CELLS[tile], 0)
    return board


def test_tiles_not_drawn_yet_are_each_drawn_once_and_in_every_order() -> None:
    orders = Counter()
    for key in range(3000):
        board = _board_with_three_tiles_left()
        dealt = board.dealt_stack(key, seat=2)
        assert sorted(dealt) == [13, 14, 15]
        for i, cell in enumerate((0, 13, 14)):  # turned over as they come to the top, placed
            board.turn_over(key, seat=2)
            assert board.stack[0] == dealt[i]
            board.place(board.stack[0], CELLS[cell], 0)
            board.stack = board.stack[1:]
        orders[dealt] += 1
    assert set(orders) == set(itertools.permutations((13, 14, 15)))
    assert all(400 < n < 600 for n in orders.values())  # 500 each


def test_a_sampled_game_deals_the_tiles_under_a_stack_s_top_only_when_they_are_needed() -> None:
    # that it is one game however it is looked at: tests/core/test_views.py
    game = twistytracks.Game(players=3, seed=1)
    bot = RandomBot(seed=1)
    for _ in range(7):
        game.apply(bot.choose(game.view(game.current_player)))
    drawn = twistytracks.Game.sampler(game.view(game.current_player))(seed=1)
    assert 0 in drawn._state.boards[0].stack
    start = drawn.position()  # deals every stack, and changes nothing
    assert all(0 not in entry["stack"] for entry in start["players"])
    assert drawn.position() == start
