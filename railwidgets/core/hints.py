"""What a move brings at once, as far as a seat may know: the reasons a hint gives.

A hint is worked out from the seat's view alone, so its reasons are too:
:func:`certain_gains` plays the move on several games the seat cannot tell from the
real one (``railwidgets.core.bots.sampler``) and keeps only what it brings in
every one of them: points scored at once, and what the game's own ``gains(game,
action, seat)`` says (``railwidgets.<game>.bots``: jewels loaded, points a train will
score this round; a game whose words already say the points sets ``GAINS_SAY_POINTS``). What depends on a hidden part (the next tile drawn, a face-down
pile) differs between the samples and is never said, so a hint cannot give a secret
away, not even by a guess that happens to be right.

>>> from railwidgets import twistytracks
>>> from railwidgets.i18n import tr
>>> game = twistytracks.Game(players=2, seed=5)
>>> view = game.view(0)
>>> said = {tuple(map(tr, certain_gains(view, a))) for a in game.legal_actions()}
>>> sorted(said)[-1]
('your trains score 2 points this round',)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from railwidgets.core.action import Action
from railwidgets.core.bots import View, sampler, view_seed
from railwidgets.core.game import Game
from railwidgets.core.search import _game_module
from railwidgets.i18n import NT_, Text, tr

__all__ = ["SAMPLES", "certain_gains"]

#: Games drawn from the view to tell what is certain from what is luck.
SAMPLES = 6

#: A game's ``gains(game, action, seat)``: what a move brings at once, in words.
Gains = Callable[[Game, Action, int], list[Text]]


def certain_gains(view: View, action: Action, samples: int = SAMPLES) -> list[Text]:
    """What ``action`` (one of the view's seat's legal actions) brings that seat at once,
    in words, keeping only what is the same in ``samples`` games drawn from ``view``.

    The games are drawn with a generator seeded by the view (``view_seed``): the
    same view gives the same words.
    """
    games = sampler(view)
    rng = random.Random(view_seed(view))
    said: list[Text] | None = None
    for _ in range(samples):
        game = games.draw(rng)
        seat = game.current_player
        if seat is None:
            raise ValueError("the game is over: no move brings anything")
        now = _gains(game, action, seat)
        if said is None:
            said = now
        else:  # keep what every sample says alike, in the first one's order
            kept = {tr(text, "en") for text in now}
            said = [text for text in said if tr(text, "en") in kept]
        if not said:
            break
    return said or []


def _gains(game: Game, action: Action, seat: int) -> list[Text]:
    """The game's own words for what ``action`` brings ``seat``, then the points it scores at once."""
    after = game.copy()
    after._apply(action)
    module = _game_module(type(game))
    hook: Gains | None = getattr(module, "gains", None)
    said = hook(game, action, seat) if hook is not None else []
    points = after.scores()[seat] - game.scores()[seat]
    if points > 0 and not getattr(module, "GAINS_SAY_POINTS", False):
        said.append(NT_("{n} point at once", "{n} points at once", points))
    return said
