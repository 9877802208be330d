"""Picking Off the Rails decisions in parts: what a click means and what lights up (no widgets)."""

from __future__ import annotations

from railwidgets import offtherails as otr
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.picks import board_pick, lights, new_tile_shape, parts_of
from railwidgets.offtherails.render import CartTarget, MissionTarget, SquareTarget
from railwidgets.ui.choice import Choice


def choice_of(game: otr.Game) -> Choice:
    return Choice.from_game(game, parts_of)


def test_placing_a_cart_lights_the_free_starting_tracks_of_ones_side() -> None:
    game = scenarios.first_turn()
    choice = choice_of(game).pick("verb", "cart")
    lit = lights(choice, game.view(0), 0)
    assert sorted(lit.squares) == [(-1, 1), (-1, 4), (-1, 7), (-1, 10)]
    pick = board_pick(choice, SquareTarget((-1, 4), "S"), game.view(0), 0)
    assert pick == ("square", (-1, 4))
    choice = choice.pick(*pick)
    assert choice.options("cart") == ("white", "black")  # both carts are in the supply
    assert choice.pick("cart", "black").only == otr.PlaceCart("black", (-1, 4))


def test_a_tile_turns_to_the_side_clicked_and_shows_as_a_ghost() -> None:
    game = scenarios.first_turn()
    choice = choice_of(game).pick("verb", "corner").pick("square", (0, 4))
    lit = lights(choice, game.view(0), 0)
    assert lit.selected == (0, 4) and lit.ghost is None  # no shape picked: no ghost (issue 27.3)
    shape = new_tile_shape(choice_of(game).pick("verb", "corner"), "square", (0, 4))
    assert shape == "NE"  # the widget picks the first shape with the square
    assert lights(choice.pick("exits", shape), game.view(0), 0).ghost == ((0, 4), "NE")
    pick = board_pick(choice, SquareTarget((0, 4), "W"), game.view(0), 0)
    assert pick == ("exits", "NW")  # an exit turns west, the north one stays
    choice = choice.pick(*pick)
    again = board_pick(choice, SquareTarget((0, 4), "W"), game.view(0), 0)
    assert again == ("exits", "SW")  # clicking the same side again tries the other one
    assert choice.pick(*again).only == otr.PlaceTile((0, 4), "SW")
    choice = choice.pick(*again)
    assert board_pick(choice, SquareTarget((0, 4), "N"), game.view(0), 0) == ("exits", "NW")


def test_an_upgrade_takes_the_side_clicked_as_its_new_exit() -> None:
    game = scenarios.junction()
    choice = choice_of(game).pick("verb", "upgrade").pick("square", (3, 4))
    lit = lights(choice, game.view(0), 0)
    assert sorted(edge for _, edge in lit.arrows) == ["E", "W"]
    pick = board_pick(choice, SquareTarget((3, 4), "E"), game.view(0), 0)
    assert choice.pick(*pick).only == otr.Upgrade((3, 4), "NES")


def test_at_a_junction_the_exits_are_arrows_and_a_click_picks_one() -> None:
    game = scenarios.junction()
    game.apply(otr.EndActions())
    view = game.view(0)
    choice = choice_of(game)
    assert choice.next_part == "edge"
    assert sorted(lights(choice, view, 0).arrows) == [((2, 4), "E"), ((2, 4), "S")]
    assert board_pick(choice, SquareTarget((2, 4), "E"), view, 0) == ("edge", "E")
    assert board_pick(choice, SquareTarget((3, 4), "N"), view, 0) == (
        "edge",
        "S",
    )  # the square beyond
    assert board_pick(choice, SquareTarget((9, 9), "N"), view, 0) is None


def test_speed_takes_a_cart_by_a_click_on_it_then_a_delta() -> None:
    game = scenarios.derailment()
    choice = choice_of(game).pick("verb", "speed")
    assert lights(choice, game.view(0), 0).squares == [(5, 5)]
    pick = board_pick(choice, SquareTarget((5, 5), "N"), game.view(0), 0)
    assert pick == ("cart", "white")
    assert board_pick(choice, CartTarget(0, "white"), game.view(0), 0) == ("cart", "white")
    assert board_pick(choice, CartTarget(1, "white"), game.view(0), 0) is None  # not one's own
    assert choice.pick(*pick).options("delta") == (1, -1)


def test_missions_light_up_and_a_click_claims() -> None:
    game = scenarios.mission_claim()
    game.apply(otr.EndActions())
    choice = choice_of(game)
    assert lights(choice, game.view(0), 0).missions == [3]
    pick = board_pick(choice, MissionTarget(3), game.view(0), 0)
    assert choice.pick(*pick).only == otr.ClaimMission(3)
    assert choice.pick("mission", "none").only == otr.NoClaim()


def test_the_chasm_phase_lights_the_squares_next_to_a_same_colour_token() -> None:
    game = scenarios.chasm_phase()
    lit = lights(choice_of(game), game.view(0), 0)
    assert sorted(lit.squares) == sorted(a.square for a in game.legal_actions())  # type: ignore[attr-defined]
