"""Keyboard play on the board (issue 25 item 1; issue 27 item 14).

The board is the ``<canvas>`` of an ipycanvas ``MultiCanvas``: it takes focus with Tab
(ipycanvas gives it ``tabindex=0``) and sends every key pressed while it has focus to the
kernel. :class:`Keyboard` turns those keys into play:

- the arrow keys move a cursor over the targets the decision in hand allows now (cells,
  hexes, squares, carts, exits, discs), drawn on the choice layer as a dark ring inside a
  light one (3:1 on any colour: ``tests/a11y/test_seeing.py``);
- Enter (or Space) picks the target under the cursor, as a click there would; with no
  target under it, Enter confirms a decision picked in full; Esc steps back;
- a key that means nothing now says which keys work.

Where the targets are comes from the game's own hit-test (``widget.hit``), sampled over
the board: the keyboard reaches exactly what a click reaches, and each target is kept only
if the choice in hand allows it (``Keyboard.allows``), so the cursor never lands on a
target the rules forbid.

Two things ipycanvas does not do are done from here, with stock widget messages only:

- ipycanvas calls ``preventDefault()`` on every key the canvas receives, Tab included: a
  board with focus would keep it for ever (a keyboard trap). Tab and Shift+Tab therefore
  move the focus on from the kernel (``Widget.focus()``, which every stock view obeys);
- a pressed button keeps the focus, so R, Esc and Enter did nothing after any button
  press (issue 27 item 14). A button of the decision in hand, and Undo, Redo and Hint,
  hand the focus back to the board once pressed (``Keyboard.focus_board``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from railwidgets.draw.painter import Painter
from railwidgets.i18n import N_, _
from railwidgets.ui.theme import FOCUS_HALO, FOCUS_RING

__all__ = [
    "FOCUS_CSS",
    "KEYS_BUTTON",
    "KEYS_TOOLTIP",
    "Keyboard",
    "Target",
    "find_targets",
    "step_towards",
]

# Every sentence a player reads, in one place (to be wrapped for translation).
NO_TARGETS = N_("Nothing on the board is to be picked at this step")
NO_FURTHER = N_("No target further {direction}: the cursor stays on {name}.")
ON_TARGET = N_("Cursor on {name}: Enter picks it.")
MOVE_FIRST = N_("Move the cursor with the arrow keys onto a lit target, then press Enter.")
KEYS_ARE = N_("Keys: {keys}.")
ARROWS_HELP = N_("arrows move the cursor")
ENTER_HELP = N_("Enter picks (or confirms)")
ESC_HELP = N_("Esc steps back")
TAB_HELP = N_("Tab leaves the board")
UNKNOWN_KEY = N_("The key {key} does nothing here.")
KEYS_BUTTON = N_("Keys")
KEYS_TOOLTIP = N_("Which keys work on the board")
DIRECTION_WORDS = {
    "ArrowLeft": N_("left"),
    "ArrowRight": N_("right"),
    "ArrowUp": N_("up"),
    "ArrowDown": N_("down"),
}

#: The board's focus ring: dark, drawn just inside the board's edge (the boxes around a
#: board clip anything outside it), where every board is PAPER (15:1).
#: (A board reached with the keyboard is scrolled into view: the negative ``scroll-margin``
#: of theme.BOARD_CSS, which keeps a click where the pointer is, holds only under the
#: pointer.)
FOCUS_CSS = (
    "canvas.railwidgets-board:focus, canvas.railwidgets-board:focus-visible {"
    f" outline: 4px solid {FOCUS_RING}; outline-offset: -4px; }}"
)

#: Pixels between the points where the hit-test is asked (small targets are larger).
SAMPLE_STEP = 6
_ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


@dataclass(frozen=True)
class Target:
    """A place on the board a pick can be made: the pick ``(part, value)`` and the box
    ``(x, y, width, height)`` its clickable pixels span."""

    part: str
    value: Hashable
    box: tuple[float, float, float, float]

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.box
        return (x + w / 2, y + h / 2)


def find_targets(
    hit: Callable[[float, float], tuple[str, Hashable] | None],
    size: tuple[int, int],
    allows: Callable[[str, Hashable], bool],
    step: int = SAMPLE_STEP,
) -> list[Target]:
    """The targets ``hit`` finds on a board of ``size`` that ``allows`` accepts, in reading
    order (top to bottom, then left to right).

    >>> def hit(x, y):
    ...     return ("cell", (int(x) // 10, int(y) // 10)) if x < 20 and y < 10 else None
    >>> [t.value for t in find_targets(hit, (40, 20), lambda part, value: True, step=2)]
    [(0, 0), (1, 0)]
    >>> find_targets(hit, (40, 20), lambda part, value: value != (0, 0), step=2)[0].box
    (11, 1, 8, 8)
    """
    width, height = size
    spans: dict[tuple[str, Hashable], list[float]] = {}
    for y in range(step // 2, height, step):
        for x in range(step // 2, width, step):
            found = hit(x, y)
            if found is None:
                continue
            span = spans.get(found)
            if span is None:
                spans[found] = [x, y, x, y]
            else:
                span[0], span[1] = min(span[0], x), min(span[1], y)
                span[2], span[3] = max(span[2], x), max(span[3], y)
    targets = []
    for (part, value), (x0, y0, x1, y1) in spans.items():
        if allows(part, value):
            targets.append(Target(part, value, (x0, y0, x1 - x0, y1 - y0)))
    targets.sort(key=lambda t: (round(t.centre[1] / 8), t.centre[0]))
    return targets


def step_towards(
    targets: Sequence[Target], origin: tuple[float, float], key: str, current: int | None = None
) -> int | None:
    """The index of the target an arrow ``key`` moves to from ``origin``: the nearest one
    in that direction (straight ahead counts more than aside), ``None`` if there is none.

    >>> ts = [Target("c", i, (x, y, 1, 1)) for i, (x, y) in enumerate([(0, 0), (10, 0), (10, 10)])]
    >>> step_towards(ts, (0.5, 0.5), "ArrowRight", 0), step_towards(ts, (10.5, 0.5), "ArrowDown", 1)
    (1, 2)
    >>> step_towards(ts, (10.5, 0.5), "ArrowRight", 1) is None
    True
    """
    dx, dy = _ARROWS[key]
    ox, oy = origin
    best, best_score = None, math.inf
    for i, target in enumerate(targets):
        if i == current:
            continue
        cx, cy = target.centre
        ahead = (cx - ox) * dx + (cy - oy) * dy
        aside = abs((cx - ox) * dy) + abs((cy - oy) * dx)
        if ahead <= 0.5:
            continue
        score = ahead + 2 * aside
        if score < best_score:
            best, best_score = i, score
    return best


class Player(Protocol):
    """What :class:`Keyboard` needs of a game widget (a :class:`~railwidgets.ui.panel.GameWidget`)."""

    choice: Any
    status_error: bool

    def hit(self, x: float, y: float) -> tuple[str, Hashable] | None: ...
    def pick(self, part: str, value: Hashable) -> None: ...
    def back(self) -> None: ...
    def confirm(self) -> None: ...
    def say(self, text: str, *, error: bool = False) -> None: ...
    def may_pick(self) -> bool: ...
    def key_allows(self, part: str, value: Hashable) -> bool: ...
    def target_name(self, part: str, value: Hashable) -> str: ...
    def button_keys(self) -> list[str]: ...


class Keyboard:
    """The cursor on one widget's board, and what its keys do.

    ``size`` gives the board's size in pixels; ``focus_next`` and ``focus_previous``
    move the focus off the board (Tab, Shift+Tab); ``redraw`` draws the choice layer
    again (the cursor moved).
    """

    def __init__(
        self,
        player: Player,
        size: Callable[[], tuple[int, int]],
        redraw: Callable[[], None],
        focus_board: Callable[[], None],
        focus_next: Callable[[], None],
        focus_previous: Callable[[], None],
    ):
        self.player = player
        self._size = size
        self._redraw = redraw
        self._focus_board = focus_board
        self._focus_next = focus_next
        self._focus_previous = focus_previous
        self._targets: list[Target] | None = None
        self._for: object = None  # the choice the targets were found for
        self.index: int | None = None
        self.position: tuple[float, float] | None = None  # where the cursor last was

    # -- the targets --------------------------------------------------------------------

    def targets(self) -> list[Target]:
        """What the cursor may land on now (found once per choice)."""
        choice = self.player.choice
        if self._targets is None or self._for is not choice:
            self._targets = find_targets(self.player.hit, self._size(), self.player.key_allows)
            self._for = choice
            self.index = None
        return self._targets

    @property
    def current(self) -> Target | None:
        """The target under the cursor, if the cursor is on one."""
        targets = self.targets()
        if self.index is None or self.index >= len(targets):
            return None
        return targets[self.index]

    def forget(self) -> None:
        """A new decision, or a new picture: the targets are found again when needed (the
        cursor's place is kept, so it starts near where it was)."""
        self._targets = None
        self._for = None
        self.index = None

    # -- keys ---------------------------------------------------------------------------

    def handle(self, key: str) -> bool:
        """Do what ``key`` means on the board; ``False`` if it means nothing here."""
        if key in _ARROWS:
            self.move(key)
        elif key in ("Enter", " "):
            self.enter()
        elif key == "Escape":
            self.player.back()
        elif key == "Tab":
            self._focus_next()
        elif key == "Shift+Tab":
            self._focus_previous()
        else:
            return False
        return True

    def move(self, key: str) -> None:
        """An arrow key: the cursor goes to the next target that way."""
        targets = self.targets()
        player = self.player
        if not targets:
            if player.choice.actions or player.may_pick():
                player.say(f"{_(NO_TARGETS)}. {self.help()}", error=True)
            return
        current = self.current
        if current is None:
            origin = self.position
            if origin is None:
                self.index = 0
            else:
                self.index = min(
                    range(len(targets)), key=lambda i: math.dist(targets[i].centre, origin)
                )
        else:
            found = step_towards(targets, current.centre, key, self.index)
            if found is None:
                name = player.target_name(current.part, current.value)
                player.say(_(NO_FURTHER).format(direction=_(DIRECTION_WORDS[key]), name=name))
                return
            self.index = found
        now = targets[self.index]
        self.position = now.centre
        player.say(_(ON_TARGET).format(name=player.target_name(now.part, now.value)))
        self._redraw()

    def enter(self) -> None:
        """Enter: pick the target under the cursor; with none, confirm what is picked."""
        current = self.current
        player = self.player
        if current is not None:
            self.index = None
            player.pick(current.part, current.value)
            if player.status_error:  # refused (should not be: the targets are allowed)
                return
            self._redraw()
            return
        choice = player.choice
        if choice.complete or choice.picks:  # Confirm, or why there is nothing to confirm
            player.confirm()
        else:
            player.say(f"{_(MOVE_FIRST)} {self.help()}", error=True)

    def help(self) -> str:
        """Which keys work now, in one sentence."""
        keys = [_(ARROWS_HELP), _(ENTER_HELP), _(ESC_HELP), *self.player.button_keys(), _(TAB_HELP)]
        return _(KEYS_ARE).format(keys=", ".join(keys))

    def unknown(self, key: str) -> str:
        """What a key that means nothing says."""
        return f"{_(UNKNOWN_KEY).format(key=repr(key))} {self.help()}"

    # -- the board and the focus ---------------------------------------------------------

    def draw(self, painter: Painter, layer: str) -> None:
        """The cursor, on ``layer`` (the choice layer), if it is on a target."""
        targets = self._targets  # never found here: a redraw after a click stays quick
        if targets is None or self._for is not self.player.choice or self.index is None:
            return
        x, y, w, h = targets[self.index].box
        pad = 6
        painter.layer(layer)
        box = (x - pad, y - pad, w + 2 * pad, h + 2 * pad)
        painter.rect(*box, stroke=FOCUS_HALO, width=7)
        painter.rect(*box, stroke=FOCUS_RING, width=3)

    def focus_board(self) -> None:
        """Put the focus on the board (after a button of the decision in hand was pressed:
        its keys work again at once, issue 27 item 14)."""
        self._focus_board()
