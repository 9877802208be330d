"""The scoring board's station columns and the station scoring of a round (§2.5, §2.12).

A column is a tuple of spaces, highest value first, each holding the tokens on
it, plus the penalty space. Columns are immutable: scoring returns new ones.
A token is ``seat * 4 + train`` (train in ``TRAIN_COLOURS`` order), or
:data:`MARK` for an unused colour's token on a marked space.

>>> columns = new_columns(players=3)
>>> columns["SE"].spaces
((), (), (-1,))
>>> arrivals = [(0, 2, "SE"), (0, 3, "SE"), (1, 0, "SE")]  # E5, round 6
>>> scored, columns = score_stations(columns, arrivals, players=3)
>>> scored
[(0, 2, 'SE', 5), (0, 3, 'SE', 5), (1, 0, 'SE', 5)]
>>> columns["SE"].spaces
((2,), (3, 4), (-1,))
>>> score_stations(columns, [(2, 1, "SE")], players=3)[0]  # round 8: full before the round
[(2, 1, 'SE', 0)]
"""

from __future__ import annotations

from typing import NamedTuple

from railwidgets.twistytracks.components import (
    PENALTY_VALUE,
    STATIONS,
    marked_spaces,
    station_values,
)

__all__ = ["MARK", "Column", "Columns", "new_columns", "score_stations"]

#: The token of an unused player colour on a marked space (R20).
MARK = -1


class Column(NamedTuple):
    """One station's column: the tokens on each value space, and on the penalty space."""

    spaces: tuple[tuple[int, ...], ...]
    penalty: tuple[int, ...] = ()

    def highest_uncovered(self) -> int | None:
        """The index of the highest space no token covers yet, if any."""
        for index, tokens in enumerate(self.spaces):
            if not tokens:
                return index
        return None


Columns = dict[str, Column]


def new_columns(players: int) -> Columns:
    """The columns at the start, with the marked spaces for ``players`` covered (R24, R55)."""
    spaces = {name: [()] * len(values) for name, values in station_values(players).items()}
    for name, index in marked_spaces(players):
        spaces[name][index] = (MARK,)
    return {name: Column(tuple(spaces[name])) for name in STATIONS}


def score_stations(
    columns: Columns, arrivals: list[tuple[int, int, str]], players: int
) -> tuple[list[tuple[int, int, str, int]], Columns]:
    """Settle one round's arrivals ``(seat, train, station)`` for all players together.

    Arrivals in one round happen "at the same time" (§2.1 R9), whatever their steps.

    Returns ``(seat, train, station, points)`` for each arrival, and the new columns.
    """
    values = station_values(players)
    columns = dict(columns)
    scored: list[tuple[int, int, str, int]] = []
    by_station: dict[str, list[tuple[int, int]]] = {}
    for seat, train, station in arrivals:
        by_station.setdefault(station, []).append((seat, train))
    for name in STATIONS:
        if name not in by_station:
            continue
        # §2.12 R48: tokens go in seat order, then train colour order.
        here = sorted(by_station[name])
        column = columns[name]
        spaces = list(column.spaces)
        uncovered = [i for i, tokens in enumerate(spaces) if not tokens]
        tokens = [seat * 4 + train for seat, train in here]
        # §2.12 R46: full before this round: 0, on the penalty space. Otherwise every
        # arrival scores the highest uncovered value (R47: two of one seat's too), and
        # the tokens cover the uncovered spaces from the top, the rest stacked on the last.
        if not uncovered:
            columns[name] = Column(column.spaces, column.penalty + tuple(tokens))
            scored += [(seat, train, name, PENALTY_VALUE) for seat, train in here]
            continue
        value = values[name][uncovered[0]]
        for n, token in enumerate(tokens):
            index = uncovered[min(n, len(uncovered) - 1)]
            spaces[index] = (*spaces[index], token)
        columns[name] = Column(tuple(spaces), column.penalty)
        scored += [(seat, train, name, value) for seat, train in here]
    scored.sort()
    return scored, columns
