"""The information-set MCTS bot: legal, deterministic, blind to what its seat cannot see."""

from __future__ import annotations

import threading

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core import OptionError, RandomBot, play_out
from railwidgets.core.game import Game
from railwidgets.core.search import LEVELS, SEARCH_SEATS, SearchBot, Thought, rewards

GAMES = [
    (minirails.Game, {"players": 3}),
    (twistytracks.Game, {"players": 2}),
    (offtherails.Game, {"players": 2}),
    (offtherails.Game, {"players": 1}),
]
IDS = [f"{cls.NAME}-{opts['players']}" for cls, opts in GAMES]


def midgame(cls: type[Game], options: dict, seed: int, steps: int) -> Game:
    game = cls(seed=seed, **options)
    bot = RandomBot(seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bot.choose(game.view(game.current_player)))
    return game


@pytest.mark.parametrize(("cls", "options"), GAMES, ids=IDS)
def test_it_plays_a_legal_action_from_its_view_alone(cls, options) -> None:
    for seed, steps in ((1, 0), (2, 7), (3, 20)):
        game = midgame(cls, options, seed, steps)
        if game.is_over:
            continue
        thought = SearchBot(iterations=25, seed=seed).think(game.view(game.current_player))
        assert isinstance(thought, Thought)
        assert thought.action in game.legal_actions()
        assert 0.0 <= thought.value <= 1.0 and not thought.cancelled
        assert thought.iterations == (25 if len(game.legal_actions()) > 1 else 0)
        assert str(thought.action) in thought.reason


@pytest.mark.parametrize(("cls", "options"), GAMES, ids=IDS)
def test_games_that_differ_only_in_hidden_parts_get_the_same_decision(cls, options) -> None:
    for seed in range(4):
        real = midgame(cls, options, seed, steps=3 + 4 * seed)
        if real.is_over:
            continue
        seat = real.current_player
        view = real.view(seat)
        other = cls.from_view(view, seed=seed + 100)  # another deck, bag, secret choices
        assert other.view(seat) == view
        mine = SearchBot(iterations=20, seed=7).choose(real.view(seat))
        theirs = SearchBot(iterations=20, seed=7).choose(other.view(seat))
        assert mine == theirs


def test_the_same_seed_and_budget_play_the_same_game() -> None:
    records = []
    for _ in range(2):
        game = twistytracks.Game(players=2, seed=4)
        play_out(game, SearchBot(iterations=8, seed=1), RandomBot(seed=2))
        records.append(game.to_json())
    assert records[0] == records[1]


def test_a_cancelled_search_answers_with_the_best_so_far() -> None:
    game = minirails.Game(players=3, seed=2)
    view = game.view(game.current_player)
    cancel = threading.Event()
    cancel.set()
    thought = SearchBot(seconds=30, seed=1).think(view, cancel)
    assert thought.cancelled and thought.iterations == 0
    assert thought.action in game.legal_actions()
    later = threading.Event()
    timer = threading.Timer(0.2, later.set)
    timer.start()
    thought = SearchBot(seconds=600, seed=1).think(view, later)  # Stop ends it, not the budget
    timer.join()
    assert thought.cancelled and thought.iterations > 0
    assert thought.action in game.legal_actions()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seconds": 0}, "seconds must be more than 0"),
        ({"seconds": -1.5}, "seconds must be more than 0"),
        ({"iterations": 0}, "iterations must be a whole number above 0"),
        ({"iterations": 2.5}, "iterations must be a whole number above 0"),
        ({"rollout_limit": -1}, "rollout_limit"),
        ({"choices": 0}, "choices must be a whole number above 0"),
    ],
)
def test_a_bad_budget_is_refused(kwargs, message) -> None:
    with pytest.raises(OptionError, match=message):
        SearchBot(**kwargs)


def test_29_1_each_level_has_its_budget_and_medium_is_the_search_seat() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard"]
    assert [LEVELS[level].iterations for level in LEVELS] == sorted(
        LEVELS[level].iterations for level in LEVELS
    )
    for level in SEARCH_SEATS.values():
        bot = SearchBot.at(level, seed=1)
        assert (bot.iterations, bot.choices) == (LEVELS[level].iterations, LEVELS[level].choices)
    assert SEARCH_SEATS["search"] == "medium" and LEVELS["easy"].choices > 1
    assert SearchBot.at("hard", iterations=5).iterations == 5  # options change a level
    with pytest.raises(OptionError, match="'easy', 'medium' or 'hard', not 'expert'"):
        SearchBot.at("expert")


def test_29_1_easy_plays_one_of_its_best_few_moves_not_always_the_best() -> None:
    game = minirails.Game(players=3, seed=3)
    view = game.view(game.current_player)
    played = set()
    for seed in range(12):
        careful = SearchBot(iterations=60, seed=seed).think(view)
        gentle = SearchBot(iterations=60, seed=seed, choices=3).think(view)
        assert gentle.ranking == careful.ranking  # the same search, another pick
        assert gentle.action in [action for action, _, _ in careful.ranking[:3]]
        played.add(gentle.action != careful.action)
    assert played == {True, False}


def test_a_finished_game_has_nothing_to_choose() -> None:
    game = twistytracks.Game(players=1, seed=1)
    play_out(game, RandomBot(seed=1))
    with pytest.raises(ValueError, match="over"):
        SearchBot(iterations=5).choose(game.view(0))


def test_rewards_are_win_shares() -> None:
    game = minirails.Game(players=2, seed=3)
    play_out(game, RandomBot(seed=1))
    shares = rewards(game)
    assert sum(shares) == pytest.approx(1.0)
    assert {seat for seat, r in enumerate(shares) if r > 0} == set(game.winners())
    running = rewards(minirails.Game(players=3, seed=1))
    assert running == [0.5, 0.5, 0.5]  # nobody ahead yet


def test_a_game_may_lend_the_search_its_roll_out_length_and_estimate() -> None:
    from railwidgets.core.search import _game_hints
    from railwidgets.minirails import bots as minirails_bots

    assert _game_hints(minirails.Game) == (4, minirails_bots.estimate)
    assert _game_hints(twistytracks.Game)[0] > 0
    game = minirails.Game(players=3, seed=1)
    game.apply(game.legal_actions()[0])
    shares = rewards(game, minirails_bots.estimate)
    assert all(0 < r < 1 for r in shares) and shares != rewards(game)


def test_a_bot_thinks_in_a_thread_and_stops_when_told() -> None:
    import asyncio

    from railwidgets.core.bots import choose, choose_in_thread

    game = minirails.Game(players=3, seed=4)
    view = game.view(game.current_player)

    async def stopped_while_thinking() -> tuple[object, int]:
        cancel = threading.Event()
        bot = SearchBot(seconds=600, seed=1)
        task = asyncio.ensure_future(choose_in_thread(bot, view, cancel))
        ticks = 0
        while bot.last is None:  # the event loop stays free while the bot thinks
            await asyncio.sleep(0.01)
            ticks += 1
            if ticks == 20:
                cancel.set()
        return await task, ticks

    action, ticks = asyncio.run(stopped_while_thinking())
    assert action in game.legal_actions() and ticks >= 20
    assert choose(RandomBot(seed=1), view, threading.Event()) in game.legal_actions()


def test_in_mini_rails_the_root_weighs_the_greedy_estimates_shortlist() -> None:
    from railwidgets.minirails.bots import shortlist

    game = minirails.Game(players=3, seed=6)
    listed = shortlist(game, 5)
    assert len(listed) == 5 and set(listed) <= set(game.legal_actions())
    thought = SearchBot(iterations=30, seed=2, shortlist=5).think(game.view(game.current_player))
    assert {action for action, _, _ in thought.ranking} <= set(listed)
    everything = SearchBot(iterations=60, seed=2, shortlist=0).think(game.view(0))
    assert len(everything.ranking) > 5


def test_in_off_the_rails_a_search_that_sees_no_difference_plays_the_greedy_move() -> None:
    from railwidgets.offtherails.bots import GreedyBot, shortlist

    game = offtherails.Game(players=2, seed=3)
    game.apply(offtherails.ChooseSide("N"))
    listed = shortlist(game, 6)
    assert listed[0] == GreedyBot(seed=0).choose(game)
    assert len(listed) == 6 and set(listed) <= set(game.legal_actions())
    thought = SearchBot(iterations=12, seed=1, shortlist=6).think(game.view(0))
    values = {value for _, _, value in thought.ranking}
    assert len(values) > 1 or thought.action == listed[0]
    assert thought.action in listed


def test_a_game_may_play_its_own_roll_outs_and_the_search_then_looks_one_level_deep() -> None:
    from railwidgets.core.search import _rollout_policy
    from railwidgets.offtherails import bots as otr_bots

    assert _rollout_policy(offtherails.Game) is otr_bots.rollout
    assert _rollout_policy(minirails.Game) is None  # random roll-outs, as before
    game = offtherails.Game(players=2, seed=3)
    game.apply(offtherails.ChooseSide("N"))
    bot = SearchBot(iterations=30, seed=1)
    thought = bot.think(game.view(0))
    assert sum(visits for _, visits, _ in thought.ranking) == 30


def test_in_off_the_rails_the_search_bot_beats_the_random_bot() -> None:
    wins = 0
    for seed in (1, 2):
        game = offtherails.Game(players=2, seed=seed)
        bots = [SearchBot(iterations=12, seed=seed), RandomBot(seed=seed)]
        if seed % 2:
            bots.reverse()
        play_out(game, *bots)
        search_seat = bots.index(next(b for b in bots if isinstance(b, SearchBot)))
        wins += search_seat in game.winners()
        assert game.scores()[search_seat] > game.scores()[1 - search_seat]
    assert wins == 2
