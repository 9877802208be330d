"""Prepared Mini Rails positions: the rulebook's examples and the tutorial's steps.

Each function returns a :class:`~railwidgets.minirails.Game` set up with
``from_position`` so that one rule is at work. The tutorial notebook shows them
in widgets; the rule tests check them.

>>> from railwidgets.minirails import scenarios
>>> game = scenarios.scoring_example()
>>> game.scores(), game.player_name(game.winners()[0])
([11, 7, 6, 10], 'Orange')
"""

from __future__ import annotations

import random
from typing import Any

from railwidgets.minirails.components import COMPANIES, ROUNDS, SETUP
from railwidgets.minirails.rules import Game
from railwidgets.minirails.state import MAP_NEIGHBOURS

__all__ = [
    "BLACK",
    "GREEN",
    "ORANGE",
    "PURPLE",
    "ROUND_3",
    "blocked_company",
    "board",
    "build_example",
    "final_shares",
    "finished",
    "market",
    "scoring_example",
    "shares",
    "tie_break_example",
    "turn_order_example",
    "with_changes",
]

ORANGE, PURPLE, GREEN, BLACK, PINK = range(5)


def with_changes(players: int = 4, seed: int = 1, **changes: Any) -> Game:
    """A fresh game of ``players`` and ``seed`` with some fields of its position replaced.

    Unless ``bag`` is among the changes, the bag holds whatever discs the rest of
    the position leaves (§2.12), so a scenario only says what is on the table.
    """
    data = Game(players=players, seed=seed).position()
    data.update(changes)
    if "bag" not in changes:
        data["bag"] = _bag_left(players, data)
    return Game.from_position(data)


def _bag_left(players: int, data: dict[str, Any]) -> dict[str, int]:
    row = SETUP[players]
    left = dict.fromkeys(COMPANIES, row.start_discs_per_company + row.bag_per_company)
    elsewhere = [entry["company"] for entry in data["board"]]
    elsewhere += [share["company"] for seat in data["shares"] for share in seat]
    elsewhere += data["taxed"] + [slot["company"] for slot in data["market"] if "company" in slot]
    for company in elsewhere:
        if company in left:  # a wrong name is for from_position to report
            left[company] -= 1
    for company, count in data["frame_discs"].items():
        if company in left:
            left[company] -= count
    return left


def shares(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    """Position data for a profit board: ``shares(("red", 3), ("blue", -1))``."""
    return [{"company": c, "value": v} for c, v in pairs]


def final_shares(*pairs: tuple[str, int], filler: str = "white") -> list[dict[str, Any]]:
    """A profit board at the end (§2.10: six shares): ``pairs``, then shares at 0 of ``filler``."""
    return shares(*pairs, *[(filler, 0)] * (ROUNDS - len(pairs)))


def market(*items: str | int) -> list[dict[str, Any]]:
    """Position data for the market: a company name is a disc, a seat number a marker."""
    return [{"company": x} if isinstance(x, str) else {"marker": x} for x in items]


def board(*discs: tuple[tuple[int, int], str]) -> list[dict[str, Any]]:
    """Position data for discs on the map: ``board(((0, 0), "red"), ...)``."""
    return [{"hex": list(h), "company": c} for h, c in discs]


#: The start discs of a 4-player game with seed 1 (frames: tan 1, blue 2, gray 3,
#: red 4, yellow 5, white 6).
_START = (
    ((-4, 2), "yellow"),
    ((-2, -2), "white"),
    ((-2, 4), "red"),
    ((2, -4), "tan"),
    ((2, 2), "gray"),
    ((4, -2), "blue"),
)

#: Round 3 of that game, before the first turn. In rounds 1 and 2 red grew from its
#: start hex over plains (+1), forest (−1) and a lake (−2) to the Big City (+5); blue
#: came in from the east over farmland (+2), mountains (−3) and forest (−1); tan took
#: one plains hex (+1). Gray and then tan were taxed.
ROUND_3: dict[str, Any] = {
    "round": 3,
    "board": board(
        *_START,
        ((-2, 3), "red"),
        ((-1, 2), "red"),
        ((-1, 1), "red"),
        ((0, 0), "red"),
        ((3, -1), "blue"),
        ((2, 0), "blue"),
        ((1, 0), "blue"),
        ((1, -3), "tan"),
    ),
    "market": market("red", "blue", "tan", "red", "gray", "yellow", "white", "tan", "blue"),
    "order": [ORANGE, PURPLE, GREEN, BLACK, BLACK, GREEN, PURPLE, ORANGE],
    "shares": [
        shares(("tan", 1), ("red", 5)),
        shares(("red", 3), ("blue", -1)),
        shares(("white", 0), ("gray", 0)),
        shares(("yellow", 0), ("tan", 0)),
    ],
    "taxed": ["gray", "tan"],
}


def build_example() -> Game:
    """§2.8: round 3, Orange to play; red reaches around the Big City."""
    return with_changes(**ROUND_3)


def blocked_company() -> Game:
    """§2.8.5: red never left its start hex, and yellow and gray have closed it in.

    Red can only go onto its frame, and every red share loses 1.
    """
    hemmed_in = board(
        *_START,
        ((-3, 2), "yellow"),
        ((-3, 3), "yellow"),
        ((-3, 4), "yellow"),
        ((-2, 3), "yellow"),
        ((1, 2), "gray"),
        ((0, 3), "gray"),
        ((-1, 3), "gray"),
        ((3, -1), "blue"),
    )
    boards = [
        shares(("tan", 0), ("red", 0)),
        shares(("red", 0), ("blue", 2)),
        shares(("white", 0), ("gray", -2)),
        shares(("yellow", 2), ("tan", 0)),
    ]
    return with_changes(**{**ROUND_3, "board": hemmed_in, "shares": boards})


def turn_order_example() -> Game:
    """§2.7.9, the rulebook's example: round 2, Orange takes the last red disc; white is taxed.

    Market after all actions: G K O G (white) P P K O, so next round's order is
    Green, Black, Orange, Green, Purple, Purple, Black, Orange.
    """
    return with_changes(
        round=2,
        board=board(
            *_START,
            ((-2, 3), "red"),
            ((-1, 3), "red"),
            ((3, -1), "blue"),
            ((2, 0), "blue"),
            ((-3, 2), "yellow"),
            ((-3, 3), "yellow"),
            ((-1, -2), "white"),
        ),
        market=market(GREEN, BLACK, ORANGE, GREEN, "white", PURPLE, PURPLE, BLACK, "red"),
        order=[GREEN, BLACK, ORANGE, GREEN, PURPLE, PURPLE, BLACK, ORANGE],
        turn=7,
        actions_left=[["build"], [], [], []],
        shares=[
            shares(("blue", -1), ("red", 0)),
            shares(("red", 3), ("tan", 0)),
            shares(("tan", 0), ("gray", 0)),
            shares(("red", 2), ("white", -1)),
        ],
        taxed=["blue"],
    )


def finished(taxed: list[str], boards: list[list[dict[str, Any]]], seed: int = 1) -> Game:
    """A finished 4-player game with this taxed area and these profit boards (6 shares each).

    The map is grown from the start discs (seeded) so that every company has
    exactly the discs the taxed area and the shares leave it (§2.12).
    """
    game = Game(players=4, seed=seed)
    data = game.position()
    row = SETUP[4]
    to_build = dict.fromkeys(COMPANIES, row.bag_per_company)
    for company in taxed + [share["company"] for seat in boards for share in seat]:
        to_build[company] -= 1
    for company, count in to_build.items():
        if count < 0:
            raise ValueError(
                f"the shares and taxed area hold more {company} discs than the game has"
            )
    discs = dict(game.state.board)
    frame_discs = dict.fromkeys(COMPANIES, 0)
    rng = random.Random(seed)
    while any(to_build.values()):
        company = rng.choice(sorted(c for c, n in to_build.items() if n > 0))
        free = sorted(
            {n for h, c in discs.items() if c == company for n in MAP_NEIGHBOURS[h]} - set(discs)
        )
        if free:
            discs[rng.choice(free)] = company
        else:
            frame_discs[company] += 1  # §2.8.5: blocked
        to_build[company] -= 1
    data.update(
        phase="over",
        round=6,
        turn=0,
        market=[],
        board=board(*sorted(discs.items())),
        frame_discs=frame_discs,
        bag=dict.fromkeys(COMPANIES, 0),
        actions_left=[[], [], [], []],
        taxed=taxed,
        shares=boards,
    )
    return Game.from_position(data)


def scoring_example() -> Game:
    """§2.10, the rulebook's example: Red, White, Tan and Blue were taxed.

    Final totals: Orange +11, Black +10, Purple +7, Green +6. Orange wins.
    """
    return finished(
        ["red", "white", "tan", "blue", "red", "white"],
        [
            shares(("red", 6), ("tan", 5), ("white", -4), ("yellow", 3), ("gray", 0), ("blue", 0)),
            shares(("white", 4), ("tan", 3), ("yellow", 0), ("gray", 6), ("red", -1), ("blue", 0)),
            shares(("red", 4), ("blue", 3), ("yellow", -1), ("gray", 2), ("white", 0), ("tan", 0)),
            shares(("blue", 7), ("red", 3), ("gray", -2), ("yellow", 4), ("white", 2), ("tan", -5)),
        ],
    )


def tie_break_example() -> Game:
    """§2.11: Orange and Purple both score +9; Purple's second-best share (+3) beats Orange's (+2)."""
    return finished(
        ["red", "white", "tan", "blue", "red", "white"],
        [
            shares(("red", 5), ("tan", 2), ("blue", 2), ("gray", 4), ("white", 0), ("yellow", 0)),
            shares(("red", 5), ("tan", 3), ("blue", 1), ("yellow", 5), ("white", 0), ("gray", 0)),
            shares(("red", 2), ("tan", 2), ("blue", 0), ("white", -3), ("yellow", 0), ("gray", 0)),
            shares(("red", 1), ("tan", 1), ("blue", 1), ("white", 1), ("gray", -3), ("yellow", 0)),
        ],
    )
