"""How a person picks an Off the Rails decision in parts, and what a click on the board means.

Pure (no widget import): :func:`parts_of` splits each action into the parts a
person picks in order (a verb, a square, the exits; a cart, then − or +; an
exit; an item, ...), :func:`board_pick` turns a click on the board or the panel
into a pick, :func:`new_tile_shape` is the shape a new tile comes with on the
square picked, and :func:`lights` says what to light up for the pick in hand. What
may be picked always comes from the engine's legal actions through the choice
(``railwidgets.ui.choice.Choice``), never from a copy of a rule.

>>> parts_of(PlaceTile((2, 5), "NE"))
(('verb', 'corner'), ('square', (2, 5)), ('exits', 'NE'))
>>> parts_of(ChangeSpeed("white", -1))
(('verb', 'speed'), ('cart', 'white'), ('delta', -1))
>>> parts_of(NoClaim())
(('mission', 'none'),)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

from railwidgets.core.action import Action
from railwidgets.offtherails.actions import (
    ChangeSpeed,
    ChooseCart,
    ChooseExit,
    ChooseSide,
    ClaimMission,
    EndActions,
    EndNow,
    NoClaim,
    PickPile,
    PlaceCart,
    PlaceChasm,
    PlaceTile,
    SetNose,
    SplitLoad,
    TakeItem,
    Upgrade,
)
from railwidgets.offtherails.board import exits_text, neighbour
from railwidgets.offtherails.components import SIDE_LETTERS, STRAIGHTS, Square
from railwidgets.offtherails.render import CartTarget, MissionTarget, SquareTarget, Target

__all__ = ["VERBS", "Lights", "board_pick", "lights", "new_tile_shape", "parts_of"]

Parts = tuple[tuple[str, Hashable], ...]
#: The verbs of the action phase, in the order of their buttons.
VERBS = ("straight", "corner", "upgrade", "cart", "speed", "end", "end now")
#: The verbs that lay a new tile: it comes on its square with a shape, which Rotate turns.
NEW_TILE = ("straight", "corner")
_STRAIGHT_TEXT = frozenset(exits_text(mask) for mask in STRAIGHTS)


class ChoiceLike(Protocol):
    """What this module needs of a ``Choice``."""

    @property
    def next_part(self) -> str | None: ...

    def options(self, part: str) -> tuple[Hashable, ...]: ...

    def picked(self, part: str) -> Hashable | None: ...

    def has(self, part: str) -> bool: ...

    def allows(self, part: str, value: Hashable) -> bool: ...

    def pick(self, part: str, value: Hashable) -> Self: ...


def parts_of(action: Action) -> Parts:
    """The parts of ``action`` in the order a person picks them."""
    if isinstance(action, PlaceTile):
        verb = "straight" if action.exits in _STRAIGHT_TEXT else "corner"
        return (("verb", verb), ("square", action.square), ("exits", action.exits))
    if isinstance(action, Upgrade):
        return (("verb", "upgrade"), ("square", action.square), ("exits", action.exits))
    if isinstance(action, PlaceCart):
        return (("verb", "cart"), ("square", action.track), ("cart", action.cart))
    if isinstance(action, ChangeSpeed):
        return (("verb", "speed"), ("cart", action.cart), ("delta", action.delta))
    if isinstance(action, EndActions):
        return (("verb", "end"),)
    if isinstance(action, EndNow):
        return (("verb", "end now"),)
    if isinstance(action, ChooseCart):
        return (("cart", action.cart),)
    if isinstance(action, ChooseExit):
        return (("edge", action.edge),)
    if isinstance(action, SetNose):
        return (("nose", action.edge),)
    if isinstance(action, TakeItem):
        return (("item", action.item),)
    if isinstance(action, SplitLoad):
        return (("split", (action.pile_a, action.pile_b)),)
    if isinstance(action, PickPile):
        return (("pile", action.pile),)
    if isinstance(action, ClaimMission):
        return (("mission", action.mission),)
    if isinstance(action, NoClaim):
        return (("mission", "none"),)
    if isinstance(action, PlaceChasm):
        return (("square", action.square),)
    if isinstance(action, ChooseSide):
        return (("side", action.side),)
    raise TypeError(f"{action!r} is not an Off the Rails action")


def new_tile_shape(choice: ChoiceLike, part: str, value: Hashable) -> Hashable | None:
    """The shape a new tile comes with when ``value`` is picked for ``part`` next and that
    puts the tile on a square; ``None`` when the pick does not (or is not allowed).

    A tile laid with A1 (§2.6) comes on its square turned as the engine lists its
    first shape, and the widget *picks* that shape with the square: the ghost shows
    it, Confirm lays it, and every Rotate turns it to the next one.

    >>> from railwidgets.offtherails import scenarios
    >>> from railwidgets.ui.choice import Choice
    >>> choice = Choice.from_game(scenarios.first_turn(), parts_of).pick("verb", "straight")
    >>> new_tile_shape(choice, "square", (0, 4))
    'NS'
    >>> new_tile_shape(choice, "square", (3, 3)) is None   # a mine centre: no tile goes there
    True
    >>> straight = choice.pick("square", (0, 4)).pick("exits", "NS")
    >>> new_tile_shape(straight, "verb", "corner")   # a straight's shape does not fit a corner
    'NE'
    """
    if not choice.allows(part, value):
        return None
    after = choice.pick(part, value)  # a shape picked before stays if it still fits
    if after.picked("verb") not in NEW_TILE or not after.has("square") or after.has("exits"):
        return None
    return next(iter(after.options("exits")), None)


def _moving_square(data: Mapping[str, Any]) -> Square | None:
    move = data["move"]
    if move is None:
        return None
    cart = data["carts"][move["cart"]]
    return (cart["square"][0], cart["square"][1]) if cart["square"] else None


def _cart_on(data: Mapping[str, Any], square: Square, owner: int) -> str | None:
    for cart in data["carts"]:
        if cart["place"] == "board" and tuple(cart["square"]) == square and cart["owner"] == owner:
            return str(cart["name"])
    return None


def _edge_towards(origin: Square, target: SquareTarget) -> str:
    """The side of ``origin`` a click means: the side clicked on it, or towards a neighbour."""
    if target.square == origin:
        return target.edge
    for side, letter in enumerate(SIDE_LETTERS):
        if neighbour(origin, side) == target.square:
            return letter
    return ""


def board_pick(
    choice: ChoiceLike, target: Target, data: Mapping[str, Any], seat: int
) -> tuple[str, Hashable] | None:
    """The pick a click on ``target`` means for the choice in hand (``None``: it means nothing).

    ``data`` is the picture's position or view, ``seat`` the one deciding. The pick
    may still be refused by the choice (that is how a wrong click explains itself).
    """
    part = choice.next_part
    if isinstance(target, MissionTarget):
        return ("mission", target.mission)
    if isinstance(target, CartTarget):
        return ("cart", target.name) if target.owner == seat else None
    if part in ("edge", "nose"):
        square = _moving_square(data)
        edge = _edge_towards(square, target) if square else ""
        return (part, edge) if edge else None
    picked = choice.picked("square")
    if picked is not None and target.square == picked and choice.options("exits"):
        return ("exits", _exits_for_click(choice, target.edge, _tile_at(data, target.square)))
    name = _cart_on(data, target.square, seat)
    if name is not None and (part == "cart" or choice.picked("verb") == "speed"):
        return ("cart", name)
    if part == "cart" and choice.picked("verb") == "cart":
        return None
    return ("square", target.square)


def _exits_for_click(choice: ChoiceLike, edge: str, tile: str) -> str:
    """The exits an edge click on the picked square asks for.

    An upgrade adds the clicked side; a new tile turns so that an exit faces the
    clicked side, keeping its other exit where it can (clicking the same side
    again tries the other shapes with an exit there).
    """
    options = [str(o) for o in choice.options("exits")]
    if choice.picked("verb") == "upgrade":
        added = [o for o in options if edge in o and edge not in tile]
        return added[0] if added else edge
    with_edge = [o for o in options if edge in o]
    if not with_edge:
        return edge
    current = str(choice.picked("exits") or options[0])  # unpicked: as if the first
    if edge in current:  # the same side again: the next shape with an exit there
        return with_edge[(with_edge.index(current) + 1) % len(with_edge)]
    keeping = [o for o in with_edge if set(o) & set(current)]  # keep the other exit if it can
    return (keeping or with_edge)[0]


@dataclass
class Lights:
    """What to light up on the board and beside it for the pick in hand."""

    squares: list[Square] = field(default_factory=list)
    arrows: list[tuple[Square, str]] = field(default_factory=list)
    ghost: tuple[Square, str] | None = None
    selected: Square | None = None
    carts: list[tuple[int, str]] = field(default_factory=list)  # (owner, name) beside the board
    missions: list[int] = field(default_factory=list)


def lights(choice: ChoiceLike, data: Mapping[str, Any], seat: int) -> Lights:
    """Legal targets of the next part, the square picked, the tile it would get, exit arrows."""
    out = Lights()
    part = choice.next_part
    square = choice.picked("square")
    if square is not None:
        out.selected = square  # type: ignore[assignment]
        exits = choice.picked("exits")  # the ghost is only ever what Confirm lays
        if exits is not None:
            out.ghost = (square, str(exits))  # type: ignore[assignment]
        if choice.picked("verb") == "upgrade":
            for option in choice.options("exits"):
                tile = _tile_at(data, square)  # type: ignore[arg-type]
                added = set(str(option)) - set(tile)
                out.arrows += [(square, letter) for letter in sorted(added)]  # type: ignore[misc]
    if part == "square":
        out.squares = [sq for sq in choice.options("square")]  # type: ignore[misc]
    elif part in ("edge", "nose"):
        here = _moving_square(data)
        if here is not None:
            out.arrows = [(here, str(edge)) for edge in choice.options(part)]
    elif part == "cart":
        names = set(choice.options("cart"))
        for cart in data["carts"]:
            if cart["owner"] == seat and cart["name"] in names:
                out.carts.append((seat, cart["name"]))
                if cart["place"] == "board":
                    out.squares.append((cart["square"][0], cart["square"][1]))
    elif part == "mission":
        out.missions = [m for m in choice.options("mission") if m != "none"]  # type: ignore[misc]
    return out


def _tile_at(data: Mapping[str, Any], square: Square) -> str:
    for entry in data["squares"]:
        if tuple(entry["square"]) == square:
            return str(entry["tile"] or "")
    return ""
