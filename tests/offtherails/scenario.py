"""Build Off the Rails situations from positions, for the rule tests.

Seats are fixed: seat 0 plays red (north), seat 1 green (south), seat 2 yellow
(east), seat 3 blue (west); seat 0 is to play, at the start of its action phase.
"""

from __future__ import annotations

import json
from typing import Any

from railwidgets import offtherails
from railwidgets.core import Game
from railwidgets.offtherails.components import (
    CHASM_TOKENS_PER_COLOUR,
    COLOURS,
    JEWELS,
    KINDS,
    SOLO_JEWELS,
)

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
    for key, value in sorted(changes.items(), key=lambda kv: "__" in kv[0]):
        if key in options:
            continue
        if "__" in key:
            outer, inner = key.split("__")
            p[outer][inner] = value
        else:
            p[key] = value
    _make_possible(p, given={key.split("__")[0] for key in changes})
    return offtherails.Game.from_position(p, seed=seed)


def _make_possible(p: dict[str, Any], given: set[str]) -> None:
    """Complete what the test left alone so that the position can happen (§2.18, §2.19).

    Items the test did not place are in the bag (or, when the test sets the bag, were
    swallowed by the chasm); tokens on the board mean the mine has collapsed; the
    Chasm card, until drawn, lies under the cards the test dealt, with 4 cards below.
    """
    solo = p["sides"] == [None]
    supply = dict(zip(KINDS, SOLO_JEWELS if solo else JEWELS, strict=True))
    placed = dict.fromkeys(KINDS, 0)
    for items in (
        *(sq["items"] for sq in p["squares"]),
        *(c["contents"] for c in p["carts"]),
        *p["stockpiles"],
        p["bag"] if "bag" in given else {},
        p["removed_by_chasm"] if "bag" not in given else {},
    ):
        for kind, n in items.items():
            placed[kind] += n
    rest = {k: supply[k] - placed[k] for k in KINDS if supply[k] != placed[k]}
    if "bag" in given:
        p["removed_by_chasm"] = rest
    else:
        p["bag"] = {k: n + p["removed_by_chasm"].get(k, 0) for k, n in rest.items()}
        p["bag"] = {k: n - p["removed_by_chasm"].get(k, 0) for k, n in p["bag"].items() if n}
    tokens = [sq["chasm"] for sq in p["squares"] if sq["chasm"]]
    if tokens and not solo and "final_round" not in given:
        p["final_round"] = {"turns_left": 0, "collapsed": True, "drawn_token": None}
        p["chasm_deck"] = {"cards": [], "tokens": False}
    missions = p["missions"]
    dealt = {*missions["face_up"], *missions["deck"], *(m for c in missions["claimed"] for m in c)}
    if not solo:  # the missions the test left out are in the (hidden) deck
        missions["deck"] += [m for m in range(1, 12) if m not in dealt]
    deck, removed, chasm_deck = p["deposit_deck"], p["removed_cards"], p["chasm_deck"]["cards"]
    if solo and "chasm" not in deck:
        deck.append("chasm")
    for cards, others in ((chasm_deck, deck), (removed, [*deck, *chasm_deck])):
        for n, card in enumerate(cards):  # a card the test placed is nowhere else
            if card in others:
                colour = card.split()[0]
                used = {*deck, *removed, *chasm_deck}
                cards[n] = next(
                    f"{colour} {k}" for k in range(8, 0, -1) if f"{colour} {k}" not in used
                )
    if not solo and p["final_round"]["turns_left"] is None and "chasm" not in deck:
        used = {*deck, *removed, *chasm_deck}
        spare = [f"{c} {k}" for k in range(8, 0, -1) for c in COLOURS if f"{c} {k}" not in used]
        deck.extend(["chasm", *spare[:4]])
    on_deck = 1 if p["chasm_deck"]["tokens"] else 0
    drawn = p["final_round"]["drawn_token"]
    missing = {
        c: CHASM_TOKENS_PER_COLOUR - tokens.count(c) - on_deck - (drawn == c) for c in COLOURS
    }
    if "chasm_supply" not in given:
        p["chasm_supply"] = missing
        return
    # The test chose the supply: the other tokens already opened, along the south edge.
    free = iter(
        sq
        for sq in ((row, col) for row in (11, 10) for col in range(11, -1, -1))
        if not any(entry["square"] == list(sq) for entry in p["squares"])
    )
    for colour in COLOURS:
        for _ in range(missing[colour] - p["chasm_supply"][colour]):
            square = next(free)
            p["squares"].append(
                {"square": list(square), "tile": None, "items": {}, "chasm": colour}
            )
    p["squares"].sort(key=lambda entry: entry["square"])


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
