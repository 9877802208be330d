"""A sampled game's face-down tiles, dealt only when they come to the top (issue 16).

A game drawn from a view draws each hidden stack's top tile at once and leaves the
tiles under it as ``0`` (``Board.stack``) until the first of them comes to the top;
that must be the same game as one whose stacks were shuffled in full at the start (R22).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

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


def _sampled(players: int, seed: int) -> tuple[twistytracks.Game, twistytracks.Game]:
    """Two games drawn alike from a view in mid-game: the same game, twice."""
    game = twistytracks.Game(players=players, seed=seed)
    bot = RandomBot(seed=seed)
    for _ in range(2 * players + 1):
        game.apply(bot.choose(game.view(game.current_player)))
    games = twistytracks.Game.sampler(game.view(game.current_player))
    return games(seed=seed), games(seed=seed)


@pytest.mark.parametrize("players", [1, 3, 4])
def test_a_sampled_game_plays_the_same_whether_or_when_its_stacks_are_looked_at(players) -> None:
    for seed in range(3):
        looked, left = _sampled(players, seed)
        assert 0 in looked._state.boards[0].stack
        start = looked.position()  # deals every stack, and changes nothing
        assert all(0 not in entry["stack"] for entry in start["players"])
        rng = random.Random(seed)
        while not looked.is_over:
            actions = looked.legal_actions()
            assert left.legal_actions() == actions
            action = rng.choice(actions)
            looked.apply(action)
            left.apply(action)
            if rng.random() < 0.2:
                looked.position()
        assert left.is_over and left.log == looked.log
        assert left.position() == looked.position()
        assert left.to_json() == looked.to_json()
        assert looked.position() == looked.position()  # looking twice: the same
        # the record starts from the stacks as dealt, and replays to the same game
        replayed = twistytracks.Game.from_json(left.to_json())
        assert replayed.position() == left.position() and replayed.log == left.log


def test_undo_takes_back_a_round_and_redo_draws_the_same_tiles() -> None:
    game, _ = _sampled(3, 1)
    rng = random.Random(1)
    for _ in range(7):  # a few rounds: tiles come to the top and are drawn
        game.apply(rng.choice(game.legal_actions()))
    copy = game.copy()
    end, log = game.position(), game.log
    while game.can_undo:
        game.undo()
    while game.can_redo:
        game.redo()
    assert game.position() == end and game.log == log
    assert copy.position() == end
