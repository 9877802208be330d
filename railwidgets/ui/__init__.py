"""Widget plumbing shared by the three games (imports ipywidgets and ipycanvas).

- :mod:`railwidgets.ui.canvas`: ``CanvasPainter``, the ipycanvas Painter;
- :mod:`railwidgets.ui.board`: ``BoardView``, the layered canvas with clicks;
- :mod:`railwidgets.ui.panel`: ``GameWidget``, the shared controls and bots;
- :mod:`railwidgets.ui.theme`: colours and small HTML helpers.
"""

from railwidgets.ui.board import BoardView
from railwidgets.ui.canvas import CanvasPainter
from railwidgets.ui.panel import HUMAN, GameWidget

__all__ = ["HUMAN", "BoardView", "CanvasPainter", "GameWidget"]
