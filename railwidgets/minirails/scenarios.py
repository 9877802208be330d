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

from typing import Any

from railwidgets.core.bots import RandomBot, play_out
from railwidgets.minirails.rules import Game

__all__ = [
    "BLACK",
    "GREEN",
    "ORANGE",
    "PURPLE",
    "blocked_company",
    "build_example",
    "scoring_example",
    "tie_break_example",
    "turn_order_example",
    "with_changes",
]

ORANGE, PURPLE, GREEN, BLACK, PINK = range(5)


def with_changes(players: int = 4, seed: int = 1, **changes: Any) -> Game:
    """A fresh game of ``players`` and ``seed`` with some fields of its position replaced."""
    data = Game(players=players, seed=seed).position()
    data.update(changes)
    return Game.from_position(data)


def shares(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    """Position data for a profit board: ``shares(("red", 3), ("blue", -1))``."""
    return [{"company": c, "value": v} for c, v in pairs]


def market(*items: str | int) -> list[dict[str, Any]]:
    """Position data for the market: a company name is a disc, a seat number a marker."""
    return [{"company": x} if isinstance(x, str) else {"marker": x} for x in items]


def board(*discs: tuple[tuple[int, int], str]) -> list[dict[str, Any]]:
    """Position data for discs on the map: ``board(((0, 0), "red"), ...)``."""
    return [{"hex": list(h), "company": c} for h, c in discs]


#: Round 3 of a 4-player game: red has grown from its start hex to the Big City,
#: blue from the east; the setup's other start discs are where they began.
_ROUND_3 = {
    "board": board(
        ((-4, 2), "yellow"),
        ((-2, -2), "white"),
        ((2, -4), "tan"),
        ((2, 2), "gray"),
        ((-2, 4), "red"),
        ((-2, 3), "red"),
        ((-1, 2), "red"),
        ((-1, 1), "red"),
        ((0, 0), "red"),
        ((4, -2), "blue"),
        ((3, -1), "blue"),
        ((2, 0), "blue"),
        ((1, 0), "blue"),
    ),
    "market": market("red", "blue", "tan", "red", "gray", "yellow", "white", "tan", "blue"),
    "order": [ORANGE, PURPLE, GREEN, BLACK, BLACK, GREEN, PURPLE, ORANGE],
    "actions_left": [["build"], ["build", "buy"], ["build", "buy"], ["build", "buy"]],
    "shares": [
        shares(("red", 0), ("tan", 1), ("red", 0)),
        shares(("red", 9), ("blue", 0)),
        shares(("white", 0), ("gray", 2)),
        shares(("red", -9), ("yellow", 0)),
    ],
    "round": 3,
    "taxed": ["gray", "tan"],
    "bag": {"red": 4, "white": 5, "tan": 4, "blue": 4, "yellow": 5, "gray": 5},
}


def build_example() -> Game:
    """§2.8.4: red reaches around the Big City; Purple's red share at +9 will stop at +10.

    Orange is to play and has only the Build action left.
    """
    return with_changes(**_ROUND_3)


def blocked_company() -> Game:
    """§2.8.5: red never left its start hex and yellow and gray have closed it in.

    Red can only go onto its frame, and every red share loses 1.
    """
    hemmed_in = board(
        ((-4, 2), "yellow"),
        ((-3, 2), "yellow"),
        ((-3, 3), "yellow"),
        ((-3, 4), "yellow"),
        ((-2, 3), "yellow"),
        ((2, 2), "gray"),
        ((1, 2), "gray"),
        ((0, 3), "gray"),
        ((-1, 3), "gray"),
        ((-2, -2), "white"),
        ((2, -4), "tan"),
        ((4, -2), "blue"),
        ((-2, 4), "red"),
    )
    return with_changes(**{**_ROUND_3, "board": hemmed_in})


def turn_order_example() -> Game:
    """§2.7.9, the rulebook's example: Orange takes the last red disc; white is taxed.

    Market after all actions: G K O G (white) P P K O, so next round's order is
    Green, Black, Orange, Green, Purple, Purple, Black, Orange.
    """
    return with_changes(
        market=market(GREEN, BLACK, ORANGE, GREEN, "white", PURPLE, PURPLE, BLACK, "red"),
        order=[GREEN, BLACK, ORANGE, GREEN, PURPLE, PURPLE, BLACK, ORANGE],
        turn=7,
        actions_left=[["build"], [], [], []],
        shares=[
            shares(("blue", 0)),
            shares(("red", 0), ("red", 2)),
            shares(("tan", 0), ("gray", 0)),
            shares(("red", 0), ("white", 0)),
        ],
    )


def _finished(taxed: list[str], boards: list[list[dict[str, Any]]]) -> Game:
    """A 4-player game played to its end, with the taxed area and profit boards replaced."""
    game = Game(players=4, seed=1)
    play_out(game, RandomBot(seed=1))
    data = game.position()
    data.update(taxed=taxed, shares=boards)
    return Game.from_position(data)


def scoring_example() -> Game:
    """§2.10, the rulebook's example: Red, White, Tan and Blue were taxed.

    Final totals: Orange +11, Black +10, Purple +7, Green +6. Orange wins.
    """
    return _finished(
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
    return _finished(
        ["red", "white", "tan", "blue", "red", "white"],
        [
            shares(("red", 5), ("tan", 2), ("blue", 2), ("gray", 4), ("white", 0), ("yellow", 0)),
            shares(("red", 5), ("tan", 3), ("blue", 1), ("yellow", 5), ("white", 0), ("gray", 0)),
            shares(("red", 2), ("tan", 2), ("blue", 0), ("white", -3), ("yellow", 0), ("gray", 0)),
            shares(("red", 1), ("tan", 1), ("blue", 1), ("white", 1), ("gray", -3), ("yellow", 0)),
        ],
    )
