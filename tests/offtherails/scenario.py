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
    MINE_SQUARES,
    PILE_SIZE,
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
    Chasm card, until drawn, lies under the cards the test dealt, with 4 cards below,
    and once drawn, the deck holds what was left below it. After the collapse each
    colour has a token on its mine, and tokens the test did not place, when it chose
    the supply, opened next to their colour (solo: on their colour's mine squares).
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
        deck.append("chasm")
        _fill_deck(deck, PILE_SIZE, {*deck, *removed, *chasm_deck})
    turns_left = p["final_round"]["turns_left"]
    if not solo and turns_left is not None and "chasm" not in deck:
        # the cards that lay below the Chasm card: 4 or more, less one per final turn played
        played = len(p["sides"]) - turns_left
        short = PILE_SIZE - played - len(deck)
        _fill_deck(deck, max(0, short), {*deck, *removed, *chasm_deck})
    on_deck = 1 if p["chasm_deck"]["tokens"] else 0
    drawn = p["final_round"]["drawn_token"]
    left = {c: CHASM_TOKENS_PER_COLOUR - on_deck - (drawn == c) for c in COLOURS}
    if "chasm_supply" in given:  # the test chose the supply: the other tokens have opened
        wanted = {c: left[c] - p["chasm_supply"][c] for c in COLOURS}
    else:  # after the collapse each colour has opened on its mine (§2.10)
        first = 1 if p["final_round"]["collapsed"] and not solo else 0
        wanted = {c: max(tokens.count(c), first) for c in COLOURS}
        p["chasm_supply"] = {c: left[c] - wanted[c] for c in COLOURS}
    for colour in COLOURS:
        _open_tokens(p, colour, wanted[colour] - tokens.count(colour), solo)
    p["squares"].sort(key=lambda entry: entry["square"])


def _fill_deck(deck: list[str], count: int, used: set[str]) -> None:
    """Put ``count`` more cards under ``deck``, each pile keeping one card of each colour
    (§2.4.4.5: the deck is cut into piles of 4 from the bottom)."""
    length = len(deck) + count
    for j in range(len(deck), length):
        pile = (length - 1 - j) // PILE_SIZE
        present = {
            card.split()[0]
            for i, card in enumerate(deck)
            if card != "chasm" and (length - 1 - i) // PILE_SIZE == pile
        }
        card = next(
            f"{c} {k}"
            for k in range(8, 0, -1)
            for c in COLOURS
            if c not in present and f"{c} {k}" not in used
        )
        deck.append(card)
        used.add(card)


def _open_tokens(p: dict[str, Any], colour: str, count: int, solo: bool) -> None:
    """Open ``count`` more ``colour`` chasm tokens where they can open: on the colour's mine,
    then next to its tokens (§2.10, §2.11.2); in solo, on the colour's mine squares (§2.15)."""
    mine = MINE_SQUARES[COLOURS.index(colour)]
    taken = {tuple(entry["square"]) for entry in p["squares"]}
    taken |= {tuple(c["square"]) for c in p["carts"] if c["square"] is not None}
    if solo:  # a card's square opens when the card is drawn: not for cards still in the deck
        taken |= {
            MINE_SQUARES[COLOURS.index(card.split()[0])][int(card.split()[1]) - 1]
            for card in p["deposit_deck"]
            if card != "chasm"
        }
    ours = {tuple(entry["square"]) for entry in p["squares"] if entry["chasm"] == colour}
    for _ in range(count):
        if solo or not ours:
            options = [sq for sq in mine if sq not in taken]
        else:
            near = {
                (r + dr, c + dc)
                for r, c in ours
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < 12 and 0 <= c + dc < 12
            }
            options = sorted(near - taken, key=lambda sq: (sq not in mine, sq))
        square = options[0]
        p["squares"].append({"square": list(square), "tile": None, "items": {}, "chasm": colour})
        taken.add(square)
        ours.add(square)


#: Missions a test may leave face up without meeting them: Dirty Goblins is never met
#: during a turn (§2.13 M4), Spice of Life only by a stockpile of all four jewels (M10).
QUIET_MISSIONS = (4, 10, 5, 6, 9)


def mission_row(
    *face_up: int, players: int = 2, claimed: list[list[int]] | None = None
) -> dict[str, Any]:
    """A mission row that can happen: ``face_up`` and ``claimed`` (per seat), with quiet
    missions face up to make the players + 1 turned up at setup (§2.4.6; a claimed one is
    not replaced, C-6); the others are in the deck."""
    claimed = claimed or [[] for _ in range(players)]
    row = list(face_up)
    taken = {*row, *(m for seat in claimed for m in seat)}
    for mission in QUIET_MISSIONS:
        if len(row) + sum(map(len, claimed)) >= players + 1:
            break
        if mission not in taken:
            row.append(mission)
    assert len(row) + sum(map(len, claimed)) == players + 1, "more missions than the row holds"
    return {"face_up": sorted(row), "deck": [], "claimed": claimed}


def ninety_tiles(
    tiles: dict[tuple[int, int], str], free: tuple[tuple[int, int], ...] = ()
) -> dict[tuple[int, int], str]:
    """``tiles`` and crosses on other squares (not ``free`` ones), 90 in all: the whole
    supply on the board (§2.3; a cross cannot be upgraded, §2.6 A2)."""
    centres = {(3, 3), (3, 8), (8, 8), (8, 3)}
    others = (
        (r, c)
        for r in range(12)
        for c in range(12)
        if (r, c) not in tiles and (r, c) not in centres and (r, c) not in free
    )
    filled = dict(tiles)
    while len(filled) < 90:
        filled[next(others)] = "NESW"
    return filled


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
