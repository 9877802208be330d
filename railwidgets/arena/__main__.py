"""``python -m railwidgets.arena``: a tournament from the command line.

Example (10 games of Mini Rails, the search bot against two greedy bots, 0.2 s a move)::

    python -m railwidgets.arena minirails search:seconds=0.2 greedy greedy --games 10 --csv out.csv
"""

from __future__ import annotations

import argparse
import ast
import sys
import warnings
from collections.abc import Sequence

from railwidgets.arena import GAMES, ArenaWarning, tournament


def parse_options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise SystemExit(f"--option takes key=value, not {pair!r}")
        try:
            options[key] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            options[key] = value
    return options


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m railwidgets.arena",
        description="Play many games between bots, seats rotated, and print the win shares.",
    )
    parser.add_argument("game", choices=GAMES)
    parser.add_argument(
        "bots", nargs="+", help="bot names: random, greedy, search, search:seconds=0.5, ..."
    )
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--players", type=int, help="seats per game (default: one per bot)")
    parser.add_argument("--option", action="append", default=[], help="a game option key=value")
    parser.add_argument("--workers", type=int, help="processes (default: one per core)")
    parser.add_argument("--csv", help="write the table of every seat of every game here")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    executor = None
    if args.workers is not None:
        if args.workers < 1:
            parser.error(f"--workers must be at least 1, not {args.workers}")
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(max_workers=args.workers)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ArenaWarning)  # the summary names the failures
            results = tournament(
                args.game,
                args.bots,
                args.games,
                seed=args.seed,
                players=args.players,
                options=parse_options(args.option),
                executor=executor,
                progress=not args.quiet,
            )
    except ValueError as err:
        parser.error(str(err))
    finally:
        if executor is not None:
            executor.shutdown()
    print(results.summary())
    if args.csv:
        results.to_csv(args.csv)
        print(f"{len(results)} rows written to {args.csv}")
    return 1 if results.errors else 0


if __name__ == "__main__":
    sys.exit(main())
