"""Deposits, the Chasm card, the collapse and the chasm tokens (§2.4.4, §2.9–2.11, §2.15).

Chance is drawn only from the ``rng`` passed in (the game's own generator).

>>> import random
>>> from railwidgets.offtherails.setup import new_game
>>> st = new_game(4, "medium", random.Random(5), lambda line: None)
>>> len(st.deck), 4 <= len(st.deck) - 1 - st.deck.index(CHASM_CARD) <= 8  # §2.4.4.6
(21, True)
>>> sum(sum(items) for items in st.items) in range(8, 13)  # the 4 initial deposits
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from railwidgets.i18n import T_
from railwidgets.offtherails import board
from railwidgets.offtherails.board import CELLS, SQUARES, in_grid, index, neighbour
from railwidgets.offtherails.components import (
    CHASM_CARD,
    CHASM_TOKENS,
    COLOUR_WORDS,
    COLOURS,
    DEPOSIT_ITEMS,
    MINE_SQUARES,
    PILE_SIZE,
    REMOVED_PER_COLOUR,
    SIDES,
    SOLO_FIRST_REVEAL,
    Items,
    Square,
    card_colour,
    card_name,
    card_number,
    card_square,
)
from railwidgets.offtherails.movement import at, items_text, lose
from railwidgets.offtherails.state import State, add
from railwidgets.offtherails.unseen import draw_top

Say = Callable[[str], None]


def build_decks(state: State, rng: random.Random, length: str) -> list[int]:
    """Set up the deposit cards (§2.4.4); return the four initial deposit cards.

    Sets ``state.deck`` (top card first), ``state.removed_cards`` and ``state.chasm_deck``.
    """
    by_colour = []
    for colour in range(len(COLOURS)):
        cards = [colour * 8 + n for n in range(8)]
        rng.shuffle(cards)  # §2.4.4.1
        by_colour.append(cards)
    removed = REMOVED_PER_COLOUR[length]
    state.removed_cards = sorted(c for cards in by_colour for c in cards[:removed])  # §2.4.4.2
    initial = [cards[removed] for cards in by_colour]  # §2.4.4.3
    state.chasm_deck = [cards[removed + 1] for cards in by_colour]  # §2.4.4.4
    piles = []  # bottom pile first
    for j in range(removed + 2, 8):  # §2.4.4.5: one card of each colour per pile
        pile = [cards[j] for cards in by_colour]
        rng.shuffle(pile)
        piles.append(pile)
    piles[1].insert(rng.randrange(PILE_SIZE + 1), CHASM_CARD)  # §2.4.4.6
    state.deck = [card for pile in reversed(piles) for card in pile]
    return initial


def draw_card(state: State) -> int | None:
    """Turn over the top card of the deposit deck (§2.9; solo §2.15): ``None`` if it is empty.

    A sampled game draws it from what it has not put in order (:func:`unseen.draw_top`).
    """
    if state.unseen is not None:
        if not state.unseen.piles:
            return None
        card, state.unseen = draw_top(state.unseen)
        return card
    if not state.deck:
        return None
    card, state.deck = state.deck[0], state.deck[1:]  # replaced: copies share it
    return card


def draw_items(state: State, rng: random.Random, count: int) -> Items:
    """Draw up to ``count`` items at random from the bag (D-22: fewer if it runs out)."""
    bag, drawn = list(state.bag), [0, 0, 0, 0, 0]  # counted in lists, then made items
    for _ in range(count):
        total = sum(bag)
        if not total:
            break
        pick = rng.randrange(total)
        for kind, n in enumerate(bag):
            if pick < n:
                bag[kind] -= 1
                drawn[kind] += 1
                break
            pick -= n
    state.bag = tuple(bag)  # type: ignore[assignment]
    return tuple(drawn)  # type: ignore[return-value]


def deposit(state: State, rng: random.Random, say: Say, card: int) -> None:
    """Put the card's items on its mine square, on top of any there (§2.9.2, D-22)."""
    square = card_square(card)
    items = draw_items(state, rng, DEPOSIT_ITEMS[card_number(card)])
    i = index(square)
    state.items[i] = add(state.items[i], items)
    say(
        T_(
            "deposit {card}: {items} at {square}",
            card=card_name(card),
            items=items_text(items),
            square=at(square),
        )
    )


def place_token(state: State, say: Say, colour: int, square: Square) -> None:
    """A chasm token swallows the square's tile, items and cart (§2.10, §2.11.3)."""
    i = index(square)
    had_tile = board.swallow(state, i, colour)
    say(
        T_(
            "a {colour} chasm token opens at {square}",
            colour=COLOUR_WORDS[colour],
            square=at(square),
        )
    )
    if had_tile:
        state.tiles_destroyed += 1
    if any(state.items[i]):
        state.chasm_removed = add(state.chasm_removed, state.items[i])
        say(T_("{items} fall into the chasm", items=items_text(state.items[i])))
        state.items[i] = (0, 0, 0, 0, 0)
    occupant = state.cart_at(square)
    if occupant >= 0:
        state.own_carts()
        lose(state, say, occupant)


def collapse(state: State, say: Say) -> None:
    """After the drawer's final turn the four chasm-deck cards open the chasm (§2.10)."""
    say(T_("the mine collapses!"))
    for card in state.chasm_deck:
        place_token(state, say, card_colour(card), card_square(card))
    state.chasm_deck = []
    state.chasm_deck_tokens = False
    state.collapsed = True


def draw_token(state: State, rng: random.Random) -> int:
    """Draw a random chasm token from the supply (§2.11.1); its colour."""
    pick = rng.randrange(sum(state.token_supply))
    for colour, n in enumerate(state.token_supply):
        if pick < n:
            take_token(state, colour)
            return colour
        pick -= n
    raise AssertionError("the token supply is empty")


def take_token(state: State, colour: int) -> None:
    """One chasm token of ``colour`` leaves the supply (replaced, not changed: copies share it)."""
    supply = state.token_supply.copy()
    supply[colour] -= 1
    state.token_supply = supply


#: Each grid square's neighbours on the grid, by index (worked out once: :func:`targets`
#: runs for every chasm token placed, in play and in the search bot's roll-outs).
_GRID_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index(n) for side in SIDES if in_grid(n := neighbour(SQUARES[i], side)))
    for i in range(CELLS)
)


def targets(state: State, colour: int) -> list[Square]:
    """Where a token of ``colour`` may go: next to its colour, else fallbacks (§2.11.2, D-25)."""
    chasm = state.chasm
    next_to_colour: set[int] = set()
    next_to_chasm: set[int] = set()
    for i, token in enumerate(chasm):
        if token >= 0:
            next_to_chasm.update(_GRID_NEIGHBOURS[i])
            if token == colour:
                next_to_colour.update(_GRID_NEIGHBOURS[i])
    for near in (next_to_colour, next_to_chasm, range(CELLS)):
        found = [SQUARES[i] for i in sorted(near) if chasm[i] < 0]
        if found:
            return found
    return []


def roll_square(state: State, rng: random.Random, say: Say, colour: int) -> Square:
    """Chasm die: a d8 picks the numbered square of the token's mine; re-roll taken ones (D-31)."""
    if all(state.chasm[index(sq)] >= 0 for sq in MINE_SQUARES[colour]):
        return targets(state, colour)[0]  # only reachable from a position typed by hand
    while True:
        number = rng.randint(1, 8)
        square = MINE_SQUARES[colour][number - 1]
        say(T_("the chasm die rolls {number}", number=number))
        if state.chasm[index(square)] < 0:
            return square


def solo_reveal(state: State, rng: random.Random, say: Say) -> None:
    """Solo: the deposit phase opens the chasm instead (§2.15, D-34)."""
    chasm_card_seen = False
    for _ in range(SOLO_FIRST_REVEAL if state.turn == 1 else 1):
        if state.chasm_on_board() >= CHASM_TOKENS or (card := draw_card(state)) is None:
            break
        if card == CHASM_CARD:
            say(T_("the Chasm card is revealed: no token for it"))
            chasm_card_seen = True
            continue
        colour = card_colour(card)
        if not state.token_supply[colour]:
            colour = max(range(len(COLOURS)), key=lambda c: (state.token_supply[c], -c))
        take_token(state, colour)
        say(T_("chasm card {card}", card=card_name(card)))
        place_token(state, say, colour, card_square(card))
    if chasm_card_seen:
        at = rng.randrange(len(state.deck) + 1)
        state.deck = [*state.deck[:at], CHASM_CARD, *state.deck[at:]]
