"""Prepared Off the Rails positions: a builder, and the situations the tutorial teaches.

:func:`build` writes a position by hand (a few tiles, items, carts) on top of
a fresh game's, and :func:`game` loads it with ``Game.from_position``, so every
check the engine makes on a position applies. Seats are fixed: seat 0 plays red
(north), seat 1 green (south), seat 2 yellow (east), seat 3 blue (west); seat 0
is to play, at the start of its action phase, unless ``turn`` says otherwise.

>>> g = game(tiles={(0, 4): "NS", (1, 4): "NE"}, items={(1, 4): {"ruby": 2}},
...          carts=[cart(0, "white", (-1, 4), "S", "N")])
>>> g.player_name(g.current_player)
'Red'
>>> g.legal_actions()[-1]
EndActions()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from railwidgets.offtherails.rules import Game

__all__ = ["SEAT_SIDES", "build", "cart", "game"]

#: The side each seat plays in a built position (seat 0 north, seat 1 south, ...).
SEAT_SIDES = ("N", "S", "E", "W")
_COLOUR = {"N": "red", "E": "yellow", "S": "green", "W": "blue"}

Square = tuple[int, int]


def cart(
    seat: int,
    name: str,
    square: Square | None = None,
    facing: str | None = None,
    back: str | None = None,
    *,
    speed: int = 3,
    contents: Mapping[str, int] | None = None,
    place: str | None = None,
) -> dict[str, Any]:
    """A cart of ``seat`` (``"white"``/``"black"``; solo: its colour), on the board if it has a square."""
    return {
        "owner": seat,
        "name": name,
        "square": list(square) if square else None,
        "facing": facing,
        "back": back,
        "speed": speed,
        "contents": dict(contents or {}),
        "place": place or ("board" if square else "supply"),
    }


def build(
    players: int = 2,
    *,
    tiles: Mapping[Square, str] | None = None,
    items: Mapping[Square, Mapping[str, int]] | None = None,
    chasm: Mapping[Square, str] | None = None,
    carts: list[dict[str, Any]] | None = None,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
    **changes: Any,
) -> dict[str, Any]:
    """A position: a fresh game's, with these squares and carts, seat 0 to act.

    ``changes`` replace top-level keys, or with ``__`` one key below
    (``turn__stage="mission"``). The deposit deck keeps the fresh game's cards.
    """
    start = Game(players=players, seed=seed, **dict(options or {}))
    if players > 1:
        from railwidgets.offtherails.actions import ChooseSide

        start.apply(ChooseSide("N"))
    p = start.position()
    p["turn"] = {
        "number": 1,
        "active": 0,
        "first_player": 0,
        "stage": "actions",
        "actions_used": 0,
        "met": [],
    }
    if players > 1:
        p["sides"] = list(SEAT_SIDES[:players])
    squares: dict[Square, dict[str, Any]] = {}

    def entry(sq: Square) -> dict[str, Any]:
        return squares.setdefault(
            sq, {"square": list(sq), "tile": None, "items": {}, "chasm": None}
        )

    for sq in p["squares"]:
        squares[(sq["square"][0], sq["square"][1])] = sq
    for sq, exits in (tiles or {}).items():
        entry(sq)["tile"] = exits
    for sq, stuff in (items or {}).items():
        entry(sq)["items"] = dict(stuff)
    for sq, colour in (chasm or {}).items():
        entry(sq)["chasm"] = colour
    p["squares"] = [squares[sq] for sq in sorted(squares)]
    on_board = sum(1 for sq in p["squares"] if sq["tile"])
    p["tiles"] = {"used": on_board, "destroyed": 0}
    _settle_items(p, start)
    wanted = {(c["owner"], c["name"]): c for c in carts or []}
    for c in p["carts"]:
        if players > 1:
            c["colour"] = _COLOUR[SEAT_SIDES[c["owner"]]]
        if (c["owner"], c["name"]) in wanted:
            c.update({k: v for k, v in wanted[(c["owner"], c["name"])].items() if k != "owner"})
    _settle_items(p, start)
    for key, value in changes.items():
        if "__" in key:
            outer, inner = key.split("__")
            p[outer][inner] = value
        else:
            p[key] = value
    return p


def _settle_items(p: dict[str, Any], start: Game) -> None:
    """Take the items on squares and in carts out of the bag, so nothing is created (§5)."""
    fresh = start.position()
    bag = dict(fresh["bag"])
    for sq in fresh["squares"]:
        for kind, n in sq["items"].items():
            bag[kind] = bag.get(kind, 0) + n
    for holder in [*(sq["items"] for sq in p["squares"]), *(c["contents"] for c in p["carts"])]:
        for kind, n in holder.items():
            bag[kind] = bag.get(kind, 0) - n
    p["bag"] = {kind: n for kind, n in bag.items() if n > 0}


def game(players: int = 2, *, seed: int = 1, **kwargs: Any) -> Game:
    """The game at the position :func:`build` makes from the same arguments."""
    return Game.from_position(build(players, seed=seed, **kwargs), seed=seed)
