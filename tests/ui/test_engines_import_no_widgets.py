"""The engines, the drawing layer and the bots never import ipywidgets or ipycanvas (DESIGN §1)."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
import railwidgets
from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core import RandomBot, play_out
from railwidgets.minirails import render, bots
import railwidgets.draw, railwidgets.core
game = minirails.Game(players=3, seed=1)
play_out(game, RandomBot(1))
game.to_svg()
play_out(twistytracks.Game(players=2, seed=1), RandomBot(1))
play_out(offtherails.Game(players=2, seed=1), RandomBot(1))
bad = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas', 'railwidgets.ui'))
bad += sorted(m for m in sys.modules if m.startswith('railwidgets.ui') or m.endswith('.widget'))
print(bad)
assert not bad, bad
from railwidgets import MiniRailsWidget
assert 'ipywidgets' in sys.modules and MiniRailsWidget.__name__ == 'MiniRailsWidget'
"""


def test_engines_import_no_widgets() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
