"""Ways to play whole games for property tests and golden games.

:class:`KindBot` picks a kind of action at random, then one action of that kind,
so carts get placed, sped up and moved far more often than with a uniformly
random bot (which almost only lays tiles). :func:`dense_start` begins a game on
a board already covered with random track, where carts meet, pick up and collide.
"""

from __future__ import annotations

import random
from typing import Any

from railwidgets import offtherails as otr
from railwidgets.core import Action
from railwidgets.core.bots import View, seat_game

#: Junctions, mostly crosses, so that carts wander far and meet.
SHAPES = ("NESW", "NESW", "NES", "ESW", "NSW", "NEW")
MINE_SQUARES = [sq for mine in otr.components.MINE_SQUARES for sq in mine]


class KindBot:
    """A random bot, uniform over action kinds first (its own seeded generator)."""

    name = "Kind bot"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        game = seat_game(view)  # a view or a game made from one: the same legal actions
        by_kind: dict[str, list[Action]] = {}
        for action in game.legal_actions():
            by_kind.setdefault(action.kind, []).append(action)
        kinds = sorted(by_kind)
        if len(kinds) > 1 and "end_now" in kinds:
            kinds.remove("end_now")  # a solo game that stops at once teaches nothing
        kind = self._rng.choice(kinds)
        options = by_kind[kind]
        if kind in ("choose_exit", "set_nose"):
            options = [a for a in options if _stays_on_track(game, a.edge)] or options  # type: ignore[attr-defined]
        return self._rng.choice(options)


def _stays_on_track(game: otr.Game, edge: str) -> bool:
    """Whether the moving cart's next step that way leads onto connected track or out."""
    view = game.view(game.current_player or 0)
    cart = view["carts"][view["move"]["cart"]]
    side = "NESW".index(edge)
    row, col = otr.board.neighbour(tuple(cart["square"]), side)
    if not (0 <= row < 12 and 0 <= col < 12):
        side_tracks = otr.components.START_TRACKS[otr.board.surface_side((row, col))]
        return (row, col) in side_tracks
    tiles = {tuple(s["square"]): s["tile"] for s in view["squares"]}
    tile = tiles.get((row, col))
    return bool(tile) and "NESW"[(side + 2) % 4] in tile


def dense_start(players: int, seed: int, **options: Any) -> otr.Game:
    """A new game on a board already holding 90 junctions (sides chosen).

    Crosses run along every row and column of starting tracks (rows and columns
    1, 4, 7 and 10, through the mines), and 10 random junctions sit on other mine
    squares, so carts can wander, pick up, meet and leave anywhere.
    """
    rng = random.Random(seed)
    game = otr.Game(players=players, seed=seed, **options)
    if players > 1:
        game.apply(otr.ChooseSide(rng.choice("NESW")))  # type: ignore[arg-type]
    position = game.position()
    lines = (1, 4, 7, 10)
    highways = {(r, c) for r in range(12) for c in range(12) if r in lines or c in lines}
    others = sorted(set(MINE_SQUARES) - highways)
    tiles = dict.fromkeys(highways, "NESW")
    tiles |= {sq: rng.choice(SHAPES) for sq in rng.sample(others, 90 - len(highways))}
    items = {tuple(s["square"]): s["items"] for s in position["squares"]}
    position["squares"] = [
        {"square": [r, c], "tile": tiles.get((r, c)), "items": items.get((r, c), {}), "chasm": None}
        for r, c in sorted(set(tiles) | set(items))
    ]
    position["tiles"] = {"used": 90, "destroyed": 0}
    return otr.Game.from_position(position, seed=seed)


def play(game: otr.Game, seed: int, limit: int = 20_000) -> otr.Game:
    bot = KindBot(seed)
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply(bot.choose(game.view(game.current_player)))
    raise AssertionError("the game did not end")
