"""The state of a Mini Rails game: what lies on the table (rules/mini-rails.md §2.12)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from railwidgets.core.hexgrid import Hex, neighbours
from railwidgets.minirails.components import COMPANIES, MAP_HEXES, tile_hexes

__all__ = [
    "BUILD",
    "BUY",
    "MAP_NEIGHBOURS",
    "Share",
    "State",
    "discs_in_play",
    "frontiers",
    "map_from_tiles",
    "place_disc",
]

#: Each hex's neighbours that are on the map (§2.8.1: adjacency across tile borders).
MAP_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {
    h: tuple(n for n in neighbours(h) if n in MAP_HEXES) for h in MAP_HEXES
}
BUY, BUILD = "buy", "build"


class Share(NamedTuple):
    """A share on a player's profit board: its company and its value (−10..+10)."""

    company: str
    value: int


class State:
    """Everything on the table (§2.12). The map, tiles and frames never change once laid."""

    __slots__ = (
        "actions_left",
        "bag",
        "board",
        "frame_discs",
        "frames",
        "frontier",
        "hexes",
        "market",
        "order",
        "over",
        "round",
        "shares",
        "taxed",
        "tiles",
        "turn",
    )

    tiles: tuple[tuple[int, int, str, int], ...]  # (tile, slot, face "A"/"B", rotation)
    hexes: Mapping[Hex, str]  # terrain of the 49 hexes
    frames: Mapping[str, int]  # company -> outer slot its frame faces
    board: dict[Hex, str]
    frontier: dict[str, tuple[Hex, ...]]  # kept with the board: see frontiers()
    frame_discs: dict[str, int]
    bag: dict[str, int]
    market: list[str | int]  # a company's disc, or the seat whose marker took it
    order: list[int]
    turn: int
    actions_left: list[frozenset[str]]
    shares: list[tuple[Share, ...]]  # per seat, in the order bought
    taxed: list[str]
    round: int
    over: bool

    def copy(self) -> State:
        new = State.__new__(State)
        new.tiles, new.hexes, new.frames = self.tiles, self.hexes, self.frames
        # The board, frontiers, frame counts, bag and taxed row are replaced, never changed
        # in place, once a game is under way: a copy shares them (see place_disc()).
        new.board = self.board
        new.frontier = self.frontier
        new.frame_discs = self.frame_discs
        new.bag = self.bag
        new.market = self.market.copy()
        new.order = self.order  # replaced, never changed in place
        new.turn = self.turn
        new.actions_left = self.actions_left.copy()
        new.shares = self.shares.copy()  # each seat's row is replaced, never changed in place
        new.taxed = self.taxed
        new.round = self.round
        new.over = self.over
        return new


def map_from_tiles(tiles: tuple[tuple[int, int, str, int], ...]) -> dict[Hex, str]:
    """The terrain of the 49 hexes, from the seven ``(tile, slot, face, rotation)``."""
    hexes: dict[Hex, str] = {}
    for tile, slot, face, rotation in tiles:
        hexes.update(tile_hexes(slot, f"{tile}{face}", rotation))
    return hexes


def frontiers(board: Mapping[Hex, str]) -> dict[str, tuple[Hex, ...]]:
    """Per company, the empty map hexes next to one of its discs, sorted: where it may build (§2.8.1).

    A state keeps them, and :func:`place_disc` keeps them up to date: asking every
    disc of the board for its neighbours at every decision was the slowest part of
    listing the legal actions.

    >>> frontiers({(0, 0): "red", (1, 0): "blue"})["red"]
    ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1))
    """
    found: dict[str, set[Hex]] = {c: set() for c in COMPANIES}
    for h, company in board.items():
        found[company].update(n for n in MAP_NEIGHBOURS[h] if n not in board)
    return {c: tuple(sorted(hexes)) for c, hexes in found.items()}


def place_disc(s: State, h: Hex, company: str) -> None:
    """Put a ``company`` disc on the empty map hex ``h``, keeping the frontiers.

    >>> s = State()
    >>> s.board = {(0, 0): "red"}
    >>> s.frontier = frontiers(s.board)
    >>> place_disc(s, (1, 0), "blue")
    >>> s.frontier == frontiers(s.board)
    True
    """
    # new dictionaries, not changed ones: copies of the state share the old (State.copy)
    s.board = board = {**s.board, h: company}
    s.frontier = frontier = s.frontier.copy()
    for c, hexes in frontier.items():
        if h in hexes:  # no longer empty: out of every frontier that held it
            i = hexes.index(h)
            frontier[c] = hexes[:i] + hexes[i + 1 :]
    own = frontier[company]
    new = [n for n in MAP_NEIGHBOURS[h] if n not in board and n not in own]
    if new:
        frontier[company] = tuple(sorted(own + tuple(new)))


def discs_in_play(s: State) -> Counter[str]:
    """§2.12: the discs of each company on the map, frames, boards, taxed area, market and bag."""
    found: Counter[str] = Counter(s.board.values())
    found.update(s.frame_discs)
    found.update(share.company for seat in s.shares for share in seat)
    found.update(s.taxed)
    found.update(x for x in s.market if type(x) is str)
    found.update(s.bag)
    return found
