"""What a page that reloads while a game is played needs from the kernel (issue 26, item 8).

A page that connects to a running kernel (JupyterLab after a reload) asks for every
widget's state, then builds the widgets one by one. A widget closed in between is gone
from the page while a box that held it still names it, and the whole game widget fails
to show ("Error displaying widget: model not found"); the browser test in
``tests/e2e/test_offtherails_browser.py`` reloads while the bots play and sees it. So a
game widget closes none of its widgets while it is played (Off the Rails closed and
made its action buttons at every turn); a button no longer needed is kept aside and
shown again, sent again to a page that connects, and closed with the widget.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets
import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets.offtherails import scenarios
from railwidgets.ui.panel import GameWidget

#: Presses that start something else than playing on (a new game, a file, a search).
NOT_PLAYING = ("New game…", "Start", "Cancel", "Save", "Hint", "Load")


@contextmanager
def closes_seen() -> Iterator[list[str]]:
    """Every widget closed while inside (its class and description)."""
    seen: list[str] = []
    original = ipywidgets.Widget.close

    def close(self: ipywidgets.Widget) -> None:
        if self.comm is not None:  # a live widget: its page would be told
            seen.append(f"{type(self).__name__} {getattr(self, 'description', '')!r}")
        original(self)

    ipywidgets.Widget.close = close  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ipywidgets.Widget.close = original  # type: ignore[method-assign]


def shown_buttons(w: GameWidget) -> list[ipywidgets.Button]:
    found = []
    todo: list[Any] = [w]
    while todo:
        item = todo.pop()
        if isinstance(item, ipywidgets.Button):
            found.append(item)
        if getattr(getattr(item, "layout", None), "display", "") != "none":
            todo.extend(getattr(item, "children", ()))
    return [b for b in found if not b.disabled and b.description not in NOT_PLAYING]


def play_by_buttons_and_clicks(w: GameWidget, presses: int, seed: int) -> int:
    """Press enabled buttons, click the board, or play a legal move, at random; returns
    the moves played (the bots play theirs at once: no event loop here)."""
    rng = random.Random(seed)
    width, height = w.board.size
    for _ in range(presses):
        buttons = shown_buttons(w)
        roll = rng.random()
        if buttons and roll < 0.5:
            rng.choice(buttons).click()
        elif roll < 0.7 or not w.game.legal_actions():
            w.click(rng.uniform(0, width), rng.uniform(0, height))
        else:
            w.play(rng.choice(w.game.legal_actions()))
    return len(w.game.history)


@pytest.mark.parametrize(
    "make",
    [
        lambda: OffTheRailsWidget(
            players=4, seed=3, seats=["human", "greedy", "greedy", "greedy"], bot_pause=0
        ),
        lambda: OffTheRailsWidget(game=scenarios.rear_end(), seats=["human", "human"]),
        lambda: MiniRailsWidget(players=3, seed=4, bot_pause=0),
        lambda: TwistyTracksWidget(players=3, seed=5, bot_pause=0),
    ],
    ids=["otr-bots", "otr-hot-seat-crash", "minirails", "twistytracks"],
)
def test_issue26_item8_playing_closes_no_widget(make: Any) -> None:
    w = make()
    try:
        with closes_seen() as closed:
            moves = play_by_buttons_and_clicks(w, presses=300, seed=1)
        assert moves >= 20, "the random presses played too little to say anything"
        assert closed == [], f"closed while playing: {closed[:8]}"
    finally:
        w.close()


def test_issue26_item8_option_buttons_kept_aside_are_sent_again_and_closed_with_the_widget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    live_before = len(ipywidgets.widgets.widget._instances)
    w = OffTheRailsWidget(game=scenarios.rear_end(), seats=["human", "human"])
    play_by_buttons_and_clicks(w, presses=60, seed=2)
    w.option_row.show([])  # every option button kept aside, none shown
    spare = list(w.option_row.spare)
    assert spare, "no option button was ever made"
    sent: list[ipywidgets.Widget] = []
    original = ipywidgets.Widget.send_state

    def send_state(self: ipywidgets.Widget, key: Any = None) -> None:
        sent.append(self)
        original(self, key)

    monkeypatch.setattr(ipywidgets.Widget, "send_state", send_state)
    # a page shows the board: a button it may have missed is sent again, shown or not
    w.board.canvas._canvases[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert all(button in sent for button in spare)
    monkeypatch.undo()
    w.close()
    assert all(button.comm is None for button in spare)
    assert len(ipywidgets.widgets.widget._instances) == live_before
