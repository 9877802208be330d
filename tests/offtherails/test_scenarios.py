"""The tutorial's prepared positions do what the tutorial says they do."""

from __future__ import annotations

import pytest

from railwidgets import offtherails as otr
from railwidgets.core.errors import RecordError
from railwidgets.offtherails import scenarios


def cart(game: otr.Game, seat: int, name: str = "white") -> dict:
    return next(c for c in game.position()["carts"] if c["owner"] == seat and c["name"] == name)


def test_first_turn_a_cart_and_three_straights_reach_the_deposit() -> None:
    game = scenarios.first_turn()
    for action in (
        otr.PlaceCart("white", (-1, 4)),
        *(otr.PlaceTile((r, 4), "NS") for r in range(3)),
    ):
        game.apply(action)
    assert game.legal_actions() == [otr.TakeItem("ruby"), otr.TakeItem("gold")]
    game.apply(otr.TakeItem("gold"))
    assert cart(game, 0)["contents"] == {"ruby": 1, "gold": 1}


def test_junction_offers_east_and_south() -> None:
    game = scenarios.junction()
    game.apply(otr.EndActions())
    assert game.legal_actions() == [otr.ChooseExit("E"), otr.ChooseExit("S")]


def test_pickups_pass_one_rock_first_and_stop_when_full() -> None:
    game = scenarios.pickups()
    game.apply(otr.EndActions())
    assert cart(game, 0)["contents"] == {"rock": 1, "ruby": 3, "emerald": 1}
    assert cart(game, 0)["square"] == [4, 7]


def test_exit_with_steps_left_delivers_the_load() -> None:
    game = scenarios.exit_with_steps_left()
    game.apply(otr.EndActions())
    assert game.position()["stockpiles"][0] == {"gold": 2, "diamond": 1}
    assert cart(game, 0)["place"] == "supply"


def test_derailment_unless_slowed_down() -> None:
    fast = scenarios.derailment()
    fast.apply(otr.EndActions())
    assert cart(fast, 0)["place"] == "supply"
    slow = scenarios.derailment()
    slow.apply(otr.ChangeSpeed("white", -1))
    slow.apply(otr.EndActions())
    assert cart(slow, 0)["square"] == [5, 7]


def test_rear_end_green_splits_red_picks_blind() -> None:
    game = scenarios.rear_end()
    game.apply(otr.EndActions())
    assert game.current_player == 1 and game.view(0)["move"]["collision"]["piles"] is None
    game.apply(otr.SplitLoad(("gold",), ("ruby", "emerald")))
    assert game.current_player == 0
    game.apply(otr.PickPile("A"))
    assert cart(game, 1)["contents"] == {"ruby": 1, "emerald": 1}


def test_head_on_derails_the_empty_cart_and_offers_missions() -> None:
    game = scenarios.head_on()
    game.apply(otr.EndActions())
    assert cart(game, 1)["place"] == "supply"
    assert game.legal_actions() == [otr.ClaimMission(2), otr.NoClaim()]


def test_bump_drops_nothing() -> None:
    game = scenarios.bump()
    game.apply(otr.EndActions())
    assert cart(game, 1)["contents"] == {"gold": 2} and cart(game, 0)["square"] == [5, 3]


def test_mission_claim_offers_diamonds() -> None:
    game = scenarios.mission_claim()
    game.apply(otr.EndActions())
    assert game.legal_actions() == [otr.ClaimMission(3), otr.NoClaim()]


def test_final_round_collapses_after_the_drawers_last_turn() -> None:
    game = scenarios.final_round()
    for _ in range(3):
        game.apply(otr.EndActions())
    assert game.position()["final_round"]["collapsed"]
    assert any("the mine collapses" in line for line in game.log)
    assert not game.is_over


def test_chasm_phase_swallows_the_cart_on_the_square() -> None:
    game = scenarios.chasm_phase()
    assert {a.square for a in game.legal_actions()} == {(1, 2), (2, 1), (2, 3), (3, 2)}  # type: ignore[attr-defined]
    game.apply(otr.PlaceChasm((2, 1)))
    assert cart(game, 1)["place"] == "gone"  # with its gold: not back to the supply (§2.11)
    assert game.position()["removed_by_chasm"] == {"gold": 1}


def test_a_built_position_is_checked_like_any_other() -> None:
    with pytest.raises(RecordError):
        scenarios.game(tiles={(3, 3): "NS"})  # a mine centre
