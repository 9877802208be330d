"""What a bare game shows in a notebook (issue 26, item 4).

``game._repr_svg_()`` (and ``_repr_html_``, its ``<img>``) is ``game.to_svg()``:
what a spectator may know, exactly as ``str(game)`` tells it, in all three games.
``to_svg(seat=k)`` shows what seat ``k`` may know; ``to_svg(reveal=True)`` shows
everything, secrets included, when asked for on purpose.

Each test builds twins: two games that differ only in hidden things (deck order,
stacks, the bag's future, one seat's secret choice). A spectator must not tell them
apart, by the picture or by the text; a seat must not tell apart what it may not know.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core import RandomBot
from railwidgets.core.game import Game
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.actions import EndActions, SplitLoad

# -- twins --------------------------------------------------------------------------------------------


def _twisty_twins(rounds: int, seed: int) -> tuple[Game, Game]:
    """Three seats after ``rounds`` random rounds; then seat 0 places in secret, another way in
    each twin. The twins' stacks differ too, all but seat 1's drawn tile (R22, R25)."""
    game = twistytracks.Game(players=3, seed=seed)
    bot = RandomBot(seed)
    while game.position()["round"] <= rounds:
        game.apply(bot.choose(game))
    assert game.current_player == 0
    position = game.position()
    twin_position = json.loads(json.dumps(position))
    rng = random.Random(seed)
    for seat, entry in enumerate(twin_position["players"]):
        keep = 1 if seat == 1 else 0
        hidden = entry["stack"][keep:]
        entry["stack"] = entry["stack"][:keep] + rng.sample(hidden, len(hidden))
    first = twistytracks.Game.from_position(position, seed=seed)
    second = twistytracks.Game.from_position(twin_position, seed=seed + 1)
    first.apply(first.legal_actions()[0])
    second.apply(second.legal_actions()[-1])
    assert first.history[0].cell != second.history[0].cell  # type: ignore[attr-defined]
    return first, second


def _off_the_rails_twins() -> tuple[Game, Game]:
    """Red's cart has hit Green's loaded cart and Green has split the load, another way in each
    twin; the decks, the bag and the mission deck differ too (§2.16, C-5)."""
    first = scenarios.rear_end()
    second = offtherails.Game.from_position(
        offtherails.Game.from_view(first.view(0), seed=4).position(), seed=4
    )
    for game, which in ((first, 0), (second, -1)):
        game.apply(EndActions())
        splits = [a for a in game.legal_actions() if isinstance(a, SplitLoad)]
        game.apply(splits[which])
    assert first.position() != second.position()
    return first, second


def _mini_rails_twins() -> tuple[Game, Game]:
    """The same table, another seed: the bag's future draws differ (§2.7, draw phase)."""
    start = minirails.Game(players=3, seed=7)
    for _ in range(3):
        start.apply(start.legal_actions()[0])
    position = start.position()
    return (
        minirails.Game.from_position(position, seed=1),
        minirails.Game.from_position(position, seed=2),
    )


TWINS = {
    "twistytracks-round1": lambda: _twisty_twins(0, 3),
    "twistytracks-round4": lambda: _twisty_twins(3, 11),
    "offtherails-split": _off_the_rails_twins,
    "minirails": _mini_rails_twins,
}


def _shown(game: Game) -> tuple[Any, ...]:
    """Everything a bare game shows in a notebook."""
    return (game._repr_svg_(), game._repr_html_(), game.to_svg(), str(game))


@pytest.mark.parametrize("make", TWINS.values(), ids=TWINS.keys())
def test_item4_a_bare_game_shows_what_a_spectator_may_know(make: Any) -> None:
    first, second = make()
    assert first._repr_svg_() == first.to_svg()
    assert _shown(first) == _shown(second)


@pytest.mark.parametrize("make", TWINS.values(), ids=TWINS.keys())
def test_item4_a_seats_picture_shows_what_that_seat_may_know(make: Any) -> None:
    first, second = make()
    for seat in range(first.num_players):
        if first.view(seat) == second.view(seat):
            assert first.to_svg(seat=seat) == second.to_svg(seat=seat), seat


@pytest.mark.parametrize("rounds", [0, 3])
def test_item4_twisty_tracks_shows_drawn_tiles_and_placements_only_when_asked(rounds: int) -> None:
    first, second = _twisty_twins(rounds, 3 if rounds == 0 else 11)
    for game in (first, second):
        svg, text = game.to_svg(), str(game)
        assert " drew" not in svg  # nobody's drawn tile (R22)
        assert "placed ✓" in svg and "has placed this round (hidden)" in text  # that, not where
        drawn = game.position()["players"][1]["stack"][0]
        assert f"T{drawn:02d}, turned" in game.to_svg(seat=1)  # seat 1 sees its own tile
        assert f"T{drawn:02d}, turned" not in game.to_svg(seat=2)
    assert first.to_svg(seat=0) != second.to_svg(seat=0)  # seat 0 sees where it placed
    assert first.to_svg(reveal=True) != second.to_svg(reveal=True)  # asked for: everything
    assert first.to_svg(reveal=True) != first.to_svg()


def test_item4_reveal_with_a_seat_is_checked_and_off_the_rails_and_mini_rails_take_it_too() -> None:
    game = twistytracks.Game(players=2, seed=3)
    with pytest.raises(ValueError, match="seat"):
        game.to_svg(seat=5, reveal=True)
    with pytest.raises(ValueError, match="seat"):
        game.to_svg(seat=5)
    for other in (offtherails.Game(players=2, seed=3), minirails.Game(players=3, seed=3)):
        assert other.to_svg(reveal=True).startswith("<svg")
        with pytest.raises(ValueError, match="seat"):
            other.to_svg(seat=7)
