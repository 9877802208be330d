"""Off the Rails in words, for the screen-reader companion (issue 25 item 2).

Built from a seat's view (``game.view(seat)``) alone: deposit cards, the bag and how
another player split a load are not in it, so they are never said. Pure Python: no
widget imports.

>>> from railwidgets import offtherails
>>> game = offtherails.Game(seed=1)
>>> position_words(game.view(0), 0, [game.player_name(s) for s in range(4)])[0]
'Turn 0.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["position_words", "square_words"]

# Every sentence a player reads, in one place (to be wrapped for translation).
TURN = "Turn {number}."
ACTIVE = "{name} is playing ({stage})."
SIDE = "{name} plays from side {side}."
TILES = "Track laid on {count} squares: {squares}."
NO_TILES = "No track is laid yet."
ITEMS = "Items on the board: {items}."
CART = "{name}'s {cart} cart ({colour}): {where}, speed {speed}{load}."
IN_SUPPLY = "in the supply"
ON_SQUARE = "on {square} facing {facing}"
LOAD = ", carrying {items}"
STOCKPILE = "{name}'s stockpile: {items}."
MISSIONS = "Missions face up: {cards}; {deck} in the deck."
CLAIMED = "{name} has claimed missions {cards}."
BAG = "{count} items in the bag; {deck} deposit cards left."
SQUARE = "column {column} row {row}"


def square_words(square: Sequence[int]) -> str:
    """A square ``(column, row)`` as the board's edges number it.

    >>> square_words((4, 3))
    'column 4 row 3'
    """
    return SQUARE.format(column=square[0], row=square[1])


def _items(items: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in items.items() if n)


def position_words(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> list[str]:
    """The position as sentences: the turn, the sides, the track, the items, the carts,
    the stockpiles and the missions."""
    turn = view["turn"]
    lines = [TURN.format(number=turn["number"])]
    active = turn.get("active")
    if active is not None and not view.get("ended"):
        lines.append(
            ACTIVE.format(name=names[active], stage=str(turn.get("stage", "")).replace("_", " "))
        )
    for who, side in enumerate(view.get("sides") or []):
        if side:
            lines.append(SIDE.format(name=names[who], side=side))
    laid = [s for s in view["squares"] if s["tile"]]
    if laid:
        squares = "; ".join(f"{square_words(s['square'])} {s['tile']}" for s in laid)
        lines.append(TILES.format(count=len(laid), squares=squares))
    else:
        lines.append(NO_TILES)
    items = [
        f"{square_words(s['square'])}: {_items(s['items'])}"
        for s in view["squares"]
        if _items(s["items"])
    ]
    if items:
        lines.append(ITEMS.format(items="; ".join(items)))
    for cart in view["carts"]:
        if cart["place"] == "supply" or cart["square"] is None:
            where = IN_SUPPLY
        else:
            where = ON_SQUARE.format(square=square_words(cart["square"]), facing=cart["facing"])
        load = _items(cart.get("contents") or {})
        lines.append(
            CART.format(
                name=names[cart["owner"]],
                cart=cart["name"],
                colour=cart["colour"],
                where=where,
                speed=cart["speed"],
                load=LOAD.format(items=load) if load else "",
            )
        )
    for who, pile in enumerate(view.get("stockpiles") or []):
        if isinstance(pile, Mapping) and _items(pile):
            lines.append(STOCKPILE.format(name=names[who], items=_items(pile)))
    missions = view["missions"]
    lines.append(
        MISSIONS.format(
            cards=", ".join(str(c) for c in missions["face_up"]) or "none", deck=missions["deck"]
        )
    )
    for who, cards in enumerate(missions.get("claimed") or []):
        if cards:
            lines.append(CLAIMED.format(name=names[who], cards=", ".join(str(c) for c in cards)))
    lines.append(BAG.format(count=view["bag"], deck=view["deposit_deck"]))
    return lines
