"""Widget plumbing shared by the three games.

- :mod:`railwidgets.ui.choice`: ``Choice``, a decision picked in several clicks
  (pure: it imports no widget, and importing it imports none);
- :mod:`railwidgets.ui.canvas`: ``CanvasPainter``, the ipycanvas Painter;
- :mod:`railwidgets.ui.board`: ``BoardView``, the layered canvas with clicks;
- :mod:`railwidgets.ui.panel`: ``GameWidget``, the shared controls and bots;
- :mod:`railwidgets.ui.theme`: colours and small HTML helpers.

The widget classes are imported on first use, so ``railwidgets.ui.choice`` stays
free of ipywidgets.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["HUMAN", "BoardView", "CanvasPainter", "Choice", "ChoiceError", "GameWidget"]

_WHERE = {
    "HUMAN": "panel",
    "GameWidget": "panel",
    "BoardView": "board",
    "CanvasPainter": "canvas",
    "Choice": "choice",
    "ChoiceError": "choice",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"railwidgets.ui.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'railwidgets.ui' has no attribute {name!r}")
