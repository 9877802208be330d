"""What the fuzz tests share: the games, seeded games part-way played, playing to the end."""

from __future__ import annotations

import functools
import random
from typing import Any

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core.bots import RandomBot
from railwidgets.core.game import Game

GAMES: tuple[type[Game], ...] = (minirails.Game, offtherails.Game, twistytracks.Game)
#: No game of any title takes near this many decisions (random games take under 100).
STEP_BOUND = 20_000


def game_ids(cls: type[Game]) -> str:
    return cls.NAME


def random_options(cls: type[Game], rng: random.Random) -> dict[str, Any]:
    """Options of a game: a random player count and a random allowed value of each option."""
    players = rng.choice(list(cls.PLAYERS))
    options = {opt.name: rng.choice(opt.allowed(players)) for opt in cls.OPTIONS}
    return {"players": players, **options}


def game_part_played(cls: type[Game], seed: int) -> Game:
    """A game with random options, played by a random bot to a random point (maybe the end)."""
    return _part_played(cls, seed).copy()


@functools.cache
def _part_played(cls: type[Game], seed: int) -> Game:
    rng = random.Random(seed)
    game = cls(seed=seed, **random_options(cls, rng))
    bot = RandomBot(seed)
    for _ in range(rng.randrange(120)):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    return game


def plays_to_the_end(game: Game, seed: int) -> int:
    """Play ``game`` out with a random bot; fail if it takes more than :data:`STEP_BOUND`."""
    bot = RandomBot(seed)
    for step in range(STEP_BOUND):
        if game.is_over:
            return step
        actions = game.legal_actions()
        assert actions, f"{game!r} is not over but has no legal action"
        game.apply(bot.choose(game))
    raise AssertionError(f"{game!r} did not end within {STEP_BOUND} decisions")


def strictly_equal(a: Any, b: Any) -> bool:
    """Equal as JSON, types included: ``1``, ``1.0`` and ``True`` all differ.

    >>> strictly_equal({"a": [1, 2]}, {"a": [1, 2]}), strictly_equal([1], [1.0])
    (True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(strictly_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(strictly_equal(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def gives_back_what_it_took(given: Any, given_back: Any) -> bool:
    """Data a loader accepted comes back with the same types wherever it compares equal.

    Loaders may put things in order; but data that is ``==`` to what was given
    must be the same, so a loader that took ``1.0`` or ``true`` for ``1`` is caught.
    """
    return given != given_back or strictly_equal(given, given_back)
