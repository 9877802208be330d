"""The shared controls of a game widget, and the plumbing behind them.

:class:`GameWidget` is a ``VBox`` of stock widgets::

    toolbar    New game… · Undo · Redo · Stop bots · Hint · Save · Load · Rules
    settings   the next game's players, seed, options and seats (shown by New game…)
    seats      one selector per player: Human / Random bot / the game's own bots
    actions    the game's buttons, option buttons, Back, Confirm
    status     what to do now, or why a click was refused: two lines at most, above the
               board, which therefore never moves; it changes when the board has shown
               the moves it follows (an animation plays first)
    board      a BoardView (MultiCanvas) | beside it: "since your turn" (the moves, and
               what each led to) and the rules
    scores     a table
    log        the game log, newest first

A game's widget declares its engine (``GAME``), whether the game has secrets
(``SECRETS``), its board size, its buttons, and how each action is picked in parts
(``parts``); it fills in ``draw_static``, ``draw_dynamic``, ``hit``, ``prompt`` and
``score_html``. What may be clicked comes from a :class:`~railwidgets.ui.choice.Choice`
over ``game.legal_actions()``: no widget keeps its own copy of a rule.

Each concern has its own module, and this one puts them together:

- :mod:`railwidgets.ui.device`: who is at the device, and the hot-seat cover. The board
  is drawn from what that seat may see (:meth:`GameWidget.seen`); with two or more
  people a cover stands between them;
- :mod:`railwidgets.ui.picking`: a person's picks: clicks, the game's buttons, keys,
  Back and Confirm;
- :mod:`railwidgets.ui.takeback`: Undo and Redo (in hot-seat with secrets, only the
  current person's own decisions since anyone else last decided);
- :mod:`railwidgets.ui.botplay`: the bots and the Hint, and when they play (bots are
  handed a game built from their seat's view, never the game itself);
- :mod:`railwidgets.ui.saving`: Save and Load, and the offer to resume a kept game;
- :mod:`railwidgets.ui.seating`: who plays each seat, and New game…'s form for the next game;
- :mod:`railwidgets.ui.recent`: the moves since your turn, less what is secret from you;
- :mod:`railwidgets.ui.table_play`: playing at a table, each person at their own browser;
- :mod:`railwidgets.ui.decision`: the row of buttons for the decision in hand;
- :mod:`railwidgets.ui.rules_panel`: the Rules panel.

Nothing here ever prints: messages go to the status line. Players are called by their
names everywhere a player reads (status, the "since your turn" list, log, hint), never
by a seat number.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from railwidgets.core.action import Action
from railwidgets.core.errors import IllegalActionError, RailwidgetsError
from railwidgets.core.game import Game
from railwidgets.core.puzzles import Puzzle
from railwidgets.draw.painter import Painter
from railwidgets.draw.svg import SvgPainter, board_alt, svg_img
from railwidgets.i18n import N_, _, check_language, tr, tr_error, use
from railwidgets.ui.access import AccessiblePlay
from railwidgets.ui.board import BoardView, Frame
from railwidgets.ui.botplay import BotPlay, running_loop
from railwidgets.ui.choice import Choice, ChoiceError, Parts
from railwidgets.ui.controls import (
    ChoiceButton,
    SeatChoice,
    close_all,
    on_press,
    seat_choices,
    tree,
)
from railwidgets.ui.decision import DecisionRow, button
from railwidgets.ui.device import AtTheDevice, Device, draw_cover
from railwidgets.ui.language import make_speaking, relabel
from railwidgets.ui.picking import Picking
from railwidgets.ui.picks import fields_as_parts
from railwidgets.ui.puzzle_play import PuzzlePlay
from railwidgets.ui.recent import RECENT_SHOWN, SinceYourTurn
from railwidgets.ui.rules_panel import RulesPanel
from railwidgets.ui.saving import Autosave, KeptGames, Resumable, SaveLoad
from railwidgets.ui.seating import HUMAN, Seating
from railwidgets.ui.table_play import TablePlay
from railwidgets.ui.takeback import TakeBack
from railwidgets.ui.theme import SIDE_CLASS, STATUS_HEIGHT, status_html

__all__ = ["HUMAN", "RECENT_SHOWN", "ChoiceButton", "GameWidget", "SeatChoice"]


class GameWidget(
    PuzzlePlay,
    TablePlay,
    Seating,
    BotPlay,
    AccessiblePlay,
    SinceYourTurn,
    KeptGames,
    Picking,
    TakeBack,
    AtTheDevice,
    widgets.VBox,
):
    """Base of the three game widgets (see the module docstring)."""

    #: The engine class: New game offers its player counts and options.
    GAME: ClassVar[type[Game]]
    #: Whether seats hold secrets from each other (drawn from views, hot-seat cover).
    SECRETS: ClassVar[bool] = False
    #: Seat kinds by key; games add their own bots.
    SEAT_CHOICES: ClassVar[Mapping[str, SeatChoice]] = seat_choices()
    #: How long the Hint button lets the search bot think for a person (seconds), and,
    #: if set, a number of iterations that ends its search first (a reproducible hint).
    HINT_SECONDS: ClassVar[float] = 1.0
    HINT_ITERATIONS: ClassVar[int | None] = None
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
        bot_seed: int = 0,
        game: Game | None = None,
        animate: bool = True,
        autosave: str | None = None,
        table: Any = None,
        seat: int | None = None,
        token: str | None = None,
        store: Any = None,
        accessible: bool | None = None,
        puzzle: int | None = None,
        **options: Any,
    ):
        super().__init__()
        self._accessible = self.ACCESSIBLE if accessible is None else bool(accessible)
        self.autosave = Autosave(autosave) if autosave is not None else None
        self.animate = animate
        self._init_bots(bot_pause, bot_seed)
        self.game: Game = game if game is not None else self.make_game(players, seed, **options)
        self.seats: list[str] = self._check_seats(seats, self.game.num_players)
        self._make_bots()
        self.device = Device()
        self.choice = Choice.of((), self.parts)
        self._build_controls()
        self._init_table()  # playing at a table: railwidgets.ui.table_play
        self.board = BoardView(
            *self.board_size(),
            draw_static=self._draw_static,
            draw_dynamic=self._draw_dynamic,
            on_click=self._board_click,
            on_key=self.key,
            layers=self.LAYERS,
        )
        self.board.canvas.on_client_ready(self._client_ready)
        self._build_keyboard()
        side = widgets.VBox(  # beside the board when 220 px are left, else below it
            [self.recent_view],
            layout=widgets.Layout(
                flex="1 1 220px", max_width="260px", min_width="220px", margin="0 0 0 8px"
            ),
        )
        side.add_class(SIDE_CLASS)  # as tall as the board, the list scrolls (theme.BOARD_CSS)
        self.main_row = widgets.HBox(
            [self.board.canvas, side, *self.board.unseen],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.add_class("railwidgets")
        self.add_class(f"railwidgets-{type(self.game).NAME}")
        self.status.add_class("railwidgets-status")
        self.scores.add_class("railwidgets-scores")
        self.recent_view.add_class("railwidgets-recent")
        self.board.canvas.add_class("railwidgets-board")
        self._offer: Resumable | None = None  # a kept game offered to resume
        self._build_resume_row()
        self.rules_view.add_class("railwidgets-rules")
        self.toolbar.add_class("railwidgets-toolbar")
        # the seats follow the toolbar on its row when they fit (one row less above the board)
        self.top_row = widgets.HBox(
            [self.toolbar, self.seat_row],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        # an offer to resume sits beside the status, in its fixed height: when it goes
        # (Resume, Start fresh, or a first move) nothing below moves
        self.status_row = widgets.HBox(
            [self.resume_row, self.status], layout=widgets.Layout(align_items="center")
        )
        self.children = [
            self.top_row,
            self.puzzle_box,
            self.rules_view,
            self.settings_slot,
            self.action_row,
            self.status_row,
            self.main_row,
            self.below_board,
            self.companion.panel,
            self.scores,
            self.log_view,
        ]
        self.device.sync(self.game)
        self._settle(static=True)
        if puzzle is not None:  # Puzzles mode from the start: railwidgets.ui.puzzle_play
            self.open_puzzle(puzzle)
            if self.puzzle is None:
                self.close()
                raise ValueError(self.status_text)
        if table is not None:  # (table, seat, token): see join
            try:
                self.join(table, seat, token, store=store)
            except BaseException:
                self.close()  # refused (a wrong token, say): nothing is left behind
                raise

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's widget speaks its language in its own entry points too (``lang=``)."""
        super().__init_subclass__(**kwargs)
        make_speaking(cls)

    # -- language ------------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        """The language the widget speaks: ``"en"``, ``"ru"``, ``"es"`` or ``"pl"``.

        Setting it says everything again in that language, in place (the game, the
        seats, the bots and the picks in hand stay as they are); an unknown code is
        refused with the list of languages, and nothing changes.
        """
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.set_language(value)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on (see :attr:`lang`)."""
        code = check_language(lang)  # refused before anything changes
        self._lang = code
        with use(code):
            running = self.bot_task is not None
            self._cancel_bots()  # a bot's move on its way is told in the new language
            relabel(tree(self))
            close_all(*self.decision.option_buttons)  # said again by _update_panels
            self.decision.option_buttons = []
            if self._settings is not None:
                self._settings.language.value = code
                self._settings.speak()
            self._build_seat_row()
            self.rules.set_language(code)
            self.files.speak(code)
            if self.board_size() != self.board.size:  # words of another length (a panel)
                self.board.resize(*self.board_size())
            self.board.redraw(static=True)
            self._update_panels()
            self.say(self.full_prompt())
            if running:
                self._schedule_bots()

    def _loaded(self, game: Game) -> None:
        """Load: play on from a saved game."""
        self.set_game(game, _("Loaded a saved game ({n} moves).").format(n=len(game.history)))

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
        return _("Nothing to pick there. {prompt}").format(prompt=self.prompt()).strip()

    def refusal(self, part: str, value: Hashable, err: ChoiceError) -> str:
        """What to say when a person picks what the choice does not allow: that it cannot
        be, then what to do (the prompt names what may be picked; the choice's own reason,
        "that square cannot be picked now; first pick a cart", said it twice, in English)."""
        return _("That cannot be picked now. {prompt}").format(prompt=self.prompt()).strip()

    def animation(self, before: Game, action: Action, after: Game) -> list[Frame]:
        """Frames that show ``action`` unfolding (each drawn on the upper layers, then a pause)."""
        return []

    def score_html(self) -> str:
        return ""

    def event_text(self, line: str) -> str:
        """A log line (or an engine's refusal) as a person reads it (a game may name places
        as its board shows them, and players by their names)."""
        return line

    def line_words(self, line: object) -> str:
        """A log line or an engine's refusal (a :class:`~railwidgets.i18n.Text`) in the
        widget's language, as a person reads it (:meth:`event_text`)."""
        return self.event_text(tr(line))

    def consequences(self, seat: int, action: Action, lines: Sequence[str]) -> list[str]:
        """What ``action`` led to, for the "since your turn" list: the log ``lines`` it wrote,
        as a person reads them, less the one that only says the move again."""
        said = f"{self.game.player_name(seat)}: {action}"
        move = self.describe_move(seat, action)  # the entry itself, in the person's words
        events = (self.line_words(line) for line in lines if line != said)
        return [words for words in events if words != move]

    def prompt(self) -> str:
        """What the seat to play should do now: one short sentence."""
        return ""

    def continue_prompt(self) -> str:
        """What the status says while a revealed picture waits for Continue."""
        return _("Press Continue when everyone has seen it.")

    def holds_after(self, action: Action) -> bool:
        """Whether the picture after ``action`` waits for Continue when two or more people
        share the device (it revealed everyone's secret moves: a Twisty Tracks round)."""
        return False

    def describe_move(self, seat: int, action: Action) -> str:
        """One line of the "since your turn" list."""
        return f"{tr(self.game.player_name(seat))}: {self.move_words(action)}"

    def move_words(self, action: Action) -> str:
        """``action`` as a person says it, a clause ("build red from slot 3 at E4")."""
        return self.event_text(tr(action.words()) if hasattr(action, "words") else str(action))

    def is_secret(self, seat: int, action: Action, viewer: int | None) -> bool:
        """Whether ``viewer`` may not see ``action`` (decided by ``seat``) yet."""
        return False

    # -- controls -----------------------------------------------------------------------------

    def _button(
        self, description: str, icon: str, tooltip: str, action: Callable[[], None]
    ) -> widgets.Button:
        return button(description, icon, tooltip, action, self._refuse)

    def _refuse(self, text: str) -> None:
        self.say(text, error=True)

    def _build_controls(self) -> None:
        self.new_button = self._button(
            N_("New game…"), "plus", N_("Choose the next game's settings"), self.toggle_settings
        )
        self.undo_button = self._button(
            N_("Undo"), "undo", N_("Take back your last decision"), self._then_board(self.undo)
        )
        self.redo_button = self._button(
            N_("Redo"), "repeat", N_("Play it again"), self._then_board(self.redo)
        )
        self.stop_button = self._button(
            N_("Stop bots"), "stop", N_("Halt the bots"), self.toggle_bots
        )
        self.hint_button = self._button(
            N_("Hint"),
            "lightbulb-o",
            N_("What would the search bot play? (from your view)"),
            self.hint,
        )
        self.files = SaveLoad(
            type(self.game),
            self._loaded,
            lambda text: self.say(text, error=True),
        )
        self.save_button = self.files.button
        on_press(
            self.save_button,
            self.save,
            lambda text: self.say(self.save_waits() or text, error=True),
        )
        self.load_input = self.files.load_input
        self.rules = RulesPanel(type(self.game).NAME, self._lang)
        self.rules_button = self.rules.button
        self.rules_view = self.rules.view
        self.rules_button.observe(lambda _: self._update_rules(), "value")
        self._init_puzzles()
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
                self.puzzles_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self._init_seating()
        self.decision = DecisionRow(
            self.BUTTONS,
            self.OPTION_BUTTONS,
            confirm=bool(self.CONFIRM),
            press=self._then_board(self.press),
            pick=self._then_board(self.pick_by_button),
            back=self._then_board(self.back),
            do=self._then_board(self.confirm),
            ready=self._then_board(self.ready),
            proceed=self._then_board(self.proceed),
            refuse=self._refuse,
        )
        self.choice_buttons = self.decision.choice_buttons
        self.back_button = self.decision.back_button
        self.confirm_button = self.decision.confirm_button
        self.ready_button = self.decision.ready_button
        self.continue_button = self.decision.continue_button
        self.option_row = self.decision.option_row
        self.action_row = self.decision.row
        # two lines, whatever it says: the board below stays where it is between clicks
        self.status = widgets.HTML(
            layout=widgets.Layout(
                height=f"{STATUS_HEIGHT + 4}px",
                overflow="hidden",
                margin="2px 0 4px 0",
                flex="1 1 0%",
                min_width="0",
            )
        )
        self.status_text = ""
        self.status_error = False
        self.said = 0  # how many texts the status has shown (a deferred one yields to a newer)
        self.recent_view = widgets.HTML()
        self.scores = widgets.HTML()
        # the log scrolls inside its own HTML, which takes focus: a region that scrolls
        # must be reachable by keyboard (axe-core, issue 25 item 4)
        self.log_view = widgets.HTML(layout=widgets.Layout(border="1px solid #ddd"))

    def choice_button(self, description: str) -> widgets.Button:
        """The game's button with this description (``KeyError`` if none)."""
        for spec, made in self.choice_buttons:
            if spec.description == description:
                return made
        raise KeyError(description)

    # -- status, panels, redraw ------------------------------------------------------------------

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` in the status line (an error is marked as such)."""
        text = tr(text)  # a Text (railwidgets.i18n): in the widget's language
        self.status_text = text
        self.status_error = error
        self.said += 1
        self.status.value = status_html(text, error=error)
        if hasattr(self, "companion"):
            self.companion.announce(f"✗ {text}" if error else text)
        if error:
            self.rules.cite(text)

    def refresh(self) -> None:
        """Draw the board's upper layers again (one message) and update the panels."""
        self.board.redraw()
        self._update_panels()

    def _show_choice(self, prompt: str) -> None:
        """After a pick: redraw what shows the choice (only its layers, where the game
        keeps it apart), then say ``prompt`` and update what the choice changes (the
        buttons, the rules at hand, the companion). The board's message leaves first
        (the pixels are what a click waits for), and the scores and the log, which a pick
        does not change, are not made again (issue 27 item 16)."""
        only = self.choice_layers()
        if only:
            self.board.redraw(only=only)
        else:
            self.board.redraw()
        self.say(prompt)
        self._update_controls()
        self._update_rules()
        self.companion.update(covered=self.covered)

    def choice_layers(self) -> Sequence[str]:
        """The layers a pick draws again: ``CHOICE_LAYERS`` (a game may leave out one whose
        picture the pick did not change)."""
        return self.CHOICE_LAYERS

    def _draw_static(self, painter: Painter) -> None:
        if self.covered:
            self._draw_cover(painter)
        else:
            self.draw_static(painter)

    def _draw_dynamic(self, painter: Painter) -> None:
        if not self.covered:
            self.draw_dynamic(painter)
            self.keyboard.draw(painter, (self.CHOICE_LAYERS or self.LAYERS)[-1])

    def _draw_cover(self, painter: Painter) -> None:
        assert self.cover_for is not None
        draw_cover(painter, self.board.size, self.game.player_name(self.cover_for))

    def _update_panels(self) -> None:
        self._update_controls()
        self._update_texts()

    def _update_controls(self) -> None:
        """The buttons and seat selectors: what may be pressed now (at once after a move)."""
        game = self.game
        human_turn = self._is_human_turn()
        paused = self.device.paused
        self.undo_button.disabled = not self._can_take_back()
        self.redo_button.disabled = not self._can_redo()
        has_bots = any(kind != HUMAN for kind in self.seats)
        self.stop_button.disabled = not has_bots or game.is_over
        self.stop_button.description = _("Run bots") if self.bots_stopped else _("Stop bots")
        self.stop_button.icon = "play" if self.bots_stopped else "stop"
        self.hint_button.disabled = not (human_turn and not paused) or self.hinting
        self.files.wait(self.save_waits())
        self._rename_seats()  # names can change (Off the Rails: a side chosen)
        self.decision.update(
            self.choice, human_turn and not paused, self.covered, holding=self.device.holding
        )

    def _update_texts(self) -> None:
        """The scores, the log, "since your turn" and the rules at hand (after an animation,
        so they tell what the board shows)."""
        game = self.game
        self.scores.value = self.score_html()
        lines = list(game.log)[-200:]
        items = "".join(f"<li>{escape(self.line_words(line))}</li>" for line in reversed(lines))
        self.log_view.value = (
            f"<div tabindex='0' role='region' aria-label='{escape(_('Game log'))}' "
            "style='font-size:12px;max-height:160px;overflow:auto'>"
            + _("<b>Game log</b> (newest first)")
            + f"<ul style='margin:2px 0;padding-left:18px'>{items}</ul></div>"
        )
        self.recent_view.value = "" if self.covered else self._recent_html()
        self._update_rules()
        self._update_puzzle()
        self.companion.update(covered=self.covered)

    def full_prompt(self) -> str:
        """The game's prompt, and a reminder when a stopped bot is to play."""
        seat = self.game.current_player
        if self.table is not None and (waiting := self.table_prompt()):
            return waiting
        if self.cover_for is not None:
            name = self.game.player_name(self.cover_for)
            return _("Pass the device to {name}, who presses Ready.").format(name=tr(name))
        if self.device.holding:
            return self.continue_prompt()
        if puzzled := self.puzzle_prompt():
            return puzzled
        if seat is not None and self.bots_stopped and self.seats[seat] != HUMAN:
            return (
                _("{prompt} The bots are stopped: press Run bots.")
                .format(prompt=self.prompt())
                .strip()
            )
        return self.prompt()

    def _is_human_turn(self) -> bool:
        if self.table is not None:
            return self.table_my_turn()
        seat = self.game.current_player
        return seat is not None and self.seats[seat] == HUMAN

    def seat_label(self, seat: int) -> str:
        return _(self.SEAT_CHOICES[self.seats[seat]][0])

    # -- rules at hand ------------------------------------------------------------------------

    def rules_in_hand(self) -> list[str]:
        """The rule numbers for the decision in hand (from ``RULES_FOR``)."""
        if self.game.is_over:
            return [self.RULES_FOR["over"]] if "over" in self.RULES_FOR else []
        kinds = dict.fromkeys(a.kind for a in self.choice.candidates) if self.choice.actions else {}
        if not kinds:
            kinds = dict.fromkeys(a.kind for a in self.game.legal_actions())
        return list(dict.fromkeys(self.RULES_FOR[k] for k in kinds if k in self.RULES_FOR))

    def _update_rules(self) -> None:
        if self.status_error:
            self.rules.render()  # the rules the refusal cited stay
        else:
            self.rules.show_in_hand(self.rules_in_hand())

    # -- playing: a move, and what follows it ------------------------------------------------

    def play(self, action: Action) -> bool:
        """Apply ``action`` for the seat to play; on an illegal one, say why and change nothing."""
        self._drop_offer()  # a move in the new game: the person chose it over the kept one
        if self.table is not None:
            return self.table_play(action)
        seat = self.game.current_player
        before = self.game.copy() if self.animate else self.game
        judged = self.judge_puzzle(action)  # in a puzzle's position: right or not
        try:
            self.game.apply(action)
        except IllegalActionError as err:
            self.say(self.line_words(err.args[0] if err.args else err), error=True)
            return False
        assert seat is not None
        self._decided(seat)
        if self.holds_after(action):
            self.device.hold(self.game, self.humans, self.SECRETS)
        frames = self.animation(before, action, self.game) if self.animate else []
        self._settle(judged, frames=frames)
        return True

    def _decided(self, seat: int) -> None:
        self.device.decided(seat, self.game)

    def _settle(
        self,
        notice: str = "",
        *,
        static: bool = False,
        frames: Sequence[Frame] = (),
    ) -> None:
        """After a change: bots play (at once without an event loop), then one redraw.
        ``notice``: a few words on what a button did ("Took back …"), before the prompt."""
        self._new_moment()
        error = False
        if running_loop() is None:
            failure = self._play_bots_now()
            if failure:
                notice, error = failure, True
        self._show_move(notice, frames, static=static, error=error)
        self._schedule_bots()

    def _show_move(
        self,
        notice: str,
        frames: Sequence[Frame],
        *,
        static: bool = False,
        error: bool = False,
    ) -> None:
        """Show what just happened: who is at the device now, the choice in hand, the board
        (animated) and the buttons at once; the status and the other panels once the board
        has shown it (:meth:`after_board`)."""
        self._drop_shown_hint()
        device = self.device
        shown = (device.viewer, device.cover_for)
        device.update(self.game, self.humans, self.SECRETS)
        static = static or shown != (device.viewer, device.cover_for)
        self._keep()
        self._new_choice()
        self._animate(frames, static)
        self._update_controls()

        def tell() -> None:
            prompt = self.full_prompt()
            self.say(f"{notice} {prompt}".strip() if notice else prompt, error=error)
            self._update_texts()

        self.after_board(len(frames) * self.FRAME_PAUSE, tell)

    def _animate(self, frames: Sequence[Frame], static: bool) -> None:
        """One redraw with the frames played first. A pick made while the page still plays
        them is drawn after them (the page runs the batches in order)."""
        self.board.redraw(static=static, frames=frames, pause=self.FRAME_PAUSE)

    def _new_choice(self) -> None:
        self.keyboard.forget()
        if self._is_human_turn() and not self.device.paused:
            self.choice = Choice.from_game(self.game, self.parts)
        else:
            self.choice = Choice.of((), self.parts)

    # -- new games, saved games ------------------------------------------------------------------

    def new_game(self, players: int | None = None, seed: int | None = None, **options: Any) -> None:
        """Start again with these settings (those not given: the current game's)."""
        players = self.game.num_players if players is None else players
        kept = {k: v for k, v in self.game.options.items() if k != "players"}
        try:
            game = self.make_game(players, seed, **{**kept, **options})
        except (RailwidgetsError, ValueError) as err:
            self.say(tr_error(err), error=True)  # as Start does (railwidgets.ui.seating)
            return
        self.set_game(game, self._new_game_message(seed))

    def _new_game_message(self, chosen_seed: int | None) -> str:
        """What New game says: the seed only when the person chose it (a seed orders every
        hidden draw: one drawn for them is not shown while the game runs)."""
        if chosen_seed is None:
            return _("New game.")
        return _("New game with your seed {seed}.").format(seed=chosen_seed)

    def set_game(self, game: Game, message: str = "", *, puzzle: Puzzle | None = None) -> None:
        """Show ``game`` (a prepared position, say) and play on from it.

        Call it too after changing ``widget.game`` directly (``widget.game.apply(...)``).
        ``puzzle``: the puzzle whose position ``game`` is (:meth:`open_puzzle`).
        """
        self._cancel_bots()
        self._cancel_hint()
        self._drop_offer()
        if self.table is not None and game is not self.table.game:
            self.leave_table()  # another game on this board: the table goes on without it
        if game.num_players != len(self.seats):
            self.seats = [
                self.seats[i] if i < len(self.seats) else self.DEFAULT_BOT
                for i in range(game.num_players)
            ]
        self.game = game
        self._show_puzzle(puzzle)
        self.device.reset(under_way=bool(game.history))
        if self.board_size() != self.board.size:
            self.board.resize(*self.board_size())
        self._build_seat_row()
        self._make_bots()
        self.device.sync(game)
        self._settle(message, static=True)

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

    def close(self) -> None:
        """Close the widget, and everything it made: the bots stop and nothing is drawn any more."""
        if not hasattr(self, "board"):  # its construction failed (a bad argument): nothing made
            super().close()
            return
        self._cancel_bots()
        self._cancel_hint()
        self.close_table()
        self.bots_stopped = True
        self._telling = None  # words still waiting for an animation are not said
        self.board.close()
        close_all(*[c for c in self.children if c is not self.board.canvas])
        self.decision.close()
        self.companion.close()
        self.files.close()
        if self._intro is not None:
            close_all(self._intro)
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

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, and a picture of its board for wherever widgets do not run
        (GitHub, nbviewer, a saved notebook opened before it is run).

        The picture is one ``<img>`` of :meth:`to_svg`: GitHub and nbviewer show it, and
        so does JupyterLab in a notebook it does not trust yet (it shows only "safe"
        output there, and raw SVG is not). One form only: an ``image/svg+xml`` beside it
        would double every saved board (issue 27 item 15).
        """
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        with contextlib.suppress(Exception):  # a picture is a courtesy: never break display
            bundle["text/html"] = svg_img(self.to_svg(), board_alt(self.game.TITLE))
        return bundle


make_speaking(GameWidget, inherited=True)
