"""TwistyTracksWidget without a browser: whole games by clicks, secrets, bad input, messages."""

from __future__ import annotations

import asyncio
import random

import ipywidgets
import pytest

from railwidgets import TwistyTracksWidget
from railwidgets.draw import RecordingPainter
from railwidgets.draw.palette import RECENT
from railwidgets.twistytracks import Game, PlaceTile, scenarios
from railwidgets.twistytracks.components import TILES
from railwidgets.twistytracks.render import LAYERS
from tests.ui.messages import count_messages


def place_by_clicks(w: TwistyTracksWidget, rng: random.Random) -> PlaceTile:
    """What a person does: Continue after a round's reveal, take the cover away if asked,
    click a lit space, turn, Place."""
    if w.device.holding:
        assert not w.continue_button.layout.display
        w.continue_button.click()
    if w.covered:
        assert not w.ready_button.layout.display
        w.ready_button.click()
    lit = w.lit()
    assert lit, w.status_text
    cell = rng.choice(lit)
    w.click(*w.cell_centre(cell))
    assert w.choice.picked("cell") == cell and not w.place_button.disabled
    for _ in range(rng.randrange(4)):
        w.choice_button("Rotate").click()
    expected = PlaceTile(w.game.current_player, w.tile_in_hand, cell, w.rotation)
    w.place_button.click()
    assert not w.status_error, w.status_text
    return expected


def drawn(w: TwistyTracksWidget) -> RecordingPainter:
    """What the board shows now, recorded (the same calls as on the canvas)."""
    painter = RecordingPainter(w.WIDTH, w.HEIGHT, LAYERS)
    w._draw_static(painter)
    w._draw_dynamic(painter)
    return painter


def test_it_is_a_vbox_of_stock_widgets_with_a_fixed_size_board() -> None:
    w = TwistyTracksWidget(players=2, seed=1)
    assert isinstance(w, ipywidgets.VBox)
    assert w.board.canvas.width == 1000 and w.board.canvas.height == 640
    assert w.board.canvas.layout.max_width == "1000px"
    assert [d.value for d in w.seat_inputs] == ["human", "greedy"]
    assert w.place_button.description == "Place"
    assert isinstance(w.game, Game)


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (1, ["human"]),
        (2, ["human", "greedy"]),
        (2, ["human", "human"]),
        (4, ["human", "random", "human", "greedy"]),
        (8, ["greedy", "human", "random", "greedy", "greedy", "random", "greedy", "human"]),
    ],
)
def test_a_whole_game_through_clicks_and_buttons(players: int, seats: list[str]) -> None:
    w = TwistyTracksWidget(players=players, seed=21, seats=seats, animate=False)
    rng = random.Random(players)
    for _ in range(200):
        if w.game.is_over:
            break
        if w.device.holding:  # a round's reveal waits for the people, the bots too
            w.continue_button.click()
            continue
        seat = w.game.current_player
        assert seats[seat] == "human"  # the bots have played on at once
        expected = place_by_clicks(w, rng)
        assert expected in w.game.history
    assert w.game.is_over
    assert "Game over" in w.status_text
    for seat in w.game.winners():
        assert w.game.player_name(seat) in w.status_text
    for score in w.game.scores():
        assert f"<b>{score}</b>" in w.scores.value
    assert "★ winner" in w.scores.value


def test_the_reveal_is_animated_in_the_same_message() -> None:
    w = TwistyTracksWidget(players=2, seed=3, seats=["human", "greedy"], bot_pause=0)
    w.click(*w.cell_centre(w.lit()[0]))
    with count_messages() as sent:
        w.place_button.click()  # the bot places at once, the round is revealed
    assert sent.canvas == 1
    assert w.game.position()["round"] == 2


def test_one_canvas_message_per_action() -> None:
    w = TwistyTracksWidget(players=3, seed=4, seats=["human", "greedy", "greedy"], bot_pause=0)
    with count_messages() as sent:
        for act in (
            lambda: w.click(*w.cell_centre(w.lit()[0])),
            lambda: w.choice_button("Rotate").click(),
            lambda: w.key("r"),
            w.back_button.click,
            lambda: w.click(3, 3),  # off the frame: status only
        ):
            sent.reset()
            act()
            assert sent.canvas <= 1
        w.click(*w.cell_centre(w.lit()[0]))
        sent.reset()
        w.place_button.click()
        assert sent.canvas == 1


# -- bad input: a status line that says why, and nothing changes ---------------------------------------


def _state(w: TwistyTracksWidget) -> tuple:
    return (w.game.to_json(), w.choice.picks, w.viewer)


def test_bad_clicks_say_why_and_change_nothing() -> None:
    w = TwistyTracksWidget(game=scenarios.e4(), seats=["human"], animate=False)
    before = _state(w)
    cases = {
        w.cell_centre((1, 2)): "already holds T01",  # a full cell
        w.cell_centre((0, 0)): "no train of Wild West waits in front of (0,0)",
        (3.0, 3.0): "not on your frame",
        (w.board_layout.frames[0].x - 8, w.board_layout.frames[0].y + 100): "edge of your frame",
    }
    for (x, y), why in cases.items():
        w.click(x, y)
        assert w.status_error and why in w.status_text, w.status_text
        assert _state(w) == before
    w.click(-5, 20)
    assert w.status_error and "off the board" in w.status_text
    w.confirm()  # Place with no cell picked
    assert w.status_error and "Nothing to confirm" in w.status_text
    assert _state(w) == before


def test_another_players_frame_is_not_yours() -> None:
    w = TwistyTracksWidget(players=2, seed=5, seats=["human", "human"], animate=False)
    before = _state(w)
    w.click(*w.cell_centre((1, 2), seat=1))
    assert w.status_error and "Meadows's frame" in w.status_text
    assert _state(w) == before


def test_rotating_with_no_tile_in_hand_is_refused() -> None:
    w = TwistyTracksWidget(players=2, seed=5, seats=["human", "human"], animate=False)
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()
    assert w.covered  # the device goes to Meadows: nothing is in anybody's hand
    before = _state(w)
    w.key("r")
    assert w.status_error and "not available" in w.status_text
    assert w.choice_button("Rotate").disabled
    assert _state(w) == before


# -- secrets ------------------------------------------------------------------------------------------


def test_R25_hot_seat_the_next_person_sees_nothing_of_the_first_ones_placement() -> None:
    w = TwistyTracksWidget(players=2, seed=8, seats=["human", "human"], animate=False)
    first_tile = w.tile_in_hand
    cell = w.lit()[-1]
    w.click(*w.cell_centre(cell))
    w.place_button.click()
    secret = (TILES[first_tile - 1].id, TILES[first_tile - 1].name)

    def shown_anywhere() -> str:
        painter = drawn(w)
        html = " ".join(
            [w.status.value, w.recent_view.value, w.scores.value, w.log_view.value, w.to_svg()]
        )
        return " ".join(painter.texts()) + html

    # under the cover: the board is only the cover
    assert w.covered and w.cover_for == 1
    assert all("Pass the device" in t or "Ready" in t for t in drawn(w).texts())
    assert not any(part in shown_anywhere() for part in secret)
    # Meadows at the device: own frame large, no ghost or mark on Wild West's frame
    w.ready_button.click()
    assert w.viewer == 1
    painter = drawn(w)
    box = next(b for b in w.board_layout.frames if b.seat == 0)
    ox, oy, width, height = box.outer
    in_first = [
        c
        for layer in ("marks", "highlights")
        for c in painter.by_name("rect", layer) + painter.by_name("rects", layer)
        if any(ox <= x <= ox + width and oy <= y <= oy + height for x, y in _corners(c))
    ]
    assert in_first == []
    assert not any(part in shown_anywhere() for part in secret)
    assert "placed" in painter.texts()  # it does show that Wild West has placed


def _corners(call) -> list[tuple[float, float]]:
    if call.name == "rect":
        return [(call["x"], call["y"])]
    return [(x, y) for x, y, _, _ in call["boxes"]]


def test_R25_against_bots_their_placements_stay_hidden_until_the_reveal() -> None:
    w = TwistyTracksWidget(players=3, seed=2, seats=["greedy", "human", "greedy"], animate=False)
    # seat 0's bot has placed already: its tile and cell appear nowhere on seat 1's screen
    assert w.viewer == 1 and w.game.current_player == 1
    placed = w.game.history[-1]
    tile = TILES[placed.tile - 1]
    text = " ".join(drawn(w).texts()) + w.recent_view.value + w.log_view.value + w.to_svg()
    assert tile.name not in text
    assert w.recent() == []
    # after the reveal, the list names what everyone placed
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()
    assert tile.name in w.recent_view.value


def test_the_saved_picture_is_what_the_seat_may_see() -> None:
    w = TwistyTracksWidget(players=2, seed=8, seats=["human", "greedy"])
    bundle = w._repr_mimebundle_()
    from railwidgets.draw.svg import img_svg  # the SVG in the <img>

    svg = img_svg(bundle["text/html"])
    assert "Wild West drew" in svg
    assert "Meadows drew" not in svg


def test_undo_in_hot_seat_takes_back_only_your_own_placement() -> None:
    w = TwistyTracksWidget(players=2, seed=8, seats=["human", "human"], animate=False)
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()
    w.ready_button.click()
    assert w.undo_button.disabled  # Meadows cannot take back Wild West's secret move
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()  # the round is revealed
    assert w.game.position()["round"] == 2


# -- issue 27 item 6: the reveal is watched ---------------------------------------------------------------


def _place_first_lit(w: TwistyTracksWidget) -> None:
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()


def test_item6_in_hot_seat_the_reveal_stays_with_continue_before_the_cover() -> None:
    w = TwistyTracksWidget(players=2, seed=8, seats=["human", "human"])  # animated
    _place_first_lit(w)
    w.ready_button.click()
    w.click(*w.cell_centre(w.lit()[0]))
    with count_messages() as sent:
        w.place_button.click()  # Meadows places last: the round is revealed
    assert sent.canvas == 1  # the reveal and the still picture after it: one message
    round_one = w.game.history[-2:]
    # the revealed picture stays: no cover, Continue shown, what each scored said
    assert w.device.holding and not w.covered and w.viewer == 1
    assert not w.continue_button.layout.display and w.ready_button.layout.display == "none"
    status = w.status_text
    assert status.startswith("Round 1 scored Wild West +") and "Meadows +" in status
    assert status.endswith("press Continue when everyone has seen it.")
    assert not w.status_error
    for action in round_one:  # both placements, marked on the board and listed
        assert (action.seat, action.cell) in w.recent_cells()
        assert TILES[action.tile - 1].name in w.recent_view.value
    # everyone is looking: nobody's next tile, nothing to pick, nothing to take back
    assert not [t for t in drawn(w).texts() if t.endswith(" drew")]
    # the board's heading names the round on show, as the status does (not the next one)
    assert any(t.startswith("Round 1 scored") for t in drawn(w).texts())
    assert not any(t.startswith("Round 2") for t in drawn(w).texts())
    assert w.lit() == [] and w.place_button.disabled and w.hint_button.disabled
    assert w.undo_button.disabled and w.redo_button.disabled
    before = _state(w)
    w.click(*w.cell_centre((1, 2)))
    assert w.status_error and "press Continue" in w.status_text and _state(w) == before
    w.undo()
    assert _state(w) == before
    # Continue: only now the cover for the next person
    w.continue_button.click()
    assert not w.device.holding and w.covered and w.cover_for == 0
    assert w.status_text == "Pass the device to Wild West, who presses Ready."
    assert w.continue_button.layout.display == "none" and not w.ready_button.layout.display
    w.ready_button.click()
    assert w.viewer == 0 and w.status_text.startswith("Round 2, Wild West to place")
    assert any(t.startswith("Round 2") for t in drawn(w).texts())


def test_item6_a_bot_to_play_next_waits_for_continue_too() -> None:
    w = TwistyTracksWidget(players=3, seed=4, seats=["greedy", "human", "human"], animate=False)
    assert len(w.game.history) == 1  # the bot has placed
    _place_first_lit(w)
    w.ready_button.click()
    _place_first_lit(w)  # the round is revealed; the bot places first in round 2
    assert w.device.holding and len(w.game.history) == 3
    w.continue_button.click()  # now the bot places, then the cover for the next person
    assert len(w.game.history) == 4 and w.covered and w.cover_for == 1


def test_item6_against_bots_the_reveal_stays_until_the_persons_next_placement() -> None:
    w = TwistyTracksWidget(players=3, seed=4, seats=["human", "greedy", "greedy"])  # animated
    _place_first_lit(w)  # the bots place at once after the person: the round is revealed
    round_one = w.game.history[:3]
    assert w.game.position()["round"] == 2
    # no cover and nothing to continue: the person plays on, with the round on the board
    assert not w.device.holding and not w.covered and w.continue_button.layout.display == "none"
    assert w.status_text.startswith("Round 2, your turn (Wild West)")
    assert sorted(w.recent_cells()) == sorted((a.seat, a.cell) for a in round_one)
    marked = [c for c in drawn(w).by_name("rect", "marks") if c["stroke"] == RECENT]
    assert len(marked) == 3  # each placement of the round outlined on its frame
    # until the next placement, whose own round then shows
    _place_first_lit(w)
    assert all((a.seat, a.cell) not in w.recent_cells() for a in round_one)


def test_item6_the_status_follows_the_reveal_in_hot_seat_with_an_event_loop() -> None:
    """The person's own move that reveals the round: its words come when the reveal was played."""

    class Slow(TwistyTracksWidget):
        FRAME_PAUSE = 0.05

    async def scenario() -> tuple[str, str, bool]:
        w = Slow(players=2, seed=8, seats=["human", "human"])
        _place_first_lit(w)
        w.ready_button.click()
        _place_first_lit(w)
        during = w.status_text
        continue_at_once = not w.continue_button.layout.display  # the buttons follow at once
        while w._telling is not None:
            await asyncio.sleep(0.02)
        after = w.status_text
        w.close()
        return during, after, continue_at_once

    during, after, continue_at_once = asyncio.run(scenario())
    assert "Continue" not in during and "scored" in after and continue_at_once
