"""Positions that no game can reach are refused, naming the problem (§2.18, §2.19).

A position is something people share; a game built from one that cannot happen
may never end (a deck without the Chasm card) or count jewels that do not exist.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import RandomBot
from railwidgets.core.errors import RecordError

Change = Callable[[dict[str, Any]], None]


def _position(players: int = 2, turns: int = 4, seed: int = 3) -> dict[str, Any]:
    """A position a few decisions into a real game."""
    game = otr.Game(players=players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(turns):
        game.apply(bot.choose(game))
    return copy.deepcopy(game.position())


def _swap_kind(p: dict[str, Any]) -> None:
    """One item in the bag turns into another kind."""
    p["bag"]["rock"] -= 1
    p["bag"]["diamond"] = p["bag"].get("diamond", 0) + 1


def _drop_chasm_card(p: dict[str, Any]) -> None:
    p["deposit_deck"].remove("chasm")


def _chasm_card_too_high(p: dict[str, Any]) -> None:
    p["deposit_deck"].remove("chasm")
    p["deposit_deck"].insert(len(p["deposit_deck"]) - 2, "chasm")


def _chasm_card_twice(p: dict[str, Any]) -> None:
    p["deposit_deck"].append("chasm")


def _card_twice(p: dict[str, Any]) -> None:
    p["deposit_deck"][0] = p["removed_cards"][0]


def _removed_card_back(p: dict[str, Any]) -> None:
    p["deposit_deck"].insert(0, p["removed_cards"].pop())


def _token_lost(p: dict[str, Any]) -> None:
    p["chasm_supply"]["green"] -= 1


def _token_before_collapse(p: dict[str, Any]) -> None:
    p["chasm_supply"]["red"] -= 1
    p["squares"].append({"square": [0, 0], "tile": None, "items": {}, "chasm": "red"})


def _mission_lost(p: dict[str, Any]) -> None:
    p["missions"]["deck"].pop()


def _sides_not_opposite(p: dict[str, Any]) -> None:
    first = p["turn"]["first_player"]
    p["sides"][1 - first] = {"N": "E", "E": "S", "S": "W", "W": "N"}[p["sides"][first]]


def _drawn_without_chasm_card(p: dict[str, Any]) -> None:
    p["final_round"]["turns_left"] = 2


def _collapsed_early(p: dict[str, Any]) -> None:
    p["final_round"]["collapsed"] = True


def _over_without_reason(p: dict[str, Any]) -> None:
    p["ended"] = "because"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_swap_kind, r"position bag: 11 rocks are in play .* not the 12 of the game"),
        (_drop_chasm_card, "the Chasm card is neither in the deck nor drawn"),
        (_chasm_card_too_high, "4–8 cards below it, not 2"),
        (_chasm_card_twice, "a card is in two places or twice"),
        (_card_twice, "a card is in two places or twice"),
        (_removed_card_back, "removes 2 card"),
        (_token_lost, r"4 green chasm tokens .* not 5"),
        (_token_before_collapse, "no chasm token opens before the collapse"),
        (_mission_lost, "the 11 missions must each be"),
        (_sides_not_opposite, "opposite the first"),
        (_drawn_without_chasm_card, "the Chasm card was drawn: it is no longer in the deck"),
        (_collapsed_early, "after the collapse the chasm deck is empty"),
        (_over_without_reason, "says why it ended exactly when it is over"),
    ],
)
def test_2_18_2_19_impossible_positions_are_refused(change: Change, message: str) -> None:
    position = _position()
    assert otr.Game.from_position(position).position() == position
    change(position)
    with pytest.raises(RecordError, match=message):
        otr.Game.from_position(position)


def test_2_15_solo_the_chasm_card_is_always_in_the_deck() -> None:
    position = _position(players=1, turns=0)
    position["deposit_deck"].remove("chasm")
    with pytest.raises(RecordError, match="in solo the Chasm card goes back into the deck"):
        otr.Game.from_position(position)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_2_18_every_position_of_played_games_loads(players: int) -> None:
    for seed in range(2):
        game = otr.Game(players=players, seed=seed, length="very_short")
        bot = RandomBot(seed)
        for step in range(600):
            if game.is_over:
                break
            if step % 7 == 0:
                assert otr.Game.from_position(game.position()).position() == game.position()
            game.apply(bot.choose(game))


def test_2_18_a_square_is_listed_once() -> None:
    # Found by the fuzz suite: two entries for one square merged into a square with
    # both a tile and a chasm token, and the game's own position then failed to load.
    position = _position()
    position["squares"].append(copy.deepcopy(position["squares"][0]))
    with pytest.raises(RecordError, match=r"squares\[\d+\]\.square: .* is listed twice"):
        otr.Game.from_position(position)
