"""Count the comm messages ipycanvas sends (every draw batch goes through one shared manager),
and what each draw batch holds (commands per canvas, bytes)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipycanvas.canvas
from ipycanvas.utils import commands_to_buffer
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


@dataclass
class Batch:
    """One draw message of the canvas manager: its drawing commands per canvas (the
    ``switchCanvas`` commands not counted), keyed by the canvas's ``IPY_MODEL_`` reference,
    and its size in bytes (the JSON commands and the binary buffers)."""

    commands: dict[str, int] = field(default_factory=dict)
    size: int = 0

    def on(self, names: dict[str, str]) -> dict[str, int]:
        """The commands per layer name (``names``: reference -> name, see :func:`layer_names`)."""
        return {names.get(ref, ref): n for ref, n in self.commands.items()}


def layer_names(canvas: Any, names: Sequence[str]) -> dict[str, str]:
    """The ``IPY_MODEL_`` reference of each layer of a ``MultiCanvas`` -> its name."""
    return {
        f"IPY_MODEL_{layer.model_id}": name
        for layer, name in zip(canvas._canvases, names, strict=True)
    }


@contextlib.contextmanager
def record_batches() -> Iterator[list[Batch]]:
    """Record every message the canvas manager sends (each a :class:`Batch`), in order."""
    manager = ipycanvas.canvas._CANVAS_MANAGER
    sent: list[Batch] = []
    original = manager._send_custom
    switch = ipycanvas.canvas.COMMANDS["switchCanvas"]

    def record(command: Any, buffers: Sequence[Any] = ()) -> None:
        batch = Batch()
        commands = command if command and isinstance(command[0], list) else [command]
        target = None
        for one in commands:
            if one[0] == switch:
                target = one[1][0]
            else:
                batch.commands[str(target)] = batch.commands.get(str(target), 0) + 1
        _, buffer = commands_to_buffer(command)
        batch.size = len(buffer) + sum(memoryview(b).nbytes for b in buffers)
        sent.append(batch)
        original(command, list(buffers))

    manager._send_custom = record
    try:
        yield sent
    finally:
        manager._send_custom = original
