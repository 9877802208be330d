"""The screen a front end would show after a widget tree's messages (for :mod:`tests.ui.twins`).

:class:`Screen` keeps, from the recorded messages, every widget's state (opened,
updated, closed) and, for every canvas, the drawing it shows: the commands since it
was last cleared, each with the drawing state it was drawn with (attributes,
transforms, dash, clips, and the path a ``fill``/``stroke`` draws). Two screens
compare equal when a person would see the same.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ipycanvas.canvas import _CMD_LIST

__all__ = ["MODEL_REF_NAMED", "Screen"]

#: A model reference once named (names start with a capital: ``M3``, ``S12``, ``N1_0``).
MODEL_REF_NAMED = re.compile(r"IPY_MODEL_([A-Z][A-Za-z0-9_]*)")

#: Canvas commands that build the current path (drawn by the next fill or stroke, or a clip).
_PATH_OPS = frozenset(
    {
        "moveTo",
        "lineTo",
        "rect",
        "arc",
        "ellipse",
        "arcTo",
        "quadraticCurveTo",
        "bezierCurveTo",
        "closePath",
    }
)
_TRANSFORMS = frozenset({"translate", "rotate", "scale", "transform"})


@dataclass
class _Context:
    """A canvas's drawing state: attributes, transforms, dash, clip paths, the current path."""

    attrs: dict[Any, Any] = field(default_factory=dict)
    transforms: list[Any] = field(default_factory=list)
    dash: Any = None
    clips: list[Any] = field(default_factory=list)
    path: list[Any] = field(default_factory=list)

    def key(self) -> str:
        return json.dumps(
            [sorted(self.attrs.items(), key=repr), self.transforms, self.dash, self.clips],
            default=repr,
        )

    def copy(self) -> _Context:
        return _Context(
            dict(self.attrs), list(self.transforms), self.dash, list(self.clips), list(self.path)
        )


@dataclass
class _CanvasPicture:
    """What a canvas shows: its drawing commands since it was last cleared, each with its context."""

    context: _Context = field(default_factory=_Context)
    stack: list[_Context] = field(default_factory=list)
    drawn: list[tuple[Any, ...]] = field(default_factory=list)


class Screen:
    """The widgets and canvases a front end would hold after the messages so far."""

    def __init__(self) -> None:
        self.states: dict[str, dict[str, Any]] = {}
        self.canvases: dict[str, _CanvasPicture] = {}
        self._target: str | None = None

    def open(self, model: str, state: dict[str, Any]) -> None:
        self.states[model] = dict(state)

    def close(self, model: str) -> None:
        self.states.pop(model, None)
        self.canvases.pop(model, None)

    def update(self, model: str, state: dict[str, Any]) -> None:
        self.states.setdefault(model, {}).update(state)
        if "width" in state or "height" in state:  # a resized canvas forgets everything
            self.canvases.pop(model, None)

    def rename(self, names: dict[str, str]) -> None:
        """Rename models (old name -> new name); models not named stay as they are."""
        ref = MODEL_REF_NAMED

        def fix(value: Any) -> Any:
            if isinstance(value, str):
                return ref.sub(lambda m: "IPY_MODEL_" + names.get(m.group(1), m.group(1)), value)
            if isinstance(value, dict):
                return {k: fix(v) for k, v in value.items()}
            if isinstance(value, list | tuple):
                return [fix(v) for v in value]
            return value

        self.states = {names.get(k, k): fix(v) for k, v in self.states.items()}
        self.canvases = {names.get(k, k): v for k, v in self.canvases.items()}
        if self._target is not None:
            self._target = names.get(self._target, self._target)

    def draw(self, commands: list[Any], buffers: Sequence[bytes]) -> None:
        """Apply a batch of canvas commands, as the front end's canvas manager does."""
        at = 0
        for command in commands:
            op = _CMD_LIST[command[0]]
            args = command[1] if len(command) > 1 else []
            count = command[2] if len(command) > 2 else 0
            taken = tuple(buffers[at : at + count])
            at += count
            if op == "switchCanvas":
                self._target = MODEL_REF_NAMED.match(args[0]).group(1)  # type: ignore[union-attr]
                continue
            if op == "sleep":
                continue
            if self._target is None:
                raise AssertionError(f"a canvas command ({op}) names no canvas")
            picture = self.canvases.setdefault(self._target, _CanvasPicture())
            ctx = picture.context
            if op == "set":
                ctx.attrs[args[0]] = args[1]
            elif op == "save":
                picture.stack.append(ctx.copy())
            elif op == "restore":
                if picture.stack:
                    picture.context = picture.stack.pop()
            elif op in _TRANSFORMS:
                ctx.transforms.append([op, args])
            elif op == "setTransform":
                ctx.transforms = [[op, args]]
            elif op == "resetTransform":
                ctx.transforms = []
            elif op == "setLineDash":
                ctx.dash = args
            elif op == "beginPath":
                ctx.path = []
            elif op in _PATH_OPS:
                ctx.path.append([op, args])
            elif op == "clip":
                ctx.clips.append(list(ctx.path))
            elif op == "clear":
                picture.drawn = []
            else:
                path = list(ctx.path) if op in ("fill", "stroke") else None
                picture.drawn.append((op, args, taken, path, ctx.key()))

    def picture(self, root: str) -> dict[str, Any]:
        """Everything reachable from ``root``, named by the order it is reached.

        Returns ``{"names": {name: place}, "shown": {place: (state, drawing)}}``.
        """
        order: list[str] = []
        todo = [root]
        while todo:
            name = todo.pop(0)
            if name in order or name not in self.states:
                continue
            order.append(name)
            todo += MODEL_REF_NAMED.findall(json.dumps(self.states[name], default=repr))
        places = {name: f"S{i}" for i, name in enumerate(order)}
        ref = MODEL_REF_NAMED

        def fix(value: Any) -> Any:
            if isinstance(value, str):
                return ref.sub(lambda m: "IPY_MODEL_" + places.get(m.group(1), "?"), value)
            if isinstance(value, dict):
                return {k: fix(v) for k, v in value.items()}
            if isinstance(value, list | tuple):
                return [fix(v) for v in value]
            return value

        shown = {}
        for name in order:
            picture = self.canvases.get(name)
            drawing = [fix(list(d)) for d in picture.drawn] if picture else []
            shown[places[name]] = (fix(self.states[name]), drawing)
        return {"names": places, "shown": shown}
