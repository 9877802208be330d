"""Invariants of §2.12 over random Mini Rails games (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from railwidgets import minirails
from railwidgets.minirails.components import COMPANIES, PROFIT_MAX, PROFIT_MIN, SETUP
from railwidgets.minirails.state import discs_in_play, frontiers

games = st.tuples(st.integers(2, 5), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))


def random_game(players: int, seed: int, choices: int):
    """Yield a random game after every decision."""
    g = minirails.Game(players=players, seed=seed)
    rng = random.Random(choices)
    yield g
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        yield g


@settings(max_examples=40, deadline=None)
@given(games)
def test_2_12_disc_conservation(game_args):
    """start + bag = on map + on frames + in shares + taxed + in market + in bag, per company."""
    players = game_args[0]
    row = SETUP[players]
    for g in random_game(*game_args):
        assert discs_in_play(g.state) == dict.fromkeys(
            COMPANIES, row.start_discs_per_company + row.bag_per_company
        )


@settings(max_examples=40, deadline=None)
@given(games)
def test_2_12_share_values_stay_in_range_and_actions_balance(game_args):
    for g in random_game(*game_args):
        s = g.state
        assert all(PROFIT_MIN <= sh.value <= PROFIT_MAX for seat in s.shares for sh in seat)
        # every player has bought once per finished round, and at most once in this one
        done_rounds = s.round - 1 if not s.over else 6
        for seat, held in enumerate(s.shares):
            assert done_rounds <= len(held) <= done_rounds + 1
            assert ("buy" in s.actions_left[seat]) == (len(held) == done_rounds) or s.over
        markers = [x for x in s.market if isinstance(x, int)]
        assert len(markers) == s.turn or s.over
        assert len(s.taxed) == s.round - 1 or s.over


@settings(max_examples=25, deadline=None)
@given(games)
def test_2_12_after_round_6(game_args):
    *_, g = random_game(*game_args)
    s = g.state
    assert g.is_over
    assert sum(s.bag.values()) == 0
    assert len(s.taxed) == 6
    assert all(len(seat) == 6 for seat in s.shares)
    assert len(s.hexes) == 49
    assert s.market == [], "§2.7.10: the last market row became the order row"


@settings(max_examples=25, deadline=None)
@given(games)
def test_2_8_1_the_frontiers_kept_with_the_board_are_those_found_afresh(game_args):
    for g in random_game(*game_args):
        assert g.state.frontier == frontiers(g.state.board)
        twin = g.copy()
        if twin.can_undo:
            twin.undo()
            assert twin.state.frontier == frontiers(twin.state.board)
