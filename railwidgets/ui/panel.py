"""The shared controls of a game widget, and the plumbing behind them.

:class:`GameWidget` is a ``VBox`` of stock widgets::

    toolbar   New game (players, seed) · Undo · Redo · Stop bots
    seats     one selector per player: Human / Random bot / the game's own bot
    actions   the game's buttons (Mini Rails: Buy, Build)
    board     a BoardView (MultiCanvas)
    status    one line: what happened, what to do, or why a click was refused
    scores    a table
    log       the game log, newest first

A game's widget subclasses it and fills in a few methods: ``make_game``,
``draw_static``, ``draw_dynamic``, ``board_click``, ``score_html``,
``prompt`` and optionally ``action_bar``/``update_action_bar``/``reset_choice``.
Bots play in a cancellable asyncio task with a short visible pause
(``bot_pause`` seconds); with no running event loop (plain Python, tests) they
play at once. Nothing here ever prints: messages go to the status line.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from railwidgets.core.bots import Bot, RandomBot
from railwidgets.core.errors import IllegalActionError
from railwidgets.core.game import Game
from railwidgets.ui.board import BoardView
from railwidgets.ui.theme import status_html

__all__ = ["HUMAN", "GameWidget", "SeatChoice"]

HUMAN = "human"

#: A seat kind: its label, and how to make its bot from a seed (``None`` for a person).
SeatChoice = tuple[str, Callable[[int], Bot] | None]


class GameWidget(widgets.VBox):
    """Base of the three game widgets (see the module docstring)."""

    #: Seat kinds by key; games add their own bot.
    SEAT_CHOICES: ClassVar[Mapping[str, SeatChoice]] = {
        HUMAN: ("Human", None),
        "random": ("Random bot", lambda seed: RandomBot(seed)),
    }
    #: The kind of the seats after the first when no ``seats`` are given.
    DEFAULT_BOT: ClassVar[str] = "random"
    WIDTH: ClassVar[int] = 900
    HEIGHT: ClassVar[int] = 620

    def __init__(
        self,
        players: int | None = None,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        *,
        bot_pause: float = 0.6,
        game: Game | None = None,
    ):
        super().__init__()
        self.bot_pause = bot_pause
        self.bot_task: asyncio.Task[None] | None = None
        self.bots_stopped = False
        self.failure = ""  # why the bots stopped by themselves, if they did
        self.game: Game = game if game is not None else self.make_game(players, seed)
        self.seats: list[str] = self._check_seats(seats, self.game.num_players)
        self._bots: list[Bot | None] = []
        self._make_bots()
        opening = self._play_bots_now() if _running_loop() is None else ""
        self._build_controls()
        self.board = BoardView(
            self.WIDTH,
            self.HEIGHT,
            draw_static=lambda p: self.draw_static(p),
            draw_dynamic=lambda p: self.draw_dynamic(p),
            on_click=self._board_click,
        )
        self.children = [
            self.toolbar,
            self.seat_row,
            *([self.action_row] if self.action_row.children else []),
            self.board.canvas,
            self.status,
            self.scores,
            self.log_view,
        ]
        self.say(f"{opening} {self.full_prompt()}".strip())
        self._update_panels()
        self._schedule_bots()

    # -- for subclasses ---------------------------------------------------------------------

    def make_game(self, players: int | None, seed: int | None) -> Game:
        raise NotImplementedError

    def draw_static(self, painter: Any) -> None:
        raise NotImplementedError

    def draw_dynamic(self, painter: Any) -> None:
        raise NotImplementedError

    def board_click(self, x: float, y: float) -> None:
        """A click on the board while a person is to play."""
        raise NotImplementedError

    def score_html(self) -> str:
        return ""

    def prompt(self) -> str:
        """What the seat to play should do now."""
        return ""

    def action_bar(self) -> list[widgets.Widget]:
        """The game's own buttons."""
        return []

    def update_action_bar(self) -> None:
        """Enable the game's buttons that are legal now."""

    def reset_choice(self) -> None:
        """Forget a half-made choice (a selected disc, a tile in hand)."""

    def svg_options(self) -> dict[str, Any]:
        """Keyword arguments for ``game.to_svg`` (highlights of the choice in hand)."""
        return {}

    # -- controls -----------------------------------------------------------------------------

    def _build_controls(self) -> None:
        game_cls = type(self.game)
        self.players_input = widgets.Dropdown(
            options=[
                (f"{n} (variant)" if n in game_cls.DESIGNED_PLAYERS else str(n), n)
                for n in game_cls.PLAYERS
            ],
            value=self.game.num_players,
            description="Players",
            layout=widgets.Layout(width="140px"),
            style={"description_width": "55px"},
        )
        self.seed_input = widgets.Text(
            value="",
            placeholder="random",
            description="Seed",
            layout=widgets.Layout(width="150px"),
            style={"description_width": "40px"},
        )
        self.new_button = widgets.Button(
            description="New game", icon="plus", tooltip="Start a new game"
        )
        self.undo_button = widgets.Button(
            description="Undo", icon="undo", tooltip="Take back a move"
        )
        self.redo_button = widgets.Button(
            description="Redo", icon="repeat", tooltip="Play it again"
        )
        self.stop_button = widgets.Button(
            description="Stop bots", icon="stop", tooltip="Halt the bots"
        )
        for button in (self.new_button, self.undo_button, self.redo_button, self.stop_button):
            button.layout = widgets.Layout(width="auto")
        self.new_button.on_click(lambda _: self.new_game())
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.stop_button.on_click(lambda _: self.toggle_bots())
        self.toolbar = widgets.HBox(
            [
                self.players_input,
                self.seed_input,
                self.new_button,
                self.undo_button,
                self.redo_button,
                self.stop_button,
            ]
        )
        self.seat_row = widgets.HBox()
        self.seat_inputs: list[widgets.Dropdown] = []
        self._build_seat_row()
        self.action_row = widgets.HBox(self.action_bar())
        self.status = widgets.HTML(layout=widgets.Layout(min_height="24px"))
        self.status_text = ""
        self.status_error = False
        self.scores = widgets.HTML()
        self.log_view = widgets.HTML(
            layout=widgets.Layout(max_height="160px", overflow="auto", border="1px solid #ddd")
        )

    def _build_seat_row(self) -> None:
        options = [(label, key) for key, (label, _) in self.SEAT_CHOICES.items()]
        for old in self.seat_inputs:
            old.close()
        self.seat_inputs = []
        for seat in range(self.game.num_players):
            dropdown = widgets.Dropdown(
                options=options,
                value=self.seats[seat],
                description=f"{seat + 1} {self.game.player_name(seat)}",
                layout=widgets.Layout(width="205px"),
                style={"description_width": "75px"},
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
        if self.game.current_player == seat:
            self.reset_choice()
            self._settle()
        else:
            self._update_panels()

    # -- status, panels, redraw ------------------------------------------------------------------

    def say(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` in the status line (an error is marked as such)."""
        self.status_text = text
        self.status_error = error
        self.status.value = status_html(text, error=error)

    def refresh(self) -> None:
        """Draw the board's upper layers again (one message) and update the panels."""
        self.board.redraw()
        self._update_panels()

    def _update_panels(self) -> None:
        game = self.game
        human_turn = self._is_human_turn()
        self.undo_button.disabled = not self._can_take_back()
        self.redo_button.disabled = not game.can_redo
        has_bots = any(kind != HUMAN for kind in self.seats)
        self.stop_button.disabled = not has_bots or game.is_over
        self.stop_button.description = "Run bots" if self.bots_stopped else "Stop bots"
        self.stop_button.icon = "play" if self.bots_stopped else "stop"
        self.scores.value = self.score_html()
        lines = list(game.log)[-200:]
        items = "".join(f"<li>{escape(line)}</li>" for line in reversed(lines))
        self.log_view.value = (
            "<div style='font-size:12px'><b>Game log</b> (newest first)"
            f"<ul style='margin:2px 0;padding-left:18px'>{items}</ul></div>"
        )
        if not human_turn:
            self.reset_choice()
        self.update_action_bar()

    def full_prompt(self) -> str:
        """The game's prompt, and a reminder when a stopped bot is to play."""
        seat = self.game.current_player
        if seat is not None and self.bots_stopped and self.seats[seat] != HUMAN:
            return f"{self.prompt()} The bots are stopped: press Run bots.".strip()
        return self.prompt()

    def _is_human_turn(self) -> bool:
        seat = self.game.current_player
        return seat is not None and self.seats[seat] == HUMAN

    def seat_label(self, seat: int) -> str:
        return self.SEAT_CHOICES[self.seats[seat]][0]

    # -- playing ---------------------------------------------------------------------------------------

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel ``(x, y)``, exactly as the browser sends it."""
        self.board.click(x, y)

    def _board_click(self, x: float, y: float) -> None:
        game = self.game
        if game.is_over:
            self.say("The game is over: press New game to play again.", error=True)
            return
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
            return
        self.board_click(x, y)

    def play(self, action: Any) -> bool:
        """Apply ``action`` for the seat to play; on an illegal one, say why and change nothing."""
        before = len(self.game.log)
        try:
            self.game.apply(action)
        except IllegalActionError as err:
            self.say(str(err), error=True)
            return False
        self.reset_choice()
        self._settle(" ".join(self.game.log[before:]))
        return True

    def _settle(self, events: str = "", *, static: bool = False) -> None:
        """After a change: bots play (at once without an event loop), then one redraw."""
        if _running_loop() is None:
            events = f"{events} {self._play_bots_now()}"
        self.say(f"{events.strip()} {self.full_prompt()}".strip())
        self.board.redraw(static=static)
        self._update_panels()
        self._schedule_bots()

    def new_game(self, players: int | None = None, seed: int | None = None) -> None:
        """Start again (``players``/``seed`` default to the toolbar's values)."""
        if players is None:
            players = int(self.players_input.value)
        if seed is None and self.seed_input.value.strip():
            text = self.seed_input.value.strip()
            try:
                seed = int(text)
            except ValueError:  # refused before anything stops: the game plays on
                self.say(f"The seed must be a whole number, not {text!r}.", error=True)
                return
        self._cancel_bots()
        self.game = self.make_game(players, seed)
        if len(self.seats) != players:
            old = self.seats
            self.seats = [old[i] if i < len(old) else self.DEFAULT_BOT for i in range(players)]
        self.players_input.value = players
        self._build_seat_row()
        self._make_bots()
        self.reset_choice()
        self._settle(f"New game, seed {self.game.seed}.", static=True)

    def set_game(self, game: Game) -> None:
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
        self.players_input.value = game.num_players
        self._build_seat_row()
        self._make_bots()
        self.reset_choice()
        self._settle(static=True)

    def _can_take_back(self) -> bool:
        """Whether Undo has something to take back: with a person at the table, a
        person's decision (the bots' moves before the first one would only be replayed)."""
        game = self.game
        if not game.can_undo:
            return False
        if all(kind != HUMAN for kind in self.seats):
            return True
        probe = game.copy()
        while probe.can_undo:
            probe.undo()
            seat = probe.current_player
            if seat is not None and self.seats[seat] == HUMAN:
                return True
        return False

    def undo(self) -> None:
        """Take back the last person's decision (and the bots' moves after it).

        With only bots at the table, take back one move and stop the bots.
        """
        if not self._can_take_back():
            self.say("There is nothing to undo.", error=True)
            return
        self._cancel_bots()
        game = self.game
        undone = [game.undo()]
        if any(kind == HUMAN for kind in self.seats):
            while not self._is_human_turn():
                undone.append(game.undo())
        else:
            self.bots_stopped = True
        self.reset_choice()
        self._settle(f"Took back: {undone[-1]}.")

    def redo(self) -> None:
        """Play again what was undone (up to the next person's decision)."""
        self._cancel_bots()
        game = self.game
        if not game.can_redo:
            self.say("There is nothing to redo.", error=True)
            return
        redone = game.redo()
        if any(kind == HUMAN for kind in self.seats):
            while game.can_redo and not game.is_over and not self._is_human_turn():
                game.redo()
        self.reset_choice()
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
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        self.bot_task = None

    def _bot_to_play(self) -> Bot | None:
        seat = self.game.current_player
        if seat is None or self.bots_stopped:
            return None
        return self._bots[seat]

    def _schedule_bots(self) -> None:
        loop = _running_loop()
        if self._bot_to_play() is None or loop is None:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = loop.create_task(self._run_bots())

    def _bot_step(self, bot: Bot) -> str | None:
        """One bot move: its events, or ``None`` when the bot failed (the bots then stop)."""
        before = len(self.game.log)
        try:
            self.game.apply(bot.choose(self.game))
        except Exception as err:  # a broken bot must not break the widget, nor go unseen
            self.bots_stopped = True
            self.failure = f"The bot failed: {err!r}; bots stopped."
            return None
        return " ".join(self.game.log[before:])

    def _play_bots_now(self) -> str:
        """Without an event loop (plain Python, tests) the bots play at once; their last events."""
        before = len(self.game.log)
        while (bot := self._bot_to_play()) is not None:
            if self._bot_step(bot) is None:
                return self.failure
        return " ".join(self.game.log[before:][-3:])

    async def _run_bots(self) -> None:
        while self._bot_to_play() is not None:
            await asyncio.sleep(self.bot_pause)
            bot = self._bot_to_play()
            if bot is None:
                break
            events = self._bot_step(bot)
            try:
                if events is None:
                    self.say(self.failure, error=True)
                    self._update_panels()
                    return
                self.say(f"{events} {self.prompt()}".strip())
                self.refresh()
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
        """Close the widget: the bots stop and nothing is drawn any more."""
        self._cancel_bots()
        self.bots_stopped = True
        self.board.close()
        for child in (*self.toolbar.children, *self.seat_inputs, *self.action_row.children):
            child.close()
        for box in (self.toolbar, self.seat_row, self.action_row, self.status, self.scores):
            box.close()
        self.log_view.close()
        super().close()

    # -- pictures -----------------------------------------------------------------------------------------

    def to_svg(self) -> str:
        """The board as SVG, as the widget shows it now."""
        return self.game.to_svg(**self.svg_options())

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
