"""Puzzles: positions from real games where one move is clearly best.

Each game keeps its puzzles as data (``railwidgets/<game>/puzzles.json``), made by
``scripts/puzzles.py make`` from games its bots played against each other. A position
is a puzzle when the search bot, at a high budget and from the seat's view alone,
rates one move above every other by a wide margin, twice, with two different seeds;
positions where the best move is obvious (the greedy bot and the easy search bot
both play it) or where luck decides (no move stands out) are left out.

>>> from railwidgets.core.puzzles import puzzles
>>> first = puzzles("minirails")[0]
>>> first.number, first.level
(1, 'easy')
>>> game = first.position()
>>> game.current_player == first.seat
True
>>> first.judge(first.answer).right
True

A puzzle is judged from the seat's view (``Puzzle.view()``): its answer, the moves
the search weighed and the words a verdict says were all worked out from that view,
so a puzzle gives away nothing the seat could not know.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from railwidgets.core.action import Action, decode_action
from railwidgets.core.bots import View
from railwidgets.core.errors import RecordError
from railwidgets.core.game import Game, game_class
from railwidgets.core.search import SearchBot

__all__ = ["LEVELS", "Puzzle", "Verdict", "Weighed", "puzzles", "recheck", "weigh"]

#: How hard a puzzle is among its game's puzzles, easiest first. The puzzles are put in
#: order by which bot finds the answer: first those the greedy bot finds (a gain one move
#: ahead), then those the easy search bot finds (40 simulated games), then those neither
#: finds; each kind with the answer that stands out most (the widest lead) first. The
#: first third are easy, the next medium, the last hard. (Where both bots find it, the
#: answer is obvious: not a puzzle.)
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Weighed:
    """One move the search weighed in a puzzle's position."""

    action: Action
    #: Simulated games played through it.
    visits: int
    #: The seat's share of wins in them (0–1).
    wins: float
    #: The seat's average final score in them.
    score: float


@dataclass(frozen=True)
class Verdict:
    """What a move is worth in a puzzle: right or not, and the search's numbers beside the
    best move's. ``weighed`` is ``None`` for a move the search set aside (not among the
    moves it found most promising)."""

    action: Action
    right: bool
    best: Weighed
    weighed: Weighed | None
    #: The best of the other moves (for a right answer: the runner-up).
    runner_up: Weighed

    def __str__(self) -> str:
        if self.right:
            return (
                f"Right: {self.best.action} wins {self.best.wins:.0%} of the simulated games, "
                f"the next best ({self.runner_up.action}) {self.runner_up.wins:.0%}"
            )
        if self.weighed is None:
            return (
                f"Not the best: the search set {self.action} aside; "
                f"{self.best.action} wins {self.best.wins:.0%}"
            )
        return (
            f"Not the best: {self.action} wins {self.weighed.wins:.0%} of the simulated games, "
            f"{self.best.action} {self.best.wins:.0%}"
        )


@dataclass(frozen=True)
class Puzzle:
    """A position and the move the search found clearly best in it, with what it saw.

    ``record`` is the game's record (:meth:`~railwidgets.core.Game.to_json`) up to the position; ``seat``
    is the player to move. The search played ``budget`` simulated games from that
    seat's view with each of ``seeds``; both chose ``answer``, its share of wins ahead
    of every other move's by at least ``margin``. ``weighed`` is what the first search
    found for each move it tried, best first.
    """

    game: str
    number: int
    level: str
    #: The rules section the puzzle is about (a reference, "§2.8" or "A1").
    area: str
    record: Mapping[str, Any]
    seat: int
    budget: int
    seeds: tuple[int, ...]
    margin: float
    weighed: tuple[Weighed, ...]

    def __repr__(self) -> str:
        return f"Puzzle({self.game!r}, {self.number}, {self.level!r}, {self.area!r})"

    @property
    def answer(self) -> Action:
        """The move the search found clearly best."""
        return self.weighed[0].action

    def position(self) -> Game:
        """The game at the puzzle's position (a new one each call), ``seat`` to move."""
        return game_class(self.game).from_json(json.dumps(self.record))

    def view(self) -> View:
        """What the seat to move knows: all the puzzle was worked out from."""
        return self.position().view(self.seat)

    def judge(self, action: Action) -> Verdict:
        """Whether ``action`` is the answer, with the search's numbers for it and the best.

        An action that is not legal in the position is refused (``ValueError``).
        """
        game = self.position()
        if not game.is_legal(action):
            raise ValueError(f"{action} is not a legal move in puzzle {self.number}")
        best, others = self.weighed[0], self.weighed[1:]
        mine = next((w for w in self.weighed if w.action == action), None)
        right = action == best.action
        runner_up = others[0] if right or mine is None else mine
        return Verdict(action, right, best, mine, runner_up)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready data (what ``puzzles.json`` holds)."""
        return {
            "number": self.number,
            "level": self.level,
            "area": self.area,
            "seat": self.seat,
            "budget": self.budget,
            "seeds": list(self.seeds),
            "margin": round(self.margin, 3),
            "weighed": [
                {
                    "action": w.action.to_dict(),
                    "visits": w.visits,
                    "wins": round(w.wins, 3),
                    "score": round(w.score, 2),
                }
                for w in self.weighed
            ],
            "record": dict(self.record),
        }

    @classmethod
    def from_dict(cls, game: str, data: Mapping[str, Any]) -> Puzzle:
        """A puzzle from :meth:`to_dict`'s data; malformed data raises
        :class:`~railwidgets.core.RecordError`."""
        try:
            actions = game_class(game).ACTIONS
            weighed = tuple(
                Weighed(
                    decode_action(w["action"], actions),
                    int(w["visits"]),
                    float(w["wins"]),
                    float(w["score"]),
                )
                for w in data["weighed"]
            )
            puzzle = cls(
                game,
                int(data["number"]),
                str(data["level"]),
                str(data["area"]),
                dict(data["record"]),
                int(data["seat"]),
                int(data["budget"]),
                tuple(int(s) for s in data["seeds"]),
                float(data["margin"]),
                weighed,
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"a {game} puzzle is malformed: {err!r}") from None
        if puzzle.level not in LEVELS:
            raise RecordError(f"puzzle {puzzle.number}: unknown level {puzzle.level!r}")
        if len(weighed) < 2:
            raise RecordError(f"puzzle {puzzle.number}: the search weighed fewer than two moves")
        return puzzle


def dump(game: str, found: Sequence[Puzzle]) -> str:
    """The text of a game's ``puzzles.json``."""
    return json.dumps({"game": game, "puzzles": [p.to_dict() for p in found]}, indent=1) + "\n"


@cache
def puzzles(game: str) -> tuple[Puzzle, ...]:
    """A game's puzzles (by its ``NAME``), easiest first (none for a game without them)."""
    cls = game_class(game)
    try:
        files = resources.files(f"railwidgets.{cls.NAME}")
        text = files.joinpath("puzzles.json").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return ()
    data = json.loads(text)
    return tuple(Puzzle.from_dict(cls.NAME, entry) for entry in data["puzzles"])


def weigh(
    view: View, budget: int, seeds: Sequence[int]
) -> tuple[tuple[Weighed, ...], float] | None:
    """Search ``view`` with ``budget`` simulated games once per seed: the moves the first
    search weighed, its choice first, and the smallest lead of that choice over every
    other move (in share of wins) across the searches; ``None`` if they chose apart."""
    found: list[tuple[Weighed, ...]] = []
    for seed in seeds:
        thought = SearchBot(iterations=budget, seed=seed).think(view)
        outlook = thought.outlook
        weighed = sorted(
            (Weighed(a, visits, wins, outlook.get(a, 0.0)) for a, visits, wins in thought.ranking),
            key=lambda w: (w.action != thought.action, -w.wins, -w.visits),
        )
        if len(weighed) < 2 or (found and weighed[0].action != found[0][0].action):
            return None
        found.append(tuple(weighed))
    margin = min(w[0].wins - w[1].wins for w in found)
    return found[0], margin


def recheck(puzzle: Puzzle) -> list[str]:
    """What is wrong with ``puzzle``, if anything: it must load, its answer must be legal,
    and a search at its budget with each of its seeds must choose its answer, ahead of
    every other move by its margin (slow: ``make puzzles-check``)."""
    try:
        game = puzzle.position()
    except RecordError as err:
        return [f"puzzle {puzzle.number} does not load: {err}"]
    if game.current_player != puzzle.seat:
        return [f"puzzle {puzzle.number}: seat {puzzle.seat} is not the one to move"]
    if not game.is_legal(puzzle.answer):
        return [f"puzzle {puzzle.number}: the answer {puzzle.answer} is not legal"]
    result = weigh(game.view(puzzle.seat), puzzle.budget, puzzle.seeds)
    if result is None or result[0][0].action != puzzle.answer:
        return [f"puzzle {puzzle.number}: the search no longer chooses {puzzle.answer}"]
    if result[1] < puzzle.margin - 1e-3:
        return [
            f"puzzle {puzzle.number}: the answer leads by {result[1]:.3f}, "
            f"not the stored {puzzle.margin:.3f}"
        ]
    return []
