"""The row of buttons for the decision in hand: the game's own buttons, one button per
option where a part is picked that way, Back, Confirm, the cover's Ready, and Continue
(shown while a revealed picture waits for the players).

A button is enabled exactly when the choice in hand allows what it does (the choice
comes from ``game.legal_actions()`` alone, :mod:`railwidgets.ui.choice`), and shows
as picked while its value is picked.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from railwidgets.i18n import N_
from railwidgets.ui.choice import Choice
from railwidgets.ui.controls import ChoiceButton, close_all, on_press
from railwidgets.ui.language import words
from railwidgets.ui.theme import DECISION_CLASS

__all__ = ["DecisionRow", "button"]


def button(
    description: str,
    icon: str,
    tooltip: str,
    action: Callable[[], None],
    refuse: Callable[[str], None],
) -> widgets.Button:
    """A stock button that calls ``action`` when pressed while enabled (see :func:`on_press`);
    ``description`` and ``tooltip`` are English, said in the language in use."""
    made = widgets.Button(icon=icon, layout=widgets.Layout(width="auto"))
    words(made, description=description, tooltip=tooltip)
    on_press(made, action, refuse)
    return made


class DecisionRow:
    """The buttons of the decision in hand, and how they follow the choice."""

    def __init__(
        self,
        specs: Sequence[ChoiceButton],
        option_labels: Mapping[str, Callable[[Any], str]],
        *,
        confirm: bool,
        press: Callable[[ChoiceButton], None],
        pick: Callable[[str, Hashable], None],
        back: Callable[[], None],
        do: Callable[[], None],
        ready: Callable[[], None],
        refuse: Callable[[str], None],
        proceed: Callable[[], None] | None = None,
    ) -> None:
        self.option_labels = option_labels
        self.pick = pick
        self.refuse = refuse
        self.choice_buttons: list[tuple[ChoiceButton, widgets.Button]] = [
            (
                spec,
                button(spec.description, spec.icon, spec.tooltip, lambda s=spec: press(s), refuse),
            )
            for spec in specs
        ]
        self.back_button = button(N_("Back"), "arrow-left", N_("Step back (Esc)"), back, refuse)
        self.confirm_button = button(N_("Confirm"), "check", N_("Do it (Enter)"), do, refuse)
        self.confirm_button.button_style = "success"
        self.ready_button = button(N_("Ready"), "eye", N_("Show me the board"), ready, refuse)
        self.ready_button.button_style = "warning"
        self.continue_button = button(
            N_("Continue"),
            "forward",
            N_("Everyone has seen what was revealed: go on"),
            proceed if proceed is not None else (lambda: None),
            refuse,
        )
        self.continue_button.button_style = "primary"
        self.continue_button.layout.display = "none"
        self.option_buttons: list[widgets.Button] = []
        self.option_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.row = widgets.HBox(
            [
                *(b for _, b in self.choice_buttons),
                self.option_row,
                self.back_button,
                *([self.confirm_button] if confirm else []),
                self.ready_button,
                self.continue_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.row.add_class(DECISION_CLASS)  # keeps its height (railwidgets.ui.page)

    def update(
        self, choice: Choice, choosing: bool, covered: bool, *, holding: bool = False
    ) -> None:
        """Enable what ``choice`` allows while a person is ``choosing``; Ready under the
        cover; Continue while a revealed picture is ``holding``."""
        for spec, made in self.choice_buttons:
            made.disabled = not (choosing and self.allowed(choice, spec))
            picked = (
                choice.has(spec.part) and choice.picked(spec.part) == spec.value and not spec.step
            )
            made.button_style = "info" if picked else ""
        self._update_options(choice, choosing)
        self.back_button.disabled = not (choosing and choice.picks)
        self.confirm_button.disabled = not (choosing and choice.complete)
        # green only when it can be pressed: a disabled green button looks clickable
        self.confirm_button.button_style = "" if self.confirm_button.disabled else "success"
        self.ready_button.layout.display = "" if covered else "none"
        self.continue_button.layout.display = "" if holding else "none"

    @staticmethod
    def allowed(choice: Choice, spec: ChoiceButton) -> bool:
        """A button works when its part is the one to pick next (or picked, to change it)
        and the engine allows its value (a cycling button: any value)."""
        if spec.part != choice.next_part and not choice.has(spec.part):
            return False
        options = choice.options(spec.part)
        return bool(options) and (bool(spec.step) or spec.value in options)

    def _update_options(self, choice: Choice, choosing: bool) -> None:
        wanted: list[tuple[str, Hashable]] = []
        if choosing:
            for part in self.option_labels:
                if part == choice.next_part or choice.has(part):
                    wanted += [(part, value) for value in choice.options(part)]
        current = [(b._railwidgets_pick, b) for b in self.option_buttons]  # type: ignore[attr-defined]
        if [pick for pick, _ in current] == wanted:
            for pick, made in current:
                made.button_style = "info" if choice.picks and pick in choice.picks else ""
            return
        close_all(*self.option_buttons)
        self.option_buttons = []
        for part, value in wanted:
            label = self.option_labels[part](value)
            made = button(label, "", label, lambda p=part, v=value: self.pick(p, v), self.refuse)
            made._railwidgets_pick = (part, value)  # type: ignore[attr-defined]
            self.option_buttons.append(made)
        self.option_row.children = self.option_buttons

    def close(self) -> None:
        close_all(
            *self.option_buttons,
            self.row,
            self.ready_button,
            self.continue_button,
            self.confirm_button,
        )
