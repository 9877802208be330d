"""The optional movement trace (for animation) follows R38 step by step and changes nothing."""

from __future__ import annotations

import pytest

from railwidgets.core.bots import RandomBot
from railwidgets.twistytracks import Game, PlaceTile
from railwidgets.twistytracks.components import TRAIN_COLOURS, neighbour
from tests.twistytracks.helpers import game_from, place, player


def steps_of(game: Game, cell: tuple[int, int], rotation: int):
    seat = game.current_player
    tile = game.position()["players"][seat]["stack"][0]
    return game.round_steps(PlaceTile(seat, tile, cell, rotation))[seat]


def test_R38_E3_the_frame_loop_step_by_step() -> None:
    game = game_from(player(top=(1, 8)))
    place(game, (1, 2), 0)
    steps = steps_of(game, (0, 2), 0)
    red = [
        [(s.kind, s.cell, s.entry, s.exit, s.outcome) for s in step if s.train == 0]
        for step in steps
    ]
    assert red == [
        [("tile", (0, 2), 3, 6, "moves")],
        [("loop", (0, 2), 6, 7, "moves")],
        [("tile", (0, 2), 7, 5, "moves")],
        [("station", (0, 2), 5, 5, "arrived")],
    ]


def test_R42_E2_the_collision_is_one_step_on_one_segment() -> None:
    game = game_from(player(top=(3,)))
    steps = steps_of(game, (1, 2), 0)
    assert [[(s.train, s.entry, s.exit, s.outcome) for s in step] for step in steps] == [
        [(0, 5, 4, "crashed"), (1, 4, 5, "crashed")]
    ]


def test_round_steps_is_refused_before_the_last_placement_and_changes_nothing() -> None:
    game = Game(players=2, seed=1)
    record = game.to_json()
    with pytest.raises(ValueError, match="last seat"):
        game.round_steps(game.legal_actions()[0])
    assert game.to_json() == record


@pytest.mark.parametrize("seed", range(6))
def test_replaying_the_steps_gives_the_engine_result(seed: int) -> None:
    game = Game(players=3, seed=seed)
    bot = RandomBot(seed=seed)
    while not game.is_over:
        action = bot.choose(game)
        if _seats_to_place(game.position()) == 1:
            before = game.position()
            traces = game.round_steps(action)
            game.apply(action)
            after = game.position()
            for seat, steps in traces.items():
                _check_replay(before["players"][seat], after["players"][seat], steps)
        else:
            game.apply(action)


def _seats_to_place(position: dict) -> int:
    return sum(
        p["placement"] is None
        and any(t["state"] in ("active", "waiting_at_depot") for t in p["trains"].values())
        for p in position["players"]
    )


def _check_replay(before: dict, after: dict, steps) -> None:
    travel = {c: before["trains"][c]["travel"] for c in TRAIN_COLOURS}
    where = {}
    finished = {}
    for step in steps:
        for s in step:
            colour = TRAIN_COLOURS[s.train]
            travel[colour] += 1
            if s.outcome == "crashed":
                finished[colour] = "crashed"
            elif s.outcome == "arrived":
                finished[colour] = "arrived"
            elif s.kind == "tile":
                (nx, ny), nport = neighbour(s.cell, s.exit)
                where[colour] = [nx, ny, nport]
            elif s.kind == "loop":
                where[colour] = [*s.cell, s.exit]
    for colour in TRAIN_COLOURS:
        train = after["trains"][colour]
        assert train["travel"] == travel[colour]
        if colour in finished:
            assert train["state"] == finished[colour]
        elif train["state"] in ("active", "waiting_at_depot") and colour in where:
            nx, ny, _ = where[colour]
            if 0 <= nx < 5 and 0 <= ny < 3:
                assert train["at"] == where[colour]
