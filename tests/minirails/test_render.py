"""Mini Rails drawing on the recording painter, the SVG picture and the hit test."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from railwidgets import minirails
from railwidgets.core.bots import RandomBot
from railwidgets.core.hexgrid import SQRT3
from railwidgets.draw import RecordingPainter
from railwidgets.minirails import scenarios
from railwidgets.minirails.components import (
    COMPANIES,
    COMPANY_LETTER,
    MAP_HEXES,
    TERRAIN_VALUE,
)
from railwidgets.minirails.render import (
    DEFAULT_LAYOUT,
    LAYERS,
    TERRAIN_FILL,
    FrameTarget,
    HexTarget,
    MarketTarget,
    draw_game,
    frame_centre,
    hit_test,
)

L = DEFAULT_LAYOUT


def played(players: int = 3, seed: int = 7, moves: int = 0) -> minirails.Game:
    game = minirails.Game(players=players, seed=seed)
    bot = RandomBot(seed=seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(bot.choose(game.view(game.current_player)))
    return game


def finished(players: int = 3, seed: int = 7) -> minirails.Game:
    return played(players, seed, moves=10_000)


def drawn(game: minirails.Game, **kwargs: object) -> RecordingPainter:
    painter = RecordingPainter(L.width, L.height, layers=LAYERS)
    draw_game(game, painter, **kwargs)  # type: ignore[arg-type]
    return painter


def near(a: tuple[float, float], b: tuple[float, float], tol: float = 1.0) -> bool:
    return math.dist(a, b) <= tol


def letters_at(painter: RecordingPainter, point: tuple[float, float], layer: str) -> list[str]:
    return [
        c["text"] for c in painter.by_name("text", layer) if near((c["x"], c["y"]), point, tol=4)
    ]


def test_all_49_hexes_are_drawn_in_their_terrain_colour() -> None:
    game = played()
    painter = drawn(game)
    hexes = painter.by_name("polygons", "static")[0]
    assert len(hexes["shapes"]) == 49
    centres = {
        (round(sum(x for x, _ in s) / 6, 3), round(sum(y for _, y in s) / 6, 3)): fill
        for s, fill in zip(hexes["shapes"], hexes["fills"], strict=True)
    }
    for h in MAP_HEXES:
        x, y = L.hex_centre(h)
        fill = next(f for (cx, cy), f in centres.items() if near((cx, cy), (x, y)))
        assert fill == TERRAIN_FILL[game.state.hexes[h]]


def test_terrain_shows_white_dots_for_profit_and_red_dots_for_loss() -> None:
    game = played()
    painter = drawn(game)
    white_dots = sum(max(0, TERRAIN_VALUE[t]) for t in game.state.hexes.values())
    red_dots = sum(max(0, -TERRAIN_VALUE[t]) for t in game.state.hexes.values())
    circles = painter.by_name("circles", "static")
    map_white, map_red = circles[0], circles[1]
    assert set(map_white["fills"]) == {"#FFFFFF"} and len(map_white["centres"]) == white_dots
    assert set(map_red["fills"]) == {"#D32F2F"} and len(map_red["centres"]) == red_dots


@pytest.mark.parametrize("moves", [0, 20, 10_000])
def test_every_disc_on_the_map_is_drawn_with_its_letter(moves: int) -> None:
    game = played(players=4, seed=3, moves=moves)
    painter = drawn(game)
    for h, company in game.state.board.items():
        assert COMPANY_LETTER[company] in letters_at(painter, L.hex_centre(h), "pieces"), h
    map_letters = [
        c for c in painter.by_name("text", "pieces") if L.hex_at(c["x"], c["y"]) in MAP_HEXES
    ]
    assert len(map_letters) == len(game.state.board)


def test_market_discs_and_markers_taxed_area_and_bag_are_drawn() -> None:
    game = played(players=3, seed=5, moves=9)  # round 2 under way: something taxed, markers out
    painter = drawn(game)
    s = game.state
    for slot, item in enumerate(s.market):
        text = COMPANY_LETTER[item] if isinstance(item, str) else str(item + 1)
        assert text in letters_at(painter, L.market_slot_centre(slot), "pieces")
    for i, company in enumerate(s.taxed):
        assert COMPANY_LETTER[company] in letters_at(painter, L.slot_centre(L.taxed_y, i), "pieces")
    for company in COMPANIES:
        assert f"× {s.bag[company]}" in painter.texts("pieces")
    assert any(t.startswith(f"Round {s.round} of 6") for t in painter.texts("pieces"))


def test_every_share_sits_at_its_value_on_its_profit_board() -> None:
    game = played(players=3, seed=9, moves=25)
    painter = drawn(game)
    texts = painter.by_name("text", "pieces")
    for seat, shares in enumerate(game.state.shares):
        for share in shares:
            x, y = L.cell_centre(seat, share.value)
            w = L.cell_w()
            found = [
                t
                for t in texts
                if abs(t["x"] - x) < w / 2
                and abs(t["y"] - y) < L.board_row / 2
                and t["text"] == COMPANY_LETTER[share.company]
            ]
            assert found, (seat, share)


def test_blocked_discs_are_drawn_on_their_frame() -> None:
    game = scenarios.blocked_company()
    game.apply(minirails.Build("red", 0, None))  # Orange, then Purple: red is blocked twice
    game.apply(minirails.Build("red", 3, None))
    assert game.state.frame_discs["red"] == 2
    painter = drawn(game)
    tag = frame_centre(game, "red")
    discs = [
        c
        for c in painter.by_name("circles", "pieces")
        if c["fills"] and all(f == "#C62828" for f in c["fills"])
    ]
    near_frame = [p for c in discs for p in c["centres"] if math.dist(p, tag) < 5 * L.disc_r]
    assert len(near_frame) == 2
    for p in near_frame:
        assert hit_test(game, *p) == FrameTarget("red")


def test_legal_hexes_light_up_and_the_selected_slot_is_marked() -> None:
    game = played(moves=4)
    company = next(c for c in game.state.market if isinstance(c, str))
    legal = game.legal_hexes(company)
    painter = drawn(game, highlights=[HexTarget(h) for h in legal], selected=2)
    wash, outline = painter.by_name("polygons", "highlights")
    assert len(wash["shapes"]) == len(outline["shapes"]) == len(legal)
    lit = {L.hex_at(sum(x for x, _ in s) / 6, sum(y for _, y in s) / 6) for s in outline["shapes"]}
    assert lit == set(legal)
    assert outline["stroke"] and outline["width"] >= 3
    selected = [c for c in painter.by_name("rect", "highlights") if c["width"] >= 3]
    bx, by, bw, bh = L.slot_box(L.market_y, 2)
    assert any(
        near((r["x"] + r["w"] / 2, r["y"] + r["h"] / 2), (bx + bw / 2, by + bh / 2))
        for r in selected
    )


def test_raw_hex_tuples_and_frames_can_be_highlighted() -> None:
    game = played()
    painter = drawn(game, highlights=[(0, 0), FrameTarget("blue")])
    assert len(painter.by_name("polygons", "highlights")[0]["shapes"]) == 1
    assert painter.by_name("lines", "highlights")  # the frame's band, thick


def test_final_scoring_crosses_out_removed_shares_and_names_the_winner() -> None:
    game = finished(players=4, seed=2)
    painter = drawn(game)
    removed = sum(len(line.removed) for line in game.scoring())
    crosses = painter.by_name("lines", "pieces")
    assert sum(len(c["segments"]) for c in crosses) == 2 * removed
    winner = game.player_name(game.winners()[0])
    assert any(t.startswith("Game over") and winner in t for t in painter.texts("pieces"))


def test_hit_test_round_trips_every_hex_and_market_slot() -> None:
    game = played(players=5, seed=1)
    inner = L.hex_size * SQRT3 / 2
    for h in MAP_HEXES:
        x, y = L.hex_centre(h)
        assert hit_test(game, x, y) == HexTarget(h)
        for angle in range(0, 360, 45):  # anywhere well inside the hex
            dx = 0.8 * inner * math.cos(math.radians(angle))
            dy = 0.8 * inner * math.sin(math.radians(angle))
            assert hit_test(game, x + dx, y + dy) == HexTarget(h)
    for slot in range(len(game.state.market)):
        assert hit_test(game, *L.market_slot_centre(slot)) == MarketTarget(slot)
    for company in COMPANIES:
        assert hit_test(game, *frame_centre(game, company)) == FrameTarget(company)
    assert hit_test(game, 3, 3) is None
    assert hit_test(game, L.width - 5, L.height - 5) is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_svg_is_well_formed_at_the_start_midway_and_the_end(players: int) -> None:
    for moves in (0, 3 * players, 10_000):
        game = played(players=players, seed=players, moves=moves)
        root = ET.fromstring(game.to_svg())
        assert root.get("width") == str(L.width)
        ids = [g.get("id") for g in root.findall("{http://www.w3.org/2000/svg}g")]
        assert ids[:2] == ["layer-static", "layer-pieces"]
    assert game._repr_svg_() == game.to_svg()


def test_everything_fits_on_the_canvas() -> None:
    painter = drawn(finished(players=5, seed=4))
    for call in painter.calls:
        points: list[tuple[float, float]] = []
        if call.name == "text":
            points = [(call["x"], call["y"])]
        elif call.name in ("circles",):
            points = call["centres"]
        elif call.name == "polygons":
            points = [p for s in call["shapes"] for p in s]
        for x, y in points:
            assert 0 <= x <= L.width and 0 <= y <= L.height, (call.name, x, y)
