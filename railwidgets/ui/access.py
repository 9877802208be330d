"""Keyboard play and the board in words, as one part of a game widget (issue 25).

:class:`AccessiblePlay` is mixed into :class:`~railwidgets.ui.panel.GameWidget`: it
builds the :class:`~railwidgets.ui.keyboard.Keyboard` (the cursor on the board, Tab and
Shift+Tab off it, the focus back on the board after a decision's button) and the
:class:`~railwidgets.ui.companion.Companion` (the position in words, the changes, the
decision as named buttons), and holds the words a game may change: ``position_words``,
``option_words``, ``target_name``, ``key_allows``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as widgets

from railwidgets.i18n import _
from railwidgets.ui.companion import Companion
from railwidgets.ui.controls import tree
from railwidgets.ui.keyboard import FOCUS_CSS, KEYS_BUTTON, KEYS_TOOLTIP, Keyboard
from railwidgets.ui.theme import BUTTON_CSS

__all__ = ["AccessiblePlay"]


class AccessiblePlay:
    """The keyboard and the board in words of a game widget (a mixin of ``GameWidget``,
    whose attributes it uses: ``board``, ``choice``, ``device``, the buttons)."""

    #: Whether the board in words (:mod:`railwidgets.ui.companion`) is shown when
    #: ``accessible`` is not given.
    ACCESSIBLE: ClassVar[bool] = False
    #: The game's ``words`` module (``position_words(view, seat, names)``), if it has one.
    WORDS: ClassVar[Any] = None

    if TYPE_CHECKING:  # what the widget provides
        from railwidgets.ui.board import BoardView
        from railwidgets.ui.choice import Choice

        board: BoardView
        choice: Choice
        toolbar: widgets.HBox
        seat_row: widgets.HBox
        action_row: widgets.HBox
        new_button: widgets.Button
        _accessible: bool
        _lang: str

    # -- keyboard play (railwidgets.ui.keyboard) ----------------------------------------------

    def _build_keyboard(self) -> None:
        self.keyboard = Keyboard(
            self,
            lambda: self.board.size,
            lambda: self.board.redraw(only=self.CHOICE_LAYERS),
            lambda: self.board.canvas.focus(),
            self._focus_after_board,
            self._focus_before_board,
        )
        self.board.style.value += f"<style>{FOCUS_CSS} {BUTTON_CSS}</style>"
        self.keys_button = self._button(
            KEYS_BUTTON, "keyboard-o", KEYS_TOOLTIP, lambda: self.say(self.keyboard.help())
        )
        self.companion = Companion(
            shown=self._accessible,
            words=lambda: [] if self.covered else self.position_words(),
            recent=lambda: [self.describe_move(seat, a) for seat, a in self.recent()],
            options=self.companion_options,
            confirm_words=self.confirm_words,
            can_back=lambda: bool(self.choice.picks) and self._is_human_turn(),
            pick=self.pick,
            back=self.back,
            confirm=self.confirm,
            lang=lambda: self._lang,
        )
        self.below_board = widgets.HBox(
            [self.keys_button, self.companion.toggle], layout=widgets.Layout(margin="2px 0")
        )
        self.below_board.add_class("railwidgets-below-board")

    def _then_board(self, action: Callable[..., None]) -> Callable[..., None]:
        """``action`` for a button, then the focus back on the board (issue 27 item 14)."""

        def done(*args: Any) -> None:
            action(*args)
            self.keyboard.focus_board()

        return done

    def _focus_after_board(self) -> None:
        """Tab on the board: the first control after it takes the focus."""
        self.keys_button.focus()

    def _focus_before_board(self) -> None:
        """Shift+Tab on the board: the last control before it that may be pressed (the
        decision's buttons, else the seats, else the toolbar)."""
        before = [
            w
            for row in (self.toolbar, self.seat_row, self.action_row)
            for w in tree(row)
            if isinstance(w, widgets.Button | widgets.ToggleButton | widgets.Dropdown)
            and not w.disabled
            and w.layout.display != "none"
        ]
        (before[-1] if before else self.new_button).focus()

    # -- the board in words (railwidgets.ui.companion) -----------------------------------------

    def words_seat(self) -> int | None:
        """The seat the board in words speaks for: the one at the device, else the only
        person at the table (``None``: nobody's in particular)."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if len(self.humans) == 1 else None

    def position_words(self) -> list[str]:
        """The position in sentences, from :meth:`words_seat`'s view alone, said by the
        game's ``words`` module (:attr:`WORDS`; none: no sentences)."""
        if self.WORDS is None:
            return []
        seat = self.words_seat()
        names = [self.game.player_name(s) for s in range(self.game.num_players)]
        view = self.game.view(seat if seat is not None else self.words_view_seat())
        return list(self.WORDS.position_words(view, seat, names))

    def words_view_seat(self) -> int:
        """Whose view the board in words reads when it speaks for nobody in particular."""
        return 0

    def companion_options(self) -> list[tuple[str, str, Hashable]]:
        """The picks of the decision in hand, as ``(words, part, value)``: what the
        companion lists as buttons (those the keyboard cursor may land on, and the values
        of the part to pick next)."""
        if not self._is_human_turn() or self.device.paused or not self.choice.actions:
            return []
        choice = self.choice
        part = choice.next_part
        listed: list[tuple[str, str, Hashable]] = []
        parts = [part] if part is not None else []
        parts += [p for p in self.EARLY_PARTS if p != part and self.key_allows_part(p)]
        for name in parts:
            for value in choice.options(name):
                if name != part and not self.key_allows(name, value):
                    continue
                listed.append((self.option_words(name, value), name, value))
        return listed

    #: Parts a person may pick before the one :attr:`Choice.next_part` names (a Twisty
    #: Tracks cell before the tile's turn), listed by the companion too.
    EARLY_PARTS: ClassVar[tuple[str, ...]] = ()

    def key_allows_part(self, part: str) -> bool:
        return any(self.key_allows(part, v) for v in self.choice.options(part))

    def option_words(self, part: str, value: Hashable) -> str:
        """One pick in words, for its button in the companion ("Buy", "Build red on E4")."""
        if part in self.OPTION_BUTTONS:
            return self.OPTION_BUTTONS[part](value)
        for spec, _made in self.choice_buttons:
            if spec.part == part and not spec.step and spec.value == value:
                return _(spec.description)
        return self.target_name(part, value)

    def confirm_words(self) -> str:
        """What Confirm would do now ("" when there is nothing to confirm)."""
        only = self.choice.only
        if self.choice.complete and only is not None and self._is_human_turn():
            return self.move_words(only)
        return ""

    def may_pick(self) -> bool:
        """Whether a person may pick now (if not, the status says why)."""
        return self._may_pick()

    def key_allows(self, part: str, value: Hashable) -> bool:
        """Whether the keyboard cursor may land on the board's ``(part, value)`` now: the
        part to pick next, with a value the choice in hand allows (a game adds the picks it
        translates; a pick is changed with Esc, then the cursor)."""
        choice = self.choice
        return part == choice.next_part and choice.allows(part, value)

    def target_name(self, part: str, value: Hashable) -> str:
        """A board target in words, as the cursor announces it."""
        return self.event_text(f"{part} {value}")

    def button_keys(self) -> list[str]:
        """The game buttons' keys, for the keys help ("R Rotate")."""
        return [f"{s.key.upper()} {_(s.description)}" for s, _b in self.choice_buttons if s.key]
