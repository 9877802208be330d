"""railwidgets: play and learn three track-building board games inside Jupyter.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=7)
>>> game.num_players
3
"""

__version__ = "0.1.0"
