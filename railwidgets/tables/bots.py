"""Bots at a table: any joined kernel may play a bot seat's move, and every kernel
would play the same one.

A bot's move depends only on the table's ``bot_seed``, the seat and the move number
(:func:`bot_seed_for`) and on what the seat's view shows (the bot is handed a game
rebuilt from that view, by ``railwidgets.core.bots.handed``): two kernels that race to
play it append the same action, and the append rule (the move number it follows) makes
exactly one count. The search bot runs a fixed number of iterations here, never a time
limit, so that a slow machine plays the same move as a fast one.

>>> from railwidgets import twistytracks
>>> game = twistytracks.Game(players=2, seed=3)
>>> a = make_bot("twistytracks", "greedy", bot_seed_for(7, 0, 0))
>>> b = make_bot("twistytracks", "greedy", bot_seed_for(7, 0, 0))
>>> from railwidgets.core.bots import handed
>>> a.choose(handed(game, 0)) == b.choose(handed(game, 0))
True
"""

from __future__ import annotations

import hashlib
import importlib

from railwidgets.core.bots import Bot, RandomBot
from railwidgets.core.search import SEARCH_SEATS, SearchBot

__all__ = ["BOT_KINDS", "HUMAN", "bot_seed_for", "make_bot", "seat_kinds"]

#: The seat kind of a person.
HUMAN = "human"
#: The bots a table knows, by the names the widgets' seat menus use (the search bot at
#: each level, :data:`~railwidgets.core.search.LEVELS`: a number of iterations, no time
#: limit, so the same move on any machine).
BOT_KINDS = ("random", "greedy", *SEARCH_SEATS)


def seat_kinds() -> tuple[str, ...]:
    """Every seat kind a table accepts.

    >>> seat_kinds()
    ('human', 'random', 'greedy', 'search-easy', 'search', 'search-hard')
    """
    return (HUMAN, *BOT_KINDS)


def bot_seed_for(bot_seed: int, seat: int, number: int) -> int:
    """The seed of the bot playing ``seat``'s move after ``number`` moves: from the
    table's bot seed (never the game's seed, which orders the hidden draws).

    >>> bot_seed_for(1, 0, 5) == bot_seed_for(1, 0, 5) != bot_seed_for(1, 0, 6)
    True
    """
    text = f"{bot_seed}:{seat}:{number}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def make_bot(game: str, kind: str, seed: int) -> Bot:
    """The bot of ``kind`` for the game called ``game``, seeded with ``seed``.

    >>> make_bot("minirails", "juggler", 1)
    Traceback (most recent call last):
    ...
    ValueError: a table's seat is 'human' or a bot ('random', 'greedy', 'search-easy', 'search', 'search-hard'), not 'juggler'
    >>> make_bot("minirails", "search-easy", 1)
    SearchBot(iterations=40, choices=3)
    """
    if kind == "random":
        return RandomBot(seed)
    if kind in SEARCH_SEATS:
        return SearchBot.at(SEARCH_SEATS[kind], seed)
    if kind == "greedy":
        module = importlib.import_module(f"railwidgets.{game}.bots")
        return module.GreedyBot(seed)  # type: ignore[no-any-return]
    kinds = ", ".join(map(repr, BOT_KINDS))
    raise ValueError(f"a table's seat is 'human' or a bot ({kinds}), not {kind!r}")
