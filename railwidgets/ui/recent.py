"""What a person at the device is told of the moves since their turn (a mixin of
:class:`~railwidgets.ui.panel.GameWidget`).

The side list beside the board ("Since your turn", or "So far" for someone who has not
decided yet) numbers the moves as the board marks them and says what each led to. It is
built from the device's record of who decided what (:class:`~railwidgets.ui.device.Device`)
and leaves out every move that is a secret from the viewer (``is_secret``), so it shows
nothing the viewer's own seat may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from railwidgets.core.action import Action
from railwidgets.i18n import _

if TYPE_CHECKING:
    from railwidgets.core.game import Game
    from railwidgets.ui.device import Device

__all__ = ["RECENT_SHOWN", "SinceYourTurn"]

#: How many of the moves since a person's turn the side list shows.
RECENT_SHOWN = 12


class SinceYourTurn:
    """The moves since the viewer's turn, less secrets, as a list and as HTML."""

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        device: Device

        @property
        def viewer(self) -> int | None: ...
        def describe_move(self, seat: int, action: Action) -> str: ...
        def consequences(self, seat: int, action: Action, lines: Sequence[str]) -> list[str]: ...
        def is_secret(self, seat: int, action: Action, viewer: int | None) -> bool: ...

    def recent_indices(self) -> list[int]:
        """Where in the history the moves since the viewer last decided are (the last
        ``RECENT_SHOWN`` if nobody is at the device, or they never decided), less secrets."""
        history = self.game.history
        device = self.device
        device.check(self.game)
        return [
            i
            for i in range(device.since(self.game, RECENT_SHOWN), len(history))
            if not self.is_secret(device.deciders[i], history[i], self.viewer)
        ]

    def recent(self) -> list[tuple[int, Action]]:
        """The moves since the viewer last decided, with who decided each (see
        :meth:`recent_indices`)."""
        history, deciders = self.game.history, self.device.deciders
        return [(deciders[i], history[i]) for i in self.recent_indices()]

    def _recent_html(self) -> str:
        """The moves since the viewer's turn, numbered as the board marks them, each with
        what it led to; first what the viewer's own last move led to, if anything."""
        indices = self.recent_indices()
        history, device = self.game.history, self.device
        who = self.viewer
        mine = device.marks.get(who, 0) if who is not None else 0
        lead = ""
        if mine and mine - 1 not in indices:
            events = self._events_html(mine - 1)
            if events:
                move = self.describe_move(device.deciders[mine - 1], history[mine - 1])
                said = escape(_("Your last move: {move}").format(move=move))  # not numbered
                lead = f"<div style='margin:2px 0 0 4px;color:#555'>{said}{events}</div>"
        if not indices and not lead:
            return ""
        title = _("Since your turn") if who is not None and who in device.marks else _("So far")
        shown = indices[-RECENT_SHOWN:]
        first = len(indices) - len(shown) + 1
        items = "".join(
            f"<li>{escape(self.describe_move(device.deciders[i], history[i]))}"
            f"{self._events_html(i)}</li>"
            for i in shown
        )
        # a region of its own, reachable with Tab: a long list scrolls beside the board, and
        # a scrolled box must be reachable from the keyboard (axe: scrollable-region-focusable)
        return (
            f"<div tabindex='0' role='region' aria-label='{escape(title)}' "
            f"style='font-size:13px;line-height:1.35'><b>{title}</b>{lead}"
            f"<ol start='{first}' style='margin:2px 0;padding-left:22px'>{items}</ol></div>"
        )

    def _events_html(self, index: int) -> str:
        """What action ``index`` of the history led to, as a small list ("" if nothing)."""
        lines = self.device.lines(self.game, index)
        seat, action = self.device.deciders[index], self.game.history[index]
        events = self.consequences(seat, action, lines) if lines else []
        if not events:
            return ""
        items = "".join(f"<li>{escape(line)}</li>" for line in events)
        return (
            "<ul style='margin:0 0 2px 0;padding-left:16px;font-size:12px;color:#555;"
            f"list-style:circle'>{items}</ul>"
        )
