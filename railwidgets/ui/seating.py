"""Who plays each seat, now and in the next game (a mixin of
:class:`~railwidgets.ui.panel.GameWidget`; the same for all three games).

- The seat row beside the toolbar: one selector per player (Human, Random bot, the
  game's own bots, the search bot). A change takes effect at once: a bot takes the seat's
  next decision, a person's seat waits for a click. At a table the row is hidden: a
  table's seats are the table's (:mod:`railwidgets.ui.table_play`).
- New game…'s form (:class:`~railwidgets.ui.controls.NewGameForm`): the next game's
  players, seed, options, language and seats, and Start. It is made the first time it is
  opened, from the game on the board: a widget at rest keeps a hundred fewer widget
  models, so a page reload restores every model from the kernel within JupyterLab's few
  seconds (a tutorial holds a dozen widgets).
- A play page's heading (:attr:`Seating.intro`): the game's name, who plays whom and
  what to do first, said again whenever the seats or the language change
  (:mod:`railwidgets.ui.intro`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as widgets

from railwidgets.core.errors import RailwidgetsError
from railwidgets.i18n import tr, tr_error, use
from railwidgets.ui.controls import (
    NewGameForm,
    SeatChoice,
    close_all,
    fit_label,
    on_press,
    seat_box,
    seat_caption,
    seat_dropdown,
)
from railwidgets.ui.intro import intro_html

if TYPE_CHECKING:
    from railwidgets.core.game import Game
    from railwidgets.tables import Table

__all__ = ["HUMAN", "Seating"]

#: The seat kind of a person (every other kind is a bot's).
HUMAN = "human"


class Seating:
    """The seat row and New game…'s form (see the module docstring)."""

    #: What a person does first, in one or two short sentences in the game's own words
    #: (a play page's :attr:`intro` says it under who plays whom).
    FIRST_STEPS: ClassVar[str] = ""

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        seats: list[str]
        table: Table | None
        _lang: str
        SEAT_CHOICES: Mapping[str, SeatChoice]
        DEFAULT_BOT: str

        def say(self, text: str, *, error: bool = False) -> None: ...
        def set_game(self, game: Game, message: str = "") -> None: ...
        def set_language(self, lang: str) -> None: ...
        def make_game(self, players: int | None, seed: int | None, **options: Any) -> Game: ...
        def _new_game_message(self, chosen_seed: int | None) -> str: ...
        def _make_bots(self) -> None: ...
        def _settle(self, notice: str = "", *, static: bool = ..., frames: Any = ...) -> None: ...
        def _settings_made(self, form: NewGameForm) -> None: ...

    def _init_seating(self) -> None:
        self._settings: NewGameForm | None = None
        self.settings_slot = widgets.Box()  # where New game…'s form goes once made
        self.seat_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.seat_inputs: list[widgets.Dropdown] = []
        self._intro: widgets.HTML | None = None
        self._build_seat_row()

    # -- the seats of this game ----------------------------------------------------------------

    def _build_seat_row(self) -> None:
        close_all(*self.seat_inputs)
        self.seat_inputs = []
        for seat in range(self.game.num_players):
            dropdown = seat_dropdown(self._seat_caption(seat), self.seats[seat], self.SEAT_CHOICES)
            dropdown.observe(lambda change, s=seat: self._seat_changed(s, change["new"]), "value")
            self.seat_inputs.append(dropdown)
        self.seat_row.children = self.seat_inputs
        self._say_intro()

    @property
    def intro(self) -> widgets.HTML:
        """A play page's heading: the game's name, who plays whom and what to do first,
        in the widget's language; it follows the seats and the language (a play page
        shows it above the widget, ``display(widget.intro)``)."""
        if self._intro is None:
            self._intro = widgets.HTML()
            self._intro.add_class("railwidgets-intro")
            self._say_intro()
        return self._intro

    def _say_intro(self) -> None:
        if self._intro is None:
            return
        bots = [None if kind == HUMAN else self.SEAT_CHOICES[kind][0] for kind in self.seats]
        with use(self._lang):
            names = [tr(self.game.player_name(seat)) for seat in range(self.game.num_players)]
            self._intro.value = intro_html(self.game.TITLE, self.FIRST_STEPS, names, bots)

    def _rename_seats(self) -> None:
        """The seat selectors' labels follow their players' names, and so does the intro
        (Off the Rails names a clan by its colour once its side is chosen)."""
        renamed = False
        for seat, dropdown in enumerate(self.seat_inputs):
            label = self._seat_caption(seat)
            if dropdown.description != label:
                dropdown.description = label
                fit_label(dropdown, seat_box(dropdown.options))
                renamed = True
        if renamed:
            self._say_intro()

    def _seat_caption(self, seat: int) -> str:
        """A seat selector's label: its number and its player's name ("1 Orange"; "Player 1"
        alone when the name is the number already)."""
        return seat_caption(self.game.player_name(seat), seat)

    def _check_seats(self, seats: Sequence[str] | None, n: int) -> list[str]:
        if seats is None:
            return [HUMAN] + [self.DEFAULT_BOT] * (n - 1)
        by_label = {label.lower(): key for key, (label, _) in self.SEAT_CHOICES.items()}
        checked = []
        for kind in seats:
            key = by_label.get(str(kind).lower(), str(kind).lower())
            if key not in self.SEAT_CHOICES:
                allowed = ", ".join(repr(k) for k in self.SEAT_CHOICES)
                raise ValueError(f"a seat must be one of {allowed}, not {kind!r}")
            checked.append(key)
        if len(checked) != n:
            raise ValueError(f"seats needs one entry per player ({n}), not {len(checked)}")
        return checked

    def _seat_changed(self, seat: int, kind: str) -> None:
        if self.table is not None:  # a table's seats are the table's (the row is hidden)
            return
        self.seats[seat] = kind
        self._say_intro()
        self._make_bots()
        self._settle(static=True)

    # -- the next game: New game… ----------------------------------------------------------------

    @property
    def settings(self) -> NewGameForm:
        """New game…'s form: the next game's players, seed, options, language and seats
        (made when first needed, from the game on the board)."""
        if self._settings is None:
            with use(self._lang):
                form = self._make_settings()
            self._settings_made(form)
            self._settings = form
            self.settings_slot.children = (form,)
        return self._settings

    def _make_settings(self) -> NewGameForm:
        """New game…'s form, bound to this widget (in the language in use)."""
        form = NewGameForm(
            type(self.game),
            self.game.num_players,
            self.game.options,
            self.seats,
            self.SEAT_CHOICES,
            self.DEFAULT_BOT,
            self._lang,
        )
        form.add_class("railwidgets-settings")
        form.language.observe(
            lambda change: change["new"] != self._lang and self.set_language(change["new"]),
            "value",
        )
        on_press(form.start, self.start_new_game, lambda t: self.say(t, error=True))
        on_press(form.cancel, lambda: form.show(False), lambda t: self.say(t, error=True))
        return form

    def toggle_settings(self) -> None:
        """New game…: show or hide the next game's settings (the seats as they are now)."""
        if not self.settings.shown and int(self.settings.players.value) == self.game.num_players:
            self.settings.take_seats(self.seats)
        self.settings.show(not self.settings.shown)

    def start_new_game(self) -> None:
        """Start: a new game with the settings shown (a bad one is refused, the game plays on)."""
        try:
            players, seed, options, seats = self.settings.read()
            game = self.make_game(players, seed, **options)
        except (RailwidgetsError, ValueError) as err:
            self.say(tr_error(err), error=True)
            return
        self.seats = list(seats)
        self.settings.show(False)
        self.set_game(game, self._new_game_message(seed))
