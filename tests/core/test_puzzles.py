"""Puzzles (issue 29 item 4): each game's stored puzzles, as data.

The full check (a search at each puzzle's budget, with each of its seeds, chooses its
answer by its margin) is ``make puzzles-check``; here the first puzzle of each game is
checked so, and every puzzle's data is checked to hold together.
"""

from __future__ import annotations

import importlib
import json

import pytest

from railwidgets.core.errors import RecordError
from railwidgets.core.puzzles import LEVELS, Puzzle, dump, puzzles, recheck
from railwidgets.core.rulebook import RuleBook

GAMES = ("minirails", "twistytracks", "offtherails")


@pytest.mark.parametrize("name", GAMES)
def test_29_4_every_puzzle_loads_with_its_answer_legal_and_first_by_its_margin(name: str) -> None:
    stored = puzzles(name)
    assert len(stored) >= 12
    assert [p.number for p in stored] == list(range(1, len(stored) + 1))
    for puzzle in stored:
        game = puzzle.position()
        assert game.current_player == puzzle.seat and not game.is_over
        legal = game.legal_actions()
        assert len(legal) >= 3, "a puzzle has a choice to make"
        assert puzzle.answer in legal
        assert all(w.action in legal for w in puzzle.weighed)
        assert len({w.action for w in puzzle.weighed}) == len(puzzle.weighed)
        best, *others = puzzle.weighed
        assert puzzle.margin >= 0.08
        assert all(best.wins - w.wins >= puzzle.margin - 2e-3 for w in others)
        assert puzzle.budget > 1600, "more than the hard search bot looks at"
        assert len(set(puzzle.seeds)) >= 2, "two searches agreed"


@pytest.mark.parametrize("name", GAMES)
def test_29_4_puzzles_go_from_easy_to_hard_with_three_in_every_area(name: str) -> None:
    stored = puzzles(name)
    levels = [LEVELS.index(p.level) for p in stored]
    assert levels == sorted(levels)
    assert stored[0].level == "easy"
    areas = importlib.import_module(f"railwidgets.{name}.bots").PUZZLE_AREAS
    book = RuleBook.for_game(name)
    for area in areas:
        assert sum(p.area == area for p in stored) >= 3, f"three puzzles on {area}"
    for puzzle in stored:
        assert book.section(puzzle.area).title  # a real section of the rules


@pytest.mark.parametrize("name", GAMES)
def test_29_4_the_search_still_finds_the_first_puzzles_answer_by_its_margin(name: str) -> None:
    assert recheck(puzzles(name)[0]) == []


def test_29_4_a_puzzle_judges_moves_by_what_the_search_saw() -> None:
    puzzle = puzzles("minirails")[0]
    right = puzzle.judge(puzzle.answer)
    assert right.right and right.weighed == right.best == puzzle.weighed[0]
    assert right.runner_up == puzzle.weighed[1]
    assert str(right).startswith("Right: ")
    game = puzzle.position()
    weighed = {w.action for w in puzzle.weighed}
    aside = next((a for a in game.legal_actions() if a not in weighed), None)
    if aside is not None:
        verdict = puzzle.judge(aside)
        assert not verdict.right and verdict.weighed is None
        assert "set" in str(verdict) and "aside" in str(verdict)
    other = puzzle.weighed[1].action
    wrong = puzzle.judge(other)
    assert (
        not wrong.right and wrong.weighed == puzzle.weighed[1] and wrong.runner_up == wrong.weighed
    )
    with pytest.raises(ValueError, match="not a legal move"):
        puzzles("twistytracks")[0].judge(puzzle.answer)


def test_29_4_puzzle_data_round_trips_and_bad_data_is_refused() -> None:
    puzzle = puzzles("twistytracks")[0]
    again = Puzzle.from_dict("twistytracks", json.loads(json.dumps(puzzle.to_dict())))
    assert (
        again.answer == puzzle.answer and again.position().to_json() == puzzle.position().to_json()
    )
    assert json.loads(dump("twistytracks", [puzzle]))["puzzles"][0]["number"] == puzzle.number
    data = puzzle.to_dict()
    with pytest.raises(RecordError, match="unknown level"):
        Puzzle.from_dict("twistytracks", {**data, "level": "fiendish"})
    with pytest.raises(RecordError, match="malformed"):
        Puzzle.from_dict("twistytracks", {k: v for k, v in data.items() if k != "weighed"})
    with pytest.raises(RecordError, match="fewer than two"):
        Puzzle.from_dict("twistytracks", {**data, "weighed": data["weighed"][:1]})
    tampered = {**data, "record": {**data["record"], "seed": "seven"}}
    assert "does not load" in recheck(Puzzle.from_dict("twistytracks", tampered))[0]
