"""The greedy Off the Rails bot's plan for the action phase: routes for carts.

A :class:`Planner` reads the board as every seat sees it (tiles, items, the chasm,
the carts, the turn) and, for each of a seat's carts, searches the cheapest
:class:`Route` to the deposit worth most for the way or, with a load, to the
nearest exit: a tile laid or upgraded costs an action, a step ``STEP_COST``.
Then it lays the route's tiles in front of the cart and sets the speed so that
the cart stops on the deposit or leaves the mine and never runs off its track
(:meth:`Planner.next_action`); in the middle of a move it keeps the cart on laid
track, towards its route (:meth:`Planner.steer`).

The greedy bot (:mod:`railwidgets.offtherails.bots`) plays the plan, and the
search bot's roll-outs play it for every seat.

>>> from railwidgets.offtherails import scenarios
>>> game = scenarios.game(
...     tiles={(0, 4): "NS", (1, 4): "NS", (2, 4): "NS"},
...     items={(2, 3): {"diamond": 2}},
...     carts=[scenarios.cart(0, "white", (1, 4), "S", "N", speed=3)],
... )
>>> planner = Planner(game, 0)
>>> route = planner.route(planner.carts[0])
>>> [str(leg.build) for leg in route.legs]  # turn off the straight track by an upgrade
['upgrade (2, 4) to NSW', 'place a NE tile at (2, 3)']
>>> planner.next_action()
Upgrade(square=(2, 4), exits='NSW')
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import compress, pairwise
from operator import mul
from typing import NamedTuple

from railwidgets.core.action import Action
from railwidgets.core.grid import opposite
from railwidgets.offtherails.actions import ChangeSpeed, EndActions, PlaceCart, PlaceTile, Upgrade
from railwidgets.offtherails.board import (
    CELLS,
    CROSS,
    MASK_SIDES,
    SIDE_OF_LETTER,
    SQUARES,
    exits_text,
    in_grid,
    neighbour,
    starting_tracks,
    surface_side,
)
from railwidgets.offtherails.components import (
    ACTIONS_PER_TURN,
    GRID_SIZE,
    JEWEL_KINDS,
    KINDS,
    MATCHING_SIDE,
    MINE_CENTRE,
    SPEED_MAX,
    SPEED_MIN,
    SPEED_START,
    START_TRACK_OFFSETS,
    TILE_SUPPLY,
    VALUE,
    Items,
    Square,
)
from railwidgets.offtherails.rules import Game
from railwidgets.offtherails.state import BOARD, EXIT, SUPPLY, Cart

__all__ = ["STARTING_TRACKS", "Leg", "Planner", "Route", "exit_distance", "points"]

# The plan (:class:`Planner`). A route's cost counts actions (a tile laid or upgraded: 1)
# and steps; a deposit is worth its items' points and their number.
#: What a step along a route costs, against an action's 1.
STEP_COST = 0.35
#: The dearest route a planner looks for (to an exit: the nearest one is always worth it).
ROUTE_LIMIT = 10.0
EXIT_LIMIT = 30.0
#: The load with which a cart makes for an exit and no longer for a deposit.
EXIT_LOAD = 3
#: What reaching its goal this turn adds to a move (against 1 a step and ACTION_WEIGHT an action).
GOAL_BONUS = 8.0
ACTION_WEIGHT = 0.3
#: Solo: what a wanted jewel adds to a deposit's worth (one of each kind is the goal, §2.15).
SOLO_WANTED = 6.0
#: How many legs past this turn's move the plan lays with the actions it has left.
LAY_AHEAD = 3


def points(items: Items) -> int:
    """The points of some items (§2.13)."""
    return sum(map(mul, VALUE, items))


@cache
def _deposit_points(items: Items) -> int:
    """A deposit's worth to a cart outside solo: its items' points and their number."""
    return points(items) + sum(items)


class Leg(NamedTuple):
    """One square of a planned run: where the cart enters, by which edge, the tile to lay
    or upgrade there first (``None`` when its track is in place), and whether a cart can
    already enter it (the build only adds the rail it goes on by)."""

    square: Square
    entry: int
    build: PlaceTile | Upgrade | None
    enterable: bool = True


class Route(NamedTuple):
    """The best run a :class:`Planner` found for a cart: what it is worth (the goal's worth
    less the way's cost), the squares on the way (``legs``), whether it ends by leaving the
    mine (the last leg is then the starting track it leaves by), and where it sets off from
    and by which edge."""

    worth: float
    legs: tuple[Leg, ...]
    leaves: bool
    start: Square
    first: int


class Planner:
    """Reads the board as a map of track, deposits and carts, and plans ``seat``'s next action.

    For each cart it searches the cheapest run (:meth:`route`) to the deposit worth most
    for the way, or, with a load, to the nearest exit: a tile laid or upgraded costs an
    action, a step ``STEP_COST``. Then it lays the run's tiles in front of the cart and
    sets the speed so that the move stays on laid track and ends on the deposit (or
    leaves the mine). It reads only what every seat sees (tiles, items, the chasm, the
    carts, the turn), so a bot hands it the game it rebuilt from its view, and a
    roll-out the game it plays.
    """

    def __init__(self, game: Game, seat: int) -> None:
        st = game._state
        self.state = st
        self.seat = seat
        self.solo = len(st.sides) == 1
        #: Solo: the jewels still wanted, not yet brought out by their matching side nor in a
        #: cart (§2.15); a deposit is worth what it holds of them.
        self.wanted = [0] * len(KINDS)
        if self.solo:
            carried = [
                sum(c.contents[k] for c in st.carts if c.place == BOARD) for k in range(len(KINDS))
            ]
            for kind in JEWEL_KINDS:
                self.wanted[kind] = (
                    not st.delivered[MATCHING_SIDE[kind]][kind] and not carried[kind]
                )
        #: Squares' worth as a deposit: the items' points and their number (solo: the wanted jewels).
        self.worth_at = {
            i: self._deposit_worth(st.items[i])
            for i in compress(range(len(SQUARES)), map(any, st.items))
        }
        self.items = {SQUARES[i]: worth for i, worth in self.worth_at.items()}
        self.all_tracks = game.options["start_tracks"] == "all"
        self.track_set = STARTING_TRACKS[self.all_tracks]
        self.outs = _OPEN_SIDES_AT[self.all_tracks]
        self.carts = [c for c in st.carts if c.owner == seat]
        self.occupied = {c.square for c in st.carts if c.place == BOARD}
        self.ending = st.final_turns is not None or st.collapsed

    def _deposit_worth(self, items: Items) -> float:
        if self.solo:
            return sum(items) + sum(
                SOLO_WANTED * n for n, w in zip(items, self.wanted, strict=True) if w
            )
        return _deposit_points(items)

    def tile(self, square: Square) -> int:
        """The exits of the tile on a grid square (0: no tile)."""
        return self.state.tiles[square[0] * GRID_SIZE + square[1]]

    def closed(self, square: Square) -> bool:
        """Whether no track can ever lead into a grid square: the chasm's, or a mine centre."""
        return self.state.chasm[square[0] * GRID_SIZE + square[1]] >= 0 or square in MINE_CENTRE

    # where a cart goes

    def heads_out(self, cart: Cart) -> bool:
        """Whether ``cart`` makes for an exit only: loaded, or with something as the game ends
        (solo: with a jewel not yet brought out by its matching side, §2.15)."""
        load = sum(cart.contents)
        if self.solo and any(cart.contents[k] and not self._matched(k) for k in JEWEL_KINDS):
            return True
        return load >= EXIT_LOAD or bool(load and (self.ending or not self.items))

    def _matched(self, kind: int) -> int:
        """Solo: how many jewels of ``kind`` came out by their matching side (§2.15)."""
        return self.state.delivered[MATCHING_SIDE[kind]][kind]

    def solo_exit(self, cart: Cart) -> int:
        """Solo: the side to bring ``cart``'s load out by: that of its jewel least brought out
        by its matching side, the most of it breaking ties (§2.15)."""
        held = [k for k in JEWEL_KINDS if cart.contents[k]] or list(JEWEL_KINDS)
        return MATCHING_SIDE[min(held, key=lambda k: (self._matched(k), -cart.contents[k]))]

    def route(self, cart: Cart, starts: Sequence[tuple[Square, int]] = ()) -> Route | None:
        """The cheapest run for ``cart`` from one of ``starts`` (a square and the side it
        leaves it by: its own square and nose by default): to the deposit whose worth less
        the way's cost is highest, or to an exit (worth its load); when it :meth:`heads_out`,
        to the nearest exit (solo: by the side its load wants, if there is a way). ``None``
        if no goal is in reach.

        Laid track costs only its steps; an open square costs a tile, any shape; a tile
        without rail on the edge the cart comes in by, or on the edge it would go on by,
        costs an upgrade (not under a cart). A square with a cart on it is left out (a
        collision stops the cart, or derails it if it is empty, §2.7.5), and so are the
        chasm's squares and the mine centres.
        """
        starts = starts or ((cart.square, cart.facing),)  # type: ignore[list-item]
        if not self.heads_out(cart):
            return self._search(cart, starts, False, None, ROUTE_LIMIT)
        if self.solo:
            found = self._search(cart, starts, True, self.solo_exit(cart), EXIT_LIMIT)
            if found is not None:
                return found
        return self._search(cart, starts, True, None, EXIT_LIMIT)

    def _search(
        self,
        cart: Cart,
        starts: Sequence[tuple[Square, int]],
        out_only: bool,
        side: int | None,
        limit: float,
    ) -> Route | None:
        """:meth:`route`'s search (Dijkstra's) over squares and the side a cart leaves them by."""
        # A state is a place (a grid square's index, or a surface position's after them)
        # times 4 plus the side the cart leaves it by; the tables are worked out once.
        tiles, chasm, outs = self.state.tiles, self.state.chasm, self.outs
        items = self.worth_at
        exits = (
            _EXIT_PLACES[self.all_tracks] if side is None else _EXITS_BY_SIDE[self.all_tracks][side]
        )
        occupied = {_PLACE[c] for c in self.occupied if c != cart.square}
        can_lay = self.state.tiles_used < TILE_SUPPLY  # (D-6)
        load_worth = float(points(cart.contents))
        top = max(max(items.values(), default=0), load_worth)
        heap: list[tuple[float, int, int, int]] = []
        count = 0
        for square, facing in starts:
            heap.append((0.0, count, _PLACE[square] * 4 + facing, -1))
            count += 1
        came: dict[int, int] = {}
        # the cheapest cost pushed for each state: a dearer (or as dear, later) push of it
        # could never be popped first, so it is not pushed at all
        pushed: dict[int, float] = {}
        reached: set[int] = set()
        best: tuple[float, int, int] | None = None  # worth, state, the exit (-1: none)
        push, pop, inf = heapq.heappush, heapq.heappop, math.inf
        while heap:
            cost, _, key, before = pop(heap)
            if key in came:
                continue
            came[key] = before
            if cost > limit or (best is not None and (out_only or top - cost <= best[0])):
                break
            here = key >> 2
            if not out_only and before >= 0 and here in items and here not in reached:
                reached.add(here)
                if best is None or items[here] - cost > best[0]:
                    best = (items[here] - cost, key, -1)
            ahead = _AHEAD_PLACE[key]
            if ahead >= CELLS:  # leaving the mine (§2.7.4), by a starting track
                if ahead in exits:
                    worth_ = -cost - STEP_COST if out_only else load_worth - cost - STEP_COST
                    if best is None or worth_ > best[0]:
                        best = (worth_, key, ahead)
                    if out_only:
                        break
                continue
            sides = outs[ahead] if ahead >= 0 else None
            if sides is None or ahead in occupied or chasm[ahead] >= 0:
                continue  # off the board without track, a mine centre, a cart, the chasm
            entry = (key & 3) ^ 2
            tile = tiles[ahead]
            step = cost + STEP_COST
            base = ahead * 4
            if tile >> entry & 1:  # on along its rail, or out by a rail an upgrade adds
                room = tile != CROSS
                for side_out in sides:
                    if side_out != entry and (tile >> side_out & 1 or room):
                        next_cost = step + (not tile >> side_out & 1)
                        state = base + side_out
                        if pushed.get(state, inf) > next_cost:
                            pushed[state] = next_cost
                            push(heap, (next_cost, count, state, key))
                            count += 1
                continue
            if tile and tile != CROSS:  # an upgrade adds the rail it comes in by
                sides = MASK_SIDES[tile | 1 << entry]
            elif tile or not can_lay:
                continue
            next_cost = step + 1.0
            for side_out in sides:
                state = base + side_out
                if side_out != entry and pushed.get(state, inf) > next_cost:
                    pushed[state] = next_cost
                    push(heap, (next_cost, count, state, key))
                    count += 1
        if best is None:
            return None
        worth_, last, leaving = best
        keys: list[tuple[Square, int]] = []
        state = last
        while state >= 0:
            keys.append((_PLACES[state >> 2], state & 3))
            state = came[state]
        keys.reverse()
        legs = [self._leg(a, b) for a, b in pairwise(keys)]
        if leaving >= 0:
            legs.append(Leg(_PLACES[leaving], opposite(last & 3), None))
        return Route(worth_, tuple(legs), leaving >= 0, *keys[0])

    def _leg(self, before: tuple[Square, int], here: tuple[Square, int]) -> Leg:
        """The leg onto ``here``'s square, coming from ``before`` and going on by ``here``'s side."""
        square, onward = here
        entry = opposite(before[1])
        tile = self.tile(square)
        rails = 1 << entry | 1 << onward
        if tile & rails == rails:
            return Leg(square, entry, None)
        if tile >> entry & 1:
            return Leg(square, entry, Upgrade(square, exits_text(tile | rails)))
        if tile:
            return Leg(square, entry, Upgrade(square, exits_text(tile | 1 << entry)), False)
        return Leg(square, entry, PlaceTile(square, exits_text(rails)), False)

    def _speeds(
        self, cart: Cart, route: Route, just_safe: bool = False
    ) -> Iterator[tuple[int, int, float]]:
        """Each speed that keeps ``cart`` on ``route``'s track, the actions it wants (the legs
        to build up to where it stops, and the speed changes) and what the move is worth.

        The cart moves exactly its speed (§2.7.2), so every leg it runs over must be built.
        Where it stops, the rail it would go on by is wanted too (a tile with a cart on it
        cannot be upgraded, A2), unless ``just_safe``: then only the rail it comes in by.
        A move is worth its steps, and more when it reaches the goal: ending on the route's
        deposit (to take 2, §2.7.3), or leaving the mine (at any speed, §2.7.4).
        """
        legs = route.legs
        stops = not route.leaves and legs[-1].square in self.items
        built = 0  # the legs to build up to the one the cart stops on
        for speed in range(SPEED_MIN, SPEED_MAX + 1):
            if speed > len(legs) and not route.leaves:
                return  # past its goal the cart runs onto track nobody planned
            if speed <= len(legs):
                stop = legs[speed - 1]
                wanted = built + (stop.build is not None and not (just_safe and stop.enterable))
                built += stop.build is not None
            else:
                wanted = built
            wanted += abs(speed - cart.speed)
            there = speed >= len(legs) and (stops or route.leaves)
            yield speed, wanted, min(speed, len(legs)) + GOAL_BONUS * there - ACTION_WEIGHT * wanted

    def speed_for(
        self, cart: Cart, route: Route, actions: int, just_safe: bool = False
    ) -> int | None:
        """The best speed for ``cart`` along ``route`` with at most ``actions`` actions
        (``None`` if none keeps it on track; see :meth:`_speeds` for ``just_safe``)."""
        options = [
            (value, speed)
            for speed, wanted, value in self._speeds(cart, route, just_safe)
            if wanted <= actions
        ]
        return max(options)[1] if options else None

    def least_wanted(self, cart: Cart, route: Route | None) -> int:
        """The fewest actions that keep ``cart`` on ``route``'s track this turn."""
        if route is None:
            return 0
        return min((wanted for _, wanted, _ in self._speeds(cart, route)), default=0)

    # the next action

    def next_action(self) -> Action:
        """The plan's next action: first what keeps each cart on track and brings it on
        (with room left for a new cart whose track the turn can lay), then the new cart,
        then track laid ahead for the next turn."""
        left = ACTIONS_PER_TURN - self.state.actions_used
        # the loaded carts first: when the actions cannot keep every cart on track, an
        # empty cart that derails loses nothing but its way back (§2.7.6)
        on_board = sorted(
            (c for c in self.carts if c.place == BOARD), key=lambda c: -points(c.contents)
        )
        routes = [self.route(cart) for cart in on_board]
        wanted = [self.least_wanted(cart, r) for cart, r in zip(on_board, routes, strict=True)]
        placed = self._new_cart(on_board, left - sum(wanted))
        spare = left - (placed[1] if placed else 0)
        for k, (cart, route) in enumerate(zip(on_board, routes, strict=True)):
            if route is None:
                action = self._keep_alive(cart)
                if action is not None:
                    return action
                continue
            others = sum(wanted) - wanted[k]
            speed = self.speed_for(cart, route, max(0, spare - others))
            legs = route.legs if speed is None else route.legs[:speed]
            if speed is None:  # the others' least leaves it too few: stay on track if it can
                speed = self.speed_for(cart, route, left, just_safe=True)
                if speed is not None:  # (where it stops, only the rail it comes in by)
                    legs = route.legs[:speed]
                    legs = legs if not legs or not legs[-1].enterable else legs[:-1]
            build = next((leg.build for leg in legs if leg.build is not None), None)
            if build is not None:
                return build  # (with no speed that keeps it on track: as much track as it can)
            if speed is not None and speed != cart.speed:
                return ChangeSpeed(cart.name, 1 if speed > cart.speed else -1)
        if placed:
            return placed[0]
        for cart, route in zip(on_board, routes, strict=True):
            ahead = route.legs[: cart.speed + LAY_AHEAD] if route else ()
            build = next((leg.build for leg in ahead if leg.build is not None), None)
            if build is not None:
                return build
        return EndActions()

    def _new_cart(self, on_board: list[Cart], actions: int) -> tuple[PlaceCart, int] | None:
        """A cart to place, on the starting track with the best route, and the actions it
        takes with the track its first move wants, if ``actions`` are enough (A3); none
        after the collapse (it would only risk the chasm, §2.11, and its 3 points, §2.13)."""
        in_supply = [c for c in self.carts if c.place == SUPPLY]
        limit = 4 if self.solo else 2  # solo: up to 4 carts (D-33)
        if not in_supply or len(on_board) >= limit or self.state.collapsed or actions < 1:
            return None
        cart = in_supply[0].copy()
        cart.speed = SPEED_START
        side = cart.colour if cart.colour >= 0 else self.state.sides[self.seat]
        tracks = [p for p in starting_tracks(self.all_tracks)[side] if p not in self.occupied]
        route = self.route(cart, [(p, opposite(surface_side(p))) for p in tracks])
        if route is None:
            return None
        cart.square, cart.facing = route.start, route.first
        wanted = 1 + self.least_wanted(cart, route)
        if wanted > actions:
            return None  # else it runs off its unfinished track and derails (§2.7.6)
        return PlaceCart(cart.name, route.start), wanted

    def _keep_alive(self, cart: Cart) -> Action | None:
        """With no goal in reach (walled in by the chasm): as slow as it goes, so that it
        stays on its track as long as it can."""
        return ChangeSpeed(cart.name, -1) if cart.speed > SPEED_MIN else None

    def steer(self, legal: list[Action]) -> Action:
        """An exit or nose (in ``legal``) that sets the moving cart on its best route, among
        those with laid track for the steps it has left (no action can lay more in the
        middle of a move, §2.7.2)."""
        st = self.state
        cart = st.carts[st.move.cart]  # type: ignore[union-attr]
        square: Square = cart.square  # type: ignore[assignment]
        steps = st.move.steps if st.stage == EXIT else 0  # type: ignore[union-attr]

        def badness(action: Action) -> tuple[bool, float]:
            side = SIDE_OF_LETTER[action.edge]  # type: ignore[attr-defined]
            route = self.route(cart, [(square, side)])
            safe = self.runs_on(cart, square, side, steps)
            return (not safe, -route.worth if route else math.inf)

        return min(legal, key=badness)

    def runs_on(self, cart: Cart, square: Square, side: int, steps: int) -> bool:
        """Whether ``cart``, leaving ``square`` by ``side``, can make ``steps`` more steps on
        laid track (or leave the mine, or stop against a cart it is loaded enough to hit)."""
        if steps <= 0:
            return True
        ahead = _AHEAD[square][side]
        if ahead in self.track_set:
            return True
        if not in_grid(ahead) or self.closed(ahead):
            return False
        if ahead in self.occupied:
            return any(cart.contents)  # an empty cart derails in a collision (§2.7.5)
        tile = self.tile(ahead)
        entry = opposite(side)
        if not tile >> entry & 1:
            return False
        return any(
            self.runs_on(cart, ahead, out, steps - 1) for out in MASK_SIDES[tile] if out != entry
        )


STARTING_TRACKS = {
    every: {p for side in starting_tracks(every) for p in side} for every in (False, True)
}
#: The squares next to each grid square and surface position, by side (N, E, S, W).
_AHEAD: dict[Square, tuple[Square, ...]] = {
    p: tuple(neighbour(p, side) for side in range(4))
    for p in (*SQUARES, *(q for side in starting_tracks(True) for q in side))
}


def _open_sides(all_tracks: bool) -> tuple[tuple[int, ...] | None, ...]:
    """For each grid square by index, the sides a tile's rail may lead out by (onto a
    square that can hold track, or a starting track, D-3), the ones nearer an exit first
    (``None`` for a mine centre): a planned tile never points into one or off the board."""
    tracks = STARTING_TRACKS[all_tracks]

    def fits(p: Square) -> bool:
        return p in tracks or (in_grid(p) and p not in MINE_CENTRE)

    return tuple(
        None
        if p in MINE_CENTRE
        else tuple(
            sorted(
                (s for s in range(4) if fits(_AHEAD[p][s])),
                key=lambda s: exit_distance(_AHEAD[p][s]) if in_grid(_AHEAD[p][s]) else 0,
            )
        )
        for p in SQUARES
    )


def exit_distance(square: Square) -> int:
    """Steps from ``square`` to the nearest printed starting track (any side), as the crow flies."""
    r, c = square
    best = 99
    for offset in START_TRACK_OFFSETS:
        best = min(
            best,
            r + 1 + abs(c - offset),
            GRID_SIZE - r + abs(c - offset),
            c + 1 + abs(r - offset),
            GRID_SIZE - c + abs(r - offset),
        )
    return best


# The planner's search by numbers (Planner._search): the grid squares by index, then the
# surface positions; each place's neighbours by side (-1: nowhere a cart can be).
_PLACES: tuple[Square, ...] = (*SQUARES, *(q for side in starting_tracks(True) for q in side))
_PLACE = {p: i for i, p in enumerate(_PLACES)}
_AHEAD_PLACE = tuple(_PLACE.get(_AHEAD[p][side], -1) for p in _PLACES for side in range(4))
_EXIT_PLACES = {
    every: frozenset(_PLACE[p] for p in STARTING_TRACKS[every]) for every in (False, True)
}
_EXITS_BY_SIDE = {
    every: {side: frozenset(_PLACE[p] for p in starting_tracks(every)[side]) for side in range(4)}
    for every in (False, True)
}
_OPEN_SIDES_AT = {every: _open_sides(every) for every in (False, True)}
