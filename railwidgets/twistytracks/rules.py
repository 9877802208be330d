"""The Twisty Tracks rules engine (``rules/twisty-tracks.md``), with no UI at all.

Every player builds track in their own 5×3 frame. Each round, everyone still
playing places the tile they drew, secretly and at the same time; the game takes
these decisions one seat after another and reveals them together once all have
placed. Then every board moves its trains in lock-step, and the stations score
the round's arrivals for all players together.

>>> game = Game(players=2, seed=3)
>>> game.current_player
0
>>> game.legal_actions()[1]
PlaceTile(seat=0, tile=13, cell=(1, 2), rotation=1)
>>> game.apply(game.legal_actions()[0])
>>> print(game.legal_actions()[0])
seat 1 places T05 at (1,2) turned 0°
>>> game.view(0)["players"][1]["placement"] is None  # seat 1's choice stays hidden
True
>>> from railwidgets.core import RandomBot, play_out
>>> play_out(game, RandomBot(seed=1))
>>> game.is_over, game.scores(), game.winners()
(True, [38, 28], [0])

The position
------------
:meth:`Game.position` gives the whole state as plain data, and
:meth:`Game.from_position` starts a game from it. Besides ``"game"`` and
``"options"`` (``players``, ``scoring``) it has:

``"round"``
    The round being played, from 1 (the last round once the game is over).
``"players"``
    One object per seat:

    ``"stack"``: the tile numbers (1–15) still face down, top first; the top one
    is the tile drawn this round (R22, R26).
    ``"tiles"``: the placed tiles as ``[x, y, tile, rotation]``, in cell order.
    ``"placement"``: this round's secret choice ``[x, y, rotation]`` for the top
    tile of the stack, or ``null`` while the seat has not placed (R25).
    ``"trains"``: one object per train colour (``"red"``, ``"blue"``, ``"green"``,
    ``"yellow"``) with ``"state"`` (R7: ``"waiting_at_depot"``, ``"active"``,
    ``"arrived"``, ``"crashed"`` or ``"dead_end"``), ``"at"`` (``[x, y, port]``:
    the empty cell and port an unfinished train faces, else ``null``),
    ``"travel"`` (borders crossed, R40), ``"station"`` (where it arrived, else
    ``null``) and ``"round"`` (when it arrived or was lost, else ``null``).
    ``"station_points"``: points scored at stations (R46).
``"stations"``
    One object per station (``"NW"``, ``"N"``, ... in board order) with
    ``"spaces"`` (per value space, highest first, the tokens on it) and
    ``"penalty"`` (the tokens on the penalty space). A token is ``[seat,
    colour]``, or ``"marked"`` for an unused colour's token on a marked space.

The seats still to decide this round are the seats with an unfinished train and
no placement, in seat order. A position loads only if it can happen: placed tiles
never move, so every unfinished train must stand where the track from its depot
ends, having crossed exactly its ``"travel"`` borders (R38).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from railwidgets.core.action import Action, decode_action, trust
from railwidgets.core.errors import IllegalActionError
from railwidgets.core.game import Game as BaseGame
from railwidgets.core.game import Option
from railwidgets.core.grid import Cell
from railwidgets.i18n import N_, NT_, T_, Joined, Text, joined
from railwidgets.twistytracks.board import ACTIVE, ARRIVED, Board, Step, cell_index
from railwidgets.twistytracks.components import (
    CELLS,
    HEIGHT,
    TILES,
    TRAIN_NAMES,
    WIDTH,
    named,
    player_name,
)
from railwidgets.twistytracks.position import (
    dump_position,
    hidden_drawer,
    load_position,
    position_from_view,
)
from railwidgets.twistytracks.stations import Columns, new_columns, score_stations
from railwidgets.twistytracks.text import game_text

__all__ = ["SCORING_MODES", "Game", "PlaceTile", "State", "action_from_dict"]

#: The scoring options: the main game and the two variants (R52, R53).
SCORING_MODES = ("full", "stations_only", "travel_only")


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """``seat`` places the tile it drew, ``tile``, in ``cell`` turned ``rotation`` quarter turns.

    >>> print(PlaceTile(seat=0, tile=7, cell=(2, 1), rotation=1))
    seat 0 places T07 at (2,1) turned 90°
    """

    kind: ClassVar[str] = "place"
    seat: int
    tile: int
    cell: tuple[int, int]
    rotation: int

    def __str__(self) -> str:
        # Readable even for a malformed action, whose refusal names it.
        tile = f"T{self.tile:02d}" if _is_int(self.tile) else f"tile {self.tile!r}"
        cell = f"({self.cell[0]},{self.cell[1]})" if _is_cell(self.cell) else repr(self.cell)
        turn = f"{90 * self.rotation}°" if _is_int(self.rotation) else repr(self.rotation)
        return f"seat {self.seat} places {tile} at {cell} turned {turn}"


@functools.cache  # the legal actions list them at every decision: each is made once
def _placements(seat: int, tile: int, cell: Cell) -> tuple[PlaceTile, ...]:
    """``seat`` placing ``tile`` in ``cell``, turned 0–3 quarter turns."""
    placements = tuple(PlaceTile(seat, tile, cell, rotation) for rotation in range(4))
    trust(placements)  # made once and kept: apply() knows them at a glance
    return placements


@functools.cache  # the legal actions list them at every decision
def _placements_by_cell(seat: int, tile: int) -> tuple[tuple[PlaceTile, ...], ...]:
    """``_placements(seat, tile, cell)`` for every cell, by cell number."""
    return tuple(_placements(seat, tile, cell) for cell in CELLS)


@functools.cache  # a line of the log at every placement
def _placement_line(seat: int, tile: int, cell_no: int, rotation: int) -> str:
    x, y = CELLS[cell_no]
    return T_(
        "{seat} places {tile} at {cell} turned {turn}",
        seat=_seat(seat),
        tile=f"T{tile:02d}",
        cell=f"({x},{y})",
        turn=f"{90 * rotation}°",
    )


@functools.cache  # a line of the log at every round
def _round_line(round_no: int, seats: tuple[int, ...]) -> str:
    return NT_(
        "round {round} begins: seat(s) {seats} draw a tile",
        "round {round} begins: seat(s) {seats} draw a tile",
        len(seats),
        round=round_no,
        seats=_seat_list(seats),
    )


def action_from_dict(data: Any) -> PlaceTile:
    """The action that :meth:`PlaceTile.to_dict` described (``ValueError`` if malformed).

    >>> action_from_dict({"type": "place", "seat": 1, "tile": 3, "cell": [1, 2], "rotation": 0})
    PlaceTile(seat=1, tile=3, cell=(1, 2), rotation=0)
    """
    action = decode_action(data, Game.ACTIONS)
    assert isinstance(action, PlaceTile)
    return action


class State:
    """The whole mutable state: the round, one board per seat, the station columns.

    Copies share their boards until one of them changes a board (copy on write):
    an action changes one or a few boards, and the game copies its state before
    every action (for undo). Change a board only through :meth:`own_board`.
    """

    __slots__ = ("boards", "columns", "key", "legal", "owned", "round", "to_place")

    def __init__(self, round_no: int, boards: list[Board], columns: Columns) -> None:
        self.round = round_no
        self.boards = boards
        #: Immutable: station scoring replaces the mapping.
        self.columns = columns
        #: The seats still to decide this round, in seat order (empty once over).
        self.to_place = tuple(
            seat for seat, b in enumerate(boards) if b.playing and b.placement is None
        )
        #: Per seat, the cells it may place in this round (R28, R29), found once a round.
        self.legal = tuple(tuple(b.legal_cells()) if b.playing else () for b in boards)
        #: The seats whose board no copy shares, so that this state may change it.
        self.owned = set(range(len(boards)))
        #: A game drawn from a view: where the tiles it has not drawn yet come from (the
        #: zeros in its stacks, :meth:`Board.turn_over`). ``None`` in every other game.
        self.key: int | None = None

    def copy(self) -> Self:
        state = object.__new__(type(self))
        state.round = self.round
        state.boards = self.boards.copy()
        state.columns = self.columns
        state.to_place = self.to_place
        state.legal = self.legal
        state.key = self.key
        state.owned = set()
        self.owned.clear()  # every board is shared now
        return state

    def own_board(self, seat: int) -> Board:
        """``seat``'s board, to change: copied first if a copy of the state shares it."""
        board = self.boards[seat]
        if seat not in self.owned:
            board = self.boards[seat] = board.copy()
            self.owned.add(seat)
        return board


class Game(BaseGame):
    """A game of Twisty Tracks for 1–8 players (5–8 on the doubled scoring board)."""

    NAME = "twistytracks"
    TITLE = N_("Twisty Tracks")
    PLAYERS = range(1, 9)
    DEFAULT_PLAYERS = 2
    #: 5–8 players need the doubled scoring board, which is our design (§2.14 R55, D14).
    DESIGNED_PLAYERS = frozenset(range(5, 9))
    OPTIONS = (
        Option(
            "scoring",
            N_(
                "what scores: travel and stations (the full game), or, as variants, "
                "stations only or travel only (§2.14)"
            ),
            SCORING_MODES,
            "full",
            label=N_("Scoring"),
            words=(
                ("full", N_("travel and stations")),
                ("stations_only", N_("stations only")),
                ("travel_only", N_("travel only")),
            ),
        ),
    )
    ACTIONS = (PlaceTile,)

    _state: State

    # -- setup -------------------------------------------------------------------------------

    def _setup(self) -> State:
        boards = []
        for _ in range(self.num_players):
            stack = list(range(1, len(TILES) + 1))
            self._chance.shuffle(stack)  # §2.6 R22: each player's face-down stack
            boards.append(Board.new(tuple(stack)))  # §2.6 R23: trains on their starting tracks
        # §2.6 R24: with fewer than 4 (or 8) players, cover the marked spaces.
        state = State(1, boards, new_columns(self.num_players))
        self._say(
            NT_(
                "{n} player(s) shuffle their 15 tiles; round 1 begins",
                "{n} player(s) shuffle their 15 tiles; round 1 begins",
                self.num_players,
            )
        )
        return state

    # -- whose turn, what is legal ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return not self._state.to_place

    def _current_player(self) -> int:
        # Secret, simultaneous choices are taken one seat after another (DESIGN.md §2).
        return self._state.to_place[0]

    def _legal_actions(self) -> list[Action]:
        state = self._state
        seat = state.to_place[0]
        tile = state.boards[seat].stack[0]
        by_cell = _placements_by_cell(seat, tile)
        actions: list[Action] = []
        for x, y in state.legal[seat]:
            actions += by_cell[y * WIDTH + x]  # the number of cell (x, y)
        return actions

    def _check(self, action: Action) -> None:
        assert isinstance(action, PlaceTile)
        state = self._state
        seat, cell, rotation = action.seat, action.cell, action.rotation
        if (  # the usual case, a legal action, in a few direct checks (each passes below)
            seat == state.to_place[0]
            and cell in state.legal[seat]
            and action.tile == state.boards[seat].stack[0]
            and 0 <= rotation < 4
        ):
            return
        if not _is_int(seat) or not 0 <= seat < self.num_players:
            raise IllegalActionError(
                T_(
                    "§2.7 R25: the players are seats 0–{last}, not {seat}",
                    last=self.num_players - 1,
                    seat=repr(seat),
                )
            )
        if seat != state.to_place[0]:  # the seat to decide plays and has not placed yet
            self._refuse_seat(seat)
        board = state.boards[seat]
        # the base class has checked every field's type (ints, a pair of ints)
        if action.tile != board.stack[0]:
            raise IllegalActionError(
                T_(
                    "§2.7 R26: {seat} drew {tile} this round, not {other}",
                    seat=_seat(seat),
                    tile=f"T{board.stack[0]:02d}",
                    other=f"T{action.tile:02d}",
                )
            )
        if not 0 <= rotation < 4:
            raise IllegalActionError(
                T_(
                    "§2.4 R6: a tile turns 0–3 quarter turns (0°–270°), not {rotation}",
                    rotation=repr(rotation),
                )
            )
        if not (0 <= cell[0] < WIDTH and 0 <= cell[1] < HEIGHT):
            raise IllegalActionError(
                T_(
                    "§2.1 R1: {cell} is not a cell of the 5×3 frame (x = 0–{x}, y = 0–{y})",
                    cell=repr(cell),
                    x=WIDTH - 1,
                    y=HEIGHT - 1,
                )
            )
        if (placed := board.tile_at(cell)) is not None:
            raise IllegalActionError(
                T_(
                    "§2.8 R28: {cell} already holds {tile}; a tile goes into an empty cell",
                    cell=f"({cell[0]},{cell[1]})",
                    tile=f"T{placed[0]:02d}",
                )
            )
        if not board.faces(cell):
            raise IllegalActionError(
                T_(
                    "§2.8 R29: no train of {seat} waits in front of {cell}; legal cells: {cells}",
                    seat=_seat(seat),
                    cell=f"({cell[0]},{cell[1]})",
                    cells=_cells(board.legal_cells()),
                )
            )

    def _refuse_seat(self, seat: int) -> None:
        """Say why ``seat``, a seat of the game, is not the seat to decide now."""
        state = self._state
        board = state.boards[seat]
        if not board.playing:
            raise IllegalActionError(
                T_(
                    "§2.13 R50: {seat} has passed: all its trains have arrived or crashed",
                    seat=_seat(seat),
                )
            )
        if board.placement is not None:
            raise IllegalActionError(
                T_(
                    "§2.7 R25: {seat} has already placed its tile in round {round}",
                    seat=_seat(seat),
                    round=state.round,
                )
            )
        raise IllegalActionError(
            T_(
                "§2.7 R25: {first} decides first this round, not {seat}",
                first=_seat(state.to_place[0]),
                seat=_seat(seat),
            )
        )

    # -- playing ---------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        assert isinstance(action, PlaceTile)
        state = self._state
        board = state.own_board(action.seat)
        board.placement = (cell_index(action.cell), action.rotation)
        state.to_place = state.to_place[1:]
        if not state.to_place:  # §2.7 R25: all have placed: reveal and resolve the round
            self._resolve_round()

    def _resolve_round(self) -> None:
        state = self._state
        round_no = state.round
        travel_counts = self.options["scoring"] != "stations_only"  # §2.14 R52
        arrivals: list[tuple[int, int, str]] = []
        placed = [seat for seat, b in enumerate(state.boards) if b.placement is not None]
        waiting: dict[int, tuple[Cell, ...]] = {}  # where each placed board's trains wait
        for seat in placed:  # a seat that passed places nothing
            board = state.own_board(seat)
            # §2.7 R26: draw the top tile, place it, move all trains.
            tile, board.stack = board.stack[0], board.stack[1:]
            cell_no, rotation = board.placement
            board.placement = None
            cell = CELLS[cell_no]
            board.place(tile, cell, rotation)
            if state.key is not None:
                board.turn_over(state.key, seat)  # next round's tile
            self._say(_placement_line(seat, tile, cell_no, rotation))
            movement = board.move_trains(round_no)
            waiting[seat] = movement.waiting
            self._say_movement(seat, board, movement.gained, movement.crashes, travel_counts)
            for train, station in movement.arrivals:
                arrivals.append((seat, train, station))
        # §2.7 R27: after all turns, score the stations for everybody together.
        # §2.14 R53: in "travel_only", stations score nothing.
        if arrivals and self.options["scoring"] != "travel_only":
            scored, state.columns = score_stations(state.columns, arrivals, self.num_players)
            for seat, train, station, points in scored:
                state.own_board(seat).station_points += points
                self._say(
                    T_(
                        "{seat}'s {colour} train scores {points} at station {station}",
                        seat=_seat(seat),
                        colour=TRAIN_NAMES[train],
                        points=points,
                        station=station,
                    )
                )
        self._start_next_round(waiting)

    def _start_next_round(self, waiting: dict[int, tuple[Cell, ...]]) -> None:
        """The next round, or the end; ``waiting`` has the legal cells of the seats that placed."""
        state = self._state
        playing: list[int] = []
        legal: list[tuple[Cell, ...]] = []
        for seat, board in enumerate(state.boards):
            if seat not in waiting:  # it did not place: it passed in an earlier round
                legal.append(())
                continue
            cells = waiting[seat]  # a cell to place in means a train to move
            if cells and board.stack:
                playing.append(seat)
            elif not board.playing:
                self._say(
                    T_("{seat} has no train left to move and passes from now on", seat=_seat(seat))
                )
            else:  # §2.8 R31: defensive only (I5): no placement left ends the trains.
                lost = state.own_board(seat).crash_unfinished(state.round)
                self._say(
                    T_(
                        "§2.8 R31: {seat} cannot place a tile; {trains} end as crashed",
                        seat=_seat(seat),
                        trains=joined(TRAIN_NAMES[i] for i in lost),
                    )
                )
                cells = ()
            legal.append(cells)
        state.legal = tuple(legal)
        if playing:
            state.round += 1
            state.to_place = tuple(playing)
            self._say(_round_line(state.round, state.to_place))
        else:  # §2.13 R50: a seat with no train to move passes; with nobody left, the end
            state.to_place = ()
            scores = self.scores()
            winners = self._winners()
            each = [T_("{seat} {points}", seat=_seat(s), points=p) for s, p in enumerate(scores)]
            self._say(
                NT_(
                    "the game is over: {scores}; winner(s): seat {seats}",
                    "the game is over: {scores}; winner(s): seat {seats}",
                    len(winners),
                    scores=joined(each),
                    seats=_seat_list(winners),
                )
            )

    def _say_movement(
        self,
        seat: int,
        board: Board,
        gained: list[int],
        crashes: list[tuple[tuple[int, ...], str]],
        travel_counts: bool,
    ) -> None:
        parts = []
        for i, steps in enumerate(gained):
            if not steps:
                continue
            train = board.trains[i]
            if train.status == ACTIVE:
                where = _WAITS_BEFORE[train.spot >> 3]
            elif train.status == ARRIVED:
                where = T_("arrives at {station}", station=train.station)
            else:
                where = _STATUS_WORDS.get(train.status) or train.status.replace("_", " ")
            if travel_counts:
                parts.append(
                    T_("{colour} +{steps} {where}", colour=TRAIN_NAMES[i], steps=steps, where=where)
                )
            else:
                parts.append(
                    NT_(
                        "{colour} {n} border(s) {where}",
                        "{colour} {n} border(s) {where}",
                        steps,
                        colour=TRAIN_NAMES[i],
                        where=where,
                    )
                )
        for trains, where in crashes:
            names = joined([TRAIN_NAMES[i] for i in trains], T_(" and "))
            parts.append(T_("{trains} collide {where}", trains=names, where=where))
        if parts:
            self._say(T_("{seat}: {parts}", seat=_seat(seat), parts=joined(parts, "; ")))

    # -- scores and the end ------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Travel points (R40, not in "stations_only") plus station points (R46), per seat."""
        travel_counts = self.options["scoring"] != "stations_only"
        return [
            (sum(t.travel for t in board.trains) if travel_counts else 0) + board.station_points
            for board in self._state.boards
        ]

    def round_steps(self, action: PlaceTile) -> dict[int, list[list[Step]]]:
        """Every board's lock-steps (R38) if ``action``, the round's last placement, is played.

        For animating the reveal; the game itself is unchanged. Each board's
        steps start from where its trains stood before the round.

        >>> game = Game(players=1, seed=0)
        >>> steps = game.round_steps(PlaceTile(0, game.legal_actions()[0].tile, (1, 2), 0))
        >>> [[(s.train, s.kind, s.entry, s.exit) for s in step] for step in steps[0]]
        [[(0, 'tile', 5, 0), (1, 'tile', 4, 1)]]
        """
        self._validate(action)
        if self._state.to_place != (action.seat,):
            raise IllegalActionError("the round ends only with the last seat's placement")
        traces: dict[int, list[list[Step]]] = {}
        for seat, board in enumerate(self._state.boards):
            placement = (
                (cell_index(action.cell), action.rotation)
                if seat == action.seat
                else board.placement
            )
            if placement is None:
                continue
            trial = board.copy()
            trial.place(board.stack[0], CELLS[placement[0]], placement[1])
            traces[seat] = []
            trial.move_trains(self._state.round, trace=traces[seat])
        return traces

    def player_name(self, seat: int) -> str:
        """The seat's player colour, a landscape theme (R12): "Wild West", ..., "Savanna II"."""
        return player_name(seat)

    def named(self, text: str) -> str:
        """``text`` (a log line, an action) with players called by name, not seat number.

        >>> game = Game(players=2, seed=3)
        >>> game.named(str(game.legal_actions()[0]))
        'Wild West places T13 at (1,2) turned 0°'
        """
        return named(text, self.num_players)

    def tiles_placed(self) -> list[int]:
        """How many tiles each seat has placed (R51's tie-break, from a retail listing)."""
        return [board.tiles_placed for board in self._state.boards]

    def _winners(self) -> list[int]:
        # §2.13 R51: most points (the rulebook); then more tiles placed (a retail listing,
        # not the rulebook, which names no tie-break); then a shared win (designed).
        ranks = [
            (score, placed)
            for score, placed in zip(self.scores(), self.tiles_placed(), strict=True)
        ]
        best = max(ranks)
        return [seat for seat, rank in enumerate(ranks) if rank == best]

    # -- positions, views and text -----------------------------------------------------------

    def _position(self) -> dict[str, Any]:
        state = self._state
        return dump_position(state.round, state.boards, state.columns, state.key)

    def _load_position(self, data: Mapping[str, Any]) -> State:
        return State(*load_position(data, self.num_players))

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The position less what ``seat`` may not know (R25, §2.18); ``None``: a spectator,
        who knows no seat's secrets (what ``str(game)`` and a bare game's picture show).

        Every stack is face down: it shows as ``"tiles_left"``, with the tile
        ``seat`` drew this round as ``"drawn"`` on its own entry. Another seat's
        secret placement shows only as ``"placed": true``.
        """
        view = self.position()
        for other, (entry, board) in enumerate(
            zip(view["players"], self._state.boards, strict=True)
        ):
            stack = entry.pop("stack")
            entry["tiles_left"] = len(stack)
            entry["drawn"] = stack[0] if other == seat and board.playing else None
            entry["placed"] = board.placement is not None
            if other != seat:
                entry["placement"] = None
        return view

    @classmethod
    def _position_from_view(cls, view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        return position_from_view(view, rng)  # what is hidden, and how it is drawn

    def _hidden_drawer(self, view: Mapping[str, Any]) -> Callable[[State, random.Random], None]:
        return hidden_drawer(self._state, view)  # what is hidden, and how it is drawn

    def __str__(self) -> str:
        """The game as text: what a spectator may know, like the bare game's picture
        (:meth:`to_svg`): no drawn tile, no secret placement (R25)."""
        return game_text(self)

    def to_svg(self, seat: int | None = None, *, reveal: bool = False, **kwargs: Any) -> str:
        """The game as an SVG picture; a bare game in a notebook shows ``to_svg()``.

        - ``to_svg()``: what a spectator may know, as ``str(game)`` tells it: every
          frame alike, the placed tiles, the trains, the stations and the scores,
          who has placed this round, how many tiles each stack holds; no seat's
          drawn tile and no secret placement (R25) — those stay hidden until the
          round is revealed, whoever looks at the notebook.
        - ``to_svg(seat=k)``: what seat ``k`` may know, its frame large: its own
          drawn tile and its own placement too.
        - ``to_svg(reveal=True)``: everything, secrets included (every seat's drawn
          tile and this round's placements), for studying a game; with ``seat``,
          that seat's frame large.

        Takes the keyword arguments of :func:`railwidgets.twistytracks.render.draw`
        (``lit``, ``ghost``, ...).

        >>> game = Game(players=2, seed=3)
        >>> "T13" in game.to_svg(), "T13" in game.to_svg(seat=0), "T13" in game.to_svg(seat=1)
        (False, True, False)
        >>> "T13" in game.to_svg(reveal=True)  # seat 0's drawn tile, shown on request
        True
        >>> game._repr_svg_() == game.to_svg()
        True
        """
        from railwidgets.draw.svg import SvgPainter
        from railwidgets.twistytracks.render import CANVAS, LAYERS, Layout, draw

        data = self.shown(seat, reveal=reveal)
        painter = SvgPainter(*CANVAS, LAYERS)
        draw(data, painter, Layout(self.num_players, focus=seat), **kwargs)
        return painter.to_svg()


#: Where an active train waits, per cell number, for the log.
_WAITS_BEFORE = tuple(T_("waits before ({x},{y})", x=x, y=y) for x, y in CELLS)
#: A finished train's state, for the log.
_STATUS_WORDS = {"crashed": T_("crashed"), "dead_end": T_("dead end")}


def _seat(seat: int) -> Text:
    """ "seat 2" in a log line or a refusal (a widget names the player instead)."""
    return T_("seat {n}", n=seat)


def _seat_list(seats: Sequence[int]) -> Joined:
    """ "0, 2" after "seat(s)" (a widget names the players instead)."""
    return joined(Text("{n}", None, None, "seat number", n=s) for s in seats)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_cell(cell: object) -> bool:
    """Whether ``cell`` is an ``(x, y)`` tuple inside the frame (R1)."""
    return (
        isinstance(cell, tuple)
        and len(cell) == 2
        and all(_is_int(v) for v in cell)
        and 0 <= cell[0] < WIDTH
        and 0 <= cell[1] < HEIGHT
    )


def _cells(cells: list[Cell]) -> str:
    return ", ".join(f"({x},{y})" for x, y in cells) or "none"
