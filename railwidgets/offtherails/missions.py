"""Missions and scoring (§2.8, §2.13, C-6) and the solo results (§2.15).

During a turn the conditions met are collected in ``state.met``; the mission
step (C-1) offers the face-up ones among them.

>>> jewels((3, 1, 1, 0, 0))  # rocks are no jewels (D-15)
2
>>> from railwidgets import offtherails
>>> g = offtherails.Game(players=2, seed=1)
>>> g.scores()  # nothing delivered yet: two carts in supply, 3 points each
[6, 6]
"""

from __future__ import annotations

from railwidgets.offtherails.components import (
    BEHIND_ENEMY_LINES,
    CART_POINTS,
    CART_RAM,
    DIRTY_GOBLINS,
    EXIT_MISSIONS,
    HEAD_TO_HEAD,
    JEWEL_COLLECTOR,
    JEWEL_HEIST,
    JEWEL_KINDS,
    MATCHING_SIDE,
    MISSION_POINTS,
    RUBY,
    RUBY_MAJORITY_POINTS,
    SOLO_POINTS,
    SPICE_OF_LIFE,
    VALUE,
    Items,
)
from railwidgets.offtherails.state import BOARD, GONE, State

__all__ = [
    "CART_RAM",
    "HEAD_TO_HEAD",
    "JEWEL_HEIST",
    "check_collector",
    "claimable",
    "final_scores",
    "note",
    "note_exit",
    "solo_result",
    "solo_score",
    "winners",
]


def note(state: State, mission: int) -> None:
    """The active player met ``mission``'s condition this turn."""
    if mission not in state.met:
        state.met = state.met | {mission}


def jewels(items: Items) -> int:
    return items[1] + items[2] + items[3] + items[4]


def note_exit(state: State, owner: int, side: int, load: Items) -> None:
    """Exit missions count one cart's load at one exit (§2.13)."""
    opponents = {s for seat, s in enumerate(state.sides) if seat != owner and s >= 0}
    if jewels(load) and side in opponents:  # M1, D-28
        note(state, BEHIND_ENEMY_LINES)
    for mission, (kind, count) in EXIT_MISSIONS.items():  # M3, M6, M9, M11
        if load[kind] >= count:
            note(state, mission)


def check_collector(state: State) -> None:
    """M5 is a state: a cart of the active player holds 5 jewels (C-6, D-15)."""
    for cart in state.carts:
        if cart.owner == state.active and cart.place == BOARD and jewels(cart.contents) == 5:
            note(state, JEWEL_COLLECTOR)
            return


def claimable(state: State) -> list[int]:
    """The face-up missions the active player may claim now (§2.8, C-1)."""
    stock = state.stockpiles[state.active]
    met = state.met | ({SPICE_OF_LIFE} if all(stock[k] for k in JEWEL_KINDS) else set())
    return sorted(m for m in state.missions if m in met and m != DIRTY_GOBLINS)


# -- scoring (§2.13) ----------------------------------------------------------------------------


def _dirty_goblins(state: State) -> set[int]:
    """Who scores Dirty Goblins: the most rocks, ties all, nobody with 0 (D-29, C-6)."""
    if DIRTY_GOBLINS not in state.missions:
        return set()
    most = max(stock[0] for stock in state.stockpiles)
    return {seat for seat, stock in enumerate(state.stockpiles) if most and stock[0] == most}


def final_scores(state: State) -> list[int]:
    """Each seat's score as if the game ended now (§2.13)."""
    most_rubies = max(stock[RUBY] for stock in state.stockpiles)
    goblins = _dirty_goblins(state)
    scores = []
    for seat, stock in enumerate(state.stockpiles):
        score = sum(VALUE[k] * n for k, n in enumerate(stock))
        if most_rubies and stock[RUBY] == most_rubies:  # D-27
            score += RUBY_MAJORITY_POINTS
        kept = sum(1 for c in state.carts if c.owner == seat and c.place != GONE)
        score += CART_POINTS * kept
        score += MISSION_POINTS * (len(state.claimed[seat]) + (seat in goblins))
        scores.append(score)
    return scores


def winners(state: State) -> list[int]:
    """Highest score; ties: most jewels, then fewest rocks, then all share (§2.13)."""
    scores = final_scores(state)

    def rank(seat: int) -> tuple[int, int, int]:
        stock = state.stockpiles[seat]
        return (scores[seat], jewels(stock), -stock[0])

    best = max(rank(seat) for seat in range(len(scores)))
    return [seat for seat in range(len(scores)) if rank(seat) == best]


# -- solo (§2.15, D-36) -------------------------------------------------------------------------


def _solo_counts(state: State) -> tuple[list[int], list[int]]:
    matched = [state.delivered[MATCHING_SIDE[k]][k] for k in JEWEL_KINDS]
    total = [state.stockpiles[0][k] for k in JEWEL_KINDS]
    return matched, total


def solo_result(state: State) -> str:
    """``"big victory"``, ``"victory"``, ``"partial victory"`` or ``"defeat"``."""
    matched, total = _solo_counts(state)
    if min(matched) >= 2:
        return "big victory"
    if min(matched) >= 1:
        return "victory"
    if min(total) >= 1:
        return "partial victory"
    return "defeat"


def solo_score(state: State) -> int:
    """1 per jewel, 100 per set delivered correctly, 10 per set to wrong sides (D-36)."""
    matched, total = _solo_counts(state)
    correct = min(matched)
    wrong = min(t - correct for t in total)
    return (
        SOLO_POINTS["jewel"] * sum(total)
        + SOLO_POINTS["correct_set"] * correct
        + SOLO_POINTS["wrong_set"] * wrong
    )
