"""The greedy bot and Game.from_view: bots play from a seat's view and nothing else."""

from __future__ import annotations

import random

import pytest

from railwidgets import offtherails as otr
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.bots import GreedyBot


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_bots_finish_games_and_bring_jewels_out(players: int) -> None:
    game = otr.Game(players=players, seed=20 + players)
    bots = [GreedyBot(seed=s) for s in range(players)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))  # type: ignore[index]
    if players == 1:
        assert game.solo_result() in ("big victory", "victory", "partial victory", "defeat")
    else:
        assert any(" exits at " in line for line in game.log)


def test_from_view_agrees_with_the_view_at_every_stage() -> None:
    rng = random.Random(3)
    seen_stages = set()
    for players in (1, 2, 4):
        game = otr.Game(players=players, seed=players)
        bot = GreedyBot(players)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            made = otr.Game.from_view(game.view(seat), seed=rng.randrange(100))
            assert made.view(seat) == game.view(seat)
            assert made.legal_actions() == game.legal_actions()
            seen_stages.add(game.position()["turn"]["stage"])
            game.apply(bot.choose(game))
    assert {"actions", "mission", "chasm"} <= seen_stages


def test_the_mover_picking_a_pile_gets_made_up_piles() -> None:
    game = scenarios.rear_end()
    game.apply(otr.EndActions())
    game.apply(otr.SplitLoad(("gold",), ("ruby", "emerald")))
    view = game.view(0)
    assert view["move"]["collision"]["piles"] is None
    made = otr.Game.from_view(view, seed=5)
    piles = made.position()["move"]["collision"]["piles"]
    assert sorted(sum(p.values()) for p in piles) == [1, 2]
    assert made.legal_actions() == game.legal_actions()


def test_the_bot_decides_the_same_whatever_the_hidden_deck_holds() -> None:
    """Two games that differ only in what seat 0 cannot see get the same decisions."""
    a = scenarios.build(players=3, items={(2, 4): {"ruby": 2}})
    b = scenarios.build(players=3, items={(2, 4): {"ruby": 2}})
    b["deposit_deck"] = list(reversed(b["deposit_deck"]))
    ga, gb = otr.Game.from_position(a), otr.Game.from_position(b)
    for _ in range(4):
        choice_a, choice_b = GreedyBot(seed=9).choose(ga), GreedyBot(seed=9).choose(gb)
        assert choice_a == choice_b
        ga.apply(choice_a)
        gb.apply(choice_b)
        if ga.current_player != 0:
            break
