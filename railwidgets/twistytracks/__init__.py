"""Twisty Tracks: a puzzly tile-laying train game for 1–8 players, as a rules engine.

>>> from railwidgets import twistytracks
>>> game = twistytracks.Game(players=3, seed=7)
>>> game.num_players, game.options["scoring"]
(3, 'full')
"""

from railwidgets.twistytracks.rules import SCORING_MODES, Game, PlaceTile, action_from_dict

__all__ = ["SCORING_MODES", "Game", "PlaceTile", "action_from_dict"]
