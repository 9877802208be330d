"""Mini Rails rule tests, named after the rules of rules/mini-rails.md they check."""

from __future__ import annotations

import json

import pytest

from railwidgets import minirails
from railwidgets.core import IllegalActionError, RecordError
from railwidgets.minirails import Build, Buy, scenarios
from railwidgets.minirails.components import (
    COMPANIES,
    MAP_HEXES,
    SETUP,
    TILE_FACES,
    TILE_SLOTS,
    frame_perimeter,
    start_hexes,
)
from railwidgets.minirails.scenarios import BLACK, GREEN, ORANGE, PURPLE, board, market, shares
from railwidgets.minirails.scenarios import with_changes as game
from railwidgets.minirails.state import MAP_NEIGHBOURS, Share


def unchanged(g: minirails.Game):
    """A context manager asserting that ``g`` is exactly as before the block."""

    class _Same:
        def __enter__(self):
            self.before = (json.dumps(g.position()), g.log, g.to_json())

        def __exit__(self, *exc):
            assert (json.dumps(g.position()), g.log, g.to_json()) == self.before
            return False

    return _Same()


# §2.3–2.5 the map -----------------------------------------------------------------------------


def test_2_3_map_has_49_hexes_24_on_the_perimeter():
    assert len(MAP_HEXES) == 49
    perimeter = [h for h in MAP_HEXES if sum(n in MAP_HEXES for n in MAP_NEIGHBOURS[h]) < 6]
    assert len(perimeter) == 24


def test_2_4_face_sums_match_the_table():
    values = minirails.components.TERRAIN_VALUE
    sums = {f: values[t.centre] + sum(values[x] for x in t.ring) for f, t in TILE_FACES.items()}
    assert sums == {
        "1A": 5,
        "1B": 5,
        "2A": 9,
        "2B": 8,
        "3A": 5,
        "3B": 6,
        "4A": 5,
        "4B": 4,
        "5A": 7,
        "5B": 6,
        "6A": 2,
        "6B": 6,
        "7A": 8,
        "7B": 5,
    }


def test_2_5_3_frame_perimeters_match_the_spec_table():
    spec = {
        1: [(1, -3), (2, -4), (3, -4), (3, -3)],
        2: [(3, -2), (4, -2), (4, -1), (3, 0)],
        3: [(2, 1), (2, 2), (1, 3), (0, 3)],
        4: [(-1, 3), (-2, 4), (-3, 4), (-3, 3)],
        5: [(-3, 2), (-4, 2), (-4, 1), (-3, 0)],
        6: [(-2, -1), (-2, -2), (-1, -3), (0, -3)],
    }
    for slot, hexes in spec.items():
        assert list(frame_perimeter(slot)) == hexes
        assert start_hexes(slot, 3) == tuple(hexes[1:])
        assert start_hexes(slot, 1) == (hexes[1],)  # D6: the primary arrow is position 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_2_6_setup(players):
    g = minirails.Game(players=players, seed=players)
    s, row = g.state, SETUP[players]
    assert sorted(t[1] for t in s.tiles) == list(TILE_SLOTS)
    assert s.tiles[0][:2] == (1, 0), "§2.6.2: the Big City tile lies in the middle"
    assert list(s.hexes.values()).count("big_city") == 1
    for company in COMPANIES:
        on_map = [h for h, c in s.board.items() if c == company]
        assert sorted(on_map) == sorted(start_hexes(s.frames[company], row.start_discs_per_company))
        assert s.bag[company] + s.market.count(company) == row.bag_per_company
    assert len(s.market) == 2 * players + 1
    first = s.order[0]
    clockwise = [(first + i) % players for i in range(players)]
    assert s.order == clockwise + clockwise[::-1], "§2.6.6: the snake A B … N N … B A"


def test_2_6_setup_is_random_but_seeded():
    layouts = {tuple(minirails.Game(players=3, seed=seed).state.tiles) for seed in range(20)}
    assert len(layouts) == 20
    assert (
        minirails.Game(players=3, seed=4).state.tiles
        == minirails.Game(players=3, seed=4).state.tiles
    )


def test_D1_two_players_is_the_designed_variant():
    g = minirails.Game(players=2, seed=3)
    assert "DESIGNED" in minirails.Game.__doc__ and "D1" in minirails.Game.__doc__
    assert len(g.state.board) == 18 and len(g.state.market) == 5
    assert sorted(g.state.order) == [0, 0, 1, 1]


# §2.7 the round ----------------------------------------------------------------------------------


def test_2_7_4_each_action_once_per_round():
    g = game(order=[ORANGE, ORANGE, PURPLE, GREEN, BLACK, BLACK, GREEN, PURPLE])
    g.apply(Buy(g.state.market[0], 0))
    assert g.current_player == ORANGE
    company = g.state.market[1]
    with unchanged(g), pytest.raises(IllegalActionError, match="already used buy"):
        g.apply(Buy(company, 1))
    assert all(isinstance(a, Build) for a in g.legal_actions())


def test_2_7_4_a_slot_holding_a_marker_is_not_a_disc():
    g = minirails.Game(players=3, seed=2)
    first = g.state.market[0]
    g.apply(Buy(first, 0))
    with unchanged(g), pytest.raises(IllegalActionError, match="marker"):
        g.apply(Buy(first, 0))
    with unchanged(g), pytest.raises(IllegalActionError, match="no market slot 7"):
        g.apply(Buy("red", 7))


def test_2_7_9_turn_order_example():
    """G K O G taxed P P K O gives next order G K O G P P K O (the [ES] example)."""
    g = scenarios.turn_order_example()
    g.apply(next(a for a in g.legal_actions() if a.slot == 8))  # Orange builds red from slot 8
    assert g.state.taxed == ["blue", "white"]
    assert g.state.order == [GREEN, BLACK, ORANGE, GREEN, PURPLE, PURPLE, BLACK, ORANGE]
    assert g.state.round == 3 and g.state.turn == 0
    assert g.current_player == GREEN
    assert "white is taxed" in " ".join(g.log)


def test_2_7_1_each_round_draws_2n_plus_1_and_the_bag_empties_after_round_6():
    g = minirails.Game(players=5, seed=9)
    rounds_seen = set()
    while not g.is_over:
        rounds_seen.add(g.state.round)
        if g.state.turn == 0:
            assert sum(1 for x in g.state.market if isinstance(x, str)) == 11
        g.apply(g.legal_actions()[0])
    assert rounds_seen == {1, 2, 3, 4, 5, 6}
    assert sum(g.state.bag.values()) == 0
    assert len(g.state.taxed) == 6
    assert all(len(seat) == 6 for seat in g.state.shares)


# §2.8 build ------------------------------------------------------------------------------------------


def round_3(**changes):
    """Round 3 of the scenario game (red runs from its start hex to the Big City)."""
    return game(**{**scenarios.ROUND_3, **changes})


EXTREME_SHARES = [
    shares(("tan", 1), ("red", 0)),
    shares(("red", 9), ("blue", 0)),
    shares(("white", 0), ("gray", 0)),
    shares(("yellow", 0), ("red", -9)),
]


def test_2_8_1_legal_hexes_are_empty_and_next_to_the_company():
    g = round_3()
    red = {h for h, c in g.state.board.items() if c == "red"}
    expected = {n for h in red for n in MAP_NEIGHBOURS[h]} - set(g.state.board)
    assert g.legal_hexes("red") == sorted(expected)
    assert (0, -1) in expected and (1, 0) not in expected  # (1, 0) holds a blue disc
    builds = {a.hex for a in g.legal_actions() if isinstance(a, Build) and a.company == "red"}
    assert builds == expected


def test_2_8_3_build_must_use_a_legal_hex():
    g = round_3()
    with unchanged(g):
        with pytest.raises(IllegalActionError, match="one disc per hex"):
            g.apply(Build("red", 0, (1, 0)))
        with pytest.raises(IllegalActionError, match="not next to a red disc"):
            g.apply(Build("red", 0, (3, -3)))
        with pytest.raises(IllegalActionError, match="not a hex of the map"):
            g.apply(Build("red", 0, (9, 9)))
        with pytest.raises(IllegalActionError, match=r"2\.8\.5"):
            g.apply(Build("red", 0, None))
        with pytest.raises(IllegalActionError, match="holds a red disc, not blue"):
            g.apply(Build("blue", 0, (2, 1)))
        with pytest.raises(IllegalActionError, match="malformed: use tuples"):
            g.apply(Build("red", 0, [0, -1]))  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match=r"malformed.*not an integer"):
            g.apply(Buy("blue", True))


def test_2_8_4_every_share_moves_by_the_terrain_value_and_is_clamped_on_its_own():
    g = round_3(shares=EXTREME_SHARES)
    assert g.state.hexes[(0, -1)] == "suburbs"
    g.apply(Build("red", 0, (0, -1)))
    assert g.state.shares[ORANGE] == (Share("tan", 1), Share("red", 3))
    assert g.state.shares[PURPLE][0].value == 10, "§2.8.4: 9 + 3 stops at +10"
    assert g.state.shares[PURPLE][1].value == 0, "another company does not move"
    assert g.state.shares[BLACK][1].value == -6


def test_2_8_4_clamping_at_minus_10():
    g = round_3(shares=EXTREME_SHARES)
    assert g.state.hexes[(-1, 0)] == "plains" and g.state.hexes[(0, 1)] == "mountains"
    g.apply(Build("red", 0, (0, 1)))
    assert g.state.shares[BLACK][1].value == -10, "§2.8.4: -9 - 3 stops at -10"
    assert g.state.shares[PURPLE][0].value == 6
    assert g.state.shares[ORANGE][1].value == -3


def test_2_8_5_a_blocked_company_goes_onto_its_frame_and_loses_1():
    g = scenarios.blocked_company()
    assert g.legal_hexes("red") == []
    builds = [a for a in g.legal_actions() if isinstance(a, Build) and a.company == "red"]
    assert [a.slot for a in builds] == [0, 3] and all(a.hex is None for a in builds)
    with unchanged(g), pytest.raises(IllegalActionError, match="blocked"):
        g.apply(Build("red", 0, (-1, 1)))
    board_before = dict(g.state.board)
    g.apply(Build("red", 0, None))
    assert g.state.frame_discs["red"] == 1
    assert g.state.shares[ORANGE][1] == Share("red", -1)
    assert g.state.shares[PURPLE][0] == Share("red", -1)
    assert g.state.board == board_before, "nothing is built on the map"


def test_2_8_5_the_frame_is_forbidden_while_a_legal_hex_exists():
    g = round_3()
    with unchanged(g), pytest.raises(IllegalActionError, match="only when the company is blocked"):
        g.apply(Build("red", 0, None))


def test_D7_frame_discs_give_no_adjacency():
    g = scenarios.blocked_company()
    g.apply(Build("red", 0, None))
    assert g.legal_hexes("red") == []


# §2.10–2.11 scoring ------------------------------------------------------------------------------------

ALL_TAXED_BUT_GRAY = ["red", "white", "tan", "blue", "yellow", "red"]
six = scenarios.final_shares


def test_2_10_scoring_example_orange_wins_with_11():
    """Red, White, Tan, Blue taxed; Yellow and Gray not: Orange +11, Black +10, Purple +7, Green +6."""
    g = scenarios.scoring_example()
    assert g.is_over
    assert g.scores() == [11, 7, 6, 10]
    assert g.winners() == [ORANGE]
    orange = g.scoring()[ORANGE]
    assert {(s.company, s.value) for s in orange.removed} == {("white", -4), ("yellow", 3)}
    assert not g.tie_break_used


def test_2_10_4_zero_shares_are_kept_and_a_company_taxed_twice_counts_once():
    g = scenarios.finished(
        ["red", "red", "red", "white", "white", "tan"],
        [
            shares(("red", 0), ("gray", 0), ("red", 2), ("white", 1), ("tan", 0), ("blue", 0)),
            shares(("red", -3), ("gray", 0), ("red", 2), ("white", 1), ("tan", 0), ("blue", 0)),
            six(("yellow", 0), filler="tan"),
            six(("yellow", 0), filler="blue"),
        ],
    )
    orange, purple = g.scoring()[:2]
    assert len(orange.kept) == 6 and orange.score == 3
    assert purple.removed == (Share("red", -3),) and purple.score == 3


def test_2_10_5_the_highest_score_wins_even_if_negative():
    g = scenarios.finished(
        ALL_TAXED_BUT_GRAY,
        [
            six(("gray", -4), filler="tan"),
            six(("gray", -2), filler="blue"),
            six(("gray", -3), filler="yellow"),
            six(("gray", -5), filler="white"),
        ],
    )
    assert g.scores() == [-4, -2, -3, -5]
    assert g.winners() == [PURPLE]


def test_2_11_tie_break_by_the_highest_share():
    g = scenarios.finished(
        ALL_TAXED_BUT_GRAY,
        [
            six(("red", 5), ("red", 1), filler="tan"),
            six(("blue", 4), ("blue", 2), filler="gray"),
            six(("yellow", 3), filler="white"),
            six(("tan", 0), filler="yellow"),
        ],
    )
    assert g.scores() == [6, 6, 3, 0]
    assert g.winners() == [ORANGE]
    assert g.tie_break_used


def test_2_11_tie_break_then_the_second_highest_share():
    g = scenarios.tie_break_example()
    assert g.scores()[:2] == [9, 9]
    assert g.winners() == [PURPLE] and g.tie_break_used


def test_2_11_2_all_equal_is_a_shared_victory_and_D8_pads_with_zero():
    """Orange kept five shares (its gray +3 is removed), Purple six: 4, 2, 0, 0, 0 and a
    missing share counted as 0 (D8) equal Purple's 4, 2, 0, 0, 0, 0."""
    g = scenarios.finished(
        ALL_TAXED_BUT_GRAY,
        [
            six(("red", 4), ("red", 2), ("gray", 3), filler="tan"),
            six(("blue", 4), ("blue", 2), ("gray", 0), filler="white"),
            six(("red", 1), filler="yellow"),
            six(("tan", 1), filler="gray"),
        ],
    )
    assert g.scores()[:2] == [6, 6]
    assert g.winners() == [ORANGE, PURPLE]
    assert g.tie_break_used


def test_2_11_3_a_kept_negative_share_is_below_a_missing_one():
    """The spec's example: equal totals 0; Orange keeps +1, −1, Purple +1, 0, 0, 0, 0, −1.

    Best shares +1 = +1; second best: Orange −1, Purple 0, so Purple wins. Orange's
    four removed shares count as 0 only after its kept −1 (D8: pad after sorting).
    """
    g = scenarios.finished(
        ALL_TAXED_BUT_GRAY,
        [
            shares(("red", 1), ("gray", -1), ("gray", 2), ("gray", 1), ("red", -2), ("tan", -1)),
            shares(("red", 1), ("white", 0), ("white", 0), ("tan", 0), ("tan", 0), ("gray", -1)),
            six(("gray", -3), filler="yellow"),
            six(("gray", -2), filler="blue"),
        ],
    )
    orange, purple = g.scoring()[:2]
    assert [s.value for s in orange.kept] == [1, -1]
    assert sorted((s.value for s in purple.kept), reverse=True) == [1, 0, 0, 0, 0, -1]
    assert g.scores() == [0, 0, -3, -2]
    assert orange.tie_break == (0, 1, -1, 0, 0, 0, 0)
    assert g.winners() == [PURPLE]
    assert g.tie_break_used


# bad positions: the shape of every field, and that the position can happen (§2.12) ------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"round": 9}, "round 9"),
        ({"shares": [shares(("red", 11)), [], [], []]}, "share value 11"),
        ({"shares": [shares(("violet", 1)), [], [], []]}, "not a company"),
        ({"board": board(((9, 9), "red"))}, "not a hex of the map"),
        ({"order": [0, 1, 2, 3]}, "two markers"),
        ({"taxed": ["red"] * 6}, "over once 6"),
        ({"market": market("red")}, "slots"),
        (
            {"frames": {"red": "1", "white": 2, "tan": 3, "blue": 4, "yellow": 5, "gray": 6}},
            "frames",
        ),
        ({"actions_left": [[], [], [], []]}, r"0 action\(s\) left but 2 turn\(s\) to come"),
        ({"shares": [shares(("red", 0)), [], [], []]}, "one Buy a round"),
        ({"taxed": ["red"]}, "round 1 follows 0 tax phases"),
    ],
)
def test_bad_positions_are_refused_with_the_reason(changes, message):
    with pytest.raises(RecordError, match=message):
        game(**changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"bag": {"red": 2, "white": 6, "tan": 3, "blue": 3, "yellow": 7, "gray": 6}},
            "11 red discs",
        ),
        ({"board": scenarios.ROUND_3["board"][1:]}, "start hex"),
        ({"board": [*scenarios.ROUND_3["board"], *board(((3, -3), "red"))]}, "not linked"),
        (
            {"market": [{"marker": ORANGE}, *scenarios.ROUND_3["market"][1:]]},
            "markers must be those",
        ),
    ],
)
def test_impossible_positions_are_refused_with_the_reason(changes, message):
    with pytest.raises(RecordError, match=message):
        game(**{**scenarios.ROUND_3, **changes})


def test_2_12_a_frame_disc_while_the_company_can_still_build_is_refused():
    """Discs never leave the map, so a company with a frame disc has been blocked ever since."""
    blocked = scenarios.blocked_company()
    blocked.apply(Build("red", 0, None))
    data = blocked.position()
    assert data["frame_discs"]["red"] == 1
    assert minirails.Game.from_position(data).state.frame_discs["red"] == 1
    red_free = {**scenarios.ROUND_3, "frame_discs": {**dict.fromkeys(COMPANIES, 0), "red": 1}}
    with pytest.raises(RecordError, match=r"red has 1 disc\(s\) on its frame but can still build"):
        game(**red_free)


# rules that had no test of their own (issue 13) ----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "on_map", "in_bag", "drawn"),
    [(2, 3, 5, 5), (3, 3, 7, 7), (4, 1, 9, 9), (5, 1, 11, 11)],
)
def test_2_1_and_2_5_4_setup_rows_are_the_spec_numbers(players, on_map, in_bag, drawn):
    """The spec's literal numbers, not read from the SETUP table the engine uses."""
    g = minirails.Game(players=players, seed=11)
    s = g.state
    for company in COMPANIES:
        assert list(s.board.values()).count(company) == on_map
        assert s.bag[company] + s.market.count(company) == in_bag
    assert len(s.market) == drawn
    assert (
        len(s.board) + sum(s.bag.values()) + len(s.market) == {2: 48, 3: 60, 4: 60, 5: 72}[players]
    )


def test_2_7_2_both_action_tiles_come_back_each_round():
    g = last_turn_of_round_2(GREEN, BLACK, ORANGE, GREEN, "white", PURPLE, PURPLE, BLACK, "red")
    assert g.actions_left(ORANGE) == {"build"}
    assert all(not g.actions_left(seat) for seat in (PURPLE, GREEN, BLACK))
    g.apply(Build("red", 8, g.legal_hexes("red")[0]))
    assert g.state.round == 3
    assert all(g.actions_left(seat) == {"buy", "build"} for seat in range(4))
    kinds = {type(a) for a in g.legal_actions()}
    assert kinds == {Buy, Build}


def test_2_7_5_a_new_share_starts_at_0_even_when_its_company_has_moved():
    g = round_3()
    assert g.state.shares[ORANGE] == (Share("tan", 1), Share("red", 5))
    g.apply(Buy("red", 0))  # red has gained 5 since Orange's first red share
    assert g.state.shares[ORANGE] == (Share("tan", 1), Share("red", 5), Share("red", 0))
    assert g.state.shares[PURPLE][0] == Share("red", 3), "buying moves no other share"


def test_2_7_5_a_fresh_buy_starts_at_0():
    g = minirails.Game(players=3, seed=7)
    seat = g.current_player
    g.apply(Buy("blue", 0))
    assert g.state.shares[seat] == (Share("blue", 0),)


def last_turn_of_round_2(*slots: str | int) -> minirails.Game:
    """Round 2, Orange's last turn (a Build); round 2 was played in a snake order starting
    with Orange, so next round's order, read from the market, differs from it."""
    data = scenarios.turn_order_example().position()
    return game(
        **{key: data[key] for key in ("round", "board", "turn", "actions_left", "shares", "taxed")},
        market=market(*slots),
        order=[ORANGE, PURPLE, GREEN, BLACK, BLACK, GREEN, PURPLE, ORANGE],
    )


def test_2_7_9_turn_order_example_from_a_different_order():
    """G K O G (taxed) P P K O gives G K O G P P K O, whatever the order was before."""
    g = last_turn_of_round_2(GREEN, BLACK, ORANGE, GREEN, "white", PURPLE, PURPLE, BLACK, "red")
    assert g.state.order == [ORANGE, PURPLE, GREEN, BLACK, BLACK, GREEN, PURPLE, ORANGE]
    assert g.current_player == ORANGE
    g.apply(Build("red", 8, g.legal_hexes("red")[0]))
    assert g.state.taxed == ["blue", "white"]
    assert g.state.order == [GREEN, BLACK, ORANGE, GREEN, PURPLE, PURPLE, BLACK, ORANGE]
    assert g.current_player == GREEN


def test_2_7_8_the_taxed_disc_in_the_first_market_slot():
    g = last_turn_of_round_2("white", GREEN, BLACK, ORANGE, GREEN, PURPLE, PURPLE, BLACK, "red")
    g.apply(Build("red", 8, g.legal_hexes("red")[0]))
    assert g.state.taxed == ["blue", "white"]
    assert g.state.order == [GREEN, BLACK, ORANGE, GREEN, PURPLE, PURPLE, BLACK, ORANGE]
    assert "white is taxed (slot 0)" in g.log[-2]


def test_2_7_8_the_taxed_disc_in_the_last_market_slot():
    g = last_turn_of_round_2(GREEN, BLACK, ORANGE, GREEN, "red", PURPLE, PURPLE, BLACK, "white")
    g.apply(Build("red", 4, g.legal_hexes("red")[0]))
    assert g.state.taxed == ["blue", "white"]
    assert g.state.order == [GREEN, BLACK, ORANGE, GREEN, ORANGE, PURPLE, PURPLE, BLACK]
    assert "white is taxed (slot 8)" in g.log[-2]


BLUE_SHARES = [
    shares(("tan", 1), ("blue", 0)),
    shares(("red", 3), ("blue", -1)),
    shares(("white", 0), ("gray", 0)),
    shares(("yellow", 0), ("tan", 0)),
]


@pytest.mark.parametrize(
    ("target", "terrain", "delta"),
    [
        ((1, 1), "farmland", 2),
        ((3, -2), "plains", 1),
        ((4, -1), "forest", -1),
        ((2, 1), "lake", -2),
    ],
)
def test_2_8_4_building_onto_each_terrain(target, terrain, delta):
    g = round_3(shares=BLUE_SHARES)
    assert g.state.hexes[target] == terrain
    g.apply(Build("blue", 1, target))
    assert g.state.shares[ORANGE][1] == Share("blue", delta)
    assert g.state.shares[PURPLE][1] == Share("blue", -1 + delta)
    assert g.state.shares[PURPLE][0] == Share("red", 3)


def test_2_8_2_the_big_city_is_an_ordinary_hex_worth_5():
    red_short_of_the_city = [
        entry for entry in scenarios.ROUND_3["board"] if entry["hex"] != [0, 0]
    ] + board(((-2, 2), "red"))
    g = round_3(board=red_short_of_the_city)
    assert g.state.hexes[(0, 0)] == "big_city" and (0, 0) in g.legal_hexes("red")
    g.apply(Build("red", 0, (0, 0)))
    assert g.state.shares[ORANGE][1] == Share("red", 10)
    assert g.state.shares[PURPLE][0] == Share("red", 8)
    assert (0, 0) not in g.legal_hexes("blue"), "only the first company gets it"


def test_2_8_4_the_rulebooks_blue_farmland_example():
    """Purple builds blue onto farmland: Orange's 1 blue share and Purple's 2 each gain 2."""
    g = round_3(
        turn=1,
        market=market(ORANGE, *[slot["company"] for slot in scenarios.ROUND_3["market"][1:]]),
        actions_left=[["build"], ["build", "buy"], ["build", "buy"], ["build", "buy"]],
        shares=[
            shares(("tan", 1), ("blue", -1), ("red", 0)),
            shares(("blue", 3), ("blue", -1)),
            shares(("white", 0), ("gray", 0)),
            shares(("yellow", 0), ("tan", 0)),
        ],
    )
    assert g.current_player == PURPLE and g.state.hexes[(1, 1)] == "farmland"
    g.apply(Build("blue", 1, (1, 1)))
    assert g.state.shares[ORANGE] == (Share("tan", 1), Share("blue", 1), Share("red", 0))
    assert g.state.shares[PURPLE] == (Share("blue", 5), Share("blue", 1))


def test_2_8_4_two_shares_of_one_company_on_one_board_both_move():
    g = round_3(
        shares=[
            shares(("tan", 1), ("white", 0)),
            shares(("red", 3), ("red", -2)),
            shares(("white", 0), ("gray", 0)),
            shares(("yellow", 0), ("tan", 0)),
        ]
    )
    g.apply(Build("red", 0, (0, -1)))  # suburbs, +3
    assert g.state.shares[PURPLE] == (Share("red", 6), Share("red", 1))


def test_2_8_3_building_a_company_you_hold_no_share_in():
    g = round_3()
    assert g.current_player == ORANGE
    assert all(share.company != "blue" for share in g.state.shares[ORANGE])
    g.apply(Build("blue", 1, (2, 1)))  # Orange builds blue onto a lake: Purple's blue −2
    assert g.state.shares[ORANGE] == (Share("tan", 1), Share("red", 5))
    assert g.state.shares[PURPLE] == (Share("red", 3), Share("blue", -3))


def test_2_8_5_a_blocked_company_can_still_be_bought():
    g = scenarios.blocked_company()
    assert g.legal_hexes("red") == []
    assert Buy("red", 0) in g.legal_actions()
    g.apply(Buy("red", 0))
    assert g.state.shares[ORANGE] == (Share("tan", 0), Share("red", 0), Share("red", 0))
    assert g.state.frame_discs["red"] == 0, "buying is not building"


def test_2_10_1_a_company_taxed_only_in_round_1_counts_as_taxed():
    g = scenarios.finished(
        ["gray", "red", "red", "white", "white", "tan"],
        [
            six(("gray", -2), ("gray", 3), filler="tan"),
            six(("yellow", -2), ("yellow", 3), filler="tan"),
            six(("blue", 1), filler="yellow"),
            six(("blue", -1), filler="gray"),
        ],
    )
    orange, purple = g.scoring()[:2]
    assert orange.removed == (Share("gray", -2),) and orange.score == 3
    assert purple.removed == (Share("yellow", 3),) and purple.score == -2
