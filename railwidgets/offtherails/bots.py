"""A one-turn greedy Off the Rails bot that sees only its seat's view.

The bot never reads the game it is handed beyond ``current_player``,
``legal_actions()``, ``view(seat)`` and what every seat sees of the board
(tiles, items, the chasm, the carts, the turn: :class:`~railwidgets.offtherails.plan.Planner`). What its view
hides (the deck order, the bag, a collision's face-down piles) it fills in at
random (``Game.from_view``), and it tries its movement choices on that made-up
game, so nothing secret can steer it.

In the action phase it follows a plan: for each cart it searches the cheapest
route (squares and the side a cart leaves each by; a tile laid or upgraded costs
an action, a step a little) to the deposit worth most for the way, or, with a
load, to the nearest exit; it lays the route's tiles in front of the cart and
sets the speed so the cart stops on the deposit or leaves the mine and never
runs off its track; it puts a cart in when the turn's actions can lay the track
its first move wants. In the movement phase it tries every option (exit, jewel,
nose) on a copy, plays the rest of the move out, and keeps the one after which
its score with the load in its carts, less the best rival's, is highest (alike
options: the one on laid track towards its route). It always claims a mission,
splits a load into piles of equal value, and opens the chasm under its rivals.

For the search bot (:class:`railwidgets.core.search.SearchBot`) the module lends
its hooks: :func:`estimate` (expected final scores), :func:`rollout` (the greedy
plan for everyone over the next ``HORIZON_TURNS`` turns), :func:`shortlist` (the
greedy move and the moves that matter to one's carts) and ``FAVOURITE_MARGIN``.

>>> from railwidgets import offtherails
>>> from railwidgets.core.bots import play_out
>>> game = offtherails.Game(players=2, seed=4)
>>> play_out(game, GreedyBot(seed=1), GreedyBot(seed=2))
>>> game.is_over, max(game.scores()) > 6
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from railwidgets.core.action import Action
from railwidgets.core.bots import seat_game
from railwidgets.i18n import T_, Text
from railwidgets.offtherails import missions
from railwidgets.offtherails.actions import (
    ChangeSpeed,
    ClaimMission,
    EndActions,
    PickPile,
    PlaceCart,
    PlaceChasm,
    PlaceTile,
    SplitLoad,
    TakeItem,
)
from railwidgets.offtherails.board import (
    exits_text,
    in_grid,
    neighbour,
)
from railwidgets.offtherails.components import (
    CART_POINTS,
    EXIT_MISSIONS,
    GRID_SIZE,
    JEWEL_COLLECTOR,
    KINDS,
    MISSION_POINTS,
    MISSIONS,
    RUBY,
    RUBY_MAJORITY_POINTS,
    Square,
)
from railwidgets.offtherails.movement import counts, items_text
from railwidgets.offtherails.plan import STARTING_TRACKS, Leg, Planner, exit_distance, points
from railwidgets.offtherails.rules import Game
from railwidgets.offtherails.state import (
    ACTIONS,
    BOARD,
    CART,
    CHASM,
    EXIT,
    MISSION,
    NOSE,
    OVER,
    PICK,
    SPLIT,
    TAKE,
)

__all__ = [
    "PUZZLE_AREAS",
    "ROLLOUT_LIMIT",
    "SECTION_OF_KIND",
    "GreedyBot",
    "estimate",
    "gains",
    "puzzle_area",
    "rollout",
    "shortlist",
]

MOVING = (CART, EXIT, TAKE, NOSE, SPLIT, PICK)
LOAD_WORTH = 0.7  # a point in a cart is worth less than a point in the stockpile
RIVAL_WEIGHT = 0.5


def _even_split(action: SplitLoad) -> int:
    """How far apart in value the two piles of a split are (the bot splits evenly)."""
    return abs(points(counts(action.pile_a)) - points(counts(action.pile_b)))


class GreedyBot:
    """Plans its actions towards deposits and exits; tries its movement choices on a made-up game."""

    name = "Greedy bot"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, handed: Game | Mapping[str, Any]) -> Action:
        game = seat_game(handed)  # a view is rebuilt as a game: the bot sees nothing more
        seat = game.current_player
        assert seat is not None, "the game is over"
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        stage = game._state.stage
        if stage == ACTIONS:
            planned = Planner(game, seat).next_action()
            if planned in legal:
                return planned
            return next(a for a in legal if isinstance(a, EndActions))
        if stage == SPLIT:
            return min(legal, key=_even_split)
        if stage == PICK:
            return self._rng.choice(legal)  # blind (§2.7.5)
        if stage == MISSION:
            return next(a for a in legal if isinstance(a, ClaimMission))
        if stage == CHASM:
            return max(legal, key=lambda a: _chasm_worth(game, seat, a))
        if stage in MOVING:
            return self._best_by_trial(game.view(seat), seat, legal)
        return self._rng.choice(legal)  # the side to play from (§2.4.2)

    def _best_by_trial(self, view: Mapping[str, Any], seat: int, legal: list[Action]) -> Action:
        made = Game.from_view(view, self._rng.getrandbits(32))
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            trial = made.copy(reseed=self._rng.getrandbits(32))
            trial.apply(action)
            _finish_move(trial, seat)
            value = worth(trial, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        if len(best) > 1 and made._state.stage in (EXIT, NOSE):
            return Planner(made, seat).steer(best)  # alike now: the one on its best route
        return self._rng.choice(best)


def _chasm_worth(game: Game, seat: int, action: PlaceChasm) -> float:
    """Rivals' carts and loads swallowed, less one's own; then far from one's carts."""
    worth_ = 0.0
    own = []
    for cart in game._state.carts:
        if cart.place != BOARD:
            continue
        if cart.square == action.square:
            loss = 3 + points(cart.contents)
            worth_ += -2 * loss if cart.owner == seat else loss
        if cart.owner == seat:
            own.append(cart.square)
    distance = min((_distance(action.square, square) for square in own), default=6)
    return worth_ + 0.01 * distance


def gains(game: Game, action: Action, seat: int) -> list[Text]:
    """What ``action`` brings ``seat`` at once, in words (a hint's reasons): jewels its
    carts load, jewels it brings to its stockpile, missions it claims. ``game`` is left
    as it was.

    >>> from railwidgets import offtherails
    >>> game = offtherails.Game(players=2, seed=4)
    >>> gains(game, game.legal_actions()[0], 0)
    []
    """
    after = game.copy()
    after._apply(action)
    said: list[Text] = []

    def loads(played: Game) -> list[int]:
        held = [0] * len(KINDS)
        for cart in played._state.carts:
            if cart.owner == seat and cart.place == BOARD:
                held = [a + b for a, b in zip(held, cart.contents, strict=True)]
        return held

    def more(now: Sequence[int], then: Sequence[int]) -> tuple[int, ...]:
        return tuple(max(a - b, 0) for a, b in zip(now, then, strict=True))

    stocked = more(after._state.stockpiles[seat], game._state.stockpiles[seat])
    loaded = more(more(loads(after), loads(game)), stocked)
    if any(loaded):
        said.append(T_("your carts load {items}", items=items_text(loaded)))
    if any(stocked):
        said.append(T_("{items} to your stockpile", items=items_text(stocked)))
    for number in after._state.claimed[seat][len(game._state.claimed[seat]) :]:
        said.append(T_("the mission {name}", name=MISSIONS[number].name))
    return said


def worth(game: Game, seat: int) -> float:
    """``seat``'s score now with the loads of its carts on the board, less a share of the best rival's."""
    totals = [float(score) for score in game.scores()]
    for cart in game._state.carts:
        if cart.place == BOARD:
            totals[cart.owner] += LOAD_WORTH * points(cart.contents)
    rivals = [v for s, v in enumerate(totals) if s != seat]
    return totals[seat] - RIVAL_WEIGHT * (max(rivals) if rivals else 0.0)


def _finish_move(game: Game, seat: int) -> None:
    """Play the move in progress out with simple choices (best jewel, first exit, blind pile)."""
    while game.current_player is not None and game._state.stage in MOVING[1:]:
        legal = game.legal_actions()
        takes = [a for a in legal if isinstance(a, TakeItem)]
        if takes:
            game.apply(max(takes, key=lambda a: KINDS.index(a.item)))
        elif isinstance(legal[0], SplitLoad | PickPile):
            game.apply(legal[0])
        else:
            game.apply(Planner(game, seat).steer(legal))


def _distance(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# -- the search bot's hooks (railwidgets.core.search) -----------------------------------------------

#: Most decisions a roll-out plays; it stops sooner, at a turn boundary (see :func:`rollout`).
ROLLOUT_LIMIT = 60
#: How far a roll-out looks: the rest of this turn and this many turns more, at least one per
#: rival (two players: the rival's turn and one's own next, which shows what a move sets up).
HORIZON_TURNS = 2
#: Most root moves the search weighs in the action phase (the rest are the greedy plan's rivals).
ACTION_CANDIDATES = 9
#: The search plays another move than the greedy plan's only if it wins this much more often
#: (on common samples the moves' differences are measured closely: a small margin will do).
FAVOURITE_MARGIN = 0.01
#: How likely a mission a cart's load meets is still there to claim when it gets out.
MISSION_CHANCE = 0.7
#: A cart's prospects in the estimate: this share of its best deposit, times NEARNESS a step.
PROSPECT = 0.6
NEARNESS = 0.8


def rollout(game: Game, rng: random.Random, limit: int) -> None:
    """Play ``game`` on in place with the greedy plan for everyone: the rest of this turn and
    ``HORIZON_TURNS`` more, at least every rival's next (or ``limit`` decisions, or the end).

    A root move that ended its turn starts the roll-out at a turn's start: it counts as
    the turn it ended, so every move of one decision is judged over the same turns.
    """
    st = game._state
    last = st.turn - (st.stage == ACTIONS and st.actions_used == 0)
    stop = last + max(HORIZON_TURNS, game.num_players - 1) + 1
    for _ in range(limit):
        st = game._state
        if st.stage == OVER or (st.turn >= stop and st.stage == ACTIONS and not st.actions_used):
            return
        game._apply(policy_action(game, rng))


def policy_action(game: Game, rng: random.Random) -> Action:
    """A quick sensible move for whoever is to play: the greedy plan without its trials."""
    seat = game.current_player
    assert seat is not None, "the game is over"
    stage = game._state.stage
    if stage == ACTIONS:  # the plan, if it is legal (one check, not the list of hundreds)
        planned = Planner(game, seat).next_action()
        return planned if game.is_legal(planned) else EndActions()
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if stage == TAKE:
        return max(legal, key=lambda a: KINDS.index(a.item))  # type: ignore[attr-defined]
    if stage in (EXIT, NOSE):
        return Planner(game, seat).steer(legal)
    if stage == SPLIT:
        return min(legal, key=_even_split)
    if stage == MISSION:
        return next((a for a in legal if isinstance(a, ClaimMission)), legal[0])
    if stage == CHASM:
        return max(legal, key=lambda a: _chasm_worth(game, seat, a))
    return legal[0] if stage == CART else rng.choice(legal)


def estimate(game: Game) -> list[float]:
    """Every seat's expected final score (§2.13), for the search bot's roll-outs.

    The stockpile and missions count in full. A cart on the board counts its 3 points and
    its load only as likely as it gets out: less the farther it is from an exit and the
    closer the end (after the collapse, also the closer the chasm). The ruby majority goes
    to the most rubies expected, softly when the race is close.
    """
    if game.is_over or game.num_players == 1:
        return [float(s) for s in game.scores()]
    st = game._state
    scores = [float(s) for s in missions.final_scores(st)]
    most = max(stock[RUBY] for stock in st.stockpiles)
    rubies = [float(stock[RUBY]) for stock in st.stockpiles]
    for seat, stock in enumerate(st.stockpiles):
        if most and stock[RUBY] == most:
            scores[seat] -= RUBY_MAJORITY_POINTS
    ending = st.final_turns is not None or st.collapsed
    tracks = STARTING_TRACKS[game.options["start_tracks"] == "all"]
    deposits = [(divmod(i, GRID_SIZE), items) for i, items in enumerate(st.items) if any(items)]
    hope = PROSPECT * (0.3 if st.collapsed else 0.6 if ending else 1.0)
    for cart in st.carts:
        if cart.place != BOARD or cart.square is None:
            continue
        out = exit_distance(cart.square)
        deliver = 0.85 - (0.06 if ending else 0.025) * out
        safe = 1.0
        if st.collapsed and in_grid(cart.square):  # a rival may open the chasm under it: next
            # to a colour, 1 in 4 a turn (a cart on a starting track, D-20, is off the grid)
            r, c = cart.square
            close = {st.chasm[i] for i in _AROUND[r * GRID_SIZE + c][0] if st.chasm[i] >= 0}
            farther = {st.chasm[i] for i in _AROUND[r * GRID_SIZE + c][1] if st.chasm[i] >= 0}
            safe = max(0.1, 1.0 - 0.3 * len(close) - 0.1 * len(farther - close) - 0.02 * out)
            deliver *= safe
        ahead = neighbour(cart.square, cart.facing)
        if in_grid(ahead):
            if st.chasm[ahead[0] * GRID_SIZE + ahead[1]] >= 0:
                deliver, safe = 0.0, 0.0  # it drives into the chasm on its next move
        elif ahead not in tracks:
            deliver = 0.0  # it runs off the board on its next move
        deliver = max(0.05, deliver) if deliver else 0.0
        contents = cart.contents
        scores[cart.owner] += deliver * points(contents)
        scores[cart.owner] -= CART_POINTS * (1.0 - safe)
        rubies[cart.owner] += deliver * contents[RUBY]
        if (
            any(  # a face-up mission it would meet by getting out (M3, M6, M9, M11)
                m in st.missions and contents[kind] >= count
                for m, (kind, count) in EXIT_MISSIONS.items()
            )
            or (JEWEL_COLLECTOR in st.missions and sum(contents[1:]) == 5)
        ):
            scores[cart.owner] += MISSION_POINTS * MISSION_CHANCE * deliver
        room = 5 - sum(contents)
        if room > 0 and hope:  # what it may pick up next: the best deposit, less for the way
            scores[cart.owner] += hope * max(
                (
                    _take_worth(items, room)
                    * NEARNESS ** (abs(sq[0] - cart.square[0]) + abs(sq[1] - cart.square[1]))
                    for sq, items in deposits
                ),
                default=0.0,
            )
    best = max(rubies)
    if best > 0:
        for seat, count in enumerate(rubies):
            rival = max((r for s, r in enumerate(rubies) if s != seat), default=0.0)
            scores[seat] += RUBY_MAJORITY_POINTS / (1 + math.exp(-2.0 * (count - rival + 0.4)))
    return scores


def _around(i: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The grid squares next to square ``i`` (by index), and those two steps away."""
    r, c = divmod(i, GRID_SIZE)
    rings: list[list[int]] = [[], []]
    for rr in range(GRID_SIZE):
        for cc in range(GRID_SIZE):
            d = abs(rr - r) + abs(cc - c)
            if 1 <= d <= 2:
                rings[d - 1].append(rr * GRID_SIZE + cc)
    return tuple(rings[0]), tuple(rings[1])


_AROUND = tuple(_around(i) for i in range(GRID_SIZE * GRID_SIZE))


def _take_worth(items: tuple[int, ...], room: int) -> float:
    """The points a cart with ``room`` expects from stopping on these items (2 at most, rocks first)."""
    count = sum(items)
    take = min(2, room, count)
    worth_ = points(items)
    rocks_first = max(0, take - items[0])  # jewels among what it takes
    return worth_ / max(1, count - items[0]) * rocks_first if count > items[0] else 0.0


def shortlist(game: Game, size: int) -> list[Action]:
    """The search bot's candidates, best first: the greedy bot's move, then its rivals.

    In the action phase the rivals are the moves that matter to one's carts: stop here,
    each speed up or down, each track tile or upgrade in front of a cart, each cart
    placement (a few of the hundreds of legal tiles). In the other stages, every option
    (the chasm's ranked by what it swallows). When its simulations cannot tell the moves
    apart, the search bot plays the first (see :class:`railwidgets.core.search.SearchBot`).
    """
    seat = game.current_player
    assert seat is not None, "the game is over"
    legal = game.legal_actions()
    favourite = GreedyBot(seed=0).choose(game)
    stage = game._state.stage
    if stage == ACTIONS:
        planner = Planner(game, seat)
        candidates: list[Action] = [EndActions()]
        own = [c for c in planner.carts if c.place == BOARD]
        for cart in own:
            candidates += [ChangeSpeed(cart.name, 1), ChangeSpeed(cart.name, -1)]
        for cart in own:
            route = planner.route(cart)
            leg = next((leg for leg in route.legs if leg.build), None) if route else None
            if isinstance(leg, Leg) and isinstance(leg.build, PlaceTile):
                candidates += [PlaceTile(leg.square, exits_text(1 << leg.entry | 1 << side))
                               for side in range(4) if side != leg.entry]  # fmt: skip
            elif isinstance(leg, Leg) and leg.build is not None:
                candidates.append(leg.build)
        candidates += [a for a in legal if isinstance(a, PlaceCart)]
        size = min(size, ACTION_CANDIDATES)
        allowed = set(legal)
        ranked = [favourite, *(a for a in candidates if a in allowed and a != favourite)]
    elif stage == CHASM:
        ranked = sorted(legal, key=lambda a: -_chasm_worth(game, seat, a))
        ranked = [favourite, *(a for a in ranked if a != favourite)]
    else:
        ranked = [favourite, *(a for a in legal if a != favourite)]
    return list(dict.fromkeys(ranked))[:size]


#: The rules section of each kind of decision, for puzzles (``railwidgets.core.puzzles``).
SECTION_OF_KIND: dict[str, str] = {
    "place_tile": "A1",
    "upgrade": "A2",
    "place_cart": "A3",
    "change_speed": "A4",
    "end_actions": "§2.6",
    "choose_side": "§2.4.2",
    "claim_mission": "§2.8",
    "no_claim": "§2.8",
    "end_now": "§2.10",
    "place_chasm": "§2.10",
    **dict.fromkeys(
        ("choose_cart", "choose_exit", "set_nose", "take_item", "split_load", "pick_pile"), "§2.7"
    ),
}

#: The rule areas that matter most to strategy, each with three puzzles at least: laying
#: track, placing carts, and their speed.
PUZZLE_AREAS = ("A1", "A3", "A4")


def puzzle_area(game: Game, action: Action, seat: int, other: Action) -> str:
    """The rules section a puzzle whose answer is ``action`` is about (:data:`SECTION_OF_KIND`;
    ``other``, the next best move, does not change it)."""
    return SECTION_OF_KIND[action.kind]
