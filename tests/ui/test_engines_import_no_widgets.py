"""The engines, the drawing layer and the bots never import ipywidgets or ipycanvas."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
import railwidgets
from railwidgets import minirails
from railwidgets.minirails import render, bots
import railwidgets.draw, railwidgets.core
game = minirails.Game(players=3, seed=1)
game.to_svg()
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
