"""Mini Rails drawing on the recording painter, the SVG picture and the hit test."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from railwidgets import minirails
from railwidgets.core.bots import RandomBot
from railwidgets.core.hexgrid import SQRT3
from railwidgets.draw import RecordingPainter
from railwidgets.draw.palette import SELECT
from railwidgets.minirails import scenarios
from railwidgets.minirails.boards import REMOVED, draw_boards
from railwidgets.minirails.components import (
    COMPANIES,
    COMPANY_LETTER,
    HEX_NAMES,
    MAP_HEXES,
    PLAYER_COLOURS,
    PLAYER_FILL,
    TERRAIN_VALUE,
    hex_name,
)
from railwidgets.minirails.render import (
    DEFAULT_LAYOUT,
    LAYERS,
    TERRAIN_FILL,
    FrameTarget,
    HexTarget,
    MarketTarget,
    describe,
    draw_game,
    draw_recent_moves,
    frame_centre,
    hit_test,
    round_end_frames,
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
        c
        for c in painter.by_name("text", "pieces")
        if L.hex_at(c["x"], c["y"]) in MAP_HEXES and c["text"] in COMPANY_LETTER.values()
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


def test_final_scoring_strikes_removed_shares_and_keeps_their_letters() -> None:
    game = finished(players=4, seed=2)
    painter = drawn(game)
    removed = [(line.seat, share) for line in game.scoring() for share in line.removed]
    assert removed
    strokes = painter.by_name("lines", "pieces")
    assert sum(len(c["segments"]) for c in strokes) == len(removed)
    rings = [c for c in painter.by_name("circles", "pieces") if c["stroke"] == REMOVED]
    ringed = [p for c in rings for p in c["centres"]]
    assert len(ringed) == len(removed)
    for seat, share in removed:  # the letter of a removed share is still drawn, in its cell
        x, _ = L.cell_centre(seat, share.value)
        assert any(
            math.dist(p, (t["x"], t["y"])) < 2 and abs(p[0] - x) < L.cell_w() / 2
            for p in ringed
            for t in painter.text_calls(COMPANY_LETTER[share.company], "pieces")
        ), (seat, share)
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


# -- issue 15: readable at a glance ---------------------------------------------------------------


def round_ending(players: int = 3, seed: int = 4, rounds: int = 1) -> tuple[minirails.Game, ...]:
    """(before, after): the game just before and after the move ending round ``rounds``."""
    game = minirails.Game(players=players, seed=seed)
    bot = RandomBot(seed=seed)
    while True:
        before = game.copy()
        game.apply(bot.choose(game))
        if len(game.state.taxed) == rounds:
            return before, game


def every_picture() -> list[tuple[str, RecordingPainter]]:
    """The table at the start, midway and the end for 2–5 players, with every overlay drawn."""
    pictures = []
    for players in (2, 3, 4, 5):
        for moves in (0, 3 * players + 1, 10_000):
            game = played(players=players, seed=players + 10, moves=moves)
            company = next((c for c in game.state.market if isinstance(c, str)), None)
            marks = [HexTarget(h) for h in game.legal_hexes(company)] if company else []
            recent = [(0, a) for a in game.history[-4:]]
            painter = drawn(game, highlights=marks, viewer=game.current_player, recent=recent)
            pictures.append((f"{players}p after {moves}", painter))
    before, after = round_ending(players=4, rounds=6)
    for k, frame in enumerate(round_end_frames(before, after)):
        painter = drawn(after)
        frame(painter)
        pictures.append((f"last round's end, frame {k}", painter))
    return pictures


def test_no_text_on_the_canvas_is_smaller_than_12_px() -> None:
    for name, painter in every_picture():
        small = [(c["text"], c["size"]) for c in painter.by_name("text") if c["size"] < 12]
        assert not small, f"{name}: {small}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_picture_is_as_tall_as_the_players_need(players: int) -> None:
    layout = L.for_players(players)
    game = finished(players=players, seed=players)
    painter = RecordingPainter(layout.width, layout.height, layers=LAYERS)
    draw_game(game, painter, layout=layout)
    lowest = max(
        max(c["y"] for c in painter.by_name("text")),
        max(y + h for c in painter.by_name("rects", "static") for _, y, _, h in c["boxes"]),
    )
    assert lowest <= layout.height <= lowest + 12  # no room kept for boards nobody plays
    assert layout.height <= L.height


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6])
def test_any_number_of_shares_at_one_value_stays_inside_its_cell(count: int) -> None:
    shares = [[minirails.Share(c, 3) for c in COMPANIES[:count]]]
    painter = RecordingPainter(layers=LAYERS)
    painter.layer("pieces")
    draw_boards(painter, shares, [frozenset()], L)
    x, y = L.cell_centre(0, 3)
    discs = painter.by_name("circles", "pieces")[0]
    r = discs["r"]
    assert r >= 8 and len(discs["centres"]) == count
    for cx, cy in discs["centres"]:
        assert abs(cx - x) + r <= L.cell_w() / 2 and abs(cy - y) + r <= L.board_row / 2
    letters = [(c["x"], c["y"]) for c in painter.by_name("text") if c["text"] in "RWTBYG"]
    assert len(letters) == count
    for a, b in itertools.combinations(letters, 2):  # 12 px letters never sit on each other
        assert abs(a[0] - b[0]) >= 12 or abs(a[1] - b[1]) >= 10


def test_lit_hexes_keep_their_dots_and_colour_in_view() -> None:
    game = played(moves=4)
    legal = game.legal_hexes("red")
    painter = drawn(game, highlights=[HexTarget(h) for h in legal])
    polygons = painter.by_name("polygons", "highlights")
    assert all(f is None for c in polygons for f in c["fills"])  # no wash over the hex
    band = polygons[0]
    corner = math.dist(band["shapes"][0][0], L.hex_centre(legal[0]))
    inner = corner * math.sqrt(3) / 2 - band["width"] / 2  # the band's inner edge
    dots = painter.by_name("circles", "static")[:2]
    for h in legal:
        centre = L.hex_centre(h)
        for c in dots:
            for p in c["centres"]:
                if math.dist(p, centre) < L.hex_size:
                    assert math.dist(p, centre) + c["r"] <= inner, h
    for h in legal:  # and the lit hex's name is written over the band
        assert painter.text_calls(hex_name(h), "highlights")


def test_every_hex_has_a_name_drawn_on_it_and_built_hexes_cover_theirs() -> None:
    game = played(moves=12)
    assert len(set(HEX_NAMES.values())) == len(MAP_HEXES) == len(HEX_NAMES)
    painter = drawn(game)
    for h in MAP_HEXES:
        (call,) = painter.text_calls(hex_name(h), "static")
        assert L.hex_at(call["x"], call["y"]) == h
    plates = painter.by_name("polygons", "pieces")[0]
    covered = {
        L.hex_at(sum(x for x, _ in s) / 6, sum(y for _, y in s) / 6) for s in plates["shapes"]
    }
    assert covered == set(game.state.board)


def test_describe_says_what_a_hex_a_slot_a_marker_and_a_frame_are() -> None:
    game = played(moves=1)
    empty = next(
        h for h in MAP_HEXES if h not in game.state.board and game.state.hexes[h] == "lake"
    )
    assert describe(game, empty).startswith(f"{hex_name(empty)}: Lake, -2 (empty")
    built, company = next(iter(game.state.board.items()))
    assert f"(a {company} disc)" in describe(game, HexTarget(built))
    slot, disc = next((i, c) for i, c in enumerate(game.state.market) if isinstance(c, str))
    text = describe(game, MarketTarget(slot))
    assert text.startswith(f"Slot {slot}: a {disc} disc.")
    assert f"Buy: a new {disc} share at 0." in text and f"every {disc} share moves" in text
    taken = next(i for i, c in enumerate(game.state.market) if isinstance(c, int))
    assert "marker" in describe(game, MarketTarget(taken))
    assert describe(game, FrameTarget("red")).startswith("The red frame: no blocked discs.")
    for bad in (MarketTarget(99), (9, 9), FrameTarget("pink")):
        with pytest.raises(ValueError):
            describe(game, bad)


def test_describe_leaves_out_a_used_action_and_says_when_a_company_is_blocked() -> None:
    game = scenarios.blocked_company()
    slot = game.state.market.index("red")
    text = describe(game, MarketTarget(slot))
    assert "Build: red is blocked, the disc goes onto its frame (red shares -1)." in text
    game.apply(minirails.Buy("red", slot))  # this player's Buy is used; the next still has it
    seat = game.current_player
    other = next(i for i, c in enumerate(game.state.market) if isinstance(c, str))
    assert ("Buy:" in describe(game, MarketTarget(other))) == ("buy" in game.actions_left(seat))


def test_on_the_viewers_turn_the_header_says_so_and_the_market_stands_out() -> None:
    game = played(moves=2)
    seat = game.current_player
    mine = drawn(game, viewer=seat)
    assert any("your turn" in t for t in mine.texts("pieces"))
    assert "YOUR TURN: take a disc" in mine.texts("highlights")
    frame = [
        r
        for r in mine.by_name("rect", "highlights")
        if r["stroke"] == PLAYER_FILL[PLAYER_COLOURS[seat]]
    ]
    assert frame and frame[0]["w"] >= len(game.state.market) * L.slot
    for others in (drawn(game, viewer=(seat + 1) % 3), drawn(game, viewer=seat, selected=0)):
        assert "YOUR TURN: take a disc" not in others.texts("highlights")
    assert not any("your turn" in t for t in drawn(game).texts("pieces"))


def test_recent_moves_are_numbered_in_the_movers_colour_where_they_happened() -> None:
    game = played(players=3, seed=8, moves=9)  # round 2 has begun: moves span the tax
    seats = _seats_of(game)
    moves = list(zip(seats[-5:], game.history[-5:], strict=True))
    painter = RecordingPainter(layers=LAYERS)
    draw_recent_moves(game, painter, moves)
    badges = {}
    for c in painter.by_name("text", "highlights"):
        badges.setdefault(int(c["text"]), []).append((c["x"], c["y"], c["fill"]))
    assert sorted(badges) == [1, 2, 3, 4, 5]
    fills = {
        (round(c["x"]), round(c["y"])): c["fill"]
        for c in painter.by_name("circle", "highlights")
        if c["fill"]
    }
    this_round = game.state.turn
    for k, (seat, action) in enumerate(moves, 1):
        colour = PLAYER_FILL[PLAYER_COLOURS[seat]]
        places = [(x, y) for x, y, _ in badges[k]]
        assert all(fills[round(x), round(y - 0.5)] == colour for x, y in places)
        if action.kind == "build" and action.hex is not None:
            assert any(math.dist(p, L.hex_centre(action.hex)) < 2 * L.disc_r for p in places)
        elif action.kind == "buy":
            assert any(p[1] > L.boards_y for p in places)  # on the profit boards
        in_market = any(math.dist(p, L.market_slot_centre(action.slot)) < L.slot for p in places)
        assert in_market == (len(moves) - k < this_round)
    with pytest.raises(ValueError, match="last moves"):
        draw_recent_moves(game, painter, moves[:-1])


def _seats_of(game: minirails.Game) -> list[int]:
    """Who made each move of ``game`` (replayed from the start)."""
    replay = minirails.Game(players=game.num_players, seed=game.seed)
    seats = []
    for action in game.history:
        seats.append(replay.current_player)
        replay.apply(action)
    return seats


def header(painter: RecordingPainter) -> str:
    (call,) = [
        c for c in painter.by_name("text", "pieces") if (c["x"], c["y"]) == (L.panel_x, L.header_y)
    ]
    return call["text"]


def test_a_rounds_end_is_four_frames_tax_markers_new_order_new_market() -> None:
    before, after = round_ending(players=3, rounds=2)
    assert round_end_frames(after.copy(), after) == []
    frames = round_end_frames(before, after)
    assert len(frames) == 4
    pictures = []
    for frame in frames:
        painter = drawn(after)
        frame(painter)
        pictures.append(painter)
    taxed = after.state.taxed[-1]
    assert [header(p) for p in pictures] == [
        f"Round 2 ends: {taxed} is taxed",
        "Markers in the market: the next order",
        "Round 3: the new order",
        "Round 3 of 6: a new market",
    ]
    # 1: the market full of markers and the one disc left, which is not yet taxed
    slot = next(
        i for i, x in enumerate(before.state.market) if x == taxed and i != after.history[-1].slot
    )
    assert COMPANY_LETTER[taxed] in letters_at(pictures[0], L.market_slot_centre(slot), "pieces")
    assert len(letters_at(pictures[0], L.slot_centre(L.taxed_y, 1), "pieces")) == 0
    # 2: the disc in the taxed area, every marker still in the market, none on the order track
    assert COMPANY_LETTER[taxed] in letters_at(pictures[1], L.slot_centre(L.taxed_y, 1), "pieces")
    assert not letters_at(pictures[1], L.slot_centre(L.order_y, 0), "pieces")
    # 3: the new order on the order track, the market empty; 4: the new market
    for i, seat in enumerate(after.state.order):
        assert str(seat + 1) in letters_at(pictures[2], L.slot_centre(L.order_y, i), "pieces")
    assert not letters_at(pictures[2], L.market_slot_centre(0), "pieces")
    for i, company in enumerate(after.state.market):
        assert COMPANY_LETTER[company] in letters_at(pictures[3], L.market_slot_centre(i), "pieces")


def test_the_last_rounds_end_ends_on_the_final_scores() -> None:
    before, after = round_ending(players=4, rounds=6)
    frames = round_end_frames(before, after)
    assert len(frames) == 3  # no new order, no new market
    pictures = []
    for frame in frames:
        painter = drawn(after)
        frame(painter)
        pictures.append(painter)
    assert [header(p) for p in pictures[:2]] == [
        f"Round 6 ends: {after.state.taxed[-1]} is taxed",
        "Six discs taxed: the game is over",
    ]
    assert header(pictures[2]) == header(drawn(after))  # the game-over headline
    assert pictures[2].calls == drawn(after).calls  # the final scores, as the table shows them


def test_describe_names_the_best_and_worst_hex_a_build_could_reach() -> None:
    game = played(moves=1)
    slot, company = next((i, c) for i, c in enumerate(game.state.market) if isinstance(c, str))
    legal = game.legal_hexes(company)
    values = {h: TERRAIN_VALUE[game.state.hexes[h]] for h in legal}
    best, worst = max(values.values()), min(values.values())
    text = describe(game, MarketTarget(slot))
    best_names = [hex_name(h) for h, v in values.items() if v == best]
    worst_names = [hex_name(h) for h, v in values.items() if v == worst]
    assert any(f"{best:+d} at {n}" in text for n in best_names), text
    assert any(f"{worst:+d} at {n}" in text for n in worst_names), text


@pytest.mark.parametrize(
    "target", [HexTarget((0, 0)), MarketTarget(1), FrameTarget("blue")], ids=repr
)
def test_the_hovered_target_gets_a_thin_outline(target: object) -> None:
    game = played()
    plain = drawn(game)
    hover = drawn(game, hovered=target)
    extra = [c for c in hover.calls if c not in plain.calls]
    assert extra and all(c.layer == "highlights" and c["stroke"] == SELECT for c in extra)
