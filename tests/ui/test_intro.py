"""A play page's heading (``widget.intro``): the game, who plays whom, what to do first,
in the widget's language, following the seats (issue 24; issue 27 item 10)."""

from __future__ import annotations

import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from tests.ui.test_kit import live_widgets


@pytest.mark.parametrize(
    ("make", "title", "first_step"),
    [
        (MiniRailsWidget, "Mini Rails", "Click a disc in the market"),
        (OffTheRailsWidget, "Off the Rails", "Pick your side"),
        (TwistyTracksWidget, "Twisty Tracks", "Click a lit space"),
    ],
)
def test_27_10_the_heading_follows_the_seats(make, title, first_step) -> None:
    w = make(players=3, seats=["human", "greedy", "greedy"], seed=2)
    try:
        names = [str(w.game.player_name(seat)) for seat in range(3)]
        said = w.intro.value
        assert f">{title}</h1>" in said and first_step in said
        assert f"You play {names[0]} against {names[1]} (Greedy bot), {names[2]}" in said
        w.seat_inputs[1].value = "human"  # a second person sits down
        said = w.intro.value
        assert f"{names[0]} and {names[1]} take turns at this device" in said
        assert f"against {names[2]} (Greedy bot)" in said
        w.seat_inputs[0].value = "greedy"
        w.seat_inputs[1].value = "greedy"  # bots only: nothing for a person to do
        assert "Bots play every seat" in w.intro.value and first_step not in w.intro.value
    finally:
        w.close()


def test_24_the_heading_speaks_the_widgets_language_and_a_new_game_keeps_it_in_step() -> None:
    w = OffTheRailsWidget(players=2, seats=["human", "greedy"], seed=1, lang="ru")
    try:
        assert "Сойти с рельсов</h1>" in w.intro.value and "Соперники:" in w.intro.value
        w.set_language("pl")
        assert "Grasz jako" in w.intro.value
        w.settings.players.value = 3
        w.start_new_game()
        said = w.intro.value  # the bots' clans named by colour once they chose a side
        assert "Grasz jako " in said and said.count(" (Chciwy bot)") == 2
    finally:
        w.close()


def test_the_heading_is_made_only_when_asked_for_and_closes_with_the_widget() -> None:
    before = live_widgets()
    w = MiniRailsWidget(players=3, seed=1)
    made = live_widgets()
    assert w._intro is None  # a widget in a tutorial makes no heading
    w.intro  # noqa: B018 - made on first use
    assert live_widgets() == made + 3  # the HTML, its layout and its style
    w.close()
    assert live_widgets() == before


def test_the_heading_and_the_seat_labels_follow_a_clan_named_by_its_side() -> None:
    """Off the Rails names a player by their clan's colour once the side is chosen: the
    heading says the new names, and the seat labels are as wide as them (not "1 Зелё…")."""
    from railwidgets import offtherails as otr
    from railwidgets.draw.metrics import text_width
    from railwidgets.ui.controls import LABEL_PX

    w = OffTheRailsWidget(players=2, seats=["human", "greedy"], seed=1, lang="ru", bot_pause=0)
    try:
        assert "Вы играете за: Игрок 1." in w.intro.value
        w.play(next(a for a in w.game.legal_actions() if isinstance(a, otr.ChooseSide)))
        assert "Вы играете за: Красный. Соперники: Зелёный (Жадный бот)." in w.intro.value
        for dropdown in w.seat_inputs:
            room = int(dropdown.style.description_width.removesuffix("px"))
            assert room >= text_width(dropdown.description, LABEL_PX), dropdown.description
    finally:
        w.close()
