"""The face-down cards of a sampled game, ordered only as the game reveals them.

A game drawn from a view (:meth:`Game.sampler`) does not know the order of the
deposit deck, which unseen card was removed at setup, or the mission deck.
Ordering all of them for every game drawn was most of the cost of drawing one,
and a search bot's game reveals a few deposit cards at most. So such a game holds
an :class:`Unseen` in ``State.unseen``: what the view says of the cards (the
colours still in each pile of the deck, the unseen cards of each colour not in
the chasm deck, the missions not in sight) and a key. (The chasm deck's four
cards are drawn with the game, at once: the collapse turns them over in every
game that lasts, and must not wait for the rest of the deck to be dealt.) The
top deposit card is drawn when it is turned over (:func:`draw_top`), as a
shuffle would have put it there: its label uniformly among those left in its
pile, then its card uniformly among the unseen cards of that colour. Anything
else that reads the cards (a position, a view, a check) first deals them all
(:func:`deal`), the deck in the order the draws would have gone on, then the
removed cards and the mission deck.

Every number comes from the key, the ``step``-th of it (:func:`core.chance.pick`):
an :class:`Unseen` never changes (a draw makes a new one), so copies, snapshots
and undo share it, and a game reveals the same cards whether or when anything
reads them. Dealing them is what the game's first position records.

>>> u = Unseen(key=5, step=0, piles=((0, 1, CHASM_CARD),), pools=((2, 3), (9,), (), ()),
...            missions=(1, 2, 3), mission_count=2)
>>> u.cards_left
3
>>> card, u = draw_top(u)
>>> card, u.cards_left
(9, 2)
>>> deck, removed, mission_deck = deal(u)
>>> sorted([*deck, *removed]) == [2, 3, CHASM_CARD], len(deck), len(mission_deck)
(True, 2, 2)
>>> deal(u) == (deck, removed, mission_deck)   # the same, whenever dealt
True
"""

from __future__ import annotations

from typing import NamedTuple

from railwidgets.core.chance import pick
from railwidgets.offtherails.components import CHASM_CARD

__all__ = ["Unseen", "deal", "draw_top"]


class Unseen(NamedTuple):
    """The face-down cards of a sampled game, not yet in order (see the module)."""

    #: Where the numbers come from, and how many were taken (:func:`core.chance.pick`).
    key: int
    step: int
    #: Per pile of the deposit deck, top pile first: the labels (a colour, or the Chasm
    #: card) of the cards still in it (§2.4.4.5–6; solo: one pile).
    piles: tuple[tuple[int, ...], ...]
    #: Per colour, the unseen cards of it not yet turned over (deck and removed cards).
    pools: tuple[tuple[int, ...], ...]
    #: The missions not in sight, and how many of them are in the mission deck.
    missions: tuple[int, ...]
    mission_count: int

    @property
    def cards_left(self) -> int:
        """The cards still in the deposit deck."""
        return sum(map(len, self.piles))


def draw_top(unseen: Unseen) -> tuple[int, Unseen]:
    """The top card of the deposit deck turned over, and what is unseen after it."""
    key, step, piles, pools = unseen.key, unseen.step, unseen.piles, unseen.pools
    pile = piles[0]
    i = pick(key, step, len(pile))
    label, rest = pile[i], pile[:i] + pile[i + 1 :]
    piles = (rest, *piles[1:]) if rest else piles[1:]
    if label == CHASM_CARD:
        return CHASM_CARD, unseen._replace(step=step + 1, piles=piles)
    card, pools = _take(pools, label, pick(key, step + 1, len(pools[label])))
    return card, unseen._replace(step=step + 2, piles=piles, pools=pools)


def deal(unseen: Unseen) -> tuple[list[int], list[int], list[int]]:
    """Every unseen card and mission in place: ``(deck, removed, mission_deck)``."""
    deck = []
    while unseen.piles:
        card, unseen = draw_top(unseen)
        deck.append(card)
    removed = sorted(card for pool in unseen.pools for card in pool)
    key, step = unseen.key, unseen.step
    missions, mission_deck = list(unseen.missions), []
    for _ in range(unseen.mission_count):
        mission_deck.append(missions.pop(pick(key, step, len(missions))))
        step += 1
    return deck, removed, mission_deck


def _take(
    pools: tuple[tuple[int, ...], ...], colour: int, i: int
) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The ``i``-th card of ``colour``'s pool, and the pools without it."""
    pool = pools[colour]
    rest = pool[:i] + pool[i + 1 :]
    return pool[i], (*pools[:colour], rest, *pools[colour + 1 :])
