"""The worked examples E1–E5 of ``rules/twisty-tracks.md`` §2.16."""

from __future__ import annotations

from tests.twistytracks.helpers import active, crashed, game_from, place, player, train


def e1_game(top: tuple[int, ...] = (), **stations):
    """A solo game whose stack starts with T01 then ``top``."""
    return game_from(player(top=(1, *top)), **stations)


def test_E1_town_roundabout_turn_1():
    game = e1_game()
    place(game, (1, 2), 0)
    assert train(game, 0, "red") == active(0, 2, 3, travel=1)
    assert train(game, 0, "blue") == active(2, 2, 6, travel=1)
    for colour in ("green", "yellow"):
        assert train(game, 0, colour)["state"] == "waiting_at_depot"
        assert train(game, 0, colour)["travel"] == 0
    assert game.scores() == [2]
    assert "seat 0: red +1 waits before (0,2); blue +1 waits before (2,2)" in game.log


def test_E2_avenue_with_two_u_turns_collides_at_rotation_0():
    game = game_from(player(top=(3,)))
    place(game, (1, 2), 0)
    for colour in ("red", "blue"):
        assert train(game, 0, colour) == crashed(round_no=1, travel=1)
    assert game.scores() == [2]
    assert "red and blue collide in (1,2)" in game.log[-2]


def test_E2_rotation_1_avoids_the_crash():
    game = game_from(player(top=(3,)))
    place(game, (1, 2), 1)
    assert train(game, 0, "red") == active(1, 1, 5)
    assert train(game, 0, "blue") == active(1, 1, 4)


def test_E3_frame_loop_to_station_SW():
    game = e1_game(top=(8,))
    place(game, (1, 2), 0)
    place(game, (0, 2), 0)
    red = train(game, 0, "red")
    assert red["state"] == "arrived" and red["station"] == "SW" and red["round"] == 2
    assert red["travel"] == 5  # 1 in turn 1, 4 in turn 2
    assert "seat 0: red +4 arrives at SW" in game.log


def test_E3b_reentering_an_earlier_tile():
    for rotation in range(4):  # any rotation of the grand crossing
        game = e1_game(top=(2,))
        place(game, (1, 2), 0)
        place(game, (0, 2), rotation)
        assert train(game, 0, "red") == active(1, 1, 5, travel=5)


def test_E4_two_trains_at_one_station_in_one_round():
    game = e1_game(top=(6, 5))
    place(game, (1, 2), 0)  # turn 1: E1
    place(game, (3, 2), 1)  # turn 2: T06 turned 90°
    assert train(game, 0, "green") == active(4, 2, 7, travel=1)
    assert train(game, 0, "yellow") == active(4, 2, 6, travel=1)
    place(game, (4, 2), 0)  # turn 3: T05
    green, yellow = train(game, 0, "green"), train(game, 0, "yellow")
    assert green["travel"] == 1 + 4 and yellow["travel"] == 1 + 2
    assert green["station"] == yellow["station"] == "SE"
    assert green["round"] == yellow["round"] == 3
    # both score SE's highest uncovered value, 5, and cover two spaces (here: stacked)
    assert game.position()["players"][0]["station_points"] == 10
    assert game.position()["stations"]["SE"]["spaces"][0] == [[0, "green"], [0, "yellow"]]


def test_E5_station_scoring_across_players():
    anna = player(  # after E4's turns 1 and 2, about to play T05 at (4,2)
        top=(5, 3, 9),
        tiles=[(1, 2, 1, 0), (3, 2, 6, 1)],
        red=active(0, 2, 3),
        blue=active(2, 2, 6),
        green=active(4, 2, 7),
        yellow=active(4, 2, 6),
    )
    # Every unfinished train stands where the track from its depot ends (R38).
    ben = player(
        top=(5,),
        tiles=[(1, 2, 4, 0), (2, 2, 2, 0), (3, 2, 7, 1)],
        red=active(4, 2, 6, travel=3),
        blue=crashed(2),
        green=crashed(2),
        yellow=crashed(3),
    )
    cleo = player(
        top=(3, 7, 5),
        tiles=[(1, 2, 1, 0), (2, 2, 2, 0), (3, 2, 8, 0)],
        red=active(0, 2, 3),
        blue=active(4, 2, 6, travel=3),
        green=crashed(2),
        yellow=crashed(2),
    )
    game = game_from(anna, ben, cleo, round_no=6)
    assert game.position()["stations"]["SE"]["spaces"] == [[], [], ["marked"]]
    place(game, (4, 2), 0)  # Anna: E4's turn 3
    place(game, (4, 2), 0)  # Ben: red enters SE in step 2
    place(game, (0, 2), 0)  # Cleo: red runs on, away from SE
    position = game.position()
    assert [p["station_points"] for p in position["players"]] == [10, 5, 0]
    assert position["stations"]["SE"]["spaces"] == [
        [[0, "green"]],
        [[0, "yellow"], [1, "red"]],  # the third token is stacked on the 3
        ["marked"],
    ]
    assert "seat 1's red train scores 5 at station SE" in game.log
    # rounds 7 and 8: Ben has passed; Cleo's blue reaches SE in round 8
    assert game.current_player == 0
    place(game, (2, 2), 0)  # Anna (T03): blue goes on to wait before (3,1)
    place(game, (1, 1), 0)  # Cleo (T07)
    place(game, (0, 2), 0)  # Anna (T09): red goes on to wait before (1,1)
    place(game, (4, 2), 0)  # Cleo (T05): blue 6 -> 5, into SE
    position = game.position()
    assert train(game, 2, "blue")["station"] == "SE"
    assert position["players"][2]["station_points"] == 0
    assert position["stations"]["SE"]["penalty"] == [[2, "blue"]]
    assert "seat 2's blue train scores 0 at station SE" in game.log


def test_27_13_the_examples_print_player_names_as_the_widget_shows_them():
    """The tutorial prints the log through ``game.named``: the names the widget uses."""
    from railwidgets import TwistyTracksWidget
    from railwidgets.twistytracks import scenarios

    game = scenarios.e5()
    for action in scenarios.E5_ROUND_6 + scenarios.E5_ROUNDS_7_8:
        game.apply(action)
    widget = TwistyTracksWidget(game=game.copy(), seats=["human"] * 3, animate=False)
    try:
        for line in [*game.log, *map(str, game.history)]:
            assert game.named(line) == widget.named(line)
            assert "seat" not in game.named(line), line
        assert "Winter's blue train scores 0 at station SE" in game.named(game.log[-2])
    finally:
        widget.close()
