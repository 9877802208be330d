"""Twin widgets: what each widget tree sends to its front end, recorded and compared.

Two games that differ only in what the person at the device may not know (the
seed, a deck order, a bag, another seat's secret choice) are shown by two
widgets, and both are driven by the same script of clicks, keys and buttons.
Until the rules reveal the difference, the device must be sent exactly the same
thing by both: the same widget state and the same canvas commands, in the same
order. Anything else tells the person something they may not know.

What is recorded: every message a widget's comm publishes (``comm_open`` with
the widget's whole state, ``comm_msg`` state updates and custom messages,
``comm_close``), taken at the one place all of them pass,
``publish_msg`` of the comm class (ipywidgets' ``DummyComm`` outside a kernel).
The canvas manager's custom messages are ipycanvas's draw batches: their first
buffer is the JSON list of commands, decoded here; the other buffers (numpy
arrays of the batch calls) are compared byte for byte.

Model ids are random, so they differ between the twins: each twin names its
models by order of first appearance (``M0``, ``M1``, ...), in the message that
opens them and wherever a state or a canvas command refers to them
(``IPY_MODEL_<id>``).

Where the people at the two devices do differ (a person makes a different secret
choice in each twin: a *private* step), their messages are not compared; but once
the device is handed on, the *screen* must be the same: every widget reachable from
the game widget with the same state, and every canvas showing the same drawing
(the commands since it was last cleared, each with the drawing state it was drawn
with). :class:`tests.ui.screen.Screen` keeps that picture from the messages.

One thing a person may take away on purpose: a saved game. Save (when nothing is
pending between people and no cover stands) sends the page the whole record to
download, as the widget says when it saves; the record's text is the one thing not
compared (it is read as ``<the saved record>``). That it was sent, its file name and
every word around it are compared, and the scripts check that nothing is sent under the
cover.

Nothing here knows a particular game: ``tests/ui/test_twins.py`` builds the twins
and writes the scripts.
"""

from __future__ import annotations

import contextlib
import gc
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import comm
import ipycanvas.canvas
from ipycanvas.canvas import _CMD_LIST

from tests.ui.screen import Screen

__all__ = [
    "Difference",
    "Step",
    "TwinRun",
    "Wire",
    "listening",
    "run_twins",
]

_MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def _saved_record_read_as_one(value: Any) -> Any:
    """``value`` with every saved record's text read as one placeholder (see the module):
    the ``text`` of a message that hands the page a file to download."""
    if isinstance(value, dict):
        if value.get("method") == "download" and "text" in value:
            return {**value, "text": "<the saved record>"}
        return {k: _saved_record_read_as_one(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_saved_record_read_as_one(v) for v in value]
    return value


# -- recording ------------------------------------------------------------------------------------


class Wire:
    """What one widget tree sends to its front end: the messages, named, and the screen they make.

    ``messages`` holds every message in order as plain data: ``(kind, model,
    body)`` with model ids replaced by names of first appearance.
    """

    def __init__(self, label: str) -> None:
        self.label = label
        self.names: dict[str, str] = {}
        self._counter = 0
        self._prefix = "M"
        self._renames = 0
        self.messages: list[tuple[Any, ...]] = []
        self.foreign: list[tuple[str, str]] = []  # messages of models this wire never opened
        self.screen = Screen()

    # naming ------------------------------------------------------------------------------

    def name(self, model_id: str) -> str:
        """The name of a model id in this wire (a new one on first appearance)."""
        if model_id not in self.names:
            self.names[model_id] = f"{self._prefix}{self._counter}"
            self._counter += 1
        return self.names[model_id]

    def rename(self, places: dict[str, str]) -> None:
        """Name models anew (``places``: model id -> name), and the models to come ``N1_0``, ...

        After a private step the two twins' models are named by their place on the
        screen, so that later messages compare although each twin made its own.
        Models not on the screen keep their names.
        """
        old_to_new = {self.names[mid]: new for mid, new in places.items()}
        self.names = {mid: places.get(mid, name) for mid, name in self.names.items()}
        self._renames += 1
        self._counter = 0
        self._prefix = f"N{self._renames}_"
        self.screen.rename(old_to_new)

    def _names_in(self, value: Any) -> Any:
        """``value`` with every ``IPY_MODEL_<id>`` reference named."""
        if isinstance(value, str):
            return _MODEL_REF.sub(lambda m: "IPY_MODEL_" + self.name(m.group(1)), value)
        if isinstance(value, dict):
            return {k: self._names_in(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self._names_in(v) for v in value]
        return value

    # taking messages -----------------------------------------------------------------------

    def known(self, comm_id: str) -> bool:
        return comm_id in self.names

    def take(self, msg_type: str, comm_id: str, data: Any, buffers: Sequence[Any]) -> None:
        """Record one published message (called from the patched ``publish_msg``)."""
        raw = [bytes(b) for b in buffers or ()]
        manager = ipycanvas.canvas._CANVAS_MANAGER
        is_manager = manager.comm is not None and comm_id == manager.comm.comm_id
        if msg_type != "comm_open" and not is_manager and not self.known(comm_id):
            self.foreign.append((msg_type, comm_id))
            return
        model = self.name(comm_id)
        data = dict(data or {})
        if msg_type == "comm_open":
            state = _with_buffers(data.get("state", {}), data.get("buffer_paths", []), raw)
            body: Any = _saved_record_read_as_one(self._names_in(state))
            self.screen.open(model, body)
            self.messages.append(("open", model, body))
        elif msg_type == "comm_close":
            self.screen.close(model)
            self.messages.append(("close", model, None))
        elif data.get("method") == "update":
            state = _with_buffers(data.get("state", {}), data.get("buffer_paths", []), raw)
            body = _saved_record_read_as_one(self._names_in(state))
            self.screen.update(model, body)
            self.messages.append(("update", model, body))
        elif data.get("method") == "custom" and is_manager:
            commands = self._names_in(json.loads(raw[0].decode("utf-8"))) if raw else []
            batch = commands if commands and isinstance(commands[0], list) else [commands]
            self.screen.draw(batch, raw[1:])
            self.messages.append(("canvas", model, (commands, tuple(raw[1:]))))
        else:
            body = (_saved_record_read_as_one(self._names_in(data)), tuple(raw))
            self.messages.append((str(data.get("method")), model, body))


def _with_buffers(state: dict[str, Any], paths: Sequence[Sequence[Any]], raw: list[bytes]) -> Any:
    """The state with its binary parts put back where they were taken from (as ``bytes``)."""
    state = json.loads(json.dumps(state))  # a copy: the widget may change its own later
    for path, buffer in zip(paths, raw, strict=False):
        target = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = buffer
    return state


_current: list[Wire] = []


def _patched(original: Callable[..., Any]) -> Callable[..., Any]:
    def publish_msg(
        self: Any,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> Any:
        if _current:
            _current[-1].take(msg_type, self.comm_id, data, buffers or ())
        return original(self, msg_type, data, metadata, buffers, **keys)

    publish_msg._twins_original = original  # type: ignore[attr-defined]
    return publish_msg


@contextlib.contextmanager
def listening() -> Iterator[None]:
    """Patch ``publish_msg`` of the comm classes in use, so a :class:`Wire` can listen.

    Outside a kernel ipywidgets makes ``comm.DummyComm``; the canvas manager's comm
    (made when ipycanvas was imported) is checked to be of a patched class too.
    """
    classes = {comm.DummyComm, type(ipycanvas.canvas._CANVAS_MANAGER.comm)}
    saved = {cls: cls.__dict__.get("publish_msg") for cls in classes}
    for cls in classes:
        cls.publish_msg = _patched(cls.publish_msg)  # type: ignore[method-assign]
    # once ipykernel has been imported in this process (another test ran a notebook), it
    # has made comm.create_comm give its kernel comms: the twins get the plain ones
    creator = comm.create_comm
    comm.create_comm = comm.DummyComm  # type: ignore[assignment]
    try:
        yield
    finally:
        comm.create_comm = creator  # type: ignore[assignment]
        for cls, original in saved.items():
            if original is None:
                del cls.publish_msg
            else:
                cls.publish_msg = original  # type: ignore[method-assign]


@contextlib.contextmanager
def on(wire: Wire) -> Iterator[Wire]:
    """Record into ``wire`` what is published meanwhile (ipycanvas's remembered canvas
    forgotten first, as a front end of this twin's own would start)."""
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = None
    _current.append(wire)
    try:
        yield wire
    finally:
        _current.pop()


@contextlib.contextmanager
def no_garbage_collection() -> Iterator[None]:
    """Collect garbage once, then hold the collector off: no comm left by another test is
    closed in the middle of a twin's step (what reference counting frees is freed at once,
    the same way in both twins)."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# -- scripts -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One thing done at the device: ``do(widget)`` in the first twin, ``other(widget)``
    (when given) in the second.

    Twins may differ in what happens without the person seeing it (the machine
    drew another random seed): such a step is compared like any other. A
    ``private`` step is a person's secret choice that differs between the twins:
    its messages are not compared, but the screen is once the device is handed on
    (at the next step that is not private). ``reveals``: the rules reveal the
    twins' difference in this step; nothing is compared from there on.
    """

    label: str
    do: Callable[[Any], Any]
    other: Callable[[Any], Any] | None = None
    private: bool = False
    reveals: bool = False


@dataclass(frozen=True)
class Difference:
    """Where the twins' devices were sent different things."""

    step: int
    label: str
    what: str

    def __str__(self) -> str:
        return f"step {self.step} ({self.label}): {self.what}"


@dataclass
class TwinRun:
    """The result of :func:`run_twins`: the differences found, the steps compared."""

    differences: list[Difference]
    compared: list[str]
    messages: int
    revealed_at: str | None

    def report(self, limit: int = 8) -> str:
        lines = [str(d) for d in self.differences[:limit]]
        more = len(self.differences) - limit
        if more > 0:
            lines.append(f"... and {more} more step(s)")
        return "\n".join(lines)


def _short(value: Any, width: int = 600) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width // 2] + " … " + text[-width // 2 :]


def first_difference(a: Sequence[Any], b: Sequence[Any]) -> str | None:
    """The first message where ``a`` and ``b`` differ, said in words (``None``: the same)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            detail = ""
            if x[0] == y[0] == "update" and isinstance(x[2], dict) and isinstance(y[2], dict):
                keys = sorted(
                    k for k in set(x[2]) | set(y[2]) if x[2].get(k, None) != y[2].get(k, None)
                )
                detail = f" (keys {keys})"
            elif x[0] == y[0] == "canvas":
                cx, cy = x[2][0], y[2][0]
                at = next(
                    (j for j, (p, q) in enumerate(zip(cx, cy, strict=False)) if p != q),
                    min(len(cx), len(cy)),
                )
                detail = (
                    f" (command {at} of {len(cx)} vs {len(cy)}: "
                    f"{_short(_named(cx[at : at + 1]), 300)} vs {_short(_named(cy[at : at + 1]), 300)})"
                )
            return f"message {i} differs{detail}:\n      first:  {_short(x)}\n      second: {_short(y)}"
    if len(a) != len(b):
        longer, which = (a, "first") if len(a) > len(b) else (b, "second")
        extra = longer[min(len(a), len(b))]
        return (
            f"the {which} twin sends {abs(len(a) - len(b))} more message(s) "
            f"({len(a)} vs {len(b)}), the first extra: {_short(extra)}"
        )
    return None


def _named(commands: Any) -> Any:
    """Canvas commands with their numbers read as names (for messages to people)."""
    if not isinstance(commands, list):
        return commands
    return [
        [_CMD_LIST[c[0]], *c[1:]] if isinstance(c, list) and c and isinstance(c[0], int) else c
        for c in commands
    ]


def run_twins(
    games: tuple[Any, Any],
    make: Callable[[Any], Any],
    script: Sequence[Step],
    *,
    blind: Sequence[int],
    keep_going: bool = True,
) -> TwinRun:
    """Show the twin ``games`` with ``make(game)`` and drive both widgets with ``script``,
    comparing what each device is sent.

    ``blind``: the seats at the table that must not tell the twins apart (those who
    make a differing secret choice in a private step know it). Their views must agree
    in the two games given (else the twins are not twins), and must still agree after
    every step but the one marked ``reveals``, after which they must differ (else that
    step revealed nothing). A widget that makes its twins' games differ in what those
    seats see (a bot moving otherwise in each) is a difference like any other, and the
    comparison stops there: everything after would differ. Each widget is made while
    its wire records, so its opening is compared too. With ``keep_going`` every
    differing step is listed, not only the first.
    """

    def agree() -> bool:
        return all(a.game.view(s) == b.game.view(s) for s in blind)

    assert all(games[0].view(s) == games[1].view(s) for s in blind), (
        "the twins differ in what a seat at the table may see"
    )
    wires = (Wire("first"), Wire("second"))
    differences: list[Difference] = []
    compared: list[str] = []
    revealed_at = None
    with listening(), no_garbage_collection():
        widgets = []
        for game, wire in zip(games, wires, strict=True):
            with on(wire):
                widgets.append(make(game))
        a, b = widgets
        _check_comms(a)
        _check_comms(b)
        found = first_difference(wires[0].messages, wires[1].messages)
        if found:
            differences.append(Difference(0, "the widget opens", found))
        compared.append("the widget opens")
        diverged = None if agree() else Difference(0, "the widget opens", _DIVERGED)
        pending_private: list[str] = []
        for number, step in enumerate(script, start=1):
            if diverged is not None or (differences and not keep_going):
                break
            if not step.private and pending_private:
                problem = _compare_screens(wires, a, b)
                if problem:
                    label = f"after {', '.join(pending_private)}"
                    differences.append(Difference(number, label, problem))
                pending_private = []
            batches = []
            for widget, wire, do in zip(
                (a, b), wires, (step.do, step.other or step.do), strict=True
            ):
                start = len(wire.messages)
                with on(wire):
                    do(widget)
                batches.append(wire.messages[start:])
            for wire in wires:
                assert not wire.foreign, (
                    f"step {number} ({step.label}) sent messages to models the "
                    f"{wire.label} twin never opened: {wire.foreign[:3]}"
                )
            if step.reveals:
                assert not agree(), (
                    f"step {number} ({step.label}) was to reveal the twins' difference, "
                    "but their views still agree"
                )
                revealed_at = step.label
                break
            if step.private:
                pending_private.append(step.label)
            else:
                compared.append(step.label)
                found = first_difference(*batches)
                if found:
                    differences.append(Difference(number, step.label, found))
            if not agree():
                diverged = Difference(number, step.label, _DIVERGED)
        else:
            if pending_private:
                problem = _compare_screens(wires, a, b)
                if problem:
                    differences.append(Difference(len(script), "after the private steps", problem))
        if diverged is not None:
            differences.append(diverged)
        for widget in (a, b):
            widget.close()
    return TwinRun(
        differences, compared, sum(len(w.messages) for w in wires), revealed_at=revealed_at
    )


_DIVERGED = (
    "after it the twins' games differ in what a seat at the device may see, though the "
    "script revealed nothing: the widget played otherwise in each twin (a bot's, or the "
    "hint's, choice drawn from something hidden); nothing after it is compared"
)


def _check_comms(widget: Any) -> None:
    cls = type(widget.comm)
    assert hasattr(cls.publish_msg, "_twins_original"), (
        f"the widget's comm is a {cls.__name__}, whose messages are not recorded"
    )


def _compare_screens(wires: Sequence[Wire], a: Any, b: Any) -> str | None:
    """Compare what the two devices show now, and name both twins' models by their place.

    (The names are given even when the screens differ, so that one difference is not
    followed by a difference at every model the twins make afterwards.)
    """
    pictures = []
    for widget, wire in zip((a, b), wires, strict=True):
        root = wire.names.get(widget.model_id)
        assert root is not None, "the game widget was never opened on the wire"
        pictures.append(wire.screen.picture(root))
    problem = _screen_difference(pictures[0]["shown"], pictures[1]["shown"])
    for wire, picture in zip(wires, pictures, strict=True):
        by_name = {name: mid for mid, name in wire.names.items()}
        wire.rename({by_name[name]: place for name, place in picture["names"].items()})
    return problem


def _screen_difference(shown_a: dict[str, Any], shown_b: dict[str, Any]) -> str | None:
    """Where two screens (from :meth:`Screen.picture`) differ, in words; ``None`` if nowhere."""
    if shown_a == shown_b:
        return None
    for place in sorted(set(shown_a) | set(shown_b), key=lambda p: int(p[1:])):
        x, y = shown_a.get(place), shown_b.get(place)
        if x == y:
            continue
        if x is None or y is None:
            return f"the screens differ at {place}: only one twin shows it"
        (state_x, drawn_x), (state_y, drawn_y) = x, y
        if state_x != state_y:
            keys = sorted(
                k for k in set(state_x) | set(state_y) if state_x.get(k) != state_y.get(k)
            )
            return (
                f"the screens differ: widget {place} ({state_x.get('_model_name')}) keys {keys}: "
                f"{_short({k: state_x.get(k) for k in keys})} vs "
                f"{_short({k: state_y.get(k) for k in keys})}"
            )
        at = next(
            (i for i, (p, q) in enumerate(zip(drawn_x, drawn_y, strict=False)) if p != q),
            min(len(drawn_x), len(drawn_y)),
        )
        return (
            f"the screens differ: canvas {place} shows {len(drawn_x)} vs {len(drawn_y)} "
            f"drawing commands, first differing at {at}: "
            f"{_short(drawn_x[at : at + 1])} vs {_short(drawn_y[at : at + 1])}"
        )
    return None
