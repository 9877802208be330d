"""What every game shares: errors, actions, the Game base, grids and bots."""

from railwidgets.core.action import Action, decode_action
from railwidgets.core.bots import Bot, RandomBot, play_out
from railwidgets.core.errors import IllegalActionError, OptionError, RailwidgetsError, RecordError
from railwidgets.core.game import RECORD_VERSION, Game, Option, ViewSampler

__all__ = [
    "RECORD_VERSION",
    "Action",
    "Bot",
    "Game",
    "IllegalActionError",
    "Option",
    "OptionError",
    "RailwidgetsError",
    "RandomBot",
    "RecordError",
    "ViewSampler",
    "decode_action",
    "play_out",
]
