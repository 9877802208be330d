"""Rule tests for the variant flags (§2.14, D-3, D-7, D-12, C-2 with crossovers)."""

from __future__ import annotations

import pytest

from railwidgets import offtherails as otr
from tests.offtherails.scenario import board_cart, cart, game, square


def test_d_3_all_surface_positions_are_starting_tracks() -> None:
    g = game(start_tracks="all", tiles={(10, 5): "NS", (11, 5): "NS"})
    g.apply(otr.PlaceCart("white", (-1, 5)))
    assert len([a for a in g.legal_actions() if isinstance(a, otr.PlaceCart)]) == 11
    g = game(
        start_tracks="all",
        tiles={(10, 5): "NS", (11, 5): "NS"},
        carts=[cart(0, "white", (10, 5), "S", "N", 3, {"gold": 1})],
    )
    g.apply(otr.EndActions())
    assert board_cart(g, 0, "white")["place"] == "supply"  # exits at (12, 5)
    assert g.position()["stockpiles"][0] == {"gold": 1}


def test_d_3_default_off_the_edge_without_a_track_derails() -> None:
    g = game(
        tiles={(10, 5): "NS", (11, 5): "NS"},
        carts=[cart(0, "white", (10, 5), "S", "N", 3, {"gold": 1})],
    )
    g.apply(otr.EndActions())
    assert g.position()["stockpiles"][0] == {}


def test_d_7_cross_is_crossover_goes_straight() -> None:
    tiles = {(0, 4): "NS", (1, 4): "NESW", (2, 4): "NS", (1, 5): "EW"}
    g = game(cross_is_crossover=True, tiles=tiles, carts=[cart(0, "white", (-1, 4), "S", "N", 3)])
    g.apply(otr.EndActions())
    assert board_cart(g, 0, "white")["square"] == [2, 4]  # no exit choice on a crossover
    g = game(tiles=tiles, carts=[cart(0, "white", (-1, 4), "S", "N", 3)])
    g.apply(otr.EndActions())
    assert g.position()["turn"]["stage"] == "exit"  # a full junction by default


def test_d_18_crossover_other_track_is_a_bump() -> None:
    tiles = {(0, 4): "NS", (1, 4): "NESW", (1, 5): "EW"}
    g = game(
        cross_is_crossover=True,
        tiles=tiles,
        carts=[cart(0, "white", (-1, 4), "S", "N", 3), cart(1, "white", (1, 4), "E", "W", 3)],
    )
    g.apply(otr.EndActions())
    mover = board_cart(g, 0, "white")
    assert (mover["place"], mover["square"], mover["facing"]) == ("board", [0, 4], "N")
    assert board_cart(g, 1, "white")["place"] == "board"


@pytest.mark.parametrize(("rule", "taken"), [("two", 2), ("fill", 4)])
def test_d_12_end_pickup(rule: str, taken: int) -> None:
    g = game(
        end_pickup=rule,
        tiles={(5, 5): "NS", (6, 5): "NS"},
        items={(6, 5): {"ruby": 6}},
        carts=[cart(0, "white", (5, 5), "S", "N", 1, {"gold": 1})],
    )
    g.apply(otr.EndActions())
    assert board_cart(g, 0, "white")["contents"] == {"ruby": taken, "gold": 1}
    assert square(g, (6, 5))["items"] == {"ruby": 6 - taken}


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="length"):
        otr.Game(players=2, seed=1, length="epic")
    with pytest.raises(ValueError, match="drop_rule"):
        otr.Game(players=2, seed=1, drop_rule="all")
    assert otr.Game(players=4, seed=1).options["length"] == "medium"
    assert otr.Game(players=3, seed=1).options["length"] == "short"
