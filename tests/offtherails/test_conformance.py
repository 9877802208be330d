"""The shared conformance suite over solo, 2–4 players and every variant."""

from __future__ import annotations

from railwidgets import offtherails
from tests.conformance import ConformanceSuite


class TestOffTheRails(ConformanceSuite):
    game_class = offtherails.Game
    configs = [
        {"players": 1},
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 2, "bumper_carts": True},
        {"players": 4, "chasm_die": True},
        {"players": 2, "length": "very_short"},
        {"players": 4, "length": "long"},
        {"players": 3, "end_pickup": "fill"},
        {"players": 2, "drop_rule": "ceil_half"},
        {"players": 3, "cross_is_crossover": True},
        {"players": 2, "start_tracks": "all"},
        {"players": 1, "start_tracks": "all", "cross_is_crossover": True},
    ]
