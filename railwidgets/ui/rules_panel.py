"""The Rules panel: the sections of a game's rules reference for the decision in hand.

The Rules toggle shows or hides it. It opens right under the toolbar, full width, where
the person who pressed Rules is looking, at a fixed height (what it shows changes with
every decision; the board below it must not move), and scrolls within. It shows the
rules of the decision in hand; after a refusal, the rules its message cites (a refusal
names its rule, "… (§2.6)"), until the next decision.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

import ipywidgets as widgets

from railwidgets.core.rulebook import RuleBook, UnknownRuleError
from railwidgets.i18n import N_, _
from railwidgets.ui.language import words
from railwidgets.ui.theme import GRID

__all__ = ["PANEL_HEIGHT", "RulesPanel"]

#: The open panel's height: about eight lines of rules, the board still in view at 1280×800.
PANEL_HEIGHT = "190px"


class RulesPanel:
    """The Rules button and the panel it opens, for one game's rules reference."""

    def __init__(self, game_name: str, lang: str = "en") -> None:
        self.game_name = game_name
        self.book = self.book_for(game_name, lang)
        self.button = widgets.ToggleButton(icon="book", layout=widgets.Layout(width="auto"))
        words(
            self.button,
            description=N_("Rules"),
            tooltip=N_("The rules for the decision in hand"),
        )
        self.view = widgets.HTML(
            layout=widgets.Layout(
                display="none",
                height=PANEL_HEIGHT,
                overflow="auto",
                border=f"1px solid {GRID}",
                padding="2px 10px",
                margin="2px 0 4px 0",
            )
        )
        self.shown: list[str] = []  # the numbers of the sections shown

    @staticmethod
    def book_for(game_name: str, lang: str = "en") -> RuleBook | None:
        """The game's reference in ``lang`` (``None`` for a game without one)."""
        try:
            return RuleBook.for_game(game_name, lang)
        except UnknownRuleError:
            return None

    def set_language(self, lang: str) -> None:
        """Show the rules again in ``lang``: the reference in that language, same sections."""
        self.book = self.book_for(self.game_name, lang)
        self.render()

    def cite(self, text: str) -> None:
        """Show the rules ``text`` (a refusal) cites, if it cites any."""
        if self.book is not None:
            cited = [s.number for s in self.book.explain(text)]
            if cited:
                self.shown = cited
                self.render()

    def show_in_hand(self, numbers: Sequence[str]) -> None:
        """Show the rules of the decision in hand."""
        self.shown = list(numbers)
        self.render()

    def render(self) -> None:
        show = self.button.value and self.book is not None
        self.view.layout.display = "" if show else "none"
        if not show or self.book is None:
            return
        parts = []
        for number in self.shown:
            with contextlib.suppress(UnknownRuleError):
                parts.append(self.book.section(number).html())
        body = "".join(parts) or _("<p>Open the rules reference for the whole game.</p>")
        self.view.value = f"<div style='font-size:14px;line-height:1.45'>{body}</div>"
