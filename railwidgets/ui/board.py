"""``BoardView``: a fixed-size ``MultiCanvas`` with named layers, clicks and reconnects handled.

- the bottom layer ("static") is drawn once per game; the layers above are
  cleared and drawn again by :meth:`BoardView.redraw`, all in one comm message per
  redraw, each layer's commands together (the page puts the layers together again
  once for each layer a message draws on: see :func:`grouped`);
- the canvas is never drawn wider than its pixel size (a ``VBox`` would stretch
  it); in a narrow cell it shrinks, keeping its proportions (ipycanvas maps
  click coordinates back to canvas pixels);
- only ``on_mouse_down`` is listened to (no mouse-move traffic), and
  :meth:`BoardView.click` does exactly what a browser click does; a click lands where
  the pointer is even on a board partly off screen (``style``, an HTML widget to show
  beside the canvas, carries the CSS that keeps ipycanvas's focus from scrolling the
  page: :data:`railwidgets.ui.theme.BOARD_CSS`);
- nothing is drawn until the owner first calls :meth:`BoardView.redraw` (it knows what
  the device may be shown); when a page (re)connects, or Voilà shows the widget,
  everything is drawn again (after resetting the canvas manager's remembered target:
  ipycanvas 0.14).

>>> from railwidgets.draw import Painter
>>> seen = []
>>> board = BoardView(
...     200, 100,
...     draw_static=lambda p: p.rect(0, 0, 200, 100, fill="#FFFFFF"),
...     draw_dynamic=lambda p: p.circle(50, 50, 10, fill="#C62828"),
...     on_click=lambda x, y: seen.append((x, y)),
... )
>>> board.click(50, 50)
>>> seen
[(50, 50)]
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from ipycanvas import Canvas, MultiCanvas
from ipycanvas.canvas import COMMANDS
from ipywidgets import HTML, Box, Layout, Widget

from railwidgets.draw.painter import Painter
from railwidgets.ui.canvas import CanvasPainter
from railwidgets.ui.controls import close_all
from railwidgets.ui.theme import BOARD_CLASS, BOARD_CSS, load_css

__all__ = ["BoardView", "Frame", "PerPlayerLayout", "draws", "grouped"]

DrawFn = Callable[[Painter], None]
#: One picture of an animation: draws the layers above the static one.
Frame = Callable[[Painter], None]

#: Seconds after a page connects before the board is drawn a second time.
REDRAW_AGAIN_AFTER = 0.5


class OnlyLayers:
    """A painter that passes on only what is drawn on the ``kept`` layers (the rest is dropped).

    >>> from railwidgets.draw.recording import RecordingPainter
    >>> inner = RecordingPainter(10, 10, ("static", "pieces", "highlights"))
    >>> p = OnlyLayers(inner, ["highlights"])
    >>> p.layer("pieces"); p.circle(1, 1, 1, fill="#000000")
    >>> p.layer("highlights"); p.circle(2, 2, 1, fill="#000000")
    >>> [(c.layer, c["x"]) for c in inner.calls]
    [('highlights', 2)]
    """

    def __init__(self, painter: Painter, kept: Sequence[str]):
        self._painter = painter
        self._kept = frozenset(kept)
        self._on = True
        self.width, self.height = painter.width, painter.height

    def draws(self, name: str) -> bool:
        """Whether what is drawn on layer ``name`` is passed on."""
        return name in self._kept

    def layer(self, name: str) -> None:
        self._on = name in self._kept
        self._painter.layer(name)

    def clear(self, name: str | None = None) -> None:
        if name in self._kept:
            self._painter.clear(name)

    def __getattr__(self, name: str) -> Any:
        call = getattr(self._painter, name)
        if name in _TRANSFORMS:  # transforms and saves pair up whatever the layer
            return call
        return call if self._on else _skip


_TRANSFORMS = frozenset({"save", "restore", "translate", "rotate", "scale", "clip_rect", "sleep"})


def _skip(*_: object, **__: object) -> None:
    """A drawing call on a layer that is not drawn again."""


def draws(painter: Painter, layer: str) -> bool:
    """Whether ``painter`` draws on ``layer`` now: false in a redraw of other layers only
    (:meth:`BoardView.redraw` with ``only``), where a game may skip the work of making
    that layer's picture (its calls would be dropped; issue 27 item 16).

    >>> from railwidgets.draw.recording import RecordingPainter
    >>> inner = RecordingPainter(10, 10, ("static", "pieces", "highlights"))
    >>> draws(inner, "pieces"), draws(OnlyLayers(inner, ["highlights"]), "pieces")
    (True, False)
    """
    return painter.draws(layer) if isinstance(painter, OnlyLayers) else True


_SWITCH = COMMANDS["switchCanvas"]
_SLEEP = COMMANDS["sleep"]

#: One command of ipycanvas's canvas manager: ``[code, args]`` or ``[code, args, buffers]``.
Command = list[Any]


def grouped(
    commands: Sequence[Command], buffers: Sequence[Any], end: str
) -> tuple[list[Command], list[Any]]:
    """A batch of drawing commands with each canvas's commands together, ending on ``end``.

    In the page, ipycanvas 0.14 puts a ``MultiCanvas``'s layers together again (every
    layer drawn onto the visible canvas: a full-size copy each) once for every canvas
    a message names, and once more for the canvas the last message ended on. A redraw
    that goes from layer to layer and back names the same layer several times, so the
    page puts the board together several times for one click (issue 27 item 16).

    Here each canvas is named once, in the order first drawn on (commands on different
    canvases do not depend on each other; each keeps its own order), and the batch ends
    by naming ``end``: a canvas that is no layer of the board, so the next message's
    first layer is put together once, not twice. A batch with a pause (an animation:
    the page shows each frame before the next) keeps its order.

    >>> switch = COMMANDS["switchCanvas"]
    >>> fill = COMMANDS["fillRect"]
    >>> batch = [[switch, ["A"]], [fill, [0], 1], [switch, ["B"]], [fill, [1]],
    ...          [switch, ["A"]], [fill, [2]]]
    >>> commands, buffers = grouped(batch, ["a0"], end="Z")
    >>> [c[1] for c in commands]
    [['A'], [0], [2], ['B'], [1], ['Z']]
    >>> buffers
    ['a0']
    """
    if any(command[0] == _SLEEP for command in commands):
        return [*commands, [_SWITCH, [end]]], list(buffers)
    by_canvas: dict[str, tuple[list[Command], list[Any]]] = {}
    target: tuple[list[Command], list[Any]] | None = None
    taken = 0
    for command in commands:
        if command[0] == _SWITCH:
            target = by_canvas.setdefault(command[1][0], ([], []))
            continue
        if target is None:
            raise ValueError("a batch of drawing commands must name its canvas first")
        count = command[2] if len(command) > 2 else 0
        target[0].append(command)
        target[1].extend(buffers[taken : taken + count])
        taken += count
    out: list[Command] = []
    out_buffers: list[Any] = []
    for ref, (drawn, drawn_buffers) in by_canvas.items():
        if drawn:
            out.append([_SWITCH, [ref]])
            out.extend(drawn)
            out_buffers.extend(drawn_buffers)
    out.append([_SWITCH, [end]])
    return out, out_buffers


class BoardView:
    """The board of a game widget: ``canvas`` (the ``MultiCanvas`` to put in a box) and ``painter``.

    ``draw_static(painter)`` draws the bottom layer, ``draw_dynamic(painter)``
    the layers above; ``on_click(x, y)`` receives canvas pixels. ``style`` (an HTML
    widget that takes no room) must be shown on the same page as ``canvas``: its CSS
    keeps a click on a board partly off screen where the pointer is.
    """

    def __init__(
        self,
        width: int,
        height: int,
        *,
        draw_static: DrawFn,
        draw_dynamic: DrawFn,
        on_click: Callable[[float, float], None],
        on_key: Callable[[str], None] | None = None,
        layers: Sequence[str] = ("static", "pieces", "highlights"),
    ):
        self.layers = tuple(layers)
        self.canvas = MultiCanvas(
            len(self.layers),
            width=width,
            height=height,
            # never wider than drawn (a VBox would stretch it), narrower cells shrink it
            # keeping its proportions; ipycanvas scales click coordinates back
            layout=Layout(width="100%", max_width=f"{width}px", height="auto"),
        )
        self.canvas.add_class(BOARD_CLASS)
        self.style = HTML(f"<style>{BOARD_CSS}{load_css()}</style>", layout=Layout(display="none"))
        # where each draw message ends (see grouped()): a canvas shown nowhere, but
        # among the widgets shown beside the board (``parts``) so every page knows it
        self.rest = Canvas(width=1, height=1)
        self._rest_box = Box([self.rest], layout=Layout(display="none"))
        self.painter = CanvasPainter(self.canvas, self.layers)
        self._draw_static = draw_static
        self._draw_dynamic = draw_dynamic
        self._on_click = on_click
        self.redraws = 0  # how many times the board was drawn (for tests and benchmarks)
        self._pending: asyncio.TimerHandle | None = None  # the second draw after a connect
        self.canvas.on_mouse_down(self.click)
        self._on_key = on_key
        if on_key is not None:
            self.canvas.on_key_down(self._key_down)
        self.canvas.on_client_ready(self._client_ready)
        # nothing is drawn yet: the owner draws (redraw(static=True)) once it knows what the
        # device may be shown (a board drawn before that showed the game's secrets)

    def redraw(
        self,
        *,
        static: bool = False,
        frames: Sequence[Frame] = (),
        pause: float = 0.2,
        only: Sequence[str] = (),
    ) -> None:
        """Draw the layers above the static one again (and the static one too if ``static``).

        ``frames`` are played first, each followed by a ``pause`` (seconds): an
        animation. The upper layers are cleared before the first frame; a frame clears
        the layers it draws again (a later frame may only move what changed). It ends on the usual picture, so the last
        frame the page shows is exactly the static redraw. ``only`` names the upper
        layers to draw again (the others keep what they show: their drawing calls are
        not sent). Everything goes out in one message (inside a ``hold_canvas()``
        already begun, in that one's message), each layer's commands together.
        """
        painter = self.painter
        manager = self.canvas._canvas_manager  # ipycanvas 0.14 private API, pinned
        if manager._caching:  # inside someone's hold_canvas(): their message carries it
            self._draw(painter, static, frames, pause, only)
            self.redraws += 1
            return
        # Every batch names its canvas first, so a page that connected late or missed
        # a batch still knows where the commands go.
        manager._current_canvas = None
        manager._caching = True
        try:
            self._draw(painter, static, frames, pause, only)
            commands, buffers = grouped(
                manager._commands_cache, manager._buffers_cache, end=_reference(self.rest)
            )
        except BaseException:
            # drop the half-made batch and stop holding, or every canvas of the kernel
            # would keep holding its commands
            painter.forget_styles()
            raise
        finally:
            manager._commands_cache = []
            manager._buffers_cache = []
            manager._caching = False
        manager._current_canvas = self.rest
        if len(commands) > 1:  # more than the closing switch
            manager._send_custom(commands, buffers)
        self.redraws += 1

    def _draw(
        self,
        painter: CanvasPainter,
        static: bool,
        frames: Sequence[Frame],
        pause: float,
        only: Sequence[str],
    ) -> None:
        # The animation plays over the board as it was, then the new picture (a new
        # static layer too: say, the cover between two people) replaces it. The
        # upper layers are cleared once; each frame clears what it draws again.
        if frames:
            for name in self.layers[1:]:
                painter.clear(name)
        for frame in frames:
            painter.layer(self.layers[-1])
            frame(painter)
            painter.sleep(pause)
        if static:
            painter.clear(self.layers[0])
            painter.layer(self.layers[0])
            self._draw_static(painter)
        upper = [name for name in self.layers[1:] if not only or name in only]
        for name in upper:
            painter.clear(name)
        painter.layer(self.layers[1] if len(self.layers) > 1 else self.layers[0])
        self._draw_dynamic(OnlyLayers(painter, upper) if only else painter)

    @property
    def unseen(self) -> tuple[Widget, ...]:
        """The widgets to show beside the canvas that take no room: the board's CSS, and
        the canvas each draw message ends on (shown, so every page knows it)."""
        return (self.style, self._rest_box)

    @property
    def size(self) -> tuple[int, int]:
        return (self.painter.width, self.painter.height)

    def resize(self, width: int, height: int) -> None:
        """Give the canvas a new size (a new game that needs another); the caller redraws.

        A resized canvas forgets its drawing and its styles: draw everything again.
        """
        self.canvas.width, self.canvas.height = width, height
        self.canvas.layout.max_width = f"{width}px"
        self.painter.width, self.painter.height = width, height
        self.painter.forget_styles()

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel ``(x, y)``: what the browser's mouse-down does."""
        self._on_click(x, y)

    def _key_down(self, key: str, shift: object = False, *_: object) -> None:
        """ipycanvas sends the key and whether Shift, Ctrl, Meta were down; Shift+Tab is
        passed on as ``"Shift+Tab"`` (it moves the focus back, issue 25 item 1)."""
        if self._on_key is not None:
            self._on_key("Shift+Tab" if key == "Tab" and shift else key)

    def _client_ready(self, *_: object) -> None:
        # A newly connected page has blank canvases with default styles, and must be
        # told which canvas the commands are for (see the shared notes, pitfall 2).
        self.painter.forget_styles()
        self.redraw(static=True)
        # Under load the page may still be creating the canvas manager's model when
        # the first batch arrives, and drop it: draw once more a moment later.
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: plain Python, tests
            return
        self._pending = loop.call_later(REDRAW_AGAIN_AFTER, self._redraw_again)

    def _redraw_again(self) -> None:
        self._pending = None
        self.painter.forget_styles()
        self.redraw(static=True)

    def close(self) -> None:
        """Stop listening and drawing, and close the canvas, its layers and ``style``."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        for layer in self.canvas._canvases:
            layer.layout.close()
            layer.close()
        self.canvas.layout.close()
        self.canvas.close()
        close_all(self.style, self._rest_box)


def _reference(widget: Widget) -> str:
    """How a draw message names a widget (``widget_serialization``'s ``IPY_MODEL_…``)."""
    return f"IPY_MODEL_{widget.model_id}"


class PerPlayerLayout:
    """For a widget whose board grows with the number of players (Mini Rails' profit
    boards, Off the Rails' panel): the widget keeps the layout it was given as
    ``_base_layout`` (anything with ``for_players(n)``, ``width`` and ``height``), and
    draws on that layout made for its game's players."""

    _base_layout: Any
    game: Any

    @property
    def board_layout(self) -> Any:
        """Where everything is drawn: the layout made for this game's players (made once
        per layout and player count: hit tests ask for it thousands of times)."""
        n = self.game.num_players
        made = getattr(self, "_made_layout", None)
        if made is None or made[0] is not self._base_layout or made[1] != n:
            made = (self._base_layout, n, self._base_layout.for_players(n))
            self._made_layout = made
        return made[2]

    def board_size(self) -> tuple[int, int]:
        """The board's size in pixels: the layout's."""
        layout = self.board_layout
        return (int(layout.width), int(layout.height))
