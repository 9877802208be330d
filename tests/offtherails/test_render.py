"""Off the Rails drawing on the recording painter, the SVG picture and the hit test."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.draw import RecordingPainter
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.components import MINE_CENTRE, MINE_SQUARES, START_TRACKS
from railwidgets.offtherails.glyphs import CLAN_FILL, DIE_FILL, ITEM_FILL, RAIL
from railwidgets.offtherails.render import (
    LAYERS,
    LAYOUT,
    CartTarget,
    MissionTarget,
    SquareTarget,
    cart_box,
    draw,
    draw_highlights,
    hit_test,
    mission_box,
)
from tests.offtherails.play import KindBot

L = LAYOUT
TWO_EXITS = ("NS", "EW", "NE", "ES", "SW", "NW")
JUNCTIONS = ("NES", "ESW", "NSW", "NEW", "NESW")


def drawn(data: dict[str, Any], **kwargs: Any) -> RecordingPainter:
    painter = RecordingPainter(L.width, L.height, layers=LAYERS)
    draw(data, painter, **kwargs)
    return painter


def rail_ends(painter: RecordingPainter, square: tuple[int, int]) -> set[str]:
    """The sides of ``square`` that rail segments drawn on the pieces layer reach."""
    reached = set()
    for call in painter.by_name("lines", "pieces"):
        if call["stroke"] != RAIL:
            continue
        for segment in call["segments"]:
            for point in segment:
                for side, letter in enumerate("NESW"):
                    if math.dist(point, L.edge_point(square, side)) <= L.cell * 0.14:
                        reached.add(letter)
    return reached


@pytest.mark.parametrize("exits", TWO_EXITS + JUNCTIONS)
def test_every_tile_kind_and_orientation_has_rails_to_exactly_its_exits(exits: str) -> None:
    square = (5, 5)
    painter = drawn(scenarios.build(tiles={square: exits}))
    assert rail_ends(painter, square) == set(exits)
    plates = [c for c in painter.by_name("rects", "pieces") if c["boxes"]]
    assert any(math.dist((b[0] + b[2] / 2, b[1] + b[3] / 2), L.centre(square)) < 1
               for c in plates for b in c["boxes"])  # fmt: skip


def test_junctions_have_a_hub_and_corners_curve() -> None:
    painter = drawn(scenarios.build(tiles={(5, 5): "NES", (6, 6): "NE"}))
    hubs = [p for c in painter.by_name("circles", "pieces") for p in c["centres"]]
    assert any(math.dist(p, L.centre((5, 5))) < 1 for p in hubs)
    assert not any(math.dist(p, L.centre((6, 6))) < 1 for p in hubs)
    # a corner's rails are arcs about the tile's north-east corner, never through its centre
    x, y = L.origin((6, 6))
    corner = (x + L.cell, y)
    arcs = [seg for c in painter.by_name("lines", "pieces") if c["stroke"] == RAIL
            for seg in c["segments"] if L.origin((6, 6))[0] <= seg[0][0] <= x + L.cell
            and y <= seg[0][1] <= y + L.cell]  # fmt: skip
    radii = {round(math.dist(p, corner)) for seg in arcs for p in seg}
    assert radii == {round(L.cell / 2 - L.cell * 0.13), round(L.cell / 2 + L.cell * 0.13)}


def shapes_at(painter: RecordingPainter, point: tuple[float, float], tol: float) -> list[Any]:
    """(kind of shape, corners, fill) of every shape on the pieces layer centred near ``point``."""
    found = []
    for call in painter.by_name("polygons", "pieces"):
        for shape, fill in zip(call["shapes"], call["fills"], strict=True):
            xs = [p[0] for p in shape]
            ys = [p[1] for p in shape]
            if math.dist((sum(xs) / len(xs), sum(ys) / len(ys)), point) <= tol:
                found.append(("polygon", len(shape), fill))
    for call in painter.by_name("circles", "pieces"):
        for centre, fill in zip(call["centres"], call["fills"], strict=True):
            if math.dist(centre, point) <= tol:
                found.append(("circle", 0, fill))
    return found


def test_every_item_kind_has_its_own_shape_and_colour_and_counts_show() -> None:
    stuff = {"rock": 1, "ruby": 2, "emerald": 3, "gold": 1, "diamond": 2}
    square = (5, 5)
    painter = drawn(scenarios.build(items={square: stuff}))
    shapes = shapes_at(painter, L.centre(square), L.cell * 0.55)
    fills = {fill for _, _, fill in shapes}
    assert fills == set(ITEM_FILL)
    kinds = {(kind, n) for kind, n, _ in shapes}
    assert len(kinds) == 5  # five different shapes: lump, triangle, octagon, disc, rhombus
    texts = [c["text"] for c in painter.by_name("text", "pieces")
             if math.dist((c["x"], c["y"]), L.centre(square)) < L.cell / 2]  # fmt: skip
    assert sorted(texts) == ["2", "2", "3"]  # counts only where more than one


@pytest.mark.parametrize("facing", "NESW")
def test_carts_point_their_nose_where_they_face(facing: str) -> None:
    back = {"N": "S", "S": "N", "E": "W", "W": "E"}[facing]
    exits = "".join(sorted(facing + back, key="NESW".index))
    square = (5, 5)
    position = scenarios.build(tiles={square: exits}, carts=[
        scenarios.cart(0, "black", square, facing, back, speed=5, contents={"ruby": 2})])  # fmt: skip
    painter = drawn(position)
    bodies = [shape for call in painter.by_name("polygons", "pieces")
              for shape, fill in zip(call["shapes"], call["fills"], strict=True)
              if fill == CLAN_FILL[0]]  # fmt: skip
    body = min(bodies, key=lambda b: math.dist(b[0], L.centre(square)))
    edge = L.edge_point(square, "NESW".index(facing))
    nose = min(body, key=lambda p: math.dist(p, edge))
    assert math.dist(nose, edge) < L.cell * 0.2
    near = [c for c in painter.by_name("text", "pieces")
            if math.dist((c["x"], c["y"]), L.centre(square)) < L.cell / 2]  # fmt: skip
    assert {c["text"] for c in near} == {"5", "2"}  # the speed die and the load
    dice = [(b, f) for c in painter.by_name("rects", "pieces")
            for b, f in zip(c["boxes"], c["fills"], strict=True) if f == DIE_FILL["black"]]  # fmt: skip
    assert any(math.dist((b[0] + b[2] / 2, b[1] + b[3] / 2), L.centre(square)) < 5 for b, _ in dice)


def test_chasm_tokens_are_holes_with_a_rim_of_their_colour() -> None:
    painter = drawn(scenarios.build(chasm={(2, 2): "red", (9, 9): "green", (5, 5): "blue"}))
    holes = {(round(x), round(y)): c["stroke"] for c in painter.by_name("circles", "pieces")
             if set(c["fills"]) == {"#17110C"} for x, y in c["centres"]}  # fmt: skip
    for square, colour in (((2, 2), 0), ((9, 9), 2), ((5, 5), 3)):
        x, y = L.centre(square)
        assert holes[(round(x), round(y))] == CLAN_FILL[colour]


def test_the_static_board_has_mines_numbers_centres_and_starting_tracks() -> None:
    painter = RecordingPainter(L.width, L.height, layers=LAYERS)
    draw(scenarios.build(), painter)
    texts = painter.by_name("text", "static")
    for colour, squares in enumerate(MINE_SQUARES):
        for number, square in enumerate(squares, start=1):
            assert any(t["text"] == str(number) and math.dist((t["x"], t["y"]), L.centre(square)) < 3
                       for t in texts), square  # fmt: skip
        assert any(t["text"] == "RYGB"[colour] and math.dist((t["x"], t["y"]), L.centre(MINE_CENTRE[colour])) < 3
                   for t in texts)  # fmt: skip
    ties = {c["stroke"]: c for c in painter.by_name("lines", "static") if c["stroke"] in CLAN_FILL}
    for side, tracks in enumerate(START_TRACKS):
        points = [p for seg in ties[CLAN_FILL[side]]["segments"] for p in seg]
        for track in tracks:
            assert any(math.dist(p, L.centre(track)) < L.cell / 2 for p in points)


def test_all_tracks_option_draws_every_surface_position() -> None:
    few = drawn(scenarios.build()).by_name("lines", "static")
    every = drawn(scenarios.build(), all_tracks=True).by_name("lines", "static")
    count = lambda calls: sum(len(c["segments"]) for c in calls if c["stroke"] == CLAN_FILL[0])  # noqa: E731
    assert count(every) == 3 * count(few)


def finished(players: int, seed: int) -> otr.Game:
    game = otr.Game(players=players, seed=seed)
    bot = KindBot(seed)
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current_player)))  # type: ignore[arg-type]
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_whole_game_draws_at_every_step_and_no_text_is_under_12_px(players: int) -> None:
    game = otr.Game(players=players, seed=players)
    bot = KindBot(players)
    steps = 0
    while True:
        if steps % 25 == 0 or game.is_over:
            painter = drawn(game.position())
            assert all(c["size"] >= 12 for c in painter.by_name("text"))
        if game.is_over:
            break
        game.apply(bot.choose(game.view(game.current_player)))  # type: ignore[arg-type]
        steps += 1
    assert any(t.startswith("Game over") for t in painter.texts("pieces"))
    carts_on_board = [c for c in game.position()["carts"] if c["place"] == "board"]
    assert not carts_on_board


def test_the_end_board_shows_stockpiles_missions_and_carts_beside_it() -> None:
    game = finished(4, 11)
    data = game.position()
    painter = drawn(data)
    texts = painter.texts("pieces")
    for seat in range(4):
        assert game.player_name(seat) in " ".join(texts)
        claimed = data["missions"]["claimed"][seat]
        if claimed:
            assert "missions " + " ".join(f"M{m}" for m in claimed) in texts
    gone = sum(1 for c in data["carts"] if c["place"] == "gone")
    assert texts.count("gone") == gone
    assert texts.count("supply") == 8 - gone


def test_a_view_shows_no_more_than_the_seat_may_know() -> None:
    """Two games differing only in hidden things (deck order) give the same picture to a seat."""
    a = scenarios.build(players=3)
    b = scenarios.build(players=3)
    b["deposit_deck"] = list(reversed(b["deposit_deck"]))
    ga, gb = otr.Game.from_position(a), otr.Game.from_position(b)
    assert ga.position() != gb.position()
    for seat in range(3):
        assert ga.to_svg(seat=seat) == gb.to_svg(seat=seat)


def test_the_svg_picture_is_well_formed() -> None:
    game = finished(2, 5)
    root = ET.fromstring(game.to_svg())
    assert root.get("width") == str(L.width)
    assert otr.Game(players=3, seed=2)._repr_svg_().startswith("<svg")


def test_every_square_and_surface_position_is_hit_where_it_is_drawn() -> None:
    for row in range(-1, 13):
        for col in range(-1, 13):
            target = hit_test(*L.centre((row, col)))
            corner = row in (-1, 12) and col in (-1, 12)
            if corner:
                assert target is None
            else:
                assert target == SquareTarget((row, col), "N")
    x, y = L.origin((3, 7))
    assert hit_test(x + 2, y + L.cell / 2).edge == "W"  # type: ignore[union-attr]
    assert hit_test(x + L.cell - 2, y + L.cell / 2).edge == "E"  # type: ignore[union-attr]
    assert hit_test(x + L.cell / 2, y + L.cell - 2).edge == "S"  # type: ignore[union-attr]
    assert hit_test(L.width - 2, L.height - 2) is None


def test_carts_and_missions_beside_the_board_are_hit_where_they_are_drawn() -> None:
    data = otr.Game(players=4, seed=3).position()
    for cart in data["carts"]:
        x, y, w, h = cart_box(data, cart["owner"], cart["name"])
        assert hit_test(x + w / 2, y + h / 2, data=data) == CartTarget(cart["owner"], cart["name"])
    for number in data["missions"]["face_up"]:
        x, y, w, h = mission_box(data, number)
        assert hit_test(x + 20, y + h / 2, data=data) == MissionTarget(number)
    assert hit_test(L.panel_x + 5, 10, data=data) is None


def test_highlights_wash_lit_squares_and_point_arrows_out_of_a_square() -> None:
    painter = RecordingPainter(L.width, L.height, layers=LAYERS)
    draw_highlights(painter, squares=[(1, 1), (2, 2)], arrows=[((5, 5), "E")],
                    ghost=((1, 1), "NE"), selected=(2, 2), marks=[((4, 4), "1")])  # fmt: skip
    wash, outline = painter.by_name("rects", "highlights")[:2]
    assert len(wash["boxes"]) == len(outline["boxes"]) == 2
    arrow = painter.by_name("polygon", "highlights")[0]
    tip = max(arrow["points"], key=lambda p: p[0])
    assert tip[0] > L.edge_point((5, 5), 1)[0]  # the arrow points out through the east side
    assert "1" in painter.texts("highlights")
