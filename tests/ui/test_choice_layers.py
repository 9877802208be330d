"""A pick redraws only the game's ``CHOICE_LAYERS`` (a smaller message, a quicker answer
to a click: issue 27 item 16); that is right only if nothing the choice changes is drawn
on the other layers. Checked for every game over picks made by clicks and buttons."""

from __future__ import annotations

import random

import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets.draw import RecordingPainter
from railwidgets.ui.choice import Choice


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
    assert w.CHOICE_LAYERS == ("highlights",)
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
