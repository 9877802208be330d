"""A pick redraws only the game's ``CHOICE_LAYERS`` (a smaller message, a quicker answer
to a click: issue 27 item 16); that is right only if nothing the choice changes is drawn
on the other layers. Checked for every game over picks made by clicks and buttons."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any
from unittest.mock import patch

import ipycanvas.canvas
import pytest
from ipywidgets import Widget

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets.draw import RecordingPainter
from railwidgets.ui.choice import Choice
from railwidgets.ui.panel import GameWidget
from tests.ui.messages import layer_names, record_batches


def layers_drawn(w) -> dict[str, list]:
    painter = RecordingPainter(*w.board.size, layers=w.LAYERS)
    w._draw_dynamic(painter)
    return {name: [(c.name, c.args) for c in painter.calls if c.layer == name] for name in w.LAYERS}


@pytest.mark.parametrize(
    "make",
    [
        lambda: MiniRailsWidget(players=3, seed=3, seats=["human", "greedy", "greedy"]),
        lambda: TwistyTracksWidget(players=2, seed=3, seats=["human", "greedy"], animate=False),
        lambda: OffTheRailsWidget(players=2, seed=3, seats=["human", "greedy"], animate=False),
    ],
)
def test_27_16_a_pick_changes_nothing_outside_the_choice_layers(make) -> None:
    w = make()
    assert "highlights" in w.CHOICE_LAYERS and not {"static", "pieces"} & set(w.CHOICE_LAYERS)
    rng = random.Random(1)
    checked = 0
    for _ in range(40):
        if w.game.is_over:
            break
        part = w.choice.next_part
        picks = [(part, v) for v in w.choice.options(part)] if part else []
        if not picks or w.choice.complete:
            w.play(rng.choice(w.choice.candidates or w.game.legal_actions()))
            continue
        w.pick(*rng.choice(picks))
        picked = layers_drawn(w)
        chosen, w.choice = w.choice, Choice.from_game(w.game, w.parts)
        fresh = layers_drawn(w)
        w.choice = chosen
        for name in w.LAYERS[1:]:
            if name not in w.CHOICE_LAYERS:
                assert picked[name] == fresh[name], name
        checked += 1
    assert checked >= 10


def _mini_rails() -> tuple[MiniRailsWidget, list[Callable[[], None]]]:
    """Two market discs, clicked in turn: the disc in hand moves (as the browser benchmark)."""
    w = MiniRailsWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], bot_pause=0)
    slots = [i for i, c in enumerate(w.game.state.market) if isinstance(c, str)][:2]
    at = [w.board_layout.market_slot_centre(slot) for slot in slots]
    return w, [lambda i=i: w.click(*at[i % 2]) for i in range(4)]


def _twisty_tracks() -> tuple[TwistyTracksWidget, list[Callable[[], None]]]:
    """Two lit spaces clicked in turn (the ghost moves), then Rotate (it turns)."""
    w = TwistyTracksWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], bot_pause=0)
    cells = w.lit()[:2]
    rotate = w.choice_button("Rotate")
    return w, [lambda i=i: w.click(*w.cell_centre(cells[i % 2])) for i in range(4)] + [
        rotate.click,
        rotate.click,
    ]


def _off_the_rails() -> tuple[OffTheRailsWidget, list[Callable[[], None]]]:
    """Place straight, then two lit squares clicked in turn (the ghost moves), then the
    other kind of tile for the square in hand (the ghost changes shape)."""
    seats = ["human", "greedy", "greedy", "greedy"]
    w = OffTheRailsWidget(players=4, seed=1, seats=seats, bot_pause=0, animate=False)
    if w.choice.options("side"):
        w.pick("side", w.choice.options("side")[0])
    w.pick("verb", "straight")
    squares = w.choice.options("square")[:2]
    at = [w.board_layout.centre(square) for square in squares]  # type: ignore[arg-type]
    return w, [lambda i=i: w.click(*at[i % 2]) for i in range(4)] + [
        lambda: w.pick_by_button("verb", "corner"),
        lambda: w.pick_by_button("verb", "straight"),
    ]


@pytest.mark.parametrize("make", [_mini_rails, _twisty_tracks, _off_the_rails])
def test_27_16_a_pick_sends_one_batch_drawing_only_the_choice_layers_before_the_words(
    make: Callable[[], tuple[GameWidget, list[Callable[[], None]]]],
) -> None:
    """The structural fact behind a quick answer to a click: a pick that changes only the
    choice sends no drawing of the static layer or the pieces, in one message that leaves
    before the status and the other panels."""
    w, picks = make()
    names = layer_names(w.board.canvas, w.LAYERS)
    order: list[object] = []
    widget_send = Widget._send

    def send(self: Widget, *args: Any, **kwargs: Any) -> None:
        order.append(self)
        widget_send(self, *args, **kwargs)

    for pick in picks:
        order.clear()
        before = w.choice
        with record_batches() as batches, patch.object(Widget, "_send", send):
            pick()
        assert w.choice != before and not w.status_error, w.status_text
        assert len(batches) == 1
        drawn = batches[0].on(names)
        assert drawn and set(drawn) <= set(w.CHOICE_LAYERS), drawn
        assert order[0] is ipycanvas.canvas._CANVAS_MANAGER


def test_27_16_a_click_on_another_space_leaves_the_tile_in_hand_alone() -> None:
    """Twisty Tracks keeps the tile in hand, the lit spaces and the numbered moves on a layer
    of their own: a click on another lit space draws the ghost only; Rotate, which turns the
    hand, draws both."""
    w, picks = _twisty_tracks()
    names = layer_names(w.board.canvas, w.LAYERS)
    drawn = []
    for pick in picks:
        with record_batches() as batches:
            pick()
        drawn.append(set(batches[0].on(names)))
    assert drawn[:4] == [{"highlights"}] * 4  # the hand shows the tile turned 0° already
    assert drawn[4:] == [{"marks", "highlights"}] * 2
    w.refresh()  # a whole redraw, then a click: the hand stays
    with record_batches() as batches:
        picks[1]()
    assert set(batches[0].on(names)) == {"highlights"}
