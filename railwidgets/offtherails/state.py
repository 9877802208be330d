"""The mutable state of an Off the Rails game, with cheap hand-written copies.

Items are counted, never listed: a tuple ``(rocks, rubies, emeralds, gold,
diamonds)`` (see :data:`components.KINDS`). Tuples are immutable, so copying a
list of them copies only pointers.

>>> from railwidgets.offtherails.components import DIAMOND, ROCK
>>> add((0, 1, 0, 0, 0), one(DIAMOND))
(0, 1, 0, 0, 1)
>>> sub((2, 1, 0, 0, 0), one(ROCK))
(1, 1, 0, 0, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from railwidgets.offtherails.components import NO_ITEMS, SPEED_START, Items, Square
from railwidgets.offtherails.unseen import Unseen, deal

if TYPE_CHECKING:
    from railwidgets.offtherails.board import TileActions

#: Stages: the decision the game waits for.
SIDE = "side"  # ChooseSide
ACTIONS = "actions"  # PlaceTile, Upgrade, PlaceCart, ChangeSpeed, EndActions, EndNow
CART = "cart"  # ChooseCart
EXIT = "exit"  # ChooseExit
TAKE = "take"  # TakeItem
NOSE = "nose"  # SetNose
SPLIT = "split"  # SplitLoad (by the hit cart's owner)
PICK = "pick"  # PickPile
MISSION = "mission"  # ClaimMission / NoClaim
CHASM = "chasm"  # PlaceChasm
OVER = "over"
STAGES = (SIDE, ACTIONS, CART, EXIT, TAKE, NOSE, SPLIT, PICK, MISSION, CHASM, OVER)

#: Where a cart is.
SUPPLY, BOARD, GONE = "supply", "board", "gone"
PLACES = (SUPPLY, BOARD, GONE)


def add(a: Items, b: Items) -> Items:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def sub(a: Items, b: Items) -> Items:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


def one(kind: int) -> Items:
    items = [0, 0, 0, 0, 0]
    items[kind] = 1
    return tuple(items)  # type: ignore[return-value]


class Step(NamedTuple):
    """One thing a cart did in a move, for animations: ``event`` is ``start`` ``enter``
    ``exit`` ``home`` ``off`` ``derail`` ``lost`` ``bump`` ``collide`` ``take`` or ``stop``.
    ``square`` is where it happened (for ``exit`` ``off`` ``lost`` ``bump`` ``collide``: the
    square the cart was heading for), ``facing`` the cart's nose then, ``item`` what it took."""

    cart: int
    square: Square
    event: str
    facing: int
    item: str = ""


def note(state: State, cart: int, square: Square | None, event: str, item: str = "") -> None:
    """Record a step of a cart when a caller is tracing (see :class:`Step`)."""
    if state.steps is not None and square is not None:
        state.steps.append(Step(cart, square, event, state.carts[cart].facing, item))


class Cart:
    """One minecart: its owner, die, place, square, nose, speed and load (§2.7.1)."""

    __slots__ = (
        "back",
        "colour",
        "contents",
        "facing",
        "moved",
        "name",
        "owner",
        "place",
        "speed",
        "square",
    )

    def __init__(self, owner: int, name: str, colour: int) -> None:
        self.owner = owner
        self.name = name
        self.colour = colour
        self.place = SUPPLY
        self.square: Square | None = None
        self.facing = -1
        self.back = -1
        self.speed = SPEED_START
        self.contents: Items = NO_ITEMS
        self.moved = False

    @property
    def on_board(self) -> bool:
        return self.place == BOARD

    @property
    def load(self) -> int:
        return sum(self.contents)

    def copy(self) -> Cart:
        cart = Cart.__new__(Cart)
        cart.owner = self.owner
        cart.name = self.name
        cart.colour = self.colour
        cart.place = self.place
        cart.square = self.square
        cart.facing = self.facing
        cart.back = self.back
        cart.speed = self.speed
        cart.contents = self.contents
        cart.moved = self.moved
        return cart


class Move:
    """The movement in progress: a resumable state machine (§5)."""

    __slots__ = (
        "cart",
        "edge",
        "entered",
        "head_on",
        "mover_empty",
        "next",
        "other",
        "other_empty",
        "passed",
        "pickups",
        "piles",
        "steps",
    )

    def __init__(self, cart: int, steps: int) -> None:
        self.cart = cart
        self.steps = steps
        self.entered = False  # the cart entered its current square during this move
        self.passed = False  # the pass pick-up on the current square is done
        self.pickups = 0  # items still to take from the current square
        self.next = "step"  # what follows the pick-ups: "step", "rest", "done", "collide"
        # the collision being resolved (§2.7.5)
        self.other = -1
        self.edge = -1
        self.head_on = False
        self.mover_empty = False
        self.other_empty = False
        self.piles: tuple[Items, Items] | None = None

    def copy(self) -> Move:
        move = Move.__new__(Move)
        for name in Move.__slots__:
            setattr(move, name, getattr(self, name))
        return move


class _Cards:
    """A list of cards that a sampled game may not have put in order yet (``State.unseen``).

    Reading or setting it deals the unseen cards first, so nothing sees them unordered.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = owner.__dict__["_" + name]  # the slot that holds the list

    def __get__(self, state: State | None, owner: type | None = None) -> list[int]:
        if state is None:
            return self  # type: ignore[return-value]
        if state.unseen is not None:
            state.deal_unseen()
        return self.slot.__get__(state)  # type: ignore[no-any-return]

    def __set__(self, state: State, cards: list[int]) -> None:
        if state.unseen is not None:
            state.deal_unseen()
        self.slot.__set__(state, cards)


class State:
    """Everything about a game in progress (its position format: ``position``)."""

    __slots__ = (
        "_deck",
        "_mission_deck",
        "_removed_cards",
        "actions_used",
        "active",
        "bag",
        "carts",
        "carts_shared",
        "chasm",
        "chasm_deck",
        "chasm_deck_tokens",
        "chasm_removed",
        "claimed",
        "collapsed",
        "delivered",
        "drawn_token",
        "ended",
        "final_turns",
        "first_player",
        "items",
        "met",
        "missions",
        "move",
        "sides",
        "stage",
        "steps",
        "stockpiles",
        "tile_actions",
        "tiles",
        "tiles_destroyed",
        "tiles_used",
        "token_supply",
        "turn",
        "unseen",
    )

    tiles: list[int]
    items: list[Items]
    chasm: list[int]
    #: The carts, shared with copies of the state until one of them is to change a cart
    #: (:meth:`own_carts`): most actions lay tiles, and copying eight carts was half of a copy.
    carts: list[Cart]
    carts_shared: bool
    #: Changed rarely (a side chosen, a card or token drawn, a mission claimed), so
    #: replaced, never changed in place: copies of the state share them. Likewise
    #: ``missions``, ``mission_deck``, ``deck``, ``removed_cards``, ``chasm_deck`` and
    #: ``token_supply``.
    sides: list[int]
    stockpiles: list[Items]
    delivered: list[Items]
    claimed: list[tuple[int, ...]]
    missions: list[int]
    mission_deck = _Cards()
    bag: Items
    chasm_removed: Items
    #: The deposit deck, top card first, and the cards removed at setup.
    deck = _Cards()
    removed_cards = _Cards()
    chasm_deck: list[int]
    #: A sampled game's face-down cards while not yet in order (:mod:`unseen`): the
    #: deposit deck, the removed cards and the mission deck are dealt from it when first
    #: read. ``None`` in every other game.
    unseen: Unseen | None
    chasm_deck_tokens: bool
    token_supply: list[int]
    tiles_used: int
    tiles_destroyed: int
    first_player: int
    active: int
    stage: str
    actions_used: int
    turn: int
    met: frozenset[int]
    final_turns: int | None
    collapsed: bool
    drawn_token: int
    move: Move | None
    ended: str
    #: Where carts went, step by step, while a caller records it (:meth:`Game.apply_traced`);
    #: ``None`` otherwise. Never part of a position, a copy or a record.
    steps: list[Step] | None
    #: The place-tile and upgrade actions the board allows (:class:`board.TileActions`),
    #: kept up to date as tiles are laid and the chasm opens; ``None`` until first needed.
    #: Tiles and chasm squares change only through :func:`board.set_tile` and
    #: :func:`board.swallow`, which update it.
    tile_actions: TileActions | None

    def copy(self) -> State:
        s = State.__new__(State)
        s.tiles = self.tiles.copy()
        s.items = self.items.copy()
        s.chasm = self.chasm.copy()
        s.carts = self.carts
        s.carts_shared = self.carts_shared = True
        s.sides = self.sides
        s.stockpiles = self.stockpiles.copy()
        s.delivered = self.delivered.copy()
        s.claimed = self.claimed.copy()
        s.missions = self.missions
        s._mission_deck = self._mission_deck
        s.bag = self.bag
        s.chasm_removed = self.chasm_removed
        s._deck = self._deck
        s._removed_cards = self._removed_cards
        s.chasm_deck = self.chasm_deck
        s.unseen = self.unseen
        s.chasm_deck_tokens = self.chasm_deck_tokens
        s.token_supply = self.token_supply
        s.tiles_used = self.tiles_used
        s.tiles_destroyed = self.tiles_destroyed
        s.first_player = self.first_player
        s.active = self.active
        s.stage = self.stage
        s.actions_used = self.actions_used
        s.turn = self.turn
        s.met = self.met
        s.final_turns = self.final_turns
        s.collapsed = self.collapsed
        s.drawn_token = self.drawn_token
        s.move = None if self.move is None else self.move.copy()
        s.ended = self.ended
        s.steps = None
        s.tile_actions = self.tile_actions  # tuples: shared
        return s

    def deal_unseen(self) -> None:
        """Put a sampled game's face-down cards in order, as its draws would have (§2.4.4)."""
        assert self.unseen is not None
        unseen, self.unseen = self.unseen, None
        self._deck, self._removed_cards, self._mission_deck = deal(unseen)

    def own_carts(self) -> None:
        """Make the carts this state's own, to change them (copies share them till then).

        The rules call it before any step that may change a cart: every action but laying
        or upgrading a tile; after the actions, a cart moving, falling into the chasm or
        derailing at the game's end, and a new turn clearing the carts' *moved* marks.
        """
        if self.carts_shared:
            self.carts = [cart.copy() for cart in self.carts]
            self.carts_shared = False

    # -- questions -----------------------------------------------------------------------

    def cart_at(self, square: Square) -> int:
        """The index of the cart on ``square`` (grid or surface), or -1."""
        for i, cart in enumerate(self.carts):
            if cart.square == square and cart.place == BOARD:
                return i
        return -1

    def carts_on_board(self, owner: int | None = None) -> list[int]:
        """The indices of the carts on the board: all, or those of ``owner``."""
        if owner is None:
            return [i for i, c in enumerate(self.carts) if c.place == BOARD]
        return [i for i, c in enumerate(self.carts) if c.owner == owner and c.place == BOARD]

    def cart_named(self, owner: int, name: str) -> int:
        for i, cart in enumerate(self.carts):
            if cart.owner == owner and cart.name == name:
                return i
        return -1

    def chasm_on_board(self) -> int:
        """The chasm tokens on the board (a square without one holds -1)."""
        return len(self.chasm) - self.chasm.count(-1)
