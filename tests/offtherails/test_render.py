"""Off the Rails drawing on the recording painter, the SVG picture and the hit test."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.draw import RecordingPainter
from railwidgets.draw.palette import MUTED, SELECT
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.components import MINE_CENTRE, MINE_SQUARES, START_TRACKS
from railwidgets.offtherails.glyphs import CLAN_FILL, DIE_FILL, ITEM_FILL, RAIL
from railwidgets.offtherails.render import (
    LAYERS,
    LAYOUT,
    TALL_LAYOUT,
    CartTarget,
    Layout,
    MissionTarget,
    SquareTarget,
    cart_box,
    draw,
    draw_highlights,
    hit_test,
    mission_box,
)
from tests.offtherails.play import KindBot, dense_start

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


# -- issue 27 item 9: room for items, arrows hit where drawn, the panel below the board --------

Box = tuple[float, float, float, float]  # left, top, right, bottom


def outline_box(points: list[tuple[float, float]], pad: float) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def board_boxes(painter: RecordingPainter, layout: Layout) -> tuple[list[Box], list[Box]]:
    """The boxes, outlines included, of the items and of the carts' parts (body, die, load
    badge) drawn on the board (the panel's are left out)."""

    def on_board(box: Box) -> bool:
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return layout.board_x < x < layout.board_right and layout.board_y < y < layout.board_bottom

    items: list[Box] = []
    carts: list[Box] = []
    for call in painter.by_name("polygons", "pieces"):
        for shape, fill in zip(call["shapes"], call["fills"], strict=True):
            box = outline_box(shape, call["width"] / 2)
            if fill in ITEM_FILL:
                items.append(box)
            elif fill in CLAN_FILL or fill == MUTED:
                carts.append(box)
    for call in painter.by_name("circles", "pieces"):
        for (x, y), fill in zip(call["centres"], call["fills"], strict=True):
            box = outline_box([(x, y)], call["r"] + call["width"] / 2)
            if fill == ITEM_FILL[3]:  # gold
                items.append(box)
            elif fill in CLAN_FILL:  # a load badge
                carts.append(box)
    for call in painter.by_name("rects", "pieces"):
        for (x, y, w, h), fill in zip(call["boxes"], call["fills"], strict=True):
            if fill in DIE_FILL.values():
                carts.append(outline_box([(x, y), (x + w, y + h)], call["width"] / 2))
    return [b for b in items if on_board(b)], [b for b in carts if on_board(b)]


def every_arrow(painter: RecordingPainter, layout: Layout) -> list[Box]:
    """The boxes of exit arrows drawn on every side of every square and surface position."""
    squares = [(r, c) for r in range(-1, 13) for c in range(-1, 13)]
    draw_highlights(painter, layout, arrows=[(sq, e) for sq in squares for e in "NESW"])
    calls = [c for c in painter.by_name("polygon", "highlights") if c["fill"] == SELECT]
    return [outline_box(c["points"], c["width"] / 2) for c in calls]


def crowded() -> dict[str, Any]:
    """Carts facing every way, loaded and empty, on squares holding four and five kinds of item,
    beside squares as full, as tightly as the bag allows."""
    five = {"rock": 1, "ruby": 2, "emerald": 1, "gold": 1, "diamond": 1}
    four = {"rock": 2, "ruby": 1, "emerald": 1, "gold": 1}
    squares = [(5, 5), (5, 6), (6, 5), (6, 6), (2, 2), (2, 3)]
    items = {sq: dict(five if k < 4 else four) for k, sq in enumerate(squares)}
    carts = [scenarios.cart(0, "white", (5, 5), "N", "S", contents={"ruby": 3}),
             scenarios.cart(0, "black", (5, 6), "E", "W"),
             scenarios.cart(1, "white", (6, 5), "S", "N", speed=5, contents={"gold": 1}),
             scenarios.cart(1, "black", (6, 6), "W", "E", contents={"emerald": 2}),
             scenarios.cart(2, "white", (2, 2), "E", "W", contents={"rock": 4}),
             scenarios.cart(3, "white", (2, 3), "S", "N")]  # fmt: skip
    return scenarios.build(4, items=items, carts=carts, tiles={sq: "NESW" for sq in squares})


def sample_positions() -> list[dict[str, Any]]:
    """Positions of games on a board full of junctions, where carts meet and stop on items."""
    positions = [crowded()]
    for seed in range(6):
        game = dense_start(2 + seed % 3, seed)
        bot = KindBot(seed)
        for step in range(900):
            if game.is_over:
                break
            if step % 10 == 0:
                positions.append(game.position())
            game.apply(bot.choose(game.view(game.current_player)))  # type: ignore[arg-type]
    return positions


POSITIONS = sample_positions()
#: The two layouts, and squares smaller and larger than theirs (the panel moved out of the way).
SIZES = [LAYOUT, TALL_LAYOUT, replace(LAYOUT, cell=36.0),
         replace(LAYOUT, cell=56.0, width=1200, height=840, panel_x=830.0)]  # fmt: skip


def test_the_sample_holds_carts_standing_on_items_and_crowded_squares() -> None:
    """The test below means something: carts share squares with items in the sample."""
    shared = 0
    for data in POSITIONS:
        carts = {tuple(c["square"]) for c in data["carts"] if c["place"] == "board"}
        shared += sum(1 for sq in data["squares"] if sq["items"] and tuple(sq["square"]) in carts)
    assert shared >= 20
    assert any(len(sq["items"]) == 5 for data in POSITIONS for sq in data["squares"])


@pytest.mark.parametrize("layout", SIZES, ids=lambda layout: f"cell{layout.cell:.0f}")
def test_27_9_items_never_overlap_carts_or_exit_arrows(layout: Layout) -> None:
    arrows = every_arrow(RecordingPainter(layout.width, layout.height, LAYERS), layout)
    for data in POSITIONS:
        painter = RecordingPainter(layout.width, layout.height, LAYERS)
        draw(data, painter, layout)
        items, carts = board_boxes(painter, layout)
        held = sum(1 for sq in data["squares"] for n in sq["items"].values() if n)
        assert len(items) == held  # every item drawn, one shape each
        for item in items:
            assert not any(overlap(item, cart) for cart in carts), (item, layout.cell)
            assert not any(overlap(item, arrow) for arrow in arrows), (item, layout.cell)
            # and inside its own square, clear of the neighbours' items
            x, y = (item[0] + item[2]) / 2, (item[1] + item[3]) / 2
            target = hit_test(x, y, layout)
            assert isinstance(target, SquareTarget)
            left, top = layout.origin(target.square)
            assert left < item[0] and item[2] < left + layout.cell
            assert top < item[1] and item[3] < top + layout.cell


def points_on_and_off(shape: list[tuple[float, float]], out: float) -> list[tuple[float, float]]:
    """Points along the outline of a convex ``shape`` moved ``out`` px outwards, and its centre."""
    cx = sum(p[0] for p in shape) / len(shape)
    cy = sum(p[1] for p in shape) / len(shape)
    points = [(cx, cy)]
    for (ax, ay), (bx, by) in zip(shape, shape[1:] + shape[:1], strict=True):
        length = math.dist((ax, ay), (bx, by))
        nx, ny = (by - ay) / length, -(bx - ax) / length  # a normal; made to point outwards
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if (mx + nx - cx) ** 2 + (my + ny - cy) ** 2 < (mx - cx) ** 2 + (my - cy) ** 2:
            nx, ny = -nx, -ny
        for k in range(11):
            t = k / 10
            points.append((ax + t * (bx - ax) + nx * out, ay + t * (by - ay) + ny * out))
    for x, y in shape:  # the corners, the tip's included, moved away from the centre
        d = math.dist((x, y), (cx, cy))
        points.append((x + (x - cx) / d * out, y + (y - cy) / d * out))
    return points


@pytest.mark.parametrize("layout", [LAYOUT, TALL_LAYOUT], ids=["wide", "tall"])
def test_27_9_a_click_on_any_visible_part_of_an_exit_arrow_picks_that_arrow(
    layout: Layout,
) -> None:
    for row in range(-1, 13):
        for col in range(-1, 13):
            if row in (-1, 12) and col in (-1, 12):
                continue  # no surface position in the corners
            lit = [((row, col), edge) for edge in "NESW"]
            painter = RecordingPainter(layout.width, layout.height, LAYERS)
            draw_highlights(painter, layout, arrows=lit)
            drawn = [c for c in painter.by_name("polygon", "highlights") if c["fill"] == SELECT]
            assert len(drawn) == 4
            for call, (square, edge) in zip(drawn, lit, strict=True):
                shape, half = call["points"], call["width"] / 2
                cx = sum(p[0] for p in shape) / len(shape)
                cy = sum(p[1] for p in shape) / len(shape)
                rim = points_on_and_off(shape, 0.0)
                inside = [(cx + t * (x - cx), cy + t * (y - cy)) for x, y in rim
                          for t in (0.3, 0.6, 0.9)]  # fmt: skip
                # the fill, the outline, and just inside the outline's outer edge
                for x, y in inside + rim + points_on_and_off(shape, half - 0.05):
                    assert hit_test(x, y, layout, arrows=lit) == SquareTarget(square, edge)
                # beyond what is drawn, the arrow takes nothing a click would otherwise hit
                for x, y in points_on_and_off(shape, half + 1.5)[1:]:
                    assert hit_test(x, y, layout, arrows=lit) == hit_test(x, y, layout)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_27_9_the_tall_layout_puts_the_panel_below_the_board(players: int) -> None:
    layout = TALL_LAYOUT.for_players(players)
    assert layout.width < 640 and layout.cell == LAYOUT.cell
    game = finished(players, 7)
    for data in (otr.Game(players=players, seed=7).position(), game.position()):
        painter = RecordingPainter(layout.width, layout.height, LAYERS)
        draw(data, painter, layout)
        # every word of the panel beside the board is below it (some lines cut shorter)
        below = [
            c["text"] for c in painter.by_name("text", "pieces") if c["y"] > layout.board_bottom
        ]
        beside = [c["text"] for c in drawn(data).by_name("text", "pieces")
                  if c["x"] >= LAYOUT.panel_x]  # fmt: skip
        assert sorted(" ".join(below).split()) == sorted(" ".join(beside).split())
        assert any(text.startswith(("Turn", "Game over", "Setup")) for text in below)
        for call in painter.by_name("text", "pieces"):
            assert 0 <= call["x"] < layout.width and 0 < call["y"] < layout.height - 4
        for cart in data["carts"]:
            x, y, w, h = cart_box(data, cart["owner"], cart["name"], layout)
            assert y > layout.board_bottom and x + w <= layout.width
            target = hit_test(x + w / 2, y + h / 2, layout, data)
            assert target == CartTarget(cart["owner"], cart["name"])
        for number in data["missions"]["face_up"]:
            x, y, w, h = mission_box(data, number, layout)
            assert x + w <= layout.width + 2 and y + h < layout.height
            assert hit_test(x + 20, y + h / 2, layout, data) == MissionTarget(number)
    assert hit_test(*layout.centre((11, 11)), layout) == SquareTarget((11, 11), "N")


def test_27_a_derailment_is_tagged_on_the_board_where_the_cart_left_the_track() -> None:
    """The derailed cart is gone from the board: a × tag marks the square it ran off, for
    the person whose move it was and for the next one, until they decide again."""
    from railwidgets import OffTheRailsWidget
    from railwidgets.offtherails import EndActions, scenarios
    from railwidgets.offtherails.widget import DERAILED

    w = OffTheRailsWidget(
        game=scenarios.derailment(), seats=["human", "greedy"], bot_pause=0, animate=False
    )
    try:
        assert w._derailed() == [] and f">{DERAILED}<" not in w.to_svg()
        w.play(EndActions())  # Red's cart runs off the end of its track at (5, 7)
        assert w._derailed() == [(5, 7)]
        assert f">{DERAILED}<" in w.to_svg()
    finally:
        w.close()


@pytest.mark.parametrize("square", [42.0, 35.0])
def test_27_a_carts_load_number_fits_inside_its_badge(square: float) -> None:
    """The load badge's number was 12 px in a ring 12 px across: it stood out of the ring
    over the cart and read as a Z (the play-through). Its size follows the ring's."""
    from railwidgets.draw.metrics import text_width
    from railwidgets.offtherails.glyphs import draw_cart

    painter = RecordingPainter(100, 100)
    draw_cart(painter, 50, 50, square, colour=0, facing=2, die="white", speed=3, load=2)
    (ring,) = [c for c in painter.calls if c.name in ("circle", "circles")]
    digit = next(c for c in painter.calls if c.name == "text" and c["text"] == "2")
    size = digit["size"]
    assert text_width("2", size, bold=True) < 2 * ring["r"] * 0.8
    assert size * 0.75 < 2 * ring["r"] * 0.7  # a digit's height, about three quarters of its size
