"""Bots: anything that picks an action for the seat to play, from that seat's view alone.

Calling convention: a bot is handed its seat's view, never the game. Either the
view itself, or (what the widget kit, the arena and :func:`play_out` do, so that
bots written against the Game API work too) a game rebuilt from that view alone::

    seat = game.current_player
    action = bot.choose(handed(game, seat))   # Game.from_view(game.view(seat), seed)
    action = bot.choose(game.view(seat))      # the same decision, from the bare view
    game.apply(action)                        # legal in the real game

Every bot here takes either form (:func:`seat_view` and :func:`seat_game` turn what
it was handed into the form it needs).

A bot that thinks long (the search bot) also takes ``cancel=`` (a ``threading.Event``
it checks often); widgets run bots with :func:`choose_in_thread` so the page stays
responsive, and set the event when Stop is pressed.

A view (:meth:`Game.view`) is plain data holding its game's name, so a bot
rebuilds a game it can try moves on with :func:`sample` (``Game.from_view``):
one of the games the seat cannot tell from the real one, its hidden parts
(deck order, the bag, others' secret choices) drawn at random. The legal actions
of the seat to play are the same in every such game. Bots draw from their own
seeded generator only, so a bot with the same seed, handed the same views, plays
the same moves.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=1)
>>> bot = RandomBot(seed=2)
>>> game.apply(bot.choose(game.view(game.current_player)))
>>> play_out(game, bot)
>>> game.is_over
True
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import random
import threading
from collections.abc import Mapping
from typing import Any, Protocol

from railwidgets.core.action import Action
from railwidgets.core.game import Game, ViewSampler, game_class

__all__ = [
    "Bot",
    "RandomBot",
    "View",
    "choose",
    "choose_in_thread",
    "handed",
    "play_out",
    "sample",
    "sampler",
    "seat_game",
    "seat_view",
    "view_seed",
]

#: One seat's view of a game, as :meth:`Game.view` gives it.
View = Mapping[str, Any]


class Bot(Protocol):
    """Chooses one of the legal actions of the seat to play, from that seat's view."""

    name: str

    def choose(self, view: View | Game) -> Action: ...


def sample(view: View, seed: int | None = None) -> Game:
    """A game consistent with ``view``, what the view hides drawn at random (``Game.from_view``).

    >>> from railwidgets import twistytracks
    >>> game = twistytracks.Game(players=2, seed=4)
    >>> guess = sample(game.view(0), seed=1)
    >>> guess.view(0) == game.view(0), guess.legal_actions() == game.legal_actions()
    (True, True)
    """
    name = view.get("game") if isinstance(view, Mapping) else None
    return game_class(name).from_view(view, seed)


def sampler(view: View) -> ViewSampler[Game]:
    """Every game consistent with ``view``, drawn fast (:meth:`Game.sampler`): search bots
    draw one per iteration.

    >>> from railwidgets import offtherails
    >>> game = offtherails.Game(players=2, seed=4)
    >>> games = sampler(game.view(0))
    >>> games.draw(random.Random(1)).view(0) == game.view(0)
    True
    """
    name = view.get("game") if isinstance(view, Mapping) else None
    return game_class(name).sampler(view)


def handed(game: Game, seat: int | None = None) -> Game:
    """What the bot of ``seat`` (the seat to play) is handed: a game rebuilt from its view.

    The hidden rest is drawn afresh (``Game.from_view``), seeded by the view itself
    (:func:`view_seed`): a replay hands the bots the same games, and two games that
    differ only in what the seat cannot see (their seeds, so their hidden futures) hand
    it the same game, so nothing hidden can steer a bot, not even through its luck.

    >>> from railwidgets import twistytracks
    >>> game = twistytracks.Game(players=2, seed=4)
    >>> handed(game).view(0) == game.view(0), handed(game).position() == game.position()
    (True, False)
    """
    seat = game.current_player if seat is None else seat
    if seat is None:
        raise ValueError("the game is over: no bot is to play")
    view = game.view(seat)
    return sample(view, view_seed(view))


def view_seed(view: View) -> int:
    """A seed made from a view alone (what its seat may know, and nothing else).

    >>> from railwidgets import minirails
    >>> a, b = minirails.Game(players=3, seed=1), minirails.Game(players=3, seed=2)
    >>> a.view(0) == b.view(0), view_seed(a.view(0)) == view_seed(b.view(0))
    (False, False)
    >>> view_seed(a.view(0)) == view_seed(minirails.Game(players=3, seed=1).view(0))
    True
    """
    try:
        text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=repr)
    except TypeError:  # keys of mixed types cannot be sorted: their order is the view's own
        text = repr(view)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def seat_game(view_or_game: View | Game) -> Game:
    """What a bot was handed, as a game to read and try moves on.

    A game is taken as it is (it was rebuilt from the seat's view, see :func:`handed`);
    a view is rebuilt with ``Game.from_view``. The seat to play's legal actions are
    the same either way.
    """
    return view_or_game if isinstance(view_or_game, Game) else sample(view_or_game, seed=0)


def seat_view(view_or_game: View | Game) -> View:
    """What a bot was handed, as a view: a view as it is, a game as its seat to play's view.

    (The widget kit hands a game built by ``Game.from_view``; its view is the real one.)
    """
    if isinstance(view_or_game, Game):
        seat = view_or_game.current_player
        if seat is None:
            raise ValueError("the game is over: there is nothing to choose")
        return view_or_game.view(seat)
    return view_or_game


class RandomBot:
    """Plays a legal action chosen uniformly at random (from its own seeded generator).

    With ``by_kind``, it picks a kind of action first (every kind equally likely),
    then an action of that kind: where one kind has hundreds of actions (a tile on
    any square) and another a few (move a cart), the few still get played.
    """

    name = "Random bot"

    def __init__(self, seed: int | None = None, by_kind: bool = False):
        self._rng = random.Random(seed)
        self.by_kind = by_kind

    def choose(self, view: View | Game) -> Action:
        legal = seat_game(view).legal_actions()
        if not self.by_kind:
            return self._rng.choice(legal)
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        return self._rng.choice(kinds[self._rng.choice(sorted(kinds))])


def choose(bot: Bot, view: View, cancel: threading.Event | None = None) -> Action:
    """``bot.choose(view)``, handing ``cancel`` on to bots that stop when it is set."""
    if cancel is not None and "cancel" in inspect.signature(bot.choose).parameters:
        return bot.choose(view, cancel=cancel)  # type: ignore[call-arg]
    return bot.choose(view)


async def choose_in_thread(bot: Bot, view: View, cancel: threading.Event | None = None) -> Action:
    """Let ``bot`` choose in a worker thread, so the event loop (a widget's page) stays free.

    A widget awaits this in its bot task; its Stop button sets ``cancel`` (a search
    bot then answers within one iteration) and cancels the task. The bot only ever
    holds the view, so nothing it does in the thread can touch the game.

    >>> import asyncio
    >>> from railwidgets import twistytracks
    >>> game = twistytracks.Game(players=2, seed=1)
    >>> action = asyncio.run(choose_in_thread(RandomBot(seed=1), game.view(0)))
    >>> action in game.legal_actions()
    True
    """
    return await asyncio.to_thread(choose, bot, view, cancel)


def play_out(game: Game, *bots: Bot, limit: int = 100_000) -> None:
    """Play ``game`` to its end, seat ``i`` by ``bots[i % len(bots)]``, each handed its view."""
    for _ in range(limit):
        seat = game.current_player
        if seat is None:
            return
        game.apply(bots[seat % len(bots)].choose(handed(game, seat)))
    raise RuntimeError(f"the game did not end within {limit} decisions")
