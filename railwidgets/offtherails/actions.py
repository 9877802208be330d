"""Off the Rails actions: one small frozen value per kind of decision (§5).

Carts are named by their die, ``"white"`` or ``"black"`` (§2.1), or in solo mode
by their colour; an action always concerns a cart of the player who decides it.
Exits and edges are the letters ``N E S W``; items are named by kind.

>>> str(PlaceTile((2, 5), "NE"))
'place a NE tile at (2, 5)'
>>> action_from_dict({"type": "change_speed", "cart": "white", "delta": 1})
ChangeSpeed(cart='white', delta=1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from railwidgets.core.action import Action, decode_action
from railwidgets.i18n import T_, Text, joined
from railwidgets.offtherails.components import (
    CART_OBJECT_WORDS,
    MISSIONS,
    Square,
    a_jewel,
    compass,
)

__all__ = [
    "ACTIONS",
    "ChangeSpeed",
    "ChooseCart",
    "ChooseExit",
    "ChooseSide",
    "ClaimMission",
    "EndActions",
    "EndNow",
    "NoClaim",
    "PickPile",
    "PlaceCart",
    "PlaceChasm",
    "PlaceTile",
    "SetNose",
    "SplitLoad",
    "TakeItem",
    "Upgrade",
    "action_from_dict",
]

Edge = Literal["N", "E", "S", "W"]
JewelName = Literal["ruby", "emerald", "gold", "diamond"]


def _at(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


def _pile(items: tuple[str, ...]) -> str:
    return joined((_KIND_WORDS.get(i, i) for i in items), "+") if items else T_("nothing")


def _cart(name: object) -> object:
    """A cart's name as the object of the move's verb ("place the white cart"), in any
    language: the form a language with cases needs there (Russian: «белую»)."""
    return CART_OBJECT_WORDS.get(name, name) if isinstance(name, str) else name


#: The items by kind, as a pile lists them, in any language.
_KIND_WORDS = {
    "rock": T_("rock"),
    "ruby": T_("ruby"),
    "emerald": T_("emerald"),
    "gold": T_("gold"),
    "diamond": T_("diamond"),
}


@dataclass(frozen=True, slots=True)
class ChooseSide(Action):
    """The first player chooses the side their clan plays from (§2.4.2)."""

    kind = "choose_side"
    side: Edge

    def __str__(self) -> str:
        return f"choose side {self.side}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("choose side {side}", side=compass(self.side))


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Put a straight or corner tile with ``exits`` on an empty square (§2.6 A1)."""

    kind = "place_tile"
    square: Square
    exits: str

    def __str__(self) -> str:
        return f"place a {self.exits} tile at {_at(self.square)}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``): the
        tile's shape as the buttons name it, its sides as the board writes them.

        >>> PlaceTile((0, 4), "NS").words().say("en"), PlaceTile((2, 5), "NE").words().say("ru")
        ('place a straight N–S tile at (0, 4)', 'положить угловую плитку С–В на (2, 5)')
        """
        exits, square = compass(self.exits, "–"), _at(self.square)
        if self.exits in ("NS", "EW"):
            return T_("place a straight {exits} tile at {square}", exits=exits, square=square)
        return T_("place a corner {exits} tile at {square}", exits=exits, square=square)


@dataclass(frozen=True, slots=True)
class Upgrade(Action):
    """Add one exit to the tile on ``square``: ``exits`` is the new exit set (§2.6 A2)."""

    kind = "upgrade"
    square: Square
    exits: str

    def __str__(self) -> str:
        return f"upgrade {_at(self.square)} to {self.exits}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("upgrade {square} to {exits}", square=_at(self.square), exits=compass(self.exits))


@dataclass(frozen=True, slots=True)
class PlaceCart(Action):
    """Put a cart from the supply on a free starting track of one's side (§2.6 A3)."""

    kind = "place_cart"
    cart: str
    track: Square

    def __str__(self) -> str:
        return f"place the {self.cart} cart on {_at(self.track)}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_(
            "place the {cart} cart on {square}", cart=_cart(self.cart), square=_at(self.track)
        )


@dataclass(frozen=True, slots=True)
class ChangeSpeed(Action):
    """Turn a cart's speed die one up (``delta=1``) or down (``delta=-1``) (§2.6 A4)."""

    kind = "change_speed"
    cart: str
    delta: int

    def __str__(self) -> str:
        return f"{'speed up' if self.delta > 0 else 'slow down'} the {self.cart} cart"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return (
            T_("speed up the {cart} cart", cart=_cart(self.cart))
            if self.delta > 0
            else T_("slow down the {cart} cart", cart=_cart(self.cart))
        )


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    """End the action phase and start moving (§2.6)."""

    kind = "end_actions"

    def __str__(self) -> str:
        return "end the action phase"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("end the action phase")


@dataclass(frozen=True, slots=True)
class ChooseCart(Action):
    """Move this cart next (§2.7, C-11)."""

    kind = "choose_cart"
    cart: str

    def __str__(self) -> str:
        return f"move the {self.cart} cart"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("move the {cart} cart", cart=_cart(self.cart))


@dataclass(frozen=True, slots=True)
class ChooseExit(Action):
    """Leave the junction the moving cart entered through ``edge`` (§2.7.2, D-7)."""

    kind = "choose_exit"
    edge: Edge

    def __str__(self) -> str:
        return f"take the {self.edge} exit"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("take the {edge} exit", edge=compass(self.edge))


@dataclass(frozen=True, slots=True)
class SetNose(Action):
    """Point the nose of a cart at rest on a junction towards ``edge`` (D-9)."""

    kind = "set_nose"
    edge: Edge

    def __str__(self) -> str:
        return f"point the cart {self.edge}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("point the cart {edge}", edge=compass(self.edge))


@dataclass(frozen=True, slots=True)
class TakeItem(Action):
    """Take a jewel of this kind from the square (§2.7.3)."""

    kind = "take_item"
    item: JewelName

    def __str__(self) -> str:
        return f"take {a_jewel(self.item)}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("take {jewel}", jewel=a_jewel(self.item))


@dataclass(frozen=True, slots=True)
class SplitLoad(Action):
    """The hit cart's owner splits its load into pile A and pile B (§2.7.5, C-5)."""

    kind = "split_load"
    pile_a: tuple[str, ...]
    pile_b: tuple[str, ...]

    def __str__(self) -> str:
        return f"split into A: {_pile(self.pile_a)} | B: {_pile(self.pile_b)}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("split into A: {a} | B: {b}", a=_pile(self.pile_a), b=_pile(self.pile_b))


@dataclass(frozen=True, slots=True)
class PickPile(Action):
    """The moving cart's owner picks, blind, the pile the hit cart drops (§2.7.5)."""

    kind = "pick_pile"
    pile: Literal["A", "B"]

    def __str__(self) -> str:
        return f"pick pile {self.pile}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("pick pile {pile}", pile=self.pile)


@dataclass(frozen=True, slots=True)
class ClaimMission(Action):
    """Claim a face-up mission met this turn (§2.8, C-1)."""

    kind = "claim_mission"
    mission: int

    def __str__(self) -> str:
        known = MISSIONS.get(self.mission)
        return f"claim M{self.mission}" + (f" {known.name}" if known else "")

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        known = MISSIONS.get(self.mission)
        if known is None:
            return T_("claim M{n}", n=self.mission)
        return T_("claim M{n} {name}", n=self.mission, name=known.name)


@dataclass(frozen=True, slots=True)
class NoClaim(Action):
    """Claim no mission this turn (§2.8)."""

    kind = "no_claim"

    def __str__(self) -> str:
        return "claim no mission"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("claim no mission")


@dataclass(frozen=True, slots=True)
class PlaceChasm(Action):
    """Put the drawn chasm token on ``square`` (§2.11)."""

    kind = "place_chasm"
    square: Square

    def __str__(self) -> str:
        return f"open the chasm at {_at(self.square)}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("open the chasm at {square}", square=_at(self.square))


@dataclass(frozen=True, slots=True)
class EndNow(Action):
    """Solo: end the game now, with no cart on the board (§2.15, D-35)."""

    kind = "end_now"

    def __str__(self) -> str:
        return "end the game now"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_("end the game now")


ACTIONS: tuple[type[Action], ...] = (
    ChooseSide,
    PlaceTile,
    Upgrade,
    PlaceCart,
    ChangeSpeed,
    EndActions,
    ChooseCart,
    ChooseExit,
    SetNose,
    TakeItem,
    SplitLoad,
    PickPile,
    ClaimMission,
    NoClaim,
    PlaceChasm,
    EndNow,
)


def action_from_dict(data: Any) -> Action:
    """The action described by ``data`` (as made by ``Action.to_dict``); ValueError if wrong."""
    return decode_action(data, ACTIONS)
