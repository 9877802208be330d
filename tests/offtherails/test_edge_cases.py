"""The edge-case table §2.17, one test per row (some rows are also tested in depth elsewhere)."""

from __future__ import annotations

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import IllegalActionError
from tests.offtherails.scenario import (
    board_cart,
    cart,
    game,
    mission_row,
    ninety_tiles,
    snapshot,
    square,
)
from tests.offtherails.test_chasm import LOOP, _after_collapse, circling
from tests.offtherails.test_collisions import crash


def refused(g: otr.Game, action: object, rule: str) -> None:
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=rule):
        g.apply(action)  # type: ignore[arg-type]
    assert snapshot(g) == before


def test_2_17_upgrade_a_tile_with_a_cart_on_it() -> None:
    g = game(tiles={(0, 4): "NS"}, carts=[cart(1, "white", (0, 4), "S", "N")])
    refused(g, otr.Upgrade((0, 4), "NES"), r"under a cart cannot be upgraded \(§2\.6 A2\)")


def test_2_17_upgrade_a_tile_with_jewels_on_it() -> None:
    g = game(tiles={(5, 5): "NE"}, items={(5, 5): {"diamond": 1}})
    g.apply(otr.Upgrade((5, 5), "NES"))
    assert square(g, (5, 5)) == {
        "square": [5, 5],
        "tile": "NES",
        "items": {"diamond": 1},
        "chasm": None,
    }


def test_2_17_place_a_tile_where_items_lie() -> None:
    g = game(items={(2, 2): {"ruby": 2}})
    g.apply(otr.PlaceTile((2, 2), "EW"))
    assert square(g, (2, 2))["items"] == {"ruby": 2}


def test_2_17_tile_on_a_mine_centre_a_chasm_square_or_the_surface() -> None:
    g = game(chasm={(7, 4): "blue"})
    refused(g, otr.PlaceTile((8, 8), "NS"), r"mine centre \(§2\.6 A1\)")
    refused(g, otr.PlaceTile((7, 4), "NS"), r"chasm square \(§2\.10\)")
    refused(g, otr.PlaceTile((12, 5), "NS"), r"grid only \(§2\.2, D-1\)")


def test_2_17_own_two_carts_collide() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(0, "black", (3, 4), "S", "N", 3, {"ruby": 1}),
    )
    g.apply(otr.ChooseCart("white"))
    assert square(g, (3, 4))["items"] == {"ruby": 1}
    assert g.position()["turn"]["stage"] == "actions"  # no Jewel Heist: the cart is one's own


def test_2_17_collision_with_one_item_in_the_opposing_cart() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"emerald": 1}),
    )
    assert board_cart(g, 1, "white")["contents"] == {}
    assert square(g, (3, 4))["items"] == {"emerald": 1}


def test_2_17_empty_moving_cart_hits_a_loaded_cart() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3),
        cart(1, "white", (3, 4), "S", "N", 3, {"gold": 2, "ruby": 1}),
    )
    g.apply(g.legal_actions()[0])  # seat 1 splits
    g.apply(otr.PickPile("A"))
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert board_cart(g, 1, "white")["place"] == "board"


def test_2_17_both_empty() -> None:
    g = crash(cart(0, "white", (1, 4), "S", "N", 3), cart(1, "white", (3, 4), "N", "S", 3))
    assert board_cart(g, 0, "white")["place"] == board_cart(g, 1, "white")["place"] == "supply"


def test_2_17_cart_reaches_a_starting_track_with_steps_left() -> None:
    g = game(tiles={(0, 7): "NS"}, carts=[cart(0, "white", (0, 7), "N", "S", 6, {"gold": 1})])
    g.apply(otr.EndActions())
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert g.position()["stockpiles"][0] == {"gold": 1}


def test_2_17_cart_runs_off_the_edge_without_a_starting_track() -> None:
    g = game(tiles={(0, 6): "NS"}, carts=[cart(0, "white", (0, 6), "N", "S", 2, {"gold": 1})])
    g.apply(otr.EndActions())
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert g.position()["stockpiles"][0] == {}


def test_2_17_cart_steps_onto_a_chasm_square() -> None:
    g = game(
        tiles={(5, 4): "NS"},
        chasm={(6, 4): "blue", (7, 4): "blue"},  # next to blue mine square 8 (§2.11.2)
        carts=[cart(0, "white", (5, 4), "S", "N", 2, {"gold": 1})],
    )
    g.apply(otr.EndActions())
    assert board_cart(g, 0, "white")["place"] == "gone"
    assert g.position()["removed_by_chasm"] == {"gold": 1}


def test_2_17_chasm_token_placed_on_a_cart() -> None:
    g = _after_collapse(
        tiles=LOOP | {(4, 4): "NS"},
        carts=[circling(0), cart(1, "black", (4, 4), "N", "S", 3, {"ruby": 1})],
        chasm={(3, 4): "red"},
        chasm_supply={"red": 1, "yellow": 0, "green": 0, "blue": 0},
    )
    g.apply(otr.EndActions())
    g.apply(otr.PlaceChasm((4, 4)))
    assert board_cart(g, 1, "black")["place"] == "gone"


def test_2_17_deposit_onto_a_square_with_items_and_a_cart() -> None:
    g = game(
        tiles={(2, 2): "NS"},
        items={(2, 2): {"rock": 1}},
        carts=[cart(1, "white", (2, 2), "S", "N")],
        deposit_deck=["red 1"],
    )
    g.apply(otr.EndActions())
    assert sum(square(g, (2, 2))["items"].values()) == 3
    assert board_cart(g, 1, "white")["contents"] == {}


def test_2_17_bag_empty_during_a_deposit() -> None:
    g = game(bag={}, deposit_deck=["red 1"])
    g.apply(otr.EndActions())
    assert square(g, (2, 2))["items"] == {} and any("deposit red 1: nothing" in x for x in g.log)


def test_2_17_tile_supply_exhausted() -> None:
    g = game(tiles=ninety_tiles({(5, 5): "NS"}))
    assert not [a for a in g.legal_actions() if isinstance(a, otr.PlaceTile)]
    assert otr.Upgrade((5, 5), "NES") in g.legal_actions()


def test_2_17_two_missions_met_in_one_turn() -> None:
    row = mission_row(3, 11)
    g = game(
        tiles={(1, 11): "EW"},
        carts=[cart(0, "white", (1, 11), "E", "W", 1, {"diamond": 1, "gold": 2})],
        missions=row,
    )
    g.apply(otr.EndActions())
    assert g.legal_actions() == [otr.ClaimMission(3), otr.ClaimMission(11), otr.NoClaim()]
    g.apply(otr.ClaimMission(11))
    assert g.position()["turn"]["active"] == 1  # only one


def test_2_17_players_without_carts_still_place_chasm_tokens() -> None:
    g = _after_collapse(tiles=LOOP, carts=[circling(1)])
    g.apply(otr.EndActions())
    assert g.position()["turn"]["stage"] == "chasm" and g.current_player == 0
