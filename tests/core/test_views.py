"""Views that can be sampled: ``Game.from_view`` for the three games (DESIGN.md §2, issue 12).

A game rebuilt from one seat's view shows that seat exactly the same view, has the
same legal actions when that seat is to play, conserves every piece, and draws
what the view hides at random; games that differ only in what a seat cannot see
show it the same view.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core import RandomBot, RecordError
from railwidgets.core.bots import sample, seat_view
from railwidgets.core.game import Game, game_class

SETUPS = [
    (minirails.Game, {"players": 2}),
    (minirails.Game, {"players": 4}),
    (twistytracks.Game, {"players": 1}),
    (twistytracks.Game, {"players": 3}),
    (offtherails.Game, {"players": 1}),
    (offtherails.Game, {"players": 2}),
    (offtherails.Game, {"players": 4}),
    (offtherails.Game, {"players": 3, "length": "long"}),
]
IDS = [f"{cls.NAME}-{'-'.join(map(str, opts.values()))}" for cls, opts in SETUPS]


def positions(cls: type[Game], options: dict, games: int = 3, every: int = 5) -> Iterator[Game]:
    """Games at many points of random play (every ``every`` decisions, and the end)."""
    for seed in range(games):
        game = cls(seed=seed, **options)
        bot = RandomBot(seed=seed)
        step = 0
        while not game.is_over:
            if step % every == 0:
                yield game
            game.apply(bot.choose(game.view(game.current_player)))
            step += 1
        yield game


@pytest.mark.parametrize(("cls", "options"), SETUPS, ids=IDS)
def test_a_game_from_a_view_shows_that_view_and_has_its_legal_actions(cls, options) -> None:
    for game in positions(cls, options):
        for seat in range(game.num_players):
            view = game.view(seat)
            guess = cls.from_view(view, seed=seat)
            assert guess.view(seat) == view
            assert json.loads(json.dumps(view)) == view
            if game.current_player == seat:
                assert guess.legal_actions() == game.legal_actions()
                assert guess.current_player == seat


@pytest.mark.parametrize(("cls", "options"), SETUPS, ids=IDS)
def test_games_that_differ_only_in_what_a_seat_cannot_see_show_it_one_view(cls, options) -> None:
    hidden_parts_differ = 0
    for game in positions(cls, options, games=2, every=9):
        for seat in range(game.num_players):
            view = game.view(seat)
            a, b = cls.from_view(view, seed=1), cls.from_view(view, seed=2)
            assert a.view(seat) == b.view(seat) == view
            hidden_parts_differ += a.position() != b.position()
    if cls is not minirails.Game:  # Mini Rails hides only future draws
        assert hidden_parts_differ


def _items(data: dict) -> Counter:
    return Counter({k: n for k, n in data.items()})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_off_the_rails_conserves_cards_items_and_missions(players) -> None:
    for game in positions(offtherails.Game, {"players": players}, games=2, every=7):
        real = game.position()
        for seat in range(players):
            guess = offtherails.Game.from_view(game.view(seat), seed=seat + 10).position()
            # The bag holds exactly the items seen nowhere else: the real bag.
            assert guess["bag"] == real["bag"]
            cards = ("deposit_deck", "removed_cards")
            for key in cards:
                assert len(guess[key]) == len(real[key])
            assert Counter(guess["deposit_deck"] + guess["removed_cards"]) + Counter(
                guess["chasm_deck"]["cards"]
            ) == Counter(real["deposit_deck"] + real["removed_cards"]) + Counter(
                real["chasm_deck"]["cards"]
            )
            assert sorted(guess["missions"]["deck"]) == sorted(real["missions"]["deck"])
            if "chasm" in real["deposit_deck"]:  # §2.4.4.6: it stays in its pile
                below = len(real["deposit_deck"]) - real["deposit_deck"].index("chasm")
                guessed = len(guess["deposit_deck"]) - guess["deposit_deck"].index("chasm")
                if players > 1:
                    assert 5 <= below <= 9 and 5 <= guessed <= 9


def test_off_the_rails_each_pile_keeps_one_card_of_each_colour() -> None:
    game = offtherails.Game(players=4, seed=3)
    view = game.view(1)
    assert view["deposit_cards"]["piles"][-1] == ["blue", "green", "red", "yellow"]
    assert view["deposit_cards"]["chasm_deck"] == ["red", "yellow", "green", "blue"]
    for seed in range(20):
        deck = offtherails.Game.from_view(view, seed).position()["deposit_deck"]
        colours = [name.split()[0] for name in deck]
        piles = [colours[:4], colours[4:8], colours[8:12], colours[12:17], colours[17:]]
        for pile in piles:
            assert sorted(c for c in pile if c != "chasm") == ["blue", "green", "red", "yellow"]
        assert "chasm" in piles[3]


def test_off_the_rails_hidden_piles_are_sampled_as_two_different_piles() -> None:
    from tests.offtherails.scenario import cart, game, mission_row

    column = {(row, 4): "NS" for row in range(5)}
    missions = mission_row(2, 7, 8, players=3)  # the collision missions face up (§2.13)
    g = game(
        players=3,
        tiles=column,
        missions=missions,
        carts=[
            cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
            cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "diamond": 1, "rock": 1}),
        ],
    )
    g.apply(offtherails.EndActions())
    g.apply(offtherails.SplitLoad(("ruby", "diamond"), ("rock", "ruby")))
    for seat in (0, 2):  # the picker and a third seat pick blind
        view = g.view(seat)
        assert view["move"]["collision"]["piles"] is None
        hit = view["carts"][view["move"]["collision"]["other"]]["contents"]
        samples = set()
        for seed in range(30):
            guess = offtherails.Game.from_view(view, seed)
            a, b = guess.position()["move"]["collision"]["piles"]
            assert a != b and Counter(a) + Counter(b) == Counter(hit)
            assert guess.view(seat) == view
            if seat == 0:
                assert guess.legal_actions() == g.legal_actions()
            samples.add(json.dumps([a, b], sort_keys=True))
        assert len(samples) > 3  # 6 ordered splits of 4 items into 2 + 2 differ


def test_twisty_tracks_stacks_hold_the_unplaced_tiles_and_others_place_legally() -> None:
    game = twistytracks.Game(players=3, seed=8)
    bot = RandomBot(seed=1)
    for _ in range(7):  # rounds 1, 2 and seat 0 of round 3
        game.apply(bot.choose(game.view(game.current_player)))
    view = game.view(1)
    real = game.position()["players"]
    for seed in range(10):
        guess = twistytracks.Game.from_view(view, seed)
        players = guess.position()["players"]
        for seat, (entry, truth) in enumerate(zip(players, real, strict=True)):
            assert sorted(entry["stack"]) == sorted(truth["stack"])
            if seat == 1:
                assert entry["stack"][0] == truth["stack"][0]  # the tile it drew
        x, y, rotation = players[0]["placement"]
        board = guess._state.boards[0]
        assert (x, y) in board.legal_cells() and rotation in range(4)


def test_mini_rails_views_hide_nothing_but_the_draws_to_come() -> None:
    game = minirails.Game(players=3, seed=4)
    view = game.view(2)
    assert view == game.position()
    a, b = minirails.Game.from_view(view, 1), minirails.Game.from_view(view, 2)
    assert a.position() == b.position() == game.position()


def test_bad_views_are_refused_clearly() -> None:
    view = twistytracks.Game(players=2, seed=1).view(0)
    with pytest.raises(RecordError, match="of the game 'twistytracks', not 'minirails'"):
        minirails.Game.from_view(view, 1)
    with pytest.raises(RecordError, match="JSON object"):
        minirails.Game.from_view([], 1)  # type: ignore[arg-type]
    broken = json.loads(json.dumps(view))
    broken["players"][0]["tiles_left"] = 3
    with pytest.raises(RecordError, match="tiles are unplaced"):
        twistytracks.Game.from_view(broken, 1)
    otr = offtherails.Game(players=2, seed=1).view(0)
    otr["bag"] += 1
    with pytest.raises(RecordError, match="items in the bag"):
        offtherails.Game.from_view(otr, 1)
    del otr["deposit_cards"]
    with pytest.raises(RecordError, match="malformed: missing 'deposit_cards'"):
        offtherails.Game.from_view(otr, 1)
    with pytest.raises(RecordError, match="no game called 'chess'"):
        sample({"game": "chess"})
    assert game_class("offtherails") is offtherails.Game


def test_a_bot_is_handed_a_view_and_a_game_still_gives_only_its_seats_view() -> None:
    game = offtherails.Game(players=2, seed=5)
    assert seat_view(game) == game.view(game.current_player)
    assert RandomBot(seed=1).choose(game) == RandomBot(seed=1).choose(game.view(0))
    random.Random(0)  # the global generator is never used by sampling


# -- view samplers: the view read once, games drawn fast (issue 16) ----------------------------


@pytest.mark.parametrize(("cls", "options"), SETUPS, ids=IDS)
def test_a_sampler_draws_what_from_view_gives_and_its_games_keep_their_records(
    cls, options
) -> None:
    rng = random.Random(3)
    for game in positions(cls, options, games=1, every=11):
        if game.is_over:
            continue
        seat = game.current_player
        view = game.view(seat)
        games = cls.sampler(view)
        assert games(seed=5).position() == cls.from_view(view, seed=5).position()
        drawn = games.draw(rng)
        assert drawn.view(seat) == view
        assert drawn.legal_actions() == game.legal_actions()
        start = drawn.position()
        while not drawn.is_over and len(drawn.history) < 6:  # play on: the record still
            drawn.apply(rng.choice(drawn.legal_actions()))  # starts where it was drawn
        replayed = cls.from_json(drawn.to_json())
        assert replayed.position() == drawn.position()
        assert json.loads(drawn.to_json())["position"] == start


def _two_alike(cls: type[Game], options: dict, seed: int) -> tuple[Game, Game]:
    """Two games drawn alike (one seed) from a view in mid-game: the same game, twice."""
    game = cls(seed=seed, **options)
    bot = RandomBot(seed=seed)
    for _ in range(12):
        game.apply(bot.choose(game.view(game.current_player)))
        if game.is_over:  # a short solo game: from the decision before its end
            game.undo()
            break
    games = cls.sampler(game.view(game.current_player))
    return games(seed=seed), games(seed=seed)


@pytest.mark.parametrize(("cls", "options"), SETUPS, ids=IDS)
def test_a_sampled_game_plays_the_same_whether_or_when_what_it_hides_is_looked_at(
    cls, options
) -> None:
    # a sampler may leave hidden parts to be drawn as the game reveals them
    for seed in range(3):
        looked, left = _two_alike(cls, options, seed)
        looked.position()  # draws everything still hidden, now
        rng = random.Random(seed)
        while not looked.is_over:
            actions = looked.legal_actions()
            assert left.legal_actions() == actions
            action = rng.choice(actions)
            looked.apply(action)
            left.apply(action)
            if rng.random() < 0.2:
                looked.position()
        assert left.log == looked.log
        assert left.position() == looked.position() == looked.position()
        assert left.to_json() == looked.to_json()
        # the record starts from the game as drawn, and replays to the same game
        replayed = cls.from_json(left.to_json())
        assert replayed.position() == left.position() and replayed.log == left.log


@pytest.mark.parametrize(("cls", "options"), SETUPS, ids=IDS)
def test_undo_and_redo_in_a_sampled_game_reveal_the_same(cls, options) -> None:
    game, _ = _two_alike(cls, options, 1)
    rng = random.Random(1)
    for _ in range(9):  # past a deposit card turned over, a tile come to the top
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    copy = game.copy()
    end, log = game.position(), game.log
    while game.can_undo:
        game.undo()
    while game.can_redo:
        game.redo()
    assert game.position() == end and game.log == log
    assert copy.position() == end


def _hidden_marks(cls: type[Game], position: dict) -> Counter:
    """Marks of the hidden parts of a position that a sampler must draw as from_view does."""
    if cls is offtherails.Game:
        deck = position["deposit_deck"]
        return Counter(
            {f"deck[{i}]={card}": 1 for i, card in enumerate(deck[:3] + deck[-2:])}
            | {f"chasm={c}": 1 for c in position["chasm_deck"]["cards"][:1]}
            | {f"removed={c}": 1 for c in position["removed_cards"][:2]}
            | {f"mission={m}": 1 for m in position["missions"]["deck"][:1]}
        )
    marks: Counter = Counter()
    for seat, entry in enumerate(position["players"]):
        marks[f"{seat} stack={entry['stack'][:1]}"] += 1
        marks[f"{seat} placement={entry['placement']}"] += 1
    return marks


@pytest.mark.parametrize(
    ("cls", "options", "steps"),
    [(offtherails.Game, {"players": 3}, 9), (twistytracks.Game, {"players": 3}, 7)],
    ids=["offtherails", "twistytracks"],
)
def test_a_sampler_draws_the_hidden_parts_as_from_a_fresh_reading_of_the_view(
    cls, options, steps
) -> None:
    game = cls(seed=2, **options)
    bot = RandomBot(seed=2)
    for _ in range(steps):
        game.apply(bot.choose(game.view(game.current_player)))
    view = game.view(1)
    fresh, again, fast = Counter(), Counter(), Counter()
    rng, games = random.Random(1), cls.sampler(view)
    for _ in range(1500):
        fresh += _hidden_marks(cls, cls._position_from_view(view, rng))
        again += _hidden_marks(cls, cls._position_from_view(view, rng))
        fast += _hidden_marks(cls, games.draw(rng).position())

    def distance(a: Counter, b: Counter) -> float:  # total variation
        return sum(abs(a[k] - b[k]) for k in a | b) / (2 * sum(a.values()))

    # the same distribution: no further from fresh readings than they are from each other
    assert distance(fresh, fast) < 1.3 * distance(fresh, again) + 0.01
