"""CanvasPainter batches, BoardView messages, clicks and reconnects (no browser)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import ipycanvas.canvas
from ipycanvas import MultiCanvas, hold_canvas

from railwidgets.ui.board import BoardView
from railwidgets.ui.canvas import CanvasPainter
from railwidgets.ui.theme import BOARD_CLASS, BOARD_CSS
from tests.ui.messages import count_messages


@contextlib.contextmanager
def record_commands() -> Iterator[list[list[Any]]]:
    """Every message the canvas manager sends, as its list of commands."""
    manager = ipycanvas.canvas._CANVAS_MANAGER
    sent: list[list[Any]] = []
    original = manager._send_custom

    def record(commands: Any, buffers: Any = ()) -> None:
        sent.append(list(commands))
        original(commands, list(buffers))

    manager._send_custom = record
    try:
        yield sent
    finally:
        manager._send_custom = original


def test_a_held_drawing_is_one_message_and_styles_are_sent_once() -> None:
    canvas = MultiCanvas(2, width=100, height=50)
    painter = CanvasPainter(canvas, ("static", "pieces"))
    manager = ipycanvas.canvas._CANVAS_MANAGER
    with count_messages() as sent:
        with hold_canvas():
            painter.layer("pieces")
            for x in range(10):
                painter.text(x, 5, "R", fill="#FFFFFF", bold=True)
            commands = list(manager._commands_cache)
            painter.polygons([[(0, 0), (1, 0), (0, 1)]] * 3, ["#FF0000"] * 3, stroke="#000000")
            painter.circles([(1, 1), (2, 2)], 3, ["#FF0000", "#00FF00"], stroke="#000000")
            painter.rects([(0, 0, 1, 1)], ["#FFFFFF"], stroke="#000000")
            painter.lines([((0, 0), (1, 1))], stroke="#000000", width=2)
            painter.line([(0, 0), (1, 1), (2, 0)], stroke="#000000", dash=(2, 2))
            painter.polygon([(0, 0), (1, 0), (0, 1)], fill="#FFFFFF", stroke="#000000")
            painter.circle(1, 1, 1, fill="#FFFFFF", stroke="#000000")
            painter.rect(0, 0, 1, 1, fill="#FFFFFF", stroke="#000000")
        assert sent.canvas == 1
    # 10 texts: one switch, the font/fill/align/baseline/alpha once each, then 10 fillText
    set_commands = [c for c in commands if c[0] == ipycanvas.canvas.COMMANDS["set"]]
    draw_commands = [c for c in commands if c[0] == ipycanvas.canvas.COMMANDS["fillText"]]
    assert len(draw_commands) == 10
    assert len(set_commands) <= 5


def make_board(clicks: list[tuple[float, float]]) -> BoardView:
    return BoardView(
        300,
        200,
        draw_static=lambda p: p.rect(0, 0, 300, 200, fill="#FFFFFF"),
        draw_dynamic=lambda p: p.circles([(50, 50)], 10, ["#C62828"], stroke="#000000"),
        on_click=lambda x, y: clicks.append((x, y)),
    )


def test_board_is_never_stretched_and_sends_one_message_per_redraw() -> None:
    board = make_board([])
    assert board.canvas.layout.max_width == "300px"
    assert board.canvas.layout.height == "auto"  # keeps its proportions when narrower
    with count_messages() as sent:
        board.redraw()
        assert sent.canvas == 1
        board.redraw(static=True)
        assert sent.canvas == 2


def test_a_browser_mouse_down_and_click_do_the_same() -> None:
    clicks: list[tuple[float, float]] = []
    board = make_board(clicks)
    top = board.canvas._canvases[-1]
    top._handle_frontend_event(None, {"event": "mouse_down", "x": 12, "y": 34}, [])
    board.click(12, 34)
    assert clicks == [(12, 34), (12, 34)]


def test_issue27_item1_the_board_carries_the_css_that_keeps_a_click_where_the_pointer_is() -> None:
    # ipycanvas focuses the canvas on mouse-down, then measures the click: a focus that
    # scrolled the page moved the click (the browser test shows it in Lab and Voilà)
    board = make_board([])
    assert BOARD_CLASS in board.canvas._dom_classes
    assert board.style.value.startswith(f"<style>{BOARD_CSS}")  # then Load… in each language
    assert board.style.layout.display == "none"  # it takes no room
    # (under the pointer only, on the board or on the widget's buttons, after which the
    # board takes the keys: a board reached with Tab is scrolled into view, issue 25)
    rule = re.match(
        rf"\.railwidgets:hover canvas\.{BOARD_CLASS}, canvas\.{BOARD_CLASS}:hover"
        r" \{ scroll-margin: -(\d+)px; \}",
        BOARD_CSS,
    )
    assert rule is not None, BOARD_CSS
    # more than half of any board (none is over 1,300 px): what focus would scroll into
    # view shrinks to nothing
    assert int(rule[1]) > 1300 / 2
    board.close()
    assert board.style.comm is None and board.style.layout.comm is None


def test_a_new_page_gets_everything_again_after_the_manager_forgets_its_canvas() -> None:
    board = make_board([])
    manager = board.canvas._canvas_manager
    # the manager believes the page already targets the static layer (the first drawn)
    manager._current_canvas = board.canvas[0]
    batches: list[list[object]] = []
    original = manager._send_custom
    manager._send_custom = lambda commands, buffers=[]: (  # type: ignore[method-assign]
        batches.append(commands),
        original(commands, buffers),
    )
    try:
        before = board.redraws
        board.canvas._canvases[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    finally:
        del manager._send_custom
    assert board.redraws == before + 1
    assert len(batches) == 1
    first = batches[0][0]
    # the batch starts by naming its canvas, so the new page knows where to draw
    assert first[0] == ipycanvas.canvas.COMMANDS["switchCanvas"]  # type: ignore[index]
    layers = [c for c in batches[0] if c[0] == ipycanvas.canvas.COMMANDS["clear"]]  # type: ignore[index]
    assert len(layers) == 3  # every layer, the static one too, is drawn again


def test_paths_transforms_clips_and_sleep_go_out_in_one_message() -> None:
    from tests.draw.test_painters import draw_shapes

    canvas = MultiCanvas(2, width=100, height=100)
    painter = CanvasPainter(canvas, ("static", "pieces"))
    manager = ipycanvas.canvas._CANVAS_MANAGER
    with count_messages() as sent:
        with hold_canvas():
            draw_shapes(painter)
            commands = [c[0] for c in manager._commands_cache]
        assert sent.canvas == 1
    codes = ipycanvas.canvas.COMMANDS
    for name in (
        "quadraticCurveTo",
        "bezierCurveTo",
        "arc",
        "closePath",
        "save",
        "translate",
        "rotate",
        "scale",
        "clip",
        "restore",
        "sleep",
        "setLineDash",
    ):
        assert codes[name] in commands, name
    assert commands.index(codes["clip"]) < commands.index(codes["restore"])
    assert commands.index(codes["restore"]) < commands.index(codes["sleep"])


def test_restore_brings_back_the_styles_the_cache_remembers() -> None:
    canvas = MultiCanvas(1, width=10, height=10)
    painter = CanvasPainter(canvas, ("static",))
    manager = ipycanvas.canvas._CANVAS_MANAGER
    with hold_canvas():
        painter.rect(0, 0, 1, 1, fill="#FF0000")
        painter.save()
        painter.rect(0, 0, 1, 1, fill="#00FF00")
        painter.restore()  # the canvas is red again: red must be sent again after green
        painter.rect(0, 0, 1, 1, fill="#00FF00")
        painter.rect(0, 0, 1, 1, fill="#FF0000")
        sets = [c for c in manager._commands_cache if c[0] == ipycanvas.canvas.COMMANDS["set"]]
    fills = [c for c in sets if "#" in str(c)]
    assert len(fills) == 4


def test_a_redraw_of_only_some_layers_sends_nothing_for_the_others() -> None:
    board = BoardView(
        100,
        50,
        draw_static=lambda p: p.rect(0, 0, 100, 50, fill="#FFFFFF"),
        draw_dynamic=lambda p: (
            p.layer("pieces"),
            p.circle(10, 10, 5, fill="#C62828"),
            p.layer("highlights"),
            p.circle(20, 10, 5, fill="#1E5AA8"),
        ),
        on_click=lambda x, y: None,
    )
    manager = ipycanvas.canvas._CANVAS_MANAGER
    sent: list[object] = []
    original = manager.send_draw_command

    def spy(canvas: object, name: object, args: object = (), buffers: object = ()) -> None:
        sent.append((canvas, name))
        original(canvas, name, list(args), list(buffers))  # type: ignore[call-overload]

    manager.send_draw_command = spy
    try:
        with count_messages() as counted:
            board.redraw(only=("highlights",))
        assert counted.canvas == 1
    finally:
        del manager.send_draw_command
    touched = {canvas for canvas, _ in sent}
    assert touched == {board.canvas[2]}  # the pieces layer keeps its picture, untouched


def test_27_16_a_redraw_names_each_layer_once_and_ends_off_the_board() -> None:
    # The page puts a MultiCanvas's layers together once for each canvas a message
    # names, and once more for the canvas the message before ended on: a redraw that
    # goes from layer to layer and back made the page do it three or four times a click.
    board = BoardView(
        100,
        50,
        draw_static=lambda p: p.rect(0, 0, 100, 50, fill="#FFFFFF"),
        draw_dynamic=lambda p: (
            p.layer("pieces"),
            p.circle(10, 10, 5, fill="#C62828"),
            p.layer("highlights"),
            p.circle(20, 10, 5, fill="#1E5AA8"),
            p.layer("pieces"),  # back to a layer already drawn on
            p.circle(30, 10, 5, fill="#2E7D32"),
        ),
        on_click=lambda x, y: None,
    )
    switch = ipycanvas.canvas.COMMANDS["switchCanvas"]
    for redraw in (lambda: board.redraw(static=True), board.redraw):
        with record_commands() as batches:
            redraw()
        assert len(batches) == 1
        named = [c[1][0] for c in batches[0] if c[0] == switch]
        rest = f"IPY_MODEL_{board.rest.model_id}"
        assert named[0] != rest  # it names its first layer: a page that just came knows it
        assert named[-1] == rest and rest not in named[:-1]
        assert len(named) == len(set(named)), named
        fills = [c[1][1] for c in batches[0] if c[1][:1] == [0]]  # fill_style commands
        assert fills.index("#C62828") < fills.index("#2E7D32")  # a layer keeps its order
    # the canvas the messages end on is shown beside the board (so every page knows it)
    assert board.rest in board.unseen[1].children


def test_27_16_an_animation_keeps_its_order() -> None:
    board = make_board([])
    switch, sleep = (ipycanvas.canvas.COMMANDS[n] for n in ("switchCanvas", "sleep"))
    frames = [
        lambda p: p.circle(5, 5, 2, fill="#000000"),
        lambda p: p.circle(9, 9, 2, fill="#000000"),
    ]
    with record_commands() as batches:
        board.redraw(frames=frames, pause=0.1)
    codes = [c[0] for c in batches[0]]
    assert codes.count(sleep) == 2
    assert codes[-1] == switch  # and it ends off the board too
