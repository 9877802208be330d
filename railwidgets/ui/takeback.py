"""Undo and Redo: taking back a person's decision, and playing it again.

Undo takes back the last person's decision and the bots' moves after it. In hot-seat
with secrets (two or more people at one device) it takes back only the current
person's own decisions since anyone else last decided. With only bots at the table it
takes back one move, and the bots stop. A move at a table (several browsers) is final.
Redo plays again what was undone, up to the next person's decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railwidgets.i18n import _, ngettext

if TYPE_CHECKING:
    from railwidgets.core.action import Action
    from railwidgets.core.game import Game
    from railwidgets.ui.device import Device

__all__ = ["TakeBack"]


class TakeBack:
    """Undo and Redo of a :class:`~railwidgets.ui.panel.GameWidget` (a mixin)."""

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        device: Device
        humans: list[int]
        table: Any
        bots_stopped: bool
        SECRETS: bool

        def say(self, text: str, *, error: bool = False) -> None: ...
        def describe_move(self, seat: int, action: Action) -> str: ...
        def _cancel_bots(self) -> None: ...
        def _settle(self, notice: str = "", *, static: bool = False) -> None: ...

    def _strict(self) -> bool:
        """Hot-seat with secrets: Undo takes back only the current person's own decisions."""
        return self.SECRETS and len(self.humans) >= 2

    def _can_take_back(self) -> bool:
        if self.table is not None:
            return False  # a move at a table is final
        return self.device.can_take_back(self.game, self.humans, self._strict())

    def _can_redo(self) -> bool:
        if self.table is not None:
            return False
        return self.game.can_redo and not (self._strict() and self.device.paused)

    def undo(self) -> None:
        """Take back the last person's decision (and the bots' moves after it).

        Hot-seat with secrets: only your own last decision. With only bots at the
        table: one move, and the bots stop.
        """
        if not self._can_take_back():
            why = (
                _("Undo takes back only your own decisions since anyone else last decided.")
                if self._strict() and self.game.can_undo
                else _("There is nothing to undo.")
            )
            self.say(why, error=True)
            return
        self._cancel_bots()
        seat, taken = self.device.take_back(self.game, self.humans, self._strict())
        if not self.humans:
            self.bots_stopped = True
        bot_moves = len(taken) - 1
        move = self.describe_move(seat, taken[-1])
        if bot_moves:
            self._settle(
                ngettext(
                    "Took back “{move}” and {n} bot move after it.",
                    "Took back “{move}” and {n} bot moves after it.",
                    bot_moves,
                ).format(move=move, n=bot_moves)
            )
        else:
            self._settle(_("Took back “{move}”.").format(move=move))

    def redo(self) -> None:
        """Play again what was undone (up to the next person's decision)."""
        if not self._can_redo():
            self.say(_("There is nothing to redo."), error=True)
            return
        self._cancel_bots()
        seat = self.game.current_player
        redone = self.device.play_again(self.game, self.humans, self._strict())
        move = self.describe_move(-1 if seat is None else seat, redone)
        self._settle(_("Played again “{move}”.").format(move=move))
