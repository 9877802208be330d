"""Twisty Tracks in the shared conformance suite (DESIGN.md §4)."""

from __future__ import annotations

from railwidgets import twistytracks
from tests.conformance import ConformanceSuite


class TestTwistyTracks(ConformanceSuite):
    game_class = twistytracks.Game
    configs = [
        *({"players": p, "scoring": "full"} for p in range(1, 9)),
        *(
            {"players": p, "scoring": mode}
            for mode in ("stations_only", "travel_only")
            for p in (2, 5)
        ),
    ]
