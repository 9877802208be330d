"""A person's picks: clicks on the board, the game's buttons, keys, Back and Confirm.

A decision is picked in parts (:class:`~railwidgets.ui.choice.Choice`): each click or
button picks one part, and the board lights what may be picked next. When every part
is picked the move is played at once, or, for the kinds that wait (``CONFIRM``), on
Confirm or Enter. Back or Esc forgets the last part. A pick that cannot be made now (not
this person's turn, the game over, a cover up, a spot off every target) is refused with
what to do instead, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from railwidgets.i18n import _, tr
from railwidgets.ui.choice import Choice, ChoiceError
from railwidgets.ui.seating import HUMAN

if TYPE_CHECKING:
    from railwidgets.core.action import Action
    from railwidgets.core.game import Game
    from railwidgets.ui.board import BoardView
    from railwidgets.ui.controls import ChoiceButton
    from railwidgets.ui.device import Device

__all__ = ["Picking"]


class Picking:
    """How a person picks a move on a :class:`~railwidgets.ui.panel.GameWidget` (a mixin)."""

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        seats: list[str]
        board: BoardView
        device: Device
        choice: Choice
        bots_stopped: bool
        keyboard: Any
        choice_buttons: Any
        CONFIRM: frozenset[str]

        def say(self, text: str, *, error: bool = False) -> None: ...
        def full_prompt(self) -> str: ...
        def seat_label(self, seat: int) -> str: ...
        def hit(self, x: float, y: float) -> tuple[str, Hashable] | None: ...
        def miss(self, x: float, y: float) -> str: ...
        def refusal(self, part: str, value: Hashable, err: ChoiceError) -> str: ...
        def play(self, action: Action) -> bool: ...
        def _show_choice(self, prompt: str) -> None: ...
        def _take_hint_back(self) -> bool: ...

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel ``(x, y)``, exactly as the browser sends it."""
        self.board.click(x, y)

    def _board_click(self, x: float, y: float) -> None:
        if not self._may_pick():
            return
        if not _on_canvas(x, y, self.board.size):
            self.say(_("That click is off the board."), error=True)
            return
        target = self.hit(x, y)
        if target is None:
            self.say(self.miss(x, y), error=True)
            return
        self.pick(*target)

    def _may_pick(self) -> bool:
        """Whether a person may pick now; if not, say why."""
        game = self.game
        if game.is_over:
            self.say(_("The game is over: press New game… to play again."), error=True)
            return False
        if self.device.paused:
            self.say(self.full_prompt(), error=True)
            return False
        seat = game.current_player
        assert seat is not None
        if self.seats[seat] != HUMAN:
            then = (
                _("press Run bots, or make that seat Human.")
                if self.bots_stopped
                else _("wait for it, or stop the bots and make that seat Human.")
            )
            self.say(
                _("It is {name}'s turn ({seat}): {then}").format(
                    name=tr(game.player_name(seat)), seat=self.seat_label(seat), then=then
                ),
                error=True,
            )
            return False
        return True

    def pick(self, part: str, value: Hashable) -> None:
        """Pick ``value`` for ``part`` of the decision in hand (what a click or a button does)."""
        if not self._may_pick():
            return
        try:
            choice = self.choice.pick(part, value)
        except ChoiceError as err:
            self.say(self.refusal(part, value, err), error=True)
            return
        self._choose(choice)

    def press(self, spec: ChoiceButton) -> None:
        """A game button: pick its value, or cycle its part."""
        if spec.step:
            if not self._may_pick():
                return
            try:
                choice = self.choice.cycle(spec.part, spec.step)
            except ChoiceError as err:
                self.say(self.refusal(spec.part, None, err), error=True)
                return
            self._choose(choice)
        else:
            self.pick_by_button(spec.part, spec.value)

    def pick_by_button(self, part: str, value: Hashable) -> None:
        """A button's pick. The button picked already (say after a Hint, or Back) starts
        its decision afresh: what was picked after it goes, and the board lights the
        first targets again."""
        if self.choice.has(part) and self.choice.picked(part) == value:
            if self._may_pick():
                self._choose(self.choice.until(part))
        else:
            self.pick(part, value)

    def _choose(self, choice: Choice) -> None:
        self.choice = choice
        only = choice.only
        if choice.complete and only is not None and only.kind not in self.CONFIRM:
            self.play(only)
            return
        self._show_choice(self.full_prompt())

    def back(self) -> None:
        """Back (or Esc): forget the last part picked; a hinted move, lit as a whole, is
        taken back as a whole (not left half made)."""
        if self._take_hint_back():
            return
        if not self.choice.picks:
            self.say(
                _("Nothing is picked yet. {prompt}").format(prompt=self.full_prompt()).strip(),
                error=True,
            )
            return
        self.choice = self.step_back(self.choice)
        self._show_choice(self.full_prompt())

    def step_back(self, choice: Choice) -> Choice:
        """``choice`` without its last pick: what Back leaves (a game whose one click makes
        two picks takes both back)."""
        return choice.back()

    def confirm(self) -> None:
        """Confirm (or Enter): do the decision picked in full."""
        only = self.choice.only
        if not self.choice.complete or only is None:
            self.say(
                _("Nothing to confirm yet. {prompt}").format(prompt=self.full_prompt()).strip(),
                error=True,
            )
            return
        self.play(only)

    def key(self, key: str) -> None:
        """A key pressed while the board has focus: the arrows move the cursor, Enter picks
        (or confirms), Esc steps back, Tab leaves the board (:mod:`railwidgets.ui.keyboard`),
        and a button's key presses it."""
        if self.keyboard.handle(key):
            return
        for spec, made in self.choice_buttons:
            if spec.key and spec.key.lower() == str(key).lower():
                if made.disabled:
                    self.say(
                        _("{button} is not available now.").format(button=_(spec.description)),
                        error=True,
                    )
                else:
                    self.press(spec)
                return
        self.say(self.keyboard.unknown(key), error=True)


def _on_canvas(x: object, y: object, size: tuple[int, int]) -> bool:
    """Whether ``(x, y)`` is a point of a canvas of ``size`` (NaN, infinities, huge
    numbers and non-numbers are not).

    >>> _on_canvas(10, 5.5, (100, 50)), _on_canvas(float("nan"), 0, (100, 50))
    (True, False)
    >>> _on_canvas(10**400, 0, (100, 50)), _on_canvas(True, 0, (100, 50))
    (False, False)
    """
    for value, top in ((x, size[0]), (y, size[1])):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if not 0 <= value <= top:  # NaN fails every comparison
            return False
    return True
