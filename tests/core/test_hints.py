"""A hint's reasons (issue 29 item 3): what a move brings at once, from the seat's view alone."""

from __future__ import annotations

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core.game import Game
from railwidgets.core.hints import certain_gains
from railwidgets.i18n import tr
from railwidgets.offtherails.bots import GreedyBot as MineBot
from railwidgets.twistytracks.bots import turn_gain


def _said(game: Game, action) -> list[str]:
    return [tr(text, "en") for text in certain_gains(game.view(game.current_player), action)]


def test_29_3_off_the_rails_names_the_jewels_loaded_and_stocked_and_the_points_truly() -> None:
    game = offtherails.Game(players=2, seed=3)
    bots = [MineBot(seed=1), MineBot(seed=2)]
    kinds: set[str] = set()
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        said = _said(game, action)
        before = game.scores()[seat], sum(game.position()["stockpiles"][seat].values())
        game.apply(action)
        after = game.scores()[seat], sum(game.position()["stockpiles"][seat].values())
        for words in said:
            if words.endswith("points at once") or words.endswith("point at once"):
                assert after[0] - before[0] == int(words.split()[0])
                kinds.add("points")
            elif words.endswith("to your stockpile"):
                assert after[1] > before[1]
                kinds.add("stockpile")
            elif words.startswith("your carts load"):
                kinds.add("load")
            elif words.startswith("the mission"):
                kinds.add("mission")
    assert {"points", "stockpile", "load"} <= kinds


def test_29_3_twisty_tracks_says_what_the_placement_scores_this_round() -> None:
    game = twistytracks.Game(players=2, seed=5)
    view = game.view(0)
    for action in game.legal_actions():
        gain = turn_gain(view, 0, action)
        expected = [f"your trains score {gain} points this round"] if gain > 1 else []
        if gain == 1:
            expected = ["your trains score 1 point this round"]
        assert _said(game, action) == expected


@pytest.mark.parametrize(
    "make",
    [
        lambda: minirails.Game(players=3, seed=2),
        lambda: twistytracks.Game(players=3, seed=2),
        lambda: offtherails.Game(players=3, seed=2),
    ],
    ids=["minirails", "twistytracks", "offtherails"],
)
def test_29_3_the_reasons_are_the_same_whatever_the_view_hides(make) -> None:
    real = make()
    seat = real.current_player
    twin = type(real).from_view(real.view(seat), seed=99)  # another deck, bag, secret choices
    assert twin.view(seat) == real.view(seat)
    for action in real.legal_actions()[:40]:
        assert _said(real, action) == _said(twin, action)


def test_29_3_twisty_tracks_says_a_placements_points_once() -> None:
    """Its points are scored as it is placed: "this round", never again as "at once"."""
    from railwidgets.core.puzzles import puzzles

    for puzzle in puzzles("twistytracks")[:4]:
        game = puzzle.position()
        said = _said(game, puzzle.answer)
        assert not any("at once" in words for words in said), said
        assert any("this round" in words for words in said), said
