"""One player's frame: placed tiles, trains, and how the trains move (§2.8–§2.11).

A :class:`Board` is the part of the state that belongs to one player. The rules
engine (:mod:`railwidgets.twistytracks.rules`) owns one per seat; boards never
affect each other (R39).

Inside, cells are numbered ``y * 5 + x`` and a *spot* ``cell * 8 + port`` is the
border point at ``port`` of ``cell`` seen from that cell: a train that is not
finished always stands at a spot facing *into* its cell, which between two
decisions is an empty cell (R36).

>>> board = Board.new((1, 3, 2))
>>> board.legal_cells()
[(1, 2), (3, 2)]
>>> board.place(1, (1, 2), 0)  # E1: T01 at (1,2)
>>> report = board.move_trains(round_no=1)
>>> [(t.colour, t.status, t.travel, t.cell, t.port) for t in board.view_trains()][:2]
[('red', 'active', 1, (0, 2), 3), ('blue', 'active', 1, (2, 2), 6)]
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, Self

from railwidgets.core.chance import shuffled_by_key
from railwidgets.core.grid import Cell
from railwidgets.i18n import T_
from railwidgets.twistytracks.components import (
    CELLS,
    DEPOTS,
    FRAME,
    HEIGHT,
    TILES,
    TRAIN_COLOURS,
    WIDTH,
    FrameFeature,
    neighbour,
    rotate_port,
)

__all__ = [
    "ACTIVE",
    "ARRIVED",
    "CRASHED",
    "DEAD_END",
    "MAX_RUN",
    "STATUSES",
    "UNFINISHED",
    "WAITING_AT_DEPOT",
    "Board",
    "Movement",
    "Step",
    "Train",
    "TrainView",
    "border_point",
    "cell_index",
    "spot_cell",
    "spot_of",
]

# -- train states ------------------------------------------------------------------

WAITING_AT_DEPOT = "waiting_at_depot"
ACTIVE = "active"
ARRIVED = "arrived"
CRASHED = "crashed"
DEAD_END = "dead_end"
STATUSES = (WAITING_AT_DEPOT, ACTIVE, ARRIVED, CRASHED, DEAD_END)
#: For movement, a train on its starting track is exactly like an active one (R7).
UNFINISHED = frozenset((WAITING_AT_DEPOT, ACTIVE))

# -- lookup tables derived from the component data ---------------------------------------


def cell_index(cell: Cell) -> int:
    """The number of ``cell`` inside a board (row by row)."""
    return cell[1] * WIDTH + cell[0]


def spot_cell(spot: int) -> Cell:
    """The cell whose edge ``spot`` (where a train stands) lies on."""
    return CELLS[spot >> 3]


def spot_of(cell: Cell, port: int) -> int:
    """The spot at ``port`` of ``cell``, facing into the cell."""
    return cell_index(cell) * 8 + port


def border_point(spot: int) -> int:
    """One number per physical border point (R3): the same for the spots on both sides."""
    return _POINT[spot]


def _links() -> tuple[tuple[int, ...], ...]:
    """``_LINKS[(tile - 1) * 4 + rotation][p]``: the other end of the segment at port ``p``."""
    table = []
    for tile in TILES:
        for rotation in range(4):
            other = [0] * 8
            for p, q in tile.segments:
                p, q = rotate_port(p, rotation), rotate_port(q, rotation)
                other[p], other[q] = q, p
            table.append(tuple(other))
    return tuple(table)


def _across() -> tuple[tuple[int, ...], tuple[FrameFeature | None, ...]]:
    """For every spot: the spot across its border (-1 at the frame), and the frame feature."""
    across: list[int] = []
    features: list[FrameFeature | None] = []
    for cell in CELLS:
        for port in range(8):
            (nx, ny), nport = neighbour(cell, port)
            inside = 0 <= nx < WIDTH and 0 <= ny < HEIGHT
            across.append(spot_of((nx, ny), nport) if inside else -1)
            features.append(None if inside else FRAME[cell, port // 2])
    return tuple(across), tuple(features)


_LINKS = _links()
_ACROSS, _FEATURE = _across()
#: One number per physical border point (R3), for the defensive check below.
_POINT = tuple(min(k, a) if a >= 0 else k for k, a in enumerate(_ACROSS))
_START = tuple(spot_of(*DEPOTS[colour]) for colour in TRAIN_COLOURS)
#: Every tile number (R22).
_ALL_TILES = frozenset(range(1, len(TILES) + 1))
#: A train that came from its depot never stands twice on one spot, facing in or out,
#: so it runs at most this many segments in a game; more means the position was impossible.
MAX_RUN = len(CELLS) * 8 * 2

# -- train movement as table lookups ---------------------------------------------------------
#
# While trains move, an unfinished train stands at a *position*: a spot, facing into
# its cell, or ``OUTWARD + spot``, on the frame side of a frame port facing the
# feature there. Each lock-step a train runs one *segment*, named by a number that
# two trains share exactly when they meet head-on in it (R42): a tile segment by
# its lower spot (crossing segments, bridges and tunnels, never meet: R43), a frame
# loop by ``OUTWARD`` plus its lower spot, and the entry into a station or a
# starting track by ``OUTWARD`` plus the spot (R16: two trains arriving together
# never collide). A *run* is what a train does in one lock-step: ``(segment, next
# position, its border point)``, the next position being :data:`_ARRIVES` or
# :data:`_DEAD_END` when the journey ends there (and the border point then -1).

#: Added to a frame spot for a train on the frame side of it (spots are 0–119).
OUTWARD = 128
#: The next "position" of a train that arrives at a station (R45).
_ARRIVES = -1
#: The next "position" of a train that runs into a starting track (R56).
_DEAD_END = -2


Run = tuple[int, int, int]


def _tile_runs() -> tuple[tuple[Run, ...], ...]:
    """``_TILE_RUNS[code][spot]``: the run of a train at ``spot`` into tile ``code``."""
    table = []
    for links in _LINKS:
        runs = []
        for spot in range(len(CELLS) * 8):
            exit_spot = (spot & ~7) | links[spot & 7]
            beyond = _ACROSS[exit_spot]
            position = beyond if beyond >= 0 else OUTWARD + exit_spot
            runs.append((min(spot, exit_spot), position, _POINT[exit_spot]))
        table.append(tuple(runs))
    return tuple(table)


def _frame_runs() -> tuple[Run, ...]:
    """``_FRAME_RUNS[spot]``: the run of a train facing the frame feature at ``spot``."""
    runs: list[Run] = []
    for spot, feature in enumerate(_FEATURE):
        if feature is None:
            runs.append((-1, -1, -1))  # not at the frame: never looked up
        elif feature.kind == "loop":  # §2.3 R15: round the loop, back into the cell
            runs.append((OUTWARD + (spot & ~1), spot ^ 1, _POINT[spot ^ 1]))
        else:  # §2.3 R16: either port leads into a station, so the entry is its own segment
            end = _ARRIVES if feature.kind == "station" else _DEAD_END
            runs.append((OUTWARD + spot, end, -1))
    return tuple(runs)


_TILE_RUNS = _tile_runs()
_FRAME_RUNS = _frame_runs()
#: At most this many runs of one train are followed on their own (see ``_move_apart``).
_ROUTE_BOUND = range(MAX_RUN)


@functools.cache  # asked for every board every round; at most four bits are set
def _cells_of(bits: int) -> tuple[Cell, ...]:
    """The cells whose numbers are the bits set in ``bits``, in cell order."""
    return tuple(cell for number, cell in enumerate(CELLS) if bits >> number & 1)


def _describe(segment: int) -> str:
    """Where a segment is, for the log (a :class:`~railwidgets.i18n.Text`: any language)."""
    if segment < OUTWARD:
        x, y = CELLS[segment >> 3]
        return T_("in ({x},{y})", x=x, y=y)
    feature = _FEATURE[segment - OUTWARD]
    assert feature is not None
    if feature.kind == "loop":
        return T_("on loop {name}", name=feature.name)
    return T_("entering {name}", name=feature.name)


def _step(train: int, position: int, run: Run) -> Step:
    """The :class:`Step` of a train standing at ``position`` that carries out ``run``."""
    spot = position % OUTWARD
    cell, port = CELLS[spot >> 3], spot & 7
    if position >= OUTWARD:
        feature = _FEATURE[spot]
        assert feature is not None
        if feature.kind == "loop":
            return Step(train, "loop", cell, port, port ^ 1, "moves")
        outcome = "arrived" if feature.kind == "station" else "dead_end"
        return Step(train, feature.kind, cell, port, port, outcome)
    # the exit port is on this cell: the spot itself when it ends facing the frame,
    # else the port across the border from the next spot
    next_position = run[1]
    exit_spot = next_position - OUTWARD if next_position >= OUTWARD else _ACROSS[next_position]
    return Step(train, "tile", cell, port, exit_spot & 7, "moves")


# -- trains and boards -------------------------------------------------------------------------


class Train(NamedTuple):
    """One train, as kept in the state (immutable; replaced when it changes).

    ``spot`` is where an unfinished train stands (-1 once finished), ``travel``
    the borders it has crossed (R40), ``station`` and ``round`` say where and
    when it arrived, or (``round`` only) when it crashed.
    """

    status: str
    spot: int
    travel: int = 0
    station: str | None = None
    round: int | None = None


#: The four trains at the start of a game, each on its starting track (R23).
_START_TRAINS = tuple(Train(WAITING_AT_DEPOT, spot) for spot in _START)


class TrainView(NamedTuple):
    """A train for people: its colour, state, and where it waits (if unfinished)."""

    colour: str
    status: str
    travel: int
    cell: Cell | None
    port: int | None
    station: str | None
    round: int | None


class Step(NamedTuple):
    """One train running along one segment in one lock-step of R38 (for animation).

    ``kind`` is what it runs along: ``"tile"`` (the segment ``entry``–``exit`` of
    the tile in ``cell``), ``"loop"`` (the frame loop from port ``entry`` of
    ``cell`` round to ``exit``), ``"station"`` or ``"depot"`` (out of ``cell`` at
    port ``entry`` into the frame; ``exit`` is the same port). ``outcome`` is
    ``"moves"``, ``"crashed"`` (a collision on this segment), ``"arrived"`` or
    ``"dead_end"``.
    """

    train: int
    kind: str
    cell: Cell
    entry: int
    exit: int
    outcome: str


@dataclass(slots=True)
class Movement:
    """What happened on one board in one turn (R38): for the log and station scoring."""

    #: Borders crossed this turn, per train (index into ``TRAIN_COLOURS``).
    gained: list[int]
    #: ``(train, station)`` for every train that arrived this turn, in train order.
    arrivals: list[tuple[int, str]]
    #: Groups of trains that collided this turn, with where the shared segment is.
    crashes: list[tuple[tuple[int, ...], str]]
    #: The cells the unfinished trains now wait before, in cell order: where the next
    #: tile may go (R29), as :meth:`Board.legal_cells` would say.
    waiting: tuple[Cell, ...]


class Board:
    """One player's frame: their tile stack, placed tiles, trains and station points."""

    __slots__ = ("cells", "placement", "stack", "station_points", "trains")

    #: Tile numbers still face down, the top (this round's tile) first (R22). In a game
    #: drawn from a view, ``0`` stands for a tile not drawn yet under the top: the game
    #: deals them when the first comes to the top (:meth:`turn_over`), or when a position
    #: reads them (:meth:`dealt_stack`), alike, from the game's key (``State.key``).
    stack: tuple[int, ...]
    #: Per cell: ``(tile - 1) * 4 + rotation`` of the tile there, or ``None``.
    cells: list[int | None]
    #: The four trains, in the order of ``TRAIN_COLOURS``.
    trains: list[Train]
    #: This round's secret choice ``(cell number, rotation)``, until the round resolves.
    placement: tuple[int, int] | None
    #: Points scored at stations (R46).
    station_points: int

    @classmethod
    def new(cls, stack: tuple[int, ...]) -> Self:
        """A frame at the start (R22, R23): empty cells and every train on its track."""
        board = cls()
        board.stack = stack
        board.cells = [None] * len(CELLS)
        board.trains = list(_START_TRAINS)
        board.placement = None
        board.station_points = 0
        return board

    def copy(self) -> Self:
        board = self.shallow_copy()
        board.cells = self.cells.copy()
        board.trains = self.trains.copy()
        return board

    def shallow_copy(self) -> Self:
        """A board sharing this one's ``cells`` and ``trains`` lists: change neither list."""
        board = object.__new__(type(self))
        board.stack = self.stack
        board.cells = self.cells
        board.trains = self.trains
        board.placement = self.placement
        board.station_points = self.station_points
        return board

    # -- reading -------------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Whether the player still has a train to move, so takes turns (R25, R50)."""
        for train in self.trains:  # noqa: SIM110 (asked for every seat every round: no generator)
            if train.status in UNFINISHED:
                return True
        return False

    @property
    def tiles_placed(self) -> int:
        return sum(code is not None for code in self.cells)

    def tile_at(self, cell: Cell) -> tuple[int, int] | None:
        """``(tile, rotation)`` placed in ``cell``, or ``None``."""
        code = self.cells[cell_index(cell)]
        return None if code is None else (code // 4 + 1, code % 4)

    def legal_cells(self) -> list[Cell]:
        """The empty cells that one of the trains waits in front of (R28, R29), in cell order."""
        faced = 0  # one bit per cell number
        for train in self.trains:
            if train.status in UNFINISHED and self.cells[cell := train.spot >> 3] is None:
                faced |= 1 << cell
        return list(_cells_of(faced))

    def faces(self, cell: Cell) -> bool:
        """Whether an unfinished train faces ``cell``."""
        c = cell_index(cell)
        return any(t.spot >> 3 == c for t in self.trains if t.status in UNFINISHED)

    def dealt_stack(self, key: int, seat: int) -> tuple[int, ...]:
        """The stack with the tiles not drawn yet (``0``) in place, drawn from ``key``.

        They are the tiles seen nowhere else (neither placed nor in the stack), in an
        order drawn from ``key`` and ``seat`` alone (:func:`core.chance.shuffled_by_key`):
        the same whenever they are dealt, and a uniform shuffle (R22).

        >>> board = Board.new((3, 0, 0))
        >>> stack = board.dealt_stack(key=5, seat=0)
        >>> stack[0], len(set(stack)), 3 in stack[1:]
        (3, 3, False)
        >>> board.dealt_stack(key=5, seat=0) == stack != board.dealt_stack(key=6, seat=0)
        True
        """
        if 0 not in self.stack:
            return self.stack
        seen = {code // 4 + 1 for code in self.cells if code is not None}
        left = iter(shuffled_by_key(sorted(_ALL_TILES - seen - set(self.stack)), key, seat))
        return tuple(tile or next(left) for tile in self.stack)

    def view_trains(self) -> list[TrainView]:
        """The trains for people, in the order of ``TRAIN_COLOURS``."""
        views = []
        for colour, t in zip(TRAIN_COLOURS, self.trains, strict=True):
            cell, port = (CELLS[t.spot >> 3], t.spot & 7) if t.spot >= 0 else (None, None)
            views.append(TrainView(colour, t.status, t.travel, cell, port, t.station, t.round))
        return views

    # -- changing ------------------------------------------------------------------------------

    def place(self, tile: int, cell: Cell, rotation: int) -> None:
        """Put tile number ``tile`` turned ``rotation`` into the empty ``cell`` (R28, R30)."""
        self.cells[cell_index(cell)] = (tile - 1) * 4 + rotation

    def turn_over(self, key: int, seat: int) -> None:
        """Deal the stack if its top tile is not drawn yet (a game drawn from a view)."""
        if self.stack and not self.stack[0]:
            self.stack = self.dealt_stack(key, seat)

    def move_trains(self, round_no: int, trace: list[list[Step]] | None = None) -> Movement:
        """Move every train that can move, in lock-step, until all have stopped (§2.9 R38).

        With a ``trace`` list, each lock-step's moves are appended to it as a list
        of :class:`Step` (for animation); the movement itself is the same.
        """
        if trace is None and (movement := self._move_apart(round_no)) is not None:
            return movement
        return self._move_in_lock_step(round_no, trace)

    def _move_apart(self, round_no: int) -> Movement | None:
        """The movement of a turn in which no two trains meet; ``None`` for any other turn.

        Tiles stay put while trains move, so each train's route is known on its
        own. When no two routes share a segment (R42) and no two trains ever stand
        on one border point (the defensive check of R38), the trains never meet,
        and each simply runs its route: that is most turns. For any other turn
        nothing is changed.
        """
        trains, cells = self.trains, self.cells
        routes: dict[int, list[int]] = {}  # per running train, its position after each run
        points: list[int] = []  # the border point of every place where a train stands
        segments: list[int] = []  # every segment a train runs along
        waiting = 0  # one bit per cell that a train waits before at the end
        for i, train in enumerate(trains):
            if train.status not in UNFINISHED:
                continue
            position = train.spot
            if cells[position >> 3] is None:  # §2.9 R36: it waits before an empty cell
                points.append(_POINT[position])
                waiting |= 1 << (position >> 3)
                continue
            route: list[int] = []
            for _ in _ROUTE_BOUND:  # §2.9 R32, R34: it runs one segment after another
                if position >= OUTWARD:
                    segment, position, point = _FRAME_RUNS[position - OUTWARD]
                elif (code := cells[position >> 3]) is not None:
                    segment, position, point = _TILE_RUNS[code][position]
                else:
                    break  # §2.9 R36: it waits at the edge of unfinished track
                segments.append(segment)
                route.append(position)
                if position < 0:
                    break  # the journey ends at a station or a starting track
                points.append(point)
            else:
                return None  # a train this long on the move did not come from its depot
            routes[i] = route
        if len(set(points)) < len(points) or len(set(segments)) < len(segments):
            return None
        gained = [0] * len(trains)
        arrivals: list[tuple[int, str]] = []
        for i, route in routes.items():
            gained[i] = len(route)
            travel = trains[i].travel + len(route)  # §2.10 R40, R41
            end = route[-1]
            if end >= 0:
                trains[i] = Train(ACTIVE, end, travel)
                waiting |= 1 << (end >> 3)
                continue
            before = route[-2] if len(route) > 1 else trains[i].spot
            feature = _FEATURE[before - OUTWARD]
            assert feature is not None
            if end == _ARRIVES:  # §2.12 R45
                arrivals.append((i, feature.name))
                trains[i] = Train(ARRIVED, -1, travel, feature.name, round_no)
            else:  # §2.15 R56: a starting track is a dead end (never happens, I4)
                trains[i] = Train(DEAD_END, -1, travel, None, round_no)
        return Movement(gained, arrivals, [], _cells_of(waiting))

    def _move_in_lock_step(self, round_no: int, trace: list[list[Step]] | None) -> Movement:
        """Every train's movement, lock-step by lock-step (any turn; see :meth:`move_trains`)."""
        trains, cells = self.trains, self.cells
        gained = [0] * len(trains)
        arrivals: list[tuple[int, str]] = []
        crashes: list[tuple[tuple[int, ...], str]] = []
        # The position of each unfinished train (see "train movement as table lookups").
        where: dict[int, int] = {}
        for i, train in enumerate(trains):
            if train.status in UNFINISHED:
                where[i] = train.spot
        lock_steps = 0

        def finish(i: int, status: str, station: str | None = None) -> None:
            # §2.10 R41: a train that stops keeps every point it made, crashed or not.
            del where[i]
            trains[i] = Train(status, -1, trains[i].travel + gained[i], station, round_no)

        while True:
            # §2.9 R32, R34: every train facing something that exists runs one segment,
            # crossing one more border point (§2.10 R40); one facing an empty cell
            # waits at the edge of unfinished track (§2.9 R36).
            runs: dict[int, Run] = {}
            for i, position in where.items():
                if position >= OUTWARD:
                    runs[i] = _FRAME_RUNS[position - OUTWARD]
                elif (code := cells[position >> 3]) is not None:
                    runs[i] = _TILE_RUNS[code][position]
                else:
                    continue
                gained[i] += 1
            if not runs:
                break
            lock_steps += 1
            if lock_steps > MAX_RUN:  # only a train that never left a depot can go round for ever
                raise RuntimeError(
                    f"a train ran more than {MAX_RUN} segments: it cannot have come from its depot"
                )
            steps = {} if trace is None else {i: _step(i, where[i], run) for i, run in runs.items()}
            if len(runs) > 1 and len({run[0] for run in runs.values()}) < len(runs):
                self._collide(runs, finish, crashes, steps)
            if trace is not None:
                trace.append([steps[i] for i in sorted(steps)])
            for i, (_, position, _) in runs.items():
                if position >= 0:
                    where[i] = position
                elif position == _ARRIVES:  # §2.12 R45: the journey ends there
                    station = _FEATURE[where[i] - OUTWARD].name  # type: ignore[union-attr]
                    arrivals.append((i, station))
                    finish(i, ARRIVED, station)
                else:  # §2.15 R56: a starting track is a dead end (never happens, I4)
                    finish(i, DEAD_END)
            # Defensive check of R38: two trains on one border point (never happens, I3).
            if len(where) > 1 and len({_POINT[p % OUTWARD] for p in where.values()}) < len(where):
                self._share_points(where, finish, crashes)
        waiting = 0
        for i, position in where.items():
            if gained[i]:
                trains[i] = Train(ACTIVE, position, trains[i].travel + gained[i])
            waiting |= 1 << (position >> 3)
        arrivals.sort()
        return Movement(gained, arrivals, crashes, _cells_of(waiting))

    @staticmethod
    def _collide(
        runs: dict[int, Run],
        finish: Callable[[int, str], None],
        crashes: list[tuple[tuple[int, ...], str]],
        steps: dict[int, Step],
    ) -> None:
        """§2.11 R42: trains running head-on in one segment are both removed."""
        by_segment: dict[int, list[int]] = {}
        for i, (segment, _, _) in runs.items():
            by_segment.setdefault(segment, []).append(i)
        for segment, group in by_segment.items():
            if len(group) >= 2:
                crashes.append((tuple(group), _describe(segment)))
                for i in group:
                    finish(i, CRASHED)
                    del runs[i]
                    if i in steps:
                        steps[i] = steps[i]._replace(outcome="crashed")

    @staticmethod
    def _share_points(
        where: dict[int, int],
        finish: Callable[[int, str], None],
        crashes: list[tuple[tuple[int, ...], str]],
    ) -> None:
        """Trains standing on one border point crash there (the defensive check of R38)."""
        by_point: dict[int, list[int]] = {}
        for i, position in where.items():
            by_point.setdefault(_POINT[position % OUTWARD], []).append(i)
        for group in by_point.values():
            if len(group) >= 2:
                crashes.append((tuple(group), T_("at a border point")))
                for i in group:
                    finish(i, CRASHED)

    def journey(self, train: int) -> Train:
        """Train number ``train`` as it would be had it run alone from its depot (R38).

        Tiles never move, so an unfinished train stands exactly there, and a train
        that arrived got there the same way; a position that disagrees cannot happen.

        >>> board = Board.new((1,))
        >>> board.place(1, (1, 2), 0)
        >>> view = board.journey(0)
        >>> view.status, CELLS[view.spot >> 3], view.spot & 7, view.travel
        ('active', (0, 2), 3, 1)
        """
        alone = Board.new(())
        alone.cells = self.cells.copy()
        alone.trains = [Train(CRASHED, -1) for _ in self.trains]
        alone.trains[train] = Train(WAITING_AT_DEPOT, _START[train])
        alone.move_trains(round_no=0)
        return alone.trains[train]

    def crash_unfinished(self, round_no: int) -> list[int]:
        """End every unfinished train as crashed; return their numbers (R31, defensive)."""
        ended = []
        for i, t in enumerate(self.trains):
            if t.status in UNFINISHED:
                self.trains[i] = Train(CRASHED, -1, t.travel, None, round_no)
                ended.append(i)
        return ended
