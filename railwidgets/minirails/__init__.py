"""Mini Rails: six railway companies grow over a hex map (rules/mini-rails.md).

>>> from railwidgets import minirails
>>> game = minirails.Game(players=4, seed=1)
>>> len(game.legal_actions()) > 0
True
"""

from railwidgets.minirails.bots import GreedyBot
from railwidgets.minirails.rules import Build, Buy, Game, SeatScore, Share, action_from_dict

__all__ = ["Build", "Buy", "Game", "GreedyBot", "SeatScore", "Share", "action_from_dict"]
