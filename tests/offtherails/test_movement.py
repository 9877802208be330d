"""Rule tests for movement: steps, junctions, pick-ups, exits, derailments (§2.7)."""

from __future__ import annotations

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import IllegalActionError
from tests.offtherails.scenario import board_cart, cart, game, snapshot, square

COLUMN = {(0, 4): "NS", (1, 4): "NS", (2, 4): "NS", (3, 4): "NS", (4, 4): "NS"}


def moved(g: otr.Game) -> otr.Game:
    g.apply(otr.EndActions())
    return g


def test_2_7_2_move_with_pass_and_end_pickups() -> None:
    g = game(
        tiles=COLUMN,
        items={(1, 4): {"ruby": 2}, (2, 4): {"gold": 3}},
        carts=[cart(0, "white", (-1, 4), "S", "N")],
    )
    moved(g)
    c = board_cart(g, 0, "white")
    assert c["square"] == [2, 4] and c["facing"] == "S" and c["back"] == "N"
    assert c["contents"] == {"ruby": 1, "gold": 2}  # 1 passing, 2 ending (§2.7.3)
    assert square(g, (1, 4))["items"] == {"ruby": 1}
    assert square(g, (2, 4))["items"] == {"gold": 1}


def test_2_7_3_rocks_first_and_the_choice_of_jewel() -> None:
    g = game(
        tiles=COLUMN,
        items={(1, 4): {"rock": 1, "diamond": 1, "ruby": 1}},
        carts=[cart(0, "white", (-1, 4), "S", "N", speed=2)],
    )
    moved(g)
    assert g.position()["turn"]["stage"] == "take"  # the rock went first, now a choice
    assert board_cart(g, 0, "white")["contents"] == {"rock": 1}
    assert g.legal_actions() == [otr.TakeItem("ruby"), otr.TakeItem("diamond")]
    with pytest.raises(IllegalActionError, match=r"2\.7\.3"):
        g.apply(otr.TakeItem("gold"))
    g.apply(otr.TakeItem("diamond"))
    assert board_cart(g, 0, "white")["contents"] == {"rock": 1, "diamond": 1}
    assert square(g, (1, 4))["items"] == {"ruby": 1}


def test_2_7_3_capacity_five() -> None:
    g = game(
        tiles=COLUMN,
        items={(1, 4): {"ruby": 3}},
        carts=[cart(0, "white", (0, 4), "S", "N", speed=1, contents={"gold": 4})],
    )
    moved(g)
    assert board_cart(g, 0, "white")["contents"] == {"ruby": 1, "gold": 4}
    assert square(g, (1, 4))["items"] == {"ruby": 2}


def test_d_13_leaving_the_square_where_the_move_began_is_not_passing_it() -> None:
    g = game(
        tiles=COLUMN,
        items={(1, 4): {"ruby": 2}},
        carts=[cart(0, "white", (1, 4), "S", "N", speed=1)],
    )
    moved(g)
    assert board_cart(g, 0, "white")["contents"] == {}
    assert square(g, (1, 4))["items"] == {"ruby": 2}


LOOP = {(5, 5): "ES", (5, 6): "SW", (6, 6): "NW", (6, 5): "NE"}


def test_2_7_3_a_loop_that_ends_where_the_move_began_takes_2_there() -> None:
    g = game(
        tiles=LOOP,
        items={(5, 5): {"ruby": 3}},
        carts=[cart(0, "white", (5, 5), "E", "S", speed=4)],
    )
    moved(g)
    # E to (5, 6), S to (6, 6), W to (6, 5), N back into (5, 5): the move ends there
    c = board_cart(g, 0, "white")
    assert c["square"] == [5, 5]
    assert c["contents"] == {"ruby": 2}
    assert square(g, (5, 5))["items"] == {"ruby": 1}


def test_2_7_3_a_loop_that_passes_where_the_move_began_takes_1_there() -> None:
    g = game(
        tiles=LOOP,
        items={(5, 5): {"ruby": 3}},
        carts=[cart(0, "white", (5, 5), "E", "S", speed=5)],
    )
    moved(g)
    # round the loop back into (5, 5), then on through it to (5, 6)
    c = board_cart(g, 0, "white")
    assert c["square"] == [5, 6]
    assert c["contents"] == {"ruby": 1}
    assert square(g, (5, 5))["items"] == {"ruby": 2}


def test_d_8_loops_pick_up_each_pass() -> None:
    g = game(
        tiles=LOOP,
        items={(5, 6): {"ruby": 3}},
        carts=[cart(0, "white", (5, 5), "E", "S", speed=6)],
    )
    moved(g)
    # six steps round the loop: passes (5, 6) twice, taking one ruby each time
    c = board_cart(g, 0, "white")
    assert c["square"] == [6, 6]
    assert c["contents"] == {"ruby": 2}


def test_2_7_2_junction_exit_is_a_decision() -> None:
    tiles = {(0, 4): "NS", (1, 4): "NESW", (1, 5): "EW", (1, 3): "EW", (2, 4): "NS"}
    g = game(tiles=tiles, carts=[cart(0, "white", (-1, 4), "S", "N", speed=3)])
    moved(g)
    assert g.position()["turn"]["stage"] == "exit"
    assert g.legal_actions() == [otr.ChooseExit("E"), otr.ChooseExit("S"), otr.ChooseExit("W")]
    with pytest.raises(IllegalActionError, match=r"2\.7\.2"):
        g.apply(otr.ChooseExit("N"))  # never back the way it came (D-7)
    g.apply(otr.ChooseExit("E"))
    c = board_cart(g, 0, "white")
    assert c["square"] == [1, 5] and c["facing"] == "E"


def test_d_9_nose_at_rest_on_a_junction() -> None:
    tiles = {(0, 4): "NS", (1, 4): "NES"}
    g = game(tiles=tiles, carts=[cart(0, "white", (-1, 4), "S", "N", speed=2)])
    moved(g)
    assert g.legal_actions() == [otr.SetNose("E"), otr.SetNose("S")]
    g.apply(otr.SetNose("E"))
    c = board_cart(g, 0, "white")
    assert (c["square"], c["facing"], c["back"]) == ([1, 4], "E", "N")


def test_c_2_no_voluntary_move_onto_the_chasm() -> None:
    tiles = {(0, 4): "NS", (1, 4): "NES", (1, 5): "EW"}
    g = game(tiles=tiles, chasm={(2, 4): "red"}, carts=[cart(0, "white", (-1, 4), "S", "N", 3)])
    moved(g)
    # the only safe exit is E: taken automatically
    c = board_cart(g, 0, "white")
    assert c["square"] == [1, 5]
    assert any("only choice" in line for line in g.log)


def test_c_2_forced_onto_the_chasm_is_lost() -> None:
    g = game(
        tiles={(0, 4): "NS"},
        chasm={(1, 4): "red", (2, 4): "red"},  # next to red mine square 3 (§2.11.2)
        carts=[cart(0, "white", (-1, 4), "S", "N")],
    )
    moved(g)
    assert board_cart(g, 0, "white")["place"] == "gone"  # §2.7.7


def test_2_7_7_lost_with_its_items() -> None:
    g = game(
        tiles={(0, 4): "NS"},
        chasm={(1, 4): "red", (2, 4): "red"},
        carts=[cart(0, "white", (0, 4), "S", "N", contents={"gold": 2})],
    )
    moved(g)
    assert board_cart(g, 0, "white")["place"] == "gone"
    assert g.position()["removed_by_chasm"] == {"gold": 2}


def test_2_7_4_exit_with_steps_left_on_any_side() -> None:
    tiles = {(0, 4): "NS", (1, 4): "NE", (1, 5): "EW", (1, 6): "EW", (1, 7): "EW"}
    tiles |= {(1, 8): "EW", (1, 9): "EW", (1, 10): "EW", (1, 11): "EW"}
    g = game(tiles=tiles, carts=[cart(0, "white", (1, 9), "E", "W", speed=5, contents={"ruby": 2})])
    moved(g)
    c = board_cart(g, 0, "white")
    assert c["place"] == "supply" and c["square"] is None  # D-19: back to the supply
    assert g.position()["stockpiles"][0] == {"ruby": 2}
    assert any("exits at (1, 12)" in line for line in g.log)  # a yellow track


def test_2_7_6_derailments() -> None:
    # no tile ahead; a tile without rail on the shared edge; off the edge without a track
    for tiles, start in (
        ({(5, 5): "NS"}, (5, 5)),
        ({(5, 5): "NS", (6, 5): "EW"}, (5, 5)),
        ({(11, 5): "NS"}, (11, 5)),
    ):
        g = game(
            tiles=tiles,
            items={start: {"ruby": 1}},
            carts=[cart(0, "white", start, "S", "N", speed=3, contents={"gold": 1})],
        )
        bag = sum(g.position()["bag"].values())
        moved(g)
        assert board_cart(g, 0, "white")["place"] == "supply"
        assert sum(g.position()["bag"].values()) == bag + 1  # items back to the bag


def test_2_7_3_pass_pickup_before_derailing() -> None:
    g = game(
        tiles={(5, 5): "NS", (6, 5): "NS"},
        items={(6, 5): {"ruby": 1}},
        carts=[cart(0, "white", (5, 5), "S", "N", speed=3)],
    )
    bag = g.position()["bag"].get("ruby", 0)
    moved(g)
    assert square(g, (6, 5))["items"] == {}  # it took the ruby, then derailed with it
    assert g.position()["bag"]["ruby"] == bag + 1


def test_2_7_which_cart_moves_first() -> None:
    g = game(
        tiles=COLUMN | {(0, 7): "NS"},
        carts=[cart(0, "white", (-1, 4), "S", "N", 1), cart(0, "black", (-1, 7), "S", "N", 1)],
    )
    moved(g)
    assert g.legal_actions() == [otr.ChooseCart("white"), otr.ChooseCart("black")]
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="no such cart"):
        g.apply(otr.ChooseCart("grey"))
    assert snapshot(g) == before
    g.apply(otr.ChooseCart("black"))
    assert board_cart(g, 0, "black")["square"] == [0, 7]
    assert board_cart(g, 0, "white")["square"] == [0, 4]  # the other moved automatically


def test_d_20_a_cart_facing_out_on_its_track_returns_to_supply() -> None:
    """D-20: a cart on its starting track facing out goes back to the supply when it next
    moves: it does not derail (in solo a derailed cart would be gone)."""
    g = game(tiles=COLUMN, carts=[cart(0, "white", (-1, 4), "N", "S")])
    moved(g)
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert any("leaves its starting track for the supply" in line for line in g.log)
    g = game(
        players=1,
        tiles=COLUMN,
        carts=[cart(0, "red", (-1, 4), "N", "S")],
        turn={"number": 3, "active": 0, "first_player": 0, "stage": "actions",
              "actions_used": 0, "met": []},
    )  # fmt: skip
    moved(g)
    assert board_cart(g, 0, "red")["place"] == "supply"


def test_c_12_entering_a_starting_track_with_a_cart_is_an_exit() -> None:
    """C-12, D-20: a starting track is a way out even when a cart stands on it: no
    collision on the surface."""
    g = game(
        tiles=COLUMN,
        carts=[
            cart(0, "white", (-1, 4), "S", "N", 1),
            cart(0, "black", (1, 4), "N", "S", 2, {"gold": 1}),
        ],
    )
    moved(g)
    g.apply(otr.ChooseCart("black"))
    assert board_cart(g, 0, "black")["place"] == "supply"
    assert g.position()["stockpiles"][0] == {"gold": 1}  # it left the mine with its load
    white = board_cart(g, 0, "white")
    assert (white["place"], white["square"]) == ("board", [0, 4])  # untouched; then it moved


def test_c_11_each_move_ends_before_the_next_cart_is_chosen() -> None:
    """C-11: while two or more carts have not moved, the player chooses the next one, and
    again after each move (solo: up to four carts)."""
    tiles = {(5, c): "NS" for c in (5, 7, 9)} | {(6, c): "NS" for c in (5, 7, 9)}
    g = game(
        players=1,
        tiles=tiles,
        carts=[cart(0, colour, (5, c), "S", "N", 1) for colour, c in (("red", 5), ("yellow", 7),
                                                                      ("green", 9))],
        turn={"number": 3, "active": 0, "first_player": 0, "stage": "actions",
              "actions_used": 0, "met": []},
    )  # fmt: skip
    moved(g)
    assert g.legal_actions() == [otr.ChooseCart(c) for c in ("red", "yellow", "green")]
    g.apply(otr.ChooseCart("yellow"))
    assert board_cart(g, 0, "yellow")["square"] == [6, 7]  # its move is over
    assert board_cart(g, 0, "red")["square"] == [5, 5]  # the others have not started
    assert g.legal_actions() == [otr.ChooseCart("red"), otr.ChooseCart("green")]
    g.apply(otr.ChooseCart("green"))
    assert [board_cart(g, 0, c)["square"] for c in ("red", "green")] == [[6, 5], [6, 9]]


def test_c_11_a_cart_removed_during_an_earlier_move_does_not_move() -> None:
    """C-11: a cart derailed by its partner's collision stays in the supply: the movement
    phase ends with the move that removed it."""
    g = game(
        tiles=COLUMN,
        carts=[
            cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
            cart(0, "black", (3, 4), "S", "N", 3),
        ],
    )
    moved(g)
    g.apply(otr.ChooseCart("white"))  # white hits black, which was empty: black derails
    assert board_cart(g, 0, "black")["place"] == "supply"
    assert board_cart(g, 0, "white")["square"] == [2, 4]
    assert g.position()["turn"]["active"] == 1
    assert not any("black cart sets off" in line for line in g.log)
