"""Chance belongs to the game: nothing public can draw from its random generator.

Anything holding a game (a bot, a user's cell, a widget) can read it and call
its public methods; none of that may change what the game will draw next, or a
saved game would replay to a different game. Only actions change a game.
"""

from __future__ import annotations

import contextlib
import inspect
import random

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core.bots import RandomBot

GAMES = [minirails.Game, offtherails.Game, twistytracks.Game]
#: The public ways to change a game: by actions, which the record keeps.
ACTIONS = {"apply", "undo", "redo"}


def _touch_everything_public(game) -> int:
    """Read every public attribute and call every public method that takes what we can give."""
    touched = 0
    for name in dir(game):
        if name.startswith("_") or name in ACTIONS:
            continue
        value = getattr(game, name)
        assert not isinstance(value, random.Random), f"game.{name} is the random generator"
        touched += 1
        if not callable(value) or inspect.isclass(value):
            continue
        for args in ((), *((seat,) for seat in range(game.num_players))):
            with contextlib.suppress(TypeError, ValueError, NotImplementedError):
                value(*args)
                touched += 1
        if name == "is_legal" and game.legal_actions():
            assert value(game.legal_actions()[0])
    return touched


def _play_to_the_end(game, seed: int) -> str:
    bot = RandomBot(seed)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game.to_json()


@pytest.mark.parametrize("game_cls", GAMES, ids=lambda cls: cls.NAME)
def test_nothing_public_advances_the_chance_state(game_cls):
    for seed in range(3):
        game, twin = game_cls(seed=seed), game_cls(seed=seed)
        bot = RandomBot(seed)
        for _ in range(3):  # a few moves in, where chance has been drawn
            action = bot.choose(game)
            game.apply(action)
            twin.apply(action)
        assert _touch_everything_public(game) > 10
        assert _play_to_the_end(game, seed + 1) == _play_to_the_end(twin, seed + 1)
        assert game.log == twin.log


@pytest.mark.parametrize("game_cls", GAMES, ids=lambda cls: cls.NAME)
def test_the_generator_is_not_reachable_through_public_names(game_cls):
    game = game_cls(seed=1)
    assert not hasattr(game, "rng")
    for name in dir(game):
        if not name.startswith("_"):
            assert not isinstance(getattr(game, name), random.Random), name
