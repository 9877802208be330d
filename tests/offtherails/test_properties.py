"""Property tests: nothing is created or lost, whatever the players do (§5 invariants)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railwidgets import offtherails as otr
from railwidgets.offtherails import board
from railwidgets.offtherails.components import MINE_CENTRE
from tests.offtherails.play import KindBot, dense_start

VARIANTS: list[dict[str, Any]] = [
    {},
    {"bumper_carts": True},
    {"chasm_die": True},
    {"length": "long"},
    {"end_pickup": "fill"},
    {"drop_rule": "ceil_half"},
    {"cross_is_crossover": True},
    {"start_tracks": "all"},
]


def total(items: dict[str, int]) -> int:
    return sum(items.values())


def check_invariants(g: otr.Game) -> None:
    p = g.position()
    solo = g.num_players == 1
    squares = p["squares"]
    carts = p["carts"]
    # 66 tokens (solo 32): bag, squares, carts, stockpiles, removed by the chasm
    tokens = (
        total(p["bag"])
        + sum(total(s["items"]) for s in squares)
        + sum(total(c["contents"]) for c in carts)
        + sum(total(s) for s in p["stockpiles"])
        + total(p["removed_by_chasm"])
    )
    assert tokens == (32 if solo else 66)
    # tiles on the board + destroyed = tiles used ≤ 90
    on_board = sum(1 for s in squares if s["tile"])
    assert on_board + p["tiles"]["destroyed"] == p["tiles"]["used"] <= 90
    # 20 chasm tokens: supply, on the chasm deck, on the board
    chasm = sum(1 for s in squares if s["chasm"])
    on_deck = 4 if p["chasm_deck"]["tokens"] else 0
    assert (
        total(p["chasm_supply"]) + on_deck + chasm + (1 if p["final_round"]["drawn_token"] else 0)
        == 20
    )
    # a cart is on the board, in the supply or gone, and sits on its track
    assert len(carts) == (4 if solo else 2 * g.num_players)
    tiles = {tuple(s["square"]): s["tile"] for s in squares}
    chasm_squares = {tuple(s["square"]) for s in squares if s["chasm"]}
    seen = set()
    for c in carts:
        assert c["place"] in ("board", "supply", "gone")
        assert total(c["contents"]) <= 5
        if c["place"] != "board":
            assert c["square"] is None and not c["contents"]
            continue
        sq = tuple(c["square"])
        assert sq not in seen and sq not in chasm_squares
        seen.add(sq)
        if 0 <= sq[0] < 12 and 0 <= sq[1] < 12:
            tile = tiles[sq]
            assert c["facing"] != c["back"] and c["facing"] in tile and c["back"] in tile
    for s in squares:
        if s["chasm"]:
            assert not s["tile"] and not s["items"]
        assert not (s["tile"] and tuple(s["square"]) in MINE_CENTRE)
    # the tile actions a state keeps up to date as tiles come and go are its board's
    kept = g._state.tile_actions
    assert kept is None or kept == board.scan_tile_actions(g._state)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(VARIANTS),
    dense=st.booleans(),
)
def test_nothing_is_created_or_lost(
    players: int, seed: int, variant: dict[str, Any], dense: bool
) -> None:
    g = dense_start(players, seed, **variant) if dense else otr.Game(players, seed, **variant)
    bot = KindBot(seed)
    check_invariants(g)
    while not g.is_over:
        g.apply(bot.choose(g.view(g.current_player)))
        check_invariants(g)
    assert g.winners()
    assert len(g.history) < 5_000


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), variant=st.sampled_from(VARIANTS))
def test_round_trips_inside_moves(players: int, seed: int, variant: dict[str, Any]) -> None:
    """Positions, records, copies and undo work at every kind of decision, mid-move too."""
    g = dense_start(players, seed, **variant)
    bot = KindBot(seed)
    step = 0
    while not g.is_over:
        stage = g.position()["turn"]["stage"]
        if stage not in ("actions", "cart") or step % 15 == 0:
            p = g.position()
            loaded = otr.Game.from_position(json.loads(json.dumps(p)))
            assert loaded.position() == p and loaded.legal_actions() == g.legal_actions()
            assert loaded.current_player == g.current_player
            replayed = otr.Game.from_json(g.to_json())
            assert replayed.position() == p and replayed.log == g.log
            twin = g.copy()
            twin.apply(twin.legal_actions()[-1])
            assert g.position() == p
            for seat in range(players):
                json.dumps(g.view(seat))
        before = g.position()
        g.apply(bot.choose(g.view(g.current_player)))
        if step % 7 == 0:
            after = g.position()
            g.undo()
            assert g.position() == before
            g.redo()
            assert g.position() == after
        step += 1


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), variant=st.sampled_from(VARIANTS))
def test_a_copy_is_untouched_by_the_game_going_on(
    players: int, seed: int, variant: dict[str, Any]
) -> None:
    """A state shares its carts and tile actions with its copies until it changes them:
    a copy taken at any decision, and the undo snapshot, keep their position."""
    g = dense_start(players, seed, **variant)
    bot = KindBot(seed)
    while not g.is_over:
        twin, before = g.copy(), g.position()
        g.apply(bot.choose(g.view(g.current_player)))
        assert twin.position() == before
        after = g.position()
        g.undo()
        assert g.position() == before
        g.redo()
        assert g.position() == after
