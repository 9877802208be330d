"""The greedy Mini Rails bot: legal, deterministic, better than random, public API only."""

from __future__ import annotations

import random

from railwidgets import minirails
from railwidgets.core.bots import RandomBot, play_out
from railwidgets.minirails.bots import GreedyBot, expected_score, tax_chance


def test_it_always_plays_a_legal_action_for_every_player_count() -> None:
    for players in range(2, 6):
        game = minirails.Game(players=players, seed=players)
        bot = GreedyBot(seed=1)
        while not game.is_over:
            action = bot.choose(game.view(game.current_player))
            assert action in game.legal_actions()
            game.apply(action)


def test_it_does_not_change_the_game_it_looks_at() -> None:
    game = minirails.Game(players=3, seed=5)
    before = (game.position(), game.history, game.log)
    GreedyBot(seed=1).choose(game.view(game.current_player))
    assert (game.position(), game.history, game.log) == before


def test_the_same_seed_plays_the_same_game() -> None:
    records = []
    for _ in range(2):
        game = minirails.Game(players=4, seed=9)
        play_out(game, GreedyBot(seed=3), GreedyBot(seed=4), RandomBot(seed=5), RandomBot(seed=6))
        records.append(game.to_json())
    assert records[0] == records[1]


def test_it_beats_random_bots_most_of_the_time() -> None:
    wins = 0
    games = 30
    for g in range(games):
        seat = g % 3
        bots = [RandomBot(seed=g * 10 + i) for i in range(3)]
        bots[seat] = GreedyBot(seed=g)  # type: ignore[call-overload]
        game = minirails.Game(players=3, seed=g)
        play_out(game, *bots)
        wins += seat in game.winners()
    assert wins >= games * 0.6, wins


def test_it_thinks_about_the_tax() -> None:
    game = minirails.Game(players=3, seed=1)
    play_out_rounds(game, 2)
    for company in game.state.taxed:
        assert tax_chance(game, company) == 1.0
    over = minirails.Game(players=3, seed=1)
    play_out(over, RandomBot(seed=1))
    assert [expected_score(over, s) for s in range(3)] == [float(v) for v in over.scores()]


def play_out_rounds(game: minirails.Game, rounds: int) -> None:
    rng = random.Random(0)
    while game.state.round <= rounds and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
