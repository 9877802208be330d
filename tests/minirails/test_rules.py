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
    perimeter = [
        h for h in MAP_HEXES if sum(n in MAP_HEXES for n in minirails.rules.MAP_NEIGHBOURS[h]) < 6
    ]
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
    assert g.state.taxed == ["white"]
    assert g.state.order == [GREEN, BLACK, ORANGE, GREEN, PURPLE, PURPLE, BLACK, ORANGE]
    assert g.state.round == 2 and g.state.turn == 0
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


def build_position(**changes):
    base = dict(
        board=board(((0, 0), "red"), ((1, 0), "blue")),
        market=market("red", "blue", "tan", "red", "gray", "red", "red", "red", "red"),
        shares=[shares(("red", 0)), shares(("red", 9), ("blue", 0)), [], shares(("red", -9))],
    )
    base.update(changes)
    return game(**base)


def test_2_8_1_legal_hexes_are_empty_and_next_to_the_company():
    g = build_position()
    assert g.legal_hexes("red") == sorted({(0, -1), (1, -1), (-1, 0), (-1, 1), (0, 1)})
    assert all(
        a.hex in g.legal_hexes("red")
        for a in g.legal_actions()
        if isinstance(a, Build) and a.company == "red"
    )


def test_2_8_3_build_must_use_a_legal_hex():
    g = build_position()
    with unchanged(g):
        with pytest.raises(IllegalActionError, match="one disc per hex"):
            g.apply(Build("red", 0, (1, 0)))
        with pytest.raises(IllegalActionError, match="not next to a red disc"):
            g.apply(Build("red", 0, (3, -1)))
        with pytest.raises(IllegalActionError, match="not a hex of the map"):
            g.apply(Build("red", 0, (9, 9)))
        with pytest.raises(IllegalActionError, match=r"2\.8\.5"):
            g.apply(Build("red", 0, None))
        with pytest.raises(IllegalActionError, match="holds a red disc, not blue"):
            g.apply(Build("blue", 0, (2, 0)))


def test_2_8_4_every_share_moves_by_the_terrain_value_and_is_clamped_on_its_own():
    g = build_position()
    target = next(h for h in g.legal_hexes("red") if g.state.hexes[h] in ("suburbs", "farmland"))
    delta = minirails.components.TERRAIN_VALUE[g.state.hexes[target]]
    g.apply(Build("red", 0, target))
    assert g.state.shares[ORANGE][0].value == delta
    assert g.state.shares[PURPLE][0].value == 10, "§2.8.4: 9 + gain stops at +10"
    assert g.state.shares[PURPLE][1].value == 0, "another company does not move"
    assert g.state.shares[BLACK][0].value == -9 + delta


def test_2_8_4_clamping_at_minus_10():
    g = build_position()
    target = next(
        h for h in g.legal_hexes("red") if g.state.hexes[h] in ("mountains", "lake", "forest")
    )
    g.apply(Build("red", 0, target))
    assert g.state.shares[BLACK][0].value == -10
    assert (
        g.state.shares[PURPLE][0].value
        == 9 + minirails.components.TERRAIN_VALUE[g.state.hexes[target]]
    )


def surrounded_red():
    """Red's only disc at (0,0) with all six neighbours taken."""
    around = [
        ((1, 0), "blue"),
        ((1, -1), "tan"),
        ((0, -1), "tan"),
        ((-1, 0), "gray"),
        ((-1, 1), "gray"),
        ((0, 1), "blue"),
    ]
    return build_position(board=board(((0, 0), "red"), *around))


def test_2_8_5_a_blocked_company_goes_onto_its_frame_and_loses_1():
    g = surrounded_red()
    assert g.legal_hexes("red") == []
    builds = [a for a in g.legal_actions() if isinstance(a, Build) and a.company == "red"]
    assert builds and all(a.hex is None for a in builds), "the frame is the only target"
    with unchanged(g), pytest.raises(IllegalActionError, match="blocked"):
        g.apply(Build("red", 0, (2, -1)))
    g.apply(Build("red", 0, None))
    assert g.state.frame_discs["red"] == 1
    assert [s.value for s in g.state.shares[ORANGE]] == [-1]
    assert g.state.shares[PURPLE][0].value == 8 and g.state.shares[BLACK][0].value == -10
    assert (0, 0) in g.state.board and len(g.state.board) == 7, "nothing is built on the map"


def test_2_8_5_the_frame_is_forbidden_while_a_legal_hex_exists():
    g = build_position()
    with unchanged(g), pytest.raises(IllegalActionError, match="only when the company is blocked"):
        g.apply(Build("red", 0, None))


def test_2_8_5_scenario_blocked_company():
    g = scenarios.blocked_company()
    assert g.legal_hexes("red") == []
    assert {a.hex for a in g.legal_actions() if a.company == "red"} == {None}  # slots 0 and 3


def test_2_11_scenario_tie_break():
    g = scenarios.tie_break_example()
    assert g.scores()[:2] == [9, 9]
    assert g.winners() == [PURPLE] and g.tie_break_used


def test_D7_frame_discs_give_no_adjacency():
    g = surrounded_red()
    g.apply(Build("red", 0, None))
    assert g.legal_hexes("red") == []


# §2.10–2.11 scoring ------------------------------------------------------------------------------------


def finished(players_shares, taxed, players=4):
    return game(
        players=players,
        phase="over",
        round=6,
        turn=0,
        shares=players_shares,
        taxed=taxed,
        market=[],
        actions_left=[[] for _ in range(players)],
    )


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
    g = finished(
        [shares(("red", 0), ("gray", 0)), shares(("red", -3)), [], []],
        taxed=["red", "red", "red", "red", "red", "red"],
    )
    assert [len(x.kept) for x in g.scoring()[:2]] == [2, 0]


def test_2_10_5_the_highest_score_wins_even_if_negative():
    g = finished(
        [shares(("gray", -4)), shares(("gray", -2)), shares(("gray", -3)), shares(("yellow", -5))],
        taxed=["red"] * 6,
    )
    assert g.scores() == [-4, -2, -3, -5]
    assert g.winners() == [PURPLE]


def test_2_11_tie_break_by_the_highest_share():
    g = finished(
        [shares(("red", 5), ("red", 1)), shares(("red", 4), ("red", 2)), shares(("red", 3)), []],
        taxed=["red"] * 6,
    )
    assert g.scores() == [6, 6, 3, 0]
    assert g.winners() == [ORANGE]
    assert g.tie_break_used


def test_2_11_tie_break_then_the_second_highest_share():
    g = finished(
        [
            shares(("red", 5), ("red", 2), ("red", 2)),
            shares(("red", 5), ("red", 3), ("red", 1)),
            [],
            [],
        ],
        taxed=["red"] * 6,
    )
    assert g.scores()[:2] == [9, 9]
    assert g.winners() == [PURPLE]


def test_2_11_2_all_equal_is_a_shared_victory_and_D8_pads_with_zero():
    g = finished(
        [shares(("red", 4), ("red", 2)), shares(("red", 4), ("red", 2), ("red", 0)), [], []],
        taxed=["red"] * 6,
    )
    assert g.winners() == [ORANGE, PURPLE]
    assert g.tie_break_used


# bad positions --------------------------------------------------------------------------------------


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
    ],
)
def test_bad_positions_are_refused_with_the_reason(changes, message):
    with pytest.raises(RecordError, match=message):
        game(**changes)
