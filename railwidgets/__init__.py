"""railwidgets: play and learn three track-building board games inside Jupyter.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=7)
>>> game.num_players
3
"""

__version__ = "0.1.0"

# The widgets import ipywidgets and ipycanvas: load them only when asked for, so
# that importing an engine (``from railwidgets import minirails``) never does.
_LAZY_WIDGETS = {
    "MiniRailsWidget": "railwidgets.minirails.widget",
    "TwistyTracksWidget": "railwidgets.twistytracks.widget",
    "OffTheRailsWidget": "railwidgets.offtherails.widget",
}


def __getattr__(name: str) -> object:
    if name in _LAZY_WIDGETS:
        import importlib

        return getattr(importlib.import_module(_LAZY_WIDGETS[name]), name)
    raise AttributeError(f"module 'railwidgets' has no attribute {name!r}")
