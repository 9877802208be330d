"""Rule tests for deposits, the Chasm card, the collapse, the chasm phase and the end
(§2.9–2.12, §2.14.2, C-7, C-10, D-22, D-23, D-25, D-26)."""

from __future__ import annotations

from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import IllegalActionError
from railwidgets.offtherails import chasm
from railwidgets.offtherails.board import index
from railwidgets.offtherails.components import BLUE, COLOURS, MINE_SQUARES, RED, YELLOW
from tests.offtherails.scenario import board_cart, cart, game, snapshot, square

LOOP = {(5, 5): "ES", (5, 6): "SW", (6, 6): "NW", (6, 5): "NE"}
CHASM_DECK = {"cards": ["red 5", "yellow 6", "green 7", "blue 8"], "tokens": True}
SUPPLY_16 = {"red": 4, "yellow": 4, "green": 4, "blue": 4}


def circling(seat: int = 1, **extra: Any) -> dict[str, Any]:
    """A cart going round the loop: it moves every turn and never leaves."""
    return cart(seat, "white", (5, 5), "E", "S", 1, **extra)


def end_turn(g: otr.Game) -> None:
    g.apply(otr.EndActions())


def test_2_9_deposit_stacks_and_a_cart_there_does_not_collect() -> None:
    """D-22: new items go on top of those already there; a cart on the square does not
    collect them now."""
    g = game(
        tiles={(4, 4): "NS"},
        items={(4, 4): {"ruby": 1}},
        carts=[cart(1, "white", (4, 4), "S", "N", 3, {"gold": 1})],
        deposit_deck=["red 8", "blue 1"],
    )
    bag = sum(g.position()["bag"].values())
    end_turn(g)
    assert sum(square(g, (4, 4))["items"].values()) == 4  # red 8 is a 3-item square
    assert board_cart(g, 1, "white")["contents"] == {"gold": 1}
    assert sum(g.position()["bag"].values()) == bag - 3
    assert g.position()["deposit_deck"][0] == "blue 1"
    assert any("deposit red 8" in line for line in g.log)


def test_c_10_the_bag_runs_out() -> None:
    """C-10, D-22: a deposit from a bag that runs short places what is left."""
    g = game(bag={"emerald": 1}, deposit_deck=["blue 7"], length="long", players=4)
    end_turn(g)
    assert square(g, (8, 4))["items"] == {"emerald": 1}  # D-22: what is left
    assert g.position()["bag"] == {}


def test_2_10_chasm_card_final_round_and_collapse() -> None:
    """D-23: the turn the Chasm card appears has no deposit; the final round and the collapse
    follow (§2.10)."""
    g = game(
        tiles=LOOP,
        carts=[circling()],
        deposit_deck=["chasm", "red 1", "green 2", "blue 3", "yellow 4"],
        chasm_deck=CHASM_DECK,
    )
    end_turn(g)  # seat 0 draws the Chasm card: no deposit this turn (D-23)
    p = g.position()
    assert p["final_round"]["turns_left"] == 2 and p["deposit_deck"][0] == "red 1"
    assert not any(s["items"] for s in p["squares"] if s["square"] == [2, 2])
    # seat 0's final turn, then the collapse
    g = game(
        tiles=LOOP | {(3, 4): "NS"},
        items={(3, 4): {"gold": 2}},
        carts=[circling(), cart(1, "black", (3, 4), "N", "S", 3, {"ruby": 2})],
        deposit_deck=["green 2", "blue 3", "yellow 4"],
        chasm_deck=CHASM_DECK,
        final_round={"turns_left": 1, "collapsed": False, "drawn_token": None},
    )
    end_turn(g)
    p = g.position()
    assert p["final_round"]["collapsed"] and p["chasm_deck"] == {"cards": [], "tokens": False}
    tokens = {tuple(s["square"]): s["chasm"] for s in p["squares"] if s["chasm"]}
    assert tokens == {(3, 4): "red", (2, 7): "yellow", (7, 8): "green", (7, 4): "blue"}
    assert board_cart(g, 1, "black")["place"] == "gone"  # swallowed with its rubies
    assert p["removed_by_chasm"] == {"ruby": 2, "gold": 2}
    assert p["tiles"]["destroyed"] == 1
    assert p["chasm_supply"] == SUPPLY_16
    assert square(g, (9, 8))["items"]  # green 2 was deposited before the collapse
    assert not g.is_over and g.position()["turn"]["active"] == 1


@pytest.mark.parametrize("players", [3, 4])
def test_2_10_final_round_with_more_players(players: int) -> None:
    """Every other player takes one more turn, then the drawer; then the collapse."""
    g = game(
        players=players,
        tiles=LOOP,
        carts=[circling()],
        deposit_deck=["chasm", "red 1", "green 2", "blue 3", "yellow 4"],
        chasm_deck=CHASM_DECK,
    )
    end_turn(g)  # seat 0 draws the Chasm card
    assert g.position()["final_round"]["turns_left"] == players
    for seat in range(1, players):
        assert g.current_player == seat
        end_turn(g)  # a normal turn, with its deposit
        assert not g.position()["final_round"]["collapsed"]
    assert g.current_player == 0 and g.position()["final_round"]["turns_left"] == 1
    end_turn(g)  # the drawer's final turn, then the collapse
    p = g.position()
    assert p["final_round"]["collapsed"] and p["chasm_deck"] == {"cards": [], "tokens": False}
    assert p["deposit_deck"] == ["red 1", "green 2", "blue 3", "yellow 4"][players:]
    assert g.current_player == 1 and not g.is_over


def test_c_7_the_game_ends_at_the_collapse_when_no_cart_is_on_the_board() -> None:
    g = game(
        deposit_deck=["green 2"],
        chasm_deck=CHASM_DECK,
        final_round={"turns_left": 1, "collapsed": False, "drawn_token": None},
    )
    end_turn(g)
    assert g.is_over and "every cart has left the board" in g.position()["ended"]


def _after_collapse(**kw: Any) -> otr.Game:
    tokens = {(3, 4): "red", (2, 7): "yellow", (7, 8): "green", (7, 4): "blue"}
    return game(
        chasm=kw.pop("chasm", tokens),
        chasm_deck={"cards": [], "tokens": False},
        chasm_supply=kw.pop("chasm_supply", SUPPLY_16),
        final_round={"turns_left": 0, "collapsed": True, "drawn_token": None},
        **kw,
    )


def test_2_11_chasm_phase_next_to_the_same_colour() -> None:
    g = _after_collapse(tiles=LOOP, carts=[circling(0)])
    end_turn(g)
    p = g.position()
    assert p["turn"]["stage"] == "chasm" and g.current_player == 0
    colour = p["final_round"]["drawn_token"]
    home = {"red": (3, 4), "yellow": (2, 7), "green": (7, 8), "blue": (7, 4)}[colour]
    r, c = home
    assert {a.square for a in g.legal_actions()} == {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=r"next to a .* chasm token \(§2\.11"):
        g.apply(otr.PlaceChasm((0, 0)))
    assert snapshot(g) == before
    g.apply(otr.PlaceChasm((r - 1, c)))
    assert square(g, (r - 1, c))["chasm"] == colour
    assert sum(g.position()["chasm_supply"].values()) == 15


def test_2_11_a_player_without_carts_still_draws_a_token() -> None:
    g = _after_collapse(tiles=LOOP, carts=[circling(1)])
    end_turn(g)  # seat 0 has no cart on the board
    assert g.position()["turn"]["stage"] == "chasm" and g.current_player == 0


def test_2_11_a_token_on_a_cart_swallows_it() -> None:
    g = _after_collapse(
        tiles=LOOP | {(4, 4): "NS"},
        carts=[circling(0), cart(1, "black", (4, 4), "N", "S", 3, {"gold": 1})],
        chasm={(3, 4): "red"},
        chasm_supply={"red": 4, "yellow": 0, "green": 0, "blue": 0},
    )
    end_turn(g)
    g.apply(otr.PlaceChasm((4, 4)))
    assert board_cart(g, 1, "black")["place"] == "gone"
    assert g.position()["removed_by_chasm"] == {"gold": 1}


def test_d_25_fallback_when_the_colour_has_no_token() -> None:
    # After the collapse every colour has a token on the board, so this fallback is
    # defensive only: it is tried on the state of a game, with just one red token left.
    st = _after_collapse(tiles=LOOP, carts=[circling(0)])._state.copy()
    st.chasm = [-1] * len(st.chasm)
    st.chasm[index((0, 0))] = RED
    assert set(chasm.targets(st, YELLOW)) == {(0, 1), (1, 0)}


def test_2_12_a_the_last_token_ends_the_game() -> None:
    # 19 tokens opened on and around their mines; one blue token is left to draw
    tokens = {sq: colour for colour, mine in zip(COLOURS, MINE_SQUARES, strict=True)
              for sq in mine[:5]}  # fmt: skip
    del tokens[MINE_SQUARES[BLUE][4]]
    g = _after_collapse(
        tiles=LOOP,
        carts=[circling(0, contents={"gold": 2})],
        chasm=tokens,
        chasm_supply={"red": 0, "yellow": 0, "green": 0, "blue": 1},
    )
    bag = g.position()["bag"].get("gold", 0)
    end_turn(g)
    assert g.position()["final_round"]["drawn_token"] == "blue"
    g.apply(g.legal_actions()[0])  # the 20th token
    assert g.is_over and "last chasm token" in g.position()["ended"]
    assert board_cart(g, 0, "white")["place"] == "supply"  # derailed: keeps its 3 points
    assert g.position()["bag"]["gold"] == bag + 2


def test_2_12_b_all_carts_have_left_the_board() -> None:
    """C-1: the end check is the last step of a turn: the player whose cart derails still has
    the chasm phase, and only then does the empty board end the game."""
    g = _after_collapse(tiles={(5, 5): "NS"}, carts=[cart(0, "white", (5, 5), "S", "N", 1)])
    end_turn(g)  # derails; the chasm phase still comes first (C-1)
    assert g.position()["turn"]["stage"] == "chasm"
    g.apply(g.legal_actions()[0])
    assert g.is_over and g.winners()


def test_d_26_an_empty_board_before_the_collapse_does_not_end_the_game() -> None:
    g = game(deposit_deck=["red 1", "green 2"])
    end_turn(g)
    assert not g.is_over


def test_2_14_2_chasm_die() -> None:
    """D-31: with the chasm die no one chooses: a d8 places the token."""
    g = _after_collapse(tiles=LOOP, carts=[circling(0)], chasm_die=True)
    end_turn(g)
    p = g.position()
    assert p["turn"]["active"] == 1  # no decision: the d8 placed the token
    assert any("chasm die rolls" in line for line in g.log)
    new = [s for s in p["squares"] if s["chasm"] and tuple(s["square"]) not in
           {(3, 4), (2, 7), (7, 8), (7, 4)}]  # fmt: skip
    assert len(new) == 1


@pytest.mark.parametrize("seed", range(6))
def test_2_14_2_chasm_die_rerolls_a_square_with_a_token(seed: int) -> None:
    """D-31: the token's colour picks the mine, the d8 its numbered square, and a square that
    holds a token already is rolled again."""
    red = [(2, 2), (2, 3), (2, 4), (3, 2)]  # red mine squares 1-4 (D-31)
    g = _after_collapse(
        tiles=LOOP,
        carts=[circling(0)],
        chasm=dict.fromkeys(red, "red"),
        chasm_supply={"red": 1, "yellow": 0, "green": 0, "blue": 0},
        chasm_die=True,
        seed=seed,
    )
    before = {tuple(s["square"]) for s in g.position()["squares"] if s["chasm"]}
    end_turn(g)
    new = {tuple(s["square"]) for s in g.position()["squares"] if s["chasm"]} - before
    assert len(new) == 1 and new <= {(3, 4), (4, 2), (4, 3), (4, 4)}  # squares 5-8
    rolls = [int(line.split()[-1]) for line in g.log if "chasm die rolls" in line]
    assert all(n <= 4 for n in rolls[:-1]) and rolls[-1] >= 5
