"""Bots: anything that picks an action for the seat to play.

Bots see the game only through the public API (``legal_actions`` and
``view``) and draw from their own generator. A bot that tries moves on copies
makes them with ``game.copy(reseed=...)``, so that the chance the copies draw
(the next market, the next card) is not the real game's.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=1)
>>> play_out(game, RandomBot(seed=2))
>>> game.is_over
True
"""

from __future__ import annotations

import random
from typing import Protocol

from railwidgets.core.action import Action
from railwidgets.core.game import Game

__all__ = ["Bot", "RandomBot", "play_out"]


class Bot(Protocol):
    """Chooses one of the legal actions for ``game.current_player``."""

    name: str

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Plays a legal action chosen uniformly at random (from its own seeded generator)."""

    name = "Random bot"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self._rng.choice(game.legal_actions())


def play_out(game: Game, *bots: Bot, limit: int = 100_000) -> None:
    """Play ``game`` to its end, seat ``i`` by ``bots[i % len(bots)]``."""
    for _ in range(limit):
        seat = game.current_player
        if seat is None:
            return
        game.apply(bots[seat % len(bots)].choose(game))
    raise RuntimeError(f"the game did not end within {limit} decisions")
