"""The optional step trace for animations: it records where carts went and changes nothing."""

from __future__ import annotations

import itertools

import pytest

from railwidgets import offtherails as otr
from railwidgets.offtherails import scenarios
from tests.offtherails.play import KindBot, dense_start


@pytest.mark.parametrize("players", [1, 2, 4])
def test_tracing_changes_nothing_and_every_step_is_to_a_neighbour(players: int) -> None:
    plain, traced = dense_start(players, seed=players), dense_start(players, seed=players)
    bot_a, bot_b = KindBot(players), KindBot(players)
    moved = 0
    while not plain.is_over:
        action = bot_a.choose(plain)
        assert bot_b.choose(traced) == action
        plain.apply(action)
        steps = traced.apply_traced(action)
        for a, b in itertools.pairwise(steps):
            if a.cart == b.cart and b.event in ("enter", "exit", "off", "lost", "bump", "collide"):
                assert abs(a.square[0] - b.square[0]) + abs(a.square[1] - b.square[1]) == 1
        moved += sum(1 for s in steps if s.event == "enter")
        assert traced.position() == plain.position()
    assert traced.to_json() == plain.to_json() and traced.log == plain.log
    assert moved > 0


def test_a_trace_names_pick_ups_and_the_exit() -> None:
    g = scenarios.game(
        tiles={(0, 4): "NS", (1, 4): "NS"},
        items={(0, 4): {"ruby": 1}},
        carts=[scenarios.cart(0, "white", (1, 4), "N", "S", contents={"gold": 1})],
    )
    g.apply(otr.ChangeSpeed("white", 1))
    steps = g.apply_traced(otr.EndActions())
    assert [(s.event, s.square, s.item) for s in steps] == [
        ("start", (1, 4), ""),
        ("enter", (0, 4), ""),
        ("take", (0, 4), "ruby"),
        ("exit", (-1, 4), ""),
    ]
