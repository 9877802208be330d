"""Make each game's puzzles from self-play, or check the stored ones.

    python scripts/puzzles.py make --game minirails --minutes 10
    python scripts/puzzles.py again --game minirails   # levels and areas said again
    python scripts/puzzles.py reweigh --game minirails --source old.json  # after the bots change
    python scripts/puzzles.py check            # every puzzle of every game (make puzzles-check)

``make`` plays games between greedy bots and looks at the positions they reach. A
position becomes a puzzle when (``railwidgets.core.puzzles``):

- the seat to move has at least three moves;
- a search at ``--budget`` simulated games from the seat's view, run once with each
  of two seeds, chooses the same move both times, and its share of wins leads every
  other move's by at least ``--margin`` both times (no luck of the draw decides);
- the greedy bot and the easy search bot do not both play it (not obvious).

Its level says how hard it is among the game's puzzles: they are put in order, first
those the greedy bot finds (a gain one move ahead), then those the easy search bot finds,
then those neither finds, each kind with the answer that stands out most (the widest
lead) first; the first third are easy, the next medium, the last hard. Its area is the rules section of its
answer (``PUZZLE_AREAS`` and ``puzzle_area`` in ``railwidgets/<game>/bots.py``). The
puzzles kept are spread over the areas and levels, easiest first, and written to
``railwidgets/<game>/puzzles.json``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from railwidgets.core.action import Action
from railwidgets.core.bots import handed
from railwidgets.core.game import Game, game_class
from railwidgets.core.puzzles import LEVELS, Puzzle, dump, puzzles, recheck, weigh
from railwidgets.core.search import LEVELS as BOT_LEVELS
from railwidgets.core.search import SearchBot

GAMES = ("minirails", "twistytracks", "offtherails")
PLAYERS = {"minirails": 3, "twistytracks": 2, "offtherails": 2}
#: The least lead of an answer's share of wins over every other move's. Mini Rails has
#: three players, so shares of wins are smaller there, and so are the leads.
MARGINS = {"minirails": 0.08, "twistytracks": 0.10, "offtherails": 0.10}
SEEDS = (101, 202)  # the two searches that must agree


def positions(name: str, first_seed: int, stride: int) -> Iterator[Game]:
    """Positions of games between greedy bots: every ``stride``-th decision of each game."""
    bots = importlib.import_module(f"railwidgets.{name}.bots")
    seed = first_seed
    while True:
        game = game_class(name)(players=PLAYERS[name], seed=seed)
        players = [bots.GreedyBot(seed=seed * 10 + i) for i in range(game.num_players)]
        turn = 0
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            if turn % stride == seed % stride and len(game.legal_actions()) >= 3:
                yield game.copy()
            game.apply(players[seat].choose(handed(game)))
            turn += 1
        seed += 1


def found_in(
    name: str, game: Game, budget: int, margin: float, area: str | None = None
) -> Puzzle | None:
    """The puzzle at ``game``'s position, if it is one (see the module's docstring);
    with ``area``, only a puzzle on that rules section."""
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    bots = importlib.import_module(f"railwidgets.{name}.bots")
    medium = SearchBot.at("medium", seed=SEEDS[0]).think(view)
    runner = medium.runner_up
    if runner is None or medium.value - runner[2] < margin / 2:  # a quick look first
        return None
    if area is not None and bots.puzzle_area(game, medium.action, seat, runner[0]) != area:
        return None
    result = weigh(view, budget, SEEDS)
    if result is None or result[1] < margin:
        return None
    weighed, lead = result
    level = level_of(name, game, weighed[0].action)
    if level is None:
        return None  # obvious
    record = json.loads(game.to_json())
    found = bots.puzzle_area(game, weighed[0].action, seat, weighed[1].action)
    if area is not None and found != area:
        return None
    return Puzzle(name, 0, level, found, record, seat, budget, SEEDS, lead, weighed)


def level_of(name: str, game: Game, answer: Action) -> str | None:
    """Who finds ``answer`` in ``game``'s position, as the level it stands for before the
    puzzles are put in order (:func:`choose`): "easy", the greedy bot; "medium", the easy
    search bot; "hard", neither. ``None``: both, so it is obvious."""
    bots = importlib.import_module(f"railwidgets.{name}.bots")
    view = game.view(game.current_player)  # type: ignore[arg-type]
    greedy = bots.GreedyBot(seed=1).choose(handed(game)) == answer
    easy = SearchBot(iterations=BOT_LEVELS["easy"].iterations, seed=SEEDS[0]).think(view)
    if greedy and easy.action == answer:
        return None
    return "easy" if greedy else "medium" if easy.action == answer else "hard"


def again_said(name: str, stored: tuple[Puzzle, ...]) -> list[Puzzle]:
    """``stored`` with who finds each one and its area said again (the obvious left out)."""
    bots = importlib.import_module(f"railwidgets.{name}.bots")
    found = []
    for p in stored:
        game = p.position()
        level = level_of(name, game, p.answer)
        if level is not None:
            area = bots.puzzle_area(game, p.answer, p.seat, p.weighed[1].action)
            found.append(replace(p, level=level, area=area))
    return found


def again(args: argparse.Namespace) -> int:
    """The stored puzzles with their levels and areas said again (as this script says
    them now), chosen and numbered again: no new search."""
    name = game_class(args.game).NAME
    found = again_said(name, puzzles(name))
    return keep(name, found, args.wanted, len(found))


def reweigh(args: argparse.Namespace) -> int:
    """The positions of the puzzles in ``--source`` (an older ``puzzles.json``, say from
    before the bots changed) looked at again with today's bots and the same test as
    ``make``: those that are still puzzles are chosen among the stored ones."""
    name = game_class(args.game).NAME
    data = json.loads(Path(args.source).read_text(encoding="utf-8"))
    if data.get("game") != name:
        print(f"{args.source} holds {data.get('game')!r} puzzles, not {name!r}", file=sys.stderr)
        return 2
    margin = MARGINS[name] if args.margin is None else args.margin
    found: list[Puzzle] = []
    for looked, entry in enumerate(data["puzzles"], 1):
        old = Puzzle.from_dict(name, entry)
        puzzle = found_in(name, old.position(), old.budget, margin)
        if puzzle is not None:
            found.append(puzzle)
            print(
                f"{name}: {len(found)} of {looked} still puzzles "
                f"({puzzle.level}, {puzzle.area}, lead {puzzle.margin:.2f})",
                flush=True,
            )
    found += again_said(name, puzzles(name))
    return keep(name, found, args.wanted, len(data["puzzles"]))


def choose(name: str, found: list[Puzzle], wanted: int) -> list[Puzzle]:
    """``wanted`` puzzles spread over the game's areas and over who finds them, put in
    order and given their levels (see the module's docstring)."""
    areas = list(importlib.import_module(f"railwidgets.{name}.bots").PUZZLE_AREAS)
    areas += sorted({p.area for p in found} - set(areas))  # the others after those that matter
    buckets: dict[tuple[str, str], list[Puzzle]] = {}
    for puzzle in sorted(found, key=lambda p: -p.margin):
        buckets.setdefault((puzzle.area, puzzle.level), []).append(puzzle)
    kept: list[Puzzle] = []
    while len(kept) < wanted and any(buckets.values()):
        for area in areas:  # a round over the areas, each taking its rarest level first
            for level in sorted(LEVELS, key=lambda lv: sum(p.level == lv for p in kept)):
                if buckets.get((area, level)) and len(kept) < wanted:
                    kept.append(buckets[(area, level)].pop(0))
                    break
    kept.sort(key=lambda p: (LEVELS.index(p.level), -p.margin))  # who finds it, then lead
    third = len(kept) / len(LEVELS)
    return [
        replace(p, number=i + 1, level=LEVELS[min(int(i / third), len(LEVELS) - 1)])
        for i, p in enumerate(kept)
    ]


def make(args: argparse.Namespace) -> int:
    name = game_class(args.game).NAME
    margin = MARGINS[name] if args.margin is None else args.margin
    deadline = time.monotonic() + 60 * args.minutes
    found: list[Puzzle] = []
    looked = 0
    for game in positions(name, args.seed, args.stride):
        if time.monotonic() > deadline:
            break
        looked += 1
        puzzle = found_in(name, game, args.budget, margin, args.area)
        if puzzle is not None:
            found.append(puzzle)
            print(
                f"{name}: {len(found)} found in {looked} positions "
                f"({puzzle.level}, {puzzle.area}, lead {puzzle.margin:.2f})",
                flush=True,
            )
    if args.add:  # the stored ones too, said again as this script says them now
        found += again_said(name, puzzles(name))
    return keep(name, found, args.wanted, looked)


def keep(name: str, found: list[Puzzle], wanted: int, looked: int) -> int:
    """Choose among ``found`` and write them to the game's ``puzzles.json``."""
    kept = choose(name, found, wanted)
    path = Path(__file__).resolve().parent.parent / "railwidgets" / name / "puzzles.json"
    path.write_text(dump(name, kept), encoding="utf-8")
    counts = {(p.area, p.level): 0 for p in kept}
    for p in kept:
        counts[(p.area, p.level)] += 1
    print(f"{name}: kept {len(kept)} of {len(found)} puzzles from {looked} positions: {counts}")
    return 0


def check(args: argparse.Namespace) -> int:
    failed = 0
    for name in [args.game] if args.game else GAMES:
        stored = puzzles(name)
        for puzzle in stored:
            problems = recheck(puzzle)
            failed += bool(problems)
            for problem in problems:
                print(f"{name}: {problem}")
        print(f"{name}: {len(stored)} puzzles checked")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    made = sub.add_parser("make", help="find puzzles in self-play and store them")
    made.add_argument("--game", required=True, choices=GAMES)
    made.add_argument("--minutes", type=float, default=10.0, help="how long to look")
    made.add_argument("--budget", type=int, default=3200, help="simulated games a search")
    made.add_argument("--margin", type=float, help="the answer's least lead (MARGINS)")
    made.add_argument("--wanted", type=int, default=15, help="puzzles to keep")
    made.add_argument("--stride", type=int, default=4, help="look at every n-th decision")
    made.add_argument("--seed", type=int, default=1, help="the first self-play game's seed")
    made.add_argument("--area", help="only puzzles on this rules section (PUZZLE_AREAS)")
    made.add_argument(
        "--add", action="store_true", help="keep the stored puzzles too, choosing among all"
    )
    said = sub.add_parser("again", help="say the stored puzzles' levels and areas again")
    said.add_argument("--game", required=True, choices=GAMES)
    said.add_argument("--wanted", type=int, default=16, help="puzzles to keep")
    weighed = sub.add_parser(
        "reweigh", help="look at an older file's puzzles again, and add those that hold"
    )
    weighed.add_argument("--game", required=True, choices=GAMES)
    weighed.add_argument("--source", required=True, type=Path, help="an older puzzles.json")
    weighed.add_argument("--margin", type=float, help="the answer's least lead (MARGINS)")
    weighed.add_argument("--wanted", type=int, default=15, help="puzzles to keep")
    checked = sub.add_parser("check", help="check every stored puzzle (slow)")
    checked.add_argument("--game", choices=GAMES)
    args = parser.parse_args(argv)
    commands = {"make": make, "again": again, "reweigh": reweigh, "check": check}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
