"""The shared controls of a game widget, and the plumbing behind them.

:class:`GameWidget` is a ``VBox`` of stock widgets::

    toolbar    New game… · Undo · Redo · Stop bots · Hint · Save · Load · Rules
    settings   the next game's players, seed, options and seats (shown by New game…)
    seats      one selector per player: Human / Random bot / the game's own bots
    actions    the game's buttons, option buttons, Back, Confirm
    status     what happened, what to do, or why a click was refused (above the board)
    board      a BoardView (MultiCanvas) | beside it: "since your turn" and the rules
    scores     a table
    log        the game log, newest first

A game's widget declares its engine (``GAME``), whether the game has secrets
(``SECRETS``), its board size, its buttons, and how each action is picked in parts
(``parts``); it fills in ``draw_static``, ``draw_dynamic``, ``hit``, ``prompt`` and
``score_html``. What may be clicked comes from a :class:`~railwidgets.ui.choice.Choice`
over ``game.legal_actions()``: no widget keeps its own copy of a rule.

Secrets: the board is drawn from what the seat at the device may see
(:meth:`GameWidget.seen`); with two or more people at the table a cover ("pass the
device to …") stands between them, and Undo takes back only the current person's own
decisions since anyone else last decided. Bots are handed a game built from their
seat's view, never the game itself.

Bots play in a cancellable asyncio task with a short visible pause (``bot_pause``
seconds); with no running event loop (plain Python, tests) they play at once.
Nothing here ever prints: messages go to the status line.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from railwidgets.core.action import Action
from railwidgets.core.bots import Bot, RandomBot, choose, handed
from railwidgets.core.errors import IllegalActionError, RailwidgetsError, RecordError
from railwidgets.core.game import Game
from railwidgets.core.rulebook import RuleBook, UnknownRuleError
from railwidgets.core.search import SearchBot, Thought
from railwidgets.draw.painter import Painter
from railwidgets.draw.svg import SvgPainter, svg_img
from railwidgets.ui.board import BoardView, Frame
from railwidgets.ui.choice import Choice, ChoiceError, Parts
from railwidgets.ui.controls import (
    ChoiceButton,
    NewGameForm,
    SeatChoice,
    close_all,
    on_press,
    save_link,
    seat_dropdown,
    tree,
    uploaded_text,
)
from railwidgets.ui.picks import fields_as_parts
from railwidgets.ui.theme import DARK, MUTED, PAPER, status_html

__all__ = ["HUMAN", "ChoiceButton", "GameWidget", "SeatChoice"]

HUMAN = "human"
#: How many of the moves since a person's turn the side list shows.
RECENT_SHOWN = 12


class GameWidget(widgets.VBox):
    """Base of the three game widgets (see the module docstring)."""

    #: The engine class: New game offers its player counts and options.
    GAME: ClassVar[type[Game]]
    #: Whether seats hold secrets from each other (drawn from views, hot-seat cover).
    SECRETS: ClassVar[bool] = False
    #: Seat kinds by key; games add their own bots.
    SEAT_CHOICES: ClassVar[Mapping[str, SeatChoice]] = {
        HUMAN: ("Human", None),
        "random": ("Random bot", lambda seed: RandomBot(seed)),
        "search": ("Search bot", lambda seed: SearchBot(seed=seed)),
    }
    #: How long the Hint button lets the search bot think for a person (seconds).
    HINT_SECONDS: ClassVar[float] = 1.0
    #: The kind of the seats after the first when no ``seats`` are given.
    DEFAULT_BOT: ClassVar[str] = "random"
    #: The board's canvas size in pixels.
    WIDTH: ClassVar[int] = 900
    HEIGHT: ClassVar[int] = 620
    LAYERS: ClassVar[tuple[str, ...]] = ("static", "pieces", "highlights")
    #: The game's buttons, each bound to a pick.
    BUTTONS: ClassVar[tuple[ChoiceButton, ...]] = ()
    #: Parts picked with one button per option: part -> the label of a value.
    OPTION_BUTTONS: ClassVar[Mapping[str, Callable[[Any], str]]] = {}
    #: Action kinds that wait for Confirm (or Enter) once every part is picked.
    CONFIRM: ClassVar[frozenset[str]] = frozenset()
    #: The rules section for each kind of decision (the Rules panel shows it).
    RULES_FOR: ClassVar[Mapping[str, str]] = {}
    #: Seconds between the frames of an animation.
    FRAME_PAUSE: ClassVar[float] = 0.18
    #: The layers that show the choice in hand, if the game keeps it apart (a pick then
    #: redraws only these: a smaller message, a quicker answer to a click).
    CHOICE_LAYERS: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self,
        players: int | None = None,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        *,
        bot_pause: float = 0.6,
        game: Game | None = None,
        animate: bool = True,
        **options: Any,
    ):
        super().__init__()
        self.bot_pause = bot_pause
        self.animate = animate
        self.bot_task: asyncio.Task[None] | None = None
        self.bots_stopped = False
        self.thinking: int | None = None  # the seat whose bot is choosing, if any
        self._stop_thinking = threading.Event()  # Stop sets it: a searching bot stops at once
        self.hinting = False  # the Hint button's search is running
        self.hint_task: asyncio.Task[None] | None = None
        self.failure = ""  # why the bots stopped by themselves, if they did
        self.game: Game = game if game is not None else self.make_game(players, seed, **options)
        self.seats: list[str] = self._check_seats(seats, self.game.num_players)
        self._bots: list[Bot | None] = []
        self._make_bots()
        self.viewer: int | None = None  # the seat whose eyes are at the device
        self.cover_for: int | None = None  # a person the device must be passed to
        self._deciders: list[int] = []  # who decided each action of the history
        self._marks: dict[int, int] = {}  # seat -> history length after its last decision
        self.choice = Choice.of((), self.parts)
        self._option_buttons: list[widgets.Button] = []
        self._rules = self._rulebook()
        self._build_controls()
        self.board = BoardView(
            *self.board_size(),
            draw_static=self._draw_static,
            draw_dynamic=self._draw_dynamic,
            on_click=self._board_click,
            on_key=self.key,
            layers=self.LAYERS,
        )
        self.board.canvas.on_client_ready(self._client_ready)
        side = widgets.VBox(
            [self.recent_view, self.rules_view],
            layout=widgets.Layout(width="260px", min_width="220px", margin="0 0 0 8px"),
        )
        self.main_row = widgets.HBox(
            [self.board.canvas, side, self.board.style], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.add_class("railwidgets")
        self.add_class(f"railwidgets-{type(self.game).NAME}")
        self.status.add_class("railwidgets-status")
        self.scores.add_class("railwidgets-scores")
        self.recent_view.add_class("railwidgets-recent")
        self.board.canvas.add_class("railwidgets-board")
        self.children = [
            self.toolbar,
            self.settings,
            self.file_row,
            self.seat_row,
            self.action_row,
            self.status,
            self.main_row,
            self.scores,
            self.log_view,
        ]
        opening = self._play_bots_now() if _running_loop() is None else ""
        self._sync_deciders()
        self._settle(opening, static=True)

    # -- for subclasses ---------------------------------------------------------------------

    def board_size(self) -> tuple[int, int]:
        """The board's size in pixels for ``self.game`` (default ``WIDTH`` × ``HEIGHT``)."""
        return (self.WIDTH, self.HEIGHT)

    def make_game(self, players: int | None, seed: int | None, **options: Any) -> Game:
        """A new game (``GAME`` with these settings)."""
        return self.GAME(players=players, seed=seed, **options)

    def parts(self, action: Action) -> Parts:
        """How a person picks ``action`` in parts (default: its kind, then each field)."""
        return fields_as_parts(action)

    def draw_static(self, painter: Painter) -> None:
        """The bottom layer (drawn once per game, and when the viewer changes)."""
        raise NotImplementedError

    def draw_dynamic(self, painter: Painter) -> None:
        """The layers above, from :meth:`seen`, lighting ``self.choice``."""
        raise NotImplementedError

    def hit(self, x: float, y: float) -> tuple[str, Hashable] | None:
        """The pick a click at canvas pixel ``(x, y)`` means, or ``None`` off every target."""
        return None

    def miss(self, x: float, y: float) -> str:
        """What to say when a click hits nothing."""
        return f"Nothing to pick there. {self.prompt()}".strip()

    def refusal(self, part: str, value: Hashable, err: ChoiceError) -> str:
        """What to say when a person picks what the choice does not allow."""
        return f"That cannot be picked now: {err}. {self.prompt()}".strip()

    def animation(self, before: Game, action: Action, after: Game) -> list[Frame]:
        """Frames that show ``action`` unfolding (each drawn on the upper layers, then a pause)."""
        return []

    def score_html(self) -> str:
        return ""

    def event_text(self, line: str) -> str:
        """A log line as a person reads it (a game may name places as its board shows them)."""
        return line

    def events_since(self, mark: int) -> str:
        """The log lines from ``mark`` on, as one status text."""
        return " ".join(self.event_text(line) for line in self.game.log[mark:])

    def prompt(self) -> str:
        """What the seat to play should do now."""
        return ""

    def describe_move(self, seat: int, action: Action) -> str:
        """One line of the "since your turn" list."""
        return f"{self.game.player_name(seat)}: {action}"

    def is_secret(self, seat: int, action: Action, viewer: int | None) -> bool:
        """Whether ``viewer`` may not see ``action`` (decided by ``seat``) yet."""
        return False

    # -- what the device shows --------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def covered(self) -> bool:
        return self.cover_for is not None

    def seen(self) -> Any:
        """What the board may show: the viewer's view when the game has secrets, else the game."""
        if self.SECRETS and self.viewer is not None and not self.game.is_over:
            return self.game.view(self.viewer)
        return self.game

    def _update_viewer(self) -> None:
        """Who is at the device now, and whether a cover must stand between two people.

        One person: always them. Several: the person to decide; with secrets, a cover
        until they press Ready. Only bots, or a finished game: nobody (all is shown).
        """
        humans = self.humans
        seat = self.game.current_player
        self.cover_for = None
        if not humans or self.game.is_over:
            self.viewer = None
        elif len(humans) == 1:
            self.viewer = humans[0]
        elif seat in humans and seat != self.viewer:
            if self.SECRETS and self.viewer is not None:
                self.cover_for = seat
            else:
                self.viewer = seat
        elif self.viewer not in humans:
            self.viewer = humans[0]

    def ready(self) -> None:
        """The cover's Ready button: the person it named now sees the board."""
        if self.cover_for is None:
            self.say("There is no cover to take away.", error=True)
            return
        self.viewer, self.cover_for = self.cover_for, None
        self._settle(static=True)

    def addressee(self, seat: int) -> str:
        """``"You"`` when one person plays against bots and ``seat`` is theirs, else the name."""
        return "You" if self.humans == [seat] else self.game.player_name(seat)

    # -- controls -----------------------------------------------------------------------------

    def _button(
        self, description: str, icon: str, tooltip: str, action: Callable[[], None]
    ) -> widgets.Button:
        button = widgets.Button(
            description=description, icon=icon, tooltip=tooltip, layout=widgets.Layout(width="auto")
        )
        on_press(button, action, lambda text: self.say(text, error=True))
        return button

    def _build_controls(self) -> None:
        self.new_button = self._button(
            "New game…", "plus", "Choose the next game's settings", self.toggle_settings
        )
        self.undo_button = self._button("Undo", "undo", "Take back your last decision", self.undo)
        self.redo_button = self._button("Redo", "repeat", "Play it again", self.redo)
        self.stop_button = self._button("Stop bots", "stop", "Halt the bots", self.toggle_bots)
        self.hint_button = self._button(
            "Hint", "lightbulb-o", "What would the search bot play? (from your view)", self.hint
        )
        self.save_button = self._button("Save", "download", "Save this game as a file", self.save)
        self.rules_button = widgets.ToggleButton(
            description="Rules",
            icon="book",
            tooltip="The rules for the decision in hand",
            layout=widgets.Layout(width="auto"),
        )
        self.rules_button.observe(lambda _: self._update_rules(), "value")
        self.load_input = widgets.FileUpload(
            accept=".json",
            multiple=False,
            description="Load",
            tooltip="Load a saved game",
            layout=widgets.Layout(width="auto"),
        )
        self.load_input.observe(self._uploaded, "value")
        self.toolbar = widgets.HBox(
            [
                self.new_button,
                self.undo_button,
                self.redo_button,
                self.stop_button,
                self.hint_button,
                self.save_button,
                self.load_input,
                self.rules_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.settings = NewGameForm(
            type(self.game),
            self.game.num_players,
            self.game.options,
            self.seats,
            self.SEAT_CHOICES,
            self.DEFAULT_BOT,
        )
        on_press(self.settings.start, self.start_new_game, lambda t: self.say(t, error=True))
        on_press(
            self.settings.cancel,
            lambda: self.settings.show(False),
            lambda t: self.say(t, error=True),
        )
        self.file_row = widgets.HTML()
        self.seat_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.seat_inputs: list[widgets.Dropdown] = []
        self._build_seat_row()
        self.choice_buttons: list[tuple[ChoiceButton, widgets.Button]] = []
        for spec in self.BUTTONS:
            button = self._button(
                spec.description, spec.icon, spec.tooltip, lambda s=spec: self.press(s)
            )
            self.choice_buttons.append((spec, button))
        self.back_button = self._button("Back", "arrow-left", "Step back (Esc)", self.back)
        self.confirm_button = self._button("Confirm", "check", "Do it (Enter)", self.confirm)
        self.confirm_button.button_style = "success"
        self.ready_button = self._button("Ready", "eye", "Show me the board", self.ready)
        self.ready_button.button_style = "warning"
        self.option_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.action_row = widgets.HBox(
            [
                *(b for _, b in self.choice_buttons),
                self.option_row,
                self.back_button,
                *([self.confirm_button] if self.CONFIRM else []),
                self.ready_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.status = widgets.HTML(layout=widgets.Layout(min_height="26px", margin="2px 0 4px 0"))
        self.status_text = ""
        self.status_error = False
        self.recent_view = widgets.HTML()
        self.rules_view = widgets.HTML(
            layout=widgets.Layout(display="none", max_height="420px", overflow="auto")
        )
        self._rules_shown: list[str] = []  # the rules the panel shows (numbers)
        self.scores = widgets.HTML()
        self.log_view = widgets.HTML(
            layout=widgets.Layout(max_height="160px", overflow="auto", border="1px solid #ddd")
        )

    def choice_button(self, description: str) -> widgets.Button:
        """The game's button with this description (``KeyError`` if none)."""
        for spec, button in self.choice_buttons:
            if spec.description == description:
                return button
        raise KeyError(description)

    def _build_seat_row(self) -> None:
        close_all(*self.seat_inputs)
        self.seat_inputs = []
        for seat in range(self.game.num_players):
            dropdown = seat_dropdown(
                f"{seat + 1} {self.game.player_name(seat)}", self.seats[seat], self.SEAT_CHOICES
            )
            dropdown.observe(lambda change, s=seat: self._seat_changed(s, change["new"]), "value")
            self.seat_inputs.append(dropdown)
        self.seat_row.children = self.seat_inputs

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

    def _make_bots(self) -> None:
        base = self.game.seed * 7919
        self._bots = []
        for seat, kind in enumerate(self.seats):
            make = self.SEAT_CHOICES[kind][1]
            self._bots.append(make(base + seat) if make is not None else None)

    def _seat_changed(self, seat: int, kind: str) -> None:
        self.seats[seat] = kind
        self._make_bots()
        self._settle(static=True)

    # -- status, panels, redraw ------------------------------------------------------------------

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` in the status line (an error is marked as such)."""
        self.status_text = text
        self.status_error = error
        self.status.value = status_html(text, error=error)
        if error:
            self._show_cited_rules(text)

    def refresh(self) -> None:
        """Draw the board's upper layers again (one message) and update the panels."""
        self.board.redraw()
        self._update_panels()

    def _show_choice(self) -> None:
        """After a pick: redraw what shows the choice (only its layers, where the game
        keeps it apart) and update the panels."""
        if self.CHOICE_LAYERS:
            self.board.redraw(only=self.CHOICE_LAYERS)
        else:
            self.board.redraw()
        self._update_panels()

    def _draw_static(self, painter: Painter) -> None:
        if self.covered:
            self._draw_cover(painter)
        else:
            self.draw_static(painter)

    def _draw_dynamic(self, painter: Painter) -> None:
        if not self.covered:
            self.draw_dynamic(painter)

    def _draw_cover(self, painter: Painter) -> None:
        """The hot-seat cover: nothing of the game, only whose turn it is."""
        assert self.cover_for is not None
        w, h = self.board.size
        painter.rect(0, 0, w, h, fill=PAPER)
        painter.rect(w * 0.2, h * 0.35, w * 0.6, h * 0.3, fill="#FFFFFF", stroke=DARK, width=2)
        name = self.game.player_name(self.cover_for)
        painter.text(w / 2, h * 0.45, f"Pass the device to {name}", size=26, fill=DARK, bold=True)
        painter.text(
            w / 2,
            h * 0.55,
            f"{name}: press Ready when only you can see the screen.",
            size=15,
            fill=MUTED,
        )

    def _update_panels(self) -> None:
        game = self.game
        human_turn = self._is_human_turn()
        self.undo_button.disabled = not self._can_take_back()
        self.redo_button.disabled = not self._can_redo()
        has_bots = any(kind != HUMAN for kind in self.seats)
        self.stop_button.disabled = not has_bots or game.is_over
        self.stop_button.description = "Run bots" if self.bots_stopped else "Stop bots"
        self.stop_button.icon = "play" if self.bots_stopped else "stop"
        self.hint_button.disabled = not (human_turn and not self.covered) or self.hinting
        self.scores.value = self.score_html()
        for seat, dropdown in enumerate(self.seat_inputs):  # names can change (sides chosen)
            label = f"{seat + 1} {game.player_name(seat)}"
            if dropdown.description != label:
                dropdown.description = label
        lines = list(game.log)[-200:]
        items = "".join(f"<li>{escape(self.event_text(line))}</li>" for line in reversed(lines))
        self.log_view.value = (
            "<div style='font-size:12px'><b>Game log</b> (newest first)"
            f"<ul style='margin:2px 0;padding-left:18px'>{items}</ul></div>"
        )
        self.recent_view.value = "" if self.covered else self._recent_html()
        choosing = human_turn and not self.covered
        choice = self.choice
        for spec, button in self.choice_buttons:
            button.disabled = not (choosing and self._button_allowed(spec))
            picked = (
                choice.has(spec.part) and choice.picked(spec.part) == spec.value and not spec.step
            )
            button.button_style = "info" if picked else ""
        self._update_option_buttons(choosing)
        self.back_button.disabled = not (choosing and choice.picks)
        self.confirm_button.disabled = not (choosing and choice.complete)
        self.ready_button.layout.display = "" if self.covered else "none"
        self._update_rules()

    def _button_allowed(self, spec: ChoiceButton) -> bool:
        """A button works when its part is the one to pick next (or picked, to change it)
        and the engine allows its value (a cycling button: any value)."""
        choice = self.choice
        if spec.part != choice.next_part and not choice.has(spec.part):
            return False
        options = choice.options(spec.part)
        return bool(options) and (bool(spec.step) or spec.value in options)

    def _update_option_buttons(self, choosing: bool) -> None:
        wanted: list[tuple[str, Hashable]] = []
        if choosing:
            for part in self.OPTION_BUTTONS:
                if part == self.choice.next_part or self.choice.has(part):
                    wanted += [(part, value) for value in self.choice.options(part)]
        current = [(b._railwidgets_pick, b) for b in self._option_buttons]  # type: ignore[attr-defined]
        if [pick for pick, _ in current] == wanted:
            for pick, button in current:
                button.button_style = (
                    "info" if self.choice.picks and pick in self.choice.picks else ""
                )
            return
        close_all(*self._option_buttons)
        self._option_buttons = []
        for part, value in wanted:
            label = self.OPTION_BUTTONS[part](value)
            button = self._button(label, "", label, lambda p=part, v=value: self.pick(p, v))
            button._railwidgets_pick = (part, value)  # type: ignore[attr-defined]
            self._option_buttons.append(button)
        self.option_row.children = self._option_buttons

    def _recent_html(self) -> str:
        moves = self.recent()
        if not moves:
            return ""
        who = self.viewer
        title = "Since your turn" if who is not None and who in self._marks else "So far"
        shown = moves[-RECENT_SHOWN:]
        first = len(moves) - len(shown) + 1
        items = "".join(
            f"<li>{escape(self.describe_move(seat, action))}</li>" for seat, action in shown
        )
        return (
            f"<div style='font-size:13px'><b>{title}</b>"
            f"<ol start='{first}' style='margin:2px 0;padding-left:22px'>{items}</ol></div>"
        )

    def full_prompt(self) -> str:
        """The game's prompt, and a reminder when a stopped bot is to play."""
        seat = self.game.current_player
        if self.cover_for is not None:
            name = self.game.player_name(self.cover_for)
            return f"Pass the device to {name}, who presses Ready."
        if seat is not None and self.bots_stopped and self.seats[seat] != HUMAN:
            return f"{self.prompt()} The bots are stopped: press Run bots.".strip()
        return self.prompt()

    def _is_human_turn(self) -> bool:
        seat = self.game.current_player
        return seat is not None and self.seats[seat] == HUMAN

    def seat_label(self, seat: int) -> str:
        return self.SEAT_CHOICES[self.seats[seat]][0]

    # -- rules at hand ------------------------------------------------------------------------

    def _rulebook(self) -> RuleBook | None:
        try:
            return RuleBook.for_game(type(self.game).NAME)
        except UnknownRuleError:
            return None

    def rules_in_hand(self) -> list[str]:
        """The rule numbers for the decision in hand (from ``RULES_FOR``)."""
        if self.game.is_over:
            return [self.RULES_FOR["over"]] if "over" in self.RULES_FOR else []
        kinds = dict.fromkeys(a.kind for a in self.choice.candidates) if self.choice.actions else {}
        if not kinds:
            kinds = dict.fromkeys(a.kind for a in self.game.legal_actions())
        return list(dict.fromkeys(self.RULES_FOR[k] for k in kinds if k in self.RULES_FOR))

    def _show_cited_rules(self, text: str) -> None:
        if self._rules is not None:
            cited = [s.number for s in self._rules.explain(text)]
            if cited:
                self._rules_shown = cited
                self._render_rules()

    def _update_rules(self) -> None:
        if not self.status_error:
            self._rules_shown = self.rules_in_hand()
        self._render_rules()

    def _render_rules(self) -> None:
        show = self.rules_button.value and self._rules is not None
        self.rules_view.layout.display = "" if show else "none"
        if not show or self._rules is None:
            return
        parts = []
        for number in self._rules_shown:
            with contextlib.suppress(UnknownRuleError):
                parts.append(self._rules.section(number).html())
        body = "".join(parts) or "<p>Open the rules reference for the whole game.</p>"
        self.rules_view.value = f"<div style='font-size:13px'>{body}</div>"

    # -- playing ---------------------------------------------------------------------------------------

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel ``(x, y)``, exactly as the browser sends it."""
        self.board.click(x, y)

    def _board_click(self, x: float, y: float) -> None:
        if not self._may_pick():
            return
        if not _on_canvas(x, y, self.board.size):
            self.say("That click is off the board.", error=True)
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
            self.say("The game is over: press New game… to play again.", error=True)
            return False
        if self.covered:
            self.say(self.full_prompt(), error=True)
            return False
        seat = game.current_player
        assert seat is not None
        if self.seats[seat] != HUMAN:
            then = (
                "press Run bots, or make that seat Human."
                if self.bots_stopped
                else "wait for it, or stop the bots and make that seat Human."
            )
            self.say(
                f"It is {game.player_name(seat)}'s turn ({self.seat_label(seat)}): {then}",
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
            self.pick(spec.part, spec.value)

    def _choose(self, choice: Choice) -> None:
        self.choice = choice
        only = choice.only
        if choice.complete and only is not None and only.kind not in self.CONFIRM:
            self.play(only)
            return
        self.say(self.full_prompt())
        self._show_choice()

    def back(self) -> None:
        """Back (or Esc): forget the last part picked."""
        if not self.choice.picks:
            self.say(f"Nothing is picked yet. {self.full_prompt()}".strip(), error=True)
            return
        self.choice = self.choice.back()
        self.say(self.full_prompt())
        self._show_choice()

    def confirm(self) -> None:
        """Confirm (or Enter): do the decision picked in full."""
        only = self.choice.only
        if not self.choice.complete or only is None:
            self.say(f"Nothing to confirm yet. {self.full_prompt()}".strip(), error=True)
            return
        self.play(only)

    def key(self, key: str) -> None:
        """A key pressed while the board has focus: a button's key, Esc (Back), Enter (Confirm)."""
        if key == "Escape":
            self.back()
        elif key == "Enter":
            self.confirm()
        else:
            for spec, button in self.choice_buttons:
                if spec.key and spec.key.lower() == str(key).lower():
                    if button.disabled:
                        self.say(f"{spec.description} is not available now.", error=True)
                    else:
                        self.press(spec)
                    return
            keys = [f"{s.key.upper()} {s.description}" for s, _ in self.choice_buttons if s.key]
            known = ", ".join([*keys, "Esc back", "Enter confirm"])
            self.say(f"The key {key!r} does nothing here (keys: {known}).", error=True)

    def play(self, action: Action) -> bool:
        """Apply ``action`` for the seat to play; on an illegal one, say why and change nothing."""
        seat = self.game.current_player
        before = self.game.copy() if self.animate else self.game
        mark = len(self.game.log)
        try:
            self.game.apply(action)
        except IllegalActionError as err:
            self.say(str(err), error=True)
            return False
        assert seat is not None
        self._decided(seat)
        frames = self.animation(before, action, self.game) if self.animate else []
        self._settle(self.events_since(mark), frames=frames)
        return True

    def _decided(self, seat: int) -> None:
        self._deciders.append(seat)
        self._marks[seat] = len(self.game.history)

    def _sync_deciders(self) -> None:
        """Work out who decided each action of the history (after a game was set or loaded)."""
        probe = self.game.copy()
        deciders: list[int] = []
        while probe.can_undo:
            probe.undo()
            seat = probe.current_player
            deciders.append(-1 if seat is None else seat)
        self._deciders = deciders[::-1]
        self._marks = {}
        for i, seat in enumerate(self._deciders):
            self._marks[seat] = i + 1

    def recent(self) -> list[tuple[int, Action]]:
        """The moves since the viewer last decided (the whole game so far if never), less secrets."""
        history = self.game.history
        if len(self._deciders) != len(history):
            self._sync_deciders()
        start = (
            self._marks.get(self.viewer, 0)
            if self.viewer is not None
            else max(0, len(history) - RECENT_SHOWN)
        )
        return [
            (self._deciders[i], history[i])
            for i in range(start, len(history))
            if not self.is_secret(self._deciders[i], history[i], self.viewer)
        ]

    def _settle(
        self, events: str = "", *, static: bool = False, frames: Sequence[Frame] = ()
    ) -> None:
        """After a change: bots play (at once without an event loop), then one redraw."""
        if _running_loop() is None:
            events = f"{events} {self._play_bots_now()}"
        viewer, cover = self.viewer, self.cover_for
        self._update_viewer()
        static = static or (viewer, cover) != (self.viewer, self.cover_for)
        self._new_choice()
        self.say(self._after(events))
        self._animate(frames, static)
        self._update_panels()
        self._schedule_bots()

    def _animate(self, frames: Sequence[Frame], static: bool) -> None:
        """One redraw with the frames played first. A pick made while the page still plays
        them is drawn after them (the page runs the batches in order)."""
        self.board.redraw(static=static, frames=frames, pause=self.FRAME_PAUSE)

    def _after(self, events: str) -> str:
        """The status after a move: what happened and what to do now; once the game is
        over, the result alone (the last events are in the log)."""
        if self.game.is_over:
            return self.full_prompt()
        return f"{events.strip()} {self.full_prompt()}".strip()

    def _new_choice(self) -> None:
        if self._is_human_turn() and not self.covered:
            self.choice = Choice.from_game(self.game, self.parts)
        else:
            self.choice = Choice.of((), self.parts)

    # -- new games, saved games ------------------------------------------------------------------

    def toggle_settings(self) -> None:
        """New game…: show or hide the next game's settings."""
        self.settings.show(not self.settings.shown)

    def start_new_game(self) -> None:
        """Start: a new game with the settings shown (a bad one is refused, the game plays on)."""
        try:
            players, seed, options, seats = self.settings.read()
            game = self.make_game(players, seed, **options)
        except (RailwidgetsError, ValueError) as err:
            self.say(str(err), error=True)
            return
        self.seats = list(seats)
        self.settings.show(False)
        self.set_game(game, f"New game, seed {game.seed}.")

    def new_game(self, players: int | None = None, seed: int | None = None, **options: Any) -> None:
        """Start again with these settings (those not given: the current game's)."""
        players = self.game.num_players if players is None else players
        kept = {k: v for k, v in self.game.options.items() if k != "players"}
        try:
            game = self.make_game(players, seed, **{**kept, **options})
        except (RailwidgetsError, ValueError) as err:
            self.say(str(err), error=True)
            return
        self.set_game(game, f"New game, seed {game.seed}.")

    def set_game(self, game: Game, message: str = "") -> None:
        """Show ``game`` (a prepared position, say) and play on from it.

        Call it too after changing ``widget.game`` directly (``widget.game.apply(...)``).
        """
        self._cancel_bots()
        if game.num_players != len(self.seats):
            self.seats = [
                self.seats[i] if i < len(self.seats) else self.DEFAULT_BOT
                for i in range(game.num_players)
            ]
        self.game = game
        self.viewer = self.cover_for = None
        if self.board_size() != self.board.size:
            self.board.resize(*self.board_size())
        self._build_seat_row()
        self._make_bots()
        self._sync_deciders()
        self.file_row.value = ""
        self._settle(message, static=True)

    def save(self) -> None:
        """Save: offer the game's record as a file to download."""
        name = f"{type(self.game).NAME}-seed{self.game.seed}-move{len(self.game.history)}.json"
        self.file_row.value = save_link(self.game.to_json(indent=1), name)
        self.say(f"Saved: click the link to download {name}. Load it back with Load.")

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        if not change["new"]:
            return
        try:
            game = type(self.game).from_json(uploaded_text(change["new"]))
        except (RecordError, ValueError) as err:
            self.say(
                f"That file was not loaded: {err}. The game on screen is unchanged.", error=True
            )
        else:
            self.set_game(game, f"Loaded a saved game ({len(game.history)} moves).")
        finally:
            self.load_input.unobserve(self._uploaded, "value")
            self.load_input.value = ()
            self.load_input.observe(self._uploaded, "value")

    # -- undo ----------------------------------------------------------------------------------

    def _strict(self) -> bool:
        """Hot-seat with secrets: Undo takes back only the current person's own decisions."""
        return self.SECRETS and len(self.humans) >= 2

    def _can_take_back(self) -> bool:
        """Whether Undo has something to take back.

        Hot-seat with secrets: the viewer's own decisions since anyone else decided.
        With a person at the table: a person's decision (bots' moves are taken back
        with it). With only bots: any move.
        """
        game = self.game
        if not game.can_undo or self.covered:
            return False
        if len(self._deciders) != len(game.history):
            self._sync_deciders()
        if self._strict():
            return bool(self._deciders) and self._deciders[-1] == self.viewer
        if not self.humans:
            return True
        return any(self.seats[s] == HUMAN for s in self._deciders if s >= 0)

    def _can_redo(self) -> bool:
        return self.game.can_redo and not (self._strict() and self.covered)

    def undo(self) -> None:
        """Take back the last person's decision (and the bots' moves after it).

        Hot-seat with secrets: only your own last decision. With only bots at the
        table: one move, and the bots stop.
        """
        if not self._can_take_back():
            why = (
                "Undo takes back only your own decisions since anyone else last decided."
                if self._strict() and self.game.can_undo
                else "There is nothing to undo."
            )
            self.say(why, error=True)
            return
        self._cancel_bots()
        game = self.game
        taken = [game.undo()]
        seat = self._deciders.pop()
        if self.humans and not self._strict():
            while self.seats[seat] != HUMAN:
                taken.append(game.undo())
                seat = self._deciders.pop()
        elif not self.humans:
            self.bots_stopped = True
        self._marks = {}
        for i, s in enumerate(self._deciders):
            self._marks[s] = i + 1
        bot_moves = len(taken) - 1
        also = (
            f" and {bot_moves} bot move{'s' if bot_moves != 1 else ''} after it"
            if bot_moves
            else ""
        )
        self._settle(f"Took back {game.player_name(seat)}'s {taken[-1]}{also}.")

    def redo(self) -> None:
        """Play again what was undone (up to the next person's decision)."""
        if not self._can_redo():
            self.say("There is nothing to redo.", error=True)
            return
        self._cancel_bots()
        game = self.game
        seat = game.current_player
        redone = game.redo()
        self._decided(-1 if seat is None else seat)
        if self.humans and not self._strict():
            while game.can_redo and not game.is_over and not self._is_human_turn():
                seat = game.current_player
                game.redo()
                self._decided(-1 if seat is None else seat)
        self._settle(f"Played again: {redone}.")

    # -- bots -------------------------------------------------------------------------------------------

    def toggle_bots(self) -> None:
        """The Stop button: halt the bots, or let them play again."""
        if self.bots_stopped:
            self.bots_stopped = False
            self._settle("Bots running.")
        else:
            self.stop()

    def stop(self) -> None:
        """Halt the bots (they wait until Run bots is pressed)."""
        self._cancel_bots()
        self.bots_stopped = True
        seat = self.game.current_player
        who = "" if seat is None else f" {self.game.player_name(seat)} is to play."
        self.say(f"Bots stopped.{who} Press Run bots to let them play.")
        self._update_panels()

    def _cancel_bots(self) -> None:
        self._stop_thinking.set()  # a searching bot stops at its next iteration
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        self.bot_task = None
        self.thinking = None

    def hint(self) -> None:
        """Hint: the search bot, from the person's own view, lights the move it would play."""
        if not self._may_pick():
            return
        seat = self.game.current_player
        assert seat is not None
        moment = len(self.game.history)
        handed = self.bot_game(seat)  # built from the person's view: no peeking for hints
        bot = SearchBot(seconds=self.HINT_SECONDS, seed=self.game.seed + moment)
        loop = _running_loop()
        if loop is None:  # plain Python, tests: think at once
            self._show_hint(seat, moment, bot.think(handed))
            return
        self.hinting = True
        self._stop_thinking = threading.Event()
        self.say(f"The search bot is thinking for {self.game.player_name(seat)}…")
        self._update_panels()
        self.hint_task = loop.create_task(self._hint_later(bot, handed, seat, moment))

    async def _hint_later(self, bot: SearchBot, handed: Game, seat: int, moment: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            thought = await loop.run_in_executor(None, bot.think, handed, self._stop_thinking)
        except Exception as err:  # a failing hint must show, not vanish
            self.say(f"The hint failed: {err!r}", error=True)
            return
        finally:
            self.hinting = False
        self._show_hint(seat, moment, thought)

    def _show_hint(self, seat: int, moment: int, thought: Thought) -> None:
        game = self.game
        if game.current_player != seat or len(game.history) != moment or thought.cancelled:
            self._update_panels()  # the game moved on (or Stop was pressed) meanwhile
            return
        choice = Choice.from_game(game, self.parts)
        for part, value in self.parts(thought.action):
            choice = choice.pick(part, value)
        self.choice = choice  # lit, not played: picking it (or Confirm) plays it
        self.say(f"Hint: {thought.reason}. Pick it to play it.")
        self.refresh()

    def _client_ready(self, *_: object) -> None:
        """A page has just shown the board: send it every control's state again.

        A page that connects while the kernel plays on (Voilà runs the notebook, then the
        page asks for the widgets' state) can miss an update sent between that answer and
        its listening: after a bot's move the status line would tell of the move before
        until the next one. The board draws itself again (:class:`BoardView`); the rest is
        sent again here.
        """
        for widget in tree(self):
            if widget is not self.board.canvas:
                widget.send_state()

    def _bot_to_play(self) -> Bot | None:
        seat = self.game.current_player
        if seat is None or self.bots_stopped:
            return None
        return self._bots[seat]

    def bot_game(self, seat: int) -> Game:
        """What a bot of ``seat`` is handed: a game built from that seat's view alone
        (:func:`railwidgets.core.bots.handed`): the hidden rest (a deck order, a bag,
        other seats' secret choices) is sampled, so the bot cannot read the real one."""
        return handed(self.game, seat)

    def _bot_step(self, bot: Bot) -> str | None:
        """One bot move: its events, or ``None`` when the bot failed (the bots then stop)."""
        seat = self.game.current_player
        assert seat is not None
        try:
            action = bot.choose(self.bot_game(seat))
        except Exception as err:  # a broken bot must not break the widget, nor go unseen
            return self._bot_failed(err)
        return self._apply_bot(seat, action)

    def _apply_bot(self, seat: int, action: Action) -> str | None:
        mark = len(self.game.log)
        try:
            self.game.apply(action)
        except Exception as err:
            return self._bot_failed(err)
        self._decided(seat)
        return self.events_since(mark)

    def _bot_failed(self, err: BaseException) -> None:
        self.bots_stopped = True
        self.failure = f"The bot failed: {err!r}; bots stopped."
        return None

    def _play_bots_now(self) -> str:
        """Without an event loop (plain Python, tests) the bots play at once; their last events."""
        mark = len(self.game.log)
        while (bot := self._bot_to_play()) is not None:
            if self._bot_step(bot) is None:
                return self.failure
        return self.events_since(max(mark, len(self.game.log) - 3))

    def _schedule_bots(self) -> None:
        loop = _running_loop()
        if self._bot_to_play() is None or loop is None:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = loop.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while (bot := self._bot_to_play()) is not None:
            await asyncio.sleep(self.bot_pause)
            if self._bot_to_play() is not bot:
                continue
            seat, moment = self.game.current_player, len(self.game.history)
            assert seat is not None
            self.thinking = seat
            if isinstance(bot, SearchBot):  # it takes a while: say so beside the last events
                name = self.game.player_name(seat)
                self.say(f"{self.status_text} {name} ({self.seat_label(seat)}) is thinking…")
            try:
                handed = self.bot_game(seat)
                self._stop_thinking = threading.Event()  # Stop sets it
                # the bot thinks in a thread: the page, Stop and other widgets keep answering
                action = await loop.run_in_executor(None, choose, bot, handed, self._stop_thinking)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                self._bot_failed(err)
                self.say(self.failure, error=True)
                self._update_panels()
                return
            finally:
                self.thinking = None
            if self._bot_to_play() is not bot or len(self.game.history) != moment:
                continue  # the game changed while it thought (undo, a new game)
            before = self.game.copy() if self.animate else self.game
            events = self._apply_bot(seat, action)
            try:
                if events is None:
                    self.say(self.failure, error=True)
                    self._update_panels()
                    return
                frames = self.animation(before, action, self.game) if self.animate else []
                shown = (self.viewer, self.cover_for)
                self._update_viewer()
                self._new_choice()
                self.say(self._after(events))
                static = shown != (self.viewer, self.cover_for)
                self._animate(frames, static)
                self._update_panels()
            except Exception as err:  # a drawing failure must show, not end the task unseen
                self.bots_stopped = True
                self.say(f"The board could not be drawn: {err!r}; bots stopped.", error=True)
                return

    async def wait_for_bots(self) -> None:
        """Wait until the bots have nothing more to play (for notebooks and tests)."""
        while self.bot_task is not None and not self.bot_task.done():
            with contextlib.suppress(asyncio.CancelledError):
                await self.bot_task

    def close(self) -> None:
        """Close the widget, and everything it made: the bots stop and nothing is drawn any more."""
        self._cancel_bots()
        self.bots_stopped = True
        self.board.close()
        close_all(*[c for c in self.children if c is not self.board.canvas])
        close_all(*self._option_buttons, self.ready_button, self.confirm_button, self.back_button)
        self.layout.close()
        super().close()

    # -- pictures -----------------------------------------------------------------------------------------

    def to_svg(self) -> str:
        """The board as SVG, exactly as the widget shows it now (the same drawing code,
        so a secret the canvas hides, the picture hides too)."""
        painter = SvgPainter(*self.board.size, layers=self.LAYERS)
        painter.layer(self.LAYERS[0])
        self._draw_static(painter)
        self._draw_dynamic(painter)
        return painter.to_svg()

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, and a picture of its board for wherever widgets do not run
        (GitHub, nbviewer, a saved notebook opened before it is run)."""
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        with contextlib.suppress(Exception):  # a picture is a courtesy: never break display
            svg = self.to_svg()
            bundle["image/svg+xml"] = svg
            # a notebook not yet run is untrusted in JupyterLab, which then shows only
            # "safe" output: an <img> of the picture is, the SVG itself is not
            bundle["text/html"] = svg_img(svg)
        return bundle


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


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
