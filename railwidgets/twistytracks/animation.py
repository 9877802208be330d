"""The reveal of a round as animation frames: trains stepping as R38 moves them (pure).

When the last seat has placed, every frame's new tile appears and the trains
run, all boards at once, one lock-step at a time: a ``+1`` floats up at each
border a train crosses (R40), two trains meeting on one track flash and vanish
(R42), and a train entering a station slides into its box (R45). The last frame
leaves the trains where they stop; the widget's ordinary redraw follows.

A frame is a function that draws on a painter's ``"highlights"`` layer (the
first one also draws the whole picture without the trains on ``"pieces"``):
the widget draws them one after another inside one message, with a pause after
each. Only what every player may see is drawn: the round is revealed.

>>> from railwidgets import twistytracks
>>> from railwidgets.draw import RecordingPainter
>>> from railwidgets.twistytracks import scenarios, PlaceTile
>>> from railwidgets.twistytracks.geometry import Layout
>>> game = scenarios.e4()
>>> action = PlaceTile(0, 5, (4, 2), 0)
>>> steps = game.round_steps(action)
>>> before = game.position()
>>> game.apply(action)
>>> frames = reveal_frames(before, game.position(), steps, Layout(1))
>>> len(frames) == 1 + 4 * SUBSTEPS
True
>>> painter = RecordingPainter(1000, 640, ("static", "pieces", "highlights"))
>>> for frame in frames:
...     frame(painter)
>>> "+1" in painter.texts("highlights")
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from railwidgets.draw.painter import Painter, Point
from railwidgets.draw.palette import DARK, LIGHT
from railwidgets.twistytracks.board import Step
from railwidgets.twistytracks.components import FRAME, HEIGHT, TRAIN_COLOURS, WIDTH, neighbour
from railwidgets.twistytracks.geometry import Bezier, FrameBox, Layout, bezier_point
from railwidgets.twistytracks.render import (
    CRASH,
    MIN_TEXT,
    draw_pieces,
    draw_static,
    draw_train,
    train_shape,
)
from railwidgets.twistytracks.scoreboard import TRAIN_FILL

__all__ = ["SUBSTEPS", "Frame", "reveal_frames"]

#: A frame of the animation: draws the moving things on a painter.
Frame = Callable[[Painter], None]
#: Frames per lock-step.
SUBSTEPS = 3


def _path(box: FrameBox, step: Step) -> Bezier:
    """Where a train runs in ``step``, as a curve in pixels."""
    if step.kind == "tile":
        return box.curve(step.cell, step.entry, step.exit)
    if step.kind == "loop":
        return box.loop_curve(step.cell, step.entry, step.exit)
    # into a station (or, defensively, a starting track): out across the frame
    start = box.port_point(step.cell, step.entry)
    feature = FRAME[step.cell, step.entry // 2]
    if feature.kind == "station":
        x, y, w, h = box.station_rect(step.cell, feature.side)
        end = (x + w / 2, y + h / 2)
    else:
        dx, dy = box.inward(step.entry)
        end = (start[0] - dx * box.cell * 0.3, start[1] - dy * box.cell * 0.3)
    return (start, start, end, end)


def _heading(curve: Bezier, t: float) -> Point:
    a = bezier_point(curve, max(0.0, t - 0.02))
    b = bezier_point(curve, min(1.0, t + 0.02))
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)


def reveal_frames(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    steps: Mapping[int, list[list[Step]]],
    layout: Layout,
) -> list[Frame]:
    """The frames showing every board's lock-steps, from ``before`` (the round's start) on.

    ``after`` is the position once the round is resolved (its tiles are drawn
    from the first frame on); ``steps`` are :meth:`Game.round_steps` of the
    round's last placement.
    """
    boxes = {box.seat: box for box in layout.frames}
    floaters = before["options"]["scoring"] != "stations_only"
    # where each train of each animated seat waits: (cell, port), or None once gone
    waiting: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {}
    for seat in steps:
        for number, colour in enumerate(TRAIN_COLOURS):
            at = before["players"][seat]["trains"][colour]["at"]
            waiting[seat, number] = None if at is None else ((at[0], at[1]), at[2])

    def first(painter: Painter) -> None:
        # The whole picture, background too: the layer below may already show the
        # next person's frame (or the hot-seat cover). Only what all may see: no hand.
        painter.clear("pieces")
        draw_static(after, painter, layout, layer="pieces")
        draw_pieces(after, painter, layout, trains=False)
        painter.layer("highlights")
        painter.clear("highlights")
        _standing(painter, boxes, waiting, moving=set())

    frames: list[Frame] = [first]
    longest = max((len(s) for s in steps.values()), default=0)
    for k in range(longest):
        moves = [
            (seat, step)
            for seat, seat_steps in steps.items()
            if k < len(seat_steps)
            for step in seat_steps[k]
        ]
        moving = {(seat, step.train) for seat, step in moves}
        standing = dict(waiting)
        for i in range(1, SUBSTEPS + 1):
            t = i / SUBSTEPS
            frames.append(_substep(boxes, standing, moves, moving, t, floaters))
        for seat, step in moves:  # where each train is after this lock-step
            if step.outcome != "moves":
                waiting[seat, step.train] = None
            elif step.kind == "loop":
                waiting[seat, step.train] = (step.cell, step.exit)
            else:
                cell, port = neighbour(step.cell, step.exit)
                inside = 0 <= cell[0] < WIDTH and 0 <= cell[1] < HEIGHT
                # a train facing the frame runs on at once (loops and stations always exist)
                waiting[seat, step.train] = (cell, port) if inside else None
    return frames


def _standing(
    painter: Painter,
    boxes: Mapping[int, FrameBox],
    waiting: Mapping[tuple[int, int], tuple[tuple[int, int], int] | None],
    moving: set[tuple[int, int]],
) -> None:
    """The trains that stand still now, at their border points."""
    for (seat, number), where in waiting.items():
        if where is None or (seat, number) in moving or seat not in boxes:
            continue
        shape, _ = train_shape(boxes[seat], *where)
        painter.polygon(shape, fill=TRAIN_FILL[TRAIN_COLOURS[number]], stroke=DARK, width=1.5)


def _substep(
    boxes: Mapping[int, FrameBox],
    standing: Mapping[tuple[int, int], tuple[tuple[int, int], int] | None],
    moves: list[tuple[int, Step]],
    moving: set[tuple[int, int]],
    t: float,
    floaters: bool,
) -> Frame:
    def frame(painter: Painter) -> None:
        painter.layer("highlights")
        painter.clear("highlights")
        _standing(painter, boxes, standing, moving)
        for seat, step in moves:
            if seat not in boxes:
                continue
            box = boxes[seat]
            curve = _path(box, step)
            colour = TRAIN_COLOURS[step.train]
            if step.outcome == "crashed":
                # both trains run to the middle of the shared track and flash there
                here = min(t, 0.5)
                at = bezier_point(curve, here)
                if t >= 0.66:
                    r = max(8.0, box.cell * 0.16)
                    painter.circle(at[0], at[1], r, fill=CRASH, stroke=LIGHT, width=2, alpha=0.85)
                    if r * 1.2 >= MIN_TEXT:
                        painter.text(at[0], at[1] + 0.5, "✕", size=r * 1.2, fill=LIGHT, bold=True)
                    continue
                draw_train(painter, box, colour, at, _heading(curve, here))
            else:
                alpha = 1.0 - 0.6 * t if step.outcome == "arrived" else 1.0
                draw_train(painter, box, colour, bezier_point(curve, t), _heading(curve, t), alpha)
            if floaters:
                x, y = curve[0]
                size = max(MIN_TEXT, box.cell * 0.16)
                painter.text(
                    x + 6,
                    y - 6 - 14 * t,
                    "+1",
                    size=size,
                    fill=DARK,
                    bold=True,
                    alpha=1.0 - 0.5 * t,
                )

    return frame
