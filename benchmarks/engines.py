"""How fast the rules engines are, side by side with python-chess.

    .venv/bin/python benchmarks/engines.py [--seconds 2.0] [--slice 0.25] [game ...]

A search bot is as strong as the playouts it runs in its time budget, so the
main number is random-playout **decisions per second**: ``legal_actions()``, a
random pick, ``apply()``, a new game (setup included) whenever one ends. Beside
it, in the same run, python-chess's random play: ``list(board.legal_moves)``, a
random pick, ``push()``, a new board whenever the game ends. The two are
measured in alternating short slices of CPU time, so that whatever else the
machine is doing hits both alike, and the ratio between them is the number to read (aims:
2x for Mini Rails and Twisty Tracks, 1x for Off the Rails).

A chess game ends here on checkmate, stalemate, insufficient material or the
75-move rule; the costly fivefold-repetition test of ``board.is_game_over()``
is left out, which makes chess faster and the comparison harder for us.

Then, per game: ``copy()`` per second (of a game in mid-play, history included);
``Game.from_view`` per second (a view of that game read, checked and sampled) and
view draws per second (``Game.sampler(view).draw(rng)``: the view read once, then one
consistent game drawn after another, as a search bot does at every iteration); full
random games per second; and record round trips per second (``to_json`` +
``from_json`` of a finished game, which replays every action).

python-chess is for this benchmark only (``pip install -e '.[bench]'``, or
``make bench``); without it the chess columns are left empty. Numbers only:
nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from railwidgets.core import Game

try:
    import chess
except ImportError:  # the library does not need it: only the comparison is lost
    chess = None

#: (title, module, options) of every game measured.
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("Mini Rails", "railwidgets.minirails", {"players": 4}),
    ("Twisty Tracks", "railwidgets.twistytracks", {"players": 4}),
    ("Off the Rails", "railwidgets.offtherails", {"players": 4}),
]

#: The time measured: this process's own CPU time, so that what other programs on a busy
#: machine do weighs less on the numbers (it still slows both sides through the caches).
clock = time.process_time
#: Steps between two looks at the clock (a look costs about as much as a small step).
STEPS_PER_LOOK = 16


class GamePlayouts:
    """Random play of one game, game after game, one decision per step."""

    def __init__(self, cls: type[Game], options: dict[str, Any]) -> None:
        self.cls, self.options = cls, options
        self.rng = random.Random(0)
        self.seeds = iter(range(10**9))
        self.game = cls(seed=next(self.seeds), **options)

    def step(self) -> None:
        actions = self.game.legal_actions()
        if not actions:
            self.game = self.cls(seed=next(self.seeds), **self.options)
            actions = self.game.legal_actions()
        self.game.apply(self.rng.choice(actions))


class ChessPlayouts:
    """python-chess's random play, game after game, one ply per step."""

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.board = chess.Board()

    def step(self) -> None:
        board = self.board
        moves = list(board.legal_moves)
        if not moves or board.is_insufficient_material() or board.halfmove_clock >= 150:
            board = self.board = chess.Board()
            moves = list(board.legal_moves)
        board.push(self.rng.choice(moves))


def run_slice(step: Callable[[], None], seconds: float) -> tuple[int, float]:
    """Steps done in about ``seconds``, and the time they really took."""
    done = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        for _ in range(STEPS_PER_LOOK):
            step()
        done += STEPS_PER_LOOK
    return done, elapsed


def side_by_side(
    ours: Callable[[], None], theirs: Callable[[], None] | None, seconds: float, slice_: float
) -> tuple[float, float | None]:
    """Steps per second of ``ours`` and ``theirs``, measured in alternating slices."""
    totals = {"ours": [0, 0.0], "theirs": [0, 0.0]}
    deadline = clock() + seconds * (2 if theirs else 1)
    while clock() < deadline:
        for name, step in (("ours", ours), ("theirs", theirs)):
            if step is not None:
                done, elapsed = run_slice(step, slice_)
                totals[name][0] += done
                totals[name][1] += elapsed
    ours_rate = totals["ours"][0] / totals["ours"][1]
    theirs_rate = totals["theirs"][0] / totals["theirs"][1] if theirs else None
    return ours_rate, theirs_rate


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` done per second (``work`` returns how many it did)."""
    done = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        done += work()
    return done / elapsed


def random_game(cls: type[Game], options: dict[str, Any], seed: int) -> Game:
    game = cls(seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def measure(cls: type[Game], options: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    chess_step = ChessPlayouts().step if chess is not None else None
    decisions, plies = side_by_side(
        GamePlayouts(cls, options).step, chess_step, args.seconds, args.slice
    )
    finished = random_game(cls, options, 1)
    middle = cls.from_json(finished.to_json())
    for _ in range(len(middle.history) // 2):
        middle.undo()

    def copies() -> int:
        for _ in range(100):
            middle.copy()
        return 100

    record = finished.to_json()
    seeds = iter(range(10**9))
    view = middle.view(middle.current_player)
    games, rng = cls.sampler(view), random.Random(0)

    def draws() -> int:
        for _ in range(100):
            games.draw(rng)
        return 100

    return {
        "decisions/s": decisions,
        "chess plies/s": plies,
        "ratio": decisions / plies if plies else None,
        "copy()/s": rate(copies, args.seconds / 2),
        "from_view()/s": rate(lambda: (cls.from_view(view, next(seeds)), 1)[1], args.seconds / 4),
        "view draws/s": rate(draws, args.seconds / 2),
        "games/s": rate(lambda: (random_game(cls, options, next(seeds)), 1)[1], args.seconds / 2),
        "records/s": rate(lambda: (cls.from_json(record).to_json(), 1)[1], args.seconds / 2),
        "decisions/game": len(finished.history),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="playout time per game, for each side"
    )
    parser.add_argument("--slice", type=float, default=0.25, help="length of one slice")
    parser.add_argument(
        "games", nargs="*", metavar="game", help="only these (minirails, twistytracks, ...)"
    )
    args = parser.parse_args()
    if chess is None:
        print("python-chess is not installed (pip install -e '.[bench]'): no comparison.")
    columns = [
        "decisions/s",
        "chess plies/s",
        "ratio",
        "copy()/s",
        "from_view()/s",
        "view draws/s",
        "games/s",
        "records/s",
        "decisions/game",
    ]
    print(f"{'game':<20}" + "".join(f"{c:>15}" for c in columns))
    for title, module, options in GAMES:
        if args.games and module.rsplit(".", 1)[1] not in args.games:
            continue
        cls = importlib.import_module(module).Game
        result = measure(cls, options, args)
        cells = []
        for c in columns:
            value = result[c]
            if value is None:
                cells.append(f"{'-':>15}")
            elif c == "ratio":
                cells.append(f"{value:>14.2f}x")
            else:
                cells.append(f"{value:>15,.0f}")
        label = f"{title} ({options['players']}p)"
        print(f"{label:<20}" + "".join(cells))


if __name__ == "__main__":
    main()
