"""Driving any game widget generically: find its controls, press and set them, click anywhere.

Nothing here knows a particular widget: the widgets are found in each game's
``widget`` module, and their controls by walking the children of the widget.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import math
import random
import warnings
from collections.abc import Iterator
from typing import Any

import ipywidgets

from railwidgets.core.game import Game

GAME_PACKAGES = ("minirails", "offtherails", "twistytracks")
#: Clicks off the canvas: far away, negative, huge.
OFF_CANVAS: tuple[tuple[float, float], ...] = (
    (-1, -1), (-1e9, 5), (5, 1e9), (1e300, 1e300), (-1e308, 1e308),
)  # fmt: skip
#: Clicks at what a canvas never sends: not numbers, or too big for a float.
NOT_FINITE: tuple[tuple[Any, Any], ...] = (
    (math.nan, 0), (0, math.nan), (math.inf, 0), (0, -math.inf), (10**400, 0), (0, -(10**400)),
)  # fmt: skip
#: Texts typed into text boxes (the seed box, say).
TEXTS = ("", "7", " 42 ", "-3", "0", "abc", "1e9", "9" * 5000, "3.5", "\x00", "١٢")


def widget_classes() -> list[type[ipywidgets.Widget]]:
    """Every game widget class that exists now, one per game that has a ``widget`` module."""
    found = []
    for package in GAME_PACKAGES:
        name = f"railwidgets.{package}.widget"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name == name:
                continue
            raise
        found += [
            obj
            for obj in vars(module).values()
            if inspect.isclass(obj)
            and issubclass(obj, ipywidgets.Widget)
            and obj.__module__ == name
            and obj.__name__.endswith("Widget")
        ]
    return found


def make_widget(cls: type[ipywidgets.Widget], seed: int, rng: random.Random) -> Any:
    """A widget with a random seat mix (people and bots) and no pause for bots."""
    params = inspect.signature(cls).parameters
    kwargs: dict[str, Any] = {"seed": seed}
    if "bot_pause" in params:
        kwargs["bot_pause"] = 0
    # the search bot thinks about a second a move: fuzzing plays the quick seats only
    choices = [kind for kind in getattr(cls, "SEAT_CHOICES", {}) if kind != "search"]
    if "seats" in params and "players" in params and choices:
        players = rng.choice(_player_counts(cls))
        kwargs["players"] = players
        kwargs["seats"] = [rng.choice(choices) for _ in range(players)]
    return cls(**kwargs)


def _player_counts(cls: type[ipywidgets.Widget]) -> list[int]:
    widget_game = _game_class(cls)
    return list(widget_game.PLAYERS) if widget_game is not None else [2]


def _game_class(cls: type[ipywidgets.Widget]) -> type[Game] | None:
    module = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
    game = getattr(module, "Game", None)
    return game if inspect.isclass(game) and issubclass(game, Game) else None


def controls(widget: ipywidgets.Widget) -> Iterator[ipywidgets.Widget]:
    """Every widget inside ``widget`` (depth first), found through ``children``."""
    todo = [widget]
    seen: set[int] = set()
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        todo.extend(reversed(list(getattr(item, "children", ()) or ())))


def buttons(widget: ipywidgets.Widget) -> list[ipywidgets.Button]:
    return [c for c in controls(widget) if isinstance(c, ipywidgets.Button)]


def new_game_button(widget: ipywidgets.Widget) -> ipywidgets.Button:
    """What starts a new game: the settings' Start (New game… only opens the settings; the
    form is made the first time it is needed)."""
    if hasattr(widget, "settings"):
        widget.settings  # noqa: B018 (made on first use)
    found = buttons(widget)
    start = [b for b in found if b.description == "Start"]
    return start[0] if start else next(b for b in found if "new" in b.description.lower())


def option_values(dropdown: ipywidgets.Dropdown) -> list[Any]:
    return [o[1] if isinstance(o, tuple) else o for o in dropdown.options]


def canvas_size(widget: Any) -> tuple[float, float]:
    for item in controls(widget):
        if (
            hasattr(item, "width")
            and hasattr(item, "height")
            and type(item).__name__.endswith("Canvas")
        ):
            return float(item.width), float(item.height)
    return float(getattr(widget, "WIDTH", 900)), float(getattr(widget, "HEIGHT", 620))


def random_event(
    widget: Any, rng: random.Random, *, finite_clicks: bool, enabled_only: bool
) -> str:
    """Do one random thing a person (or a notebook cell) could do; say what."""
    roll = rng.random()
    inside = [c for c in controls(widget) if not getattr(c, "disabled", False) or not enabled_only]
    if roll < 0.5:
        width, height = canvas_size(widget)
        if rng.random() < 0.85:
            x, y = rng.uniform(0, width), rng.uniform(0, height)
        else:
            x, y = rng.choice(OFF_CANVAS if finite_clicks else OFF_CANVAS + NOT_FINITE)
        widget.click(x, y)
        return f"click({x!r}, {y!r})"
    if roll < 0.75:
        pressable = [c for c in inside if isinstance(c, ipywidgets.Button)]
        if pressable:
            button = rng.choice(pressable)
            button.click()
            return f"press {button.description!r}"
    if roll < 0.88:
        dropdowns = [c for c in inside if isinstance(c, ipywidgets.Dropdown) and c.options]
        if dropdowns:
            dropdown = rng.choice(dropdowns)
            value = rng.choice([v for v in option_values(dropdown) if v != "search"])
            dropdown.value = value
            return f"set {dropdown.description!r} to {value!r}"
    texts = [c for c in inside if isinstance(c, ipywidgets.Text)]
    if texts:
        text = rng.choice(texts)
        text.value = rng.choice(TEXTS)
        return f"type {text.value[:20]!r} into {text.description!r}"
    return "nothing"


def live_widgets() -> int:
    """How many widgets are alive (have an open comm) in this process."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        instances = getattr(ipywidgets.widgets.widget, "_instances", None)
        if instances is None:
            instances = ipywidgets.Widget.widgets
        return len(instances)


def close(widget: Any) -> None:
    with contextlib.suppress(Exception):
        widget.close()
