"""Positions: the whole state as plain JSON data, and back.

:func:`load` checks every key and value and raises :class:`RecordError` naming
the first thing that is wrong, so a scenario typed by hand fails clearly.

Positions (:meth:`Game.position`) are plain data with these keys:

``turn``          ``{"number", "active", "first_player", "stage", "actions_used", "met"}``:
                  the turn (from 1), the seat playing it, the first player, the decision
                  awaited (``side actions cart exit take nose split pick mission chasm
                  over``), actions used, missions met this turn
``sides``         per seat the side played (``"N" "E" "S" "W"``; solo: ``null``)
``squares``       ``[{"square": [row, col], "tile": "NS"|null, "items": {kind: n},
                  "chasm": colour|null}]``: every grid square with a tile, items or a token
``carts``         ``[{"owner", "name", "colour", "place", "square", "facing", "back",
                  "speed", "contents", "moved"}]``: ``place`` is ``supply``, ``board`` or
                  ``gone``; ``square`` a grid square or a starting track
``stockpiles``    per seat ``{kind: n}``: items delivered
``delivered``     ``{side: {kind: n}}``: solo deliveries by exit side (empty otherwise)
``missions``      ``{"face_up": [n], "deck": [n], "claimed": [[n] per seat]}`` (M-numbers)
``bag``           ``{kind: n}``: the items in the bag
``removed_by_chasm``  ``{kind: n}``: items the chasm swallowed
``tiles``         ``{"used", "destroyed"}``: tiles put into play and swallowed (≤ 90)
``deposit_deck``  the cards, top first (``"red 5"``, ``"chasm"``)
``removed_cards`` the cards removed unseen at setup
``chasm_deck``    ``{"cards": [...], "tokens": bool}``: the collapse cards and their tokens
``chasm_supply``  ``{colour: n}``: chasm tokens still to draw
``final_round``   ``{"turns_left", "collapsed", "drawn_token"}``: turns until the collapse
                  once the Chasm card is out, whether it happened, the token to place
``move``          the move in progress (``null`` between moves): its cart, steps left,
                  pick-up progress and any collision being resolved
``ended``         why the game ended (``""`` while it goes on)

Item kinds are ``rock ruby emerald gold diamond``; colours ``red yellow green blue``
(= sides N E S W). :meth:`Game.view` replaces the hidden parts (deck order, the
bag, the removed and collapse cards, the mission deck) by their sizes, and shows
the collision piles only to the hit cart's owner until the pick (C-5).

>>> from railwidgets import offtherails
>>> p = offtherails.Game(players=2, seed=3).position()
>>> p["turn"]["stage"], len(p["deposit_deck"]), p["chasm_deck"]["tokens"]
('side', 17, True)
>>> view = offtherails.Game(players=2, seed=3).view(0)
>>> view["deposit_deck"], view["chasm_deck"]["cards"]  # only the sizes (§2.16)
(17, 4)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from railwidgets.core.errors import RecordError
from railwidgets.offtherails.board import (
    CELLS,
    MINE_CENTRE_INDEX,
    SIDE_OF_LETTER,
    exit_count,
    exits_mask,
    exits_text,
    in_grid,
    index,
    track_mask,
)
from railwidgets.offtherails.components import (
    CART_CAPACITY,
    CHASM_CARD,
    COLOURS,
    JEWELS,
    KINDS,
    MISSIONS,
    NO_ITEMS,
    PILE_SIZE,
    SIDE_LETTERS,
    SOLO_JEWELS,
    SPEED_MAX,
    SPEED_MIN,
    TILE_SUPPLY,
    Items,
    Square,
    card_colour,
    card_name,
)
from railwidgets.offtherails.movement import splits
from railwidgets.offtherails.state import (
    BOARD,
    CHASM,
    EXIT,
    NOSE,
    PICK,
    PLACES,
    SIDE,
    SPLIT,
    STAGES,
    TAKE,
    Cart,
    Move,
    State,
)
from railwidgets.offtherails.unseen import Unseen

KEYS = (
    "turn",
    "sides",
    "squares",
    "carts",
    "stockpiles",
    "delivered",
    "missions",
    "bag",
    "removed_by_chasm",
    "tiles",
    "deposit_deck",
    "removed_cards",
    "chasm_deck",
    "chasm_supply",
    "final_round",
    "move",
    "ended",
)
CARD_OF_NAME = {card_name(c): c for c in range(CHASM_CARD + 1)}
MOVE_NEXT = ("step", "rest", "done", "collide")

# -- writing ----------------------------------------------------------------------------------


def items_data(items: Items) -> dict[str, int]:
    return {KINDS[k]: n for k, n in enumerate(items) if n}


def _edge(side: int) -> str | None:
    return SIDE_LETTERS[side] if side >= 0 else None


def dump(state: State) -> dict[str, Any]:
    squares = []
    for i in range(CELLS):
        tile, items, chasm = state.tiles[i], state.items[i], state.chasm[i]
        if tile or any(items) or chasm >= 0:
            squares.append(
                {
                    "square": [i // 12, i % 12],
                    "tile": exits_text(tile) if tile else None,
                    "items": items_data(items),
                    "chasm": COLOURS[chasm] if chasm >= 0 else None,
                }
            )
    carts = [
        {
            "owner": c.owner,
            "name": c.name,
            "colour": COLOURS[c.colour] if c.colour >= 0 else None,
            "place": c.place,
            "square": list(c.square) if c.square is not None else None,
            "facing": _edge(c.facing),
            "back": _edge(c.back),
            "speed": c.speed,
            "contents": items_data(c.contents),
            "moved": c.moved,
        }
        for c in state.carts
    ]
    m = state.move
    move = None
    if m is not None:
        move = {
            "cart": m.cart,
            "steps": m.steps,
            "entered": m.entered,
            "passed": m.passed,
            "pickups": m.pickups,
            "next": m.next,
            "collision": None
            if m.other < 0
            else {
                "other": m.other,
                "edge": SIDE_LETTERS[m.edge],
                "head_on": m.head_on,
                "mover_empty": m.mover_empty,
                "other_empty": m.other_empty,
                "piles": None if m.piles is None else [items_data(p) for p in m.piles],
            },
        }
    return {
        "turn": {
            "number": state.turn,
            "active": state.active,
            "first_player": state.first_player,
            "stage": state.stage,
            "actions_used": state.actions_used,
            "met": sorted(state.met),
        },
        "sides": [_edge(s) for s in state.sides],
        "squares": squares,
        "carts": carts,
        "stockpiles": [items_data(s) for s in state.stockpiles],
        "delivered": {SIDE_LETTERS[s]: items_data(d) for s, d in enumerate(state.delivered)},
        "missions": {
            "face_up": list(state.missions),
            "deck": list(state.mission_deck),
            "claimed": [list(c) for c in state.claimed],
        },
        "bag": items_data(state.bag),
        "removed_by_chasm": items_data(state.chasm_removed),
        "tiles": {"used": state.tiles_used, "destroyed": state.tiles_destroyed},
        "deposit_deck": [card_name(c) for c in state.deck],
        "removed_cards": [card_name(c) for c in state.removed_cards],
        "chasm_deck": {
            "cards": [card_name(c) for c in state.chasm_deck],
            "tokens": state.chasm_deck_tokens,
        },
        "chasm_supply": {COLOURS[c]: n for c, n in enumerate(state.token_supply)},
        "final_round": {
            "turns_left": state.final_turns,
            "collapsed": state.collapsed,
            "drawn_token": COLOURS[state.drawn_token] if state.drawn_token >= 0 else None,
        },
        "move": move,
        "ended": state.ended,
    }


def hide(data: dict[str, Any], seat: int | None, state: State) -> dict[str, Any]:
    """``data`` less what ``seat`` may not know (§2.16, C-5); ``None``: a spectator, who
    knows no seat's secret (the collision piles stay hidden, unless a clan's cart hit
    its own: then nobody's secret)."""
    data["deposit_deck"] = len(state.deck)
    data["removed_cards"] = len(state.removed_cards)
    data["chasm_deck"]["cards"] = len(state.chasm_deck)
    data["bag"] = sum(state.bag)
    data["missions"]["deck"] = len(state.mission_deck)
    m = state.move
    if m is not None and m.piles is not None:
        mover, other = state.carts[m.cart].owner, state.carts[m.other].owner
        if seat != other and mover != other:
            data["move"]["collision"]["piles"] = None
    data["deposit_cards"] = deposit_knowledge(state)
    return data


# -- views back to positions (Game.from_view) ---------------------------------------------------
#
# A view hides the order of the deposit deck, which unseen cards were removed or lie
# in the chasm deck, the bag, the mission deck and, from all but the hit cart's owner,
# the collision piles. What every seat knows of the cards is in the view's
# ``deposit_cards``: the cards not yet seen face up, what each pile of the deck still
# holds by colour (§2.4.4.5: one card of each colour per pile; the Chasm card in the
# second pile from the bottom, §2.4.4.6; solo: one shuffled deck, §2.15) and the
# colours of the chasm deck (§2.4.4.4). ``position_from_view`` shuffles each pile on
# its own, deals the unseen cards of each colour at random to the deck, the chasm
# deck and the removed cards, fills the bag with exactly the items seen nowhere else
# (in a position typed by hand that holds fewer items than the game: a random choice of them),
# deals the unseen missions to the mission deck, and splits a hidden load into two
# piles at random among the splits the pick could follow (never two equal piles:
# then the pick would have been automatic).


def deck_piles(deck: list[int], solo: bool) -> list[list[int]]:
    """The deposit deck cut into its piles, top pile first (§2.4.4.5–6; solo: one pile).

    >>> deck_piles([0, 8, CHASM_CARD, 16, 24, 1, 9, 17, 25], solo=False)
    [[0, 8, 32, 16, 24], [1, 9, 17, 25]]
    >>> deck_piles([9, 17, 25], solo=False)
    [[9, 17, 25]]
    """
    if solo:
        return [deck] if deck else []
    piles: list[list[int]] = []
    end = len(deck)
    while end > 0:
        size = PILE_SIZE + (len(piles) == 1 and CHASM_CARD in deck)
        piles.append(deck[max(0, end - size) : end])
        end -= size
    return piles[::-1]


def _label(card: int) -> str:
    return "chasm" if card == CHASM_CARD else COLOURS[card_colour(card)]


def deposit_knowledge(state: State) -> dict[str, Any]:
    """What every seat knows of the face-down deposit cards (the view's ``deposit_cards``)."""
    unseen = [c for c in (*state.deck, *state.removed_cards, *state.chasm_deck) if c != CHASM_CARD]
    piles = deck_piles(state.deck, solo=len(state.sides) == 1)
    return {
        "unseen": [card_name(c) for c in sorted(unseen)],
        "piles": [sorted(map(_label, pile)) for pile in piles],
        "chasm_deck": [_label(c) for c in state.chasm_deck],
    }


def position_from_view(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A position ``view`` may have come from, what it hides drawn from ``rng``."""
    data = json.loads(json.dumps(dict(view)))
    known = data.pop("deposit_cards")
    unseen: dict[str, list[int]] = {colour: [] for colour in COLOURS}
    for name in known["unseen"]:
        card = _card(name, "deposit_cards.unseen")
        unseen[COLOURS[card_colour(card)]].append(card)
    for cards in unseen.values():
        rng.shuffle(cards)

    def deal(label: str) -> int:
        if label == "chasm":
            return CHASM_CARD
        if not unseen.get(label):
            raise RecordError(f"the view's deposit cards have no unseen {label!r} card to deal")
        return unseen[label].pop()

    deck = []
    for pile in known["piles"]:
        labels = list(pile)
        rng.shuffle(labels)
        deck += [deal(label) for label in labels]
    data["deposit_deck"] = [card_name(c) for c in deck]
    data["chasm_deck"]["cards"] = [card_name(deal(colour)) for colour in known["chasm_deck"]]
    removed = sorted(c for cards in unseen.values() for c in cards)
    _require(len(removed) == view["removed_cards"], "removed cards", view["removed_cards"])
    data["removed_cards"] = [card_name(c) for c in removed]
    data["bag"] = _unseen_items(data, view["bag"], rng)
    missions = data["missions"]
    seen = {*missions["face_up"], *(m for claimed in missions["claimed"] for m in claimed)}
    rest = sorted(set(MISSIONS) - seen)
    _require(len(rest) >= missions["deck"], "mission cards", missions["deck"])
    missions["deck"] = rng.sample(rest, missions["deck"])
    move = data["move"]
    if data["turn"]["stage"] == PICK and move["collision"]["piles"] is None:
        load = _items(data["carts"][move["collision"]["other"]]["contents"], "contents")
        ceil_half = bool(data["options"].get("drop_rule") == "ceil_half")
        options = [(a, b) for a, b in splits(load, ceil_half) if a != b]
        _require(bool(options), "collision piles that differ", 1)
        move["collision"]["piles"] = [items_data(p) for p in rng.choice(options)]
    return data


def hidden_drawer(state: State, view: Mapping[str, Any]) -> Callable[[State, random.Random], None]:
    """How to draw again what ``view`` hides of a copy of ``state`` (a game made from the view).

    Drawn as :func:`position_from_view` draws it, but worked out once and then done in
    place: a hidden pair of collision piles, the chasm deck's cards and, in a position
    typed by hand that holds fewer items than the game, the bag, at once; the other
    face-down cards (the unseen cards of each colour, the order of the colours within
    each pile, the mission deck) only as the game turns them over, from a key of its own
    (:mod:`unseen`): the same distribution, and most are never turned over.
    """
    unseen = [c for c in (*state.deck, *state.removed_cards, *state.chasm_deck) if c != CHASM_CARD]
    pools = tuple(
        tuple(c for c in sorted(unseen) if card_colour(c) == colour)
        for colour in range(len(COLOURS))
    )
    labels = [CHASM_CARD if c == CHASM_CARD else card_colour(c) for c in state.deck]
    piles, start = [], 0
    for pile in deck_piles(state.deck, solo=len(state.sides) == 1):
        piles.append(tuple(sorted(labels[start : start + len(pile)])))
        start += len(pile)
    chasm_colours = tuple(card_colour(c) for c in state.chasm_deck)
    missions = state.missions + [m for claimed in state.claimed for m in claimed]
    other_missions = tuple(sorted(set(MISSIONS) - set(missions)))
    mission_count = len(state.mission_deck)
    pairs: list[tuple[Items, Items]] = []
    if state.stage == PICK and view["move"]["collision"]["piles"] is None:
        assert state.move is not None
        ceil_half = view["options"].get("drop_rule") == "ceil_half"
        load = state.carts[state.move.other].contents
        pairs = [(a, b) for a, b in splits(load, ceil_half) if a != b]
    bag = _bag_drawer(view)

    def draw(s: State, rng: random.Random) -> None:
        left, chasm_deck = list(pools), []
        for colour in chasm_colours:  # at once: the collapse turns them over (§2.10)
            pool = left[colour]
            i = int(rng.random() * len(pool))
            chasm_deck.append(pool[i])
            left[colour] = pool[:i] + pool[i + 1 :]
        s.chasm_deck = chasm_deck
        s.unseen = Unseen(
            rng.getrandbits(64), 0, tuple(piles), tuple(left), other_missions, mission_count
        )
        if pairs:
            s.move.piles = rng.choice(pairs)  # type: ignore[union-attr]
        if bag is not None:
            s.bag = bag(rng)

    return draw


def _bag_drawer(view: Mapping[str, Any]) -> Callable[[random.Random], Items] | None:
    """How to draw the bag again: ``None`` when the view leaves one bag only (every game
    but one typed by hand that holds fewer items than the game)."""
    data = json.loads(json.dumps(dict(view)))
    size = view["bag"]
    if len(_unseen_items_pool(data)) == size:
        return None
    return lambda rng: _items(_unseen_items(data, size, rng), "bag")


def _unseen_items(data: dict[str, Any], size: int, rng: random.Random) -> dict[str, int]:
    """The items seen nowhere else (§2.4.1: all start in the bag; solo: on the mine squares).

    A position typed by hand may not hold every item of the game: its bag is then
    ``size`` items drawn at random from those seen nowhere else.
    """
    pool = _unseen_items_pool(data)
    _require(len(pool) >= size, "items in the bag", size)
    kinds = rng.sample(pool, size) if len(pool) > size else pool
    return items_data(tuple(kinds.count(k) for k in range(len(KINDS))))  # type: ignore[arg-type]


def _unseen_items_pool(data: dict[str, Any]) -> list[int]:
    """The kinds of the items seen nowhere else, one entry per item (§2.4.1)."""
    seen = [_items(sq["items"], "squares") for sq in data["squares"]]
    seen += [_items(cart["contents"], "carts") for cart in data["carts"]]
    seen += [_items(pile, "stockpiles") for pile in data["stockpiles"]]
    seen.append(_items(data["removed_by_chasm"], "removed_by_chasm"))
    total = SOLO_JEWELS if len(data["sides"]) == 1 else JEWELS
    unseen = [max(0, n - sum(items[k] for items in seen)) for k, n in enumerate(total)]
    return [k for k, n in enumerate(unseen) for _ in range(n)]


def _require(ok: bool, what: str, expected: int) -> None:
    if not ok:
        raise RecordError(f"no game fits this view: it cannot have {expected} {what}")


# -- reading ----------------------------------------------------------------------------------


def _fail(path: str, problem: str) -> RecordError:
    return RecordError(f"position {path}: {problem}")


def _get(data: Any, key: str, path: str) -> Any:
    if not isinstance(data, Mapping):
        raise _fail(path, "must be an object")
    if key not in data:
        raise _fail(f"{path}.{key}" if path else key, "is missing")
    return data[key]


def _int(value: Any, path: str, low: int = 0, high: int = 10**6) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(path, f"must be a whole number {low}–{high}, not {value!r}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, f"must be true or false, not {value!r}")
    return value


def _list(value: Any, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length}" if length is not None else ""
        raise _fail(path, f"must be a list{size}, not {value!r}")
    return value


def _choice(value: Any, choices: tuple[Any, ...], path: str, none: bool = False) -> Any:
    if (value is None and none) or (value in choices and not isinstance(value, bool)):
        return value
    raise _fail(path, f"must be one of {', '.join(map(str, choices))}, not {value!r}")


def _items(value: Any, path: str) -> Items:
    if not isinstance(value, Mapping) or not set(value) <= set(KINDS):
        raise _fail(path, f"must be an object of item counts ({', '.join(KINDS)}), not {value!r}")
    return tuple(_int(value.get(k, 0), f"{path}.{k}", 0, 66) for k in KINDS)  # type: ignore[return-value]


def _square(value: Any, path: str, grid: bool) -> Square:
    pair = _list(value, path, 2)
    square = (_int(pair[0], path, -1, 12), _int(pair[1], path, -1, 12))
    if grid and not in_grid(square):
        raise _fail(path, f"{square} is not a grid square")
    return square


def _side(value: Any, path: str, none: bool = False) -> int:
    letter = _choice(value, SIDE_LETTERS, path, none)
    return -1 if letter is None else SIDE_OF_LETTER[letter]


def _card(value: Any, path: str) -> int:
    return CARD_OF_NAME[_choice(value, tuple(CARD_OF_NAME), path)]


def _mission(value: Any, path: str) -> int:
    return _choice(value, tuple(MISSIONS), path)


def load(data: Mapping[str, Any], players: int) -> State:
    """The state described by position ``data`` for ``players`` seats."""
    for key in KEYS:
        _get(data, key, "")
    st = State.__new__(State)
    st.unseen = None
    solo = players == 1

    turn = data["turn"]
    st.turn = _int(_get(turn, "number", "turn"), "turn.number")
    st.active = _int(_get(turn, "active", "turn"), "turn.active", 0, players - 1)
    st.first_player = _int(_get(turn, "first_player", "turn"), "turn.first_player", 0, players - 1)
    st.stage = _choice(_get(turn, "stage", "turn"), STAGES, "turn.stage")
    st.actions_used = _int(_get(turn, "actions_used", "turn"), "turn.actions_used", 0, 4)
    st.met = frozenset(_mission(m, "turn.met") for m in _list(_get(turn, "met", "turn"), "met"))

    sides = _list(data["sides"], "sides", players)
    st.sides = [_side(s, f"sides[{i}]", none=True) for i, s in enumerate(sides)]

    st.tiles, st.items, st.chasm = [0] * CELLS, [NO_ITEMS] * CELLS, [-1] * CELLS
    listed: set[int] = set()
    for n, entry in enumerate(_list(data["squares"], "squares")):
        path = f"squares[{n}]"
        i = index(_square(_get(entry, "square", path), f"{path}.square", grid=True))
        if i in listed:
            raise _fail(f"{path}.square", f"{[i // 12, i % 12]} is listed twice")
        listed.add(i)
        tile = _get(entry, "tile", path)
        if tile is not None:
            mask = exits_mask(tile) if isinstance(tile, str) else None
            if mask is None or exit_count(mask) < 2 or exits_text(mask) != tile:
                raise _fail(f"{path}.tile", f"must be exits such as 'NS' or 'NES', not {tile!r}")
            if i in MINE_CENTRE_INDEX:
                raise _fail(f"{path}.tile", "no tile can lie on a mine centre (§2.6 A1)")
            st.tiles[i] = mask
        st.items[i] = _items(_get(entry, "items", path), f"{path}.items")
        chasm = _choice(_get(entry, "chasm", path), COLOURS, f"{path}.chasm", none=True)
        if chasm is not None:
            if tile is not None or any(st.items[i]):
                raise _fail(path, "a chasm square holds no tile and no items")
            st.chasm[i] = COLOURS.index(chasm)

    st.carts, st.carts_shared = [], False
    for n, entry in enumerate(_list(data["carts"], "carts")):
        path = f"carts[{n}]"
        owner = _int(_get(entry, "owner", path), f"{path}.owner", 0, players - 1)
        name = _get(entry, "name", path)
        if not isinstance(name, str):
            raise _fail(f"{path}.name", f"must be a string, not {name!r}")
        colour = _choice(_get(entry, "colour", path), COLOURS, f"{path}.colour", none=True)
        cart = Cart(owner, name, -1 if colour is None else COLOURS.index(colour))
        cart.place = _choice(_get(entry, "place", path), PLACES, f"{path}.place")
        square = _get(entry, "square", path)
        cart.square = None if square is None else _square(square, f"{path}.square", grid=False)
        cart.facing = _side(_get(entry, "facing", path), f"{path}.facing", none=True)
        cart.back = _side(_get(entry, "back", path), f"{path}.back", none=True)
        cart.speed = _int(_get(entry, "speed", path), f"{path}.speed", SPEED_MIN, SPEED_MAX)
        cart.contents = _items(_get(entry, "contents", path), f"{path}.contents")
        cart.moved = _bool(_get(entry, "moved", path), f"{path}.moved")
        if sum(cart.contents) > CART_CAPACITY:
            raise _fail(f"{path}.contents", "a cart holds at most 5 items (§2.7.3)")
        if cart.place == "board":
            if cart.square is None or cart.facing < 0 or cart.back < 0:
                raise _fail(path, "a cart on the board needs a square, facing and back")
            if not in_grid(cart.square):
                _surface_mask(cart.square, path)
        elif cart.square is not None or cart.facing >= 0 or cart.back >= 0 or any(cart.contents):
            raise _fail(path, "a cart off the board has no square, facing, back or contents")
        st.carts.append(cart)
    on_board = [c.square for c in st.carts if c.place == "board"]
    if len(set(on_board)) != len(on_board):
        raise _fail("carts", "two carts stand on one square")

    st.stockpiles = [
        _items(s, f"stockpiles[{i}]")
        for i, s in enumerate(_list(data["stockpiles"], "stockpiles", players))
    ]
    delivered = data["delivered"]
    st.delivered = [
        _items(_get(delivered, letter, "delivered"), f"delivered.{letter}")
        for letter in SIDE_LETTERS
    ]
    missions = data["missions"]
    st.missions = [
        _mission(m, "missions.face_up") for m in _list(_get(missions, "face_up", "missions"), "")
    ]
    st.mission_deck = [
        _mission(m, "missions.deck") for m in _list(_get(missions, "deck", "missions"), "")
    ]
    claimed = _list(_get(missions, "claimed", "missions"), "missions.claimed", players)
    st.claimed = [
        tuple(_mission(m, "missions.claimed") for m in _list(c, "missions.claimed"))
        for c in claimed
    ]
    st.bag = _items(data["bag"], "bag")
    st.chasm_removed = _items(data["removed_by_chasm"], "removed_by_chasm")
    tiles = data["tiles"]
    st.tiles_used = _int(_get(tiles, "used", "tiles"), "tiles.used", 0, TILE_SUPPLY)
    st.tiles_destroyed = _int(_get(tiles, "destroyed", "tiles"), "tiles.destroyed", 0, TILE_SUPPLY)
    on_board = sum(1 for t in st.tiles if t)
    if on_board + st.tiles_destroyed != st.tiles_used:
        raise _fail(
            "tiles.used",
            f"{st.tiles_used} tiles put into play, but {on_board} on the board and "
            f"{st.tiles_destroyed} destroyed: a tile used stays on the board until the chasm "
            "destroys it, and an upgrade uses none (§2.3, D-6)",
        )
    st.deck = [_card(c, "deposit_deck") for c in _list(data["deposit_deck"], "deposit_deck")]
    st.removed_cards = [
        _card(c, "removed_cards") for c in _list(data["removed_cards"], "removed_cards")
    ]
    chasm_deck = data["chasm_deck"]
    st.chasm_deck = [
        _card(c, "chasm_deck.cards")
        for c in _list(_get(chasm_deck, "cards", "chasm_deck"), "chasm_deck.cards")
    ]
    st.chasm_deck_tokens = _bool(_get(chasm_deck, "tokens", "chasm_deck"), "chasm_deck.tokens")
    supply = data["chasm_supply"]
    st.token_supply = [
        _int(_get(supply, c, "chasm_supply"), f"chasm_supply.{c}", 0, 5) for c in COLOURS
    ]
    final = data["final_round"]
    left = _get(final, "turns_left", "final_round")
    st.final_turns = None if left is None else _int(left, "final_round.turns_left", 0, 4)
    st.collapsed = _bool(_get(final, "collapsed", "final_round"), "final_round.collapsed")
    drawn = _choice(_get(final, "drawn_token", "final_round"), COLOURS, "drawn_token", none=True)
    st.drawn_token = -1 if drawn is None else COLOURS.index(drawn)
    st.move = None if data["move"] is None else _load_move(data["move"], len(st.carts))
    for n, cart in enumerate(st.carts):
        if cart.place == "board":
            assert cart.square is not None
            i = index(cart.square) if in_grid(cart.square) else -1
            mask = st.tiles[i] if i >= 0 else track_mask(cart.square)
            if not (mask >> cart.facing & 1 and mask >> cart.back & 1) or cart.facing == cart.back:
                raise _fail(f"carts[{n}]", "facing and back must be two exits of its track")
    ended = data["ended"]
    if not isinstance(ended, str):
        raise _fail("ended", f"must be a string, not {ended!r}")
    st.ended = ended
    st.steps = None
    st.tile_actions = None  # scanned for when first needed
    if solo != (len(st.sides) == 1):
        raise _fail("sides", "one side entry per seat")
    return st


def _surface_mask(square: Square, path: str) -> int:
    row, col = square
    if (row in (-1, 12)) == (col in (-1, 12)):
        raise _fail(f"{path}.square", f"{square} is neither a grid square nor a surface position")
    return track_mask(square)


def _load_move(data: Any, carts: int) -> Move:
    m = Move(_int(_get(data, "cart", "move"), "move.cart", 0, carts - 1), 0)
    m.steps = _int(_get(data, "steps", "move"), "move.steps", 0, SPEED_MAX)
    m.entered = _bool(_get(data, "entered", "move"), "move.entered")
    m.passed = _bool(_get(data, "passed", "move"), "move.passed")
    m.pickups = _int(_get(data, "pickups", "move"), "move.pickups", 0, CART_CAPACITY)
    m.next = _choice(_get(data, "next", "move"), MOVE_NEXT, "move.next")
    collision = _get(data, "collision", "move")
    if collision is not None:
        path = "move.collision"
        m.other = _int(_get(collision, "other", path), f"{path}.other", 0, carts - 1)
        m.edge = _side(_get(collision, "edge", path), f"{path}.edge")
        m.head_on = _bool(_get(collision, "head_on", path), f"{path}.head_on")
        m.mover_empty = _bool(_get(collision, "mover_empty", path), f"{path}.mover_empty")
        m.other_empty = _bool(_get(collision, "other_empty", path), f"{path}.other_empty")
        piles = _get(collision, "piles", path)
        if piles is not None:
            a, b = _list(piles, f"{path}.piles", 2)
            m.piles = (_items(a, f"{path}.piles[0]"), _items(b, f"{path}.piles[1]"))
    return m


def check_stage(st: State, solo: bool) -> None:
    """The stage must be one the rest of the position can be at (a move, a collision, ...)."""
    moving = (EXIT, NOSE, TAKE, SPLIT, PICK)
    if st.stage in moving and (st.move is None or st.carts[st.move.cart].place != BOARD):
        raise _fail("turn.stage", f"{st.stage!r} needs a move of a cart on board")
    if st.stage in (SPLIT, PICK) and (st.move is None or st.move.other < 0):
        raise _fail("turn.stage", f"{st.stage!r} needs a collision in the move")
    if st.stage == PICK and st.move is not None and st.move.piles is None:
        raise _fail("move.collision.piles", "the piles are needed to pick one")
    if st.stage == CHASM and st.drawn_token < 0:
        raise _fail("final_round.drawn_token", "the chasm stage needs a token")
    expected = 4 if solo else 2 * len(st.sides)
    if len(st.carts) != expected:
        raise _fail("carts", f"this game has {expected} carts")
    if st.stage == SIDE and (solo or any(side >= 0 for side in st.sides)):
        raise _fail("turn.stage", "sides are chosen once, before turn 1")
