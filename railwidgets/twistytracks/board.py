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

from dataclasses import dataclass
from typing import NamedTuple, Self

from railwidgets.core.grid import Cell
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
#: A train that came from its depot never stands twice on one spot, facing in or out,
#: so it runs at most this many segments in a game; more means the position was impossible.
MAX_RUN = len(CELLS) * 8 * 2


def _describe(segment: object) -> str:
    """Where a segment is, for the log."""
    if isinstance(segment, int):
        x, y = CELLS[segment >> 3]
        return f"in ({x},{y})"
    if isinstance(segment, str):
        return f"on loop {segment}"
    return f"entering {segment[0]}"  # type: ignore[index]


def _step(
    train: int, where: tuple[int, bool], plan: tuple[object, int, bool, FrameFeature | None]
) -> Step:
    """The :class:`Step` of a train standing at ``where`` that carries out ``plan``."""
    spot, outward = where
    cell, port = CELLS[spot >> 3], spot & 7
    if outward:
        feature = _FEATURE[spot]
        assert feature is not None
        if feature.kind == "loop":
            return Step(train, "loop", cell, port, port ^ 1, "moves")
        outcome = "arrived" if feature.kind == "station" else "dead_end"
        return Step(train, feature.kind, cell, port, port, outcome)
    next_spot, next_outward = plan[1], plan[2]
    # the exit port is on this cell: the spot itself when it ends facing the frame,
    # else the port across the border from the next spot
    exit_spot = next_spot if next_outward else _ACROSS[next_spot]
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


class Board:
    """One player's frame: their tile stack, placed tiles, trains and station points."""

    __slots__ = ("cells", "placement", "stack", "station_points", "trains")

    #: Tile numbers still face down, the top (this round's tile) first (R22).
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
        board.trains = [Train(WAITING_AT_DEPOT, spot) for spot in _START]
        board.placement = None
        board.station_points = 0
        return board

    def copy(self) -> Self:
        board = object.__new__(type(self))
        board.stack = self.stack
        board.cells = self.cells.copy()
        board.trains = self.trains.copy()
        board.placement = self.placement
        board.station_points = self.station_points
        return board

    # -- reading -------------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Whether the player still has a train to move, so takes turns (R25, R50)."""
        return any(t.status in UNFINISHED for t in self.trains)

    @property
    def tiles_placed(self) -> int:
        return sum(code is not None for code in self.cells)

    def tile_at(self, cell: Cell) -> tuple[int, int] | None:
        """``(tile, rotation)`` placed in ``cell``, or ``None``."""
        code = self.cells[cell_index(cell)]
        return None if code is None else (code // 4 + 1, code % 4)

    def legal_cells(self) -> list[Cell]:
        """The empty cells that one of the trains waits in front of (R28, R29), in cell order."""
        faced = {t.spot >> 3 for t in self.trains if t.status in UNFINISHED}
        return [CELLS[c] for c in sorted(faced) if self.cells[c] is None]

    def faces(self, cell: Cell) -> bool:
        """Whether an unfinished train faces ``cell``."""
        c = cell_index(cell)
        return any(t.spot >> 3 == c for t in self.trains if t.status in UNFINISHED)

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

    def move_trains(self, round_no: int, trace: list[list[Step]] | None = None) -> Movement:
        """Move every train that can move, in lock-step, until all have stopped (§2.9 R38).

        With a ``trace`` list, each lock-step's moves are appended to it as a list
        of :class:`Step` (for animation); the movement itself is the same.
        """
        trains, cells = self.trains, self.cells
        gained = [0] * len(trains)
        arrivals: list[tuple[int, str]] = []
        crashes: list[tuple[tuple[int, ...], str]] = []
        # Where each unfinished train stands: (spot, outward). Outward means on the frame
        # side of a frame port, facing the feature there; otherwise facing into the cell.
        where = {i: (t.spot, False) for i, t in enumerate(trains) if t.status in UNFINISHED}
        runs = 0

        def finish(i: int, status: str, station: str | None = None) -> None:
            # §2.10 R41: a train that stops keeps every point it made, crashed or not.
            del where[i]
            trains[i] = Train(status, -1, trains[i].travel + gained[i], station, round_no)

        while True:
            # §2.9 R32, R34: every train facing something that exists runs one segment.
            # A plan is (segment, next spot, outward, frame feature the train ends in).
            plans: dict[int, tuple[object, int, bool, FrameFeature | None]] = {}
            for i, (spot, outward) in where.items():
                if outward:
                    feature = _FEATURE[spot]
                    assert feature is not None
                    if feature.kind == "loop":  # §2.3 R15: round the loop, back into the cell
                        plans[i] = (feature.name, spot ^ 1, False, None)
                    else:  # §2.3 R16: either port leads into a station, so the entry
                        # is its own segment and two trains arriving together never collide
                        plans[i] = ((feature.name, spot), -1, False, feature)
                    continue
                code = cells[spot >> 3]
                if code is None:
                    continue  # §2.9 R36: it waits at the edge of unfinished track
                # A tile segment is named by its lower spot: crossing segments (bridges
                # and tunnels) are different segments and never meet (§2.11 R43).
                exit_spot = (spot & ~7) | _LINKS[code][spot & 7]
                beyond = _ACROSS[exit_spot]
                if beyond >= 0:
                    plans[i] = (min(spot, exit_spot), beyond, False, None)
                else:
                    plans[i] = (min(spot, exit_spot), exit_spot, True, None)
            if not plans:
                break
            runs += 1
            if runs > MAX_RUN:  # only a train that never left a depot can go round for ever
                raise RuntimeError(
                    f"a train ran more than {MAX_RUN} segments: it cannot have come from its depot"
                )
            for i in plans:  # §2.10 R40: +1 for the border point it crosses
                gained[i] += 1
            by_segment: dict[object, list[int]] = {}
            for i, plan in plans.items():
                by_segment.setdefault(plan[0], []).append(i)
            if trace is not None:
                steps = {i: _step(i, where[i], plan) for i, plan in plans.items()}
            for segment, group in by_segment.items():
                if len(group) >= 2:  # §2.11 R42: head-on in one segment, both removed
                    crashes.append((tuple(group), _describe(segment)))
                    for i in group:
                        finish(i, CRASHED)
                        del plans[i]
                        if trace is not None:
                            steps[i] = steps[i]._replace(outcome="crashed")
            if trace is not None:
                trace.append([steps[i] for i in sorted(steps)])
            for i, (_, spot, outward, feature) in plans.items():
                if feature is None:
                    where[i] = (spot, outward)
                elif feature.kind == "station":  # §2.12 R45: the journey ends there
                    arrivals.append((i, feature.name))
                    finish(i, ARRIVED, feature.name)
                else:  # §2.15 R56: a starting track is a dead end (never happens, I4)
                    finish(i, DEAD_END)
            # Defensive check of R38: two trains on one border point (never happens, I3).
            by_point: dict[int, list[int]] = {}
            for i, (spot, _) in where.items():
                by_point.setdefault(_POINT[spot], []).append(i)
            for group in by_point.values():
                if len(group) >= 2:
                    crashes.append((tuple(group), "at a border point"))
                    for i in group:
                        finish(i, CRASHED)
        for i, (spot, _) in where.items():
            if gained[i]:
                trains[i] = Train(ACTIVE, spot, trains[i].travel + gained[i])
        arrivals.sort()
        return Movement(gained, arrivals, crashes)

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
