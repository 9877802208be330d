"""Off the Rails: goblin minecarts, jewels and a collapsing mine (rules/off-the-rails.md).

>>> from railwidgets import offtherails
>>> game = offtherails.Game(players=3, seed=1)
>>> game.num_players, game.TITLE
(3, 'Off the Rails')
"""

from railwidgets.offtherails.actions import (
    ChangeSpeed,
    ChooseCart,
    ChooseExit,
    ChooseSide,
    ClaimMission,
    EndActions,
    EndNow,
    NoClaim,
    PickPile,
    PlaceCart,
    PlaceChasm,
    PlaceTile,
    SetNose,
    SplitLoad,
    TakeItem,
    Upgrade,
    action_from_dict,
)
from railwidgets.offtherails.rules import Game

__all__ = [
    "ChangeSpeed",
    "ChooseCart",
    "ChooseExit",
    "ChooseSide",
    "ClaimMission",
    "EndActions",
    "EndNow",
    "Game",
    "NoClaim",
    "PickPile",
    "PlaceCart",
    "PlaceChasm",
    "PlaceTile",
    "SetNose",
    "SplitLoad",
    "TakeItem",
    "Upgrade",
    "action_from_dict",
]
