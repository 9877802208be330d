"""Rule tests for our own design of the board, the setup and the turn (§2.2, §2.4, §3):
the rulings D-1, D-2, D-4, D-5, D-6, D-11, D-19, D-21 and C-1 that belong to no other file."""

from __future__ import annotations

import pathlib
import re

import pytest

from railwidgets import offtherails as otr
from railwidgets.offtherails import components
from railwidgets.offtherails.components import (
    COLOURS,
    GRID_SIZE,
    MINE_CENTRE,
    MINE_SQUARES,
    SIDE_COLOUR,
    SIDES,
    START_TRACKS,
)
from tests.offtherails.scenario import board_cart, cart, game, mission_row, ninety_tiles, square
from tests.offtherails.test_chasm import LOOP, _after_collapse, circling

REFERENCE = pathlib.Path(otr.__file__).with_name("reference.md")
Square = tuple[int, int]


def turned(sq: Square) -> Square:
    """The square a quarter turn clockwise round the middle of the board."""
    row, col = sq
    return (col, GRID_SIZE - 1 - row)


def test_d_1_the_grid_is_12_by_12() -> None:
    """D-1: tiles go on the 144 squares of a 12 × 12 grid, the four mine centres excepted."""
    g = game()
    squares = {a.square for a in g.legal_actions() if isinstance(a, otr.PlaceTile)}
    assert len(squares) == 12 * 12 - 4
    assert {(0, 0), (0, 11), (11, 0), (11, 11)} <= squares
    assert all(0 <= r < 12 and 0 <= c < 12 for r, c in squares)
    assert squares.isdisjoint(MINE_CENTRE)


def test_d_2_the_mines_are_the_reference_table() -> None:
    """D-2: the mine squares the game uses are the ones the reference's table prints."""
    rows = re.findall(r"^\| (Red|Yellow|Green|Blue) \|(.*)\|$", REFERENCE.read_text(), re.M)
    table = {
        name.lower(): tuple((int(r), int(c)) for r, c in re.findall(r"\((\d+),(\d+)\)", cells))
        for name, cells in rows
    }
    assert table == {colour: MINE_SQUARES[n] for n, colour in enumerate(COLOURS)}


def test_d_2_each_mine_is_the_one_before_turned_a_quarter_turn() -> None:
    """D-2: the board looks the same from every side: mines, their numbering and the
    starting tracks turn into each other by quarter turns."""
    for colour in range(4):
        after = (colour + 1) % 4
        assert turned(MINE_CENTRE[colour]) == MINE_CENTRE[after]
        assert tuple(map(turned, MINE_SQUARES[colour])) == MINE_SQUARES[after]
        assert {turned(sq) for sq in START_TRACKS[colour]} == set(START_TRACKS[after])


def test_d_2_squares_6_to_8_are_the_side_of_the_mine_towards_the_middle() -> None:
    """D-2: squares 6, 7 and 8, the richest (§2.9), are one whole side of their mine, the
    side nearer the middle of the board."""
    middle = (GRID_SIZE - 1) / 2
    for colour, centre in enumerate(MINE_CENTRE):
        rich = MINE_SQUARES[colour][5:]
        for axis in (0, 1):
            line = {sq[axis] for sq in rich}
            if len(line) == 1:  # the three share a row (or a column): one side of the mine
                (value,) = line
                assert abs(value - centre[axis]) == 1
                assert abs(value - middle) < abs(centre[axis] - middle)
                break
        else:
            pytest.fail(f"{COLOURS[colour]} squares 6-8 are not one side of the mine")


def test_d_2_north_is_red_east_yellow_south_green_west_blue() -> None:
    """D-2: each side has its colour, and each colour's mine lies in its side's half.

    The engine uses a side's number as its colour's number (components), so both are checked.
    """
    assert [COLOURS[side] for side in SIDES] == ["red", "yellow", "green", "blue"]
    assert dict(zip(SIDES, SIDES, strict=True)) == SIDE_COLOUR
    north, east, south, west = (MINE_CENTRE[side] for side in SIDES)
    half = GRID_SIZE / 2
    assert north[0] < half and east[1] >= half and south[0] >= half and west[1] < half


def test_d_4_the_surface_has_no_corner_places() -> None:
    """D-4: the surface is one place beside each edge square, 48 in all, and no corner:
    even with every surface place a starting track, no cart can come in at a corner."""
    corners = {(-1, -1), (-1, GRID_SIZE), (GRID_SIZE, -1), (GRID_SIZE, GRID_SIZE)}
    for side in SIDES:
        places = components.surface_positions(side)
        assert len(places) == GRID_SIZE and corners.isdisjoint(places)
    for side, seat_side in (("N", 0), ("E", 1), ("S", 2), ("W", 3)):
        g = game(players=4, start_tracks="all", turn__active=seat_side, turn__first_player=0)
        tracks = {a.track for a in g.legal_actions() if isinstance(a, otr.PlaceCart)}
        assert len(tracks) == GRID_SIZE, side
        assert corners.isdisjoint(tracks)
    # and the edge squares' outward neighbours are all surface places, never corners
    edge = [(r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE) if {r, c} & {0, 11}]
    out = {otr.board.neighbour(sq, side) for sq in edge for side in SIDES}
    assert corners.isdisjoint(out)


@pytest.mark.parametrize("chosen", ["N", "E", "S", "W"])
def test_d_5_a_clan_takes_the_colour_of_its_side(chosen: str) -> None:
    """D-5: each player's colour, name and carts are those of the side the player plays."""
    g = otr.Game(players=4, seed=7)
    g.apply(otr.ChooseSide(chosen))  # type: ignore[arg-type]
    p = g.position()
    colour_of = {"N": "red", "E": "yellow", "S": "green", "W": "blue"}
    for seat, side in enumerate(p["sides"]):
        assert g.player_name(seat) == colour_of[side].capitalize()
        assert {c["colour"] for c in p["carts"] if c["owner"] == seat} == {colour_of[side]}


def test_d_6_upgrades_use_up_no_tile_and_destroyed_tiles_never_come_back() -> None:
    """D-6: the 90 tiles are one pool of any mix; an upgrade swaps a tile and uses up
    nothing; a tile the chasm destroys stays out of the pool."""
    board = ninety_tiles({(5, 5): "NS"}, free=((7, 7), (8, 7)))
    for spare in [s for s, tile in board.items() if tile == "NESW"][:2]:
        del board[spare]  # 88 tiles on the board: two left in the supply
    g = game(tiles=board, tiles__used=88)
    g.apply(otr.PlaceTile((7, 7), "NE"))  # a corner and a straight from the same pool
    g.apply(otr.Upgrade((5, 5), "NES"))
    g.apply(otr.Upgrade((7, 7), "NES"))
    assert g.position()["tiles"] == {"used": 89, "destroyed": 0}
    g.apply(otr.PlaceTile((8, 7), "EW"))
    assert g.position()["tiles"]["used"] == 90
    g = _after_collapse(
        # the mines left free: the collapse opens a token on each (§2.10)
        tiles=ninety_tiles(
            LOOP | {(2, 4): "NS"}, free=tuple(sq for mine in components.MINE_SQUARES for sq in mine)
        ),
        tiles__used=90,
        carts=[circling(0)],
        chasm={(3, 4): "red"},
        chasm_supply={"red": 2, "yellow": 0, "green": 0, "blue": 0},
    )
    g.apply(otr.EndActions())
    g.apply(otr.PlaceChasm((2, 4)))  # the token swallows the tile
    assert g.position()["tiles"] == {"used": 90, "destroyed": 1}
    assert g.current_player == 1
    assert not [a for a in g.legal_actions() if isinstance(a, otr.PlaceTile)]


def test_d_11_a_random_first_player_and_turns_in_player_order() -> None:
    """D-11: the first player is drawn at random; the turns then follow the player numbers
    that also gave out the sides (§2.4.2)."""
    firsts = set()
    for seed in range(12):
        g = otr.Game(players=4, seed=seed)
        first = g.current_player
        firsts.add(first)
        g.apply(otr.ChooseSide("W"))
        sides = g.position()["sides"]
        order = []
        for _ in range(5):
            order.append(g.current_player)
            g.apply(otr.EndActions())
        assert order == [(first + k) % 4 for k in range(5)]
        assert [sides[seat] for seat in order[:2]] == ["W", "E"]  # player 1, then player 2
    assert firsts == {0, 1, 2, 3}


def test_d_19_a_cart_that_leaves_or_derails_can_be_placed_again() -> None:
    """D-19: a cart that leaves the mine, or derails, goes back to its owner's supply and
    may come in again on a later turn."""
    tiles = {(1, c): "EW" for c in range(9, 12)} | {(5, 5): "NS"}
    g = game(
        tiles=tiles,
        carts=[
            cart(0, "white", (1, 9), "E", "W", 5, {"ruby": 1}),
            cart(0, "black", (5, 5), "S", "N", 2, {"gold": 1}),
        ],
    )
    g.apply(otr.EndActions())
    g.apply(otr.ChooseCart("white"))  # white leaves the mine; black derails
    assert g.position()["stockpiles"][0] == {"ruby": 1}
    assert [board_cart(g, 0, name)["place"] for name in ("white", "black")] == ["supply"] * 2
    g.apply(otr.EndActions())  # seat 1's turn
    assert g.current_player == 0
    g.apply(otr.PlaceCart("white", (-1, 4)))
    g.apply(otr.PlaceCart("black", (-1, 7)))
    assert [board_cart(g, 0, name)["place"] for name in ("white", "black")] == ["board"] * 2


def test_d_21_a_cart_lost_to_the_chasm_is_gone_with_its_items() -> None:
    """D-21: the chasm removes a cart from the game with its load: it does not go back to
    the supply, its items do not go back to the bag, and it no longer scores 3 points
    (that it cannot be placed again: test_2_6_a3_cart_lost_to_chasm_cannot_return)."""
    g = game(
        tiles={(0, 4): "NS", (5, 5): "NS"},
        chasm={(2, 4): "red", (1, 4): "red"},  # a group that reaches the red mine (§2.10)
        carts=[
            cart(0, "white", (0, 4), "S", "N", 2, {"gold": 2}),
            cart(0, "black", (5, 5), "S", "N", 2, {"ruby": 1}),
        ],
    )
    bag = g.position()["bag"]
    g.apply(otr.EndActions())
    g.apply(otr.ChooseCart("white"))  # white falls into the chasm; black derails
    p = g.position()
    assert board_cart(g, 0, "white")["place"] == "gone"
    assert board_cart(g, 0, "black")["place"] == "supply"
    assert p["removed_by_chasm"] == {"gold": 2}
    assert p["bag"] == bag | {"ruby": bag.get("ruby", 0) + 1}  # only the derailed ruby
    assert g.scores() == [3, 6]  # one cart left for seat 0, two for seat 1


def test_c_1_the_mission_step_comes_after_movement_and_before_the_deposit() -> None:
    """C-1: actions, movement, the mission step, then the deposit: the card is turned up
    only once the claim is made, and then the next player's turn begins."""
    g = game(
        tiles={(1, c): "EW" for c in range(9, 12)},
        carts=[cart(0, "white", (1, 9), "E", "W", 4, {"diamond": 1})],
        missions=mission_row(3),
        deposit_deck=["red 8", "blue 1"],
    )
    g.apply(otr.EndActions())
    p = g.position()
    assert (p["turn"]["stage"], p["turn"]["met"]) == ("mission", [3])  # moved, then missions
    assert p["deposit_deck"][:2] == ["red 8", "blue 1"] and not square(g, (4, 4))["items"]
    g.apply(otr.ClaimMission(3))
    p = g.position()
    assert p["deposit_deck"][0] == "blue 1" and sum(square(g, (4, 4))["items"].values()) == 3
    assert p["turn"]["active"] == 1 and p["turn"]["stage"] == "actions"
