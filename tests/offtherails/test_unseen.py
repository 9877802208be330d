"""A sampled game's face-down cards, ordered only as they are turned over (issue 16).

A game drawn from a view keeps the deposit deck, the removed cards and the mission
deck unordered (``unseen.Unseen``) until it reveals them; that must
be the same game as one dealt in full at the start.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from railwidgets import offtherails
from railwidgets.core import RandomBot
from railwidgets.offtherails.components import CHASM_CARD
from railwidgets.offtherails.unseen import Unseen, deal, draw_top

#: Two piles (the top one holds the Chasm card), two colours: colour 0 has two deck
#: slots, colour 1 two deck slots and two removed cards.
SMALL = Unseen(
    key=0,
    step=0,
    piles=((0, 1, CHASM_CARD), (0, 1)),
    pools=((0, 1), (8, 9, 10, 11)),
    missions=(3, 5, 7),
    mission_count=2,
)


def _turned_over(unseen: Unseen) -> list[int]:
    cards = []
    while unseen.piles:
        card, unseen = draw_top(unseen)
        cards.append(card)
    return cards


def test_a_lazy_deck_turns_over_every_unseen_card_once_and_every_order_can_happen() -> None:
    orders, top_piles = Counter(), Counter()
    for key in range(6000):
        unseen = SMALL._replace(key=key)
        deck, removed, missions = deal(unseen)
        assert _turned_over(unseen) == deck  # turned over one by one, or dealt: one order
        assert sorted([*deck, *removed]) == [0, 1, 8, 9, 10, 11, CHASM_CARD]
        assert [c // 8 for c in deck[3:]] in ([0, 1], [1, 0])  # each pile keeps its colours
        assert CHASM_CARD in deck[:3]
        assert len(removed) == 2 and all(c // 8 == 1 for c in removed)
        assert len(set(missions)) == 2 and set(missions) <= {3, 5, 7}
        orders[tuple(deck)] += 1
        top_piles[tuple("c" if c == CHASM_CARD else c // 8 for c in deck[:3])] += 1
    # every order of the top pile's colours, about equally often (6 orders: 1000 each)
    assert set(top_piles) == set(itertools.permutations((0, 1, "c")))
    assert all(800 < n < 1200 for n in top_piles.values())
    # every deck: 6 orders of the top pile x 2 of the bottom, x 2 of the red cards x 4*3 blue
    assert len(orders) == 6 * 2 * 2 * 12


def test_cards_dealt_after_some_are_turned_over_are_the_rest_of_the_same_deal() -> None:
    for key in range(200):
        unseen = SMALL._replace(key=key)
        whole = deal(unseen)
        drawn = []
        for _ in range(3):
            card, unseen = draw_top(unseen)
            drawn.append(card)
            deck, *rest = deal(unseen)
            assert (drawn + deck, *rest) == whole


def _sampled(seed: int) -> offtherails.Game:
    """A game drawn from a two-player view in mid-game."""
    game = offtherails.Game(players=2, seed=seed)
    bot = RandomBot(seed=seed)
    for _ in range(12):
        game.apply(bot.choose(game.view(game.current_player)))
    return offtherails.Game.sampler(game.view(game.current_player))(seed=seed)


def test_a_sampled_game_orders_its_cards_only_as_it_turns_them_over() -> None:
    # that it is one game however it is looked at: tests/core/test_views.py
    game = _sampled(1)
    assert game._state.unseen is not None
    rng = random.Random(1)
    while not any(line.startswith("deposit") for line in game.log[-3:]):
        game.apply(rng.choice(game.legal_actions()))  # until a deposit card is turned over
    assert game._state.unseen is not None  # only the cards turned over are in order
    game.position()  # a position deals the rest
    assert game._state.unseen is None


def test_the_collapse_of_a_sampled_game_turns_over_its_chasm_deck_without_dealing_the_rest() -> (
    None
):
    for seed in range(4):
        game = _sampled(seed)
        rng = random.Random(seed)
        while not game._state.collapsed and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        assert game._state.collapsed
        assert game._state.unseen is not None  # the cards left in the deck are never needed
        assert len(game._state.chasm_deck) == 0
