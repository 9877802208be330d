"""The greedy Twisty Tracks bot: sensible, deterministic, and blind to what its seat may not know."""

from __future__ import annotations

import json
import random
import statistics

from railwidgets.core.bots import RandomBot, play_out
from railwidgets.twistytracks import Game, PlaceTile
from railwidgets.twistytracks.bots import GreedyBot, turn_gain
from tests.twistytracks.helpers import game_from, player


def test_it_never_crashes_when_a_rotation_avoids_it() -> None:
    game = game_from(player(top=(3,)))  # E2: T03 at (1,2) turned 0° crashes red and blue
    choice = GreedyBot(seed=1).choose(game)
    assert choice.cell == (1, 2) or choice.cell == (3, 2)
    assert turn_gain(game.view(0), 0, choice) > 0
    crash = PlaceTile(0, 3, (1, 2), 0)
    assert turn_gain(game.view(0), 0, crash) == 2 - 2 * 6


def test_an_arrival_counts_the_station_value_at_the_start_of_the_round() -> None:
    e3 = game_from(player(top=(1, 8)))
    e3.apply(PlaceTile(0, 1, (1, 2), 0))  # E1
    view = e3.view(0)
    # E3: T08 at (0,2) takes red round loop L4 to SW: +4 travel, SW's first uncovered value 5
    assert turn_gain(view, 0, PlaceTile(0, 8, (0, 2), 0)) == 4 + 5


def test_it_sees_only_its_seats_view() -> None:
    game = Game(players=3, seed=9)
    game.apply(game.legal_actions()[3])  # seat 0 places secretly
    data = json.loads(json.dumps(game.position()))
    other = json.loads(json.dumps(data))
    # what seat 1 cannot know: seat 0's placement, seat 2's stack, its own stack below the top
    other["players"][0]["placement"] = [3, 2, 2]
    other["players"][2]["stack"].reverse()
    other["players"][1]["stack"][1:] = reversed(other["players"][1]["stack"][1:])
    a, b = Game.from_position(data), Game.from_position(other)
    assert a.view(1) == b.view(1)
    for seed in range(5):
        assert GreedyBot(seed=seed).choose(a) == GreedyBot(seed=seed).choose(b)


def test_the_same_seed_plays_the_same_game() -> None:
    records = []
    for _ in range(2):
        game = Game(players=4, seed=12)
        play_out(game, GreedyBot(seed=3), GreedyBot(seed=4), RandomBot(seed=5), GreedyBot(seed=6))
        records.append(game.to_json())
    assert records[0] == records[1]


def test_greedy_scores_more_than_random_alone() -> None:
    greedy, random_ = [], []
    for seed in range(12):
        game = Game(players=1, seed=seed)
        play_out(game, GreedyBot(seed=seed))
        greedy += game.scores()
        game = Game(players=1, seed=seed)
        play_out(game, RandomBot(seed=seed))
        random_ += game.scores()
    assert statistics.mean(greedy) > statistics.mean(random_) + 5


def test_from_view_rebuilds_a_game_with_the_same_view_and_the_hidden_rest_sampled() -> None:
    rng = random.Random(4)
    for players in (1, 3, 6):
        game = Game(players=players, seed=players)
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            samples = [Game.from_view(view, seed=s) for s in range(4)]
            for sampled in samples:
                assert sampled.view(seat) == view
                assert sampled.legal_actions() == game.legal_actions()
            others = [s for s in range(players) if s != seat]
            if others:  # what the seat cannot know differs between samples
                stacks = {
                    json.dumps([g.position()["players"][s]["stack"] for s in others])
                    for g in samples
                }
                assert len(stacks) > 1
            game.apply(rng.choice(game.legal_actions()))


def test_the_widget_hands_its_bots_a_game_built_from_their_view() -> None:
    from railwidgets import TwistyTracksWidget

    w = TwistyTracksWidget(players=3, seed=6, seats=["human", "human", "greedy"], animate=False)
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()  # Wild West places in secret
    handed = w.bot_game(2)
    assert handed.history == ()  # not a copy of the game: nothing of its past moves
    assert handed.view(2) == w.game.view(2)
    assert handed.position()["players"][0]["placement"] is not None  # sampled, not read
