"""The reveal animation: frames follow R38's steps for every board, and end where the trains stop."""

from __future__ import annotations

from railwidgets.draw import RecordingPainter
from railwidgets.twistytracks import Game, PlaceTile, scenarios
from railwidgets.twistytracks.animation import SUBSTEPS, reveal_frames
from railwidgets.twistytracks.geometry import CANVAS, Layout
from railwidgets.twistytracks.render import CRASH, LAYERS, draw
from railwidgets.twistytracks.scoreboard import TRAIN_FILL


def run(game: Game, action: PlaceTile, layout: Layout) -> tuple[list, RecordingPainter]:
    steps = game.round_steps(action)
    before = game.position()
    game.apply(action)
    frames = reveal_frames(before, game.position(), steps, layout)
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(before, painter, layout)
    return frames, painter


def trains_drawn(painter: RecordingPainter, colour: str) -> int:
    return sum(c["fill"] == TRAIN_FILL[colour] for c in painter.by_name("polygon", "highlights"))


def test_R38_one_group_of_frames_per_lock_step() -> None:
    frames, painter = run(scenarios.e3(), PlaceTile(0, 8, (0, 2), 0), Layout(1))
    assert len(frames) == 1 + 4 * SUBSTEPS  # E3: red runs 4 steps
    frames[0](painter)
    on_pieces = [c["fill"] for c in painter.by_name("polygon", "pieces")]
    assert not set(on_pieces) & set(TRAIN_FILL.values())  # the trains move on the layer above
    for frame in frames[1:]:
        frame(painter)
        assert trains_drawn(painter, "red") == 1  # one red train, stepping
        assert trains_drawn(painter, "blue") == 1  # blue stands still, still drawn


def test_R42_a_collision_flashes_and_both_trains_go() -> None:
    frames, painter = run(scenarios.e2(), PlaceTile(0, 3, (1, 2), 0), Layout(1))
    for frame in frames:
        frame(painter)
    assert trains_drawn(painter, "red") == trains_drawn(painter, "blue") == 0
    assert sum(c["fill"] == CRASH for c in painter.by_name("circle", "highlights")) == 2


def test_R40_plus_one_floaters_unless_travel_does_not_count() -> None:
    for scoring, floats in (("full", True), ("stations_only", False)):
        game = Game(players=2, seed=5, scoring=scoring)
        game.apply(game.legal_actions()[0])
        frames, painter = run(game, game.legal_actions()[0], Layout(2))
        for frame in frames:
            frame(painter)
            assert ("+1" in painter.texts("highlights")) == (floats and frame is not frames[0])


def test_every_board_moves_at_once() -> None:
    game = Game(players=3, seed=2)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    action = game.legal_actions()[0]
    steps = game.round_steps(action)
    assert sorted(steps) == [0, 1, 2]
    frames, _ = run(game, action, Layout(3))
    assert len(frames) == 1 + SUBSTEPS * max(len(s) for s in steps.values())
