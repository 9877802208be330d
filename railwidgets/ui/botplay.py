"""Bots at a widget's table, and the Hint: who plays, when, and from what they may know.

Bots play in a cancellable asyncio task with a short visible pause (``bot_pause``
seconds); a searching bot thinks in a worker thread, so the page, Stop and the other
widgets keep answering. With no running event loop (plain Python, tests) they play at
once. Stop halts them; Undo, New game and Load cancel what they were thinking.

Nothing a bot or a hint does depends on what its seat may not know: each is handed a
game rebuilt from that seat's view (:func:`railwidgets.core.bots.handed`, its hidden
rest drawn from a seed made of the view alone), and their own randomness comes from
the widget's ``bot_seed`` (0 unless given), never from the game's seed, which orders
the hidden draws. Give another ``bot_seed`` for other, equally reproducible, bots.

Every change of the game starts a new *moment*; a bot's move or a hint that finishes
after its moment has passed (a move, Undo, New game, Load) is dropped, never applied
to the game that came after.

The status keeps step with the board: a move's animation plays in the page after the
kernel has sent it, so what the status says after it (say, that it is your turn) is
said when the animation has played (:meth:`BotPlay.after_board`), and the next bot
waits for it too before its visible pause. Without an event loop everything is at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from railwidgets.core.action import Action
from railwidgets.core.bots import Bot, View, choose, handed
from railwidgets.core.game import Game
from railwidgets.core.hints import certain_gains
from railwidgets.core.search import SearchBot, Thought
from railwidgets.i18n import _, ngettext, tr
from railwidgets.ui.choice import Choice, ChoiceError

if TYPE_CHECKING:
    import ipywidgets as widgets

    from railwidgets.ui.board import Frame
    from railwidgets.ui.choice import Parts
    from railwidgets.ui.device import Device

__all__ = ["BotPlay", "running_loop"]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop (a notebook's kernel, Voilà), or ``None`` (plain Python)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class BotPlay:
    """The bots and the Hint of a :class:`~railwidgets.ui.panel.GameWidget` (a mixin)."""

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        seats: list[str]
        animate: bool
        device: Device
        humans: list[int]
        said: int
        SECRETS: bool
        HINT_SECONDS: float
        HINT_ITERATIONS: int | None
        CONFIRM: frozenset[str]
        confirm_button: Any
        choice_buttons: Any
        OPTION_BUTTONS: Any
        SEAT_CHOICES: Any
        status: widgets.HTML
        choice: Choice

        def say(self, text: str, *, error: bool = False) -> None: ...
        def full_prompt(self) -> str: ...
        def _show_choice(self, prompt: str) -> None: ...
        def seat_label(self, seat: int) -> str: ...
        def parts(self, action: Action) -> Parts: ...
        def refresh(self) -> None: ...
        def animation(self, before: Game, action: Action, after: Game) -> list[Frame]: ...
        def holds_after(self, action: Action) -> bool: ...
        def move_words(self, action: Action) -> str: ...
        def _may_pick(self) -> bool: ...
        def _update_panels(self) -> None: ...
        def _show_move(self, notice: str, frames: Sequence[Frame]) -> None: ...
        def _decided(self, seat: int) -> None: ...

    def _init_bots(self, bot_pause: float, bot_seed: int) -> None:
        self.bot_pause = bot_pause
        self.bot_seed = bot_seed
        self.bot_task: asyncio.Task[None] | None = None
        self.bots_stopped = False
        self.thinking: int | None = None  # the seat whose bot is choosing, if any
        self._stop_thinking = threading.Event()  # Stop sets it: a searching bot stops at once
        self.hinting = False  # the Hint button's search is running
        #: the hinted move as lit, and the choice before it: Back takes the whole hint back
        self.hinted: tuple[Choice, Choice] | None = None
        self._hint_words = ""  # what the status says of the hint on show
        self.hint_task: asyncio.Task[None] | None = None
        self._stop_hint = threading.Event()
        self.failure = ""  # why the bots stopped by themselves, if they did
        self._bots: list[Bot | None] = []
        self._moment = object()  # replaced at every change of the game
        self._board_free_at = 0.0  # the loop's time when the page has played what was sent
        self._telling: object | None = None  # the texts waiting for the board, if any
        if isinstance(bot_seed, bool) or not isinstance(bot_seed, int):
            raise ValueError(f"bot_seed must be a whole number, not {bot_seed!r}")

    def _new_moment(self) -> None:
        """The game changed: what was being worked out for the moment before is stale."""
        self._moment = object()

    # -- in step with the board ----------------------------------------------------------------

    def _board_busy(self, loop: asyncio.AbstractEventLoop) -> float:
        """Seconds until the page has played the animations sent so far."""
        return max(0.0, self._board_free_at - loop.time())

    def after_board(self, seconds: float, tell: Callable[[], None]) -> None:
        """Call ``tell`` (the status and panels that go with a picture just sent) once the
        page has played it: the animations already sent, then ``seconds`` more. Without an
        event loop (plain Python, tests), or with nothing to wait for, at once.

        A later call replaces a ``tell`` still waiting (only the newest picture's words
        are said); a status said meanwhile (a refusal, a pick) stays, the panels follow."""
        loop = running_loop()
        if loop is None:
            tell()
            return
        start = loop.time() + self._board_busy(loop)
        self._board_free_at = start + seconds
        token = self._telling = object()
        if self._board_free_at <= loop.time():
            self._telling = None
            tell()
            return
        said = self.said

        def later() -> None:
            if token is not self._telling:
                return  # newer words were said, or are waiting
            self._telling = None
            if self.said == said:
                tell()
            else:  # someone clicked meanwhile and was answered: keep that answer
                self._update_panels()

        loop.call_at(self._board_free_at, later)

    def _make_bots(self) -> None:
        """One bot per bot seat, seeded by ``bot_seed`` and the seat (never the game)."""
        base = self.bot_seed * 7919
        self._bots = []
        for seat, kind in enumerate(self.seats):
            make = self.SEAT_CHOICES[kind][1]
            self._bots.append(make(base + seat) if make is not None else None)

    # -- Stop / Run ------------------------------------------------------------------------

    def toggle_bots(self) -> None:
        """The Stop button: halt the bots, or let them play again."""
        if self.bots_stopped:
            self.bots_stopped = False
            self._settle(_("Bots running."))  # type: ignore[attr-defined]
        else:
            self.stop()

    def stop(self) -> None:
        """Halt the bots (they wait until Run bots is pressed), and a hint being worked out."""
        self._cancel_bots()
        self._cancel_hint()
        self.bots_stopped = True
        seat = self.game.current_player
        if seat is None:
            self.say(_("Bots stopped. Press Run bots to let them play."))
        else:
            self.say(
                _("Bots stopped. {name} is to play. Press Run bots to let them play.").format(
                    name=tr(self.game.player_name(seat))
                )
            )
        self._update_panels()

    def _cancel_bots(self) -> None:
        self._stop_thinking.set()  # a searching bot stops at its next iteration
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        self.bot_task = None
        self.thinking = None

    def _cancel_hint(self) -> None:
        """Forget a hint being worked out (its game is gone), and one on show."""
        self._drop_shown_hint()
        self._stop_hint.set()
        if self.hint_task is not None and not self.hint_task.done():
            self.hint_task.cancel()
        self.hint_task = None
        self.hinting = False

    def _take_hint_back(self) -> bool:
        """Back with the hinted move lit as the hint left it: the choice goes back to what
        it was before the hint, whole (``True``), not to the move half made."""
        if self.hinted is None or self.choice is not self.hinted[0]:
            return False
        self.choice = self.hinted[1]
        self.hinted = None
        self._show_choice(self.full_prompt())
        return True

    def _drop_shown_hint(self) -> None:
        """A hint on show is of a game that changed: its words leave the status at once,
        not when the board has shown the change (issue 26 item 5: a stale hint never shows)."""
        self.hinted = None
        if self._hint_words and self._hint_words in self.status.value:
            self.say("")
        self._hint_words = ""

    # -- Hint ---------------------------------------------------------------------------------

    def hint(self) -> None:
        """Hint: the search bot, from the person's own view, lights the move it would play."""
        if not self._may_pick():
            return
        seat = self.game.current_player
        assert seat is not None
        moment = self._moment
        given = self.bot_game(seat)  # built from the person's view: no peeking for hints
        seed = self.bot_seed * 1_000_003 + len(self.game.history)  # the move number is public
        bot = SearchBot(seconds=self.HINT_SECONDS, iterations=self.HINT_ITERATIONS, seed=seed)
        loop = running_loop()
        if loop is None:  # plain Python, tests: think at once
            self._show_hint(seat, moment, bot.think(given))
            return
        self.hinting = True
        self._stop_hint = threading.Event()
        self.say(
            _("The search bot is thinking for {name}…").format(name=tr(self.game.player_name(seat)))
        )
        self._update_panels()
        self.hint_task = loop.create_task(self._hint_later(bot, given, seat, moment))

    async def _hint_later(self, bot: SearchBot, given: Game, seat: int, moment: object) -> None:
        loop = asyncio.get_running_loop()
        stop = self._stop_hint
        try:
            thought = await loop.run_in_executor(None, bot.think, given, stop)
        except Exception as err:  # a failing hint must show, not vanish
            if moment is self._moment:
                self.say(_("The hint failed: {error}").format(error=repr(err)), error=True)
            return
        finally:
            if stop is self._stop_hint:  # not a hint asked for since
                self.hinting = False
                self.hint_task = None
                self._update_panels()
        self._show_hint(seat, moment, thought)

    def hint_text(self, thought: Thought, view: View) -> str:
        """The hint as a person reads it, from what the person's ``view`` tells and what the
        search saw: the move, what it brings at once (:func:`certain_gains`, said only where
        it is the same whatever the view hides), the person's average final score in the
        simulated games after it beside the next best move's (or, where the scores do not
        tell them apart, their shares of wins), and how often it won
        ("Hint: Place T03 … — your trains score 2 points this round. After it the simulated
        games end with your score at 23 on average, 21 after the next best move (…); it won
        73% of 49 of them.")."""
        words = self.move_words(thought.action)
        move = f"{words[:1].upper()}{words[1:]}"
        gains = ", ".join(tr(text) for text in certain_gains(view, thought.action))
        said = (
            _("Hint: {move} — {gains}.").format(move=move, gains=gains)
            if gains
            else _("Hint: {move}.").format(move=move)
        )
        share = f"{round(100 * thought.value)}%"
        runner, outlook = thought.runner_up, thought.outlook
        mine, other = outlook.get(thought.action), outlook.get(runner[0]) if runner else None
        if runner is not None and mine is not None and other is not None and mine > other:
            score, other_score = _two_scores(mine, other)
            seen = ngettext(
                "After it the simulated games end with your score at {score} on average, "
                "{other} after the next best move ({move}); it won {share} of {n} of them.",
                "After it the simulated games end with your score at {score} on average, "
                "{other} after the next best move ({move}); it won {share} of {n} of them.",
                thought.visits,
            ).format(
                score=score, other=other_score, move=self.move_words(runner[0]), share=share,
                n=thought.visits,
            )  # fmt: skip
        elif runner is not None and round(100 * runner[2]) < round(100 * thought.value):
            seen = ngettext(
                "It won {share} of {n} simulated game, the next best move ({move}) {other}.",
                "It won {share} of {n} simulated games, the next best move ({move}) {other}.",
                thought.visits,
            ).format(
                share=share, n=thought.visits, move=self.move_words(runner[0]),
                other=f"{round(100 * runner[2])}%",
            )  # fmt: skip
        else:
            seen = ngettext(
                "It won {share} of {n} simulated game.",
                "It won {share} of {n} simulated games.",
                thought.visits,
            ).format(share=share, n=thought.visits)
        return f"{said} {seen} {self._what_plays(thought.action)}"

    def _what_plays(self, action: Action) -> str:
        """What plays a move picked in full (a hint's), as a sentence: Confirm, or its
        last pick again (its button, or its target on the board)."""
        button: str | None = None
        if action.kind in self.CONFIRM:
            button = self.confirm_button.description
        else:
            parts = list(self.parts(action))
            part, value = parts[-1] if parts else ("", None)
            for spec, _made in self.choice_buttons:
                if spec.part == part and spec.value == value and not spec.step:
                    button = tr(spec.description)
            if button is None and part in self.OPTION_BUTTONS:
                button = self.OPTION_BUTTONS[part](value)
        if button is None:
            return _("Click it on the board to play it, or Back to choose otherwise.")
        return _("Press {button} to play it, or Back to choose otherwise.").format(button=button)

    def _show_hint(self, seat: int, moment: object, thought: Thought) -> None:
        """Light the hinted move, if the game is still at the moment it was asked for."""
        if moment is not self._moment or thought.cancelled or self.game.current_player != seat:
            return  # the game moved on (or Stop was pressed) meanwhile: the hint is stale
        if not self._light(thought.action):
            return
        self._hint_words = self.hint_text(thought, self.game.view(seat))
        self.say(self._hint_words)
        self.refresh()

    def _light(self, action: Action) -> bool:
        """Light ``action`` on the board, picked in full but not played: picking it (or
        Confirm) plays it, Back puts the choice back as it was. ``False``, said, if it
        does not fit the game (which a hint of this moment cannot be)."""
        choice = Choice.from_game(self.game, self.parts)
        try:
            for part, value in self.parts(action):
                choice = choice.pick(part, value)
        except ChoiceError as err:  # never silent
            self.say(_("The hint did not fit the game: {error}").format(error=err), error=True)
            return False
        self.hinted = (choice, self.choice)
        self.choice = choice
        return True

    # -- bots' moves ------------------------------------------------------------------------------

    def _bot_to_play(self) -> Bot | None:
        seat = self.game.current_player
        if seat is None or self.bots_stopped or self.device.holding:
            return None  # (a held picture waits for Continue, the bots too)
        return self._bots[seat]

    def bot_game(self, seat: int) -> Game:
        """What a bot of ``seat`` is handed: a game built from that seat's view alone
        (:func:`railwidgets.core.bots.handed`): the hidden rest (a deck order, a bag,
        other seats' secret choices) is sampled, so the bot cannot read the real one."""
        return handed(self.game, seat)

    def _bot_step(self, bot: Bot) -> bool:
        """One bot move; ``False`` when the bot failed (the bots then stop)."""
        seat = self.game.current_player
        assert seat is not None
        try:
            action = bot.choose(self.bot_game(seat))
        except Exception as err:  # a broken bot must not break the widget, nor go unseen
            self._bot_failed(err)
            return False
        return self._apply_bot(seat, action)

    def _apply_bot(self, seat: int, action: Action) -> bool:
        try:
            self.game.apply(action)
        except Exception as err:
            self._bot_failed(err)
            return False
        self._decided(seat)
        if self.holds_after(action):
            self.device.hold(self.game, self.humans, self.SECRETS)
        self._new_moment()
        return True

    def _bot_failed(self, err: BaseException) -> None:
        self.bots_stopped = True
        self.failure = _("The bot failed: {error}; bots stopped.").format(error=repr(err))

    def _play_bots_now(self) -> str:
        """Without an event loop (plain Python, tests) the bots play at once: why they
        stopped if a bot failed, else ``""`` (what they did is in "since your turn")."""
        while (bot := self._bot_to_play()) is not None:
            if not self._bot_step(bot):
                return self.failure
        return ""

    def _schedule_bots(self) -> None:
        loop = running_loop()
        if self._bot_to_play() is None or loop is None:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = loop.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while (bot := self._bot_to_play()) is not None:
            # the page shows what was sent before (an animation), then a visible pause
            await asyncio.sleep(self._board_busy(loop) + self.bot_pause)
            if self._bot_to_play() is not bot:
                continue
            seat, moment = self.game.current_player, self._moment
            assert seat is not None
            self.thinking = seat
            if isinstance(bot, SearchBot):  # it takes a while: say so
                name = self.game.player_name(seat)
                self.say(f"{name} ({self.seat_label(seat)}) is thinking…")
            try:
                given = self.bot_game(seat)
                self._stop_thinking = threading.Event()  # Stop sets it
                # the bot thinks in a thread: the page, Stop and other widgets keep answering
                action = await loop.run_in_executor(None, choose, bot, given, self._stop_thinking)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                self._bot_failed(err)
                self.say(self.failure, error=True)
                self._update_panels()
                return
            finally:
                self.thinking = None
            if self._bot_to_play() is not bot or moment is not self._moment:
                continue  # the game changed while it thought (undo, a new game)
            before = self.game.copy() if self.animate else self.game
            played = self._apply_bot(seat, action)
            try:
                if not played:
                    self.say(self.failure, error=True)
                    self._update_panels()
                    return
                frames = self.animation(before, action, self.game) if self.animate else []
                self._show_move("", frames)
            except Exception as err:  # a drawing failure must show, not end the task unseen
                self.bots_stopped = True
                self.say(
                    _("The board could not be drawn: {error}; bots stopped.").format(
                        error=repr(err)
                    ),
                    error=True,
                )
                return

    async def wait_for_bots(self) -> None:
        """Wait until the bots have nothing more to play (for notebooks and tests)."""
        while self.bot_task is not None and not self.bot_task.done():
            with contextlib.suppress(asyncio.CancelledError):
                await self.bot_task


def _two_scores(mine: float, other: float) -> tuple[str, str]:
    """Two average scores as a person reads them: whole numbers, or tenths where whole
    numbers would not tell them apart.

    >>> _two_scores(23.4, 20.9), _two_scores(23.4, 23.1)
    (('23', '21'), ('23.4', '23.1'))
    """
    if round(mine) != round(other):
        return f"{mine:.0f}", f"{other:.0f}"
    return f"{mine:.1f}", f"{other:.1f}"
