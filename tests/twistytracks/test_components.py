"""The component data, entry by entry, against ``rules/twisty-tracks.md`` §2.17 and §2.4.

``component_data.json`` is the JSON block of §2.17 copied verbatim, so that a
slip in transcribing it into :mod:`railwidgets.twistytracks.components` shows up
here; if the rules change that block, copy it again.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from railwidgets.core.grid import SIDE_NAMES
from railwidgets.twistytracks.components import (
    FRAME_EDGES,
    HEIGHT,
    MARKED_SPACES,
    NEIGHBOUR_PORT,
    PENALTY_VALUE,
    PORT_NAMES,
    STATION_VALUES,
    TILES,
    WIDTH,
    neighbour,
    rotate_port,
)

DATA = json.loads((Path(__file__).parent / "component_data.json").read_text())


def test_2_17_grid_and_ports():
    assert (DATA["grid"]["width"], DATA["grid"]["height"]) == (WIDTH, HEIGHT)
    assert list(PORT_NAMES) == DATA["ports"]["names"]
    assert {str(p): q for p, q in enumerate(NEIGHBOUR_PORT)} == DATA["ports"]["neighbour_port"]
    assert all(rotate_port(p, 1) == (p + 2) % 8 for p in range(8))


@pytest.mark.parametrize(
    ("port", "delta", "there"),
    [
        (0, (0, -1), 5),
        (1, (0, -1), 4),
        (2, (1, 0), 7),
        (3, (1, 0), 6),
        (4, (0, 1), 1),
        (5, (0, 1), 0),
        (6, (-1, 0), 3),
        (7, (-1, 0), 2),
    ],
)
def test_2_1_R3_the_neighbour_of_each_port(port, delta, there):
    (x, y), other = neighbour((2, 1), port)
    assert ((x - 2, y - 1), other) == (delta, there)


@pytest.mark.parametrize("entry", DATA["frame"], ids=lambda e: f"{e['cell']}{e['edge']}")
def test_2_3_R14_frame_edge(entry):
    [feature] = [
        f
        for f in FRAME_EDGES
        if list(f.cell) == entry["cell"] and SIDE_NAMES[f.side] == entry["edge"]
    ]
    assert feature.kind == entry["type"]
    if entry["type"] == "depot":
        assert {str(port): colour for port, colour in feature.tracks} == entry["tracks"]
    else:
        assert feature.name == entry["id"]


def test_2_3_R13_sixteen_edges_7_stations_7_loops_2_depots():
    assert len({(f.cell, f.side) for f in FRAME_EDGES}) == len(DATA["frame"]) == 16
    kinds = [f.kind for f in FRAME_EDGES]
    assert (kinds.count("station"), kinds.count("loop"), kinds.count("depot")) == (7, 7, 2)


@pytest.mark.parametrize("entry", DATA["tiles"], ids=lambda e: e["id"])
def test_2_4_R17_tile(entry):
    tile = TILES[int(entry["id"][1:]) - 1]
    assert (tile.id, tile.name) == (entry["id"], entry["name"])
    assert [list(s) for s in tile.segments] == entry["segments"]


def test_2_5_R19_station_values():
    assert list(STATION_VALUES) == list(DATA["stations"])
    assert {name: list(v) for name, v in STATION_VALUES.items()} == DATA["stations"]
    assert PENALTY_VALUE == DATA["penalty_space_value"] == 0


def test_2_5_R20_marked_spaces_in_order():
    assert [(m.station, m.space, m.players) for m in MARKED_SPACES] == [
        (d["station"], d["space_index"], d["covered_when_players_at_most"])
        for d in DATA["marked_spaces"]
    ]


# -- R17's table and R18: segment kinds and crossings -----------------------------------------

_KINDS = {
    "U": {(0, 1), (2, 3), (4, 5), (6, 7)},
    "S": {(0, 5), (1, 4), (2, 7), (3, 6)},
    "c": {(1, 2), (3, 4), (5, 6), (0, 7)},
    "W": {(0, 3), (2, 5), (4, 7), (1, 6)},
    "M": {(0, 2), (1, 7), (3, 5), (4, 6), (1, 3), (2, 4), (5, 7), (0, 6)},
    "X": {(0, 4), (1, 5), (2, 6), (3, 7)},
}
#: R17's table: the kinds of the segments, and the crossing pairs.
_TABLE = {
    1: ("cccc", []),
    2: ("SSSS", ["0-5 2-7", "0-5 3-6", "1-4 2-7", "1-4 3-6"]),
    3: ("USSU", []),
    4: ("WWWW", ["0-3 1-6", "0-3 2-5", "1-6 4-7", "2-5 4-7"]),
    5: ("UScc", []),
    6: ("WcWc", []),
    7: ("XXSS", ["0-4 1-5", "0-4 2-7", "0-4 3-6", "1-5 2-7", "1-5 3-6"]),
    8: ("MSSM", ["0-2 1-4", "1-4 3-6", "3-6 5-7"]),
    9: ("UUWc", []),
    10: ("UXXU", ["2-6 3-7"]),
    11: ("MMMM", ["0-2 1-3", "4-6 5-7"]),
    12: ("UWXM", ["2-5 3-7", "2-5 4-6"]),
    13: ("WSSc", ["0-3 1-4", "0-3 2-7", "1-4 2-7"]),
    14: ("MMcc", ["0-2 1-7"]),
    15: ("UWSW", ["2-5 3-6", "2-5 4-7", "3-6 4-7"]),
}


def _kind(segment: tuple[int, int]) -> str:
    [kind] = [k for k, pairs in _KINDS.items() if tuple(sorted(segment)) in pairs]
    return kind


def _crossings(segments: tuple[tuple[int, int], ...]) -> list[str]:
    """Pairs of segments whose ends alternate round the square: they cross (R5: never meet)."""
    crossing = []
    for (p, q), (r, s) in itertools.combinations(segments, 2):
        if (p < r < q) != (p < s < q):
            crossing.append(f"{p}-{q} {r}-{s}")
    return crossing


@pytest.mark.parametrize("number", range(1, 16))
def test_2_4_R17_kinds_and_crossings_of_each_tile(number):
    kinds, crossings = _TABLE[number]
    segments = TILES[number - 1].segments
    assert "".join(_kind(s) for s in segments) == kinds
    assert _crossings(segments) == crossings


def test_2_4_R18_properties_of_the_set():
    kinds = "".join(_TABLE[n][0] for n in _TABLE)
    counts = {k: kinds.count(k) for k in "UScWMX"}
    assert counts == {"U": 9, "S": 14, "c": 12, "W": 11, "M": 9, "X": 5}
    assert sum(any(_kind(s) == "U" for s in t.segments) for t in TILES) == 6
    # R18: 28 crossings in all, the pairs of R17's table; the geometry gives the same.
    assert sum(len(_crossings(t.segments)) for t in TILES) == 28
