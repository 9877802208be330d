"""Rule tests for setup and the action phase (§2.3, §2.4, §2.6, §2.17)."""

from __future__ import annotations

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import IllegalActionError
from railwidgets.core.errors import RecordError
from tests.offtherails.scenario import board_cart, cart, game, ninety_tiles, snapshot, square


def refused(g: otr.Game, action: object, rule: str) -> None:
    """The action is refused naming ``rule`` and the game is unchanged."""
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=rule):
        g.apply(action)  # type: ignore[arg-type]
    assert snapshot(g) == before


# -- setup (§2.4) -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "deck", "faceup"), [(2, 17, 3), (3, 17, 4), (4, 21, 5)])
def test_2_4_setup(players: int, deck: int, faceup: int) -> None:
    for seed in range(20):
        p = otr.Game(players=players, seed=seed).position()
        cards = p["deposit_deck"]
        assert len(cards) == deck
        below = len(cards) - 1 - cards.index("chasm")
        assert 4 <= below <= 8  # §2.4.4.6: inside the second pile from the bottom
        bottom_pile = cards[-4:]  # §2.4.4.5: each pile holds one card of each colour
        assert {c.split()[0] for c in bottom_pile} == {"red", "yellow", "green", "blue"}
        assert sorted(c.split()[0] for c in p["chasm_deck"]["cards"]) == sorted(
            ["red", "yellow", "green", "blue"]
        )
        assert p["chasm_deck"]["tokens"] is True
        assert p["chasm_supply"] == {"red": 4, "yellow": 4, "green": 4, "blue": 4}
        assert len(p["missions"]["face_up"]) == faceup
        assert sum(sum(s["items"].values()) for s in p["squares"]) in range(8, 13)
        removed = 4 * (1 if players == 4 else 2)
        assert len(p["removed_cards"]) == removed
        everything = cards + p["removed_cards"] + p["chasm_deck"]["cards"]
        assert len(set(everything)) == len(everything) == 33 - 4
        assert all(c["place"] == "supply" and c["speed"] == 3 for c in p["carts"])


@pytest.mark.parametrize(("length", "size"), [("very_short", 13), ("short", 17), ("long", 25)])
def test_2_14_3_game_length(length: str, size: int) -> None:
    assert len(otr.Game(players=4, seed=1, length=length).position()["deposit_deck"]) == size


def test_2_4_2_sides() -> None:
    for seed in range(10):
        g = otr.Game(players=4, seed=seed)
        first = g.current_player
        g.apply(otr.ChooseSide("E"))
        sides = g.position()["sides"]
        order = [(first + k) % 4 for k in range(4)]
        assert sides[order[0]] == "E" and sides[order[1]] == "W"
        assert {sides[order[2]], sides[order[3]]} == {"N", "S"}
        assert g.current_player == first  # player 1 plays first (D-11)


def test_2_4_2_sides_with_3_players() -> None:
    """Player 2 takes the opposite side, player 3 one of the other two at random."""
    third_sides = set()
    for seed in range(12):
        g = otr.Game(players=3, seed=seed)
        first = g.current_player
        g.apply(otr.ChooseSide("N"))
        sides = g.position()["sides"]
        order = [(first + k) % 3 for k in range(3)]
        assert sides[order[0]] == "N" and sides[order[1]] == "S"
        assert sides[order[2]] in ("E", "W")
        third_sides.add(sides[order[2]])
    assert third_sides == {"E", "W"}, "player 3's side is drawn at random"


# -- the action phase (§2.6) --------------------------------------------------------------------


def test_2_6_a1_place_tile() -> None:
    g = game(items={(5, 5): {"ruby": 1}})
    g.apply(otr.PlaceTile((5, 5), "NE"))
    assert square(g, (5, 5)) == {
        "square": [5, 5],
        "tile": "NE",
        "items": {"ruby": 1},
        "chasm": None,
    }
    assert g.position()["tiles"]["used"] == 1


def test_2_6_a1_refusals() -> None:
    """C-12: only straights and corners are placed; junctions come only from upgrades."""
    g = game(tiles={(5, 5): "NS"}, chasm={(4, 4): "red"})
    refused(g, otr.PlaceTile((3, 3), "NS"), "mine centre.*2.6 A1")
    refused(g, otr.PlaceTile((4, 4), "NS"), "chasm")
    refused(g, otr.PlaceTile((5, 5), "EW"), "2.6 A1")
    refused(g, otr.PlaceTile((-1, 4), "NS"), "grid")
    refused(g, otr.PlaceTile((7, 7), "NES"), "C-12")
    refused(g, otr.PlaceTile((7, 7), "SN"), "2.6 A1")


def test_2_3_tile_supply_exhausted() -> None:
    g = game(tiles=ninety_tiles({(5, 5): "NS"}, free=((7, 7),)))
    refused(g, otr.PlaceTile((7, 7), "NS"), "90 tiles.*2.3")
    g.apply(otr.Upgrade((5, 5), "NES"))  # upgrades still allowed (D-6)
    assert square(g, (5, 5))["tile"] == "NES"


def test_2_6_a2_upgrade() -> None:
    g = game(tiles={(5, 5): "NS", (6, 6): "NES"}, items={(5, 5): {"gold": 2}})
    g.apply(otr.Upgrade((5, 5), "NSW"))  # jewels on the tile stay (§2.17)
    assert square(g, (5, 5))["items"] == {"gold": 2}
    g.apply(otr.Upgrade((6, 6), "NESW"))
    assert square(g, (6, 6))["tile"] == "NESW"
    refused(g, otr.Upgrade((6, 6), "NESW"), "2.6 A2")
    refused(g, otr.Upgrade((7, 7), "NES"), "no tile.*2.6 A2")


def test_2_6_a2_no_upgrade_is_offered_for_a_tile_under_a_cart() -> None:
    g = game(tiles={(5, 5): "NE", (0, 4): "NS"}, carts=[cart(1, "white", (0, 4), "S", "N")])
    upgrades = {a.square for a in g.legal_actions() if isinstance(a, otr.Upgrade)}
    assert upgrades == {(5, 5)}


def test_2_6_a2_upgrade_refusals() -> None:
    g = game(
        tiles={(5, 5): "NE", (0, 4): "NS"},
        carts=[cart(0, "white", (0, 4), "S", "N")],
    )
    refused(g, otr.Upgrade((0, 4), "NES"), "under a cart.*2.6 A2")
    refused(g, otr.Upgrade((5, 5), "ESW"), "keeps every exit.*2.6 A2")
    refused(g, otr.Upgrade((5, 5), "NWE"), r"order NESW \(§2\.6 A2\)")
    refused(g, otr.Upgrade((5, 5), "NESW"), "one exit.*2.6 A2")


def test_2_6_a3_place_cart() -> None:
    g = game()
    g.apply(otr.PlaceCart("white", (-1, 4)))
    c = board_cart(g, 0, "white")
    assert (c["square"], c["facing"], c["back"], c["speed"]) == ([-1, 4], "S", "N", 3)
    refused(g, otr.PlaceCart("black", (-1, 4)), "occupied.*2.6 A3")
    refused(g, otr.PlaceCart("black", (12, 4)), "own side.*2.6 A3")
    refused(g, otr.PlaceCart("black", (-1, 5)), "own side")
    refused(g, otr.PlaceCart("white", (-1, 7)), "on the board.*2.6 A3")
    g.apply(otr.PlaceCart("black", (-1, 7)))
    refused(g, otr.PlaceCart("black", (-1, 10)), "2.6 A3")  # a third cart: none is left
    refused(g, otr.PlaceCart("grey", (-1, 10)), "no such cart")


def test_2_6_a3_cart_lost_to_chasm_cannot_return() -> None:
    g = game(carts=[cart(0, "white", None, place="gone")])
    refused(g, otr.PlaceCart("white", (-1, 4)), "lost to the chasm")
    assert g.scores()[0] == 3  # only the black cart scores (§2.13)


def test_2_6_a4_speed() -> None:
    g = game(
        tiles={(0, 4): "NS"},
        carts=[cart(0, "white", (0, 4), "S", "N", speed=6), cart(0, "black", (-1, 7), "S", "N", 1)],
    )
    refused(g, otr.ChangeSpeed("white", 1), "7.*2.6 A4")
    refused(g, otr.ChangeSpeed("black", -1), "0.*2.6 A4")
    refused(g, otr.ChangeSpeed("white", -2), "one step")
    g.apply(otr.ChangeSpeed("white", -1))
    assert board_cart(g, 0, "white")["speed"] == 5
    assert otr.ChangeSpeed("white", 1) in g.legal_actions()


def test_d_10_speed_runs_from_1_to_6() -> None:
    """D-10: the speed dice are d6: no step above 6 or below 1 is offered or allowed, and
    a position with speed 0 or 7 cannot be loaded."""
    g = game(
        tiles={(0, 4): "NS"},
        carts=[cart(0, "white", (0, 4), "S", "N", speed=6), cart(0, "black", (-1, 7), "S", "N", 1)],
    )
    speeds = {(a.cart, a.delta) for a in g.legal_actions() if isinstance(a, otr.ChangeSpeed)}
    assert speeds == {("white", -1), ("black", 1)}
    refused(g, otr.ChangeSpeed("white", 1), r"1–6, not 7 \(§2\.6 A4, D-10\)")
    refused(g, otr.ChangeSpeed("black", -1), r"1–6, not 0 \(§2\.6 A4, D-10\)")
    for speed in (0, 7):
        with pytest.raises(RecordError, match="speed"):
            game(tiles={(0, 4): "NS"}, carts=[cart(0, "white", (0, 4), "S", "N", speed=speed)])


def test_2_6_four_actions_end_the_phase() -> None:
    g = game()
    for col in range(4):
        assert g.position()["turn"]["stage"] == "actions"
        g.apply(otr.PlaceTile((6, col), "EW"))
    # no cart on the board: the turn went on to the deposit and the next player
    assert g.position()["turn"]["active"] == 1
    assert g.position()["turn"]["actions_used"] == 0


def test_2_6_fewer_actions() -> None:
    g = game()
    g.apply(otr.PlaceTile((6, 1), "EW"))
    g.apply(otr.EndActions())
    assert g.position()["turn"]["active"] == 1


def test_actions_out_of_turn_are_refused() -> None:
    g = game()
    refused(g, otr.ChooseExit("N"), "waits for an action of the action phase")
    refused(g, otr.SplitLoad(("ruby",), ()), "2.6")
    refused(g, otr.EndNow(), "2.15")
    refused(g, otr.ChooseSide("N"), "2.6")


def test_view_hides_the_decks_and_the_bag() -> None:
    g = otr.Game(players=3, seed=2)
    view = g.view(0)
    assert view["deposit_deck"] == 17
    assert isinstance(view["bag"], int)
    assert view["chasm_deck"]["cards"] == 4
    assert view["missions"]["deck"] == 11 - 4
    assert view["missions"]["face_up"] == g.position()["missions"]["face_up"]


def test_text_board() -> None:
    g = game(tiles={(0, 4): "NS"}, carts=[cart(0, "white", (0, 4), "S", "N")])
    text = str(g)
    assert "│" in text and "Red's white cart at (0, 4) facing S" in text


def test_5_actions_carry_values_of_their_declared_types() -> None:
    """§5: a float, a bool or a list where a whole number or a square belongs is refused."""
    on_board = [cart(0, "white", (-1, 4), "S", "N")]
    refused(game(carts=on_board), otr.ChangeSpeed("white", 1.0), r"malformed.*not an integer")
    refused(game(), otr.PlaceCart("white", (-1, True)), r"malformed")
    refused(game(), otr.PlaceCart("white", (-1.0, 4)), r"malformed")
    refused(game(), otr.PlaceCart("white", [-1, 4]), r"malformed: use tuples")
    refused(game(), otr.PlaceTile((0, 4.0), "NS"), r"malformed")
    mission_step = game(
        turn__stage="mission",
        turn__met=[1],
        missions={"face_up": [1, 2, 3], "deck": [], "claimed": [[], []]},
    )
    refused(mission_step, otr.ClaimMission(True), r"malformed")  # True == 1, not a mission
    refused(mission_step, otr.ClaimMission(1.0), r"malformed")
    mission_step.apply(otr.ClaimMission(1))
    assert mission_step.position()["missions"]["claimed"][0] == [1]


def test_5_a_single_option_is_taken_and_logged() -> None:
    """§5: with nothing to do but end the action phase, the turn moves on, and the log says so."""
    crosses = ninety_tiles({(5, 5): "NESW"}, free=((5, 6),))  # no tile to lay or upgrade
    g = game(
        tiles=crosses,
        turn__active=1,
        deposit_deck=["red 1", "green 2"],
        carts=[
            cart(0, "white", None, place="gone"),
            cart(0, "black", None, place="gone"),
            cart(1, "white", (5, 5), "E", "W", 1),
        ],
    )
    g.apply(otr.EndActions())  # seat 1's cart derails; seat 0 has nothing to do
    assert g.position()["turn"]["active"] == 1 and g.position()["turn"]["number"] == 5
    assert "Red: end the action phase (only choice)" in g.log
