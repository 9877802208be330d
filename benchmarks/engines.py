"""How fast the rules engines are: random playouts, copies and records.

    .venv/bin/python benchmarks/engines.py [--seconds 1.0]

For each game it prints random-playout decisions per second (``legal_actions``
+ ``apply``), full random games per second, ``copy()`` per second (of a game in
mid-play, history included) and record round trips per second (``to_json`` +
``from_json`` of a finished game, which replays every action). Numbers only:
nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable
from typing import Any

from railwidgets.core import Game

#: (title, module, options) of every game measured.
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("Mini Rails", "railwidgets.minirails", {"players": 4}),
    ("Twisty Tracks", "railwidgets.twistytracks", {"players": 4}),
    ("Off the Rails", "railwidgets.offtherails", {"players": 4}),
]


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` done per second (``work`` returns how many it did)."""
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    return done / elapsed


def random_game(cls: type[Game], options: dict[str, Any], seed: int) -> Game:
    game = cls(seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def measure(cls: type[Game], options: dict[str, Any], seconds: float) -> dict[str, float]:
    seeds = iter(range(10**9))

    def decisions() -> int:
        return len(random_game(cls, options, next(seeds)).history)

    finished = random_game(cls, options, 1)
    middle = cls.from_json(finished.to_json())
    for _ in range(len(middle.history) // 2):
        middle.undo()

    def copies() -> int:
        for _ in range(100):
            middle.copy()
        return 100

    record = finished.to_json()

    def round_trips() -> int:
        cls.from_json(record).to_json()
        return 1

    return {
        "decisions/s": rate(decisions, seconds),
        "games/s": rate(lambda: (random_game(cls, options, next(seeds)), 1)[1], seconds),
        "copy()/s": rate(copies, seconds),
        "records/s": rate(round_trips, seconds),
        "decisions/game": len(finished.history),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    columns = ["decisions/s", "games/s", "copy()/s", "records/s", "decisions/game"]
    print(f"{'game':<22}" + "".join(f"{c:>16}" for c in columns))
    for title, module, options in GAMES:
        cls = importlib.import_module(module).Game
        result = measure(cls, options, args.seconds)
        label = f"{title} ({options.get('players')}p)"
        print(f"{label:<22}" + "".join(f"{result[c]:>16,.0f}" for c in columns))


if __name__ == "__main__":
    main()
