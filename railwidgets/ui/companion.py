"""The screen-reader companion: the board in real HTML beside the canvas (issue 25 item 2).

A canvas is a picture to a screen reader. The companion says in words, for the seat at the
device, what the board shows, built from that seat's view alone (the game's
``words.position_words(view(seat), ...)``); what changed since that seat last decided
(the widget's "since your turn" list, which already leaves out other people's secrets);
and the decision in hand as a list of real buttons whose names say what each does
("Build red on E4"), so that a whole turn can be made from the list: each button picks
one part of the decision, as a click on the board would, then Confirm.

The status line is repeated in a live region that is updated, not replaced
(:class:`~railwidgets.ui.live.LiveRegion`): one ``<div role="status" aria-live="polite"
aria-atomic="true">`` made once, whose text alone changes, so screen readers announce
each new status (a region written with ``innerHTML``, as a stock ``HTML`` widget does,
is a new element at each change, which most of them do not read). It says the status
in the widget's language, with "✗" before a refusal, and only when the text changed; it
is visually hidden, since the status line above the board shows the same words, and it
is inside the companion, so it speaks only while the companion is shown.

One toggle shows or hides the companion; it is shown from the start when the widget is
made with ``accessible=True``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from contextlib import AbstractContextManager, nullcontext
from html import escape

import ipywidgets as widgets

from railwidgets.i18n import N_, _, use
from railwidgets.ui.controls import close_all
from railwidgets.ui.language import words as in_words
from railwidgets.ui.live import LiveRegion

__all__ = ["Companion"]

# Every string a player reads, in one place (marked for the catalogs, said in the
# widget's language when the companion speaks: issue 24).
TOGGLE = N_("Board in words")
TOGGLE_TOOLTIP = N_("Show or hide the board in words, for screen readers")
HEADING = N_("The board in words")
CHANGES = N_("Since your last move")
NO_CHANGES = N_("Nothing has happened since your last move.")
DECISION = N_("Your decision")
NO_DECISION = N_("Nothing to decide now.")
CONFIRM = N_("Confirm: {what}")
BACK = N_("Back: undo the last pick")
COVERED = N_("The device is being passed: the board is hidden.")
#: How a heading of the companion is written (its words escaped, in the language in use).
H2 = "<h2 style='margin:4px 0;font-size:1em'>{}</h2>"
#: At most this many buttons are listed (the rest: on the board, with the keyboard cursor).
MOST_BUTTONS = 200


class Companion:
    """The companion of one game widget; ``box`` is what to show (after the board).

    ``words()`` gives the position's sentences, ``recent()`` the moves since the seat
    last decided, ``options()`` the picks of the decision in hand as ``(label, part,
    value)``, ``confirm_words()`` what Confirm would do ("" when nothing is picked in
    full); ``pick``, ``back`` and ``confirm`` make the decision. ``lang()`` is the
    language the companion speaks (the widget's): its headings and everything the
    callbacks say are said in it, also when the toggle is pressed in the page.
    """

    def __init__(
        self,
        *,
        shown: bool,
        words: Callable[[], Sequence[str]],
        recent: Callable[[], Sequence[str]],
        options: Callable[[], Sequence[tuple[str, str, Hashable]]],
        confirm_words: Callable[[], str],
        can_back: Callable[[], bool],
        pick: Callable[[str, Hashable], None],
        back: Callable[[], None],
        confirm: Callable[[], None],
        lang: Callable[[], str | None] = lambda: None,
    ):
        self._words, self._recent, self._options = words, recent, options
        self._lang = lang
        self._confirm_words, self._can_back = confirm_words, can_back
        self._pick, self._back, self._confirm = pick, back, confirm
        self.toggle = in_words(
            widgets.ToggleButton(value=shown, icon="universal-access"),
            description=TOGGLE,
            tooltip=TOGGLE_TOOLTIP,
        )
        self.live = LiveRegion()
        self.position = widgets.HTML()
        self.changes = widgets.HTML()
        self.decision_head = widgets.HTML()
        self.buttons: list[widgets.Button] = []
        self.button_box = widgets.Box(
            layout=widgets.Layout(
                display="flex", flex_flow="row wrap", max_height="260px", overflow="auto"
            )
        )
        self.panel = widgets.VBox(
            [self.live, self.position, self.changes, self.decision_head, self.button_box],
            layout=widgets.Layout(display="" if shown else "none", max_width="900px"),
        )
        self.panel.add_class("railwidgets-companion")
        self.toggle.observe(lambda change: self.show(bool(change["new"])), "value")
        self._status = ""
        self._labels: list[tuple[str, str, Hashable]] = []
        self._head_decision(bool(self._labels))

    @property
    def shown(self) -> bool:
        return self.panel.layout.display != "none"

    def show(self, shown: bool) -> None:
        """Show or hide the companion (the toggle does this)."""
        self.panel.layout.display = "" if shown else "none"
        if self.toggle.value != shown:
            self.toggle.value = shown
        if shown:
            self.update()

    def announce(self, text: str) -> None:
        """The status line, for the live region (its text is set only when it changed)."""
        if text == self._status:
            return
        self._status = text
        self.live.text = text

    def _speaking(self) -> AbstractContextManager[object]:
        """The companion's language for what follows (the widget's, if it has one)."""
        lang = self._lang()
        return use(lang) if lang else nullcontext()

    def update(self, *, covered: bool = False) -> None:
        """Say the position, the changes and the decision again, in the companion's
        language (nothing while hidden; a new language says all of it again)."""
        if not self.shown:
            return
        with self._speaking():
            self._update(covered)

    def _update(self, covered: bool) -> None:
        if covered:
            self.position.value = f"<p>{escape(_(COVERED))}</p>"
            self.changes.value = ""
            self._set_buttons([])
            return
        items = "".join(f"<li>{escape(line)}</li>" for line in self._words())
        self.position.value = H2.format(escape(_(HEADING))) + f"<ul style='margin:0'>{items}</ul>"
        recent = list(self._recent())
        moves = (
            "".join(f"<li>{escape(line)}</li>" for line in recent)
            if recent
            else f"<li>{escape(_(NO_CHANGES))}</li>"
        )
        self.changes.value = H2.format(escape(_(CHANGES))) + f"<ol style='margin:0'>{moves}</ol>"
        labels = list(self._options())[:MOST_BUTTONS]
        confirm = self._confirm_words()
        if confirm:
            labels.append((_(CONFIRM).format(what=confirm), "", None))
        if self._can_back():
            labels.append((_(BACK), "", "back"))
        self._set_buttons(labels)

    def text(self) -> str:
        """Everything the companion says now, as plain text (for tests)."""
        return "\n".join(
            [
                self._status,
                self.position.value,
                self.changes.value,
                self.decision_head.value,
                *(b.description for b in self.buttons),
            ]
        )

    def _set_buttons(self, labels: list[tuple[str, str, Hashable]]) -> None:
        self._head_decision(bool(labels))  # in the language in use, whatever the buttons
        if labels == self._labels:
            return
        self._labels = labels
        close_all(*self.buttons)
        self.buttons = []
        for label, part, value in labels:
            made = widgets.Button(
                description=label, tooltip=label, layout=widgets.Layout(width="auto", margin="1px")
            )
            made.on_click(lambda _b, p=part, v=value: self._press(p, v))
            self.buttons.append(made)
        self.button_box.children = self.buttons

    def _head_decision(self, any_buttons: bool) -> None:
        """The decision's heading, and "Nothing to decide now." when there are no buttons
        (rewritten only when its words changed)."""
        head = H2.format(escape(_(DECISION)))
        if not any_buttons:
            head += f"<p>{escape(_(NO_DECISION))}</p>"
        if self.decision_head.value != head:
            self.decision_head.value = head

    def _press(self, part: str, value: Hashable) -> None:
        with self._speaking():
            self._pressed(part, value)

    def _pressed(self, part: str, value: Hashable) -> None:
        before = list(self.buttons)
        if part == "" and value is None:
            self._confirm()
        elif part == "" and value == "back":
            self._back()
        else:
            self._pick(part, value)
        if self.buttons and self.buttons != before:
            # the pressed button is gone with the old list: the focus goes to the new
            # list's first button, where a screen reader reads the next step
            self.buttons[0].focus()

    def close(self) -> None:
        close_all(*self.buttons, self.toggle, self.panel)
