"""A simple greedy Mini Rails bot that plays sensible moves through the public API.

It sees only its seat's view (which in Mini Rails is all of the table: only
the draws of the rounds to come are hidden). It tries every legal action on a
copy of a game rebuilt from that view and keeps the one after
which its own expected final score, less the best rival's, is highest. The
expectation thinks about the tax: a share of a company already taxed keeps
its gains, one never taxed keeps its losses, and a company not yet taxed may
still be (the fewer rounds remain, the less likely). It also looks one step
ahead at where each company can still build (good hexes raise its shares,
a blocked company only falls).

>>> from railwidgets import minirails
>>> from railwidgets.core.bots import play_out
>>> game = minirails.Game(players=3, seed=2)
>>> play_out(game, GreedyBot(seed=1), GreedyBot(seed=2), GreedyBot(seed=3))
>>> game.is_over
True
"""

from __future__ import annotations

import random

from railwidgets.core.action import Action
from railwidgets.core.bots import View, seat_game
from railwidgets.core.errors import RecordError
from railwidgets.minirails.components import (
    BLOCKED_PENALTY,
    COMPANIES,
    PROFIT_MAX,
    PROFIT_MIN,
    ROUNDS,
    TERRAIN_VALUE,
)
from railwidgets.minirails.rules import Build, Buy, Game

__all__ = ["PUZZLE_AREAS", "ROLLOUT_LIMIT", "GreedyBot", "estimate", "puzzle_area", "shortlist"]

#: The search bot's random play after its tree stops this many decisions on, then asks
#: :func:`estimate` (random play to the end says little about how good players end).
ROLLOUT_LIMIT = 4


class GreedyBot:
    """One-ply greedy play with a tax-aware estimate; ties broken by its own seeded generator."""

    name = "Greedy bot"

    def __init__(self, seed: int | None = None, rival_weight: float = 0.6):
        self._rng = random.Random(seed)
        self.rival_weight = rival_weight

    def choose(self, view: View | Game) -> Buy | Build:
        game = seat_game(view)  # Mini Rails hides nothing; the trials reseed chance
        if not isinstance(game, Game):
            raise RecordError(f"the Mini Rails greedy bot was handed a view of {game.TITLE}")
        seat = game.current_player
        assert seat is not None, "the game is over"
        best: list[Buy | Build] = []
        best_value = float("-inf")
        for action in game.legal_actions():
            trial = game.copy(reseed=self._rng.getrandbits(32))
            trial.apply(action)
            value = self.evaluate(trial, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value  # type: ignore[list-item]
            elif abs(value - best_value) <= 1e-9:
                best.append(action)  # type: ignore[arg-type]
        return self._rng.choice(best)

    def evaluate(self, game: Game, seat: int) -> float:
        """``seat``'s expected final score less a share of the best rival's."""
        estimates = [expected_score(game, s) for s in range(game.num_players)]
        rivals = [v for s, v in enumerate(estimates) if s != seat]
        return estimates[seat] - self.rival_weight * (max(rivals) if rivals else 0.0)


def tax_chance(game: Game, company: str) -> float:
    """How likely ``company`` is to be taxed by the end (1 once it has been)."""
    s = game.state
    if company in s.taxed:
        return 1.0
    if s.over:
        return 0.0
    rounds_left = ROUNDS - len(s.taxed)
    in_market = sum(1 for item in s.market if item == company)
    this_round = min(1.0, in_market / max(1, sum(1 for i in s.market if isinstance(i, str))))
    later = 1 - (5 / 6) ** max(0, rounds_left - 1)
    return 1 - (1 - this_round) * (1 - later)


def drift(game: Game, company: str) -> float:
    """Roughly how much one more build of ``company`` will move its shares."""
    legal = game.legal_hexes(company)
    if not legal:
        return float(BLOCKED_PENALTY)
    values = sorted((TERRAIN_VALUE[game.state.hexes[h]] for h in legal), reverse=True)
    return sum(values[:3]) / len(values[:3]) * 0.5  # builders pick both good and bad hexes


def expected_score(game: Game, seat: int) -> float:
    """``seat``'s final score as expected from here (exact once the game is over)."""
    s = game.state
    if s.over:
        return float(game.scores()[seat])
    builds_left = (ROUNDS - len(s.taxed)) * 0.35
    total = 0.0
    for company in COMPANIES:
        shares = [share.value for share in s.shares[seat] if share.company == company]
        if not shares:
            continue
        p = tax_chance(game, company)
        move = drift(game, company) * builds_left
        for value in shares:
            v = max(PROFIT_MIN, min(PROFIT_MAX, value + move))
            total += p * max(v, 0.0) + (1 - p) * min(v, 0.0)
    return total


def estimate(game: Game) -> list[float]:
    """Every seat's expected final score (for the search bot's roll-outs)."""
    return [expected_score(game, seat) for seat in range(game.num_players)]


def shortlist(game: Game, size: int) -> list[Buy | Build]:
    """The ``size`` moves the greedy estimate likes best, best first (the search's candidates)."""
    seat = game.current_player
    assert seat is not None, "the game is over"
    judge = GreedyBot(seed=0)
    scored = []
    for order, action in enumerate(game.legal_actions()):
        trial = game.copy(reseed=order)
        trial.apply(action)
        scored.append((-judge.evaluate(trial, seat), order, action))
    return [action for _, _, action in sorted(scored)[:size]]  # type: ignore[misc]


#: The rule areas a puzzle can be about (``railwidgets.core.puzzles``): buying a share,
#: building track, and the last round, where the end's scoring decides.
PUZZLE_AREAS = ("§2.7.5", "§2.8", "§2.10")


def puzzle_area(game: Game, action: Action, seat: int, other: Action) -> str:
    """The rules section a puzzle whose answer is ``action`` is about (:data:`PUZZLE_AREAS`;
    ``other``, the next best move, does not change it)."""
    if game._state.round >= ROUNDS:
        return "§2.10"
    return "§2.7.5" if isinstance(action, Buy) else "§2.8"
