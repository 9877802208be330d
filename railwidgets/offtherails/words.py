"""Off the Rails in words, for the screen-reader companion (issue 25 item 2).

Built from a seat's view (``game.view(seat)``) alone: deposit cards, the bag and how
another player split a load are not in it, so they are never said. Pure Python: no
widget imports. Every sentence is said in the language in use (issue 24: a widget calls
these inside its ``use(lang)``).

>>> from railwidgets import offtherails
>>> from railwidgets.i18n import use
>>> game = offtherails.Game(seed=1)
>>> names = [game.player_name(s) for s in range(4)]
>>> position_words(game.view(0), 0, names)[0]
'Turn 0.'
>>> with use("ru"):
...     position_words(game.view(0), 0, names)[0], square_words((4, 3))
('Ход 0.', 'столбец 4, ряд 3')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railwidgets.i18n import N_, _, ngettext, tr
from railwidgets.offtherails.components import CART_WORDS, KINDS, MISSIONS, compass
from railwidgets.offtherails.movement import counted

__all__ = ["items_words", "position_words", "square_target_words", "square_words", "track_words"]

# Every sentence a player reads, in one place (marked for the catalogs; said with ``_``).
TURN = N_("Turn {number}.")
ACTIVE = N_("{name} is playing: {stage}.")
SIDE = N_("{name} plays from side {side}.")
NO_TILES = N_("No track is laid yet.")
ITEMS = N_("Items on the board: {items}.")
CART = N_("{name}'s {cart} cart: {where}, speed {speed}.")
CART_LOADED = N_("{name}'s {cart} cart: {where}, speed {speed}, carrying {items}.")
IN_SUPPLY = N_("in the supply")
ON_SQUARE = N_("on {square} facing {facing}")
STOCKPILE = N_("{name}'s stockpile: {items}.")
MISSIONS_UP = N_("Missions face up: {cards}.")
NO_MISSIONS_UP = N_("No mission is face up.")
SQUARE = N_("column {column} row {row}")
MISSION = N_("M{n} {name}")
# A board target, as the keyboard cursor and the companion's buttons name it.
SQUARE_TARGET = N_("square {square}")
TRACK = N_("track {exits}")
#: What the player to decide is doing, by the game's stage (``view["turn"]["stage"]``).
STAGES = {
    "side": N_("choosing a side"),
    "actions": N_("taking actions"),
    "cart": N_("choosing a cart to move"),
    "exit": N_("choosing an exit"),
    "take": N_("taking an item"),
    "nose": N_("turning a cart"),
    "split": N_("splitting a load"),
    "pick": N_("picking a pile"),
    "mission": N_("claiming missions"),
    "chasm": N_("placing a chasm token"),
    "over": N_("the game is over"),
}


def square_words(square: Sequence[int]) -> str:
    """A square ``(column, row)`` as the board's edges number it.

    >>> square_words((4, 3))
    'column 4 row 3'
    """
    return _(SQUARE).format(column=square[0], row=square[1])


def square_target_words(square: Sequence[int]) -> str:
    """A square as the keyboard cursor names it ("square column 4 row 3")."""
    return _(SQUARE_TARGET).format(square=square_words(square))


def track_words(exits: str) -> str:
    """A track tile by its exits, in compass letters ("track NE")."""
    return _(TRACK).format(exits=tr(compass(exits)))


def items_words(items: Mapping[str, int]) -> str:
    """Items counted by kind ("2 rubies, 1 gold"), in the language in use, in the log's
    words (:func:`~railwidgets.offtherails.movement.counted`); "" for none.

    >>> items_words({"rock": 0, "ruby": 2, "gold": 1})
    '2 rubies, 1 gold'
    """
    return ", ".join(
        tr(counted(KINDS.index(kind), n)) if kind in KINDS else f"{n} {kind}"
        for kind, n in items.items()
        if n
    )


def _cart(name: str) -> str:
    return tr(CART_WORDS.get(name, name))


def _missions(cards: Sequence[int]) -> str:
    return ", ".join(
        _(MISSION).format(n=c, name=tr(MISSIONS[c].name)) if c in MISSIONS else str(c)
        for c in cards
    )


def position_words(view: Mapping[str, Any], seat: int | None, names: Sequence[object]) -> list[str]:
    """The position as sentences: the turn, the sides, the track, the items, the carts,
    the stockpiles and the missions, in the language in use."""
    said = [tr(name) for name in names]
    turn = view["turn"]
    lines = [_(TURN).format(number=turn["number"])]
    active = turn.get("active")
    stage = str(turn.get("stage", ""))
    if active is not None and not view.get("ended"):
        doing = _(STAGES[stage]) if stage in STAGES else stage.replace("_", " ")
        lines.append(_(ACTIVE).format(name=said[active], stage=doing))
    for who, side in enumerate(view.get("sides") or []):
        if side:
            lines.append(_(SIDE).format(name=said[who], side=tr(compass(side))))
    laid = [s for s in view["squares"] if s["tile"]]
    if laid:
        squares = "; ".join(f"{square_words(s['square'])}: {tr(compass(s['tile']))}" for s in laid)
        lines.append(
            ngettext(
                "Track laid on {n} square: {squares}.",
                "Track laid on {n} squares: {squares}.",
                len(laid),
            ).format(n=len(laid), squares=squares)
        )
    else:
        lines.append(_(NO_TILES))
    items = [
        f"{square_words(s['square'])}: {items_words(s['items'])}"
        for s in view["squares"]
        if items_words(s["items"])
    ]
    if items:
        lines.append(_(ITEMS).format(items="; ".join(items)))
    for cart in view["carts"]:
        if cart["place"] == "supply" or cart["square"] is None:
            where = _(IN_SUPPLY)
        else:
            where = _(ON_SQUARE).format(
                square=square_words(cart["square"]), facing=tr(compass(cart["facing"]))
            )
        load = items_words(cart.get("contents") or {})
        lines.append(
            _(CART_LOADED if load else CART).format(
                name=said[cart["owner"]],
                cart=_cart(cart["name"]),
                where=where,
                speed=cart["speed"],
                items=load,
            )
        )
    for who, pile in enumerate(view.get("stockpiles") or []):
        if isinstance(pile, Mapping) and items_words(pile):
            lines.append(_(STOCKPILE).format(name=said[who], items=items_words(pile)))
    missions = view["missions"]
    face_up = list(missions["face_up"])
    lines.append(_(MISSIONS_UP).format(cards=_missions(face_up)) if face_up else _(NO_MISSIONS_UP))
    deck = missions["deck"]
    lines.append(
        ngettext(
            "{n} mission card is left in the deck.", "{n} mission cards are left in the deck.", deck
        ).format(n=deck)
    )
    for who, cards in enumerate(missions.get("claimed") or []):
        if cards:
            lines.append(
                ngettext(
                    "{name} has claimed {n} mission: {cards}.",
                    "{name} has claimed {n} missions: {cards}.",
                    len(cards),
                ).format(name=said[who], n=len(cards), cards=_missions(cards))
            )
    lines.append(
        ngettext("{n} item is in the bag.", "{n} items are in the bag.", view["bag"]).format(
            n=view["bag"]
        )
    )
    left = view["deposit_deck"]
    lines.append(
        ngettext("{n} deposit card is left.", "{n} deposit cards are left.", left).format(n=left)
    )
    return lines
