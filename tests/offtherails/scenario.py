"""Build Off the Rails situations from positions, for the rule tests.

Seats are fixed: seat 0 plays red (north), seat 1 green (south), seat 2 yellow
(east), seat 3 blue (west); seat 0 is to play, at the start of its action phase.
"""

from __future__ import annotations

import json
from typing import Any

from railwidgets import offtherails
from railwidgets.core import Game

SIDES = ["N", "S", "E", "W"]
COLOUR_OF_SIDE = {"N": "red", "E": "yellow", "S": "green", "W": "blue"}


def cart(
    seat: int,
    name: str,
    square: tuple[int, int] | None,
    facing: str | None = None,
    back: str | None = None,
    speed: int = 3,
    contents: dict[str, int] | None = None,
    place: str | None = None,
) -> dict[str, Any]:
    """One cart entry; on the board when it has a square."""
    return {
        "seat": seat,
        "name": name,
        "square": square,
        "facing": facing,
        "back": back,
        "speed": speed,
        "contents": contents or {},
        "place": place or ("board" if square else "supply"),
    }


def game(
    players: int = 2,
    tiles: dict[tuple[int, int], str] | None = None,
    items: dict[tuple[int, int], dict[str, int]] | None = None,
    chasm: dict[tuple[int, int], str] | None = None,
    carts: list[dict[str, Any]] | None = None,
    seed: int = 1,
    **changes: Any,
) -> offtherails.Game:
    """A game at seat 0's action phase with the given board.

    ``changes`` replace top-level position keys, or, with a ``__`` in the name,
    one key below (``turn__stage="mission"``).
    """
    options = {k: v for k, v in changes.items() if k in {o.name for o in offtherails.Game.OPTIONS}}
    start = offtherails.Game(players=players, seed=seed, **options)
    if players > 1:
        start.apply(offtherails.ChooseSide("N"))
    p = start.position()
    p["turn"] = {
        "number": 3,
        "active": 0,
        "first_player": 0,
        "stage": "actions",
        "actions_used": 0,
        "met": [],
    }
    if players > 1:
        p["sides"] = SIDES[:players]
    squares: dict[tuple[int, int], dict[str, Any]] = {}

    def entry(sq: tuple[int, int]) -> dict[str, Any]:
        return squares.setdefault(
            sq, {"square": list(sq), "tile": None, "items": {}, "chasm": None}
        )

    for sq, exits in (tiles or {}).items():
        entry(sq)["tile"] = exits
    for sq, stuff in (items or {}).items():
        entry(sq)["items"] = stuff
    for sq, colour in (chasm or {}).items():
        entry(sq)["chasm"] = colour
    p["squares"] = [squares[sq] for sq in sorted(squares)]
    p["tiles"] = {"used": len(tiles or {}), "destroyed": 0}
    p["deposit_deck"] = []  # no deposit unless a test deals the cards
    by_key = {(c["seat"], c["name"]): c for c in carts or []}
    for c in p["carts"]:
        if players > 1:
            c["colour"] = COLOUR_OF_SIDE[SIDES[c["owner"]]]
        wanted = by_key.get((c["owner"], c["name"]))
        if wanted:
            c.update(
                place=wanted["place"],
                square=list(wanted["square"]) if wanted["square"] else None,
                facing=wanted["facing"],
                back=wanted["back"],
                speed=wanted["speed"],
                contents=wanted["contents"],
            )
    for key, value in changes.items():
        if key in options:
            continue
        if "__" in key:
            outer, inner = key.split("__")
            p[outer][inner] = value
        else:
            p[key] = value
    return offtherails.Game.from_position(p, seed=seed)


def snapshot(g: Game) -> tuple[str, tuple[str, ...], str, Any]:
    return (json.dumps(g.position(), sort_keys=True), g.log, g.to_json(), g.current_player)


def board_cart(g: offtherails.Game, seat: int, name: str) -> dict[str, Any]:
    """The position entry of a cart."""
    for c in g.position()["carts"]:
        if c["owner"] == seat and c["name"] == name:
            return c
    raise KeyError((seat, name))


def square(g: offtherails.Game, sq: tuple[int, int]) -> dict[str, Any]:
    for s in g.position()["squares"]:
        if tuple(s["square"]) == sq:
            return s
    return {"square": list(sq), "tile": None, "items": {}, "chasm": None}
