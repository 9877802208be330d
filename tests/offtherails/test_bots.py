"""The greedy bot and Game.from_view: bots play from a seat's view and nothing else."""

from __future__ import annotations

import random

import pytest

from railwidgets import offtherails as otr
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.bots import GreedyBot


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_bots_finish_games_and_bring_jewels_out(players: int) -> None:
    game = otr.Game(players=players, seed=20 + players)
    bots = [GreedyBot(seed=s) for s in range(players)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))  # type: ignore[index]
    if players == 1:
        assert game.solo_result() in ("big victory", "victory", "partial victory", "defeat")
    else:
        assert any(" exits at " in line for line in game.log)


def test_from_view_agrees_with_the_view_at_every_stage() -> None:
    rng = random.Random(3)
    seen_stages = set()
    for players in (1, 2, 4):
        game = otr.Game(players=players, seed=players)
        bot = GreedyBot(players)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            made = otr.Game.from_view(game.view(seat), seed=rng.randrange(100))
            assert made.view(seat) == game.view(seat)
            assert made.legal_actions() == game.legal_actions()
            seen_stages.add(game.position()["turn"]["stage"])
            game.apply(bot.choose(game))
    assert {"actions", "mission", "chasm"} <= seen_stages


def test_the_mover_picking_a_pile_gets_made_up_piles() -> None:
    game = scenarios.rear_end()
    game.apply(otr.EndActions())
    game.apply(otr.SplitLoad(("gold",), ("ruby", "emerald")))
    view = game.view(0)
    assert view["move"]["collision"]["piles"] is None
    made = otr.Game.from_view(view, seed=5)
    piles = made.position()["move"]["collision"]["piles"]
    assert sorted(sum(p.values()) for p in piles) == [1, 2]
    assert made.legal_actions() == game.legal_actions()


def test_the_bot_decides_the_same_whatever_the_hidden_deck_holds() -> None:
    """Two games that differ only in what seat 0 cannot see get the same decisions."""
    a = scenarios.build(players=3, items={(2, 4): {"ruby": 2}})
    b = scenarios.build(players=3, items={(2, 4): {"ruby": 2}})
    b["deposit_deck"] = list(reversed(b["deposit_deck"]))
    ga, gb = otr.Game.from_position(a), otr.Game.from_position(b)
    for _ in range(4):
        choice_a, choice_b = GreedyBot(seed=9).choose(ga), GreedyBot(seed=9).choose(gb)
        assert choice_a == choice_b
        ga.apply(choice_a)
        gb.apply(choice_b)
        if ga.current_player != 0:
            break


# -- the search bot's hooks: estimate, roll-out, shortlist -------------------------------------------


def _loaded(square: tuple[int, int]) -> otr.Game:
    """Seat 0's cart on a straight north–south track, nose north, with 7 points of jewels."""
    return scenarios.game(
        tiles={square: "NS"},
        carts=[scenarios.cart(0, "white", square, "N", "S", contents={"gold": 2, "ruby": 1})],
    )


def test_the_estimate_counts_a_load_most_when_the_cart_is_about_to_leave() -> None:
    from railwidgets.offtherails.bots import estimate

    near = _loaded((0, 4))  # one step from red's starting track (-1, 4)
    far = _loaded((6, 6))  # the middle of the board
    assert estimate(near)[0] > estimate(far)[0] > estimate(far)[1]
    # neither counts the load in full (it may still be lost), nor nothing
    scores = near.scores()[0]
    assert scores < estimate(near)[0] < scores + 7 + 5 + 4  # load, rubies, a mission
    empty = scenarios.game(
        tiles={(0, 4): "NS"}, carts=[scenarios.cart(0, "white", (0, 4), "N", "S")]
    )
    assert estimate(empty)[0] < estimate(far)[0]
    doomed = _loaded((0, 5))  # its nose points at the surface where there is no track
    assert estimate(doomed)[0] < estimate(far)[0]


def test_the_estimate_is_the_score_once_the_game_is_over() -> None:
    from railwidgets.offtherails.bots import estimate

    game = otr.Game(players=2, seed=5)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))  # type: ignore[index]
    assert estimate(game) == game.scores()


def test_a_roll_out_plays_through_the_rivals_turn_and_the_searching_seats_next_turn() -> None:
    from railwidgets.offtherails.bots import HORIZON_TURNS, rollout

    assert HORIZON_TURNS == 2
    game = otr.Game(players=2, seed=7)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    for _ in range(12):
        game.apply(bots[game.current_player].choose(game))  # type: ignore[index]
    state = game.position()["turn"]
    assert state["stage"] == "actions" and state["actions_used"] > 0
    played = game.copy()
    rollout(played, random.Random(1), 200)
    turn = played.position()["turn"]
    assert played.is_over or (  # this turn, the rival's, its own next: the rival is to begin
        turn["number"] == state["number"] + 3
        and turn["active"] != state["active"]
        and turn["stage"] == "actions"
        and turn["actions_used"] == 0
    )
    short = game.copy()
    rollout(short, random.Random(1), 0)  # the limit comes first
    assert short.position() == game.position()


def test_the_shortlist_weighs_the_greedy_move_and_the_moves_in_front_of_the_carts() -> None:
    from railwidgets.offtherails.bots import shortlist

    game = scenarios.game(
        tiles={(0, 4): "NS"},
        carts=[scenarios.cart(0, "white", (0, 4), "S", "N", speed=2)],
    )
    listed = shortlist(game, 12)
    assert listed[0] == GreedyBot(seed=0).choose(game)
    assert set(listed) <= set(game.legal_actions()) and len(set(listed)) == len(listed)
    assert otr.EndActions() in listed
    assert {otr.ChangeSpeed("white", 1), otr.ChangeSpeed("white", -1)} <= set(listed)
    ahead = {a.exits for a in listed if isinstance(a, otr.PlaceTile) and a.square == (1, 4)}
    assert ahead == {"NS", "NE", "NW"}  # every tile that joins the track in front of the cart


def test_29_2_a_cart_is_placed_only_with_the_actions_its_track_still_wants() -> None:
    """A cart starts at speed 3 (A3): placed with too few actions left to lay the track in
    front of it, it would run off that track on its first move and derail."""
    from railwidgets.offtherails.actions import EndActions, PlaceCart
    from railwidgets.offtherails.plan import Planner

    def planned(used: int, tiles: dict[tuple[int, int], str]) -> object:
        return Planner(scenarios.game(tiles=tiles, turn__actions_used=used), 0).next_action()

    assert isinstance(planned(0, {}), PlaceCart)  # then three tiles: all four actions
    assert planned(1, {}) == EndActions()  # two actions would leave it one tile short
    assert isinstance(planned(1, {(0, 4): "NS"}), PlaceCart)  # two tiles to lay: enough
    assert isinstance(planned(1, {(0, 4): "NS", (1, 4): "NS", (2, 4): "NS"}), PlaceCart)


def test_29_2_no_new_cart_after_the_collapse() -> None:
    """After the collapse a new cart could bring out only what is left while the chasm opens
    round it; in supply it keeps its 3 points (§2.13)."""
    from railwidgets.offtherails.actions import PlaceCart
    from railwidgets.offtherails.plan import Planner

    p = scenarios.build(
        chasm={(2, 2): "red", (2, 9): "yellow", (9, 9): "green", (9, 2): "blue"},
        chasm_deck={"cards": [], "tokens": False},
        chasm_supply={"red": 4, "yellow": 4, "green": 4, "blue": 4},
        final_round={"turns_left": 0, "collapsed": True, "drawn_token": None},
    )
    p["deposit_deck"] = p["deposit_deck"][-4:]
    collapsed = otr.Game.from_position(p, seed=1)
    assert any(isinstance(a, PlaceCart) for a in collapsed.legal_actions())
    assert not isinstance(Planner(collapsed, 0).next_action(), PlaceCart)


def test_29_2_the_estimate_takes_a_cart_on_a_starting_track_after_the_collapse() -> None:
    """A cart bumped on its first step stays on its starting track, off the grid (D-20):
    the estimate, which looks for chasm tokens round a cart, must not look off the board."""
    from railwidgets.offtherails.bots import estimate

    p = scenarios.build(
        chasm={(2, 2): "red", (2, 9): "yellow", (9, 9): "green", (9, 2): "blue"},
        chasm_deck={"cards": [], "tokens": False},
        chasm_supply={"red": 4, "yellow": 4, "green": 4, "blue": 4},
        final_round={"turns_left": 0, "collapsed": True, "drawn_token": None},
        carts=[scenarios.cart(1, "white", (12, 7), "S", "N")],  # green's track, nose outward
    )
    p["deposit_deck"] = p["deposit_deck"][-4:]
    game = otr.Game.from_position(p, seed=1)
    assert estimate(game)[1] >= game.scores()[1] - 3


def test_29_2_a_route_turns_off_laid_track_by_an_upgrade() -> None:
    """The rich deposit lies beside the straight track the cart runs on: the route
    upgrades that straight to a T (A2) and lays one tile (A1), rather than going round."""
    from railwidgets.offtherails.actions import PlaceTile, Upgrade
    from railwidgets.offtherails.plan import Planner

    game = scenarios.game(
        tiles={(0, 4): "NS", (1, 4): "NS", (2, 4): "NS"},
        items={(2, 3): {"diamond": 2}},
        carts=[scenarios.cart(0, "white", (1, 4), "S", "N", speed=3)],
    )
    planner = Planner(game, 0)
    route = planner.route(planner.carts[0])
    assert route is not None and not route.leaves
    assert [leg.build for leg in route.legs] == [Upgrade((2, 4), "NSW"), PlaceTile((2, 3), "NE")]
    assert planner.next_action() == Upgrade((2, 4), "NSW")


def test_29_2_in_the_middle_of_a_move_the_cart_takes_the_way_with_laid_track() -> None:
    """Two steps left at a junction: south leads towards a rich deposit whose square has no
    tile yet, east runs on laid track. No action can lay a tile in the middle of a move, so
    south would derail the cart (§2.7.6): it goes east."""
    from railwidgets.offtherails.actions import ChooseExit
    from railwidgets.offtherails.plan import Planner

    game = scenarios.game(
        tiles={(0, 4): "NS", (1, 4): "NS", (2, 4): "NES", (2, 5): "EW", (2, 6): "EW", (3, 4): "NS"},
        items={(4, 4): {"diamond": 2, "gold": 1}},
        carts=[scenarios.cart(0, "white", (0, 4), "S", "N", speed=4)],
    )
    game.apply(otr.EndActions())
    assert set(game.legal_actions()) == {ChooseExit("E"), ChooseExit("S")}
    planner = Planner(game, 0)
    south = planner.route(game._state.carts[0], [((2, 4), 2)])
    east = planner.route(game._state.carts[0], [((2, 4), 1)])
    assert south is not None and east is not None and south.worth > east.worth
    assert planner.steer(game.legal_actions()) == ChooseExit("E")
    assert GreedyBot(seed=0).choose(game) == ChooseExit("E")


def test_29_2_an_empty_cart_derails_before_a_loaded_one_when_actions_run_short() -> None:
    """Both carts run at 3 with one tile each missing and one action left: the plan lays the
    loaded cart's tile (an empty cart that derails loses nothing but its way back, §2.7.6)."""
    from railwidgets.offtherails.actions import ChangeSpeed, PlaceTile
    from railwidgets.offtherails.plan import Planner

    game = scenarios.game(
        tiles={(r, c): "EW" for r in (5, 7) for c in range(3)},
        carts=[
            scenarios.cart(0, "white", (5, 0), "E", "W", speed=3),
            scenarios.cart(0, "black", (7, 0), "E", "W", speed=3, contents={"gold": 2}),
        ],
        turn__actions_used=3,
    )
    action = Planner(game, 0).next_action()
    assert action == ChangeSpeed("black", -1) or (
        isinstance(action, PlaceTile) and action.square == (7, 3)
    ), action
