"""Rule tests for solo mode (§2.15, C-3, D-32–D-36)."""

from __future__ import annotations

from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import IllegalActionError
from railwidgets.offtherails.components import COLOURS, MINE_SQUARES
from tests.offtherails.scenario import board_cart, cart, game, snapshot


def solo(**kw: Any) -> otr.Game:
    kw.setdefault("turn", {"number": 3, "active": 0, "first_player": 0, "stage": "actions",
                           "actions_used": 0, "met": []})  # fmt: skip
    return game(players=1, **kw)


def test_2_15_setup() -> None:
    """D-32: solo has one deck of all 33 cards, the Chasm card too: none removed, no first
    deposits, no chasm deck."""
    g = otr.Game(players=1, seed=4)
    p = g.position()
    assert len(p["squares"]) == 32
    counts: dict[str, int] = {}
    for s in p["squares"]:
        assert sum(s["items"].values()) == 1
        for kind, n in s["items"].items():
            counts[kind] = counts.get(kind, 0) + n
    assert counts == {"ruby": 10, "emerald": 9, "gold": 8, "diamond": 5}
    assert len(p["deposit_deck"]) == 33 and p["chasm_deck"]["cards"] == []
    assert p["removed_cards"] == []
    assert [c["name"] for c in p["carts"]] == ["red", "yellow", "green", "blue"]
    assert p["missions"]["face_up"] == [] and p["bag"] == {}
    assert p["chasm_supply"] == {"red": 5, "yellow": 5, "green": 5, "blue": 5}
    assert g.current_player == 0 and otr.EndNow() in g.legal_actions()


def test_2_15_carts_enter_on_their_own_colour() -> None:
    """D-33: up to four carts on the board in solo; each comes in on its own colour's side."""
    g = otr.Game(players=1, seed=4)
    g.apply(otr.PlaceCart("green", (12, 4)))
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=r"own side \(§2\.6 A3\)"):
        g.apply(otr.PlaceCart("red", (12, 7)))
    assert snapshot(g) == before
    g.apply(otr.PlaceCart("red", (-1, 7)))
    g.apply(otr.PlaceCart("blue", (4, -1)))
    g.apply(otr.PlaceCart("yellow", (4, 12)))  # four carts on the board (D-33)
    assert g.legal_actions() == [otr.ChooseCart(c) for c in ("red", "yellow", "green", "blue")]
    while g.position()["turn"]["stage"] == "cart":
        g.apply(g.legal_actions()[0])
    p = g.position()
    # every cart moved (no track: all derailed and are gone, §2.15)
    assert [c["place"] for c in p["carts"]] == ["gone"] * 4
    assert g.is_over and p["ended"] == "every cart is gone"


def test_2_15_reveals() -> None:
    # turn 1 reveals four cards: three tokens, the Chasm card goes back into the deck
    g = solo(
        deposit_deck=["red 1", "chasm", "green 8", "blue 2", "yellow 3", "red 2"],
        turn={"number": 1, "active": 0, "first_player": 0, "stage": "actions",
              "actions_used": 0, "met": []},
    )  # fmt: skip
    g.apply(otr.EndActions())
    p = g.position()
    tokens = {tuple(s["square"]): s["chasm"] for s in p["squares"] if s["chasm"]}
    assert tokens == {(2, 2): "red", (7, 7): "green", (8, 2): "blue"}
    assert sorted(p["deposit_deck"]) == ["chasm", "red 2", "yellow 3"]
    # later turns reveal one card
    g = solo(deposit_deck=["yellow 3", "red 2"])
    g.apply(otr.EndActions())
    p = g.position()
    assert [tuple(s["square"]) for s in p["squares"] if s["chasm"]] == [(4, 9)]
    assert p["deposit_deck"] == ["red 2", "chasm"]


def test_d_34_token_colour_when_the_card_colour_is_used_up() -> None:
    g = solo(deposit_deck=["red 1"], chasm_supply={"red": 0, "yellow": 2, "green": 3, "blue": 0})
    g.apply(otr.EndActions())
    p = g.position()
    assert [s["chasm"] for s in p["squares"] if s["square"] == [2, 2]] == ["green"]


def test_c_3_an_empty_board_does_not_end_a_solo_game() -> None:
    g = solo(deposit_deck=["red 1", "red 2"])  # and a solo game never collapses
    g.apply(otr.EndActions())
    assert not g.is_over


def test_2_15_end_when_the_last_token_is_placed() -> None:
    # 19 tokens on the squares of cards drawn (§2.15); blue 1 at (9, 2) is still to come
    tokens = {sq: colour for colour, mine in zip(COLOURS, MINE_SQUARES, strict=True)
              for sq in mine[-5:]}  # fmt: skip
    del tokens[MINE_SQUARES[3][-1]]
    g = solo(
        chasm=tokens,
        tiles={(5, 5): "ES", (5, 6): "SW", (6, 6): "NW", (6, 5): "NE"},
        carts=[cart(0, "red", (5, 5), "E", "S", 1, {"ruby": 1})],
        deposit_deck=["blue 1"],
        chasm_supply={"red": 0, "yellow": 0, "green": 0, "blue": 1},
    )
    g.apply(otr.EndActions())
    assert g.is_over
    assert board_cart(g, 0, "red")["place"] == "gone"  # C-3: removed from the game


def test_d_35_end_now() -> None:
    g = solo()
    g.apply(otr.EndNow())
    assert g.is_over and g.winners() == [0] and g.solo_result() == "defeat"
    g = solo(tiles={(0, 4): "NS"}, carts=[cart(0, "red", (0, 4), "S", "N")])
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="D-35"):
        g.apply(otr.EndNow())
    assert snapshot(g) == before


def _result(delivered: dict[str, dict[str, int]], stock: dict[str, int]) -> otr.Game:
    full = {"N": {}, "E": {}, "S": {}, "W": {}} | delivered
    return solo(delivered=full, stockpiles=[stock], turn__stage="over", ended="test")


def test_2_15_results_and_high_score() -> None:
    """D-36: sets through matching colours are counted first, then sets from what is left."""
    matched = {"N": {"ruby": 2}, "S": {"emerald": 2}, "E": {"gold": 2}, "W": {"diamond": 2}}
    g = _result(matched, {"ruby": 2, "emerald": 2, "gold": 2, "diamond": 2})
    assert g.solo_result() == "big victory" and g.scores() == [8 + 200]
    once = {"N": {"ruby": 1}, "S": {"emerald": 1}, "E": {"gold": 1}, "W": {"diamond": 2}}
    g = _result(once, {"ruby": 1, "emerald": 1, "gold": 1, "diamond": 2})
    assert g.solo_result() == "victory" and g.scores() == [5 + 100]
    wrong = {"N": {"ruby": 1, "emerald": 2, "gold": 2, "diamond": 2}}
    g = _result(wrong, {"ruby": 1, "emerald": 2, "gold": 2, "diamond": 2})
    assert g.solo_result() == "partial victory" and g.scores() == [7 + 10]
    mixed = {
        "N": {"ruby": 2},
        "S": {"emerald": 1},
        "E": {"gold": 1, "emerald": 1},
        "W": {"diamond": 1, "gold": 1},
    }
    g = _result(mixed, {"ruby": 2, "emerald": 2, "gold": 2, "diamond": 1})
    # one correct set, no second set (one diamond only): D-36
    assert g.solo_result() == "victory" and g.scores() == [7 + 100]
    g = _result({"N": {"ruby": 3}}, {"ruby": 3})
    assert g.solo_result() == "defeat" and g.scores() == [3]
    with pytest.raises(ValueError, match="solo"):
        otr.Game(players=2, seed=1).solo_result()
