"""Rule tests for collisions and bumps (§2.7.5, C-4, C-5, C-8, C-9, D-14, D-16–D-18, §2.14.1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import IllegalActionError
from tests.offtherails.scenario import board_cart, cart, game, mission_row, square

COLUMN = {(0, 4): "NS", (1, 4): "NS", (2, 4): "NS", (3, 4): "NS", (4, 4): "NS"}


def crash(mover: dict[str, Any], other: dict[str, Any], **kw: Any) -> otr.Game:
    """Seat 0's ``mover`` drives south down column 4 into ``other``; seat 0 ends its actions."""
    kw.setdefault("tiles", COLUMN)
    # the collision missions face up: Cart Ram, Head to Head, Jewel Heist (§2.13)
    kw.setdefault("missions", mission_row(2, 7, 8, players=kw.get("players", 2)))
    g = game(carts=[mover, other], **kw)
    g.apply(otr.EndActions())
    return g


def met(g: otr.Game) -> list[int]:
    assert g.position()["turn"]["stage"] == "mission"
    return g.position()["turn"]["met"]


def test_2_7_5_head_on_collision() -> None:
    """D-16: head-on means nose to nose: the hit cart's nose points at the moving cart, and
    it turns round too."""
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "N", "S", 3, {"ruby": 1}),
    )
    mover, other = board_cart(g, 0, "white"), board_cart(g, 1, "white")
    assert mover["square"] == [2, 4]  # stopped at once, steps lost
    assert (mover["facing"], mover["back"]) == ("N", "S")  # turned round
    assert (other["facing"], other["back"]) == ("S", "N")  # head-on: turned too
    assert other["contents"] == {} and square(g, (3, 4))["items"] == {"ruby": 1}
    assert mover["contents"] == {"gold": 1}  # D-14: it does not take the dropped ruby
    assert met(g) == [7, 8]  # Head to Head, Jewel Heist


def test_2_7_5_collision_from_behind_does_not_turn_the_hit_cart() -> None:
    """D-16: a cart hit from behind does not face the mover: not head-on, so it keeps its nose."""
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"rock": 1}),
    )
    other = board_cart(g, 1, "white")
    assert (other["facing"], other["back"], other["contents"]) == ("S", "N", {})
    assert square(g, (3, 4))["items"] == {"rock": 1}
    # C-9: a rock is an item, so nobody derails; dropping a rock is no Jewel Heist (D-15)
    assert g.position()["turn"]["stage"] == "actions"  # no mission met: next turn
    assert board_cart(g, 0, "white")["place"] == "board"


def test_2_7_5_empty_moving_cart_derails() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 1}),
    )
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert board_cart(g, 1, "white")["place"] == "board"
    assert square(g, (3, 4))["items"] == {"ruby": 1}
    assert met(g) == [8]


def test_2_7_5_both_empty_both_derail() -> None:
    g = crash(cart(0, "white", (1, 4), "S", "N", 3), cart(1, "white", (3, 4), "S", "N", 3))
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert board_cart(g, 1, "white")["place"] == "supply"
    assert met(g) == [2]  # Cart Ram


def test_2_7_5_blind_piles() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "diamond": 1}),
    )
    assert g.current_player == 1  # C-5: the hit cart's owner splits
    options = g.legal_actions()
    assert otr.SplitLoad(("ruby", "ruby"), ("diamond",)) in options
    assert otr.SplitLoad(("diamond",), ("ruby", "ruby")) in options
    assert otr.SplitLoad(("ruby", "diamond"), ("ruby",)) in options
    assert len(options) == 4
    with pytest.raises(IllegalActionError, match=r"2\.7\.5"):
        g.apply(otr.SplitLoad(("ruby",), ("ruby",)))
    g.apply(otr.SplitLoad(("ruby", "diamond"), ("ruby",)))
    assert g.current_player == 0
    assert g.legal_actions() == [otr.PickPile("A"), otr.PickPile("B")]
    assert g.view(0)["move"]["collision"]["piles"] is None  # the mover picks blind
    assert g.view(1)["move"]["collision"]["piles"] == [{"ruby": 1, "diamond": 1}, {"ruby": 1}]
    g.apply(otr.PickPile("B"))
    assert square(g, (3, 4))["items"] == {"ruby": 1}
    assert board_cart(g, 1, "white")["contents"] == {"ruby": 1, "diamond": 1}
    assert met(g) == [8]


def test_c_5_two_identical_items_split_without_a_decision() -> None:
    # §5: one split (ruby | ruby), and picking A or B is the same option: no decision at all
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2}),
    )
    assert met(g) == [8]  # straight to the mission step: Jewel Heist
    assert square(g, (3, 4))["items"] == {"ruby": 1}
    assert board_cart(g, 1, "white")["contents"] == {"ruby": 1}
    assert any("pick pile A (only choice)" in line for line in g.log)


def test_c_5_identical_piles_are_one_option() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "gold": 2}),
    )
    assert g.current_player == 1
    g.apply(otr.SplitLoad(("ruby", "gold"), ("ruby", "gold")))
    assert square(g, (3, 4))["items"] == {"ruby": 1, "gold": 1}  # picked without a decision
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "gold": 2}),
    )
    g.apply(otr.SplitLoad(("ruby", "ruby"), ("gold", "gold")))
    assert g.legal_actions() == [otr.PickPile("A"), otr.PickPile("B")]  # a real, blind choice


def test_2_7_5_own_carts_collide_normally() -> None:
    """D-37: a head-on collision with your own cart meets Head to Head; Cart Ram needs an
    opponent."""
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3),
        cart(0, "black", (3, 4), "N", "S", 3),
    )
    g.apply(otr.ChooseCart("white"))
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert board_cart(g, 0, "black")["place"] == "supply"
    assert met(g) == [7]  # Head to Head counts one's own cart (D-37); Cart Ram does not


def test_2_7_5_own_carts_split_is_not_hidden() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(0, "black", (3, 4), "S", "N", 3, {"ruby": 1, "gold": 1}),
    )
    g.apply(otr.ChooseCart("white"))
    g.apply(otr.SplitLoad(("ruby",), ("gold",)))
    assert g.view(1)["move"]["collision"]["piles"] == [{"ruby": 1}, {"gold": 1}]


def test_c_4_turning_round_on_a_corner() -> None:
    tiles = {(1, 4): "NS", (2, 4): "NE", (2, 5): "EW"}
    g = crash(
        cart(0, "white", (2, 5), "W", "E", 2, {"gold": 1}),
        cart(1, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        tiles=tiles,
    )
    mover = board_cart(g, 0, "white")
    # it entered the corner from the east heading north; the corner has no south exit
    assert (mover["square"], mover["facing"], mover["back"]) == ([2, 4], "E", "N")
    other = board_cart(g, 1, "white")
    assert (other["facing"], other["back"]) == ("N", "S")  # head-on: turned (N exit exists)


def test_d_18_bump_against_an_unconnected_track() -> None:
    tiles = {(0, 4): "NS", (1, 4): "NS", (2, 4): "EW"}
    g = crash(
        cart(0, "white", (0, 4), "S", "N", 3), cart(1, "white", (2, 4), "E", "W", 3), tiles=tiles
    )
    mover = board_cart(g, 0, "white")
    assert (mover["place"], mover["square"], mover["facing"]) == ("board", [1, 4], "N")
    assert board_cart(g, 1, "white")["place"] == "board"  # nobody derails, nothing drops


def test_c_8_empty_cart_stopping_on_a_deposit_derails_and_takes_nothing() -> None:
    g = crash(
        cart(0, "white", (0, 4), "S", "N", 3),
        cart(1, "white", (2, 4), "S", "N", 3, {"gold": 1}),
        items={(1, 4): {"ruby": 2}},
    )
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert square(g, (1, 4))["items"] == {"ruby": 2}


def test_d_14_a_cart_stopped_by_a_collision_takes_two() -> None:
    g = crash(
        cart(0, "white", (0, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (2, 4), "S", "N", 3, {"gold": 1}),
        items={(1, 4): {"ruby": 3}},
    )
    assert board_cart(g, 0, "white")["contents"] == {"ruby": 2, "gold": 1}


def test_2_14_1_bumper_carts() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 3}),
        bumper_carts=True,
    )
    assert board_cart(g, 0, "white")["place"] == "board"  # empty, yet not derailed
    assert board_cart(g, 1, "white")["contents"] == {"ruby": 3}
    assert board_cart(g, 0, "white")["facing"] == "N"  # it still stops and turns round


def test_2_14_1_d_30_bumper_carts_head_on_is_as_usual() -> None:
    """D-30: bumper carts protect only in collisions that are not head-on: head-on, the hit
    cart drops, the empty mover derails and the missions take note as usual."""
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3),
        cart(1, "white", (3, 4), "N", "S", 3, {"ruby": 1}),
        bumper_carts=True,
    )
    assert board_cart(g, 0, "white")["place"] == "supply"
    assert square(g, (3, 4))["items"] == {"ruby": 1}
    assert board_cart(g, 1, "white")["contents"] == {}
    assert met(g) == [7, 8]  # Head to Head, Jewel Heist


def test_d_17_ceil_half_drop_rule() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "diamond": 1}),
        drop_rule="ceil_half",
    )
    assert g.current_player == 1
    assert g.legal_actions() == [
        otr.SplitLoad(("ruby", "ruby"), ("diamond",)),
        otr.SplitLoad(("ruby", "diamond"), ("ruby",)),
    ]
    g.apply(otr.SplitLoad(("ruby", "ruby"), ("diamond",)))
    assert square(g, (3, 4))["items"] == {"ruby": 2}
    assert board_cart(g, 1, "white")["contents"] == {"diamond": 1}


def test_undo_inside_a_collision() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "diamond": 1}),
    )
    split = g.legal_actions()[0]
    before = g.position()
    g.apply(split)
    g.apply(otr.PickPile("A"))
    g.undo()
    g.undo()
    assert g.position() == before and g.current_player == 1


def test_c_12_a_new_cart_colliding_on_its_first_step_derails() -> None:
    g = crash(
        cart(0, "white", (-1, 4), "S", "N", 3),
        cart(1, "white", (0, 4), "S", "W", 3, {"gold": 1}),
        tiles={(0, 4): "NSW"} | {(r, 4): "NS" for r in range(1, 4)},
    )
    assert board_cart(g, 0, "white")["place"] == "supply"  # it was empty
    assert square(g, (0, 4))["items"] == {"gold": 1}


def test_c_12_a_bump_on_the_first_step_leaves_the_cart_facing_out() -> None:
    g = crash(
        cart(0, "white", (-1, 4), "S", "N", 3),
        cart(1, "white", (0, 4), "E", "W", 3, {"gold": 1}),
        tiles={(0, 4): "EW"},
    )
    mover = board_cart(g, 0, "white")
    assert (mover["square"], mover["facing"], mover["back"]) == ([-1, 4], "N", "S")
    g.apply(otr.EndActions())  # seat 1: its cart derails off the track end
    g.apply(otr.EndActions())  # seat 0: the cart facing out returns to the supply (D-20)
    assert board_cart(g, 0, "white")["place"] == "supply"


def test_c_5_only_the_hit_cart_owner_sees_the_piles() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "diamond": 1}),
        players=3,
    )
    g.apply(otr.SplitLoad(("ruby", "diamond"), ("ruby",)))
    views = [json.dumps(g.view(seat)) for seat in range(3)]
    assert [g.view(seat)["move"]["collision"]["piles"] is None for seat in range(3)] == [
        True,
        False,
        True,
    ]
    assert all("diamond" not in v.split('"move"')[1] for v in (views[0], views[2]))
    assert not any("pile" in line and "diamond" in line for line in g.log)
    g.apply(otr.PickPile("A"))
    assert all(g.view(seat)["move"] is None for seat in range(3))  # the move has ended


def test_c_9_a_moving_cart_holding_only_rocks_is_not_empty() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"rock": 2}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 1}),
    )
    mover = board_cart(g, 0, "white")
    assert mover["place"] == "board" and mover["square"] == [2, 4]  # no derailment
    assert mover["contents"] == {"rock": 2} and mover["facing"] == "N"
    assert square(g, (3, 4))["items"] == {"ruby": 1}


def test_c_9_a_hit_cart_holding_only_rocks_drops_a_rock_and_stays() -> None:
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"rock": 1}),
    )
    other = board_cart(g, 1, "white")
    assert other["place"] == "board" and other["square"] == [3, 4]
    assert other["contents"] == {}
    assert square(g, (3, 4))["items"] == {"rock": 1}


@pytest.mark.parametrize(
    ("load", "mission"),
    [({}, 2), ({"ruby": 1}, 8)],
    ids=["no Cart Ram on an empty cart", "no Jewel Heist"],
)
def test_2_14_1_a_bumper_carts_bump_meets_no_collision_mission(
    load: dict[str, int], mission: int
) -> None:
    hit = cart(1, "white", (3, 4), "S", "N", 3, load)
    usual = crash(cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}), hit)
    assert met(usual) == [mission]  # without the variant
    g = crash(cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}), hit, bumper_carts=True)
    p = g.position()
    assert p["turn"]["stage"] == "actions" and p["turn"]["active"] == 1  # no mission step
    assert board_cart(g, 1, "white")["place"] == "board"
    assert board_cart(g, 1, "white")["contents"] == load


def test_d_13_d_18_a_bump_on_the_first_step_takes_nothing_where_the_cart_stands() -> None:
    """D-13, D-18: a cart whose first step is a bump entered no square this move, so it
    takes nothing from the square it started on, items or not (§2.7.3)."""
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (2, 4), "E", "W", 3, {"ruby": 1}),
        tiles={(0, 4): "NS", (1, 4): "NS", (2, 4): "EW"},
        items={(1, 4): {"emerald": 2, "diamond": 1}},
    )
    mover = board_cart(g, 0, "white")
    assert (mover["square"], mover["facing"], mover["back"]) == ([1, 4], "N", "S")  # turned
    assert mover["contents"] == {"gold": 1}
    assert square(g, (1, 4))["items"] == {"emerald": 2, "diamond": 1}
    assert g.position()["turn"]["active"] == 1  # no decision was left: the turn went on


def test_d_13_d_14_a_collision_on_the_first_step_takes_nothing_where_the_cart_stands() -> None:
    """D-13, D-14: a cart stopped by a collision on its first step entered no square this
    move: it takes nothing at its end, even though a collision ends a move (§2.7.5 step 7)."""
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (2, 4), "S", "N", 3, {"emerald": 1}),
        items={(1, 4): {"ruby": 2, "diamond": 1}},
    )
    mover = board_cart(g, 0, "white")
    assert (mover["place"], mover["square"], mover["facing"]) == ("board", [1, 4], "N")
    assert mover["contents"] == {"gold": 1}
    assert square(g, (1, 4))["items"] == {"ruby": 2, "diamond": 1}
    assert square(g, (2, 4))["items"] == {"emerald": 1}  # the hit cart dropped its one item
    assert met(g) == [8]  # Jewel Heist: the collision itself happened as usual


def test_c_4_d_38_turning_round_after_a_collision_is_never_a_choice() -> None:
    """D-38, C-4: a cart stopped by a collision on a junction turns away from the other cart
    (head-on, the other cart too) — not back the way it came, unless there is no exit away
    from it; its owner is not asked where the nose points, though the junction has other
    ways on."""
    g = crash(
        cart(0, "white", (2, 5), "W", "E", 2, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 1}),
        tiles={(2, 5): "EW", (2, 4): "ESW", (3, 4): "NS", (4, 4): "NS"},
    )
    assert g.legal_actions() == [otr.ChooseExit("S"), otr.ChooseExit("W")]
    g.apply(otr.ChooseExit("S"))  # into the cart at (3, 4)
    mover = board_cart(g, 0, "white")
    assert (mover["square"], mover["facing"], mover["back"]) == ([2, 4], "E", "S")
    assert met(g) == [8]  # no nose to set: straight on to the mission step (Jewel Heist)
    g = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "N", "S", 3, {"ruby": 1}),
        tiles=COLUMN | {(2, 4): "NESW", (3, 4): "NESW"},
    )
    g.apply(otr.ChooseExit("S"))  # head-on into the cart on the other cross
    mover, other = board_cart(g, 0, "white"), board_cart(g, 1, "white")
    assert (mover["square"], mover["facing"], mover["back"]) == ([2, 4], "N", "S")
    assert (other["square"], other["facing"], other["back"]) == ([3, 4], "S", "N")
    assert met(g) == [7, 8]  # straight to the mission step: neither nose was asked for
    g = crash(
        cart(0, "white", (2, 5), "W", "E", 2, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 1}),
        tiles={(2, 5): "EW", (2, 4): "NESW", (3, 4): "NS", (4, 4): "NS"},
    )
    g.apply(otr.ChooseExit("S"))  # in from the east, turning south into the other cart
    mover = board_cart(g, 0, "white")
    assert (mover["square"], mover["facing"], mover["back"]) == ([2, 4], "N", "S")  # not E
