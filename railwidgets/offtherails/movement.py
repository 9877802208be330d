"""Movement: carts stepping along the track, pick-ups, exits, derailments, collisions (§2.7).

A move is a resumable state machine (§5): :func:`resume` runs the pending move
on until it ends (``True``) or needs a decision (``False``, with ``state.stage``
set to the decision). The rules module applies the decision and resumes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from railwidgets.core.grid import opposite
from railwidgets.i18n import NT_, T_, TC_, Text, joined
from railwidgets.offtherails import missions
from railwidgets.offtherails.board import (
    CROSS,
    MASK_SIDES,
    exit_count,
    in_grid,
    index,
    neighbour,
    surface_side,
    track_mask,
)
from railwidgets.offtherails.components import (
    CART_CAPACITY,
    CART_OBJECT_WORDS,
    CART_WORDS,
    END_PICKUP,
    JEWEL_KINDS,
    KINDS,
    NO_ITEMS,
    PASS_PICKUP,
    ROCK,
    SIDE_LETTERS,
    Items,
    Square,
    a_jewel,
    compass,
    seat_name,
)
from railwidgets.offtherails.state import (
    BOARD,
    EXIT,
    GONE,
    NOSE,
    SPLIT,
    SUPPLY,
    TAKE,
    Cart,
    Move,
    State,
    add,
    note,
    one,
    sub,
)

Say = Callable[[str], None]

# Outcomes of a cart's next step (§2.7.2 classify).
ENTER, EXIT_TRACK, EXIT_HOME, DERAIL, LOST, COLLISION, BUMP = range(7)
PASSING = (ENTER, EXIT_TRACK, DERAIL, LOST)


class Config(NamedTuple):
    """The options that change how the rules work, read once per game."""

    players: int
    solo: bool
    bumper_carts: bool
    chasm_die: bool
    fill: bool  # end_pickup="fill" (D-12)
    ceil_half: bool  # drop_rule="ceil_half" (D-17)
    crossover: bool  # cross_is_crossover (D-7)
    tracks: tuple[tuple[Square, ...], ...]  # starting tracks of each side (D-3)
    track_set: frozenset[Square]

    @property
    def end_pickup(self) -> int:
        return CART_CAPACITY if self.fill else END_PICKUP


# -- naming things in the log ----------------------------------------------------------------


def items_text(items: Items) -> str:
    """``"2 rubies, 1 rock"``, or ``"nothing"`` (a Text: in any language, with the plural
    each language takes)."""
    parts = [counted(k, n) for k, n in enumerate(items) if n]
    return joined(parts) if parts else T_("nothing")


def counted(kind: int, n: int) -> Text:
    """``n`` items of ``kind`` (0 rock … 4 diamond): "1 ruby", "2 rubies", "2 gold".

    >>> from railwidgets.i18n import tr
    >>> tr(counted(1, 1)), tr(counted(1, 2)), tr(counted(3, 2))
    ('1 ruby', '2 rubies', '2 gold')
    """
    return _COUNTED[kind](n)


#: ``n`` items of each kind.
_COUNTED = (
    lambda n: NT_("{n} rock", "{n} rocks", n),
    lambda n: NT_("{n} ruby", "{n} rubies", n),
    lambda n: NT_("{n} emerald", "{n} emeralds", n),
    lambda n: NT_("{n} gold", "{n} gold", n),
    lambda n: NT_("{n} diamond", "{n} diamonds", n),
)


def names(items: Items) -> tuple[str, ...]:
    """The items one by one, by kind: ``names((0, 2, 0, 1, 0))`` is ruby, ruby, gold.

    >>> names((0, 2, 0, 1, 0))
    ('ruby', 'ruby', 'gold')
    >>> counts(('gold', 'ruby', 'ruby'))
    (0, 2, 0, 1, 0)
    """
    return tuple(KINDS[k] for k, n in enumerate(items) for _ in range(n))


def counts(item_names: tuple[str, ...]) -> Items:
    """The counts of a tuple of item names (the inverse of :func:`names`)."""
    result = [0] * 5
    for name in item_names:
        result[KINDS.index(name)] += 1
    return tuple(result)  # type: ignore[return-value]


#: The clans by side, as the log names them.
CLAN_NAMES = (T_("Red"), T_("Yellow"), T_("Green"), T_("Blue"))


def player_name(state: State, seat: int) -> str:
    if len(state.sides) == 1:
        return T_("Solo")
    side = state.sides[seat] if seat < len(state.sides) else -1
    return CLAN_NAMES[side] if side >= 0 else seat_name(seat)


def cart_label(state: State, i: int) -> str:
    """Cart ``i`` as the subject of a log line ("Red's white cart derails"), in any language."""
    cart = state.carts[i]
    name = CART_WORDS.get(cart.name, cart.name)
    if len(state.sides) == 1:
        return T_("the {cart} cart", cart=name)
    return T_("{name}'s {cart} cart", name=player_name(state, cart.owner), cart=name)


def cart_object_label(state: State, i: int) -> str:
    """Cart ``i`` as the object of a verb ("... bumps into Red's white cart"): the same
    English words as :func:`cart_label`, said in the form a language with cases needs there
    (Russian: «упирается в белую вагонетку игрока Красный»)."""
    cart = state.carts[i]
    name = CART_OBJECT_WORDS.get(cart.name, cart.name)
    if len(state.sides) == 1:
        return TC_("cart (object)", "the {cart} cart", cart=name)
    owner = player_name(state, cart.owner)
    return TC_("cart (object)", "{name}'s {cart} cart", name=owner, cart=name)


def at(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


# -- the track ------------------------------------------------------------------------------


def tile_mask(state: State, square: Square) -> int:
    return state.tiles[index(square)] if in_grid(square) else track_mask(square)


def _leads_to_chasm(state: State, square: Square, side: int) -> bool:
    target = neighbour(square, side)
    return in_grid(target) and state.chasm[index(target)] >= 0


def exit_options(state: State, cfg: Config, square: Square, back: int) -> tuple[int, ...]:
    """The exits a cart that entered ``square`` through ``back`` may leave by (D-7, C-2)."""
    mask = state.tiles[index(square)]
    if cfg.crossover and mask == CROSS:
        options: tuple[int, ...] = (opposite(back),)
    else:
        options = tuple(s for s in MASK_SIDES[mask] if s != back)
    safe = tuple(s for s in options if not _leads_to_chasm(state, square, s))  # C-2
    return safe or options


def classify(state: State, cfg: Config, cart: Cart) -> tuple[int, Square, int]:
    """What the cart's next step does, where it leads and the cart there (§2.7.2)."""
    square, d = cart.square, cart.facing
    assert square is not None
    if not in_grid(square) and d == surface_side(square):
        return EXIT_HOME, square, -1  # D-20
    target = neighbour(square, d)
    if not in_grid(target):
        return (EXIT_TRACK if target in cfg.track_set else DERAIL), target, -1
    i = index(target)
    if state.chasm[i] >= 0:
        return LOST, target, -1
    mask = state.tiles[i]
    if not mask:
        return DERAIL, target, -1
    occupant = state.cart_at(target)
    if not mask >> opposite(d) & 1:
        return (BUMP if occupant >= 0 else DERAIL), target, occupant  # D-18
    if occupant >= 0:
        other = state.carts[occupant]
        if cfg.crossover and mask == CROSS and other.facing not in (d, opposite(d)):
            return BUMP, target, occupant  # the other track of a crossover (D-18)
        return COLLISION, target, occupant
    return ENTER, target, -1


# -- carts leaving the board ----------------------------------------------------------------


def _off_board(cart: Cart, place: str) -> None:
    cart.place = place
    cart.square = None
    cart.facing = cart.back = -1
    cart.contents = NO_ITEMS


def derail(state: State, cfg: Config, say: Say, i: int) -> None:
    """Items back to the bag, cart to its owner's supply (§2.7.6); solo: gone (§2.15)."""
    cart = state.carts[i]
    note(state, i, cart.square, "derail")
    state.bag = add(state.bag, cart.contents)
    say(
        T_(
            "{cart} derails; {items} back to the bag",
            cart=cart_label(state, i),
            items=items_text(cart.contents),
        )
    )
    _off_board(cart, GONE if cfg.solo else SUPPLY)


def lose(state: State, say: Say, i: int) -> None:
    """The chasm swallows the cart and its items: removed from the game (§2.7.7, D-21)."""
    cart = state.carts[i]
    state.chasm_removed = add(state.chasm_removed, cart.contents)
    say(
        T_(
            "{cart} falls into the chasm with {items}",
            cart=cart_label(state, i),
            items=items_text(cart.contents),
        )
    )
    _off_board(cart, GONE)


def deliver(state: State, cfg: Config, say: Say, i: int, track: Square) -> None:
    """The cart leaves the mine: its items to the stockpile, the cart to supply (§2.7.4)."""
    cart = state.carts[i]
    side, load = surface_side(track), cart.contents
    say(
        T_(
            "{cart} exits at {square} with {items}",
            cart=cart_label(state, i),
            square=at(track),
            items=items_text(load),
        )
    )
    state.stockpiles[cart.owner] = add(state.stockpiles[cart.owner], load)
    if cfg.solo:
        state.delivered[side] = add(state.delivered[side], load)
    else:
        missions.note_exit(state, cart.owner, side, load)
    _off_board(cart, SUPPLY)  # D-19


def turn_round(state: State, cart: Cart, towards: int) -> None:
    """Face away from the other cart at edge ``towards`` (C-4)."""
    assert cart.square is not None
    mask = tile_mask(state, cart.square)
    away = opposite(towards)
    cart.facing = away if mask >> away & 1 else cart.back
    cart.back = towards


# -- the move --------------------------------------------------------------------------------


def start(state: State, say: Say, i: int) -> None:
    """Cart ``i`` begins its move: ``speed`` steps, in the direction it faces (§2.7.2)."""
    cart = state.carts[i]
    assert cart.square is not None
    cart.moved = True
    note(state, i, cart.square, "start")
    state.move = Move(i, cart.speed)
    say(
        T_(
            "{cart} sets off from {square} at speed {speed}",
            cart=cart_label(state, i),
            square=at(cart.square),
            speed=cart.speed,
        )
    )


def resume(state: State, cfg: Config, say: Say) -> bool:
    """Run the pending move on; ``True`` once it has ended, ``False`` at a decision."""
    m = state.move
    assert m is not None
    cart = state.carts[m.cart]
    while True:
        if m.pickups and not _pick_up(state, say, m, cart):
            return False
        if m.next == "done":
            return _stops(state, say, m.cart)
        if m.next == "rest":
            assert cart.square is not None
            options = exit_options(state, cfg, cart.square, cart.back)
            if len(options) > 1:  # D-9: the owner points the nose on a junction
                state.stage = NOSE
                return False
            _forced(state, say, m.cart, options[0])
            return _stops(state, say, m.cart)
        if m.steps == 0:  # the speed is used up: the move ends here (§2.7.3)
            m.next = "rest"
            if m.entered:  # D-13: a square entered this move (a loop back to the first counts)
                m.pickups = cfg.end_pickup
            continue
        outcome, target, occupant = classify(state, cfg, cart)
        if outcome in PASSING and m.entered and not m.passed:
            m.passed = True  # §2.7.3: leaving a square passes through it
            m.pickups = PASS_PICKUP
            continue
        if outcome != ENTER:
            event = {EXIT_TRACK: "exit", EXIT_HOME: "home", DERAIL: "off", LOST: "lost"}
            note(
                state, m.cart, target, event.get(outcome, "bump" if outcome == BUMP else "collide")
            )
        if outcome == ENTER:
            cart.square, cart.back = target, opposite(cart.facing)
            m.steps -= 1
            m.entered, m.passed = True, False
            options = exit_options(state, cfg, target, cart.back)
            cart.facing = options[0]  # until the owner chooses, the first way on
            note(state, m.cart, target, "enter")
            if m.steps:
                if len(options) > 1:  # D-7: the owner chooses the exit of a junction
                    state.stage = EXIT
                    return False
                _forced(state, say, m.cart, options[0])
            continue
        if outcome == EXIT_TRACK:
            deliver(state, cfg, say, m.cart, target)  # §2.7.4: remaining steps are lost
            return True
        if outcome == EXIT_HOME:
            say(
                T_(
                    "{cart} leaves its starting track for the supply",
                    cart=cart_label(state, m.cart),
                )
            )
            _off_board(cart, SUPPLY)  # D-20
            return True
        if outcome == DERAIL:
            derail(state, cfg, say, m.cart)
            return True
        if outcome == LOST:
            lose(state, say, m.cart)
            return True
        if outcome == BUMP:  # D-18: stop and turn round, nothing else
            say(
                T_(
                    "{cart} bumps into {other}",
                    cart=cart_label(state, m.cart),
                    other=cart_object_label(state, occupant),
                )
            )
            turn_round(state, cart, cart.facing)
            m.next = "done"
            m.pickups = cfg.end_pickup if m.entered else 0
            continue
        return _collide(state, cfg, say, m, cart, occupant)


def _stops(state: State, say: Say, i: int) -> bool:
    cart = state.carts[i]
    if cart.place == BOARD:
        assert cart.square is not None
        note(state, i, cart.square, "stop")
        say(
            T_(
                "{cart} stops at {square} facing {side}",
                cart=cart_label(state, i),
                square=at(cart.square),
                side=compass(SIDE_LETTERS[cart.facing]),
            )
        )
    return True


def _forced(state: State, say: Say, i: int, side: int) -> None:
    """Point the cart at its only way on, saying so when a junction left no choice (§5)."""
    cart = state.carts[i]
    assert cart.square is not None
    cart.facing = side
    if exit_count(state.tiles[index(cart.square)]) >= 3:
        say(
            T_(
                "{cart} turns {side} (only choice)",
                cart=cart_label(state, i),
                side=compass(SIDE_LETTERS[side]),
            )
        )


def _pick_up(state: State, say: Say, m: Move, cart: Cart) -> bool:
    """Take the pending pick-ups; ``False`` if the owner must choose a jewel (§2.7.3)."""
    assert cart.square is not None
    i = index(cart.square)
    while m.pickups:
        here = state.items[i]
        if cart.load >= CART_CAPACITY or not any(here):
            m.pickups = 0
            break
        if here[ROCK]:
            kind = ROCK  # rocks first
        else:
            kinds = [k for k in JEWEL_KINDS if here[k]]
            if len(kinds) > 1:
                state.stage = TAKE
                return False
            kind = kinds[0]
        take(state, say, kind)
    return True


def take(state: State, say: Say, kind: int) -> None:
    """The moving cart takes one item of ``kind`` from its square."""
    m = state.move
    assert m is not None
    cart = state.carts[m.cart]
    assert cart.square is not None
    i = index(cart.square)
    state.items[i] = sub(state.items[i], one(kind))
    cart.contents = add(cart.contents, one(kind))
    note(state, m.cart, cart.square, "take", KINDS[kind])
    m.pickups -= 1
    say(
        T_(
            "{cart} takes {jewel} at {square}",
            cart=cart_label(state, m.cart),
            jewel=a_jewel(KINDS[kind]),
            square=at(cart.square),
        )
    )
    missions.check_collector(state)


def take_options(state: State) -> tuple[int, ...]:
    m = state.move
    assert m is not None
    square = state.carts[m.cart].square
    assert square is not None
    here = state.items[index(square)]
    return tuple(k for k in JEWEL_KINDS if here[k])


# -- collisions (§2.7.5) -----------------------------------------------------------------------


def _collide(state: State, cfg: Config, say: Say, m: Move, cart: Cart, occupant: int) -> bool:
    other = state.carts[occupant]
    d = cart.facing
    m.other, m.edge = occupant, d
    m.head_on = other.facing == opposite(d)  # D-16
    m.mover_empty, m.other_empty = cart.load == 0, other.load == 0  # C-8, C-9: rocks count
    m.next = "collide"
    mover, hit = cart_label(state, m.cart), cart_object_label(state, occupant)
    if m.head_on:
        say(T_("{cart} hits {other} (head-on collision)", cart=mover, other=hit))
    else:
        say(T_("{cart} hits {other} (collision)", cart=mover, other=hit))
    if cfg.bumper_carts and not m.head_on:
        say(T_("bumper carts: nothing is dropped, nobody derails"))  # §2.14.1, D-30
        finish_collision(state, cfg, say, NO_ITEMS)
        return resume(state, cfg, say)
    if other.load >= 2:
        state.stage = SPLIT  # C-5: the hit cart's owner splits the load
        return False
    finish_collision(state, cfg, say, other.contents)  # one item drops; none if empty
    return resume(state, cfg, say)


def split_sizes(n: int) -> tuple[int, int]:
    return (n + 1) // 2, n // 2


def splits(contents: Items, ceil_half: bool) -> list[tuple[Items, Items]]:
    """Every distinct ordered split of a load into piles of ⌈n/2⌉ and ⌊n/2⌋ (C-5).

    With ``ceil_half`` pile A, the ⌈n/2⌉ one, is the pile that drops.
    """
    n = sum(contents)
    big, small = split_sizes(n)
    sizes = {big} if ceil_half else {big, small}
    result = []
    for a in _sub_loads(contents):
        if sum(a) in sizes:
            result.append((a, sub(contents, a)))
    return result


def _sub_loads(contents: Items) -> list[Items]:
    loads: list[tuple[int, ...]] = [()]
    for count in contents:
        loads = [(*load, k) for load in loads for k in range(count + 1)]
    return sorted(loads, key=lambda a: (-sum(a), [-x for x in a]))  # type: ignore[misc]


def finish_collision(state: State, cfg: Config, say: Say, dropped: Items) -> None:
    """Drop, derail the empty carts, turn round, note missions (§2.7.5 steps 3–7)."""
    m = state.move
    assert m is not None
    cart, other = state.carts[m.cart], state.carts[m.other]
    protected = cfg.bumper_carts and not m.head_on
    if any(dropped):
        assert other.square is not None
        i = index(other.square)
        other.contents = sub(other.contents, dropped)
        state.items[i] = add(state.items[i], dropped)
        say(
            T_(
                "{cart} drops {items} at {square}",
                cart=cart_label(state, m.other),
                items=items_text(dropped),
                square=at(other.square),
            )
        )
        if other.owner != cart.owner and any(dropped[k] for k in JEWEL_KINDS):
            missions.note(state, missions.JEWEL_HEIST)
    if not protected:
        if m.mover_empty:
            derail(state, cfg, say, m.cart)
        if m.other_empty:
            derail(state, cfg, say, m.other)
            if other.owner != cart.owner:
                missions.note(state, missions.CART_RAM)
    if cart.place == BOARD:
        turn_round(state, cart, m.edge)
    if m.head_on:
        missions.note(state, missions.HEAD_TO_HEAD)  # with any cart, one's own too (D-37)
        if other.place == BOARD:
            turn_round(state, other, opposite(m.edge))
    m.piles = None
    m.next = "done"
    m.pickups = cfg.end_pickup if cart.place == BOARD and m.entered else 0  # D-14
