"""Saving and loading: a game's record as a file to download, and a file to load back.

A saved file is the game's whole record (options, seed, every action): everything a
table's secrets are made of, the order of what is still face down included. So the
widget says so beside the link, the file name carries no seed, the link is dropped as
soon as anything changes (it never outlives the person who asked for it, nor the
cover), and Save waits while one person's secret is pending before another
(:meth:`GameWidget.save_waits <railwidgets.ui.panel.GameWidget.save_waits>`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from railwidgets.core.errors import RecordError
from railwidgets.core.game import Game
from railwidgets.ui.controls import save_link, uploaded_text
from railwidgets.ui.theme import MUTED

__all__ = ["SAVED_FILE_HOLDS", "SaveLoad", "file_name"]

SAVE_TOOLTIP = "Save this game as a file"
#: What the widget says beside every download link.
SAVED_FILE_HOLDS = (
    "A saved file holds the whole game, with what is still hidden (the order of what is "
    "face down, secret choices): open it only when the game is over, or Load it to play on."
)


def file_name(game: Game) -> str:
    """The saved file's name: the game and the move, never the seed (it orders the
    hidden draws).

    >>> from railwidgets import minirails
    >>> file_name(minirails.Game(players=3, seed=7))
    'minirails-move0.json'
    """
    return f"{type(game).NAME}-move{len(game.history)}.json"


class SaveLoad:
    """The Save button, the Load button and the row that holds the download link.

    ``loaded(game)`` is called with a game read from an uploaded file; a file that
    is not a saved game of this kind is refused through ``refuse`` and changes nothing.
    """

    def __init__(
        self,
        game_cls: type[Game],
        loaded: Callable[[Game], None],
        refuse: Callable[[str], None],
    ) -> None:
        self.game_cls = game_cls
        self.loaded = loaded
        self.refuse = refuse
        self.button = widgets.Button(
            description="Save",
            icon="download",
            tooltip=SAVE_TOOLTIP,
            layout=widgets.Layout(width="auto"),
        )
        self.load_input = widgets.FileUpload(
            accept=".json",
            multiple=False,
            description="Load",
            tooltip="Load a saved game",
            layout=widgets.Layout(width="auto"),
        )
        self.load_input.observe(self._uploaded, "value")
        self.row = widgets.HTML()

    def offer(self, game: Game) -> str:
        """Show the link that downloads ``game``'s record; what to say about it."""
        name = file_name(game)
        note = f"<div style='font-size:12px;color:{MUTED}'>{SAVED_FILE_HOLDS}</div>"
        self.row.value = save_link(game.to_json(indent=1), name) + note
        return f"Saved: click the link to download {name}. Load it back with Load."

    def clear(self) -> None:
        """Drop the link (the game moved on, or the device is passed)."""
        if self.row.value:
            self.row.value = ""

    def wait(self, why: str) -> None:
        """Disable Save while ``why`` is not empty, and say why in its tooltip."""
        self.button.disabled = bool(why)
        self.button.tooltip = why or SAVE_TOOLTIP

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        if not change["new"]:
            return
        try:
            game = self.game_cls.from_json(uploaded_text(change["new"]))
        except (RecordError, ValueError) as err:
            self.refuse(f"That file was not loaded: {err}. The game on screen is unchanged.")
        else:
            self.loaded(game)
        finally:
            self.load_input.unobserve(self._uploaded, "value")
            self.load_input.value = ()
            self.load_input.observe(self._uploaded, "value")
