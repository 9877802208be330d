"""The stock controls a game widget is built from, and their housekeeping.

- :class:`ChoiceButton`: a button bound to a pick of the choice in hand (enabled
  exactly when the engine allows that pick);
- :class:`NewGameForm`: the settings of the next game (player count, seed, every
  option of ``Game.OPTIONS`` with its doc as the tooltip, one seat per player);
- :func:`uploaded_text`: a game record loaded back (Save: :mod:`railwidgets.ui.saving`);
- :func:`close_all`: close a widget with everything it made (its layout and style
  are widgets too, and are otherwise left alive).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any

import ipywidgets as widgets

from railwidgets.core.bots import RandomBot
from railwidgets.core.errors import OptionError, RecordError
from railwidgets.core.game import Game, Option
from railwidgets.core.search import SEARCH_SEATS, SearchBot
from railwidgets.draw.metrics import text_width
from railwidgets.i18n import N_, T_, _, tr
from railwidgets.tables.bots import HUMAN
from railwidgets.ui.language import language_dropdown, words
from railwidgets.ui.theme import MUTED, OPTION_CLASS

__all__ = [
    "ChoiceButton",
    "NewGameForm",
    "SeatChoice",
    "close_all",
    "on_press",
    "seat_caption",
    "seat_choices",
    "seat_dropdown",
    "tree",
    "uploaded_text",
]

#: A seat kind: its label, and how to make its bot from a seed (``None`` for a person).
SeatChoice = tuple[str, Callable[[int], Any] | None]

#: The search bot's seat labels, by level (:data:`~railwidgets.core.search.LEVELS`).
SEARCH_LABELS = {
    "easy": N_("Search bot (easy)"),
    "medium": N_("Search bot (medium)"),
    "hard": N_("Search bot (hard)"),
}


def seat_choices(**bots: SeatChoice) -> dict[str, SeatChoice]:
    """The seat kinds a widget offers: a person, the random bot, the game's own ``bots``
    (its greedy bot), then the search bot at each level, weakest first.

    >>> list(seat_choices(greedy=("Greedy bot", None)))
    ['human', 'random', 'greedy', 'search-easy', 'search', 'search-hard']
    >>> seat_choices()["search-hard"][1](7)
    SearchBot(iterations=1600)
    """
    return {
        HUMAN: (N_("Human"), None),
        "random": (N_("Random bot"), RandomBot),
        **bots,
        **{
            kind: (SEARCH_LABELS[level], partial(SearchBot.at, level))
            for kind, level in SEARCH_SEATS.items()
        },
    }


@dataclass(frozen=True)
class ChoiceButton:
    """A game's button: picks ``value`` for ``part`` (or, with ``step``, cycles ``part``).

    ``key`` is the keyboard key that presses it when the board has focus.
    """

    description: str
    part: str
    value: Hashable = None
    step: int = 0
    icon: str = ""
    tooltip: str = ""
    key: str = ""


def tree(item: widgets.Widget) -> Iterator[widgets.Widget]:
    """A widget and every widget in it (its children, theirs, and so on), parents first."""
    yield item
    for child in getattr(item, "children", ()):
        yield from tree(child)


def close_all(*items: widgets.Widget | None) -> None:
    """Close each widget, its children, and its layout and style widgets."""
    for item in items:
        if item is None:
            continue
        for widget in reversed(list(tree(item))):  # children before their parents
            for part in ("layout", "style"):
                sub = getattr(widget, part, None)
                if isinstance(sub, widgets.Widget):
                    sub.close()
            widget.close()


def on_press(
    button: widgets.Button, action: Callable[[], None], refuse: Callable[[str], None]
) -> None:
    """Call ``action`` when ``button`` is pressed while enabled; a press on a disabled
    button (possible from Python) is refused through ``refuse``, doing nothing else."""

    def pressed(_button: widgets.Button) -> None:
        if button.disabled:
            refuse(  # said in the language of whoever shows it (railwidgets.i18n.Text)
                T_("{button} is not available now.", button=button.description or button.tooltip)
            )
            return
        action()

    button.on_click(pressed)


def seat_dropdown(label: str, kind: str, choices: Mapping[str, SeatChoice]) -> widgets.Dropdown:
    """The selector of one seat (``label`` names it): Human, or one of the bots. The
    label has room for its words (a player's name is longer in some languages)."""
    options = [(_(text), key) for key, (text, make) in choices.items()]
    # the label as wide as its words ("1 Wild West"), the box as wide as its longest kind
    dropdown = widgets.Dropdown(options=options, value=kind, description=label)
    return fit_label(dropdown, seat_box(options))


def seat_box(options: Sequence[tuple[str, Any]]) -> int:
    """The width of a seat selector's box: room for its longest kind ("Search bot")."""
    return max(110, math.ceil(max(text_width(text, LABEL_PX) for text, _key in options)) + 40)


#: The size of a widget's label in JupyterLab and Voilà (``--jp-widgets-font-size``).
LABEL_PX = 13


def fit_label(widget: widgets.Widget, input_px: int) -> widgets.Widget:
    """Give ``widget``'s label the width of its words (in the language in use: measured in
    DejaVu Sans, wider than the page's own font, so never cut) and the widget that plus
    ``input_px`` for its input. Returns ``widget``.

    >>> box = fit_label(widgets.Text(description="Seed"), 110)
    >>> box.style.description_width, box.layout.width
    ('41px', '151px')
    """
    label = math.ceil(text_width(widget.description, LABEL_PX)) + 8 if widget.description else 0
    widget.style.description_width = f"{label}px"
    widget.layout.width = f"{label + input_px}px"
    return widget


def _option_input(option: Option, value: Any, players: int) -> widgets.Widget:
    """The input of one option, in the words a player reads (:attr:`Option.title`,
    :meth:`Option.word`), with what it means written under it: a tooltip is not
    shown by JupyterLab or Voilà."""
    allowed = option.allowed(players)
    common: dict[str, Any] = {"style": {"description_width": "initial"}}
    if set(allowed) == {True, False}:
        box: widgets.Widget = widgets.Checkbox(value=bool(value), indent=False, **common)
    else:
        box = widgets.Dropdown(
            options=[(_(option.word(v)), v) for v in allowed],
            value=value,
            layout=widgets.Layout(width="100%"),
            **common,
        )
    words(box, description=option.title, tooltip=option.doc)
    help_text = words(
        widgets.HTML(),
        html=f"<div style='font-size:12px;line-height:1.3;color:{MUTED}'>{{}}</div>",
        value=option.doc,
    )
    shown = widgets.VBox(
        [box, help_text], layout=widgets.Layout(width="290px", margin="0 12px 6px 0")
    )
    shown.add_class(OPTION_CLASS)  # its label above its choice (theme.BOARD_CSS)
    return shown


#: What each kind of seat is, in a player's words (under the seats in New game…).
SEAT_HELP = {
    "human": N_("a person at this device"),
    "random": N_("any legal move, at random"),
    "greedy": N_("the move that gains most at once"),
    "search-easy": N_("plays a few games out, then one of its three best moves"),
    "search": N_("looks ahead by playing many games out"),
    "search-hard": N_("looks four times as far ahead: the strongest"),
}


def seat_help(choices: Mapping[str, SeatChoice]) -> str:
    """One line saying what the seat kinds on offer are (HTML).

    >>> seat_help({"human": ("Human", None), "greedy": ("Greedy bot", None)})  # doctest: +ELLIPSIS
    '<div ...>Human: a person at this device · Greedy bot: the move that gains most at once</div>'
    """
    said = " · ".join(
        f"{escape(_(label))}: {escape(_(SEAT_HELP[key]))}"
        for key, (label, _make) in choices.items()
        if key in SEAT_HELP
    )
    return f'<div style="font-size:12px;color:{MUTED}">{said}</div>'


def seat_caption(name: str, seat: int) -> str:
    """A seat selector's label: its number and its player's name ("1 Orange"; "Player 1"
    alone when the name is the number already).

    >>> seat_caption("Orange", 0), seat_caption("Player 2", 1)
    ('1 Orange', 'Player 2')
    """
    said = tr(name)
    return said if str(name) == f"Player {seat + 1}" else f"{seat + 1} {said}"


class NewGameForm(widgets.VBox):
    """The settings of the next game; :meth:`read` gives them, checked.

    Nothing here changes the game on screen: the widget starts a new one with
    what :meth:`read` returns when Start is pressed.
    """

    def __init__(
        self,
        game_cls: type[Game],
        players: int,
        options: Mapping[str, Any],
        seats: Sequence[str],
        seat_choices: Mapping[str, SeatChoice],
        default_bot: str,
        lang: str = "en",
    ):
        super().__init__(
            layout=widgets.Layout(border="1px solid #BDBDBD", padding="4px", display="none")
        )
        self.game_cls = game_cls
        self.seat_choices = seat_choices
        self.default_bot = default_bot
        self.players = widgets.Dropdown(
            options=[
                (_("{n} (variant)").format(n=n) if n in game_cls.DESIGNED_PLAYERS else str(n), n)
                for n in game_cls.PLAYERS
            ],
            value=players,
        )
        words(self.players, description=N_("Players"))
        self.seed = widgets.Text(value="")
        words(self.seed, description=N_("Seed"), placeholder=N_("random"))
        #: the language of the widget (Start switches to the one chosen)
        self.language = language_dropdown(lang)
        self._fit_labels()
        self.option_inputs: dict[str, widgets.Widget] = {
            opt.name: _option_input(opt, options.get(opt.name, opt.default_for(players)), players)
            for opt in game_cls.OPTIONS
        }
        self.start = words(
            widgets.Button(icon="play", button_style="success"), description=N_("Start")
        )
        self.cancel = words(widgets.Button(), description=N_("Cancel"))
        self.seat_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.seat_inputs: list[widgets.Dropdown] = []
        self._kinds = list(seats)
        self._build_seats(players)
        self.players.observe(lambda change: self._build_seats(change["new"]), "value")
        self.children = [
            words(widgets.HTML(), value=N_("<b>New game</b>: choose, then press Start.")),
            widgets.HBox(
                [self.players, self.seed, self.language, *self.option_inputs.values()],
                layout=widgets.Layout(flex_flow="row wrap"),
            ),
            self.seat_row,
            widgets.HTML(seat_help(seat_choices)),
            widgets.HBox([self.start, self.cancel]),
        ]

    def _fit_labels(self) -> None:
        """Players, Seed and Language as wide as their labels' words and their inputs."""
        fit_label(self.players, 95)
        fit_label(self.seed, 110)
        fit_label(self.language, 130)

    @property
    def shown(self) -> bool:
        return self.layout.display != "none"

    def show(self, visible: bool = True) -> None:
        self.layout.display = "flex" if visible else "none"

    def _build_seats(self, players: int) -> None:
        self._kinds = [k.value for k in self.seat_inputs] or self._kinds
        kinds = [
            self._kinds[i] if i < len(self._kinds) else self.default_bot for i in range(players)
        ]
        close_all(*self.seat_inputs)
        names = self.game_cls(players=players, seed=0)  # the players' names at the start
        self.seat_inputs = [
            seat_dropdown(seat_caption(names.player_name(seat), seat), kind, self.seat_choices)
            for seat, kind in enumerate(kinds)
        ]
        self.seat_row.children = self.seat_inputs

    def take_seats(self, seats: Sequence[str]) -> None:
        """Show these seats (the game's as they are now) for the next game."""
        close_all(*self.seat_inputs)  # the seats shown before go, closed
        self.seat_inputs, self._kinds = [], list(seats)
        self._build_seats(int(self.players.value))

    def speak(self) -> None:
        """Say the choices again in the language in use (what is chosen stays chosen)."""
        players = self.players.value
        self.players.options = [
            (_("{n} (variant)").format(n=n) if n in self.game_cls.DESIGNED_PLAYERS else str(n), n)
            for n in self.game_cls.PLAYERS
        ]
        self.players.value = players
        self._fit_labels()
        self._build_seats(players)
        for option in self.game_cls.OPTIONS:
            box = self.option_input(option.name)
            if isinstance(box, widgets.Dropdown):
                value = box.value
                box.options = [(_(option.word(v)), v) for v in option.allowed(players)]
                box.value = value

    def read(self) -> tuple[int, int | None, dict[str, Any], list[str]]:
        """``(players, seed, options, seats)`` as chosen; ``OptionError`` naming what is wrong."""
        players = int(self.players.value)
        text = self.seed.value.strip()
        seed: int | None = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                raise OptionError(
                    _("The seed must be a whole number, not {text}.").format(text=repr(text))
                ) from None
        options = {name: self.option_value(name) for name in self.option_inputs}
        for opt in self.game_cls.OPTIONS:  # the game's own check, with the game's own words
            opt.check(options[opt.name], players)
        return players, seed, options, [d.value for d in self.seat_inputs]

    def option_input(self, name: str) -> widgets.ValueWidget:
        """The checkbox or dropdown of option ``name`` (under it: what it means)."""
        return self.option_inputs[name].children[0]

    def option_value(self, name: str) -> Any:
        return self.option_input(name).value

    def close(self) -> None:
        close_all(*self.children)
        super().close()


#: The largest record Load accepts (a long game's record is well under 1 MB).
MAX_RECORD_BYTES = 5_000_000


def uploaded_text(value: Any) -> str:
    """The text of the one file in a ``FileUpload`` value; ``RecordError`` if it is not one.

    >>> uploaded_text([{"name": "g.json", "content": memoryview(b'{"a": 1}')}])
    '{"a": 1}'
    """
    files = list(value.values()) if isinstance(value, Mapping) else list(value or ())
    if len(files) != 1:
        raise RecordError(f"choose one saved game (a .json file), not {len(files)} files")
    content = files[0].get("content") if isinstance(files[0], Mapping) else None
    if content is None:
        raise RecordError("the uploaded file has no content")
    raw = bytes(content)
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"the file is {len(raw):,} bytes: too large to be a saved game")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not text (a saved game is a .json file)") from None
