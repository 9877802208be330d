"""Puzzles mode in every widget (issue 29 item 4): the learner's move judged, the best
move shown and why, from the seat's view only."""

from __future__ import annotations

import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets.core.bots import sampler
from railwidgets.i18n import _, use
from railwidgets.ui.panel import GameWidget

WIDGETS = (MiniRailsWidget, TwistyTracksWidget, OffTheRailsWidget)


@pytest.mark.parametrize("cls", WIDGETS)
def test_29_4_the_puzzle_widget_accepts_the_right_move(cls: type[GameWidget]) -> None:
    w = cls(animate=False)
    assert w.puzzle_box.layout.display == "none"
    w.puzzles_button.click()
    puzzle = w.puzzle
    assert puzzle is not None and puzzle.number == 1
    assert w.game.to_json() == puzzle.position().to_json()
    assert w.seats[puzzle.seat] == "human" and w.seats.count("human") == 1
    assert w.puzzle_box.layout.display == ""
    assert "Puzzle 1 of" in w.puzzle_text.value and w.task() in w.puzzle_text.value
    assert w.status_text == w.prompt() and not w.status_error
    assert w.device.cover_for is None, "no cover: the learner plays alone"
    assert w.play(puzzle.answer)
    assert w.status_text.startswith("✓ Right!")
    assert "✓ Right: " in w.puzzle_text.value
    assert "Next for another puzzle" in w.status_text
    assert len(w.game.history) == len(puzzle.record["actions"]) + 1, "the bots wait"
    w.next_puzzle_button.click()
    assert w.puzzle.number == 2 and "Puzzle 2 of" in w.puzzle_text.value
    assert "✓" not in w.puzzle_text.value


@pytest.mark.parametrize("cls", WIDGETS)
def test_29_4_the_puzzle_widget_explains_a_wrong_move_and_shows_the_best(
    cls: type[GameWidget],
) -> None:
    w = cls(animate=False)
    w.open_puzzle(1)
    puzzle = w.puzzle
    assert puzzle is not None
    wrong = puzzle.weighed[1].action
    assert w.play(wrong)
    assert w.status_text.startswith("✗ Not the best move.")
    said = w.puzzle_text.value
    assert f"Your move ({w.move_words(wrong)}) is not the best." in said.replace("&#x27;", "'")
    assert f"The best move: {w.move_words(puzzle.answer)}" in said
    assert "after yours" in said
    w.undo()
    assert len(w.game.history) == len(puzzle.record["actions"])
    w.answer_button.click()  # lit, not played
    assert len(w.game.history) == len(puzzle.record["actions"])
    assert w.choice.complete and w.choice.only == puzzle.answer
    assert "The best move: " in w.puzzle_text.value
    w.retry_button.click()
    assert w.verdict is None and "The best move" not in w.puzzle_text.value
    w.previous_puzzle_button.click()
    assert w.puzzle.number == len(w.puzzles())


def test_29_4_hint_in_a_puzzle_shows_its_answer_and_leaving_ends_the_mode() -> None:
    w = MiniRailsWidget(animate=False)
    w.open_puzzle(2)
    w.hint_button.click()
    assert w.choice.only == w.puzzle.answer and "The best move: " in w.puzzle_text.value
    w.leave_puzzles_button.click()
    assert w.puzzle is None and w.puzzle_box.layout.display == "none"
    assert not w.bots_stopped and w.seats[0] == "human" and w.game.current_player == 0
    assert "New game." in w.status_text


def test_29_4_a_bad_puzzle_number_is_refused_and_nothing_changes() -> None:
    w = TwistyTracksWidget(animate=False)
    before = w.game.to_json()
    for number in (0, len(w.puzzles()) + 1, "one", True):
        w.open_puzzle(number)  # type: ignore[arg-type]
        assert w.status_error and "the puzzles are 1 to" in w.status_text
        assert w.game.to_json() == before and w.puzzle is None


def test_29_4_another_game_on_the_board_ends_puzzles_mode() -> None:
    w = MiniRailsWidget(animate=False)
    w.open_puzzle(1)
    w.new_game()
    assert w.puzzle is None and w.puzzle_box.layout.display == "none"


def test_29_4_a_puzzle_speaks_the_widgets_language() -> None:
    w = OffTheRailsWidget(animate=False, lang="es")
    w.open_puzzle(1)
    w.play(w.puzzle.answer)
    assert "Puzzle 1 of" not in w.puzzle_text.value
    with use("es"):
        assert w.puzzles_button.description == _("Puzzles") != "Puzzles"
    w.lang = "ru"
    assert "✓" in w.puzzle_text.value and "Puzzle 1 of" not in w.puzzle_text.value


@pytest.mark.parametrize("cls", (TwistyTracksWidget, OffTheRailsWidget))
def test_29_4_a_puzzles_words_are_the_same_whatever_its_view_hides(cls: type[GameWidget]) -> None:
    """The twin check: the same view with another hidden part says the same words."""
    for number in (1, 2, 3):
        w = cls(animate=False)
        w.open_puzzle(number)
        puzzle = w.puzzle
        assert puzzle is not None
        twin = sampler(puzzle.view())(seed=12345)
        assert twin.view(puzzle.seat) == puzzle.view()
        said = []
        for game in (w.game, twin):
            w.game = game
            w._show_puzzle(puzzle)
            for action in (puzzle.answer, puzzle.weighed[1].action):
                said.append(w.explain(puzzle.judge(action)))
        assert said[:2] == said[2:]
