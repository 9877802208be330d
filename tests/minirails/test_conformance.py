"""Mini Rails passes the conformance suite for 2–5 players."""

from railwidgets import minirails
from tests.conformance import ConformanceSuite


class TestMiniRailsConformance(ConformanceSuite):
    game_class = minirails.Game
    configs = [{"players": n} for n in range(2, 6)]
    games_per_config = 3
