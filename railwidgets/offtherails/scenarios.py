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


# -- the tutorial's situations ------------------------------------------------------------------


def first_turn() -> Game:
    """Red's first turn: no cart out yet, a ruby and a gold on red mine square 3 at (2, 4).

    Place a cart on the starting track at (-1, 4) and lay three straight tiles
    below it: at speed 3 the cart rolls onto the deposit and takes both items.
    """
    return game(items={(2, 4): {"ruby": 1, "gold": 1}})


def junction() -> Game:
    """Red's white cart rolls south into a T junction with a step left: which way?"""
    return game(
        tiles={(0, 4): "NS", (1, 4): "NS", (2, 4): "NES", (2, 5): "EW", (3, 4): "NS"},
        items={(2, 5): {"diamond": 1, "ruby": 1}, (3, 4): {"emerald": 2}},
        carts=[cart(0, "white", (0, 4), "S", "N", speed=3)],
    )


def pickups() -> Game:
    """Passing takes one item, ending takes two, rocks first, and a cart holds five."""
    return game(
        tiles={(r, 7): "NS" for r in range(5)},
        items={
            (1, 7): {"ruby": 2},
            (2, 7): {"rock": 1, "gold": 1},
            (3, 7): {"emerald": 1},
            (4, 7): {"diamond": 1, "gold": 1},
        },
        carts=[cart(0, "white", (0, 7), "S", "N", speed=4, contents={"ruby": 2})],
    )


def exit_with_steps_left() -> Game:
    """A loaded cart one square from a starting track, at speed 4: it leaves, the steps are lost."""
    return game(
        tiles={(0, 4): "NS", (1, 4): "NS"},
        carts=[cart(0, "white", (1, 4), "N", "S", speed=4, contents={"diamond": 1, "gold": 2})],
    )


def derailment() -> Game:
    """The track ends after two squares, the cart runs at 3: slow it down, or lose its load."""
    return game(
        tiles={(5, 5): "EW", (5, 6): "EW", (5, 7): "EW"},
        carts=[cart(0, "white", (5, 5), "E", "W", speed=3, contents={"emerald": 1})],
    )


def rear_end() -> Game:
    """Red's cart runs into the back of Green's loaded cart: Green splits, Red picks blind."""
    return game(
        tiles={(5, c): "EW" for c in range(2, 7)},
        carts=[
            cart(0, "white", (5, 2), "E", "W", speed=3, contents={"ruby": 1}),
            cart(1, "white", (5, 4), "E", "W", contents={"gold": 1, "emerald": 1, "ruby": 1}),
        ],
    )


def head_on() -> Game:
    """Nose to nose with Green's empty cart: Green's cart derails, both turn round."""
    return game(
        tiles={(5, c): "EW" for c in range(2, 7)},
        carts=[
            cart(0, "white", (5, 2), "E", "W", speed=3, contents={"ruby": 1}),
            cart(1, "white", (5, 4), "W", "E"),
        ],
    )


def bump() -> Game:
    """Green's cart stands on a track crossing Red's path without a join: a harmless bump."""
    return game(
        tiles={(5, 2): "EW", (5, 3): "EW", (5, 4): "NS", (4, 4): "NS", (6, 4): "NS"},
        carts=[
            cart(0, "white", (5, 2), "E", "W", speed=3, contents={"ruby": 1}),
            cart(1, "white", (5, 4), "N", "S", contents={"gold": 2}),
        ],
    )


def mission_claim() -> Game:
    """Red's cart leaves the mine with a diamond: Diamonds Aren't Forever (M3) may be claimed."""
    return game(
        tiles={(0, 4): "NS"},
        carts=[cart(0, "white", (0, 4), "N", "S", speed=1, contents={"diamond": 1, "ruby": 1})],
        missions={"face_up": [1, 3, 4], "deck": [2, 5, 6, 7, 8, 9, 10, 11], "claimed": [[], []]},
    )


def final_round() -> Game:
    """The Chasm card is next: Red draws it, every clan plays once more, then the mine collapses.

    Red's cart circles a small loop, so the game goes on into the chasm phase.
    """
    loop = {(5, 5): "ES", (5, 6): "SW", (6, 6): "NW", (6, 5): "NE"}
    p = build(tiles=loop, carts=[cart(0, "white", (5, 5), "E", "S", speed=1)])
    deck = [c for c in p["deposit_deck"] if c != "chasm"]
    p["deposit_deck"] = ["chasm", *deck[:8]]
    return Game.from_position(p, seed=1)


def chasm_phase() -> Game:
    """After the collapse: Red has drawn a red chasm token and must open the chasm next to one.

    Green's cart, with a gold, stands on one of the four squares Red may choose.
    """
    tokens = {(2, 2): "red", (2, 9): "yellow", (9, 9): "green", (9, 2): "blue"}
    p = build(
        tiles={(3, 1): "NS", (2, 1): "NE", (1, 2): "ES"},
        chasm=tokens,
        carts=[cart(1, "white", (2, 1), "E", "N", contents={"gold": 1})],
        turn__stage="chasm",
        chasm_deck={"cards": [], "tokens": False},
        chasm_supply={"red": 3, "yellow": 4, "green": 4, "blue": 4},
        final_round={"turns_left": 0, "collapsed": True, "drawn_token": "red"},
    )
    # the Chasm card was drawn, which began the final round (§2.10), and each player's final
    # turn drew a card (D-23): what is left is the bottom pile (§2.4.4.6)
    p["deposit_deck"] = p["deposit_deck"][-4:]
    return Game.from_position(p, seed=1)
