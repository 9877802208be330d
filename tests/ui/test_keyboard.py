"""Issue 25 item 1 (keyboard-only play) and issue 27 item 14 (keys after a button press),
in plain Python: the widget's ``key`` is what the board's canvas sends for a key.

A "keyboard-only" turn here uses only keys on the board, and the buttons of the decision
in hand pressed as a keyboard reaches them (Shift+Tab from the board, then Enter: the
test presses the button Shift+Tab focuses).
"""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import ipywidgets
import pytest

from railwidgets import MiniRailsWidget
from railwidgets.offtherails.widget import OffTheRailsWidget
from railwidgets.twistytracks.widget import TwistyTracksWidget
from railwidgets.ui.keyboard import Target, find_targets, step_towards
from railwidgets.ui.panel import GameWidget

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def focused_by(w: GameWidget, key: str) -> ipywidgets.Widget:
    """The widget that ``key`` (Tab or Shift+Tab on the board) puts the focus on."""
    calls: list[ipywidgets.Widget] = []
    with mock.patch.object(ipywidgets.DOMWidget, "focus", lambda self: calls.append(self)):
        w.key(key)
    assert len(calls) == 1
    return calls[0]


def keyboard_turn(w: GameWidget, rng: random.Random) -> None:
    """One decision made from the keyboard: walk the cursor at random, Enter; or a button
    reached with Shift+Tab; or Enter to confirm."""
    targets = w.keyboard.targets()
    if targets and not all(w.choice.has(t.part) for t in targets):  # not only a change of mind
        for _ in range(rng.randrange(4)):
            w.key(rng.choice(ARROWS))
            assert not w.status_error, w.status_text
        w.key("ArrowRight")  # lands on a target (or says there is none further that way)
        if w.keyboard.current is None:
            w.key("ArrowLeft")
        current = w.keyboard.current
        assert current is not None
        assert w.key_allows(current.part, current.value)  # never a forbidden target
        w.key("Enter")
        assert not w.status_error, w.status_text
        return
    if w.choice.complete:
        w.key("Enter")
        assert not w.status_error, w.status_text
        return
    keyed = [spec.key for spec, made in w.choice_buttons if spec.key and not made.disabled]
    if keyed and not any(spec.step for spec, _ in w.choice_buttons if spec.key == keyed[0]):
        w.key(rng.choice(keyed))
        assert not w.status_error, w.status_text
        return
    # Shift+Tab from the board reaches the last button before it, and Shift+Tab again the
    # ones before that: any enabled button of the decision in hand but Back
    assert isinstance(focused_by(w, "Shift+Tab"), ipywidgets.Button)
    buttons = [
        b
        for b in [*(m for _, m in w.choice_buttons), *w.decision.option_buttons]
        if not b.disabled and b.layout.display != "none"
    ]
    assert buttons, w.choice.picks
    rng.choice(buttons).click()
    assert not w.status_error, w.status_text


@pytest.mark.parametrize(
    "make",
    [
        lambda: MiniRailsWidget(players=3, seed=5, bot_pause=0, animate=False),
        lambda: TwistyTracksWidget(players=2, seed=5, bot_pause=0, animate=False),
        lambda: OffTheRailsWidget(players=2, seed=5, bot_pause=0, animate=False),
    ],
    ids=["minirails", "twistytracks", "offtherails"],
)
def test_item1_a_whole_game_from_the_keyboard(make: Any) -> None:
    w = make()
    rng = random.Random(1)
    decisions = 0
    while not w.game.is_over:
        before = len(w.game.history)
        for _ in range(12):  # the parts of one decision
            keyboard_turn(w, rng)
            if len(w.game.history) != before or w.game.is_over:
                break
        assert len(w.game.history) != before, w.choice.picks
        decisions += 1
        assert decisions < 600
    assert w.game.is_over
    w.close()


def test_item1_keys_that_mean_nothing_say_which_keys_work() -> None:
    w = MiniRailsWidget(players=3, seed=7, bot_pause=0, animate=False)
    history = w.game.history
    w.key("q")
    assert w.status_error
    for words in ("arrows move the cursor", "Enter", "Esc", "B Buy", "T Build", "Tab"):
        assert words in w.status_text
    assert w.game.history == history and not w.choice.picks
    w.key("Enter")  # nothing under the cursor, nothing to confirm
    assert w.status_error and "arrow keys" in w.status_text
    w.close()


def test_item1_arrows_with_nothing_on_the_board_say_so() -> None:
    w = OffTheRailsWidget(players=2, seed=5, bot_pause=0, animate=False)
    assert w.choice.next_part == "verb"  # picked with the buttons above the board
    w.key("ArrowDown")
    assert w.status_error and "Nothing on the board" in w.status_text
    assert "R Rotate" in w.status_text and "Tab" in w.status_text
    w.close()


def test_item1_cursor_only_on_targets_the_rules_allow() -> None:
    w = MiniRailsWidget(players=3, seed=7, bot_pause=0, animate=False)
    slots = {t.value for t in w.keyboard.targets()}
    assert {t.part for t in w.keyboard.targets()} == {"slot"}
    assert slots == set(w.choice.options("slot"))  # every disc that may be taken, nothing else
    w.key("ArrowRight")
    w.key("Enter")
    w.key("t")  # Build: the hexes the disc may go on
    hexes = {t.value for t in w.keyboard.targets() if t.part == "hex"}
    assert hexes == {h for h in w.choice.options("hex") if h is not None}
    w.close()


def test_item1_cursor_is_drawn_on_the_choice_layer() -> None:
    w = MiniRailsWidget(players=3, seed=7, bot_pause=0, animate=False)
    from railwidgets.draw.recording import RecordingPainter

    w.key("ArrowRight")
    painter = RecordingPainter(*w.board.size, w.LAYERS)
    w._draw_dynamic(painter)
    x, y, width, height = w.keyboard.current.box  # type: ignore[union-attr]
    box = (x - 6, y - 6, width + 12, height + 12)
    rings = [c for c in painter.calls if c.layer == "highlights" and c.name == "rect"
             and (c["x"], c["y"], c["w"], c["h"]) == box]  # fmt: skip
    assert len(rings) == 2  # the light halo, then the dark ring
    w.close()


def test_item1_tab_leaves_the_board_both_ways() -> None:
    w = TwistyTracksWidget(players=2, seed=5, bot_pause=0, animate=False)
    assert focused_by(w, "Tab") is w.keys_button
    before = focused_by(w, "Shift+Tab")
    assert isinstance(before, ipywidgets.Button) and not before.disabled
    w.close()


def test_item1_shift_tab_from_the_canvas_is_told_apart_from_tab() -> None:
    w = TwistyTracksWidget(players=2, seed=5, bot_pause=0, animate=False)
    calls: list[ipywidgets.Widget] = []
    with mock.patch.object(ipywidgets.DOMWidget, "focus", lambda self: calls.append(self)):
        w.board._key_down("Tab", False, False, False)  # what ipycanvas sends
        w.board._key_down("Tab", True, False, False)
    assert calls[0] is w.keys_button and calls[1] is not w.keys_button
    w.close()


def test_issue27_item14_a_decision_button_gives_the_focus_back_to_the_board() -> None:
    w = TwistyTracksWidget(players=2, seed=5, bot_pause=0, animate=False)
    focused: list[ipywidgets.Widget] = []
    with mock.patch.object(ipywidgets.DOMWidget, "focus", lambda self: focused.append(self)):
        w.choice_button("Rotate").click()
        assert focused == [w.board.canvas]
        w.undo_button.click()  # nothing to undo: refused, still the board's keys work
    w.key("r")
    assert not w.status_error
    w.close()


def test_find_targets_and_steps_are_pure() -> None:
    targets = find_targets(lambda x, y: ("c", (x // 10, y // 10)), (30, 10), lambda p, v: True, 2)
    assert [t.value for t in targets] == [(0, 0), (1, 0), (2, 0)]
    line = [Target("c", i, (10 * i, 0, 4, 4)) for i in range(3)]
    assert step_towards(line, line[0].centre, "ArrowRight", 0) == 1
    assert step_towards(line, line[0].centre, "ArrowLeft", 0) is None
