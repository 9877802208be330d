"""Count the comm messages ipycanvas sends (every draw batch goes through one shared manager)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import ipycanvas.canvas
from ipywidgets import Widget


class MessageCounter:
    """``canvas``: messages of the canvas manager (draw batches); ``widgets``: all widget messages."""

    def __init__(self) -> None:
        self.canvas = 0
        self.widgets = 0

    def reset(self) -> None:
        self.canvas = 0
        self.widgets = 0


@contextlib.contextmanager
def count_messages() -> Iterator[MessageCounter]:
    """Patch the canvas manager's comm and ``Widget._send`` to count what leaves the kernel."""
    counter = MessageCounter()
    manager = ipycanvas.canvas._CANVAS_MANAGER
    comm = manager.comm
    original_send = comm.send
    original_widget_send = Widget._send

    def canvas_send(*args: Any, **kwargs: Any) -> None:
        counter.canvas += 1
        original_send(*args, **kwargs)

    def widget_send(self: Widget, *args: Any, **kwargs: Any) -> None:
        counter.widgets += 1
        original_widget_send(self, *args, **kwargs)

    comm.send = canvas_send
    Widget._send = widget_send  # type: ignore[method-assign]
    try:
        yield counter
    finally:
        comm.send = original_send
        Widget._send = original_widget_send  # type: ignore[method-assign]
