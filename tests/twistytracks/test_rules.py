"""Rule tests for Twisty Tracks, named after the rule numbers of ``rules/twisty-tracks.md``."""

from __future__ import annotations

import json
import random

import pytest

from railwidgets.core import IllegalActionError, RandomBot, RecordError, play_out
from railwidgets.twistytracks import Game, PlaceTile, action_from_dict
from railwidgets.twistytracks.board import ACTIVE, CRASHED, Board, Train, spot_of
from railwidgets.twistytracks.components import (
    STATION_VALUES,
    TILES,
    marked_spaces,
    rotated_segments,
)
from tests.conformance import snapshot
from tests.twistytracks.helpers import (
    active,
    arrived,
    crashed,
    depot,
    game_from,
    place,
    player,
    train,
)

# -- components and setup (§2.2–§2.6) ----------------------------------------------------------


def test_2_4_R18_the_tile_set():
    kinds = set()
    for tile in TILES:
        ports = sorted(p for segment in tile.segments for p in segment)
        assert ports == list(range(8)), f"{tile.id} uses every port once (R5)"
        shapes = {rotated_segments(tile.number, r) for r in range(4)}
        kinds.add(min(shapes))
        assert not {(0, 1), (2, 3), (4, 5), (6, 7)} <= set(rotated_segments(tile.number, 0))
    assert len(kinds) == 15, "all 15 tiles are distinct under rotation"
    u_turns = sum(s in {(0, 1), (2, 3), (4, 5), (6, 7)} for t in TILES for s in t.segments)
    assert u_turns == 9


def test_2_6_R22_each_player_shuffles_a_stack_of_the_15_tiles():
    game = Game(players=4, seed=11)
    stacks = [entry["stack"] for entry in game.position()["players"]]
    assert all(sorted(stack) == list(range(1, 16)) for stack in stacks)
    assert len({tuple(stack) for stack in stacks}) == 4
    assert Game(players=4, seed=11).position() == game.position()
    assert Game(players=4, seed=12).position() != game.position()


def test_2_6_R22_chance_comes_from_the_game_own_generator_only():
    before = random.getstate()
    game = Game(players=3, seed=5)
    play_out(game, RandomBot(1))
    assert random.getstate() == before, "the global random is never used"
    again = Game(players=3, seed=5)
    for action in game.history:
        again.apply(action)
    assert again.to_json() == game.to_json() and again.log == game.log


def test_2_6_R23_trains_start_on_their_starting_tracks():
    trains = Game(players=1, seed=1).position()["players"][0]["trains"]
    assert trains == {c: depot(c) for c in ("red", "blue", "green", "yellow")}
    assert [trains[c]["at"] for c in trains] == [[1, 2, 5], [1, 2, 4], [3, 2, 5], [3, 2, 4]]


def _marked(players: int) -> set[tuple[str, int]]:
    stations = Game(players=players, seed=1).position()["stations"]
    return {
        (name, index)
        for name, column in stations.items()
        for index, tokens in enumerate(column["spaces"])
        if tokens == ["marked"]
    }


def test_2_5_R20_marked_spaces_3_players():
    assert _marked(3) == {("W", 2), ("E", 2), ("SW", 2), ("SE", 2)}


def test_2_5_R20_marked_spaces_2_players():
    assert _marked(2) == _marked(3) | {("NW", 2), ("NE", 2), ("SW", 1), ("SE", 1)}


def test_2_5_R20_marked_spaces_1_player():
    assert _marked(1) == _marked(2) | {("N", 2), ("N", 1), ("W", 1), ("E", 1)}
    assert len(_marked(1)) == 12


def test_2_5_R20_no_marked_spaces_for_4_players():
    assert _marked(4) == set()
    assert all(
        len(c["spaces"]) == 3 for c in Game(players=4, seed=1).position()["stations"].values()
    )


def test_2_14_R55_doubled_board_for_5_to_8_players():
    stations = Game(players=6, seed=1).position()["stations"]
    assert all(len(column["spaces"]) == 6 for column in stations.values())
    assert _marked(8) == set()
    assert _marked(7) == {("W", 5), ("E", 5), ("SW", 5), ("SE", 5)}
    assert _marked(6) == _marked(7) | {("NW", 5), ("NE", 5), ("SW", 3), ("SE", 3)}
    assert _marked(5) == _marked(6) | {("N", 5), ("N", 3), ("W", 3), ("E", 3)}
    assert marked_spaces(5)[:4] == marked_spaces(7)


# -- placing (§2.8) ------------------------------------------------------------------------------


def test_2_8_R29_legal_cells_are_those_in_front_of_a_waiting_train():
    game = game_from(player(top=(1, 4)))
    actions = game.legal_actions()
    assert actions == [PlaceTile(0, 1, cell, r) for cell in ((1, 2), (3, 2)) for r in range(4)]
    place(game, (1, 2), 0)  # E1: red and blue wait before (0,2) and (2,2)
    assert sorted({a.cell for a in game.legal_actions()}) == [(0, 2), (2, 2), (3, 2)]
    assert {a.tile for a in game.legal_actions()} == {4}


# -- movement (§2.9), travel points (§2.10), collisions (§2.11) --------------------------------------


def _e4_after_turn_2(top: tuple[int, ...], scoring: str = "full") -> Game:
    """Green and yellow wait before (4,2) at ports 7 and 6 (E4 after turn 2)."""
    return game_from(
        player(
            top=top,
            tiles=[(1, 2, 1, 0), (3, 2, 6, 1)],
            red=active(0, 2, 3),
            blue=active(2, 2, 6),
            green=active(4, 2, 7),
            yellow=active(4, 2, 6),
        ),
        scoring=scoring,
        round_no=3,
    )


def test_2_9_R38_lockstep_movement():
    # T03 at (4,2): step 1 green 7->2 and yellow 6->3 on parallel straights; step 2 both
    # enter loop L6 from its two ends at once: a head-on collision on the loop, 1 + 2 each.
    # (Moving one train after the other would have sent green round the loop and on.)
    game = _e4_after_turn_2(top=(3,))
    place(game, (4, 2), 0)
    assert train(game, 0, "green") == crashed(round_no=3, travel=3)
    assert train(game, 0, "yellow") == crashed(round_no=3, travel=3)
    assert "seat 0: green +2 crashed; yellow +2 crashed; green and yellow collide on loop L6" in (
        game.log
    )
    # trains not facing the new tile wait where they were
    assert train(game, 0, "red") == active(0, 2, 3)


def test_2_9_R33_a_train_keeps_stepping_until_it_stops():
    game = _e4_after_turn_2(top=(5,))  # E4's turn 3: green 4 steps, yellow 2, in lock-step
    place(game, (4, 2), 0)
    assert train(game, 0, "green") == arrived("SE", round_no=3, travel=5)
    assert train(game, 0, "yellow") == arrived("SE", round_no=3, travel=3)


def test_2_3_R15_frame_loop_L7_between_the_depots():
    # After E1 blue waits before (2,2) at port 6. T11 there: 6->4, loop L7 4->5, 5->7,
    # then (1,2) 2->1 on the turn-1 tile, and it waits before (1,1): +4, the loop worth 2.
    game = game_from(player(top=(1, 11)))
    place(game, (1, 2), 0)
    place(game, (2, 2), 0)
    assert train(game, 0, "blue") == active(1, 1, 4, travel=5)


def test_2_9_R36_a_train_waits_at_unfinished_track():
    game = game_from(player(top=(1,)))
    place(game, (1, 2), 0)
    assert train(game, 0, "red") == active(0, 2, 3)
    assert train(game, 0, "green") == depot("green")


def test_2_11_R42_collision_removes_both_trains_and_keeps_their_points():
    game = game_from(player(top=(3,)), player(top=(3,)))
    place(game, (1, 2), 0)  # seat 0: red and blue collide on the U-turn (E2)
    place(game, (1, 2), 1)  # seat 1: the same tile turned, no collision
    assert game.scores() == [2, 2]
    assert train(game, 0, "red")["state"] == train(game, 0, "blue")["state"] == "crashed"
    assert train(game, 1, "red")["state"] == "active"  # R44: boards never interact


def test_2_11_R43_trains_crossing_on_a_bridge_do_not_collide():
    game = game_from(player(top=(7,)))
    place(game, (1, 2), 0)  # T07: red 5->1 and blue 4->0 cross each other
    assert train(game, 0, "red") == active(1, 1, 4)
    assert train(game, 0, "blue") == active(1, 1, 5)


def test_2_15_R56_a_train_entering_a_starting_track_is_a_dead_end():
    # Defensive only (I4): no train from a depot gets there, so no position can show it
    # and the movement is tried on a board. Red faces (1,2) from the north, blue is
    # gone, so the track 0 -> 4 of T07 leads red into blue's starting track.
    board = Board.new((7,))
    board.trains[0] = Train(ACTIVE, spot_of((1, 2), 0), 3)
    board.trains[1] = Train(CRASHED, -1, 1, None, 1)
    board.place(7, (1, 2), 0)
    board.move_trains(round_no=1)
    red = board.view_trains()[0]
    assert red.status == "dead_end" and red.travel == 5
    with pytest.raises(RecordError, match=r"trains\.red: the track from its depot ends at"):
        game_from(player(top=(7,), red=active(1, 2, 0, travel=3), blue=crashed()))


# -- stations (§2.12) -----------------------------------------------------------------------------------


def test_2_12_R46_more_arrivals_than_spaces():
    # Solo: SW is 5 / [3 marked] / [1 marked]. T09 at (1,2) brings red to port 3 and
    # blue to port 2 of (0,2). T06 turned 90° at (0,2) takes red (port 3)
    # and blue (port 2) into SW in the same step, by its two ports (R16): no collision.
    game = game_from(
        player(top=(6,), tiles=[(1, 2, 9, 0)], red=active(0, 2, 3), blue=active(0, 2, 2))
    )
    place(game, (0, 2), 1)
    assert train(game, 0, "red") == arrived("SW", round_no=1, travel=3)
    assert train(game, 0, "blue") == arrived("SW", round_no=1, travel=3)
    position = game.position()
    assert position["players"][0]["station_points"] == 10  # both score 5 (R47)
    # R48: the tokens in train order, the second stacked on the last space covered
    assert position["stations"]["SW"]["spaces"] == [
        [[0, "red"], [0, "blue"]],
        ["marked"],
        ["marked"],
    ]


def test_2_12_R46_station_full_before_the_round_scores_nothing():
    sw_full = {"spaces": [[[0, "green"]], ["marked"], ["marked"]], "penalty": []}
    game = game_from(
        player(
            top=(8,),
            tiles=[(1, 2, 1, 0)],
            red=active(0, 2, 3),
            blue=crashed(),
            green=arrived("SW"),
            station_points=5,
        ),
        SW=sw_full,
        round_no=2,
    )
    place(game, (0, 2), 0)  # E3: red arrives at SW
    position = game.position()
    assert position["players"][0]["station_points"] == 5
    assert position["stations"]["SW"]["penalty"] == [[0, "red"]]
    assert position["stations"]["SW"]["spaces"] == sw_full["spaces"]


def test_2_12_R45_stations_score_at_the_end_of_the_round_for_everybody():
    game = game_from(
        player(top=(6,), tiles=[(1, 2, 9, 0)], red=active(0, 2, 3), blue=active(0, 2, 2)),
        player(top=(6,), tiles=[(1, 2, 9, 0)], red=active(0, 2, 3), blue=active(0, 2, 2)),
    )
    # 2 players: SW is 5 / [3 marked] / [1 marked]
    place(game, (0, 2), 1)
    assert game.scores() == [2, 2]  # nothing is revealed or scored before all have placed
    place(game, (0, 2), 1)
    assert game.scores() == [6 + 10, 6 + 10]  # all four arrived this round: all score 5
    tokens = game.position()["stations"]["SW"]["spaces"][0]
    assert tokens == [[0, "red"], [0, "blue"], [1, "red"], [1, "blue"]]


# -- passing, the end, the winner (§2.13) ----------------------------------------------------------------


def _finished(travel: tuple[int, ...], tiles: list[tuple[int, int, int, int]]) -> dict:
    trains = dict(
        zip(("red", "blue", "green", "yellow"), (crashed(1, t) for t in travel), strict=True)
    )
    return player(tiles=tiles, **trains)


def test_2_13_R50_a_player_who_has_passed_takes_no_turn():
    game = game_from(_finished((1, 1, 1, 1), [(1, 2, 3, 0), (3, 2, 9, 2)]), player(top=(1,)))
    assert game.current_player == 1
    assert {a.seat for a in game.legal_actions()} == {1}
    with pytest.raises(IllegalActionError, match=r"R50: seat 0 has passed"):
        game.apply(PlaceTile(0, 1, (1, 1), 0))


def test_2_13_R50_the_game_ends_when_no_train_is_left_to_move():
    game = game_from(
        player(
            top=(8,),
            tiles=[(1, 2, 1, 0)],
            red=active(0, 2, 3),
            blue=crashed(),
            green=crashed(),
            yellow=crashed(),
        )
    )
    assert not game.is_over
    place(game, (0, 2), 0)  # E3: red arrives at SW, the last train
    assert game.is_over and game.current_player is None and game.legal_actions() == []
    assert game.winners() == [0]
    assert game.log[-1].startswith("the game is over")


def test_2_13_R51_most_points_wins():
    game = game_from(
        _finished((1, 1, 1, 2), [(1, 2, 3, 0)]), _finished((1, 1, 1, 1), [(1, 2, 3, 0)])
    )
    assert game.is_over and game.scores() == [5, 4] and game.winners() == [0]


def test_2_13_R51_tie_break_1_more_tiles_placed():
    """The rulebook names no tie-break; this one comes from a retail listing (SOURCE 1)."""
    game = game_from(
        _finished((1, 1, 1, 1), [(1, 2, 3, 0), (3, 2, 9, 2)]),
        _finished((1, 1, 1, 1), [(1, 2, 3, 0), (3, 2, 4, 0), (2, 1, 5, 0)]),
        _finished((1, 1, 1, 1), [(1, 2, 3, 0)]),
    )
    assert game.scores() == [4, 4, 4]
    assert game.winners() == [1]


def test_2_13_R51_tie_break_2_shared_win():
    game = game_from(
        _finished((1, 1, 1, 1), [(1, 2, 3, 0), (3, 2, 9, 2)]),
        _finished((1, 1, 1, 1), [(1, 2, 3, 0), (3, 2, 4, 0)]),
        _finished((1, 1, 1, 1), [(1, 2, 3, 0)]),
    )
    assert game.winners() == [0, 1]


# -- variants (§2.14) -------------------------------------------------------------------------------------


def test_2_14_R52_stations_only():
    game = _e4_after_turn_2(top=(5,), scoring="stations_only")
    place(game, (4, 2), 0)
    assert game.scores() == [10]  # two arrivals at SE, no travel points
    assert "seat 0: green 4 border(s) arrives at SE; yellow 2 border(s) arrives at SE" in game.log


def test_2_14_R53_travel_only():
    game = _e4_after_turn_2(top=(5,), scoring="travel_only")
    place(game, (4, 2), 0)
    assert game.scores() == [1 + 1 + 5 + 3]
    assert game.position()["stations"]["SE"] == {
        "spaces": [[], ["marked"], ["marked"]],
        "penalty": [],
    }


def test_2_14_scoring_option_is_checked():
    with pytest.raises(ValueError, match="option 'scoring' must be one of"):
        Game(players=2, seed=1, scoring="stations")


# -- the defensive rule R31 --------------------------------------------------------------------------------


def test_2_8_R31_no_placement_ends_the_trains():
    # Defensive only (I5): with the real data a seat always has a tile and a cell.
    # Modified data: seat 1's stack holds only the tile it plays this round.
    game = game_from(player(top=(1,)), player(top=(1,)))
    game._state.boards[1].stack = (1,)
    place(game, (1, 2), 0)
    place(game, (1, 2), 0)
    assert "§2.8 R31: seat 1 cannot place a tile; red, blue, green, yellow end as crashed" in (
        game.log
    )
    assert {t["state"] for t in game.position()["players"][1]["trains"].values()} == {"crashed"}
    assert game.current_player == 0 and game.scores() == [2, 2]
    board = Board.new(())
    assert board.playing and board.crash_unfinished(4) == [0, 1, 2, 3]
    assert not board.playing and {t.round for t in board.trains} == {4}


# -- bad input: refused with the rule, nothing changed -------------------------------------------------------


@pytest.fixture
def two_players() -> Game:
    last_train = player(
        top=(8,),
        tiles=[(1, 2, 1, 0)],
        red=active(0, 2, 3),
        blue=crashed(),
        green=crashed(),
        yellow=crashed(),
    )
    game = game_from(player(top=(1, 2)), last_train)
    place(game, (1, 2), 0)
    place(game, (0, 2), 0)  # E3: seat 1's last train arrives at SW: seat 1 passes
    return game  # round 2, seat 0 to place T02; (1,2) is filled


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (PlaceTile(0, 2, (1, 2), 0), r"§2.8 R28: \(1,2\) already holds T01"),
        (PlaceTile(0, 2, (4, 0), 0), r"§2.8 R29: no train of seat 0 waits in front of \(4,0\)"),
        (PlaceTile(0, 2, (0, 2), 4), r"§2.4 R6: a tile turns 0–3 quarter turns"),
        (PlaceTile(0, 2, (0, 2), -1), r"§2.4 R6"),
        (PlaceTile(1, 2, (3, 2), 0), r"§2.13 R50: seat 1 has passed"),
        (PlaceTile(0, 5, (0, 2), 0), r"§2.7 R26: seat 0 drew T02 this round, not T05"),
        (PlaceTile(0, 2, (5, 2), 0), r"§2.1 R1: \(5, 2\) is not a cell"),
        (PlaceTile(2, 2, (0, 2), 0), r"§2.7 R25: the players are seats 0–1, not 2"),
        (PlaceTile(0, 2, "a1", 0), r"malformed.*not a list"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_refused_and_changes_nothing(two_players, action, message):
    game = two_players
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=message):
        game.apply(action)
    assert snapshot(game) == before


def test_bad_input_placing_twice_in_one_round():
    game = game_from(player(top=(1,)), player(top=(1,)))
    first = place(game, (1, 2), 0)
    before = snapshot(game)
    with pytest.raises(
        IllegalActionError, match=r"§2.7 R25: seat 0 has already placed its tile in round 1"
    ):
        game.apply(first)
    assert snapshot(game) == before
    with pytest.raises(IllegalActionError, match=r"§2\.7 R25"):  # nor out of turn
        Game(players=3, seed=1).apply(PlaceTile(2, 1, (1, 2), 0))


# -- hidden placements, positions, records, text ------------------------------------------------------------


def test_2_7_R25_placements_stay_hidden_until_all_have_placed():
    game = game_from(player(top=(1,)), player(top=(3,)), player(top=(7,)))
    place(game, (1, 2), 0)
    seat_0 = game.view(0)["players"]
    seat_1 = game.view(1)["players"]
    assert seat_0[0]["placement"] == [1, 2, 0] and seat_0[0]["placed"]
    assert seat_1[0]["placement"] is None and seat_1[0]["placed"]
    assert seat_1[1]["drawn"] == 3 and seat_1[0]["drawn"] is None and seat_1[2]["drawn"] is None
    assert all("stack" not in entry for entry in seat_1)
    assert all(entry["tiles_left"] == 15 for entry in seat_1)
    assert seat_1[0]["tiles"] == [] and game.scores() == [0, 0, 0]
    assert not any("(1,2)" in line for line in game.log)  # nothing revealed before the end
    assert "has placed this round (hidden)" in str(game)


def test_position_with_a_secret_placement_round_trips():
    game = game_from(player(top=(1,)), player(top=(3,)))
    place(game, (3, 2), 2)
    position = game.position()
    assert position["players"][0]["placement"] == [3, 2, 2]
    loaded = Game.from_position(position)
    assert loaded.position() == position and loaded.current_player == 1
    place(loaded, (1, 2), 0)
    assert loaded.position()["players"][0]["tiles"] == [[3, 2, 1, 2]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda p: p["players"][0]["trains"].pop("red"),
            r"players\[0\]\.trains: the key 'red' is missing",
        ),
        (
            lambda p: p["players"][0].update(stack=[1, 1, 2]),
            r"players\[0\]: the stack and the placed tiles",
        ),
        (
            lambda p: p["players"][0]["trains"].update(red=active(1, 2, 9)),
            r"at\[2\] \(port\): must be 0–7",
        ),
        (
            lambda p: p["players"][0]["trains"].update(red=active(2, 2, 6), blue=active(1, 2, 3)),
            r"players\[0\]\.trains\.red: the track from its depot ends at \(1,2\) port 5",
        ),
        (lambda p: p["players"][0].update(placement=[0, 0, 1]), r"no train waits in front"),
        (
            lambda p: p["stations"]["SE"]["spaces"].append([]),
            r"stations\.SE\.spaces: must have 3 items",
        ),
        (lambda p: p["stations"]["SE"]["spaces"][0].append([0, "red"]), r"has not arrived at SE"),
        (lambda p: p.update(round="3"), r"round: must be a whole number"),
        (lambda p: p.update(surprise=1), r"unexpected key"),
    ],
)
def test_bad_positions_name_the_problem(change, message):
    position = json.loads(json.dumps(Game(players=2, seed=4).position()))
    change(position)
    with pytest.raises(RecordError, match=message):
        Game.from_position(position)


def test_actions_read_back_and_read_well():
    action = PlaceTile(seat=1, tile=7, cell=(2, 1), rotation=1)
    assert str(action) == "seat 1 places T07 at (2,1) turned 90°"
    assert action_from_dict(action.to_dict()) == action
    with pytest.raises(ValueError, match="rotation"):
        action_from_dict({"type": "place", "seat": 1, "tile": 7, "cell": [2, 1], "rotation": "1"})


def test_text_shows_tiles_segments_trains_and_stations():
    game = game_from(player(top=(1,)))
    place(game, (1, 2), 0)
    text = str(game)
    assert "T01 0°" in text and "07 12 34 56" in text  # the tile and its segments
    assert "r3" in text and "b6" in text  # red and blue wait at ports 3 and 6
    assert "red waits before (0,2) port 3, travel 1" in text
    assert "SE  5: - | 3: marked | 1: marked | penalty: -" in text
    assert STATION_VALUES["NW"] == (12, 8, 4)


# -- more rules, each at work in a position that can happen -----------------------------------------


def test_2_9_R37_trains_move_from_two_sides_of_the_new_tile():
    # E1, then T04 at (3,2): yellow 4->7 waits before (2,2) from the east, blue from the west.
    game = game_from(player(top=(1, 4, 2)))
    place(game, (1, 2), 0)
    place(game, (3, 2), 0)
    assert train(game, 0, "blue") == active(2, 2, 6) and train(game, 0, "yellow") == active(2, 2, 2)
    # T02 at (2,2): both move in the same turn, cross on its bridge (R43), and run on
    # through tiles placed before (R33): blue 6->3 then (3,2) 6->1; yellow 2->7 then (1,2) 2->1.
    place(game, (2, 2), 0)
    assert train(game, 0, "blue") == active(3, 1, 4, travel=3)
    assert train(game, 0, "yellow") == active(1, 1, 4, travel=3)
    assert train(game, 0, "red") == active(0, 2, 3) and train(game, 0, "green") == active(4, 2, 7)


def _e4_turn_3_and_simple_turns(players: int, e4_seats: tuple[int, ...], **stations) -> Game:
    """Seats in ``e4_seats`` are at E4's turn 3 (T05 to play); the others play T01 first."""
    entries = [
        player(
            top=(5,),
            tiles=[(1, 2, 1, 0), (3, 2, 6, 1)],
            red=active(0, 2, 3),
            blue=active(2, 2, 6),
            green=active(4, 2, 7),
            yellow=active(4, 2, 6),
        )
        if seat in e4_seats
        else player(top=(1,))
        for seat in range(players)
    ]
    return game_from(*entries, round_no=3, **stations)


def _play_round(game: Game, e4_seats: tuple[int, ...]) -> None:
    for seat in range(game.num_players):
        place(game, (4, 2) if seat in e4_seats else (1, 2), 0)


def test_2_12_R47_two_of_your_trains_score_the_same_and_cover_two_spaces():
    game = _e4_turn_3_and_simple_turns(4, (0,))  # 4 players: SE is 5 / 3 / 1
    _play_round(game, (0,))
    assert game.position()["players"][0]["station_points"] == 5 + 5
    assert game.position()["stations"]["SE"]["spaces"] == [[[0, "green"]], [[0, "yellow"]], []]


def test_2_12_R49_a_station_never_blocks_later_trains_score_what_is_left():
    # Seat 1's red reached SE in round 2: green and yellow now score 3 and cover 3 and 1.
    se = {"spaces": [[[1, "red"]], [], []], "penalty": []}
    game = game_from(
        _e4_turn_3_and_simple_turns(1, (0,)).position()["players"][0],
        player(
            top=(1,),
            red=arrived("SE", round_no=2, travel=4),
            blue=crashed(2),
            green=crashed(2),
            yellow=crashed(2),
        ),
        player(top=(1,)),
        player(top=(1,)),
        round_no=3,
        SE=se,
    )
    place(game, (4, 2), 0)  # seat 0
    place(game, (1, 2), 0)  # seat 2 (seat 1 has passed)
    place(game, (1, 2), 0)  # seat 3
    assert game.position()["players"][0]["station_points"] == 3 + 3
    assert game.position()["stations"]["SE"]["spaces"] == [
        [[1, "red"]],
        [[0, "green"]],
        [[0, "yellow"]],
    ]


def test_2_14_R55_doubled_board_scores_round_a_marked_space():
    # 5 players: SE is 5, 5, 3, [3 marked], 1, [1 marked]. Seats 0 and 1 each bring two
    # trains in one round: all four score 5; the tokens skip the marked space.
    game = _e4_turn_3_and_simple_turns(5, (0, 1))
    assert game.position()["stations"]["SE"]["spaces"] == [[], [], [], ["marked"], [], ["marked"]]
    _play_round(game, (0, 1))
    position = game.position()
    assert [p["station_points"] for p in position["players"][:3]] == [10, 10, 0]
    assert position["stations"]["SE"]["spaces"] == [
        [[0, "green"]],
        [[0, "yellow"]],
        [[1, "green"]],
        ["marked"],
        [[1, "yellow"]],
        ["marked"],
    ]


def test_2_5_R21_scores_start_at_0():
    assert Game(players=4, seed=2).scores() == [0, 0, 0, 0]


# -- rules that had no test of their own (issue 13) -------------------------------------------------


def test_2_9_R35_a_tile_u_turn_brings_a_train_back_into_a_tile_without_a_crash():
    # T05 turned 270° at (1,2) sent red 5->0 (it waits before (1,1)) and blue 4->3.
    # T03 at (1,1): red 5->4 on its U-turn, back into (1,2) at port 1, there 1->2 on
    # another segment, and it waits before (2,2) beside blue: +2, nobody crashes.
    game = game_from(
        player(top=(3,), tiles=[(1, 2, 5, 3)], red=active(1, 1, 5), blue=active(2, 2, 6)),
        round_no=2,
    )
    place(game, (1, 1), 0)
    assert train(game, 0, "red") == active(2, 2, 7, travel=3)
    assert train(game, 0, "blue") == active(2, 2, 6)
    assert "seat 0: red +2 waits before (2,2)" in game.log


def test_2_11_R42_a_collision_on_a_frame_loop():
    # Round 5: green and yellow wait before (0,2) at ports 2 and 3. T02 turned 90° there
    # takes both to its west edge: they enter loop L4 from its two ends in the same step.
    game = game_from(
        player(
            top=(2,),
            tiles=[(1, 1, 12, 2), (1, 2, 15, 2), (2, 2, 10, 0), (3, 2, 9, 0)],
            red=crashed(2),
            blue=crashed(2),
            green=active(0, 2, 2, travel=3),
            yellow=active(0, 2, 3, travel=5),
        ),
        round_no=5,
    )
    place(game, (0, 2), 1)
    assert train(game, 0, "green") == crashed(round_no=5, travel=5)
    assert train(game, 0, "yellow") == crashed(round_no=5, travel=7)
    assert "seat 0: green +2 crashed; yellow +2 crashed; green and yellow collide on loop L4" in (
        game.log
    )
    assert game.is_over and game.scores() == [1 + 1 + 5 + 7]


def test_2_11_R42_a_collision_after_several_rounds_of_travel_keeps_every_point():
    # Round 6: blue has crossed 9 borders in earlier rounds, red 3; both wait before (2,0).
    # T03 there: they meet head-on on its U-turn. Both keep all they made, +1 each (R41).
    game = game_from(
        player(
            top=(3,),
            tiles=[(1, 1, 6, 3), (2, 1, 5, 1), (1, 2, 2, 3), (2, 2, 12, 3), (3, 2, 9, 2)],
            red=active(2, 0, 5, travel=3),
            blue=active(2, 0, 4, travel=9),
            green=crashed(3),
            yellow=crashed(3),
        ),
        round_no=6,
    )
    place(game, (2, 0), 0)
    assert train(game, 0, "red") == crashed(round_no=6, travel=4)
    assert train(game, 0, "blue") == crashed(round_no=6, travel=10)
    assert "red and blue collide in (2,0)" in game.log[-3]
    assert game.is_over and game.scores() == [4 + 10 + 1 + 1]


def _last_train_of_a_solo_game(scoring: str) -> Game:
    return game_from(
        player(
            top=(8,),
            tiles=[(1, 2, 1, 0)],
            red=active(0, 2, 3),
            blue=crashed(),
            green=crashed(),
            yellow=crashed(),
        ),
        scoring=scoring,
    )


@pytest.mark.parametrize(
    ("scoring", "score", "sw"),
    [
        ("full", 1 + 1 + 1 + 5 + 5, [[[0, "red"]], ["marked"], ["marked"]]),
        ("stations_only", 5, [[[0, "red"]], ["marked"], ["marked"]]),
        ("travel_only", 1 + 1 + 1 + 5, [[], ["marked"], ["marked"]]),
    ],
)
def test_2_14_R54_solitaire_in_the_main_game_and_both_variants(scoring, score, sw):
    """One player, all 12 marked spaces covered; the game and either variant end the same way.

    (R54's reference scores, about 45.4 for a random bot, are simulated, not from the
    rulebook; a test never asserts them.)
    """
    game = _last_train_of_a_solo_game(scoring)
    stations = game.position()["stations"]
    assert sum(space == ["marked"] for s in stations.values() for space in s["spaces"]) == 12
    place(game, (0, 2), 0)  # E3: red runs 4 borders into SW (5 / [3] / [1])
    assert train(game, 0, "red") == arrived("SW", round_no=1, travel=5)
    assert game.is_over and game.winners() == [0]
    assert game.scores() == [score]
    assert game.position()["stations"]["SW"]["spaces"] == sw


@pytest.mark.parametrize(
    ("players", "seats", "se"),
    [
        (
            6,  # SE 5, 5, 3, [3], 1, [1]: six arrivals, four spaces, the rest stacked
            (0, 1, 2),
            [
                [[0, "green"]],
                [[0, "yellow"]],
                [[1, "green"]],
                ["marked"],
                [[1, "yellow"], [2, "green"], [2, "yellow"]],
                ["marked"],
            ],
        ),
        (
            7,  # SE 5, 5, 3, 3, 1, [1]
            (0, 1, 2),
            [
                [[0, "green"]],
                [[0, "yellow"]],
                [[1, "green"]],
                [[1, "yellow"]],
                [[2, "green"], [2, "yellow"]],
                ["marked"],
            ],
        ),
        (
            8,  # SE 5, 5, 3, 3, 1, 1: eight arrivals on six spaces
            (0, 1, 2, 3),
            [
                [[0, "green"]],
                [[0, "yellow"]],
                [[1, "green"]],
                [[1, "yellow"]],
                [[2, "green"]],
                [[2, "yellow"], [3, "green"], [3, "yellow"]],
            ],
        ),
    ],
)
def test_2_12_R46_simultaneous_arrivals_with_6_to_8_players(players, seats, se):
    """Every train arriving at SE in one round scores its highest uncovered value, 5."""
    game = _e4_turn_3_and_simple_turns(players, seats)
    _play_round(game, seats)
    position = game.position()
    points = [entry["station_points"] for entry in position["players"]]
    assert points == [10 if seat in seats else 0 for seat in range(players)]
    assert position["stations"]["SE"]["spaces"] == se


def test_2_12_R46_simultaneous_arrivals_below_spaces_covered_in_earlier_rounds():
    # 7 players; seat 6's red and blue took SE's two 5s in round 2. Six trains arrive
    # now: all score the highest value left, 3, and cover 3, 3 and 1, the rest stacked.
    data = _e4_turn_3_and_simple_turns(7, (0, 1, 2)).position()
    data["stations"]["SE"]["spaces"][:2] = [[[6, "red"]], [[6, "blue"]]]
    data["players"][6] = player(
        top=(1,),
        red=arrived("SE", round_no=2, travel=4),
        blue=arrived("SE", round_no=2, travel=4),
        green=crashed(2),
        yellow=crashed(2),
        station_points=10,
    )
    game = Game.from_position(data)
    for seat in range(6):  # seat 6 has passed (R50)
        place(game, (4, 2) if seat < 3 else (1, 2), 0)
    position = game.position()
    assert [entry["station_points"] for entry in position["players"]] == [6, 6, 6, 0, 0, 0, 10]
    assert position["stations"]["SE"]["spaces"] == [
        [[6, "red"]],
        [[6, "blue"]],
        [[0, "green"]],
        [[0, "yellow"]],
        [[1, "green"], [1, "yellow"], [2, "green"], [2, "yellow"]],
        ["marked"],
    ]


def test_2_7_R25_a_seat_choosing_sees_the_stations_as_at_the_start_of_the_round():
    # Seat 0's placement sends green and yellow into SE, but until seat 1 has placed
    # too, no seat's view shows it: stations, trains and scores are those of the round's start.
    game = _e4_turn_3_and_simple_turns(2, (0,))
    start = game.position()
    place(game, (4, 2), 0)
    assert game.current_player == 1
    for seat in (0, 1):
        view = game.view(seat)
        assert view["stations"] == start["stations"]
        assert view["players"][0]["trains"] == start["players"][0]["trains"]
        assert view["players"][0]["station_points"] == 0
    assert game.scores() == [sum(t["travel"] for t in start["players"][0]["trains"].values()), 0]
    place(game, (1, 2), 0)
    assert game.view(1)["stations"]["SE"]["spaces"][0] == [[0, "green"], [0, "yellow"]]
    assert game.view(1)["players"][0]["station_points"] == 10
