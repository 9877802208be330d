"""Puzzles mode: positions where one move is clearly best, solved by clicks on the board.

The learner plays the seat to move in a puzzle (:mod:`railwidgets.core.puzzles`); the
other seats are the game's greedy bots, stopped, so nothing moves after the learner's
move until they press Run bots. The move is judged as it is played: the panel above
the board says right or wrong, shows the best move and why (what it brings at once,
as far as the seat can know, and what the search saw after it and after the other
move), and Try again goes back to the position. Show answer lights the best move on
the board, as Hint does, so one click or Confirm plays it.

Everything it says comes from the seat's view and from the stored search, itself run
from that view: a puzzle gives away nothing the seat may not know.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from railwidgets.core.action import Action
from railwidgets.core.bots import View
from railwidgets.core.game import Game
from railwidgets.core.hints import certain_gains
from railwidgets.core.puzzles import Puzzle, Verdict, Weighed, puzzles
from railwidgets.core.rulebook import UnknownRuleError
from railwidgets.i18n import N_, _, ngettext, tr
from railwidgets.ui.botplay import _two_scores
from railwidgets.ui.decision import button
from railwidgets.ui.seating import HUMAN

#: The lines the panel has for its heading and a verdict, and a line's height in pixels.
PANEL_LINES, LINE_PX = 4, 21

#: A level's name as a person reads it.
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


class PuzzlePlay:
    """The Puzzles mode of a :class:`~railwidgets.ui.panel.GameWidget` (a mixin)."""

    if TYPE_CHECKING:  # what it uses of the widget
        game: Game
        seats: list[str]
        bots_stopped: bool
        SEAT_CHOICES: Any
        DEFAULT_BOT: str

        def say(self, text: str, *, error: bool = False) -> None: ...
        def set_game(
            self, game: Game, message: str = "", *, puzzle: Puzzle | None = None
        ) -> None: ...
        def move_words(self, action: Action) -> str: ...
        def _button(self, description: str, icon: str, tooltip: str, action: Any) -> Any: ...
        def _refuse(self, text: str) -> None: ...
        def _light(self, action: Action) -> bool: ...
        def _update_panels(self) -> None: ...

    def _init_puzzles(self) -> None:
        #: The puzzle on the board, if the widget is in Puzzles mode.
        self.puzzle: Puzzle | None = None
        self.verdict: Verdict | None = None
        self._answer_shown = False
        self._puzzle_view: View | None = None
        self.puzzles_button = self._button(
            N_("Puzzles"),
            "puzzle-piece",
            N_("Find the best move in positions from real games"),
            lambda: self.open_puzzle(self.puzzle.number if self.puzzle else 1),
        )
        refuse = self._refuse
        self.previous_puzzle_button = button(
            N_("Previous"),
            "chevron-left",
            N_("The puzzle before"),
            lambda: self._step_puzzle(-1),
            refuse,
        )
        self.next_puzzle_button = button(
            N_("Next"), "chevron-right", N_("The next puzzle"), lambda: self._step_puzzle(1), refuse
        )
        self.retry_button = button(
            N_("Try again"),
            "refresh",
            N_("Back to the puzzle's position"),
            lambda: self.open_puzzle(self._number()),
            refuse,
        )
        self.answer_button = button(
            N_("Show answer"),
            "eye",
            N_("Light the best move on the board, and say why"),
            self.show_answer,
            refuse,
        )
        self.leave_puzzles_button = button(
            N_("Leave puzzles"),
            "times",
            N_("Back to a game of your own"),
            self.leave_puzzles,
            refuse,
        )
        # as tall as a verdict's three lines under the heading: the board below stays put
        self.puzzle_text = widgets.HTML(
            layout=widgets.Layout(height=f"{PANEL_LINES * LINE_PX}px", overflow="auto")
        )
        self.puzzle_text.add_class("railwidgets-puzzle")
        self.puzzle_box = widgets.VBox(
            [
                widgets.HBox(
                    [
                        self.previous_puzzle_button,
                        self.next_puzzle_button,
                        self.retry_button,
                        self.answer_button,
                        self.leave_puzzles_button,
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.puzzle_text,
            ],
            layout=widgets.Layout(display="none", border="1px solid #ccc", padding="2px 8px"),
        )

    # -- opening and leaving ------------------------------------------------------------------

    def puzzles(self) -> tuple[Puzzle, ...]:
        """This game's puzzles, easiest first."""
        return puzzles(self.game.NAME)

    def open_puzzle(self, number: int) -> None:
        """Show puzzle ``number`` (from 1) of this game and wait for the learner's move.

        A number that is not a puzzle's is refused with the range, and nothing changes.
        """
        known = self.puzzles()
        if not known:
            self.say(_("This game has no puzzles."), error=True)
            return
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(known):
            self.say(
                _("There is no puzzle {number}: the puzzles are 1 to {count}.").format(
                    number=number, count=len(known)
                ),
                error=True,
            )
            return
        puzzle = known[number - 1]
        game = puzzle.position()
        bot = "greedy" if "greedy" in self.SEAT_CHOICES else self.DEFAULT_BOT
        self.seats = [HUMAN if seat == puzzle.seat else bot for seat in range(game.num_players)]
        self.bots_stopped = True  # nothing moves after the learner's move
        self.set_game(game, puzzle=puzzle)  # the panel says the task, the status what to click

    def leave_puzzles(self) -> None:
        """Leave Puzzles mode for a new game of your own (the seats as at the start)."""
        self.seats = [HUMAN] + [self.DEFAULT_BOT] * (self.game.num_players - 1)
        self.bots_stopped = False
        self.new_game()  # type: ignore[attr-defined]

    def _show_puzzle(self, puzzle: Puzzle | None) -> None:
        """The game on the board is ``puzzle``'s position, or (``None``) not a puzzle's."""
        self.puzzle, self.verdict, self._answer_shown = puzzle, None, False
        self._puzzle_view = self.game.view(puzzle.seat) if puzzle is not None else None
        self._update_puzzle()

    def _number(self) -> int:
        return self.puzzle.number if self.puzzle is not None else 1

    def _step_puzzle(self, step: int) -> None:
        count = len(self.puzzles())
        self.open_puzzle((self._number() - 1 + step) % count + 1)

    def _at_puzzle(self) -> bool:
        return self.puzzle is not None and len(self.game.history) == len(
            self.puzzle.record["actions"]
        )

    # -- the learner's move --------------------------------------------------------------------

    def judge_puzzle(self, action: Action) -> str:
        """Judge a move about to be played: what the status says first ("" outside a
        puzzle's position); the panel says the rest."""
        if not self._at_puzzle():
            return ""
        assert self.puzzle is not None
        try:
            self.verdict = self.puzzle.judge(action)
        except ValueError:
            return ""  # not legal: the game refuses it, as ever
        self._answer_shown = False
        return _("✓ Right!") if self.verdict.right else _("✗ Not the best move.")

    def show_answer(self) -> None:
        """Back to the puzzle's position, with the best move lit on the board and the reason."""
        if self.puzzle is None:
            self.say(_("Show answer works in Puzzles mode: press Puzzles."), error=True)
            return
        if not self._at_puzzle():
            self.open_puzzle(self.puzzle.number)
        assert self.puzzle is not None
        self.verdict = self.puzzle.judge(self.puzzle.answer)
        self._answer_shown = True
        self._light(self.puzzle.answer)
        self.refresh()  # type: ignore[attr-defined]
        self.say(_("The best move is lit: play it, or try another."))
        self._update_puzzle()

    def hint(self) -> None:
        """Hint: in a puzzle's position, the answer (:meth:`show_answer`); else the search's."""
        if self._at_puzzle():
            self.show_answer()
        else:
            super().hint()  # type: ignore[misc]

    # -- what the panel says ---------------------------------------------------------------------

    def puzzle_prompt(self) -> str:
        """What to do once the puzzle's move is played ("" otherwise)."""
        if self.puzzle is None or self._at_puzzle() or not self.bots_stopped:
            return ""
        return _("Next for another puzzle, Try again for this one, or Run bots to play on.")

    def task(self) -> str:
        """The puzzle's task, one sentence: who plays, and what to find ("" outside one)."""
        return "" if self.puzzle is None else _task(self.game, self.puzzle)

    def _heading(self) -> str:
        assert self.puzzle is not None
        area = self.puzzle.area
        try:
            book = self.rules.book  # type: ignore[attr-defined]
            area = f"{area} {book.section(area).title}" if book is not None else area
        except UnknownRuleError:
            pass
        return _("Puzzle {number} of {count} · {level} · {area}").format(
            number=self.puzzle.number,
            count=len(self.puzzles()),
            level=_(LEVEL_WORDS[self.puzzle.level]),
            area=area,
        )

    def _update_puzzle(self) -> None:
        """The panel above the board: shown in Puzzles mode only."""
        self.puzzle_box.layout.display = "none" if self.puzzle is None else ""
        self.puzzles_button.layout.display = "" if self.puzzles() else "none"
        if self.puzzle is None:
            self.puzzle_text.value = ""
            return
        lines = [f"<b>{escape(self._heading())}</b> — {escape(self.task())}"]
        if self.verdict is not None:
            lines.append(escape(self.explain(self.verdict, answer=self._answer_shown)))
        self.puzzle_text.value = (
            f"<div style='font-size:14px;line-height:{LINE_PX}px'>" + "<br>".join(lines) + "</div>"
        )

    def explain(self, verdict: Verdict, answer: bool = False) -> str:
        """The verdict as a learner reads it: right or wrong, the best move and why."""
        assert self._puzzle_view is not None
        best = verdict.best
        best_said = self._said(best)
        if answer:
            return _("The best move: {best}. {why}").format(
                best=best_said, why=self._why(best, verdict.runner_up)
            )
        if verdict.right:
            return _("✓ Right: {best}. {why}").format(
                best=best_said, why=self._why(best, verdict.runner_up)
            )
        mine = self.move_words(verdict.action)
        if verdict.weighed is None:
            shown = len(self.puzzle.weighed) if self.puzzle is not None else 0
            yours = ngettext(
                "✗ The search set your move ({move}) aside: it weighed {n} more promising move.",
                "✗ The search set your move ({move}) aside: it weighed {n} more promising moves.",
                shown,
            ).format(move=mine, n=shown)
        else:
            yours = _("✗ Your move ({move}) is not the best.").format(move=mine)
        return _("{yours} The best move: {best}. {why}").format(
            yours=yours, best=best_said, why=self._why(best, verdict.runner_up)
        )

    def _said(self, weighed: Weighed) -> str:
        """A move, with what it brings at once as far as the seat can know."""
        assert self._puzzle_view is not None
        words = self.move_words(weighed.action)
        gains = ", ".join(tr(text) for text in certain_gains(self._puzzle_view, weighed.action))
        return f"{words} — {gains}" if gains else words

    def _why(self, best: Weighed, other: Weighed) -> str:
        """What the search saw after the best move and after another one (the learner's,
        or the next best)."""
        score, other_score = _two_scores(best.score, other.score)
        numbers = {
            "share": _share(best.wins),
            "score": score,
            "other_share": _share(other.wins),
            "other_score": other_score,
        }
        if self.verdict is not None and other.action == self.verdict.action:
            return _(
                "After it you won {share} of the search's simulated games, with {score} points "
                "on average; after yours {other_share}, with {other_score}."
            ).format(**numbers)
        return _(
            "After it you won {share} of the search's simulated games, with {score} points on "
            "average; after the next best move ({other}) {other_share}, with {other_score}."
        ).format(other=self.move_words(other.action), **numbers)


def _task(game: Game, puzzle: Puzzle) -> str:
    name = tr(game.player_name(puzzle.seat))
    return _("You play {name}. One move is clearly best here: find it.").format(name=name)


def _share(wins: float) -> str:
    return f"{round(100 * wins)}%"
