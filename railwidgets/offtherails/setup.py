"""Setting up a game (§2.4) or a solo game (§2.15), and the choice of sides (§2.4.2).

Chance is drawn only from the ``rng`` passed in (the game's own generator).

>>> import random
>>> st = new_game(4, "medium", random.Random(2), lambda line: None)
>>> choose_sides(st, 0, random.Random(2), lambda line: None)  # player 1 takes north (red)
>>> [SIDE_LETTERS[st.sides[(st.first_player + k) % 4]] for k in range(4)]
['N', 'S', 'E', 'W']
"""

from __future__ import annotations

import random
from collections.abc import Callable

from railwidgets.core.grid import opposite
from railwidgets.i18n import T_, joined
from railwidgets.offtherails import chasm
from railwidgets.offtherails.board import CELLS, index
from railwidgets.offtherails.components import (
    CART_NAMES,
    CHASM_CARD,
    CHASM_TOKENS_PER_COLOUR,
    COLOUR_WORDS,
    COLOURS,
    JEWELS,
    MINE_SQUARES,
    MISSIONS,
    NO_ITEMS,
    SIDE_LETTERS,
    SOLO_JEWELS,
    compass,
    seat_name,
)
from railwidgets.offtherails.movement import items_text
from railwidgets.offtherails.state import ACTIONS, SIDE, Cart, State, one

Say = Callable[[str], None]


def _empty(players: int) -> State:
    st = State.__new__(State)
    st.unseen = None
    st.tiles, st.items, st.chasm = [0] * CELLS, [NO_ITEMS] * CELLS, [-1] * CELLS
    st.stockpiles = [NO_ITEMS] * players
    st.delivered = [NO_ITEMS] * 4
    st.claimed = [()] * players
    st.chasm_removed = NO_ITEMS
    st.tiles_used = st.tiles_destroyed = 0
    st.actions_used = st.turn = 0
    st.met = frozenset()
    st.final_turns = None
    st.collapsed = False
    st.drawn_token = -1
    st.move = None
    st.ended = ""
    st.steps = None
    st.tile_actions = None
    st.carts_shared = False
    st.removed_cards, st.chasm_deck = [], []
    st.missions, st.mission_deck = [], []
    return st


def new_game(players: int, length: str, rng: random.Random, say: Say) -> State:
    """A game of 2–4 players waiting for the first player to choose a side (§2.4)."""
    st = _empty(players)
    st.sides = [-1] * players
    st.carts = [Cart(seat, name, -1) for seat in range(players) for name in CART_NAMES]
    st.bag = JEWELS  # §2.4.1
    st.first_player = st.active = rng.randrange(players)  # D-11
    for card in chasm.build_decks(st, rng, length):
        chasm.deposit(st, rng, say, card)  # §2.4.4.3: the initial deposits
    st.chasm_deck_tokens = True
    st.token_supply = [CHASM_TOKENS_PER_COLOUR - 1] * 4  # §2.4.5
    deck = sorted(MISSIONS)
    rng.shuffle(deck)  # §2.4.6
    st.missions, st.mission_deck = sorted(deck[: players + 1]), deck[players + 1 :]
    shown = joined(T_("M{n} {name}", n=m, name=MISSIONS[m].name) for m in st.missions)
    say(T_("missions: {missions}", missions=shown))
    say(T_("{name} plays first and chooses a side", name=seat_name(st.first_player)))
    st.stage = SIDE
    return st


def new_solo_game(rng: random.Random, say: Say) -> State:
    """A solo game: one jewel on each mine square, one deck of 33 cards, 4 carts (§2.15)."""
    st = _empty(1)
    st.sides = [-1]
    st.carts = [Cart(0, COLOURS[c], c) for c in range(4)]  # one of each colour
    jewels = [kind for kind, n in enumerate(SOLO_JEWELS) for _ in range(n)]
    rng.shuffle(jewels)
    squares = [sq for mine in MINE_SQUARES for sq in mine]
    for square, kind in zip(squares, jewels, strict=True):
        st.items[index(square)] = one(kind)
    say(T_("solo: {items} lie one on each mine square", items=items_text(SOLO_JEWELS)))
    st.bag = NO_ITEMS
    st.deck = [*range(32), CHASM_CARD]  # D-32: no cards removed, no chasm deck
    rng.shuffle(st.deck)
    st.chasm_deck_tokens = False
    st.token_supply = [CHASM_TOKENS_PER_COLOUR] * 4
    st.first_player = st.active = 0
    st.stage = ACTIONS
    return st


def choose_sides(state: State, side: int, rng: random.Random, say: Say) -> None:
    """Player 1 picks, 2 takes the opposite, 3 one left at random, 4 the last (§2.4.2)."""
    n = len(state.sides)
    order = [(state.first_player + k) % n for k in range(n)]
    chosen = [side, opposite(side)]
    if n >= 3:
        rest = [s for s in range(4) if s not in chosen]
        third = rest[rng.randrange(2)]
        chosen += [third, opposite(third)]
    state.sides = state.sides.copy()  # replaced, not changed: copies share it
    for seat, s in zip(order, chosen, strict=False):
        state.sides[seat] = s
        for cart in state.carts:
            if cart.owner == seat:
                cart.colour = s  # D-5: a clan's colour is its side's
        say(
            T_(
                "{name} plays {colour} ({side})",
                name=seat_name(seat),
                colour=COLOUR_WORDS[s],
                side=compass(SIDE_LETTERS[s]),
            )
        )
