"""What every Off the Rails position that can happen satisfies (§2.18, §2.19).

:func:`check` runs after :func:`position.load <railwidgets.offtherails.position.load>`
has checked the shape of every field. It checks that the parts agree with each
other and with the components: nothing created or lost (items per kind, tiles,
chasm tokens per colour, deposit cards, missions), the Chasm card where the
stage says it is, the deposit deck in its piles, the chasm tokens where they
can open, the mission row, the carts and sides as setup made them. The first problem
found raises :class:`~railwidgets.core.errors.RecordError` naming it.

>>> from railwidgets import offtherails
>>> p = offtherails.Game(players=2, seed=3).position()
>>> p["bag"]["ruby"] += 1
>>> offtherails.Game.from_position(p)
Traceback (most recent call last):
...
railwidgets.core.errors.RecordError: position bag: 25 rubies are in play (bag, squares, carts, stockpiles, chasm), not the 24 of the game (§2.18 JEWELS)
"""

from __future__ import annotations

from collections import Counter

from railwidgets.core.errors import RecordError
from railwidgets.core.grid import opposite
from railwidgets.offtherails.board import CELLS, in_grid, index, neighbour
from railwidgets.offtherails.components import (
    CART_NAMES,
    CHASM_CARD,
    CHASM_TOKENS_PER_COLOUR,
    COLOURS,
    JEWELS,
    MAX_CARTS_ON_BOARD,
    MINE_SQUARES,
    MISSIONS,
    NO_ITEMS,
    PILE_SIZE,
    REMOVED_PER_COLOUR,
    SIDES,
    SOLO_JEWELS,
    SOLO_MAX_CARTS_ON_BOARD,
    Items,
    Square,
    card_colour,
    card_name,
)
from railwidgets.offtherails.position import deck_piles
from railwidgets.offtherails.state import ACTIONS, BOARD, CHASM, OVER, SIDE, State, add

__all__ = ["check"]

#: Plural names of the item kinds, for messages.
_PLURAL = ("rocks", "rubies", "emeralds", "gold", "diamonds")


def _fail(path: str, problem: str) -> RecordError:
    return RecordError(f"position {path}: {problem}")


def check(st: State, players: int, length: str, solo: bool, chasm_die: bool = False) -> None:
    """Raise :class:`RecordError` unless ``st`` can happen in a game with these options."""
    _check_items(st, solo)
    _check_tiles(st)
    _check_cards(st, players, length, solo)
    _check_chasm_tokens(st, solo)
    _check_chasm_squares(st, solo, chasm_die)
    _check_missions(st, players, solo)
    _check_sides_and_carts(st, players, solo)
    _check_turn(st, solo)


def _check_items(st: State, solo: bool) -> None:
    """Items are counted, never made or lost: per kind they add up to the supply (§2.18)."""
    total: Items = add(st.bag, st.chasm_removed)
    for items in (*st.items, *(c.contents for c in st.carts), *st.stockpiles):
        total = add(total, items)
    supply = SOLO_JEWELS if solo else JEWELS
    for kind, (found, expected) in enumerate(zip(total, supply, strict=True)):
        if found != expected:
            raise _fail(
                "bag",
                f"{found} {_PLURAL[kind]} are in play (bag, squares, carts, stockpiles, chasm), "
                f"not the {expected} of the game (§2.18 {'SOLO_JEWELS' if solo else 'JEWELS'})",
            )
    if solo:
        delivered = NO_ITEMS
        for items in st.delivered:
            delivered = add(delivered, items)
        if delivered != st.stockpiles[0]:
            raise _fail("delivered", "solo deliveries by side must add up to the stockpile")
    elif any(any(items) for items in st.delivered):
        raise _fail("delivered", "only a solo game notes deliveries by side (§2.15)")
    move = st.move
    if move is not None and move.piles is not None and move.other >= 0:
        a, b = move.piles
        hit = st.carts[move.other].contents
        if add(a, b) != hit or sorted((sum(a), sum(b))) != [sum(hit) // 2, (sum(hit) + 1) // 2]:
            raise _fail(
                "move.collision.piles",
                "the piles split the hit cart's items into ⌈n/2⌉ and ⌊n/2⌋ (C-5)",
            )


def _check_tiles(st: State) -> None:
    """A tile is destroyed only under a chasm token (§2.10); the supply is checked on loading."""
    tokens = sum(1 for colour in st.chasm if colour >= 0)
    if st.tiles_destroyed > tokens:
        raise _fail(
            "tiles.destroyed",
            f"{st.tiles_destroyed} tiles destroyed, but only {tokens} chasm token(s) opened (§2.10)",
        )


def _check_cards(st: State, players: int, length: str, solo: bool) -> None:
    """Each deposit card is in one place; the Chasm card where the stage says (§2.4.4, §2.10)."""
    seen = Counter([*st.deck, *st.removed_cards, *st.chasm_deck])
    twice = sorted(card for card, n in seen.items() if n > 1)
    if twice:
        raise _fail("deposit_deck", f"a card is in two places or twice (card {twice[0]})")
    if CHASM_CARD in st.removed_cards or CHASM_CARD in st.chasm_deck:
        raise _fail("deposit_deck", "the Chasm card is only ever in the deposit deck (§2.4.4.6)")
    if solo:
        if st.removed_cards or st.chasm_deck or st.chasm_deck_tokens:
            raise _fail("removed_cards", "a solo game removes no cards, has no chasm deck (D-32)")
        if CHASM_CARD not in st.deck:
            raise _fail("deposit_deck", "in solo the Chasm card goes back into the deck (D-34)")
        return
    removed = REMOVED_PER_COLOUR[length]
    per_colour = Counter(card_colour(c) for c in st.removed_cards)
    if any(per_colour[colour] != removed for colour in range(len(COLOURS))):
        raise _fail(
            "removed_cards",
            f"a {length} game removes {removed} card(s) of each colour at setup (§2.14.3)",
        )
    if st.collapsed:
        if st.chasm_deck or st.chasm_deck_tokens:
            raise _fail("chasm_deck", "after the collapse the chasm deck is empty (§2.10)")
    elif sorted(card_colour(c) for c in st.chasm_deck) != list(range(len(COLOURS))):
        raise _fail("chasm_deck", "until the collapse it holds one card of each colour (§2.4.4.4)")
    elif not st.chasm_deck_tokens:
        raise _fail("chasm_deck.tokens", "until the collapse its cards hold a token each (§2.4.5)")
    if st.final_turns is None:
        if CHASM_CARD not in st.deck:
            raise _fail(
                "deposit_deck",
                "the Chasm card is neither in the deck nor drawn (final_round.turns_left is null)",
            )
        below = len(st.deck) - 1 - st.deck.index(CHASM_CARD)
        if not PILE_SIZE <= below <= 2 * PILE_SIZE:
            raise _fail(
                "deposit_deck",
                f"the Chasm card lies in the second pile from the bottom, so 4–8 cards "
                f"below it, not {below} (§2.4.4.6)",
            )
    else:
        if CHASM_CARD in st.deck:
            raise _fail("deposit_deck", "the Chasm card was drawn: it is no longer in the deck")
        _check_cards_after_the_chasm_card(st, players)
    _check_piles(st, length)


def _check_cards_after_the_chasm_card(st: State, players: int) -> None:
    """The deck left once the Chasm card is drawn: the 4–8 cards that lay below it (§2.4.4.6)
    less one per final turn played (D-23), so every final turn still to come draws a card."""
    assert st.final_turns is not None
    if len(st.deck) < st.final_turns:
        raise _fail(
            "deposit_deck",
            f"{len(st.deck)} card(s) left, but {st.final_turns} final turn(s) still to come "
            "draw one each (D-23)",
        )
    played = players - st.final_turns  # final turns whose deposit is drawn (D-23)
    if played < 0:
        return  # more final turns than players: the turn check names it
    low, high = PILE_SIZE - played, 2 * PILE_SIZE - played
    if not low <= len(st.deck) <= high:
        raise _fail(
            "deposit_deck",
            f"{len(st.deck)} card(s) left after the Chasm card, not {max(low, 0)}–{high}: "
            f"it had 4–8 cards below it (§2.4.4.6) and {played} final turn(s) have drawn "
            "one each since (D-23)",
        )


def _check_piles(st: State, length: str) -> None:
    """The deposit deck is piles of one card of each colour, the top one perhaps partly
    drawn: the m = 6 − r cards of each colour left after setup (§2.4.4.5)."""
    piles = deck_piles(st.deck, solo=False)
    most = len(COLOURS) + 2 - REMOVED_PER_COLOUR[length]  # m = 6 − r piles at setup
    if len(piles) > most:
        raise _fail(
            "deposit_deck",
            f"{len(piles)} piles of 4, but a {length} game stacks {most} (§2.4.4.5)",
        )
    start = 0
    for pile in piles:  # from the top, naming the cards by place (top = 1)
        end = start + len(pile)
        colours = [card_colour(c) for c in pile if c != CHASM_CARD]
        twice = next((c for c in colours if colours.count(c) > 1), None)
        if twice is not None:
            cards = ", ".join(card_name(c) for c in pile if c != CHASM_CARD)
            raise _fail(
                "deposit_deck",
                f"cards {start + 1}–{end} from the top ({cards}) are one pile and hold two "
                f"{COLOURS[twice]} cards: each pile holds one card of each colour (§2.4.4.5)",
            )
        start = end


def _check_chasm_tokens(st: State, solo: bool) -> None:
    """Five tokens per colour: supply, chasm deck, drawn or on the board (§2.1, §2.4.5)."""
    on_board = Counter(colour for colour in st.chasm if colour >= 0)
    for colour, name in enumerate(COLOURS):
        count = st.token_supply[colour] + on_board[colour]
        count += st.chasm_deck_tokens + (st.drawn_token == colour)
        if count != CHASM_TOKENS_PER_COLOUR:
            raise _fail(
                f"chasm_supply.{name}",
                f"{count} {name} chasm tokens are in the supply, on the chasm deck, drawn and "
                f"on the board, not {CHASM_TOKENS_PER_COLOUR} (§2.18)",
            )
    if not solo and not st.collapsed and on_board:
        raise _fail("squares", "no chasm token opens before the collapse (§2.10)")


def _check_chasm_squares(st: State, solo: bool, chasm_die: bool) -> None:
    """Each chasm token lies where one can open (§2.10, §2.11, §2.14.2, §2.15, D-25, D-34).

    The collapse puts each colour's first token on a square of its colour's mine (§2.10);
    each later one opens next to a token of its colour (§2.11.2), so a colour's tokens are
    one connected group around that square. Only when no square next to the colour is free
    may a token open elsewhere (D-25); such a group is then closed in for good (tokens never
    leave), so every group of the colour but the newest is closed in, the collapse square's
    first. With the chasm die, every token lies on its colour's mine (§2.14.2); in solo,
    on the square of a deposit card, in that card's colour unless its tokens ran out (D-34).
    """
    for i in range(CELLS):
        colour = st.chasm[i]
        if colour < 0:
            continue
        square = (i // 12, i % 12)
        if solo:
            mine = next((m for m, squares in enumerate(MINE_SQUARES) if square in squares), -1)
            if mine < 0:
                raise _fail(
                    f"squares{list(square)}.chasm",
                    "in solo a chasm token opens on the mine square of a card (§2.15)",
                )
            if mine != colour and st.token_supply[mine]:
                raise _fail(
                    f"squares{list(square)}.chasm",
                    f"a {COLOURS[colour]} token on a {COLOURS[mine]} mine square, while "
                    f"{COLOURS[mine]} tokens are left: a card opens the chasm with a token "
                    "of its colour while there is one (D-34)",
                )
        elif chasm_die and square not in MINE_SQUARES[colour]:
            raise _fail(
                f"squares{list(square)}.chasm",
                f"with the chasm die every {COLOURS[colour]} token opens on the "
                f"{COLOURS[colour]} mine (§2.10, §2.14.2)",
            )
    if solo or not st.collapsed:
        return  # before the collapse no token is on the board (_check_chasm_tokens)
    for colour, name in enumerate(COLOURS):
        groups = _groups(st.chasm, colour)
        home = [g for g in groups if any(sq in MINE_SQUARES[colour] for sq in g)]
        if not home:
            raise _fail(
                "squares",
                f"no {name} chasm token on the {name} mine: the collapse opens one there (§2.10)",
            )
        if chasm_die or len(groups) == 1:
            continue
        opened = [g for g in groups if _has_free_neighbour(st.chasm, g)]
        closed_home = [g for g in home if g not in opened]
        if closed_home and len(opened) <= 1:
            continue  # the collapse square's group closed in, then a token elsewhere (D-25)
        first = closed_home[0] if closed_home else home[0]
        stray = next(
            (g for g in opened if g is not first), next(g for g in groups if g is not first)
        )
        raise _fail(
            "squares",
            f"the {name} chasm token at {stray[0]} is not connected to the {name} collapse "
            f"square: a token opens next to one of its colour (§2.11.2), elsewhere only when "
            "no square next to its colour is free (D-25)",
        )


def _groups(chasm: list[int], colour: int) -> list[list[Square]]:
    """The tokens of ``colour`` in groups joined side to side, each group's squares sorted."""
    left = {(i // 12, i % 12) for i in range(CELLS) if chasm[i] == colour}
    groups = []
    while left:
        todo = [left.pop()]
        group = []
        while todo:
            square = todo.pop()
            group.append(square)
            for side in SIDES:
                n = neighbour(square, side)
                if n in left:
                    left.remove(n)
                    todo.append(n)
        groups.append(sorted(group))
    return sorted(groups)


def _has_free_neighbour(chasm: list[int], group: list[Square]) -> bool:
    """Whether a grid square next to ``group`` has no chasm token (a token could open there)."""
    return any(
        in_grid(n := neighbour(square, side)) and chasm[index(n)] < 0
        for square in group
        for side in SIDES
    )


def _check_missions(st: State, players: int, solo: bool) -> None:
    """The 11 mission cards are each face up, in the deck or claimed (§2.13); players + 1
    were turned face up (§2.4.6) and a claimed one is not replaced (C-6)."""
    claimed = [m for seat in st.claimed for m in seat]
    everything = [*st.missions, *st.mission_deck, *claimed]
    if solo:
        if everything:
            raise _fail("missions", "a solo game has no missions (§2.15)")
        return
    if sorted(everything) != sorted(MISSIONS):
        raise _fail("missions", "the 11 missions must each be face up, in the deck or claimed")
    if len(st.missions) + len(claimed) != players + 1:
        raise _fail(
            "missions.face_up",
            f"{len(st.missions)} face up and {len(claimed)} claimed, not the {players + 1} "
            f"(players + 1) turned face up at setup (§2.4.6): a claimed mission is not "
            "replaced (C-6)",
        )


def _check_sides_and_carts(st: State, players: int, solo: bool) -> None:
    """Sides as setup gives them (§2.4.2); each seat's carts, in its colour (D-5, §2.15)."""
    if solo:
        names = [(c.owner, c.name, c.colour) for c in st.carts]
        if names != [(0, name, colour) for colour, name in enumerate(COLOURS)]:
            raise _fail("carts", "a solo game has one cart of each colour, named by it (§2.15)")
        limit = SOLO_MAX_CARTS_ON_BOARD
    else:
        chosen = [s for s in st.sides if s >= 0]
        if chosen and len(chosen) != players:
            raise _fail("sides", "the sides are chosen all at once (§2.4.2)")
        if chosen:
            order = [st.sides[(st.first_player + k) % players] for k in range(players)]
            pairs = order[1] == opposite(order[0]) and (
                players < 4 or order[3] == opposite(order[2])
            )
            if len(set(order)) != players or not pairs:
                raise _fail(
                    "sides",
                    "the second player sits opposite the first, the fourth opposite the third "
                    "(§2.4.2)",
                )
        names = sorted((c.owner, c.name) for c in st.carts)
        if names != [(seat, name) for seat in range(players) for name in sorted(CART_NAMES)]:
            raise _fail("carts", "each seat has a white and a black cart (§2.4.3)")
        for n, cart in enumerate(st.carts):
            if cart.colour != st.sides[cart.owner]:
                raise _fail(f"carts[{n}].colour", "a cart has its owner's colour (D-5)")
        limit = MAX_CARTS_ON_BOARD
    on_board = Counter(c.owner for c in st.carts if c.place == BOARD)
    for seat, count in on_board.items():
        if count > limit:
            raise _fail("carts", f"seat {seat} has {count} carts on the board, at most {limit}")
    for n, cart in enumerate(st.carts):
        if cart.moved and cart.owner != st.active:
            raise _fail(f"carts[{n}].moved", "only the active player's carts move this turn")
        if cart.moved and st.stage in (SIDE, ACTIONS):
            raise _fail(
                f"carts[{n}].moved",
                f"no cart has moved yet at the {st.stage!r} stage: the movement phase comes "
                "after the action phase (§2.5, C-1)",
            )
        if cart.place == BOARD and cart.square is not None:
            row, col = cart.square
            if 0 <= row < 12 and 0 <= col < 12 and st.chasm[row * 12 + col] >= 0:
                raise _fail(f"carts[{n}]", "no cart stands on a chasm square (§2.7.7)")
    move = st.move
    if move is not None:
        if st.carts[move.cart].owner != st.active:
            raise _fail("move.cart", "only the active player's carts move (§2.7)")
        if move.other == move.cart:
            raise _fail("move.collision.other", "a cart cannot collide with itself")


def _check_turn(st: State, solo: bool) -> None:
    """The turn, the final round and the end agree with the stage (§2.5, §2.10, C-1)."""
    if (st.stage == OVER) != bool(st.ended):
        raise _fail("ended", "a game says why it ended exactly when it is over")
    if st.drawn_token >= 0 and st.stage != CHASM:
        raise _fail("final_round.drawn_token", "a drawn token is placed at once (§2.11)")
    if (st.stage == SIDE) != (st.turn == 0):
        raise _fail("turn.number", "turn 0 is the choice of sides; turns count from 1")
    if solo:
        if st.final_turns is not None or st.collapsed:
            raise _fail("final_round", "a solo game has no final round or collapse (C-3)")
        return
    if st.collapsed and st.final_turns != 0:
        raise _fail("final_round", "the collapse comes after the last final turn (§2.10)")
    if st.final_turns == 0 and not st.collapsed:
        raise _fail("final_round", "after the last final turn the mine collapses (§2.10)")
    if st.final_turns is not None and st.final_turns > len(st.sides):
        raise _fail("final_round.turns_left", "every player has one final turn (D-23)")
