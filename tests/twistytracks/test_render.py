"""Twisty Tracks drawn on the recording painter: tiles, frames, trains, the board, secrets."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from railwidgets.core.bots import RandomBot
from railwidgets.draw import RecordingPainter
from railwidgets.draw.palette import RECENT, SELECT
from railwidgets.twistytracks import Game, scenarios
from railwidgets.twistytracks.components import (
    FRAME_EDGES,
    STATIONS,
    TILES,
    rotated_segments,
)
from railwidgets.twistytracks.geometry import (
    BOARD_X,
    CANVAS,
    CellTarget,
    FrameBox,
    FrameTarget,
    Layout,
    bezier_point,
    hit_test,
    kind_of,
    segment_curve,
)
from railwidgets.twistytracks.render import (
    GHOST_DASH,
    LAYERS,
    MIN_TEXT,
    RAIL,
    Ghost,
    cell_name,
    draw,
    tile_picture,
)
from railwidgets.twistytracks.scoreboard import TRAIN_FILL
from tests.twistytracks.helpers import game_from, place, player

# R17's kinds and crossings, as the rules table gives them (first listed = the bridge, R18).
KINDS = {
    1: "cccc", 2: "SSSS", 3: "USSU", 4: "WWWW", 5: "USc c", 6: "WcWc", 7: "XXSS",
    8: "MSSM", 9: "UUWc", 10: "UXXU", 11: "MMMM", 12: "UWXM", 13: "WSSc", 14: "MMcc", 15: "UWSW",
}  # fmt: skip
CROSSINGS = {
    2: {((0, 5), (2, 7)), ((0, 5), (3, 6)), ((1, 4), (2, 7)), ((1, 4), (3, 6))},
    4: {((0, 3), (1, 6)), ((0, 3), (2, 5)), ((1, 6), (4, 7)), ((2, 5), (4, 7))},
    7: {((0, 4), (1, 5)), ((0, 4), (2, 7)), ((0, 4), (3, 6)), ((1, 5), (2, 7)), ((1, 5), (3, 6))},
    8: {((0, 2), (1, 4)), ((1, 4), (3, 6)), ((3, 6), (5, 7))},
    10: {((2, 6), (3, 7))},
    11: {((0, 2), (1, 3)), ((4, 6), (5, 7))},
    12: {((2, 5), (3, 7)), ((2, 5), (4, 6))},
    13: {((0, 3), (1, 4)), ((0, 3), (2, 7)), ((1, 4), (2, 7))},
    14: {((0, 2), (1, 7))},
    15: {((2, 5), (3, 6)), ((2, 5), (4, 7)), ((3, 6), (4, 7))},
}


def drawn_segments(tile: int, rotation: int, size: float = 90.0) -> list[tuple[int, int]]:
    """The tile's segments as drawn, bottom level first: which ports each rail chain joins."""
    painter = RecordingPainter(200, 200)
    tile_picture(painter, tile, rotation, 0, 0, size)
    box = FrameBox(seat=-1, x=0, y=0, cell=size)
    ports = [box.port_point((0, 0), p) for p in range(8)]

    def port_at(point: tuple[float, float]) -> int:
        found = [p for p, q in enumerate(ports) if math.dist(point, q) < 1e-6]
        assert len(found) == 1, f"{point} is not at a port"
        return found[0]

    chains = []
    for call in painter.by_name("lines"):
        if call["stroke"] != RAIL:
            continue
        pieces = call["segments"]
        for a, b in itertools.pairwise(pieces):  # one unbroken chain per call
            assert math.dist(a[1], b[0]) < 1e-9
        chains.append((port_at(pieces[0][0]), port_at(pieces[-1][1])))
    return chains


@pytest.mark.parametrize("tile", range(1, 16))
def test_R17_every_tile_in_every_rotation_joins_the_right_ports(tile: int) -> None:
    for rotation in range(4):
        chains = drawn_segments(tile, rotation)
        assert len(chains) == 4
        assert sorted(tuple(sorted(c)) for c in chains) == list(rotated_segments(tile, rotation))


@pytest.mark.parametrize("tile", range(1, 16))
def test_R18_the_first_listed_segment_is_drawn_last_so_it_bridges(tile: int) -> None:
    for rotation in range(4):
        chains = [tuple(sorted(c)) for c in drawn_segments(tile, rotation)]
        listed = [
            tuple(sorted(((p + 2 * rotation) % 8, (q + 2 * rotation) % 8)))
            for p, q in TILES[tile - 1].segments
        ]
        assert chains == listed[::-1]


def test_R17_kinds_of_the_drawn_curves() -> None:
    for number, kinds in KINDS.items():
        drawn = "".join(kind_of(p, q) for p, q in TILES[number - 1].segments)
        assert drawn == kinds.replace(" ", "")


def _crossing(a: tuple[int, int], b: tuple[int, int]) -> bool:
    pa = [bezier_point(segment_curve(*a), i / 80) for i in range(81)]
    pb = [bezier_point(segment_curve(*b), i / 80) for i in range(81)]

    def side(p, q, r) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return any(
        side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0
        for p, q in itertools.pairwise(pa)
        for r, s in itertools.pairwise(pb)
    )


def test_R18_the_drawn_curves_cross_exactly_where_the_table_says() -> None:
    total = 0
    for tile in TILES:
        crossing = {(a, b) for a, b in itertools.combinations(tile.segments, 2) if _crossing(a, b)}
        assert crossing == CROSSINGS.get(tile.number, set()), tile.id
        total += len(crossing)
    assert total == 28


@pytest.mark.parametrize("tile", range(1, 16))
def test_a_tile_turned_a_quarter_is_the_same_drawing_turned(tile: int) -> None:
    size = 90.0
    centre = size / 2
    for rotation in range(4):
        here = _points(tile, rotation, size)
        turned = {
            (round(centre - (y - centre), 3), round(centre + (x - centre), 3)) for x, y in here
        }
        assert turned == _points(tile, (rotation + 1) % 4, size)


def _points(tile: int, rotation: int, size: float) -> set[tuple[float, float]]:
    painter = RecordingPainter(200, 200)
    tile_picture(painter, tile, rotation, 0, 0, size)
    return {
        (round(x, 3), round(y, 3))
        for call in painter.by_name("lines")
        if call["stroke"] == RAIL
        for seg in call["segments"]
        for x, y in seg
    }


# -- frames and layouts ----------------------------------------------------------------------------


def _inside(box: tuple[float, float, float, float], width: float, height: float) -> bool:
    x, y, w, h = box
    return x >= 0 and y >= 0 and x + w <= width and y + h <= height


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("players", range(1, 9))
@pytest.mark.parametrize("focused", [False, True])
def test_frames_for_1_to_8_players_fit_and_never_overlap(players: int, focused: bool) -> None:
    layout = Layout(players, focus=players - 1 if focused else None)
    assert [f.seat for f in layout.frames] == list(range(players))
    for a, b in itertools.combinations(layout.frames, 2):
        assert not _overlap(a.outer, b.outer)
    for frame in layout.frames:
        assert _inside(frame.outer, BOARD_X, CANVAS[1])
    if focused and players > 1:
        big = layout.frames[-1].cell
        assert all(big > f.cell for f in layout.frames[:-1])


@pytest.mark.parametrize("players", range(1, 9))
def test_every_frame_has_its_loops_stations_and_depots(players: int) -> None:
    game = Game(players=players, seed=players)
    painter = RecordingPainter(*CANVAS, LAYERS)
    layout = Layout(players)
    draw(game.position(), painter, layout)
    static_rails = [c for c in painter.by_name("lines", "static") if c["stroke"] == RAIL]
    # one batched call per frame: 7 loops and 2 stubs per station and depot edge
    assert len(static_rails) == players
    for call, box in zip(static_rails, layout.frames, strict=True):
        ends = {(round(x, 3), round(y, 3)) for seg in call["segments"] for x, y in seg}
        for feature in FRAME_EDGES:
            for port in (2 * feature.side, 2 * feature.side + 1):
                x, y = box.port_point(feature.cell, port)
                assert (round(x, 3), round(y, 3)) in ends
    depot_colours = [
        c["fill"] for c in painter.by_name("rect", "static") if c["fill"] in TRAIN_FILL.values()
    ]
    assert len(depot_colours) == 4 * players
    texts = painter.texts("pieces")
    if layout.frames[0].cell >= 42:  # big enough for names
        for name in STATIONS:
            assert sum(t.split()[0] == name for t in texts) == players


@pytest.mark.parametrize("players", [1, 2, 4, 8])
def test_no_canvas_text_is_smaller_than_12_px(players: int) -> None:
    game = Game(players=players, seed=11)
    bot = RandomBot(seed=1)
    for _ in range(3 * players):
        game.apply(bot.choose(game))
    for focus in (None, 0):
        painter = RecordingPainter(*CANVAS, LAYERS)
        data = game.position() if focus is None else game.view(focus)
        draw(data, painter, Layout(players, focus=focus), recent=[(0, (1, 2))])
        assert min(c["size"] for c in painter.by_name("text")) >= 12


# -- trains ------------------------------------------------------------------------------------------


def _train_polygons(painter: RecordingPainter) -> list[tuple[str, list[tuple[float, float]]]]:
    """The trains drawn on the pieces layer, one polygon each or in batches."""
    found = [(c["fill"], c["points"]) for c in painter.by_name("polygon", "pieces")]
    for call in painter.by_name("polygons", "pieces"):
        found += list(zip(call["fills"], call["shapes"], strict=True))
    return [(fill, list(shape)) for fill, shape in found if fill in TRAIN_FILL.values()]


def test_trains_stand_at_their_border_point_facing_the_cell_ahead() -> None:
    game = game_from(player(top=(1,)))
    place(game, (1, 2), 0)  # E1: red waits facing (0,2) at port 3, blue facing (2,2) at port 6
    layout = Layout(1)
    box = layout.frames[0]
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(game.position(), painter, layout)
    trains = dict(_train_polygons(painter))
    for colour, cell, port in (("red", (0, 2), 3), ("blue", (2, 2), 6), ("green", (3, 2), 5)):
        tip, *rest = trains[TRAIN_FILL[colour]]
        tail = ((rest[1][0] + rest[2][0]) / 2, (rest[1][1] + rest[2][1]) / 2)
        ahead = box.cell_centre(cell)
        assert math.dist(tip, ahead) < math.dist(tail, ahead)  # it faces the cell
        assert math.dist(tip, box.port_point(cell, port)) < box.cell * 0.1  # at its port
        assert box.cell_at(*tail) != cell  # and stands outside it
    assert "R" in painter.texts("pieces") and "B" in painter.texts("pieces")


def test_arrived_and_crashed_trains_leave_the_board_and_show_in_the_roster() -> None:
    game = game_from(player(top=(1, 8, 3)))
    place(game, (1, 2), 0)  # E1
    place(game, (0, 2), 0)  # E3: red arrives at SW
    place(game, (3, 2), 0)  # T03's U-turn before depot 2: green and yellow collide
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(game.position(), painter, Layout(1))
    trains = [fill for fill, _ in _train_polygons(painter)]
    assert trains == [TRAIN_FILL["blue"]]
    texts = painter.texts("pieces")
    assert "✓SW" in texts and "✕" in texts


# -- the scoring board -------------------------------------------------------------------------------


def _board_marks(painter: RecordingPainter) -> list[tuple[str, float, float]]:
    """The seat numbers on the scoring board's tokens (above the scores, which start at 240)."""
    return [
        (c["text"], c["x"], c["y"])
        for c in painter.by_name("text", "pieces")
        if c["x"] > BOARD_X and c["y"] < 240 and c["text"].isdigit()
    ]


def test_R46_stacks_and_the_penalty_space_on_the_board() -> None:
    game = scenarios.e5()  # E5: three arrivals at SE in round 6, a fourth in round 8
    for action in scenarios.E5_ROUND_6 + scenarios.E5_ROUNDS_7_8:
        game.apply(action)
    assert game.position()["stations"]["SE"]["penalty"] == [[2, "blue"]]
    painter = RecordingPainter(*CANVAS, LAYERS)
    layout = Layout(3)
    draw(game.position(), painter, layout)
    column_x = BOARD_X + 6 * (layout.width - 8 - BOARD_X) / 7
    marks = sorted((y, t) for t, x, y in _board_marks(painter) if x > column_x)
    # rows: 5 (seat 1's token "1"), 3 (seats 1 and 2 stacked, both numbers show), penalty ("3")
    assert [t for _, t in marks] == ["1", "1", "2", "3"]
    # the marked space shows a crossed grey token, the values stay readable
    values = [c["text"] for c in painter.by_name("text", "static") if c["x"] > column_x]
    assert values == ["SE", "5", "3", "1", "0"]


@pytest.mark.parametrize(
    ("players", "spaces", "marked"), [(1, 3, 12), (3, 3, 4), (4, 3, 0), (7, 6, 4), (8, 6, 0)]
)
def test_R20_R55_the_board_has_the_columns_and_marks_for_the_player_count(
    players: int, spaces: int, marked: int
) -> None:
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(Game(players=players, seed=1).position(), painter, Layout(players))
    values = [  # the board's values (the legend under the scores has a digit too)
        c
        for c in painter.by_name("text", "static")
        if c["x"] > BOARD_X and c["y"] < 240 and c["text"].isdigit()
    ]
    assert len(values) == 7 * (spaces + 1)
    crosses = [c for c in painter.by_name("lines", "pieces") if len(c["segments"]) == 2]
    assert len(crosses) == marked


def test_scores_and_the_winner_at_the_end() -> None:
    game = Game(players=2, seed=4)
    from railwidgets.core.bots import play_out

    play_out(game, RandomBot(seed=3))
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(game.position(), painter, Layout(2))
    texts = painter.texts()
    assert any(t.startswith("Game over") for t in texts)
    assert "★ wins" in texts
    for score in game.scores():
        assert str(score) in texts


def test_travel_only_shows_the_board_unused() -> None:
    game = Game(players=2, seed=4, scoring="travel_only")
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(game.position(), painter, Layout(2))
    assert any("stations score nothing" in t for t in painter.texts())


# -- secrets --------------------------------------------------------------------------------------------


def test_R25_a_seat_sees_neither_the_others_drawn_tile_nor_their_placement() -> None:
    game = Game(players=2, seed=3)
    first = game.legal_actions()[5]
    game.apply(first)  # seat 0 places secretly
    tile0 = TILES[first.tile - 1]
    painter = RecordingPainter(*CANVAS, LAYERS)
    layout = Layout(2, focus=1)
    draw(game.view(1), painter, layout)
    texts = " ".join(painter.texts())
    assert tile0.id not in texts and tile0.name.split()[0] not in texts
    assert painter.by_name("rect", "highlights") == []  # no ghost anywhere
    assert "Wild West · 0" in texts and "placed" in painter.texts()
    # seat 0's own view shows its placement where it put it
    own = RecordingPainter(*CANVAS, LAYERS)
    draw(game.view(0), own, Layout(2, focus=0))
    x, y = Layout(2, focus=0).frames[0].cell_origin(first.cell)
    assert any(
        math.isclose(c["x"], x + 1) and math.isclose(c["y"], y + 1)
        for c in own.by_name("rect", "highlights")
    )


def test_what_a_pick_changes_is_all_on_the_highlight_layer() -> None:
    game = Game(players=1, seed=3)
    layout = Layout(1, focus=0)
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(
        game.view(0),
        painter,
        layout,
        lit=[(1, 2), (3, 2)],
        ghost=Ghost(0, 13, (1, 2), 1),
        hand_rotation=1,
    )
    lit = [c for c in painter.by_name("rects", "highlights") if len(c["boxes"]) == 2]
    assert len(lit) == 2  # a white wash and a thick outline over the two cells
    rails = [c for c in painter.by_name("lines", "highlights") if c["stroke"] == RAIL]
    assert len(rails) == 8  # the ghost's four segments, and the tile in hand's
    assert "T13, turned 90°" in painter.texts("highlights")
    assert not any("turned" in t for t in painter.texts("pieces"))


# -- the SVG picture and the hit test ------------------------------------------------------------------------


def test_the_svg_picture_is_well_formed_for_a_game_and_a_view() -> None:
    game = Game(players=3, seed=2)
    for seat in (None, 1):
        root = ET.fromstring(game.to_svg(seat=seat))
        assert root.tag.endswith("svg")
    assert game._repr_svg_() == game.to_svg()


@pytest.mark.parametrize("players", [1, 3, 8])
def test_hit_test_finds_every_cell_of_every_frame(players: int) -> None:
    layout = Layout(players, focus=0)
    for box in layout.frames:
        for cell in itertools.product(range(5), range(3)):
            assert hit_test(layout, *box.cell_centre(cell)) == CellTarget(box.seat, cell)
        ox, oy, _, _ = box.outer
        assert hit_test(layout, ox + 2, oy + 2) == FrameTarget(box.seat)
    assert hit_test(layout, BOARD_X + 50, 100) is None
    assert hit_test(layout, -5, -5) is None


# -- issue 27 item 13: what the tutorial names can be found on the board ----------------------------------


def test_27_13_every_space_shows_its_coordinates_as_the_log_writes_them() -> None:
    game = scenarios.e1()
    game.apply(scenarios.PlaceTile(seat=0, tile=1, cell=(1, 2), rotation=0))
    line = game.log[-2]
    assert "waits before (0,2)" in line  # the engine's words, and the tutorial's: "(x,y)"
    layout = Layout(1, focus=0)
    box = layout.frames[0]
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(game.view(0), painter, layout, lit=[(0, 2), (2, 2)])
    names = {
        c["text"]: c
        for c in painter.by_name("text", "static")
        if c["text"].startswith("(") and c["x"] < BOARD_X  # not the legend's example
    }
    for cell in itertools.product(range(5), range(3)):
        label = names[cell_name(cell)]  # every space, in its own cell, readable
        assert box.cell_at(label["x"], label["y"]) == cell
        assert label["size"] >= MIN_TEXT
    assert cell_name((0, 2)) in line and cell_name((2, 2)) in line
    # a placed tile covers its space's name (it is drawn over it, opaque) ...
    tiles = [r for c in painter.by_name("rects", "pieces") for r in c["boxes"]]
    x, y = names["(1,2)"]["x"], names["(1,2)"]["y"]
    assert any(a <= x <= a + w and b <= y <= b + h for a, b, w, h in tiles)
    # ... and a lit space's name is written again over the light wash
    assert sorted(c["text"] for c in painter.by_name("text", "highlights") if "(" in c["text"]) == [
        "(0,2)",
        "(2,2)",
    ]


def test_27_13_small_frames_show_coordinates_only_where_they_fit() -> None:
    for players, focus in ((3, 0), (8, 0)):
        layout = Layout(players, focus=focus)
        painter = RecordingPainter(*CANVAS, LAYERS)
        draw(Game(players=players, seed=1).view(0), painter, layout)
        labels = [
            c
            for c in painter.by_name("text", "static")
            if c["text"].startswith("(") and c["x"] < BOARD_X
        ]
        framed = {b.seat for b in layout.frames if b.cell >= 40}
        assert len(labels) == 15 * len(framed)  # 3 players: all; 8: only the large frame


def test_27_13_the_ghost_is_dashed_blue_and_a_tile_placed_since_your_turn_solid_orange() -> None:
    game = scenarios.e5()
    for action in scenarios.E5_ROUND_6:
        game.apply(action)
    layout = Layout(3, focus=0)
    box = layout.frames[0]
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(
        game.view(0),
        painter,
        layout,
        ghost=Ghost(0, 3, (2, 2), 0),
        recent=[(0, (4, 2)), (1, (4, 2))],
    )
    ghost_x, ghost_y = box.cell_origin((2, 2))
    dashed = [c for c in painter.by_name("line", "highlights") if c["dash"]]
    assert len(dashed) == 1
    outline = dashed[0]
    assert outline["stroke"] == SELECT and outline["dash"] == GHOST_DASH
    xs = [p[0] for p in outline["points"]]
    ys = [p[1] for p in outline["points"]]
    assert ghost_x < min(xs) < max(xs) < ghost_x + box.cell
    assert ghost_y < min(ys) < max(ys) < ghost_y + box.cell
    # the placed tile: a solid outline of another colour, with its number in the list
    solid = [c for c in painter.by_name("rect", "highlights") if c["stroke"] == RECENT]
    assert len(solid) == 2 and RECENT != SELECT
    assert all(c["fill"] is None for c in solid)
    assert not any(c["stroke"] == SELECT for c in painter.by_name("rect", "highlights"))
    assert "1" in painter.texts("highlights")  # (the small frame's tile has no room for "2")
    # and the legend says which is which
    legend = " ".join(painter.texts("static"))
    assert "dashed blue: your tile, not placed" in legend
    assert "orange: placed since your turn" in legend
    assert "lit: where your tile may go" in legend
    assert "an empty space: (column,row)" in legend


@pytest.mark.parametrize("players", range(1, 9))
def test_27_13_the_legend_fits_between_the_scores_and_the_tile_in_hand(players: int) -> None:
    layout = Layout(players, focus=0)
    painter = RecordingPainter(*CANVAS, LAYERS)
    draw(Game(players=players, seed=2).view(0), painter, layout)
    heading = [c for c in painter.by_name("text", "static") if c["text"] == "ON THE FRAMES"]
    scores = [c["y"] for c in painter.by_name("text", "pieces") if c["x"] > BOARD_X + 120]
    hand_top = layout.hand_box()[1] - 12  # "Wild West drew"
    if players <= 4:  # room under the scores (with more players, their list fills it)
        assert len(heading) == 1
        legend = [
            c["y"]
            for c in painter.by_name("text", "static")
            if c["x"] >= BOARD_X and c["y"] >= heading[0]["y"]
        ]
        assert max(scores) + 12 < heading[0]["y"] and max(legend) + 6 < hand_top
    else:
        assert heading == []


def test_27_13_stacked_station_tokens_are_large_and_each_shows_its_number() -> None:
    game = scenarios.e5()
    for action in scenarios.E5_ROUND_6:
        game.apply(action)  # SE: Wild West's green on the 5; its yellow, Meadows' red on the 3
    painter = RecordingPainter(*CANVAS, LAYERS)
    layout = Layout(3, focus=0)
    draw(game.view(0), painter, layout)
    column_x = BOARD_X + 6 * (layout.width - 8 - BOARD_X) / 7
    tokens = [  # Wild West's and Meadows' token colours, on the SE column
        box
        for c in painter.by_name("rects", "pieces")
        for box, fill in zip(c["boxes"], c["fills"], strict=True)
        if box[0] > column_x and fill in ("#8D5524", "#7B3FA0")
    ]
    assert len(tokens) == 3 and all(w >= 20 and h >= 20 for _, _, w, h in tokens)
    numbers = sorted((c["y"], c["x"], c["text"]) for c in painter.by_name("text", "pieces")
                     if c["x"] > column_x and c["y"] < 240 and c["text"].isdigit())  # fmt: skip
    assert [t for _, _, t in numbers] == ["1", "1", "2"]
    (_, xa, _), (_, xb, _) = numbers[1:]
    assert abs(xb - xa) >= 9  # the two numbers of the stack side by side, apart
    # the value of each covered space still shows above its tokens
    values = [c for c in painter.by_name("text", "static") if c["x"] > column_x and c["y"] < 240]
    for _, top, _, _ in tokens:  # "5" over the first token, "3" over the stack
        assert any(top - 20 < c["y"] < top for c in values)
